// Here and not in Triggers/Registry/: the standard registry names the library's controls, which
// sit above the triggers.
extension TriggerRegistry {
    /// The registry that knows the library's own controls and observable types.
    public static let standard: TriggerRegistry = {
        let registry = TriggerRegistry()
        registry.register(\TextField.text) { [TargetActionTrigger(control: $0, events: .editingChanged)] }
        registry.register(\Stepper.value) { [TargetActionTrigger(control: $0, events: .valueChanged)] }
        registry.register(\Stepper.intValue) { [TargetActionTrigger(control: $0, events: .valueChanged)] }
        // A subclass's key path (`\MyField.text`) is not equal to the superclass's (`\TextField.text`):
        // recognise it by rebuilding the library's key paths on the object's own class.
        registry.register(TextField.self) { field, keyPath in
            textKeyPath(of: field) == keyPath ? [TargetActionTrigger(control: field, events: .editingChanged)] : []
        }
        registry.register(Stepper.self) { stepper, keyPath in
            valueKeyPaths(of: stepper).contains(keyPath)
                ? [TargetActionTrigger(control: stepper, events: .valueChanged)] : []
        }
        registerFormControls(in: registry)
        registry.registerObservableFallbacks()
        return registry
    }()
}

// MARK: Key paths of the library's controls, on a subclass

/// A text field seen as its own class, so that a generic key path is built on that class.
private protocol TextFieldKind: TextField {}
extension TextField: TextFieldKind {}

/// A stepper seen as its own class.
private protocol StepperKind: Stepper {}
extension Stepper: StepperKind {}

/// `\MyField.text` for an instance of `MyField`: opening the existential binds `Field` to the
/// object's dynamic class.
private func textKeyPath(of field: any TextFieldKind) -> AnyKeyPath {
    func keyPath<Field: TextFieldKind>(_: Field) -> AnyKeyPath { \Field.text }
    return keyPath(field)
}

/// `\MyStepper.value` and `\MyStepper.intValue` for an instance of `MyStepper`.
private func valueKeyPaths(of stepper: any StepperKind) -> [AnyKeyPath] {
    func keyPaths<Kind: StepperKind>(_: Kind) -> [AnyKeyPath] { [\Kind.value, \Kind.intValue] }
    return keyPaths(stepper)
}

// MARK: The form controls

/// The value of each form control a user changes, announced with `.valueChanged`: `Switch.isOn`,
/// `Slider.value`, `SegmentedControl.selectedSegmentIndex`, and `Label.text` (which only code
/// changes, and which the label announces itself).
private func registerFormControls(in registry: TriggerRegistry) {
    registry.register(\Switch.isOn) { [TargetActionTrigger(control: $0, events: .valueChanged)] }
    registry.register(\Slider.value) { [TargetActionTrigger(control: $0, events: .valueChanged)] }
    registry.register(\SegmentedControl.selectedSegmentIndex) {
        [TargetActionTrigger(control: $0, events: .valueChanged)]
    }
    registry.register(\Label.text) { [TargetActionTrigger(control: $0, events: .valueChanged)] }
}
