// Here and not in Triggers/Registry/: the standard registry names the library's controls, which
// sit above the triggers.
extension TriggerRegistry {
    /// The registry that knows the library's own controls and observable types (the list is in
    /// ``TriggerRegistry``).
    ///
    /// ```swift
    /// let storeOn = try Binding(source: Property(toggle, \.isOn), destination: Property(settings, \.newsletter),
    ///                           triggers: .standard)   // Switch.isOn: its .valueChanged action
    /// ```
    public static let standard: TriggerRegistry = {
        let registry = TriggerRegistry()
        registry.registerStandardControls()
        registry.registerObservableFallbacks()
        return registry
    }()

    /// Registers the key paths every ``StandardControl`` lists, with a ``TargetActionTrigger`` for
    /// their events, on the control's class and on every subclass.
    ///
    /// A subclass's key path (`\MySwitch.isOn`) is not equal to the superclass's (`\Switch.isOn`),
    /// so one registration for every control rebuilds the listed key paths on the class the key
    /// path is written on, and compares.
    private func registerStandardControls() {
        register(Control.self) { control, keyPath in
            // The key path's root, not the object's class: `Property(mySwitch as Switch, \.isOn)`
            // is `\Switch.isOn` of a `MySwitch`.
            guard let kind = type(of: keyPath).rootType as? any StandardControl.Type,
                let events = kind.standardKeyPaths[keyPath]
            else { return [] }
            return [TargetActionTrigger(control: control, events: events)]
        }
    }
}

// MARK: What each control announces

/// A control whose values ``TriggerRegistry/standard`` knows. Each requirement is implemented in
/// an extension constrained to the control's class, where `Self` is the class a key path is
/// written on, whether the control's own or a subclass: `\Self.isOn` is `\MySwitch.isOn` there.
private protocol StandardControl: Control {
    /// The key paths of `Self` that the registry knows, each with the events that announce it.
    static var standardKeyPaths: [AnyKeyPath: ControlEvents] { get }
}

extension StandardControl where Self: TextField {
    static var standardKeyPaths: [AnyKeyPath: ControlEvents] { [\Self.text: .editingChanged] }
}

extension StandardControl where Self: Stepper {
    static var standardKeyPaths: [AnyKeyPath: ControlEvents] {
        [\Self.value: .valueChanged, \Self.intValue: .valueChanged]
    }
}

extension StandardControl where Self: Switch {
    static var standardKeyPaths: [AnyKeyPath: ControlEvents] { [\Self.isOn: .valueChanged] }
}

extension StandardControl where Self: Slider {
    static var standardKeyPaths: [AnyKeyPath: ControlEvents] { [\Self.value: .valueChanged] }
}

extension StandardControl where Self: SegmentedControl {
    static var standardKeyPaths: [AnyKeyPath: ControlEvents] { [\Self.selectedSegmentIndex: .valueChanged] }
}

extension StandardControl where Self: DatePicker {
    static var standardKeyPaths: [AnyKeyPath: ControlEvents] { [\Self.date: .valueChanged] }
}

/// Only code changes a label's text, and the label announces each change itself.
extension StandardControl where Self: Label {
    static var standardKeyPaths: [AnyKeyPath: ControlEvents] { [\Self.text: .valueChanged] }
}

/// The user's tap selects a row; code that sets the selection, or a batch that moves it, sends
/// nothing, as in UIKit.
extension StandardControl where Self: TableView {
    static var standardKeyPaths: [AnyKeyPath: ControlEvents] { [\Self.selectedRow: .valueChanged] }
}

// A Button is not one: its title and isEnabled are written by code and announced by nothing, so
// a binding that read them would never fire; its tap is an event, added as a trigger by hand.

extension TextField: StandardControl {}
extension Stepper: StandardControl {}
extension Switch: StandardControl {}
extension Slider: StandardControl {}
extension SegmentedControl: StandardControl {}
extension DatePicker: StandardControl {}
extension Label: StandardControl {}
extension TableView: StandardControl {}
