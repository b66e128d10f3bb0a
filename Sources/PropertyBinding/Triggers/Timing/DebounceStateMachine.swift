/// The rules of ``DebounceTrigger``, without locks or clocks: fire once the upstream trigger has
/// been quiet for the interval since its latest fire.
///
/// One timer at a time: a fire during the wait moves the deadline, and the timer, when it
/// expires early, is started again for the rest of the wait (no timer per upstream fire).
struct DebounceStateMachine<Instant: InstantProtocol>: TimingRules {
    /// What the trigger does after a transition.
    struct Action: Equatable {
        /// Whether to tell the binding now.
        var fire = false
        /// The instant to start a timer for, tagged with ``generation`` to recognise it.
        var timer: Instant?
        /// Whether to cancel the running timer.
        var cancelTimer = false
    }

    private enum State {
        case idle
        case waiting(deadline: Instant)
    }

    private var state = State.idle
    /// Tags the timer started last, so that a stale one (cancelled too late) does nothing.
    private(set) var generation = 0
    let interval: Instant.Duration

    init(interval: Instant.Duration) {
        self.interval = interval
    }

    /// Whether a fire is waiting for the quiet period to end.
    var isPending: Bool {
        if case .waiting = state { return true }
        return false
    }

    /// The upstream trigger fired at `now`.
    mutating func upstreamFired(now: Instant) -> Action {
        let deadline = now.advanced(by: interval)
        switch state {
        case .idle:
            state = .waiting(deadline: deadline)
            generation += 1
            return Action(timer: deadline)
        case .waiting:
            state = .waiting(deadline: deadline)
            return Action()
        }
    }

    /// The timer tagged `generation` expired at `now`.
    mutating func timerExpired(generation: Int, now: Instant) -> Action {
        guard generation == self.generation, case .waiting(let deadline) = state else { return Action() }
        if now < deadline {
            self.generation += 1
            return Action(timer: deadline)
        }
        state = .idle
        return Action(fire: true)
    }

    /// The trigger stopped: forget the pending fire.
    mutating func stop() -> Action {
        let wasPending = isPending
        state = .idle
        generation += 1
        return Action(cancelTimer: wasPending)
    }
}
