import Synchronization

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A lock in four bytes, stored inline, for the configuration of bindings and triggers: every
/// binding has one, so it must cost no allocation.
///
/// The critical sections it guards are a few loads and stores, never user code, so a thread
/// that finds it taken spins briefly, then yields until it is free. It is built on an atomic
/// of this module rather than `Synchronization.Mutex`, whose lock the thread sanitizer does
/// not see on Linux (it would report the data it guards as races).
struct StateLock: ~Copyable {
    private let word = Atomic<UInt32>(0)

    init() {}

    /// Runs `body` with the lock held.
    @inline(__always)
    borrowing func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        if !word.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged {
            waitForLock()
        }
        defer { word.store(0, ordering: .releasing) }
        return try body()
    }

    private borrowing func waitForLock() {
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
