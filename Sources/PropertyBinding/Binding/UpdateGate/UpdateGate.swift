import Dispatch

// The update gate: the lock that serializes a binding's updates, a ``GateStateMachine``
// behind the library's one lock. Its two fields (`gateLock`, `gateMachine`) are stored in
// ``AnyBinding``, so that a binding stays one allocation; this file is all that uses them.
//
// Every binding has a gate; bindings that share one (the two directions of a two-way binding)
// update one at a time, and an update that fires another binding of the same gate on the same
// thread skips it as re-entrant: that is what stops a pair from echoing a value.
//
// Entering and leaving take the lock for a few loads and stores each, never while user code
// runs: the lock is taken, the machine says what to do, the lock is let go, and only then is
// it done (waiting on the thread's semaphore, waking waiters, running handed-over work). The
// Design article explains why a thread inside an update never waits for a gate.

/// The state machine of a binding's update gate.
typealias GateMachine = GateStateMachine<HandedOver, DispatchSemaphore>

/// Work a thread inside an update left for the holder of a gate it found busy.
enum HandedOver {
    /// An update of a binding, fired by a trigger (or by hand, nil): run it as
    /// `binding.run(trigger:)` does, which checks again that the trigger still belongs.
    case update(AnyBinding, (any Trigger)?)
    /// A form's commit or discard.
    case perform(() -> Void)

    /// Whether `self` and `other` are the same update (left twice, it runs once).
    func isSame(as other: HandedOver) -> Bool {
        guard case .update(let binding, let trigger) = self, case .update(let otherBinding, let otherTrigger) = other
        else { return false }
        return binding === otherBinding && trigger === otherTrigger
    }

    func run() {
        switch self {
        case .update(let binding, let trigger): _ = binding.run(trigger: trigger)
        case .perform(let body): body()
        }
    }
}

extension AnyBinding {
    /// Runs `body` on the gate's machine with the gate's lock held; `body` only computes.
    @inline(__always)
    private func withGateMachine<Result>(_ body: (inout GateMachine) -> Result) -> Result {
        gateLock.withLock { body(&gateMachine) }
    }

    enum GateEntry {
        /// The thread holds the gate; leave it with `leaveGate(as:)`.
        case entered
        /// The work was handed to the thread that holds the gate.
        case handedOver
        /// The gate is busy and waiting for it could deadlock: not entered, nothing left.
        case busy
    }

    /// Enters this binding's gate as `me`, the current thread, waiting for it if `me` holds no
    /// other gate and `waiting` allows it; otherwise `work` is handed to the holder, or, when
    /// there is none, the gate is not entered (`.busy`).
    @inline(__always)
    func enterGate(
        as me: ThreadIdentity, handing work: @autoclosure () -> HandedOver?, waiting: Bool = true
    ) -> GateEntry {
        while true {
            let action = withGateMachine {
                // A thread that may not wait is, to the machine, one that holds other gates: it is
                // never told to wait.
                $0.enter(
                    me.id, holdsOtherGates: !waiting || me.heldGates > 0, handing: work,
                    isSame: { $0.isSame(as: $1) },
                    waiter: { me.wakeUp })
            }
            switch action {
            case .run:
                me.heldGates += 1
                return .entered
            case .reentrant:
                return .entered
            case .handOver:
                return .handedOver
            case .busy:
                return .busy
            case .wait:
                me.wakeUp.wait()
            }
        }
    }

    /// Leaves the gate entered as `me`; the last leave first runs the work other threads
    /// handed over, then wakes the waiters, then makes the calls left for after the gate
    /// (``reportsAfterUpdates(_:)``).
    @inline(__always)
    func leaveGate(as me: ThreadIdentity) {
        while true {
            switch withGateMachine({ $0.leave(me.id) }) {
            case .stay:
                return
            case .runHandedOver(let work):
                for item in work { item.run() }
            case .release:
                me.heldGates -= 1
                me.runCalls(afterReleasing: gateIdentity)
                return
            case .wake(let waiters):
                me.heldGates -= 1
                for waiter in waiters { waiter.signal() }
                me.runCalls(afterReleasing: gateIdentity)
                return
            }
        }
    }

    /// This gate's identity, for the calls a thread leaves for after it.
    var gateIdentity: UInt { UInt(bitPattern: ObjectIdentifier(self)) }

    /// Leaves `report` for when this thread lets the gate go, and returns true, when it holds
    /// the gate now (a failure of an update nested in another of the same gate: an update
    /// handed over to this thread, a form's commit, a cycle); false, leaving nothing, when it
    /// does not. Error handlers run after the binding's lock is let go, so that one may wait
    /// for another thread updating the binding.
    func reportsAfterUpdates(_ report: @autoclosure () -> (() -> Void)) -> Bool {
        let me = ThreadIdentity.current
        let gate = self.gate
        guard gate.withGateMachine({ $0.owner == me.id }) else { return false }
        me.afterReleasing(gate.gateIdentity, report())
        return true
    }

    /// Leaves `call` for when this thread lets go of the gate, which it holds now.
    func afterLeavingGate(_ call: @escaping () -> Void) {
        ThreadIdentity.current.afterReleasing(gate.gateIdentity, call)
    }

    /// Runs `body` inside the gate, waiting for it when that is safe. When this thread is
    /// inside an update and another thread holds the gate, waiting could deadlock: `later` is
    /// handed to that thread, which runs it before it lets the gate go, and this returns nil.
    func withGate<Result>(orHandingOver later: @escaping () -> Void, _ body: () throws -> Result) rethrows
        -> Result?
    {
        let me = ThreadIdentity.current
        guard case .entered = enterGate(as: me, handing: .perform(later)) else { return nil }
        defer { leaveGate(as: me) }
        return try body()
    }

    /// Runs `body` between this binding's updates: inside its gate, after an update running on
    /// another thread has finished and before the next one starts.
    ///
    /// Read a destination this way when the binding may be writing it on another thread: the
    /// read never sees half an update. `PropertyBindingTesting` reads what a binding wrote with it;
    /// so can a test helper or a toolkit adapter of your own.
    ///
    /// ```swift
    /// let shown = showName.betweenUpdates { label.text }
    /// ```
    ///
    /// Keep `body` short and do not wait in it for another thread that fires this binding: the
    /// binding's updates wait for it. Called from inside this binding's own update (its
    /// destination's setter, its `onUpdate`), or its two-way partner's, which share one gate, it
    /// runs `body` at once, in the middle of that update.
    ///
    /// - Parameters:
    ///   - waiting: Whether to wait for an update running on another thread; false (for async
    ///     callers, which must not block their thread) returns nil instead.
    ///   - body: The read to run between updates.
    /// - Returns: what `body` returns; nil, without running `body`, when another thread holds
    ///   the gate and this one may not wait: `waiting` is false, or this thread is inside an
    ///   update of another gate (waiting could deadlock).
    public func betweenUpdates<Result>(waiting: Bool = true, _ body: () throws -> Result) rethrows -> Result? {
        let gate = self.gate
        let me = ThreadIdentity.current
        guard case .entered = gate.enterGate(as: me, handing: nil, waiting: waiting) else { return nil }
        defer { gate.leaveGate(as: me) }
        return try body()
    }

    /// Waits until no update of this gate runs, unless this thread is inside an update and
    /// another thread holds the gate (waiting could deadlock): then it returns at once.
    ///
    /// Teardown calls it after its change is visible, so that an update that entered before
    /// the change has finished when teardown returns.
    ///
    /// - Returns: whether it waited (false: an update may still be finishing on another thread,
    ///   but none starts after the change).
    @discardableResult
    func waitForRunningUpdate() -> Bool {
        let me = ThreadIdentity.current
        guard case .entered = enterGate(as: me, handing: nil) else { return false }
        leaveGate(as: me)
        return true
    }
}
