/// A trigger that passes on at most one fire of another trigger per interval.
///
/// ```swift
/// let progress = Binding(source: Property(download, \.fraction), destination: Property(bar, \.value))
/// progress.addTrigger(
///     KeyPathTrigger(download, \.fraction).throttled(for: .milliseconds(100), clock: ContinuousClock()))
/// ```
///
/// The first upstream fire opens a window of `interval`; ``ThrottleFiring`` says which fires of
/// it reach the binding:
/// - ``ThrottleFiring/leading``: the first, at once; the others of the window are dropped.
/// - ``ThrottleFiring/trailing``: one at the end of the window, when the upstream trigger fired
///   during it.
/// - ``ThrottleFiring/leadingAndTrailing`` (the default): the first at once, and one at the end of
///   the window when the upstream trigger fired again meanwhile, as Combine's `throttle` and
///   RxSwift's `throttle(latest: true)` do.
///
/// A trailing fire opens a new window, so two fires are always at least `interval` apart. The
/// binding reads the source when this trigger fires, so a trailing fire writes the latest value.
/// Time comes from `clock` (a `TestClock` in tests). A leading fire updates on the upstream
/// trigger's thread; a trailing one on the thread that runs the timer. Removing the trigger
/// stops the wrapped trigger and cancels a pending trailing fire. Thread-safe.
///
/// While it runs, it holds the wrapped trigger as a binding holds its triggers: wrapping a
/// trigger that serves another binding, or adding the wrapped trigger to a binding, stops the
/// program with a precondition failure, as adding one trigger to two bindings does.
public final class ThrottleTrigger<C: Clock>: Trigger, @unchecked Sendable {
    /// The trigger whose fires are throttled.
    public var upstream: any Trigger { storage.upstream }
    /// The shortest time between two fires of this trigger.
    public let interval: C.Duration
    /// Which fires of a window reach the binding.
    public let firing: ThrottleFiring
    /// The clock that measures the interval.
    public var clock: C { storage.clock }
    private let storage: TimedFiring<C, ThrottleStateMachine<C.Instant>>

    /// Creates a trigger that passes on at most one fire of `upstream` per `interval` on `clock`.
    ///
    /// ```swift
    /// ThrottleTrigger(KeyPathTrigger(download, \.fraction), for: .seconds(1), clock: ContinuousClock(), firing: .leading)
    /// ```
    public init(
        _ upstream: any Trigger, for interval: C.Duration, clock: C, firing: ThrottleFiring = .leadingAndTrailing
    ) {
        self.interval = interval
        self.firing = firing
        storage = TimedFiring(
            upstream: upstream, clock: clock, rules: ThrottleStateMachine(interval: interval, firing: firing))
    }

    deinit {
        storage.stop()
    }

    /// The binding told when this trigger fires; held weakly.
    public var delegate: (any TriggerDelegate)? {
        get { storage.delegate }
        set { storage.delegate = newValue }
    }

    /// Whether a window is open: a fire now would be dropped or delayed to its end.
    public var isThrottling: Bool { storage.hasScheduledFire }

    /// Starts the wrapped trigger.
    public func startObserving() {
        storage.start(owner: self)
    }

    /// Stops the wrapped trigger and cancels a pending trailing fire.
    public func stopObserving() {
        storage.stop()
    }
}

extension Trigger {
    /// Returns a trigger that passes on at most one fire of this one per `interval` on `clock`.
    ///
    /// ```swift
    /// let trigger = TestTrigger().throttled(for: .seconds(1), clock: clock, firing: .leading)
    /// ```
    public func throttled<C: Clock>(
        for interval: C.Duration, clock: C, firing: ThrottleFiring = .leadingAndTrailing
    ) -> ThrottleTrigger<C> {
        ThrottleTrigger(self, for: interval, clock: clock, firing: firing)
    }

    /// Returns a trigger that passes on at most one fire of this one per `interval`, measured on
    /// the `ContinuousClock`.
    public func throttled(for interval: Duration, firing: ThrottleFiring = .leadingAndTrailing)
        -> ThrottleTrigger<ContinuousClock>
    {
        ThrottleTrigger(self, for: interval, clock: ContinuousClock(), firing: firing)
    }
}
