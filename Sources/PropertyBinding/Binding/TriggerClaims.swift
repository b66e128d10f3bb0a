/// The lock under which a binding claims a trigger, and the triggers whose
/// ``Trigger/startObserving()`` runs right now, library-wide.
///
/// Claiming under one lock makes adding a trigger to two bindings at once behave as adding it
/// one after the other: exactly one binding gets it. Knowing which triggers are still
/// starting lets a binding torn down meanwhile leave the stop to the adder, which stops the
/// trigger once its start is over: a stop never runs alongside the start it must undo.
enum TriggerClaims {
    private static let starting = Locked<Set<ObjectIdentifier>>([])

    /// Runs `claim` under the lock; when it returns true the trigger counts as starting until
    /// ``started(_:)``. `claim` may take a binding's lock and a trigger's, not this one.
    static func claim(_ trigger: any Trigger, _ claim: () -> Bool) -> Bool {
        starting.withLock { starting in
            guard claim() else { return false }
            starting.insert(ObjectIdentifier(trigger))
            return true
        }
    }

    /// Stops the program when `trigger` serves a holder other than `claimant` (a binding, or a
    /// trigger that wraps it); call inside ``claim(_:_:)`` or ``hold(_:by:)``.
    static func requireFree(_ trigger: any Trigger, for claimant: AnyObject) {
        guard let holder = trigger.delegate as? any TriggerHolder, holder !== claimant, holder.holds(trigger) else {
            return
        }
        preconditionFailure(
            "\(type(of: trigger)) already belongs to \(holder.holderDescription); remove it there first")
    }

    /// Makes `holder`, the relay of a trigger that wraps `trigger`, its delegate under the lock
    /// that bindings claim triggers under: a binding or another wrapping trigger that holds
    /// `trigger` stops the program here, as adding the trigger to a second binding does, and a
    /// binding that adds `trigger` after this finds it held. `didHold` runs under the lock,
    /// before anyone else can look, so that the holder says it holds the trigger from then on.
    static func hold(_ trigger: any Trigger, by holder: some TriggerHolder, didHold: () -> Void) {
        starting.withLock { _ in
            requireFree(trigger, for: holder)
            trigger.delegate = holder
            didHold()
        }
    }

    /// Ends `holder`'s hold on `trigger` (its wrapping trigger stopped): under the claim lock, so
    /// that a binding adding `trigger` meanwhile finds it either still held or free.
    static func release(_ trigger: any Trigger, by holder: some TriggerHolder, didRelease: () -> Void) {
        starting.withLock { _ in
            if trigger.delegate === holder { trigger.delegate = nil }
            didRelease()
        }
    }

    /// Ends the start of `trigger`.
    static func started(_ trigger: any Trigger) {
        starting.withLock { _ = $0.remove(ObjectIdentifier(trigger)) }
    }

    /// Stops `trigger`, just removed from a binding, unless it is still starting: its adder
    /// then finds it removed and stops it.
    static func stop(_ trigger: any Trigger) {
        guard !starting.withLock({ $0.contains(ObjectIdentifier(trigger)) }) else { return }
        trigger.stopObserving()
    }
}
