/// The rules of a trigger that reshapes another trigger's fires in time: a pure state machine
/// that ``TimedFiring`` drives under its lock.
protocol TimingRules<Instant>: Sendable {
    associatedtype Instant: InstantProtocol
    /// Tags the timer started last.
    var generation: Int { get }
    /// The upstream trigger fired at `now`.
    mutating func upstreamFired(now: Instant) -> DebounceStateMachine<Instant>.Action
    /// The timer tagged `generation` expired at `now`.
    mutating func timerExpired(generation: Int, now: Instant) -> DebounceStateMachine<Instant>.Action
    /// The trigger stopped.
    mutating func stop() -> DebounceStateMachine<Instant>.Action
}

/// The storage of a timing trigger: the lock around its rules, its timer on the clock, and the
/// upstream trigger it listens to. Takes the lock, asks the rules, lets the lock go, then acts:
/// the binding is told outside the lock.
final class TimedFiring<C: Clock, Rules: TimingRules>: @unchecked Sendable where Rules.Instant == C.Instant {
    let upstream: any Trigger
    let clock: C
    private let lock = StateLock()
    // Guarded by `lock`.
    private var rules: Rules
    private var cancelTimer: (@Sendable () -> Void)?
    private var isObserving = false
    private weak var _delegate: (any TriggerDelegate)?
    /// The trigger the binding is told about (the public trigger that owns this storage).
    private weak var owner: (any Trigger)?
    private var relay: TriggerRelay?

    init(upstream: any Trigger, clock: C, rules: Rules) {
        self.upstream = upstream
        self.clock = clock
        self.rules = rules
    }

    var delegate: (any TriggerDelegate)? {
        get { lock.withLock { _delegate } }
        set { lock.withLock { _delegate = newValue } }
    }

    /// Whether a fire waits for its time.
    var hasScheduledFire: Bool { lock.withLock { cancelTimer != nil } }

    /// Starts listening to the upstream trigger. A trigger serves one binding: when a binding,
    /// or another running wrapper, holds the upstream trigger, this stops the program (as adding
    /// it to a second binding does) instead of taking its fires from that holder.
    func start(owner: any Trigger) {
        let relay = TriggerRelay(upstream: upstream, wrapper: owner) { [weak self] in self?.upstreamFired() }
        let isNew: Bool = lock.withLock {
            guard !isObserving else { return false }
            isObserving = true
            self.owner = owner
            self.relay = relay
            return true
        }
        guard isNew else { return }
        relay.hold()
        upstream.startObserving()
    }

    func stop() {
        let relay: TriggerRelay? = lock.withLock {
            defer { isObserving = false }
            return isObserving ? self.relay : nil
        }
        guard let relay else { return }
        upstream.stopObserving()
        // Let go once stopped: the upstream trigger may then serve a binding of its own.
        relay.release()
        let cancel: (@Sendable () -> Void)? = lock.withLock {
            _ = rules.stop()
            self.relay = nil
            defer { cancelTimer = nil }
            return cancelTimer
        }
        cancel?()
    }

    private func upstreamFired() {
        let now = clock.now
        let action = lock.withLock { isObserving ? rules.upstreamFired(now: now) : .init() }
        perform(action)
    }

    private func timerExpired(generation: Int) {
        let now = clock.now
        let action: DebounceStateMachine<C.Instant>.Action = lock.withLock {
            guard isObserving, generation == rules.generation else { return .init() }
            cancelTimer = nil
            return rules.timerExpired(generation: generation, now: now)
        }
        perform(action)
    }

    private func perform(_ action: DebounceStateMachine<C.Instant>.Action) {
        if let deadline = action.timer {
            let generation = lock.withLock { rules.generation }
            let cancel = ClockTimer.schedule(on: clock, at: deadline) { [weak self] in
                self?.timerExpired(generation: generation)
            }
            // Stopped meanwhile, or the timer already ran (a clock that runs due actions at once):
            // the lock decides whether this timer is still the current one.
            let stale: Bool = lock.withLock {
                guard isObserving, generation == rules.generation else { return true }
                cancelTimer = cancel
                return false
            }
            if stale { cancel() }
        }
        if action.fire {
            let (delegate, owner) = lock.withLock { (_delegate, self.owner) }
            if let delegate, let owner { delegate.triggerDidFire(owner) }
        }
    }
}
