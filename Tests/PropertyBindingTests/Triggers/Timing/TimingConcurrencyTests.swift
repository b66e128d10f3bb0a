import Dispatch
import PropertyBinding
import PropertyBindingTesting
import Testing

/// Not `Equatable`: every fire writes, so a write after teardown would show.
private struct Tick {}

private final class Counter: @unchecked Sendable {
    var value = Tick()
    var shown = Tick()
}

/// Fires, advances and tears down from several threads at once: run under the thread sanitizer
/// (`--filter Concurrency`).
@Suite struct TimingConcurrencyTests {
    @Test func debounceAndThrottleFiredFromManyThreadsWhileTheClockMoves() {
        for firing in [ThrottleFiring.leading, .trailing, .leadingAndTrailing] {
            let clock = TestClock()
            let upstream = TestTrigger()
            let counter = Counter()
            let binding = Binding(source: Property(counter, \.value), destination: Property(counter, \.shown))
            let recorder = BindingRecorder(binding)
            let debounced = TestTrigger()
            binding.addTrigger(upstream.throttled(for: .milliseconds(10), clock: clock, firing: firing))
            binding.addTrigger(debounced.debounced(for: .milliseconds(5), clock: clock))
            DispatchQueue.concurrentPerform(iterations: 8) { thread in
                for _ in 0..<200 {
                    if thread == 0 {
                        clock.advance(by: .milliseconds(1))
                    } else if thread % 2 == 0 {
                        upstream.fire()
                    } else {
                        debounced.fire()
                    }
                }
            }
            clock.advance(by: .seconds(1))  // the pending trailing and debounced fires
            #expect(recorder.updates.count > 0)
            binding.invalidate()
            let settled = recorder.updates.count
            upstream.fire()
            debounced.fire()
            clock.advance(by: .seconds(1))
            #expect(recorder.updates.count == settled)
            #expect(clock.scheduledCount == 0 && !upstream.isObserving && !debounced.isObserving)
        }
    }
}
