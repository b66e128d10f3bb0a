import Synchronization

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The library's one lock: four bytes, stored inline, for the configuration of bindings and
/// triggers (every binding has one, so it must cost no allocation) and, through ``Locked``, for
/// the rest of its state.
///
/// The critical sections it guards are a few loads and stores, never user code, so a thread
/// that finds it taken spins briefly, then yields until it is free. It is built on an atomic
/// of this module rather than `Synchronization.Mutex`, whose lock the thread sanitizer does
/// not see on Linux (it would report the data it guards as races).
@usableFromInline
struct StateLock: ~Copyable {
    @usableFromInline let word = Atomic<UInt32>(0)

    @usableFromInline
    init() {}

    /// Runs `body` with the lock held.
    @inlinable @inline(__always)
    borrowing func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }

    /// Takes the lock; pair with ``unlock()``.
    @inlinable @inline(__always)
    borrowing func lock() {
        if !word.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged {
            waitForLock()
        }
    }

    /// Lets the lock go.
    @inlinable @inline(__always)
    borrowing func unlock() {
        word.store(0, ordering: .releasing)
    }

    @usableFromInline
    borrowing func waitForLock() {
        var attempts = 0
        while true {
            if word.load(ordering: .relaxed) == 0,
                word.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged
            {
                return
            }
            attempts += 1
            if attempts > 64 { sched_yield() }
        }
    }
}
