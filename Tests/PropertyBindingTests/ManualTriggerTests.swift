import PropertyBinding
import Testing

// The README's custom trigger, exactly as a user writes it in their own Swift 6 module.
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
        #expect(trigger.delegate === binding)
        counter.count = 3
        trigger.fire()
        #expect(label.text == "3 taps")
    }

    @Test func aRemovedTriggerNoLongerUpdates() {
        let counter = Counter()
        let label = Label()
        let binding = Binding(source: Property(counter, \.count).map { "\($0)" }, destination: Property(label, \.text))
        let trigger = ManualTrigger()
        binding.addTrigger(trigger)
        binding.removeTrigger(trigger)
        counter.count = 9
        trigger.fire()
        #expect(label.text == "")
        #expect(binding.triggers.isEmpty)
    }
}
