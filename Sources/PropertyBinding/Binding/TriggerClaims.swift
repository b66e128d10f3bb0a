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
