/// What a ``TargetActionTrigger`` needs of the object it watches: to add it as a target for its
/// events, to remove exactly that registration again, and to say whether it is there.
///
/// Any control of any toolkit conforms to be watched by a ``TargetActionTrigger``: the library's
/// stand-in `Control` (in `PropertyBindingControls`) and the GTK widgets of `PropertyBindingGTK`
/// implement it with nothing else. A widget that announces changes by signals connects its
/// signal when the first trigger is added and disconnects it when the last is removed:
///
/// ```swift
/// final class Knob: TargetActionSource {
///     var value = 0.0 { didSet { for trigger in triggers { trigger.controlDidSendAction() } } }
///     private var triggers: [TargetActionTrigger] = []
///     func addTriggerAction(_ trigger: TargetActionTrigger) {
///         if !hasTriggerAction(trigger) { triggers.append(trigger) }
///     }
///     func removeTriggerAction(_ trigger: TargetActionTrigger) { triggers.removeAll { $0 === trigger } }
///     func hasTriggerAction(_ trigger: TargetActionTrigger) -> Bool { triggers.contains { $0 === trigger } }
/// }
/// let storeVolume = Binding(source: Property(knob, \.value), destination: Property(player, \.volume))
/// storeVolume.addTrigger(TargetActionTrigger(source: knob, events: .valueChanged))
/// ```
///
/// The source calls ``TargetActionTrigger/controlDidSendAction()`` for each of the trigger's
/// ``TargetActionTrigger/events`` that happens, on the thread the event happens on. Each call is
/// atomic: the source's registrations are the only record of whether a trigger is a target, so a
/// source used from several threads guards them with a lock.
public protocol TargetActionSource: AnyObject {
    /// Adds `trigger` for its ``TargetActionTrigger/events``, held strongly until removed, unless
    /// it is registered already; the source calls `trigger.controlDidSendAction()` on each of
    /// those events.
    ///
    /// ```swift
    /// func addTriggerAction(_ trigger: TargetActionTrigger) {
    ///     if !hasTriggerAction(trigger) { triggers.append(trigger) }
    /// }
    /// ```
    func addTriggerAction(_ trigger: TargetActionTrigger)

    /// Removes the registration of `trigger`, and no other.
    ///
    /// ```swift
    /// func removeTriggerAction(_ trigger: TargetActionTrigger) { triggers.removeAll { $0 === trigger } }
    /// ```
    func removeTriggerAction(_ trigger: TargetActionTrigger)

    /// Whether `trigger` is registered.
    ///
    /// ```swift
    /// func hasTriggerAction(_ trigger: TargetActionTrigger) -> Bool { triggers.contains { $0 === trigger } }
    /// ```
    func hasTriggerAction(_ trigger: TargetActionTrigger) -> Bool
}
