import Dispatch
import Foundation
import PropertyBinding
import PropertyBindingControls
import PropertyBindingTesting
import Testing

/// `delivered(on:)`, tested with a suspended queue: nothing is written until the test lets the
/// queue run, so every step is deterministic.
@Suite struct BindingDeliveryTests {
    final class Model { var name = "" }
    final class Label: @unchecked Sendable {
        var text = "" {
            didSet {
                writes += 1
                writtenOnQueue = DispatchQueue.getSpecific(key: BindingDeliveryTests.queueKey) ?? false
            }
        }
        var writes = 0
        var writtenOnQueue = false
    }

    static let queueKey = DispatchSpecificKey<Bool>()

    /// A serial queue, suspended: the test resumes it and waits for what it ran.
    static func suspendedQueue() -> DispatchQueue {
        let queue = DispatchQueue(label: "delivery")
        queue.setSpecific(key: queueKey, value: true)
        queue.suspend()
        return queue
    }

    static func drain(_ queue: DispatchQueue) {
        queue.resume()
        queue.sync {}
    }

    /// A model's name delivered to a label on a suspended queue, fired by a test trigger.
    struct Delivered {
        let model = Model()
        let label = Label()
        let queue = BindingDeliveryTests.suspendedQueue()
        let trigger = TestTrigger()
        let binding: Binding<Property<Model, String>, Property<Label, String>>

        init() {
            binding = Binding(source: Property(model, \.name), destination: Property(label, \.text)).delivered(
                on: queue)
            binding.addTrigger(trigger)
        }
    }

    @Test func writesOnlyOnTheQueue() {
        let delivered = Delivered()
        let (model, label, queue, trigger, binding) = (
            delivered.model, delivered.label, delivered.queue, delivered.trigger, delivered.binding
        )
        model.name = "Ann"
        trigger.fire()
        #expect(binding.update().description == "scheduled")
        #expect(label.writes == 0)
        Self.drain(queue)
        #expect(label.text == "Ann")
        #expect(label.writtenOnQueue)
        #expect(binding.updateCounts == UpdateCounts(written: 1, skipped: 0, failed: 0))
    }

    @Test func aBurstCoalescesIntoOneWriteOfTheLatestValue() {
        let delivered = Delivered()
        let (model, label, queue, trigger, _) = (
            delivered.model, delivered.label, delivered.queue, delivered.trigger, delivered.binding
        )
        for index in 0..<1_000 {
            model.name = "v\(index)"
            trigger.fire()
        }
        Self.drain(queue)
        #expect(label.writes == 1)
        #expect(label.text == "v999")
        // Later fires schedule a new write.
        model.name = "again"
        trigger.fire()
        queue.sync {}
        #expect(label.writes == 2)
        #expect(label.text == "again")
    }

    @Test func nothingIsWrittenAfterInvalidate() {
        let delivered = Delivered()
        let (model, label, queue, trigger, binding) = (
            delivered.model, delivered.label, delivered.queue, delivered.trigger, delivered.binding
        )
        model.name = "Ann"
        trigger.fire()
        binding.invalidate()
        Self.drain(queue)
        #expect(label.writes == 0)
    }

    @Test func nothingIsWrittenAfterRemoveTriggerOrRemoveAll() {
        let model = Model()
        let label = Label()
        let queue = Self.suspendedQueue()
        let trigger = TestTrigger()
        let set = BindingSet()
        let binding = Binding(source: Property(model, \.name), destination: Property(label, \.text)).delivered(
            on: queue)
        binding.addTrigger(trigger)
        set.add(binding)
        model.name = "Ann"
        trigger.fire()
        binding.removeTrigger(trigger)
        Self.drain(queue)
        #expect(label.writes == 0)

        let other = Self.suspendedQueue()
        let second = TestTrigger()
        let binding2 = Binding(source: Property(model, \.name), destination: Property(label, \.text)).delivered(
            on: other)
        binding2.addTrigger(second)
        set.add(binding2)
        second.fire()
        set.removeAll()
        Self.drain(other)
        #expect(label.writes == 0)
    }

    @Test func aReleasedBindingWritesNothing() {
        let model = Model()
        let label = Label()
        let queue = Self.suspendedQueue()
        var binding: Binding<Property<Model, String>, Property<Label, String>>? =
            Binding(source: Property(model, \.name), destination: Property(label, \.text)).delivered(on: queue)
        model.name = "Ann"
        binding?.update()
        binding = nil
        Self.drain(queue)
        #expect(label.writes == 0)
    }

    @Test func anEqualValueIsNotWrittenAndFailuresAreReportedOnTheQueue() {
        let model = Model()
        var label: Label? = Label()
        let queue = Self.suspendedQueue()
        let binding = Binding(source: Property(model, \.name), destination: Property(label!, \.text)).delivered(
            on: queue)
        let reported = Locked<[String]>()
        binding.onError = { failure in reported.append("\(failure.stage)") }
        binding.update()
        Self.drain(queue)
        #expect(label?.writes == 0)
        #expect(binding.updateCounts == UpdateCounts(written: 0, skipped: 1, failed: 0))
        label = nil
        model.name = "Bea"
        binding.update()
        queue.sync {}
        #expect(reported.value == ["writingDestination"])
        #expect(!binding.isValid)
    }

    @Test func firesFromManyThreadsEndWithTheLatestValue() {
        final class Shared: @unchecked Sendable {
            let lock = NSLock()
            var _value = 0
            var value: Int {
                get { lock.withLock { _value } }
                set { lock.withLock { _value = newValue } }
            }
        }
        final class Sink: @unchecked Sendable { var value = 0 }
        let model = Shared()
        let sink = Sink()
        let queue = Self.suspendedQueue()
        let binding = Binding(source: Property(model, \.value), destination: Property(sink, \.value)).delivered(
            on: queue)
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for step in 0..<250 {
                model.value = thread * 1000 + step
                binding.update()
            }
        }
        model.value = -1
        binding.update()
        Self.drain(queue)
        #expect(sink.value == -1)
    }

    @Test func aTwoWayPairDeliversItsModelToFormDirection() throws {
        final class Person: KeyPathObservable {
            let keyPathObservers = KeyPathObservers()
            @Announced var name = "Ann"
        }
        let person = Person()
        let field = TextField()
        let queue = Self.suspendedQueue()
        let pair = try TwoWayBinding(
            "name", model: Property(person, \.name), form: Property(field, \.text), triggers: .standard)
        #expect(field.text == "Ann")
        pair.toForm.delivered(on: queue)
        person.name = "Bea"
        #expect(field.text == "Ann")
        // The user edits before the queue runs: the edit reaches the model at once, and the
        // scheduled write does not overwrite it.
        field.simulateTyping("Cid")
        #expect(person.name == "Cid")
        Self.drain(queue)
        #expect(field.text == "Cid")
        person.name = "Dan"
        queue.sync {}
        #expect(field.text == "Dan")
    }
}
