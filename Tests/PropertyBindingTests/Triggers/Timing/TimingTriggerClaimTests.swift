import Foundation
import PropertyBinding
import PropertyBindingTesting
import Testing

/// A model whose `value` is shown in its own `shown`.
private final class Counter: @unchecked Sendable {
    var value = 0
    var shown = 0
}

/// Two bindings, each from a counter's `value` to its `shown`.
private func twoBindings() -> [Binding<Property<Counter, Int>, Property<Counter, Int>>] {
    (0..<2).map { _ in
        let counter = Counter()
        return Binding(source: Property(counter, \.value), destination: Property(counter, \.shown))
    }
}

/// A debounced or a throttled trigger around `upstream`, on a test clock.
private func wrap(_ upstream: any Trigger, throttled: Bool) -> any Trigger & Sendable {
    throttled
        ? upstream.throttled(for: .milliseconds(10), clock: TestClock())
        : upstream.debounced(for: .milliseconds(10), clock: TestClock())
}

/// What a stopped child process wrote to standard error.
private func stopMessage(_ result: ExitTest.Result?) -> String {
    String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
}

/// A trigger serves one binding, also through a debounced or throttled trigger that wraps it: taking
/// it from the binding it serves stops the program, in either order and under a race, as adding
/// it to a second binding directly does (it used to leave one binding silently deaf).
@Suite struct TimingTriggerClaimTests {
    @Test(arguments: [false, true])
    func wrappingATriggerThatServesABindingForAnotherStopsTheProgram(throttled: Bool) async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            [throttled] in
            let bindings = twoBindings()
            let upstream = TestTrigger()
            bindings[0].addTrigger(upstream)
            bindings[1].addTrigger(wrap(upstream, throttled: throttled))
        }
        #expect(stopMessage(result).contains("TestTrigger already belongs to another binding"))
    }

    @Test(arguments: [false, true])
    func addingAWrappedTriggerToAnotherBindingStopsTheProgram(throttled: Bool) async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            [throttled] in
            let bindings = twoBindings()
            let upstream = TestTrigger()
            bindings[1].addTrigger(wrap(upstream, throttled: throttled))
            bindings[0].addTrigger(upstream)
        }
        let wrapper = throttled ? "ThrottleTrigger" : "DebounceTrigger"
        #expect(stopMessage(result).contains("TestTrigger already belongs to a running \(wrapper)"))
    }

    @Test func aSecondWrapperOfOneTriggerStopsTheProgram() async {
        await #expect(processExitsWith: .failure) {
            let bindings = twoBindings()
            let upstream = TestTrigger()
            bindings[0].addTrigger(wrap(upstream, throttled: false))
            bindings[1].addTrigger(wrap(upstream, throttled: true))
        }
    }

    @Test(arguments: [false, true])
    func addingATriggerAndItsWrapperToTwoBindingsAtOnceStopsTheProgram(throttled: Bool) async {
        let result = await #expect(processExitsWith: .failure) { [throttled] in
            for _ in 0..<200 {
                let bindings = twoBindings()
                let upstream = TestTrigger()
                let wrapper = wrap(upstream, throttled: throttled)
                let meeting = ThreadMeeting(2)
                _ = runOnThreads(
                    timeout: 20,
                    [
                        {
                            meeting.arrive()
                            bindings[0].addTrigger(upstream)
                        },
                        {
                            meeting.arrive()
                            bindings[1].addTrigger(wrapper)
                        },
                    ])
                // Both took it: the silent failure. Exit with a code the test tells apart.
                if bindings.allSatisfy({ !$0.triggers.isEmpty }) { exit(3) }
            }
        }
        // A trap (the precondition), not the exit code of "both took it".
        if case .exitCode(let code)? = result?.exitStatus {
            Issue.record("exited with code \(code): both bindings took the trigger")
        }
    }

    @Test(arguments: [false, true])
    func aTriggerLetGoByItsWrapperServesAnotherBinding(throttled: Bool) {
        let counters = [Counter(), Counter()]
        let bindings = counters.map { Binding(source: Property($0, \.value), destination: Property($0, \.shown)) }
        let upstream = TestTrigger()
        let wrapper = wrap(upstream, throttled: throttled)
        bindings[1].addTrigger(wrapper)
        bindings[1].removeTrigger(wrapper)
        bindings[0].addTrigger(upstream)
        counters[0].value = 1
        upstream.fire()
        #expect(counters[0].shown == 1)
        // …and back: removed from the binding, it can be wrapped again.
        bindings[0].removeTrigger(upstream)
        let again = wrap(upstream, throttled: true)
        bindings[1].addTrigger(again)
        counters[1].value = 2
        upstream.fire()  // a leading fire
        #expect(counters[1].shown == 2)
        #expect(bindings.map(\.triggers.count) == [0, 1])
    }
}
