/// A trigger that fires once another trigger has been quiet for an interval: a burst of fires
/// (keystrokes, notifications) makes one update, after the last of them.
///
/// ```swift
/// let search = Binding(source: Property(searchField, \.text), destination: Property(model, \.query))
/// search.addTrigger(
///     TargetActionTrigger(control: searchField, events: .editingChanged)
///         .debounced(for: .milliseconds(300), clock: ContinuousClock()))
/// ```
///
/// Each upstream fire restarts the wait; the binding updates once, `interval` after the last
/// one, and reads the source then (so it writes the latest value, as Combine's and RxSwift's
/// `debounce` emit the latest element). Time comes from `clock`: pass `PropertyBindingTesting`'s
/// `TestClock` in tests and advance it by hand, with no sleeping.
///
/// The binding updates on the thread that runs the timer: a task of the global executor with a
/// system clock, the thread that advances a ``SchedulingClock`` such as a test clock. Removing
/// the trigger, or invalidating its binding, stops the wrapped trigger and cancels a pending fire.
/// Thread-safe: the wrapped trigger may fire on any thread.
///
/// While it runs, it holds the wrapped trigger as a binding holds its triggers: wrapping a
/// trigger that serves another binding, or adding the wrapped trigger to a binding, stops the
/// program with a precondition failure, as adding one trigger to two bindings does.
public final class DebounceTrigger<C: Clock>: Trigger, @unchecked Sendable {
    /// The trigger whose fires are debounced.
    public var upstream: any Trigger { storage.upstream }
    /// How long the upstream trigger must stay quiet before this trigger fires.
    public let interval: C.Duration
    /// The clock that measures the interval.
    public var clock: C { storage.clock }
    private let storage: TimedFiring<C, DebounceStateMachine<C.Instant>>

    /// Creates a trigger that fires when `upstream` has not fired for `interval` on `clock`.
    ///
    /// ```swift
    /// DebounceTrigger(NotificationTrigger(name: .documentDidChange), for: .seconds(1), clock: ContinuousClock())
    /// ```
    public init(_ upstream: any Trigger, for interval: C.Duration, clock: C) {
        self.interval = interval
        storage = TimedFiring(upstream: upstream, clock: clock, rules: DebounceStateMachine(interval: interval))
    }

    deinit {
        storage.stop()
    }

    /// The binding told when this trigger fires; held weakly.
    public var delegate: (any TriggerDelegate)? {
        get { storage.delegate }
        set { storage.delegate = newValue }
    }

    /// Whether an upstream fire waits for the quiet period to end.
    public var hasPendingFire: Bool { storage.hasScheduledFire }

    /// Starts the wrapped trigger.
    public func startObserving() {
        storage.start(owner: self)
    }

    /// Stops the wrapped trigger and cancels a pending fire.
    public func stopObserving() {
        storage.stop()
    }
}

extension Trigger {
    /// Returns a trigger that fires once this one has been quiet for `interval` on `clock`.
    ///
    /// ```swift
    /// let trigger = TestTrigger().debounced(for: .milliseconds(300), clock: clock)
    /// ```
    public func debounced<C: Clock>(for interval: C.Duration, clock: C) -> DebounceTrigger<C> {
        DebounceTrigger(self, for: interval, clock: clock)
    }

    /// Returns a trigger that fires once this one has been quiet for `interval`, measured on the
    /// `ContinuousClock`.
    public func debounced(for interval: Duration) -> DebounceTrigger<ContinuousClock> {
        DebounceTrigger(self, for: interval, clock: ContinuousClock())
    }
}
