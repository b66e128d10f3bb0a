import PropertyBinding
import PropertyBindingTesting
import Testing

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
}
