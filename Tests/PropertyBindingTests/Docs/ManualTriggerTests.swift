import PropertyBinding
import PropertyBindingControls
import PropertyBindingTesting
import Testing

// The custom trigger of the Triggers in detail article, exactly as a user writes it in their own Swift 6 module.
final class ManualTrigger: Trigger {
    weak var delegate: (any TriggerDelegate)?
    func fire() { delegate?.triggerDidFire(self) }
}

private final class Counter { var count = 0 }
private final class Label { var text = "" }

@Suite struct ManualTriggerTests {
    @Test func aUserWrittenTriggerFiresItsBinding() {
        let counter = Counter()
        let label = Label()
        let binding = Binding(
            source: Property(counter, \.count).map { "\($0) taps" }, destination: Property(label, \.text))
        let trigger = ManualTrigger()
        binding.addTrigger(trigger)
        let recorder = BindingRecorder(binding)
        #expect(trigger.delegate === binding)
        counter.count = 3
        #expect(recorder.destination(holds: "3 taps") { trigger.fire() })
        #expect(recorder.updates.count == 1)
        #expect(recorder.updates.first?.wasFired(by: trigger) == true)
        #expect(recorder.updates.first?.oldValue == "")
    }

    @Test func aRemovedTriggerNoLongerUpdates() {
        let counter = Counter()
        let label = SpyProperty("")
        let binding = Binding(source: Property(counter, \.count).map { "\($0)" }, destination: label)
        let trigger = ManualTrigger()
        binding.addTrigger(trigger)
        binding.removeTrigger(trigger)
        let recorder = BindingRecorder(binding)
        counter.count = 9
        #expect(recorder.producesNoUpdate { trigger.fire() })
        #expect(label.value == "" && label.writeCount == 0)
        #expect(binding.triggers.isEmpty)
    }
}
