import Foundation

/// Which way a ``TwoWayBinding`` synchronises when it is created.
public enum InitialSync: Sendable {
    /// The form shows the model's value (the default).
    case modelToForm
    /// The model takes the form's value (validated).
    case formToModel
    /// Neither side is written until a trigger fires.
    case none
}

/// Binds a model property and a form property in both directions: two one-way bindings that
/// know each other.
///
/// ```swift
/// let age = TwoWayBinding(
///     "age",
///     model: Property(person, \.age),
///     form: StringToNumberTransformer<Int>(property: Property(ageField, \.text), formatter: formatter),
///     modelTriggers: [KeyPathTrigger(person, \.age)],
///     formTriggers: [TargetActionTrigger(control: ageField, events: .editingChanged)],
///     validators: [.range(0...150)]
/// )
/// ```
///
/// - The form shows the model's value on creation (``InitialSync/modelToForm``, the default).
/// - The two directions share one update lock: a write to one side never echoes back into the
///   other, and two threads firing both sides at once cannot deadlock.
/// - A form value that fails to transform or fails a validator is not written: the model keeps
///   its last good value, ``error`` says what failed (until a later value is good), and the
///   form keeps what the user typed: a model → form update does not overwrite a pending edit
///   with the model's unchanged value (a model value that really changed does win).
/// - With ``isContinuous`` off, form values reach the model only on ``commit()``;
///   ``discard()`` restores the form from the model.
public final class TwoWayBinding<Model: WritableProperty, Form: WritableProperty>: FormField, @unchecked Sendable
where Model.Value == Form.Value {
    /// The value type both sides hold.
    public typealias Value = Model.Value

    /// The model → form direction.
    public let toForm: Binding<Model, Form>
    /// The form → model direction, through the validators.
    public let toModel: Binding<ValidatingTransformer<Form>, Model>
    @usableFromInline let state: TwoWayState<Value>

    /// Builds the two directions and their hooks where the pair is created (this is inlined
    /// there), so that their update steps are compiled for the concrete properties, as a
    /// ``Binding``'s are.
    @inlinable
    convenience init(
        label: String?, model: Model, form: Form, modelTriggers: [any Trigger], formTriggers: [any Trigger],
        validators: [Validator<Value>], initial: InitialSync, continuous: Bool, isEqual: ((Value, Value) -> Bool)?
    ) {
        let state = TwoWayState<Value>(isEqual: isEqual, continuous: continuous)
        let toForm = Binding(source: model, destination: form, isEqual: isEqual, sharingGateOf: nil)
        let toModel = Binding(
            source: form.validated(by: validators), destination: model, isEqual: isEqual, sharingGateOf: toForm)
        state.toModel = toModel
        // The closures hold the state, not the pair: the directions keep working in a
        // BindingSet after the pair itself is released.
        toForm.twoWay = .init(
            shouldWrite: { value in state.withLock { state.modelMayOverwriteForm(with: value) } },
            didSync: { value in state.withLock { state.synced(value, clearingFormError: true) } })
        toModel.twoWay = .init(
            shouldWrite: { _ in state.withLock { state.formMayWriteModel() } },
            didSync: { value in state.withLock { state.synced(value, clearingFormError: false) } })
        self.init(
            label: label, toForm: toForm, toModel: toModel, state: state, modelTriggers: modelTriggers,
            formTriggers: formTriggers, initial: initial)
    }

    @usableFromInline
    init(
        label: String?, toForm: Binding<Model, Form>, toModel: Binding<ValidatingTransformer<Form>, Model>,
        state: TwoWayState<Value>, modelTriggers: [any Trigger], formTriggers: [any Trigger], initial: InitialSync
    ) {
        self.state = state
        self.toForm = toForm
        self.toModel = toModel
        toForm.label = label
        toModel.label = label
        switch initial {
        case .modelToForm: toForm.update()
        case .formToModel: toModel.update()
        case .none: break
        }
        for trigger in modelTriggers { toForm.addTrigger(trigger) }
        for trigger in formTriggers { toModel.addTrigger(trigger) }
    }

    // MARK: FormField

    /// The field's name, used in failures.
    public var label: String? { toForm.label }

    /// The failure of the latest form → model update (a value that did not transform or
    /// validate); nil once a later value is good.
    public var error: BindingFailure? { toModel.lastError }

    /// Whether the form holds an edit the model does not have yet: an invalid value, or a
    /// valid one waiting for ``commit()`` while ``isContinuous`` is off.
    public var hasPendingEdit: Bool { state.withLock { state.hasPendingEdit } }

    /// Whether form values flow to the model as they change (`true`, the default) or only on
    /// ``commit()``.
    public var isContinuous: Bool {
        get { state.withLock { state.continuous } }
        set { state.withLock { state.continuous = newValue } }
    }

    /// Called with every failure of either direction.
    public var onError: (@Sendable (BindingFailure) -> Void)? {
        get { toModel.onError }
        set {
            toForm.onError = newValue
            toModel.onError = newValue
        }
    }

    /// Both directions, to add to a ``BindingSet``.
    public var bindings: [AnyBinding] { [toForm, toModel] }

    /// Checks the form's current value (transformers and validators) without writing anything.
    ///
    /// - Returns: the failure, or nil when the value is good.
    public func validate() -> BindingFailure? {
        do {
            _ = try toModel.source.read()
            return nil
        } catch {
            return BindingFailure(
                stage: .readingSource, error: error, bindingID: ObjectIdentifier(toModel), label: label,
                path: toModel.path)
        }
    }

    /// Writes the form's value to the model now (the `NSEditor` `commitEditing`), continuous
    /// or not.
    ///
    /// - Returns: ``UpdateResult/written`` or ``UpdateResult/unchanged`` on success; a failure
    ///   writes nothing and is also kept in ``error``. Called from inside an update while another
    ///   thread updates this pair, the commit is handed to that thread (waiting could deadlock)
    ///   and this returns ``UpdateResult/deferred``; a failure then reaches the error handlers.
    @discardableResult
    public func commit() -> UpdateResult {
        toForm.withGate(orHandingOver: { [self] in commit() }) {
            state.withLock { state.committing = true }
            defer { state.withLock { state.committing = false } }
            return toModel.update()
        } ?? .deferred
    }

    /// Throws the pending edit away and shows the model's value again (the `NSEditor`
    /// `discardEditing`). Called from inside an update while another thread updates this pair,
    /// the discard is handed to that thread, which runs it before its update returns.
    public func discard() {
        toForm.withGate(orHandingOver: { [self] in discard() }) {
            state.withLock { state.forcing = true }
            defer { state.withLock { state.forcing = false } }
            toForm.update()
            state.withLock { state.uncommitted = false }
            toModel.clearLastError()
        }
    }

    /// Stops both directions: their triggers stop observing.
    public func invalidate() {
        toForm.invalidate()
        toModel.invalidate()
    }
}

extension TwoWayBinding {
    /// Binds `model` and `form` in both directions.
    ///
    /// - Parameters:
    ///   - label: The field's name, used in failures.
    ///   - model: The model property.
    ///   - form: The form property, usually behind transformers so that it holds the model's
    ///     type (text ⇄ `Int` with ``StringToNumberTransformer``).
    ///   - modelTriggers: What announces model changes; each fires model → form.
    ///   - formTriggers: What announces form changes; each fires form → model.
    ///   - validators: The rules a form value must pass before it reaches the model.
    ///   - initial: Which way to synchronise now.
    ///   - continuous: Whether form values reach the model as they change, or on ``commit()``.
    @inlinable
    public convenience init(
        _ label: String? = nil, model: Model, form: Form, modelTriggers: [any Trigger] = [],
        formTriggers: [any Trigger] = [], validators: [Validator<Value>] = [], initial: InitialSync = .modelToForm,
        continuous: Bool = true
    ) {
        self.init(
            label: label, model: model, form: form, modelTriggers: modelTriggers, formTriggers: formTriggers,
            validators: validators, initial: initial, continuous: continuous, isEqual: nil)
    }

    /// Binds `model` and `form` in both directions; equal values are not written again.
    ///
    /// - Parameters:
    ///   - label: The field's name, used in failures.
    ///   - model: The model property.
    ///   - form: The form property, usually behind transformers so that it holds the model's
    ///     type (text ⇄ `Int` with ``StringToNumberTransformer``).
    ///   - modelTriggers: What announces model changes; each fires model → form.
    ///   - formTriggers: What announces form changes; each fires form → model.
    ///   - validators: The rules a form value must pass before it reaches the model.
    ///   - initial: Which way to synchronise now.
    ///   - continuous: Whether form values reach the model as they change, or on ``commit()``.
    @inlinable
    public convenience init(
        _ label: String? = nil, model: Model, form: Form, modelTriggers: [any Trigger] = [],
        formTriggers: [any Trigger] = [], validators: [Validator<Value>] = [], initial: InitialSync = .modelToForm,
        continuous: Bool = true
    ) where Value: Equatable {
        self.init(
            label: label, model: model, form: form, modelTriggers: modelTriggers, formTriggers: formTriggers,
            validators: validators, initial: initial, continuous: continuous, isEqual: { $0 == $1 })
    }
}

/// What the two directions of a ``TwoWayBinding`` share. Every member is used under `lock`;
/// `committing` and `forcing` are set by the thread that holds the pair's update gate. The
/// lock is never held while user code runs, nor taken again inside itself: a binding's own lock
/// may be taken under it, never the other way round.
@usableFromInline
final class TwoWayState<Value>: @unchecked Sendable {
    @usableFromInline let lock = StateLock()

    @inlinable
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        try lock.withLock(body)
    }

    @usableFromInline let isEqual: ((Value, Value) -> Bool)?
    @usableFromInline weak var toModel: AnyBinding?
    // Guarded by `lock`, so accessed without dynamic exclusivity checks.
    @usableFromInline @exclusivity(unchecked) var lastSynced: Value?
    @usableFromInline @exclusivity(unchecked) var uncommitted = false
    @usableFromInline @exclusivity(unchecked) var continuous: Bool
    @usableFromInline @exclusivity(unchecked) var committing = false
    @usableFromInline @exclusivity(unchecked) var forcing = false

    @usableFromInline
    init(isEqual: ((Value, Value) -> Bool)?, continuous: Bool) {
        self.isEqual = isEqual
        self.continuous = continuous
    }

    /// Whether the form holds an edit the model does not have: one waiting for a commit, or a
    /// failed one (read from the form → model direction's flag, not its copied failure).
    @inlinable
    var hasPendingEdit: Bool { uncommitted || toModel?.hasLastError == true }

    @inlinable
    func synced(_ value: Value, clearingFormError: Bool) {
        lastSynced = value
        uncommitted = false
        if clearingFormError { toModel?.clearLastError() }
    }

    /// Whether model → form may write `value`: not over a pending edit, unless the model changed.
    @inlinable
    func modelMayOverwriteForm(with value: Value) -> Bool {
        guard !forcing, hasPendingEdit else { return true }
        guard let isEqual, let lastSynced else { return false }
        return !isEqual(lastSynced, value)
    }

    /// Whether form → model may write now; otherwise the edit waits for a commit.
    @inlinable
    func formMayWriteModel() -> Bool {
        guard continuous || committing else {
            uncommitted = true
            return false
        }
        return true
    }
}
