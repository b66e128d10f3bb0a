import Foundation
import Testing

@testable import PropertyBinding

/// A counter that only ``StateLock`` guards: a lost increment, or a sanitizer report, shows a
/// hole in the lock.
private final class Guarded: @unchecked Sendable {
    let lock = StateLock()
    // Guarded by `lock`.
    var count = 0
}

private struct Refusal: Error {}

/// The CPU time the current thread has used, in seconds.
private func threadCPUTime() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

@Suite struct StateLockTests {
    @Test func isStoredInlineInAFewBytes() {
        // Every binding holds two: the lock must cost no allocation and almost no room.
        #expect(MemoryLayout<StateLock>.size <= 8)
    }

    @Test func threadsThatShareItLoseNoUpdate() {
        let guarded = Guarded()
        let threads = 4
        let rounds = 20_000
        let finished = runOnThreads(
            Array(
                repeating: {
                    for _ in 0..<rounds { guarded.lock.withLock { guarded.count += 1 } }
                }, count: threads))
        #expect(finished)
        #expect(guarded.lock.withLock { guarded.count } == threads * rounds)
    }

    @Test func aThrowingBodyLetsTheLockGo() {
        let guarded = Guarded()
        #expect(throws: Refusal.self) {
            try guarded.lock.withLock {
                guarded.count = 1
                throw Refusal()
            }
        }
        // Taken again on the same thread: had the throw kept it, this would never return.
        let finished = runOnThreads(timeout: 10, [{ guarded.lock.withLock { guarded.count += 1 } }])
        #expect(finished)
        #expect(guarded.lock.withLock { guarded.count } == 2)
    }

    @Test func aThreadThatFindsItTakenSleepsInsteadOfSpinning() {
        let guarded = Guarded()
        let holding = DispatchSemaphore(value: 0)
        let holdFor = 0.4
        let waiter = Locked<(cpu: Double, wall: Double)>((0, 0))
        let heldSince = Locked(Date())
        let finished = runOnThreads([
            {
                guarded.lock.withLock {
                    heldSince.withLock { $0 = Date() }
                    holding.signal()
                    Thread.sleep(forTimeInterval: holdFor)
                    guarded.count = 1
                }
            },
            {
                holding.wait()
                // Timed from when the lock was taken, so that a waiter scheduled late still counts
                // the whole hold.
                let wallStart = heldSince.value
                let cpuStart = threadCPUTime()
                let seen = guarded.lock.withLock { guarded.count }
                let measured = (threadCPUTime() - cpuStart, Date().timeIntervalSince(wallStart))
                waiter.withLock { $0 = measured }
                #expect(seen == 1)
            },
        ])
        #expect(finished)
        let (cpu, wall) = waiter.value
        // The waiter waited about as long as the lock was held, and used a sliver of that on the
        // CPU: a spinning lock would burn the whole wait.
        #expect(wall > holdFor / 2)
        #expect(cpu < holdFor / 4, "the waiter used \(cpu) s of CPU in a \(wall) s wait")
    }
}
