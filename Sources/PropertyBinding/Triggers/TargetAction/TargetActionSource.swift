/// What a ``TargetActionTrigger`` needs of the object it watches: to add it as a target for its
/// events, to remove exactly that registration again, and to say whether it is there. ``Control``
/// conforms; the protocol lets the trigger sit below the controls that use it. Each call is
/// atomic: the source's registrations are the only record of whether a trigger is a target.
public protocol TargetActionSource: AnyObject {
    /// Adds `trigger` for its ``TargetActionTrigger/events``, held strongly until removed, unless
    /// it is registered already; the source calls `trigger.controlDidSendAction()` on each of
    /// those events.
    func addTriggerAction(_ trigger: TargetActionTrigger)

    /// Removes the registration of `trigger`, and no other.
    func removeTriggerAction(_ trigger: TargetActionTrigger)

    /// Whether `trigger` is registered.
    func hasTriggerAction(_ trigger: TargetActionTrigger) -> Bool
}
