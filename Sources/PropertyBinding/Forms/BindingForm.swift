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
/// form.commit()                                   // all fields to the model, or none
/// form.discard()                                  // the form shows the model again
/// ```
public final class BindingForm: Sendable {
    /// The fields, in the order declared.
    public let fields: [any FormField]
    /// Owns the fields' bindings; releasing the form (or ``invalidate()``) tears them down.
    public let bindings = BindingSet()

    /// Creates a form of `fields`.
    ///
    /// - Parameters:
    ///   - continuous: Whether form values reach the model as they change (`true`) or only on
    ///     ``commit()``; overrides each field's setting.
    ///   - fields: The fields, one statement each (``TwoWayBinding``s, or other ``FormField``s).
    public init(continuous: Bool? = nil, @FormBuilder fields: () -> [any FormField]) {
        self.fields = fields()
        for field in self.fields {
            if let continuous { field.isContinuous = continuous }
            for binding in field.bindings { bindings.add(binding) }
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

    /// Checks every field's current form value, writing nothing: the failures, in field order.
    public func validate() -> [BindingFailure] {
        fields.compactMap { $0.validate() }
    }

    /// Whether every field's current form value transforms and passes its validators.
    public var isValid: Bool { validate().isEmpty }

    /// Whether any field holds an edit the model does not have yet.
    public var hasPendingEdits: Bool { fields.contains(where: \.hasPendingEdit) }

    /// The latest failure of each field that has one.
    public var errors: [BindingFailure] { fields.compactMap(\.error) }

    /// Writes every field's form value to the model, if every one is valid and every model
    /// object is still there; otherwise writes none (the `NSEditor` `commitEditing`).
    ///
    /// - Returns: the failures that stopped the commit (empty when it was written). Each
    ///   failing field also keeps its failure in ``FormField/error`` (and so in ``errors``),
    ///   edited or not, until a later value is good; the failures go to the error handlers.
    @discardableResult
    public func commit() -> [BindingFailure] {
        // A model object that is gone would fail its field's write after the fields before it
        // were written: check for it first, so that the commit stays all or nothing.
        let invalid = fields.compactMap { field in field.validate().map { (field, $0) } }
        let gone = fields.compactMap { field in
            (field as? any ModelLiveness)?.deallocatedModel().map { (field, $0) }
        }
        let failures = invalid + gone
        guard failures.isEmpty else {
            // Nothing was written, so no update recorded these failures: a field the user never
            // edited would show no error. Record each field's first one, as its update would.
            var recorded = Set<ObjectIdentifier>()
            for (field, failure) in failures where recorded.insert(ObjectIdentifier(field)).inserted {
                (field as? any FailureRecording)?.record(failure)
            }
            return failures.map(\.1)
        }
        return fields.compactMap { $0.commit().failure }
    }

    /// Shows the model's values again in every field (the `NSEditor` `discardEditing`).
    public func discard() {
        for field in fields { field.discard() }
    }

    /// Stops every binding of the form.
    public func invalidate() {
        bindings.removeAll()
    }
}

/// Builds the field list of a ``BindingForm`` from statements, `if` and `for`.
@resultBuilder
public enum FormBuilder {
    /// Collects the fields of a block.
    public static func buildBlock(_ components: [any FormField]...) -> [any FormField] {
        components.flatMap { $0 }
    }

    /// Makes one field a list.
    public static func buildExpression(_ field: any FormField) -> [any FormField] {
        [field]
    }

    /// Fields of an `if` without `else`.
    public static func buildOptional(_ component: [any FormField]?) -> [any FormField] {
        component ?? []
    }

    /// Fields of the first branch of an `if`/`else`.
    public static func buildEither(first component: [any FormField]) -> [any FormField] {
        component
    }

    /// Fields of the second branch of an `if`/`else`.
    public static func buildEither(second component: [any FormField]) -> [any FormField] {
        component
    }

    /// Fields of a `for` loop.
    public static func buildArray(_ components: [[any FormField]]) -> [any FormField] {
        components.flatMap { $0 }
    }
}

extension BindingSet {
    /// Adds both directions of a two-way binding (or any form field).
    public func add(_ field: any FormField) {
        for binding in field.bindings { add(binding) }
    }

    /// Removes both directions of a two-way binding (or any form field) and stops them.
    public func remove(_ field: any FormField) {
        for binding in field.bindings { remove(binding) }
    }
}

/// A field that can tell, without writing, that its model object is gone.
protocol ModelLiveness {
    /// The failure a commit would meet because the model's object has been deallocated; nil
    /// while it is alive.
    func deallocatedModel() -> BindingFailure?
}

extension TwoWayBinding: ModelLiveness {
    func deallocatedModel() -> BindingFailure? {
        do {
            _ = try toModel.destination.read()
            return nil
        } catch let error as PropertyError {
            guard case .objectDeallocated = error else { return nil }
            return BindingFailure(
                stage: .writingDestination, error: error, bindingID: ObjectIdentifier(toModel), label: label,
                path: toModel.path)
        } catch {
            // The model reads through a transformer that could not convert its value: that
            // says nothing about writing it.
            return nil
        }
    }
}

/// A field that can keep a failure found without running its update, as its ``FormField/error``.
protocol FailureRecording {
    /// Keeps `failure` as the field's error until a later value is good, and reports it to the
    /// field's error handlers.
    func record(_ failure: BindingFailure)
}

extension TwoWayBinding: FailureRecording {
    func record(_ failure: BindingFailure) {
        toModel.record(failure)
    }
}
