/// Which fires of a burst a ``ThrottleTrigger`` passes on: the first (leading), the last
/// (trailing), or both. Each passed fire opens a window of the interval in which no other fire
/// is passed on.
public enum ThrottleFiring: Sendable, Equatable {
    /// Fire at once for the first upstream fire; drop the others of the window.
    case leading
    /// Fire at the end of the window when the upstream trigger fired during it.
    case trailing
    /// Fire at once for the first upstream fire, and at the end of the window when the upstream
    /// trigger fired again during it (Combine's `throttle` and RxSwift's `throttle(latest: true)`).
    case leadingAndTrailing

    var isLeading: Bool { self != .trailing }
    var isTrailing: Bool { self != .leading }
}

/// The rules of ``ThrottleTrigger``, without locks or clocks: at most one fire per interval.
struct ThrottleStateMachine<Instant: InstantProtocol>: TimingRules {
    typealias Action = DebounceStateMachine<Instant>.Action

    private enum State {
        case idle
        /// No fire is passed on until the window ends; `pending` records an upstream fire in it.
        case window(pending: Bool)
    }

    private var state = State.idle
    /// Tags the timer started last, so that a stale one (cancelled too late) does nothing.
    private(set) var generation = 0
    let interval: Instant.Duration
    let firing: ThrottleFiring

    init(interval: Instant.Duration, firing: ThrottleFiring) {
        self.interval = interval
        self.firing = firing
    }

    /// The upstream trigger fired at `now`.
    mutating func upstreamFired(now: Instant) -> Action {
        switch state {
        case .idle:
            generation += 1
            state = .window(pending: !firing.isLeading)
            return Action(fire: firing.isLeading, timer: now.advanced(by: interval))
        case .window:
            if firing.isTrailing { state = .window(pending: true) }
            return Action()
        }
    }

    /// The timer tagged `generation`, which ends the window, expired at `now`.
    mutating func timerExpired(generation: Int, now: Instant) -> Action {
        guard generation == self.generation, case .window(let pending) = state else { return Action() }
        guard pending, firing.isTrailing else {
            state = .idle
            return Action()
        }
        // The trailing fire opens a window of its own, so fires stay one interval apart.
        self.generation += 1
        state = .window(pending: false)
        return Action(fire: true, timer: now.advanced(by: interval))
    }

    /// The trigger stopped: forget the window and any pending fire.
    mutating func stop() -> Action {
        let hadWindow: Bool
        if case .window = state { hadWindow = true } else { hadWindow = false }
        state = .idle
        generation += 1
        return Action(cancelTimer: hadWindow)
    }
}
