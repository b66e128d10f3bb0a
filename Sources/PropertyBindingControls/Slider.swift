import PropertyBinding

/// A slider model, as a `UISlider`: a `Double` the user drags between bounds.
///
/// ```swift
/// let volume = Slider(value: 0.5, minimumValue: 0, maximumValue: 1)
/// volume.simulateSlide(to: 0.8)    // value == 0.8; .valueChanged is sent
/// volume.simulateSlide(to: 7)      // value == 1: the thumb stops at the bound
/// volume.value = -3        // set by code: clamped to 0, no event (as in UIKit)
/// ```
///
/// The value always lies within the bounds: setting it (from code or by ``slide(to:)``)
/// clamps it, and a NaN is ignored.
open class Slider: Control {
    /// The names of the slider's properties, added to its superclass's, for messages and graphs: a
    /// property of an `open` class prints without its name.
    ///
    /// ```swift
    /// print(Property(slider, \.value))   // \Slider.value, not \Slider.<computed …>
    /// ```
    override open class var keyPathNames: [AnyKeyPath: String] {
        super.keyPathNames.merging([
            \Slider.minimumValue: "minimumValue", \Slider.maximumValue: "maximumValue", \Slider.value: "value",
        ]) { $1 }
    }

    private var _value: Double
    /// The lowest value.
    public let minimumValue: Double
    /// The highest value.
    public let maximumValue: Double

    /// Creates a slider.
    ///
    /// - Precondition: `minimumValue <= maximumValue`.
    public init(value: Double = 0, minimumValue: Double = 0, maximumValue: Double = 1) {
        precondition(minimumValue <= maximumValue, "minimumValue must not exceed maximumValue")
        self.minimumValue = minimumValue
        self.maximumValue = maximumValue
        self._value = value.isNaN ? minimumValue : value.clamped(minimumValue, maximumValue)
        super.init()
    }

    /// The value, always within the bounds; setting it from code sends no event, and setting
    /// NaN does nothing.
    public var value: Double {
        get { _value }
        set {
            guard !newValue.isNaN else { return }
            _value = newValue.clamped(minimumValue, maximumValue)
        }
    }

    /// Moves the thumb as the user's drag does (clamped to the bounds), and sends
    /// `.valueChanged` when the value changed.
    open func simulateSlide(to newValue: Double) {
        let old = _value
        value = newValue
        if _value != old { sendActions(for: .valueChanged) }
    }

    /// Deprecated: renamed ``simulateSlide(to:)``; every stand-in control's simulated input is named `simulate…`.
    @available(*, deprecated, renamed: "simulateSlide(to:)")
    open func slide(to newValue: Double) { simulateSlide(to: newValue) }
}
