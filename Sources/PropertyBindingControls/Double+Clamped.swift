import PropertyBinding

extension Double {
    /// This value kept within `minimum...maximum`: the bounds of a ``Slider`` or a ``Stepper``.
    func clamped(_ minimum: Double, _ maximum: Double) -> Double {
        min(max(self, minimum), maximum)
    }
}
