import PropertyBinding

// What each control announces, for `Control.makeTriggers(for:)`, which `TriggerRegistry.standard`
// asks.

/// A control whose values `TriggerRegistry.standard` knows. Each requirement is implemented in
/// an extension constrained to the control's class, where `Self` is the class a key path is
/// written on, whether the control's own or a subclass: `\Self.isOn` is `\MySwitch.isOn` there.
protocol StandardControl: Control {
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
    static var standardKeyPaths: [AnyKeyPath: ControlEvents] {
        [\Self.selectedRow: .valueChanged, \Self.selectedRows: .valueChanged]
    }
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
