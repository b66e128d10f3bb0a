/// What a ``TargetActionTrigger`` needs of the object it watches: to add itself as a target for
/// some events, and to remove exactly that action again. ``Control`` conforms; the protocol lets
/// the trigger sit below the controls that use it.
protocol TargetActionSource: AnyObject {
    /// Adds `trigger` as a target for `events`, held strongly until removed; `fire` runs with it
    /// on each of those events.
    func addTriggerAction(_ trigger: AnyObject, for events: ControlEvents, _ fire: @escaping (AnyObject) -> Void)
        -> ControlAction

    /// Stops sending `events` to `action` of `target`.
    func removeTarget(_ target: AnyObject?, action: ControlAction?, for events: ControlEvents)
}
