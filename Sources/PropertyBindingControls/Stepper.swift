import PropertyBinding

/// A stepper model: a number the user steps up and down between bounds, as a `UIStepper`.
///
/// ```swift
/// let ageStepper = Stepper(value: 42, minimumValue: 0, maximumValue: 150)
/// ageStepper.addTarget(controller, action: FormController.ageStepped, for: .valueChanged)
/// ageStepper.simulateIncrement()     // value == 43; .valueChanged is sent
/// ageStepper.value = 10      // set by code: no event (as in UIKit)
/// ```
///
/// ``increment()`` and ``decrement()`` are the user's taps: they move by ``stepValue``, stop at
/// the bounds (or wrap, with ``wraps``), and send `.valueChanged` when the value changed.
/// Setting ``value`` from code clamps it to the bounds and sends nothing; a NaN is ignored, so
/// the value is always a number and ``intValue`` never traps.
open class Stepper: Control {
    /// The names of the stepper's properties, added to its superclass's, for messages and graphs: a
    /// property of an `open` class prints without its name.
    ///
    /// ```swift
    /// print(Property(stepper, \.intValue))   // \Stepper.intValue, not \Stepper.<computed …>
    /// ```
    override open class var keyPathNames: [AnyKeyPath: String] {
        super.keyPathNames.merging([
            \Stepper.minimumValue: "minimumValue", \Stepper.maximumValue: "maximumValue",
            \Stepper.stepValue: "stepValue", \Stepper.wraps: "wraps", \Stepper.value: "value",
            \Stepper.intValue: "intValue",
        ]) { $1 }
    }

    private var _value: Double
    /// The lowest value.
    public var minimumValue: Double { didSet { value = _value } }
    /// The highest value.
    public var maximumValue: Double { didSet { value = _value } }
    /// How much one tap changes the value; positive.
    public var stepValue: Double
    /// Whether stepping past a bound continues from the other bound.
    public var wraps: Bool

    /// Creates a stepper.
    ///
    /// - Precondition: `minimumValue <= maximumValue` and `stepValue > 0`.
    public init(
        value: Double = 0, minimumValue: Double = 0, maximumValue: Double = 100, stepValue: Double = 1,
        wraps: Bool = false
    ) {
        precondition(minimumValue <= maximumValue, "minimumValue must not exceed maximumValue")
        precondition(stepValue > 0, "stepValue must be positive")
        self.minimumValue = minimumValue
        self.maximumValue = maximumValue
        self.stepValue = stepValue
        self.wraps = wraps
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

    /// The value as an `Int` (rounded; `Int.min` or `Int.max` beyond them), for binding to
    /// integer model properties.
    public var intValue: Int {
        get {
            let rounded = _value.rounded()
            if rounded >= Double(Int.max) { return .max }
            if rounded <= Double(Int.min) { return .min }
            return Int(rounded)
        }
        set { value = Double(newValue) }
    }

    /// Steps up, as a tap on "+" does; sends `.valueChanged` when the value changed.
    open func simulateIncrement() {
        step(by: stepValue)
    }

    /// Steps down, as a tap on "−" does; sends `.valueChanged` when the value changed.
    open func simulateDecrement() {
        step(by: -stepValue)
    }

    private func step(by delta: Double) {
        let old = _value
        var new = old + delta
        // A step of NaN (a `stepValue` set to it) leaves the value alone.
        guard !new.isNaN else { return }
        if new > maximumValue { new = wraps && old == maximumValue ? minimumValue : maximumValue }
        if new < minimumValue { new = wraps && old == minimumValue ? maximumValue : minimumValue }
        guard new != old else { return }
        _value = new
        sendActions(for: .valueChanged)
    }

    /// Deprecated: renamed ``simulateIncrement()``; every stand-in control's simulated input is named `simulate…`.
    @available(*, deprecated, renamed: "simulateIncrement()")
    open func increment() { simulateIncrement() }

    /// Deprecated: renamed ``simulateDecrement()``; every stand-in control's simulated input is named `simulate…`.
    @available(*, deprecated, renamed: "simulateDecrement()")
    open func decrement() { simulateDecrement() }
}
