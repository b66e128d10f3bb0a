/// A whole form declared in one place: a table of fields, each a model property bound both
/// ways to a form property, with the `NSEditor` operations over all of them.
///
/// ```swift
/// let form = BindingForm {
///     TwoWayBinding("name", model: Property(person, \.name), form: Property(nameField, \.text),
///                   modelTriggers: [KeyPathTrigger(person, \.name)],
///                   formTriggers: [TargetActionTrigger(control: nameField, events: .editingChanged)],
///                   validators: [.nonEmpty])
///     TwoWayBinding("age", model: Property(person, \.age), form: ageText,
///                   formTriggers: [TargetActionTrigger(control: ageField, events: .editingChanged)],
///                   validators: [.range(0...150)])
/// }
/// form.isValid                                    // every field's current value transforms and validates
/// form.commit()                                   // the edited fields to the model, or none
/// form.discard()                                  // the form shows the model again
/// ```
public final class BindingForm: Sendable {
    /// The fields, in the order declared.
    public let fields: [any FormField]
    /// Owns the fields' bindings; releasing the form (or ``invalidate()``) tears them down.
    public let bindings = BindingSet()

    /// Whether ``invalidate()`` was called.
    private let invalidated = Locked(false)
    /// Set while a rule's edit checks other fields, so that their checks do not check back.
    private let revalidating = Locked(false)

    /// Creates a form of `fields`.
    ///
    /// ```swift
    /// let form = try BindingForm(continuous: false) {
    ///     try TwoWayBinding("name", model: Property(person, \.name), form: Property(nameField, \.text),
    ///                       triggers: .standard, validators: [.nonEmpty])
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - continuous: Whether form values reach the model as they change (`true`) or only on
    ///     ``commit()``; overrides each field's setting.
    ///   - fields: The fields, one statement each (``TwoWayBinding``s, or other ``FormField``s);
    ///     a field made with inferred triggers throws when a side has none, and so does the form.
    public init(continuous: Bool? = nil, @FormBuilder fields: () throws -> [any FormField]) rethrows {
        self.fields = try fields()
        adopt(continuous: continuous)
    }

    /// Creates a form of the fields of an array, in its order.
    ///
    /// ```swift
    /// let fields: [any FormField] = try columns.map { column in try column.makeField() }
    /// let form = BindingForm(fields, continuous: false)
    /// ```
    public init(_ fields: [any FormField], continuous: Bool? = nil) {
        self.fields = fields
        adopt(continuous: continuous)
    }

    private func adopt(continuous: Bool?) {
        for field in fields {
            if let continuous { field.isContinuous = continuous }
            for binding in field.bindings { bindings.add(binding) }
        }
    }

    /// Adds a rule over several fields: checked on each edit of the fields it reads (and of its
    /// own field), and at every commit; its failure shows on the field it names.
    ///
    /// ```swift
    /// try form.addRule(FormRule("matches", on: "confirmation", reading: ["password"]) {
    ///     confirmationField.text == passwordField.text ? nil : "does not match"
    /// })
    /// ```
    ///
    /// - Throws: ``FormError/noField(_:)`` when a label names no field of this form (or a field
    ///   that is not a ``TwoWayBinding``); the rule is not added.
    public func addRule(_ rule: FormRule) throws {
        guard let target = self[rule.field] as? any RuleHosting else { throw FormError.noField(rule.field) }
        let readers = try rule.reading.map { label in
            guard let field = self[label] as? any RuleHosting else { throw FormError.noField(label) }
            return field
        }
        target.fieldRules.add(rule)
        for reader in readers where reader !== target {
            reader.observeEdits { [weak target, revalidating] in
                guard let target else { return }
                // A check that itself edits a field would run the rules of that field's
                // readers: one level is enough, and stops rules that read each other.
                let entered = revalidating.withLock { busy -> Bool in
                    defer { busy = true }
                    return !busy
                }
                guard entered else { return }
                defer { revalidating.value = false }
                target.revalidate()
            }
        }
    }

    /// The field named `label`.
    public subscript(label: String) -> (any FormField)? {
        fields.first { $0.label == label }
    }

    /// Whether form values flow to the model as they change; setting it sets every field.
    public var isContinuous: Bool {
        get { fields.allSatisfy(\.isContinuous) }
        set { for field in fields { field.isContinuous = newValue } }
    }

    /// Called with the failures of every field.
    public var onError: (@Sendable (BindingFailure) -> Void)? {
        get { bindings.onError }
        set { bindings.onError = newValue }
    }

    /// Checks every field's current form value as ``commit()`` does before its first write (its
    /// validators seeing the model as the commit would leave it), writing nothing: the failures,
    /// in field order.
    /// An invalidated form returns a ``FormError/invalidated`` failure, as its commit does.
    public func validate() -> [BindingFailure] {
        if invalidated.value { return [invalidatedFailure] }
        return rehearsing { fields.compactMap(check) }
    }

    /// What an invalidated form's commit and validation return.
    private var invalidatedFailure: BindingFailure {
        BindingFailure(
            stage: .writingDestination, error: FormError.invalidated, bindingID: ObjectIdentifier(self), label: nil,
            path: "BindingForm")
    }

    /// Runs `body` with the model as the commit would leave it staged for the validators that read
    /// it (`Validator(_:reading:_:)`): every edited field's value, before any is checked.
    private func rehearsing<Result>(_ body: () -> Result) -> Result {
        let view = CommitView()
        for field in fields { (field as? any CommittableField)?.stageEdit(in: view) }
        return CommitView.$current.withValue(view, operation: body)
    }

    /// Whether every field's current form value transforms and passes its validators, and the
    /// model side would take each edited value: whether ``commit()`` would succeed. A form that
    /// was invalidated, or has a field whose objects are gone, is not valid.
    public var isValid: Bool { validate().isEmpty }

    /// What a commit checks of `field` before its first write: the value's conversion, its
    /// validators and rules, and, when the field holds an edit (a commit writes it), the model
    /// side's rehearsal of the write. A field nobody edited is not written, so a write the
    /// model side would refuse does not stop the commit.
    /// A field that ended (its objects are gone) fails: it can write nothing.
    private func check(_ field: any FormField) -> BindingFailure? {
        if let ended = (field as? any CommittableField)?.endedFailure { return ended }
        if !field.hasPendingEdit, let unwritten = field as? any CommittableField {
            return unwritten.validateFormValue()
        }
        return field.validate()
    }

    /// Whether any field holds an edit the model does not have yet.
    public var hasPendingEdits: Bool { fields.contains(where: \.hasPendingEdit) }

    /// The latest failure of each field that has one.
    public var errors: [BindingFailure] { fields.compactMap(\.error) }

    /// Writes the fields that hold a pending edit to the model, if every field is valid; otherwise
    /// writes none (the `NSEditor` `commitEditing`). A field the user did not edit is not
    /// written, so a value it shows rounded (`1.755` as `"1,76"`) stays exactly as it is.
    ///
    /// Before the first write, every field is converted and validated, its rules checked, and
    /// the write of each edited value is rehearsed on the model side
    /// (``WritableProperty/validateWrite(_:)``: a transformer around the model property that
    /// would refuse it, a model object that is gone). Nothing is written during the rehearsal;
    /// a validator that reads the model with `Validator(_:reading:_:)` sees in it the model as the
    /// commit will leave it (every edited field's value, staged before the first check), so a rule
    /// of one field over what another field writes fails the rehearsal, and the commit writes
    /// nothing. Each write then runs its field's validators again, with the same staged values.
    /// A validator that reads the model object directly sees the model before the commit in the
    /// rehearsal and the fields written so far at its write: failing there, it stops the commit at
    /// its field (the fields before it stay written, the later ones are not written).
    ///
    /// - Returns: the failures that stopped the commit (empty when it was written): every one,
    ///   in field order. Each failing field also keeps its failure in ``FormField/error`` (and
    ///   so in ``errors``), edited or not, until a later value is good; the failures go to the
    ///   error handlers. An invalidated form returns a ``FormError/invalidated`` failure.
    @discardableResult
    public func commit() -> [BindingFailure] {
        guard !invalidated.value else { return [invalidatedFailure] }
        return rehearsing {
            // Every field's value is checked (a rule may put its error on a field nobody edited);
            // only the fields that will be written rehearse the model side's write.
            let failures = fields.compactMap { field in check(field).map { (field, $0) } }
            guard failures.isEmpty else {
                // Nothing was written, so no update recorded these failures: a field the user never
                // edited would show no error. Record each, as its update would.
                for (field, failure) in failures { (field as? any CommittableField)?.record(failure) }
                return failures.map(\.1)
            }
            // A write can still fail although its rehearsal passed (a validator that reads the
            // model directly, and sees the fields written so far): the commit stops there.
            for field in fields {
                if let failure = field.commit().failure { return [failure] }
            }
            return []
        }
    }

    /// Shows the model's values again in every field (the `NSEditor` `discardEditing`).
    public func discard() {
        for field in fields { field.discard() }
    }

    /// Stops every binding of the form.
    public func invalidate() {
        invalidated.value = true
        bindings.removeAll()
    }
}

extension BindingForm: KeyPathNaming {
    /// The names of the form's computed properties, for messages and graphs.
    ///
    /// ```swift
    /// print(ReadOnlyProperty(form, \.isValid))      // \BindingForm.isValid
    /// ```
    public static var keyPathNames: [AnyKeyPath: String] {
        [
            \BindingForm.isContinuous: "isContinuous", \BindingForm.isValid: "isValid",
            \BindingForm.hasPendingEdits: "hasPendingEdits", \BindingForm.errors: "errors",
        ]
    }
}
