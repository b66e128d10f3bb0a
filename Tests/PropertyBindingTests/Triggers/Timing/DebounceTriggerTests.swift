import PropertyBindingTesting
import Testing

@testable import PropertyBinding

/// A model whose `value` is shown in its own `shown`.
private final class Counter {
    var value = 0
    var shown = 0
}

/// A binding from `counter.value` to `counter.shown` fired by `trigger`, recorded.
private func recordedBinding(_ counter: Counter, _ trigger: any Trigger) -> (
    Binding<Property<Counter, Int>, Property<Counter, Int>>, BindingRecorder<Int>
) {
    let binding = Binding(source: Property(counter, \.value), destination: Property(counter, \.shown))
    let recorder = BindingRecorder(binding)
    binding.addTrigger(trigger)
    return (binding, recorder)
}

@Suite struct DebounceTriggerTests {
    @Test func aBurstMakesOneUpdateAfterTheQuietPeriodWithTheLatestValue() {
        let clock = TestClock()
        let upstream = TestTrigger()
        let counter = Counter()
        let (binding, recorder) = recordedBinding(
            counter, upstream.debounced(for: .milliseconds(300), clock: clock))
        for value in 1...3 {
            counter.value = value
            upstream.fire()
            clock.advance(by: .milliseconds(200))  // never quiet for 300 ms
        }
        #expect(recorder.newValues.isEmpty)
        clock.advance(by: .milliseconds(99))
        #expect(recorder.newValues.isEmpty)
        clock.advance(by: .milliseconds(1))
        #expect(recorder.newValues == [3])
        #expect(recorder.updates.first?.wasFired(by: binding.triggers[0]) == true)
        clock.advance(by: .seconds(10))
        #expect(recorder.newValues == [3])
    }

    @Test func twoBurstsApartMakeTwoUpdates() {
        let clock = TestClock()
        let upstream = TestTrigger()
        let counter = Counter()
        let (binding, recorder) = recordedBinding(counter, upstream.debounced(for: .seconds(1), clock: clock))
        counter.value = 1
        upstream.fire()
        clock.advance(by: .seconds(1))
        counter.value = 2
        upstream.fire()
        upstream.fire()
        clock.advance(by: .seconds(1))
        #expect(recorder.newValues == [1, 2])
        withExtendedLifetime(binding) {}
    }

    @Test func teardownCancelsThePendingFireAndStopsTheWrappedTrigger() {
        let clock = TestClock()
        let upstream = TestTrigger()
        let counter = Counter()
        let debounced = upstream.debounced(for: .milliseconds(300), clock: clock)
        let (binding, recorder) = recordedBinding(counter, debounced)
        #expect(upstream.isObserving)
        counter.value = 1
        upstream.fire()
        #expect(debounced.hasPendingFire && clock.scheduledCount == 1)
        binding.invalidate()
        #expect(!upstream.isObserving && upstream.stopCount == 1)
        #expect(!debounced.hasPendingFire && clock.scheduledCount == 0)
        clock.advance(by: .seconds(1))
        upstream.fire()
        clock.advance(by: .seconds(1))
        #expect(recorder.newValues.isEmpty)
    }

    @Test func aTriggerAddedAgainAfterRemovalStartsAfresh() {
        let clock = TestClock()
        let upstream = TestTrigger()
        let counter = Counter()
        let debounced = upstream.debounced(for: .milliseconds(300), clock: clock)
        let (binding, recorder) = recordedBinding(counter, debounced)
        upstream.fire()
        binding.removeTrigger(debounced)
        binding.addTrigger(debounced)
        counter.value = 7
        upstream.fire()
        clock.advance(by: .milliseconds(300))
        #expect(recorder.newValues == [7])
    }

    @Test func aSystemClockFiresAfterRealTime() async {
        let upstream = TestTrigger()
        let counter = Counter()
        let (binding, recorder) = recordedBinding(counter, upstream.debounced(for: .milliseconds(10)))
        counter.value = 5
        upstream.fire()
        upstream.fire()
        #expect(await recorder.waitForUpdates(1, timeout: .seconds(5)))
        #expect(recorder.newValues == [5])
        withExtendedLifetime(binding) {}
    }

    @Test func theStateMachineMovesTheDeadlineInsteadOfStartingATimerPerFire() {
        var machine = DebounceStateMachine<TestClock.Instant>(interval: .seconds(1))
        let start = TestClock.Instant(offset: .zero)
        #expect(machine.upstreamFired(now: start).timer == start.advanced(by: .seconds(1)))
        #expect(machine.upstreamFired(now: start.advanced(by: .milliseconds(500))).timer == nil)
        let early = machine.timerExpired(generation: machine.generation, now: start.advanced(by: .seconds(1)))
        #expect(!early.fire && early.timer == start.advanced(by: .milliseconds(1500)))
        let late = machine.timerExpired(generation: machine.generation, now: start.advanced(by: .milliseconds(1500)))
        #expect(late.fire && late.timer == nil && !machine.isPending)
    }
}
