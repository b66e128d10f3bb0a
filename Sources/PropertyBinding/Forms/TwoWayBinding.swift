import Foundation

/// Binds a model property and a form property in both directions: two one-way bindings that
/// know each other.
///
/// ```swift
/// let age = try TwoWayBinding(
///     "age",
///     model: Property(person, \.age),
///     form: StringToNumberTransformer<Int>(property: Property(ageField, \.text), formatter: formatter),
///     triggers: .standard,                         // or modelTriggers: and formTriggers: by hand
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
///   with the model's unchanged value (a model value that really changed does win). An edit is
///   what the form holds that differs from what the model last showed there, reported by a form
///   trigger or not yet (debounced, throttled, no trigger): the pair reads the form at each
///   model → form write and at ``commit()``. Values are compared with `==`; values that are not
///   `Equatable` by their bits (the same object, a copy of the same struct), so that a value
///   built anew counts as changed: the model's value wins, the form's counts as an edit.
/// - After a write to the model, the form shows the model's value when the model holds another
///   one (a clamp, a rounding), and after a commit also the formatter's spelling, unless
///   ``showsModelAfterWrite`` is off.
/// - With ``isContinuous`` off, form values reach the model only on ``commit()``, which writes
///   a pending edit only; ``discard()`` restores the form from the model.
public final class TwoWayBinding<Model: WritableProperty, Form: WritableProperty>: FormField, @unchecked Sendable
where Model.Value == Form.Value {
    /// The value type both sides hold.
    public typealias Value = Model.Value

    /// The model → form direction.
    public let toForm: Binding<Model, Form>
    /// The form → model direction, through the validators.
    public let toModel: Binding<ValidatingTransformer<Form>, Model>
    @usableFromInline let state: TwoWayState<Value>
    /// The form's rules over several fields that put their failures on this field.
    let rules: FieldRules

    /// Builds the two directions and their hooks where the pair is created (this is inlined
    /// there), so that their update steps are compiled for the concrete properties, as a
    /// ``Binding``'s are.
    @inlinable
    convenience init<Comparison: ValueComparison<Value>>(
        label: String?, model: Model, form: Form, modelTriggers: [any Trigger], formTriggers: [any Trigger],
        validators: [Validator<Value>], initial: InitialSync, continuous: Bool, comparing: Comparison.Type
    ) {
        let isEqual: ((Value, Value) -> Bool)? = Comparison.compares ? Comparison.areEqual : nil
        let state = TwoWayState<Value>(isEqual: isEqual, continuous: continuous)
        let rules = FieldRules()
        // The closures hold the state, not the pair: the directions keep working in a
        // BindingSet after the pair itself is released.
        let toForm = Binding(
            source: model, destination: form, comparing: comparing,
            twoWay: .init(
                sharingGateOf: nil,
                shouldWrite: { value, current in
                    // Without a comparison the update did not read the form: read here, outside
                    // the lock (it runs the form's getter and transformers), to find an edit.
                    let current = current ?? (isEqual == nil ? .some(try? form.read()) : nil)
                    // A form unreadable because its object is gone holds no edit: the write then
                    // fails, says so, and ends the pair.
                    if case .some(.none) = current, objectIsGone(in: form) { return true }
                    return state.modelValueArrived(value, current: current)
                },
                didSync: { value, _, readBack in
                    // Read back in the write's visit, or here, outside the state's lock: it runs
                    // the form's getter and transformers.
                    state.formShowedModel(value, readBack: readBack ?? (try? form.read()))
                }))
        // Asked once here, not at every write: a dynamic cast looks up the conformance.
        let formIsTransformer = Form.self is any Transformer.Type
        let toModelHooks = Binding<ValidatingTransformer<Form>, Model>.TwoWayHooks(
            sharingGateOf: toForm, mirroringFailureIn: state.formFailure,
            shouldWrite: { value, _ in state.formValueArrived(value) },
            didSync: { value, wrote, modelReadBack in
                let (action, edited) = state.withMachine { ($0.modelTookFormValue(value, wrote: wrote), state.onEdit) }
                // The model, read back in the write's visit, is model → form's source.
                if case .showModel(let respelling) = action,
                    let (shown, unchanged) = toForm.showSourceAfterWrite(
                        formIsTransformed: respelling && formIsTransformer, destinationValue: value,
                        sourceValue: modelReadBack ?? nil, isEqual: isEqual)
                {
                    // A form not written again reads back as the value it was read as, and the
                    // machine already holds that: the model's value, shown as itself.
                    if !unchanged {
                        let readBack = try? form.read()
                        state.withMachine { $0.formShowsModelAfterWrite(shown, readBack: readBack) }
                    }
                }
                edited?()
            })
        let toModel = Binding(
            source: ValidatingTransformer(property: form, validators: validators, rules: rules), destination: model,
            comparing: comparing, twoWay: toModelHooks)
        state.toModel = toModel
        self.init(
            label: label, toForm: toForm, toModel: toModel, state: state, rules: rules,
            modelTriggers: modelTriggers, formTriggers: formTriggers, initial: initial)
    }

    @usableFromInline
    init(
        label: String?, toForm: Binding<Model, Form>, toModel: Binding<ValidatingTransformer<Form>, Model>,
        state: TwoWayState<Value>, rules: FieldRules, modelTriggers: [any Trigger], formTriggers: [any Trigger],
        initial: InitialSync
    ) {
        self.state = state
        self.rules = rules
        self.toForm = toForm
        self.toModel = toModel
        toForm.label = label
        toModel.label = label
        // A direction that ends with its objects ends the other.
        toForm.partner = toModel
        toModel.partner = toForm
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

    /// The failure of the latest update: a form value that did not transform or validate (or
    /// that the model side refused), or a model value the form could not show (a model object
    /// that is gone, a failed conversion); nil once a later update of that direction succeeds.
    public var error: BindingFailure? { toModel.lastError ?? toForm.lastError }

    /// Whether the form holds an edit the model does not have yet: an invalid value, a valid
    /// one waiting for ``commit()`` while ``isContinuous`` is off, or a value no form trigger
    /// has reported yet (a debounced or throttled trigger that has not fired, a field changed
    /// without its trigger). The last is told by reading the form: it holds an edit when its
    /// value differs from what it read back as when it last showed the model's value (or could
    /// not be read then and can now, or the other way round); values that are not `Equatable`
    /// differ when their bits do.
    public var hasPendingEdit: Bool {
        if state.hasPendingEdit { return true }
        let current = try? toForm.destination.read()
        // A form unreadable because its object is gone holds no edit.
        if current == nil, objectIsGone(in: toForm.destination) { return false }
        return state.withMachine { $0.formHoldsEdit(current) }
    }

    /// Whether form values flow to the model as they change (`true`, the default) or only on
    /// ``commit()``.
    public var isContinuous: Bool {
        get { state.withMachine { $0.isContinuous } }
        set { state.withMachine { $0.isContinuous = newValue } }
    }

    /// Whether the form shows the model's value after writing it (`true`, the default): when the
    /// model holds another value than the one typed (a clamp, a rounding), the field is not left
    /// disagreeing with the model. A commit also shows the formatter's spelling (`"1234,5"` as
    /// `"1.234,5"`); while the user types continuously the text is not respelled under the
    /// cursor. Turn it off for a field whose text must never change but by the user.
    public var showsModelAfterWrite: Bool {
        get { state.withMachine { $0.showsModelAfterWrite } }
        set { state.withMachine { $0.showsModelAfterWrite = newValue } }
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

    /// Checks the form's current value without writing anything: its conversion and its
    /// validators, then the model side's dry run of the write (a transformer around the model
    /// property that would refuse the value, a model object that is gone).
    ///
    /// - Returns: the failure, or nil when a commit would write the value, or when a filter on
    ///   either side declines it (``ReadableProperty/filter(_:)``: no failure; the commit writes
    ///   nothing and returns ``UpdateResult/filtered``).
    public func validate() -> BindingFailure? {
        validate(rehearsingWrite: true)
    }

    /// Checks the form's current value: its conversion and its validators, and when
    /// `rehearsingWrite`, the model side's dry run of the write.
    func validate(rehearsingWrite: Bool) -> BindingFailure? {
        // A value a filter declines is no failure: the commit writes nothing, and says nothing.
        let value: Value
        do {
            value = try toModel.source.read()
        } catch is ValueDeclined {
            return nil
        } catch {
            return toModel.failure(.readingSource, error)
        }
        guard rehearsingWrite else { return nil }
        do {
            try toModel.destination.validateWrite(value)
            return nil
        } catch is ValueDeclined {
            return nil
        } catch {
            return toModel.failure(.writingDestination, error)
        }
    }

    /// Writes the form's pending edit to the model now (the `NSEditor` `commitEditing`),
    /// continuous or not; a field without a pending edit writes nothing, so a value the form
    /// shows rounded (`1.755` shown as `"1,76"`) stays exactly as the model holds it.
    ///
    /// - Returns: ``UpdateResult/written`` or ``UpdateResult/unchanged`` on success; a failure
    ///   writes nothing and is also kept in ``error``. Called from inside an update while another
    ///   thread updates this pair, the commit is handed to that thread (waiting could deadlock)
    ///   and this returns ``UpdateResult/deferred``; a failure then reaches the error handlers.
    @discardableResult
    public func commit() -> UpdateResult {
        guard toModel.isValid else { return .invalidated }
        guard hasPendingEdit else { return .unchanged }
        return toForm.withGate(orHandingOver: { [self] in _ = commit() }) {
            // Asked again once the pair is ours: a model → form update that ran meanwhile (the
            // model changed) may have shown the model's value over the edit; writing that value
            // back would undo the model's change.
            guard hasPendingEdit else { return .unchanged }
            let previous = state.withMachine { $0.begin(.commit) }
            defer { state.withMachine { $0.commitEnded(restoring: previous) } }
            return toModel.update()
        } ?? .deferred
    }

    /// Throws the pending edit away and shows the model's value again (the `NSEditor`
    /// `discardEditing`), on the calling thread, also when ``toForm`` is delivered on a queue
    /// (call it where the form may be written). Called from inside an update while another
    /// thread updates this pair, the discard is handed to that thread, which runs it before its
    /// update returns.
    ///
    /// ```swift
    /// field.simulateTyping("Bea")   // not continuous: the edit waits
    /// pair.discard()                // field.text == person.name again; pair.hasPendingEdit == false
    /// ```
    public func discard() {
        toForm.withGate(orHandingOver: { [self] in discard() }) {
            let previous = state.withMachine { $0.begin(.discard) }
            // Here, also when model → form is delivered on a queue: the form shows the model's
            // value when this returns (a scheduled write would find the edit forgiven no more).
            toForm.updateHere()
            state.withMachine { $0.discardEnded(restoring: previous) }
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
            validators: validators, initial: initial, continuous: continuous, comparing: NoComparison<Value>.self)
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
            validators: validators, initial: initial, continuous: continuous, comparing: EquatableComparison<Value>.self
        )
    }
}
