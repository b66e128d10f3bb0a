/// What a ``TargetActionTrigger`` needs of the object it watches: to add itself as a target for
/// some events, and to remove exactly that action again. ``Control`` conforms; the protocol lets
/// the trigger sit below the controls that use it.
protocol TargetActionSource: AnyObject {
    /// Adds `trigger` as a target for `events`, held strongly until removed; `fire` runs with it
    /// (and the source) on each of those events. A trigger is added once at a time.
    func addTriggerAction(
        _ trigger: AnyObject, for events: ControlEvents, _ fire: @escaping (AnyObject, AnyObject) -> Void)

    /// Removes the action that ``addTriggerAction(_:for:_:)`` added for `trigger`, and no other.
    func removeTriggerAction(_ trigger: AnyObject)
}
