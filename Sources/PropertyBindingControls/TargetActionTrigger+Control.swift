import PropertyBinding

extension TargetActionTrigger {
    /// Creates a trigger for `events` of `control` (held weakly).
    ///
    /// ```swift
    /// TargetActionTrigger(control: ageStepper, events: .valueChanged)
    /// ```
    public convenience init(control: Control, events: ControlEvents) {
        self.init(source: control, events: events)
    }

    /// The control watched, or nil once it is gone.
    public var control: Control? { watchedSource as? Control }
}
