import Foundation
import PropertyBinding

/// A clock whose time moves only when a test advances it: ``advance(by:)`` runs the work that
/// has come due (timers of a debounced or throttled trigger, sleeping tasks), in deadline
/// order, before it returns. No sleeping, no flaky timing.
///
/// ```swift
/// let clock = TestClock()
/// binding.addTrigger(trigger.debounced(for: .milliseconds(300), clock: clock))
/// trigger.fire()
/// clock.advance(by: .milliseconds(299))           // nothing yet
/// clock.advance(by: .milliseconds(1))             // the binding updates, on this thread
/// ```
///
/// Scheduled actions (``schedule(at:_:)``, which timing triggers use) run synchronously on the
/// thread that advances the clock, each with ``now`` set to its deadline. A task sleeping on
/// the clock is resumed when its deadline is passed; it then runs on its own executor, so wait
/// for its effect (`BindingRecorder.waitForUpdates`). Thread-safe.
public final class TestClock: SchedulingClock, @unchecked Sendable {
    /// An instant of a ``TestClock``: the time since the clock was created.
    public struct Instant: InstantProtocol, CustomStringConvertible {
        /// The time since the clock was created.
        public let offset: Duration

        /// Creates the instant `offset` after the clock's start.
        public init(offset: Duration) {
            self.offset = offset
        }

        /// The instant `duration` later.
        public func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        /// The time from this instant to `other`.
        public func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        /// Whether `lhs` comes before `rhs`.
        public static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }

        /// The offset: `0.3 seconds`.
        public var description: String { "\(offset)" }
    }

    private struct Scheduled {
        let id: Int
        let deadline: Instant
        let action: @Sendable () -> Void
    }

    private let lock = NSLock()
    // Guarded by `lock`.
    private var _now = Instant(offset: .zero)
    private var scheduled: [Scheduled] = []
    private var nextID = 0

    /// Creates a clock at offset zero.
    public init() {}

    /// The current instant; it changes only when the clock is advanced.
    public var now: Instant { lock.withLock { _now } }

    /// Zero: the clock measures any duration exactly.
    public var minimumResolution: Duration { .zero }

    /// How many actions and sleeping tasks wait for their deadline.
    public var scheduledCount: Int { lock.withLock { scheduled.count } }

    /// Runs `action` when the clock is advanced to `deadline` or past it, never during this
    /// call (even for a deadline already reached: the next ``advance(by:)`` runs it).
    ///
    /// - Returns: a closure that cancels the action; it does nothing once the action ran.
    public func schedule(at deadline: Instant, _ action: @escaping @Sendable () -> Void) -> @Sendable () -> Void {
        let id = lock.withLock {
            nextID += 1
            scheduled.append(Scheduled(id: nextID, deadline: deadline, action: action))
            return nextID
        }
        return { [weak self] in self?.cancel(id) }
    }

    /// Suspends until the clock is advanced to `deadline` or past it.
    ///
    /// - Throws: `CancellationError` when the task is cancelled first.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let wake = SleepWake()
        let cancel = schedule(at: deadline) { wake.resume(throwing: nil) }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                wake.install(continuation)
            }
        } onCancel: {
            cancel()
            wake.resume(throwing: CancellationError())
        }
    }

    /// Moves the clock `duration` forward, running every action that comes due on the way, in
    /// deadline order (and in the order they were scheduled for one deadline), including those
    /// the actions schedule.
    public func advance(by duration: Duration) {
        advance(to: now.advanced(by: duration))
    }

    /// Moves the clock forward to `deadline` (never back), running the actions that come due.
    public func advance(to deadline: Instant) {
        while let next = takeNext(dueBy: deadline) {
            next.action()
        }
        lock.withLock { _now = max(_now, deadline) }
    }

    private func takeNext(dueBy deadline: Instant) -> Scheduled? {
        lock.withLock {
            let due = scheduled.indices.filter { scheduled[$0].deadline <= deadline }
            guard
                let first = due.min(by: {
                    (scheduled[$0].deadline, scheduled[$0].id) < (scheduled[$1].deadline, scheduled[$1].id)
                })
            else { return nil }
            let next = scheduled.remove(at: first)
            _now = max(_now, next.deadline)
            return next
        }
    }

    private func cancel(_ id: Int) {
        lock.withLock { scheduled.removeAll { $0.id == id } }
    }
}

/// Resumes a sleeping task once, whichever comes first: its deadline, its cancellation, or
/// both before the continuation exists.
private final class SleepWake: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Void, any Error>?
    private var outcome: (any Error)??

    func install(_ continuation: CheckedContinuation<Void, any Error>) {
        let early: (any Error)?? = lock.withLock {
            if let outcome { return outcome }
            self.continuation = continuation
            return nil
        }
        if let early { resume(continuation, early) }
    }

    func resume(throwing error: (any Error)?) {
        let continuation: CheckedContinuation<Void, any Error>? = lock.withLock {
            guard outcome == nil else { return nil }
            outcome = .some(error)
            defer { self.continuation = nil }
            return self.continuation
        }
        if let continuation { resume(continuation, error) }
    }

    private func resume(_ continuation: CheckedContinuation<Void, any Error>, _ error: (any Error)?) {
        if let error { continuation.resume(throwing: error) } else { continuation.resume() }
    }
}
