import PropertyBinding

/// An on/off switch model, as a `UISwitch`: a `Bool` the user toggles.
///
/// ```swift
/// let newsletter = Switch(isOn: false)
/// let storeNewsletter = try Binding(
///     source: Property(newsletter, \.isOn), destination: Property(person, \.newsletter), triggers: .standard)
/// newsletter.simulateToggle()      // isOn == true; .valueChanged is sent: person.newsletter == true
/// newsletter.isOn = false  // set by code: no event (as in UIKit)
/// ```
open class Switch: Control {
    /// The names of the switch's properties, added to its superclass's, for messages and graphs: a
    /// property of an `open` class prints without its name.
    ///
    /// ```swift
    /// print(Property(toggle, \.isOn))   // \Switch.isOn, not \Switch.<computed …>
    /// ```
    override open class var keyPathNames: [AnyKeyPath: String] {
        super.keyPathNames.merging([\Switch.isOn: "isOn"]) { $1 }
    }

    /// Whether the switch is on; setting it from code sends no event.
    public var isOn: Bool

    /// Creates a switch.
    public init(isOn: Bool = false) {
        self.isOn = isOn
        super.init()
    }

    /// Flips the switch as the user's tap does, and sends `.valueChanged`.
    open func simulateToggle() {
        isOn.toggle()
        sendActions(for: .valueChanged)
    }

    /// Deprecated: renamed ``simulateToggle()``; every stand-in control's simulated input is named `simulate…`.
    @available(*, deprecated, renamed: "simulateToggle()")
    open func toggle() { simulateToggle() }
}
