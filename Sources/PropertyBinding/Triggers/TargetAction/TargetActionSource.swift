/// What a ``TargetActionTrigger`` needs of the object it watches: to add it as a target for its
/// events, and to remove exactly that registration again. ``Control`` conforms; the protocol lets
/// the trigger sit below the controls that use it.
protocol TargetActionSource: AnyObject {
    /// Adds `trigger` for its ``TargetActionTrigger/events``, held strongly until removed; the
    /// source calls `trigger.controlDidSendAction()` on each of those events. A trigger is added
    /// once at a time.
    func addTriggerAction(_ trigger: TargetActionTrigger)

    /// Removes the registration that ``addTriggerAction(_:)`` added for `trigger`, and no other.
    func removeTriggerAction(_ trigger: TargetActionTrigger)
}
