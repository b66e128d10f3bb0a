import Synchronization

/// The library's one lock, on the operating system's primitive: `Synchronization.Mutex`, which
/// is an `os_unfair_lock` on Apple platforms and a priority-inheriting futex on Linux. It is
/// stored inline (five bytes, no allocation: every binding has two) and guards the
/// configuration of bindings and triggers and, through the library's internal `Locked`, the rest of their state.
///
/// The critical sections it guards are a few loads and stores, never user code. A thread that
/// finds it taken sleeps in the kernel (on Linux after a short, bounded spin), so it does not
/// burn its CPU for the whole wait, and a low-priority holder is never starved by a
/// high-priority waiter.
///
/// The thread sanitizer does not see `Mutex` on Linux (its lock lives in an uninstrumented
/// library), so the lock also passes an edge the sanitizer can see: an acquiring load of
/// `witness` after taking the lock and a releasing store before letting it go. On
/// x86-64 both are plain moves; the happens-before they state is the one the mutex provides.
///
/// Public for toolkit adapters: a ``TargetActionSource`` used from several threads guards its
/// registrations with it, as the stand-in `Control` does.
///
/// ```swift
/// private let lock = StateLock()
/// func hasTriggerAction(_ trigger: TargetActionTrigger) -> Bool {
///     lock.withLock { triggers.contains { $0 === trigger } }
/// }
/// ```
public struct StateLock: ~Copyable {
    @usableFromInline let mutex = Mutex<Void>(())
    @usableFromInline let witness = Atomic<UInt8>(0)

    /// Creates an unlocked lock.
    ///
    /// ```swift
    /// private let lock = StateLock()
    /// ```
    public init() {}

    /// Runs `body` with the lock held. `body` must not take this lock again.
    ///
    /// ```swift
    /// let count = lock.withLock { triggers.count }
    /// ```
    @inlinable @inline(__always)
    public borrowing func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        try mutex.withLock { _ throws -> Result in
            _ = witness.load(ordering: .acquiring)
            defer { witness.store(0, ordering: .releasing) }
            return try body()
        }
    }
}
