import Foundation
import PropertyBinding
import PropertyBindingControls
import PropertyBindingTesting
import Testing

@Suite struct TestTriggerTests {
    @Test func firesItsBindingAndCountsStartsStopsAndFires() {
        let person = Person()
        let field = TextField()
        let binding = Binding(source: Property(person, \.name), destination: Property(field, \.text))
        let trigger = TestTrigger()
        #expect(!trigger.isObserving && trigger.startCount == 0)

        binding.addTrigger(trigger)
        #expect(trigger.delegate === binding)
        #expect(trigger.isObserving && trigger.startCount == 1)

        person.name = "Ann"
        trigger.fire()
        #expect(field.text == "Ann")
        #expect(trigger.fireCount == 1)

        binding.invalidate()
        #expect(!trigger.isObserving && trigger.stopCount == 1)
        person.name = "Bea"
        trigger.fire()
        #expect(field.text == "Ann")
        #expect(trigger.fireCount == 2)
    }

    @Test func firingWithoutABindingDoesNothing() {
        let trigger = TestTrigger()
        trigger.fire()
        #expect(trigger.fireCount == 1 && trigger.delegate == nil)
    }

    @Test func aRemovedTriggerCanServeAnotherBinding() {
        let source = SpyProperty("Ann")
        let first = SpyProperty("")
        let second = SpyProperty("")
        let firstBinding = Binding(source: source, destination: first)
        let secondBinding = Binding(source: source, destination: second)
        let trigger = TestTrigger()

        firstBinding.addTrigger(trigger)
        firstBinding.removeTrigger(trigger)
        secondBinding.addTrigger(trigger)
        trigger.fire()

        #expect(first.writtenValues.isEmpty && second.writtenValues == ["Ann"])
        #expect(trigger.startCount == 2 && trigger.stopCount == 1 && trigger.isObserving)
    }

    @Test func canBeFiredFromManyThreadsAtOnce() {
        let source = SpyProperty(0)
        let destination = SpyProperty(0)
        let binding = Binding(source: source, destination: destination)
        let trigger = TestTrigger()
        binding.addTrigger(trigger)
        source.value = 5

        DispatchQueue.concurrentPerform(iterations: 200) { _ in trigger.fire() }

        #expect(trigger.fireCount == 200)
        #expect(destination.writtenValues == [5])  // written once, then equal
    }
}
