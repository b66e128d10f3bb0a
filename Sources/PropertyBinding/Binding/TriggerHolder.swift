/// The delegate a trigger serves: a binding, or a trigger that wraps it (a debounced or
/// throttled trigger tells its wrapped trigger's fires to a holder of its own).
///
/// A trigger serves one holder at a time. ``AnyBinding/addTrigger(_:)``, and a wrapping trigger
/// when it starts, ask the trigger's current delegate whether it still holds the trigger, and
/// stop the program when it does: taking the trigger would leave that holder silently deaf.
protocol TriggerHolder: TriggerDelegate {
    /// Whether `trigger` serves this holder now.
    func holds(_ trigger: any Trigger) -> Bool

    /// Who holds the trigger, for the precondition failure: `"another binding"`.
    var holderDescription: String { get }
}

extension AnyBinding: TriggerHolder {
    func holds(_ trigger: any Trigger) -> Bool {
        contains(trigger)
    }

    var holderDescription: String { "another binding" }
}
