/// A clock that runs an action at an instant itself, instead of a task sleeping on it: a manual
/// test clock runs it, on the thread that advances the clock, once its time has come.
///
/// ``DebounceTrigger`` and ``ThrottleTrigger`` schedule on it when their clock conforms, which
/// makes their timing deterministic in tests (`PropertyBindingTesting`'s `TestClock` does); with
/// any other clock (`ContinuousClock`, `SuspendingClock`) they sleep in a task.
///
/// ```swift
/// let cancel = clock.schedule(at: clock.now.advanced(by: .seconds(1))) { print("a second later") }
/// cancel()                                  // the action will not run
/// ```
public protocol SchedulingClock: Clock {
    /// Runs `action` once `deadline` is reached, unless the returned closure is called first;
    /// calling it after the action ran does nothing.
    func schedule(at deadline: Instant, _ action: @escaping @Sendable () -> Void) -> @Sendable () -> Void
}

/// Schedules an action on any clock: on the clock itself when it is a ``SchedulingClock``,
/// otherwise in a task that sleeps until the deadline.
enum ClockTimer {
    /// Runs `action` at `deadline` unless the returned closure is called first.
    static func schedule<C: Clock>(
        on clock: C, at deadline: C.Instant, _ action: @escaping @Sendable () -> Void
    ) -> @Sendable () -> Void {
        if let scheduling = clock as? any SchedulingClock {
            func schedule<S: SchedulingClock>(_ scheduling: S) -> (@Sendable () -> Void)? {
                // `S` is `C`: the cast only recovers the type the existential hid.
                guard let deadline = deadline as? S.Instant else { return nil }
                return scheduling.schedule(at: deadline, action)
            }
            if let cancel = schedule(scheduling) { return cancel }
        }
        let task = Task {
            do {
                try await clock.sleep(until: deadline, tolerance: nil)
            } catch {
                return  // cancelled: the timer was stopped
            }
            action()
        }
        return { task.cancel() }
    }
}
