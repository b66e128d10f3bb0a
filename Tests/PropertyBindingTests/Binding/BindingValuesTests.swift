import Dispatch
import PropertyBindingTesting
import Testing

@testable import PropertyBinding

private final class Note {
    var text = ""
    var shown = ""
}

@Suite struct BindingValuesTests {
    @Test func theWrittenValuesArriveInOrderForAwait() async {
        let note = Note()
        let trigger = TestTrigger()
        var binding: Binding? = Binding(source: Property(note, \.text), destination: Property(note, \.shown))
        binding?.addTrigger(trigger)
        let values = binding!.values()
        for text in ["a", "a", "b"] {
            note.text = text
            trigger.fire()  // the second "a" is equal: not written, not an element
        }
        binding = nil  // the sequence ends with its binding
        var received: [String] = []
        for await value in values { received.append(value) }
        #expect(received == ["a", "b"])
    }

    @Test func theHandlerSetBeforeKeepsBeingCalled() {
        let note = Note()
        let binding = Binding(source: Property(note, \.text), destination: Property(note, \.shown))
        let calls = Locked(0)
        binding.onUpdate = { _ in calls.withLock { $0 += 1 } }
        _ = binding.values()
        note.text = "x"
        binding.update()
        #expect(calls.value == 1)
    }

    @Test func aRecordersValuesArriveForAwait() async {
        let note = Note()
        let trigger = TestTrigger()
        let binding = Binding(source: Property(note, \.text), destination: Property(note, \.shown))
        binding.addTrigger(trigger)
        let recorder = BindingRecorder(binding)
        var values = recorder.values().makeAsyncIterator()
        note.text = "Ann"
        trigger.fire()
        #expect(await values.next() == "Ann")
    }

    @Test func droppedStreamsAreLetGoAndAnUpdateStillWorks() async {
        // Each dropped stream used to stay chained in `onUpdate`: 100,000 of them made an update
        // recurse 100,000 deep and overflow the stack.
        let note = Note()
        let trigger = TestTrigger()
        let binding = Binding(source: Property(note, \.text), destination: Property(note, \.shown))
        binding.addTrigger(trigger)
        var live = binding.values().makeAsyncIterator()
        for _ in 0..<100_000 { _ = binding.values() }
        #expect(binding.liveValueStreamCount == 1)  // the one still iterated
        note.text = "a"
        trigger.fire()
        #expect(note.shown == "a")
        #expect(await live.next() == "a")
    }

    @Test func aStreamLeftByItsLoopIsLetGo() async {
        let note = Note()
        let binding = Binding(source: Property(note, \.text), destination: Property(note, \.shown))
        var stream: AsyncStream<String>? = binding.values()
        note.text = "a"
        binding.update()
        for await value in stream! {
            #expect(value == "a")
            break
        }
        #expect(binding.liveValueStreamCount == 1)  // `stream` still holds it
        stream = nil
        #expect(binding.liveValueStreamCount == 0)
    }

    @Test func aStreamWhoseTaskIsCancelledIsLetGo() async {
        let note = Note()
        let binding = Binding(source: Property(note, \.text), destination: Property(note, \.shown))
        let stream = binding.values()
        let listening = Task {
            for await _ in stream {}
        }
        listening.cancel()
        await listening.value
        #expect(binding.liveValueStreamCount == 0)
    }

    @Test func aLiveStreamEndsWhenItsBindingIsDeallocated() async {
        let note = Note()
        let trigger = TestTrigger()
        var binding: Binding? = Binding(source: Property(note, \.text), destination: Property(note, \.shown))
        binding?.addTrigger(trigger)
        var values = binding!.values().makeAsyncIterator()
        for _ in 0..<1_000 { _ = binding!.values() }
        note.text = "a"
        trigger.fire()
        #expect(await values.next() == "a")
        binding = nil
        #expect(await values.next() == nil)
    }

    @Test func settingOnUpdateLaterNeitherReplacesNorEndsTheStreams() async {
        let note = Note()
        let binding = Binding(source: Property(note, \.text), destination: Property(note, \.shown))
        var values = binding.values().makeAsyncIterator()
        let calls = Locked(0)
        binding.onUpdate = { _ in calls.withLock { $0 += 1 } }
        note.text = "a"
        binding.update()
        binding.onUpdate = nil
        #expect(binding.onUpdate == nil)  // the streams are not a handler
        note.text = "b"
        binding.update()
        #expect(calls.value == 1)
        #expect(binding.liveValueStreamCount == 1)
        #expect(await values.next() == "a")
        #expect(await values.next() == "b")
    }

    @Test func streamsMadeAndDroppedOnManyThreadsWhileUpdating() {
        let model = LockedModel()
        let view = UnlockedView()
        let binding = Binding(source: Property(model, \.value), destination: Property(view, \.value))
        let handlerCalls = Locked(0)
        binding.onUpdate = { _ in handlerCalls.withLock { $0 += 1 } }
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for round in 1...500 {
                if thread == 0 {
                    model.value = round
                    binding.update()
                } else {
                    _ = binding.values()
                }
            }
        }
        #expect(handlerCalls.value == 500)
        #expect(view.value == 500)
        #expect(binding.liveValueStreamCount == 0)
    }
}
