/// Something that notices a change and tells its binding to update.
///
/// A trigger watches one source of change (a notification, an observed property, a control
/// event) and calls ``TriggerDelegate/triggerDidFire(_:)`` on its ``delegate`` when it fires.
/// A ``Binding`` sets itself as the delegate when the trigger is added, calls
/// ``startObserving()`` then, and ``stopObserving()`` when the trigger is removed or the
/// binding is invalidated, so a trigger never outlives its binding's interest.
///
/// Writing your own takes one stored property:
///
/// ```swift
/// final class ManualTrigger: Trigger {
///     weak var delegate: (any TriggerDelegate)?
///     func fire() { delegate?.triggerDidFire(self) }
/// }
/// ```
///
/// A trigger serves one binding at a time. Once removed from its binding, its fires are
/// ignored; it can then be added to another binding.
public protocol Trigger: AnyObject {
    /// The binding to tell when this trigger fires; held weakly.
    var delegate: (any TriggerDelegate)? { get set }

    /// Starts watching; called when the trigger is added to a binding. Does nothing by default.
    func startObserving()

    /// Stops watching and releases what was registered (observers, targets, proxies); called
    /// when the trigger is removed or its binding is invalidated. Does nothing by default.
    func stopObserving()
}

extension Trigger {
    /// Does nothing: a trigger that is fired by hand needs no set-up.
    public func startObserving() {}

    /// Does nothing: a trigger that is fired by hand holds nothing to release.
    public func stopObserving() {}
}

/// What a trigger tells when it fires: a ``Binding`` is one.
public protocol TriggerDelegate: AnyObject {
    /// Called by `trigger` when the change it watches happened; a binding updates its
    /// destination, synchronously, on the calling thread.
    func triggerDidFire(_ trigger: any Trigger)

    /// Called by `trigger` when what it watches is gone for good (a widget destroyed with its
    /// window), so it will never fire again: a binding lets the trigger go, and ends, silently,
    /// when no trigger is left to fire it. Does nothing by default.
    ///
    /// ```swift
    /// trigger.delegate?.triggerDidEnd(trigger)   // what TargetActionTrigger.controlDidEnd() does
    /// ```
    func triggerDidEnd(_ trigger: any Trigger)
}

extension TriggerDelegate {
    /// Does nothing: a delegate that holds no trigger for good has nothing to let go.
    ///
    /// ```swift
    /// final class Counter: TriggerDelegate {
    ///     var fires = 0
    ///     func triggerDidFire(_ trigger: any Trigger) { fires += 1 }   // triggerDidEnd: this default
    /// }
    /// ```
    public func triggerDidEnd(_ trigger: any Trigger) {}
}
