extension TwoWayBinding {
    /// Binds `model` and `form` in both directions, each side with the triggers the registry
    /// infers for it: one statement per field.
    ///
    /// ```swift
    /// let age = try TwoWayBinding(
    ///     "age", model: Property(person, \.age),
    ///     form: StringToNumberTransformer<Int>(property: Property(ageField, \.text), formatter: formatter),
    ///     triggers: .standard, validators: [.range(0...150)])
    /// ```
    ///
    /// - Parameters:
    ///   - label: The field's name, used in failures.
    ///   - model: The model property; its triggers fire model → form.
    ///   - form: The form property, usually behind transformers; its triggers fire form → model.
    ///   - inference: The registry asked for both sides' triggers.
    ///   - validators: The rules a form value must pass before it reaches the model.
    ///   - initial: Which way to synchronise now.
    ///   - continuous: Whether form values reach the model as they change, or on ``commit()``.
    /// - Throws: what ``TriggerRegistry/triggers(for:)`` throws for either side (for a side with
    ///   nothing registered, ``TriggerRegistryError/noTrigger(root:keyPath:)`` naming it); no
    ///   binding is made and nothing is written.
    @inlinable
    public convenience init(
        _ label: String? = nil, model: Model, form: Form, triggers inference: TriggerInference,
        validators: [Validator<Value>] = [], initial: InitialSync = .modelToForm, continuous: Bool = true
    ) throws {
        let modelTriggers = try inference.registry.triggers(for: model)
        let formTriggers = try inference.registry.triggers(for: form)
        self.init(
            label: label, model: model, form: form, modelTriggers: modelTriggers, formTriggers: formTriggers,
            validators: validators, initial: initial, continuous: continuous, comparing: NoComparison<Value>.self)
    }

    /// Binds `model` and `form` in both directions, each side with the triggers the registry
    /// infers for it; equal values are not written again.
    ///
    /// ```swift
    /// let name = try TwoWayBinding(
    ///     "name", model: Property(person, \.name), form: Property(nameField, \.text), triggers: .standard)
    /// ```
    ///
    /// - Parameters:
    ///   - label: The field's name, used in failures.
    ///   - model: The model property; its triggers fire model → form.
    ///   - form: The form property, usually behind transformers; its triggers fire form → model.
    ///   - inference: The registry asked for both sides' triggers.
    ///   - validators: The rules a form value must pass before it reaches the model.
    ///   - initial: Which way to synchronise now.
    ///   - continuous: Whether form values reach the model as they change, or on ``commit()``.
    /// - Throws: what ``TriggerRegistry/triggers(for:)`` throws for either side; no binding is
    ///   made and nothing is written.
    @inlinable
    public convenience init(
        _ label: String? = nil, model: Model, form: Form, triggers inference: TriggerInference,
        validators: [Validator<Value>] = [], initial: InitialSync = .modelToForm, continuous: Bool = true
    ) throws where Value: Equatable {
        let modelTriggers = try inference.registry.triggers(for: model)
        let formTriggers = try inference.registry.triggers(for: form)
        self.init(
            label: label, model: model, form: form, modelTriggers: modelTriggers, formTriggers: formTriggers,
            validators: validators, initial: initial, continuous: continuous, comparing: EquatableComparison<Value>.self
        )
    }
}
