import PropertyBinding
import PropertyBindingTesting
import Testing

private final class Counter {
    var value = 0
    var shown = 0
}

/// Fires `upstream` with `counter.value` set to each of `values`, `step` apart on `clock`, and
/// returns what the throttled binding wrote, with the clock offset of each write.
private func run(
    _ firing: ThrottleFiring, values: [Int], step: Duration, interval: Duration = .seconds(1),
    settle: Duration = .seconds(5)
) -> [String] {
    let clock = TestClock()
    let upstream = TestTrigger()
    let counter = Counter()
    let binding = Binding(source: Property(counter, \.value), destination: Property(counter, \.shown))
    let writes = Locked<[String]>([])
    binding.onUpdate = { update in writes.withLock { $0.append("\(update.newValue)@\(clock.now)") } }
    binding.addTrigger(upstream.throttled(for: interval, clock: clock, firing: firing))
    for value in values {
        counter.value = value
        upstream.fire()
        clock.advance(by: step)
    }
    clock.advance(by: settle)
    return writes.value
}

@Suite struct ThrottleTriggerTests {
    // Fires at 0, 0.4, 0.8, 1.2 s (after each, the clock moves 0.4 s).
    @Test func leadingAndTrailingFiresAtOnceThenAtTheEndOfEachBusyWindow() {
        #expect(
            run(.leadingAndTrailing, values: [1, 2, 3, 4], step: .milliseconds(400)) == [
                "1@0.0 seconds", "3@1.0 seconds", "4@2.0 seconds",
            ])
    }

    @Test func leadingFiresAtOnceAndDropsTheRestOfTheWindow() {
        #expect(run(.leading, values: [1, 2, 3, 4], step: .milliseconds(400)) == ["1@0.0 seconds", "4@1.2 seconds"])
    }

    @Test func trailingFiresOnlyAtTheEndOfTheWindow() {
        #expect(run(.trailing, values: [1, 2, 3, 4], step: .milliseconds(400)) == ["3@1.0 seconds", "4@2.0 seconds"])
    }

    @Test func aLoneFireMakesOneUpdateWhateverTheMode() {
        for firing in [ThrottleFiring.leading, .trailing, .leadingAndTrailing] {
            #expect(run(firing, values: [9], step: .zero).count == 1)
        }
    }

    @Test func twoUpdatesAreNeverCloserThanTheInterval() {
        let writes = run(.leadingAndTrailing, values: Array(1...50), step: .milliseconds(70))
        let offsets = writes.map { Double($0.split(separator: "@")[1].split(separator: " ")[0])! }
        #expect(writes.count >= 4)
        #expect(zip(offsets, offsets.dropFirst()).allSatisfy { $1 - $0 >= 1 - 1e-9 })
        #expect(writes.last?.hasPrefix("50@") == true)
    }

    @Test func teardownCancelsThePendingTrailingFire() {
        let clock = TestClock()
        let upstream = TestTrigger()
        let counter = Counter()
        let binding = Binding(source: Property(counter, \.value), destination: Property(counter, \.shown))
        let throttled = upstream.throttled(for: .seconds(1), clock: clock)
        binding.addTrigger(throttled)
        let recorder = BindingRecorder(binding)
        counter.value = 1
        upstream.fire()
        upstream.fire()
        #expect(throttled.isThrottling && recorder.updates.count == 1)
        binding.invalidate()
        #expect(!throttled.isThrottling && clock.scheduledCount == 0 && !upstream.isObserving)
        clock.advance(by: .seconds(2))
        #expect(recorder.updates.count == 1)
    }
}
