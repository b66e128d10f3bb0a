import PropertyBinding

/// An on/off switch model, as a `UISwitch`: a `Bool` the user toggles.
///
/// ```swift
/// let newsletter = Switch(isOn: false)
/// let storeNewsletter = try Binding(
///     source: Property(newsletter, \.isOn), destination: Property(person, \.newsletter), triggers: .standard)
/// newsletter.toggle()      // isOn == true; .valueChanged is sent: person.newsletter == true
/// newsletter.isOn = false  // set by code: no event (as in UIKit)
/// ```
open class Switch: Control {
    /// Whether the switch is on; setting it from code sends no event.
    public var isOn: Bool

    /// Creates a switch.
    public init(isOn: Bool = false) {
        self.isOn = isOn
        super.init()
    }

    /// Flips the switch as the user's tap does, and sends `.valueChanged`.
    open func toggle() {
        isOn.toggle()
        sendActions(for: .valueChanged)
    }
}
