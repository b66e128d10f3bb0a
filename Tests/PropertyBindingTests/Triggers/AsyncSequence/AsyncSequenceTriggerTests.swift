import Foundation
import PropertyBinding
import PropertyBindingTesting
import Testing

private final class Inbox {
    var count = 0
    var shown = 0
}

@Suite struct AsyncSequenceTriggerTests {
    @Test func eachElementFiresTheBinding() async {
        let (events, continuation) = AsyncStream.makeStream(of: Int.self)
        let inbox = Inbox()
        let binding = Binding(source: Property(inbox, \.count), destination: Property(inbox, \.shown))
        let recorder = BindingRecorder(binding)
        binding.addTrigger(AsyncSequenceTrigger(events))
        inbox.count = 1
        continuation.yield(1)
        #expect(await recorder.waitForDestination(toHold: 1))
        inbox.count = 2
        continuation.yield(2)
        #expect(await recorder.waitForDestination(toHold: 2))
        #expect(recorder.newValues == [1, 2])
    }

    @Test func aSequenceThatEndsLeavesTheTriggerNotObserving() async {
        let (events, continuation) = AsyncStream.makeStream(of: Int.self)
        let inbox = Inbox()
        let binding = Binding(source: Property(inbox, \.count), destination: Property(inbox, \.shown))
        let recorder = BindingRecorder(binding)
        let trigger = AsyncSequenceTrigger(events)
        binding.addTrigger(trigger)
        #expect(trigger.isObserving)
        inbox.count = 1
        continuation.yield(1)
        continuation.finish()
        #expect(await recorder.waitForUpdates(1))
        let deadline = ContinuousClock.now + .seconds(5)
        while trigger.isObserving && ContinuousClock.now < deadline { await Task.yield() }
        #expect(!trigger.isObserving, "the iteration ended with the sequence")
    }

    @Test func tornDownMidStreamItStopsConsuming() async {
        let (events, continuation) = AsyncStream.makeStream(of: Int.self)
        let terminated = AsyncStream.makeStream(of: Void.self)
        continuation.onTermination = { _ in terminated.continuation.yield() }
        let inbox = Inbox()
        let binding = Binding(source: Property(inbox, \.count), destination: Property(inbox, \.shown))
        let recorder = BindingRecorder(binding)
        let trigger = AsyncSequenceTrigger(events)
        binding.addTrigger(trigger)
        inbox.count = 1
        continuation.yield(1)
        #expect(await recorder.waitForUpdates(1))

        binding.invalidate()
        #expect(!trigger.isObserving)
        var termination = terminated.stream.makeAsyncIterator()
        #expect(await termination.next() != nil)  // the iterating task was cancelled
        inbox.count = 2
        if case .terminated = continuation.yield(2) {} else { Issue.record("the stream is still consumed") }
        #expect(recorder.newValues == [1])
    }

    #if canImport(Darwin)  // `notifications(named:)` is not in swift-corelibs-foundation
        @Test func notificationsOfTheCenterFireIt() async {
            let center = NotificationCenter()
            let name = Notification.Name("AsyncSequenceTriggerTests.inboxDidChange")
            let inbox = Inbox()
            let binding = Binding(source: Property(inbox, \.count), destination: Property(inbox, \.shown))
            let recorder = BindingRecorder(binding)
            binding.addTrigger(AsyncSequenceTrigger(center.notifications(named: name)))
            inbox.count = 3
            // The task subscribes to the center when it first iterates: post until it hears.
            var heard = false
            for _ in 0..<200 where !heard {
                center.post(name: name, object: nil)
                heard = await recorder.waitForUpdates(1, timeout: .milliseconds(25))
            }
            #expect(heard && inbox.shown == 3)
        }
    #endif
}
