import Dispatch
import Foundation
import PropertyBinding
import PropertyBindingControls
import PropertyBindingTesting
import Testing

/// `delivered(on:)` loses no write: an update handed over to the thread that writes, a fire of a
/// trigger still heard coalesced with one removed, a placeholder for a deallocated object, a
/// two-way pair's discard.
@Suite struct DeliveryLosesNothingTests {
    final class Model: @unchecked Sendable {
        let lock = NSLock()
        var _name = ""
        var name: String {
            get { lock.withLock { _name } }
            set { lock.withLock { _name = newValue } }
        }
    }

    /// A label whose first write, on the queue, waits until the test lets it go.
    final class Label: @unchecked Sendable {
        var text = "" {
            didSet { duringWrite?() }
        }
        var duringWrite: (() -> Void)?
    }

    /// A destination whose write runs `onWrite`: a binding fired inside another's update.
    final class Hook: @unchecked Sendable {
        var onWrite: (() -> Void)?
        var value = "" {
            didSet { onWrite?() }
        }
    }

    @Test func anUpdateHandedOverToTheThreadThatWritesIsNotLost() {
        let model = Model()
        let label = Label()
        let queue = DispatchQueue(label: "delivery")
        let showName = Binding(source: Property(model, \.name), destination: Property(label, \.text)).delivered(
            on: queue)
        // Another binding, updated on another thread, fires `showName` inside its write: that
        // thread holds a gate, so it hands the update to the queue's thread, which holds `showName`'s.
        let source = Model()
        let hook = Hook()
        let relay = Binding(source: Property(source, \.name), destination: Property(hook, \.value))
        let handedOver = Locked<[String]>()
        hook.onWrite = { handedOver.append(showName.update().description) }

        let writing = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        var first = true
        label.duringWrite = {
            guard first else { return }
            first = false
            writing.signal()
            proceed.wait()
        }
        model.name = "Ann"
        showName.update()
        writing.wait()  // the queue's thread writes "Ann" and holds the gate
        model.name = "Bea"
        source.name = "go"
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            relay.update()
            done.signal()
        }
        done.wait()
        #expect(handedOver.value == ["deferred"])
        proceed.signal()
        queue.sync {}
        queue.sync {}
        #expect(label.text == "Bea")
    }

    @Test func aFireOfATriggerStillHeardIsWrittenWhenAnotherCoalescedWithItIsRemoved() {
        let model = Model()
        let label = Label()
        let queue = BindingDeliveryTests.suspendedQueue()
        let (triggerA, triggerB) = (TestTrigger(), TestTrigger())
        let showName = Binding(source: Property(model, \.name), destination: Property(label, \.text)).delivered(
            on: queue)
        showName.addTrigger(triggerA)
        showName.addTrigger(triggerB)
        model.name = "Ann"
        triggerA.fire()
        model.name = "Bea"
        triggerB.fire()  // the queue is busy: coalesced with A's fire
        showName.removeTrigger(triggerB)
        BindingDeliveryTests.drain(queue)
        #expect(label.text == "Bea")
        #expect(showName.updateCounts.written == 1)
    }

    @Test func aCallByHandIsWrittenWhenATriggerCoalescedWithItIsRemoved() {
        let model = Model()
        let label = Label()
        let queue = BindingDeliveryTests.suspendedQueue()
        let trigger = TestTrigger()
        let showName = Binding(source: Property(model, \.name), destination: Property(label, \.text)).delivered(
            on: queue)
        showName.addTrigger(trigger)
        model.name = "Ann"
        showName.update()
        trigger.fire()
        showName.removeTrigger(trigger)
        BindingDeliveryTests.drain(queue)
        #expect(label.text == "Ann")
    }

    @Test func onlyFiresOfRemovedTriggersAreDropped() {
        let model = Model()
        let label = Label()
        let queue = BindingDeliveryTests.suspendedQueue()
        let (triggerA, triggerB) = (TestTrigger(), TestTrigger())
        let showName = Binding(source: Property(model, \.name), destination: Property(label, \.text)).delivered(
            on: queue)
        showName.addTrigger(triggerA)
        showName.addTrigger(triggerB)
        model.name = "Ann"
        triggerA.fire()
        triggerB.fire()
        showName.removeTrigger(triggerA)
        showName.removeTrigger(triggerB)
        BindingDeliveryTests.drain(queue)
        #expect(label.text == "")
    }

    @Test func aPlaceholderForADeallocatedObjectIsShownBeforeTheBindingEnds() {
        let label = Label()
        let queue = BindingDeliveryTests.suspendedQueue()
        let trigger = TestTrigger()
        let set = BindingSet()
        var model: Model? = Model()
        model?.name = "Ann"
        let showName = Binding(
            source: Property(model!, \.name).placeholder(whenDeallocated: "(gone)"),
            destination: Property(label, \.text)
        ).delivered(on: queue)
        showName.addTrigger(trigger)
        set.add(showName)
        model = nil
        let failures = DefaultErrorRouting.failures(of: showName) {
            trigger.fire()
            BindingDeliveryTests.drain(queue)
        }
        #expect(label.text == "(gone)")
        #expect(failures.isEmpty)
        #expect(!showName.isValid)
        #expect(!trigger.isObserving)
        #expect(set.count == 0)
    }

    final class Person: KeyPathObservable {
        let keyPathObservers = KeyPathObservers()
        @Announced var name = "Ann"
    }

    @Test func discardOfANonContinuousPairWhoseModelToFormIsDeliveredRestoresTheForm() throws {
        let person = Person()
        let field = TextField()
        let queue = BindingDeliveryTests.suspendedQueue()
        let pair = try TwoWayBinding(
            "name", model: Property(person, \.name), form: Property(field, \.text), triggers: .standard,
            continuous: false)
        pair.toForm.delivered(on: queue)
        field.simulateTyping("Bea")
        #expect(pair.hasPendingEdit)
        pair.discard()
        #expect(field.text == "Ann")
        #expect(!pair.hasPendingEdit)
        BindingDeliveryTests.drain(queue)
        #expect(field.text == "Ann")
        #expect(!pair.hasPendingEdit)
        #expect(person.name == "Ann")
        // The pair goes on: a later model change is delivered, an edit waits for a commit.
        person.name = "Cid"
        queue.sync {}
        #expect(field.text == "Cid")
        field.simulateTyping("Dan")
        #expect(pair.commit().didWrite)
        #expect(person.name == "Dan")
    }

    @Test func discardOfAFormWhoseFieldsAreDeliveredRestoresEveryField() throws {
        let person = Person()
        let (nameField, otherField) = (TextField(), TextField())
        let other = Person()
        let queue = BindingDeliveryTests.suspendedQueue()
        let name = try TwoWayBinding(
            "name", model: Property(person, \.name), form: Property(nameField, \.text), triggers: .standard)
        let otherName = try TwoWayBinding(
            "other", model: Property(other, \.name), form: Property(otherField, \.text), triggers: .standard)
        let form = BindingForm([name, otherName], continuous: false)
        name.toForm.delivered(on: queue)
        otherName.toForm.delivered(on: queue)
        nameField.simulateTyping("Bea")
        otherField.simulateTyping("Cid")
        #expect(form.hasPendingEdits)
        form.discard()
        #expect((nameField.text, otherField.text) == ("Ann", "Ann"))
        #expect(!form.hasPendingEdits)
        BindingDeliveryTests.drain(queue)
        #expect((nameField.text, otherField.text) == ("Ann", "Ann"))
        #expect(!form.hasPendingEdits)
    }
}
