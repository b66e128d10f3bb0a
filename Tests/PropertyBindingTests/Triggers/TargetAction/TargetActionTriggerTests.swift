import PropertyBinding
import PropertyBindingControls
import PropertyBindingTesting
import Testing

private final class Person {
    var name = ""
    var age = 0
}

@Suite struct TargetActionTriggerTests {
    init() { DefaultErrorRouting.install }

    @Test func firesForItsEventsOnlyBeforeTheActionReturns() {
        let field = TextField()
        let person = Person()
        let storeName = Binding(source: Property(field, \.text), destination: Property(person, \.name))
        let trigger = TargetActionTrigger(control: field, events: .editingChanged)
        storeName.addTrigger(trigger)
        let recorder = BindingRecorder(storeName)

        #expect(recorder.destination(holds: "Ann") { field.simulateTyping("Ann") })
        field.text = "Bob"  // from code: no event
        #expect(recorder.producesNoUpdate { field.endEditing() })  // .editingDidEnd: not watched
        #expect(person.name == "Ann")
        #expect(recorder.updates.first?.wasFired(by: trigger) == true)
    }

    @Test func aStepperFiresOnValueChanged() {
        let stepper = Stepper(value: 41, maximumValue: 150)
        let person = Person()
        let storeAge = Binding(source: Property(stepper, \.intValue), destination: Property(person, \.age))
        storeAge.addTrigger(TargetActionTrigger(control: stepper, events: .valueChanged))
        stepper.simulateIncrement()
        #expect(person.age == 42)
    }

    @Test func teardownRemovesItsTargetAndNoOther() {
        let field = TextField()
        let person = Person()
        let other = Person()
        let bindings = BindingSet()
        let storeName = Binding(source: Property(field, \.text), destination: Property(person, \.name))
        let trigger = TargetActionTrigger(control: field, events: [.editingChanged, .editingDidEnd])
        storeName.addTrigger(trigger)
        bindings.add(storeName)
        let keep = Binding(source: Property(field, \.text), destination: Property(other, \.name))
        keep.addTrigger(TargetActionTrigger(control: field, events: .editingChanged))
        #expect(field.actionCount() == 2)
        #expect(trigger.isObserving)

        bindings.removeAll()
        #expect(field.actionCount() == 1)
        #expect(!trigger.isObserving)
        field.simulateTyping("Ann")
        #expect(person.name == "")
        #expect(other.name == "Ann")
    }

    @Test func releasingTheBindingRemovesItsTarget() {
        let field = TextField()
        let person = Person()
        do {
            let storeName = Binding(source: Property(field, \.text), destination: Property(person, \.name))
            storeName.addTrigger(TargetActionTrigger(control: field, events: .editingChanged))
            #expect(field.actionCount() == 1)
        }
        #expect(field.actionCount() == 0)
    }

    @Test func aDeadDestinationIsAFailureNotACrash() {
        let field = TextField()
        var person: Person? = Person()
        let storeName = Binding(source: Property(field, \.text), destination: Property(person!, \.name))
        storeName.addTrigger(TargetActionTrigger(control: field, events: .editingChanged))
        person = nil
        field.simulateTyping("Ann")
        #expect(storeName.lastError?.stage == .writingDestination)
        #expect(lastPropertyError(storeName) == .objectDeallocated(root: "Person", keyPath: "\\Person.name"))
    }

    @Test func aControlThatGoesEndsTheBindingsOnlyItFiresSilently() {
        var field: TextField? = TextField()
        let person = Person()
        let bindings = BindingSet()
        let storeName = Binding(source: Property(field!, \.text), destination: Property(person, \.name))
        let trigger = TargetActionTrigger(control: field!, events: .editingChanged)
        storeName.addTrigger(trigger)
        bindings.add(storeName)
        field = nil
        #expect(trigger.control == nil)
        #expect(!storeName.isValid)
        #expect(bindings.count == 0)
        #expect(storeName.lastError == nil)
        storeName.triggerDidFire(trigger)  // a late fire is harmless
        guard case .invalidated = storeName.update() else {
            Issue.record("the binding should have ended")
            return
        }
        #expect(!trigger.isObserving)
    }

    @Test func aBindingWithAnotherTriggerLivesOnWhenOneControlGoes() {
        var button: Button? = Button(title: "Refresh")
        let model = AnnouncingPerson()
        let label = PlainLabel()
        let showName = Binding(source: Property(model, \.name), destination: Property(label, \.text))
        showName.addTrigger(KeyPathTrigger(model, \.name))
        showName.addTrigger(TargetActionTrigger(control: button!, events: .primaryActionTriggered))
        button = nil
        #expect(showName.isValid)
        model.name = "Ann"
        #expect(label.text == "Ann")
    }

    @Test func aTwoWayPairOfAnnouncingFieldsSettlesWithoutRecursion() {
        let left = AnnouncingTextField()
        let right = AnnouncingTextField()
        let toRight = Binding(source: Property(left, \.text), destination: Property(right, \.announcedText))
        toRight.addTrigger(TargetActionTrigger(control: left, events: .editingChanged))
        let toLeft = Binding(source: Property(right, \.text), destination: Property(left, \.announcedText))
        toLeft.addTrigger(TargetActionTrigger(control: right, events: .editingChanged))

        left.simulateTyping("Ann")
        #expect(right.text == "Ann")
        right.announcedText = "Bob"  // announced from code, too
        #expect(left.text == "Bob")
        #expect(left.writes == 1)
        #expect(right.writes == 2)
    }

    @Test func neitherSideKeepsTheOtherAlive() {
        weak var weakField: TextField?
        weak var weakTrigger: TargetActionTrigger?
        do {
            let field = TextField()
            weakField = field
            let trigger = TargetActionTrigger(control: field, events: .editingChanged)
            weakTrigger = trigger
            trigger.startObserving()
        }
        #expect(weakField == nil)
        #expect(weakTrigger == nil)
    }

    /// A trigger's registration on the control narrowed by `removeTarget(nil, for:)` keeps its
    /// other events (as any action does), and the trigger's teardown still removes it.
    @Test func removeTargetNarrowsATriggersEventsAndTeardownStillRemovesIt() {
        let field = TextField()
        let person = Person()
        let storeName = Binding(source: Property(field, \.text), destination: Property(person, \.name))
        let trigger = TargetActionTrigger(control: field, events: [.editingChanged, .editingDidEnd])
        storeName.addTrigger(trigger)

        field.removeTarget(nil, for: .editingChanged)
        #expect(field.events(for: trigger) == .editingDidEnd)
        field.simulateTyping("Ann")  // .editingChanged: no longer sent to the trigger
        #expect(person.name == "")
        field.endEditing()  // .editingDidEnd: still is
        #expect(person.name == "Ann")
        #expect(field.actionCount() == 1)

        storeName.removeTrigger(trigger)
        #expect(field.actionCount() == 0)
        #expect(!trigger.isObserving)
        trigger.startObserving()  // whole again, for its own events
        #expect(field.events(for: trigger) == [.editingChanged, .editingDidEnd])
        trigger.stopObserving()
        #expect(field.actionCount() == 0)
    }

    /// Removing every target takes the trigger's registration too; stopping it later is harmless
    /// and starting it again registers it again.
    @Test func removeTargetOfEveryTargetTakesTheTriggerToo() {
        let field = TextField()
        let person = Person()
        let storeName = Binding(source: Property(field, \.text), destination: Property(person, \.name))
        let trigger = TargetActionTrigger(control: field, events: .editingChanged)
        storeName.addTrigger(trigger)
        field.removeTarget(nil)
        #expect(field.actionCount() == 0)
        field.simulateTyping("Ann")
        #expect(person.name == "")
        #expect(!trigger.isObserving)
        trigger.startObserving()
        field.simulateTyping("Bob")
        #expect(person.name == "Bob")
    }

    /// Actions and triggers run in the order they were added, whichever kind each is.
    @Test func actionsAndTriggersRunInTheOrderAdded() {
        final class Log: @unchecked Sendable {  // used on this thread only
            var entries: [String] = []
            func first() { entries.append("first") }
            func last() { entries.append("last") }
        }
        let stepper = Stepper(value: 0, maximumValue: 10)
        let log = Log()
        let person = Person()
        stepper.addTarget(log, action: Log.first, for: .valueChanged)
        let storeAge = Binding(source: Property(stepper, \.intValue), destination: Property(person, \.age))
        storeAge.onUpdate = { [log] _ in log.entries.append("binding") }
        storeAge.addTrigger(TargetActionTrigger(control: stepper, events: .valueChanged))
        stepper.addTarget(log, action: Log.last, for: .valueChanged)
        stepper.simulateIncrement()
        #expect(log.entries == ["first", "binding", "last"])
        #expect(person.age == 1)
    }

    /// A started trigger whose last reference is the control's: taking its registration away
    /// releases it after the control's lock is let go (its stop, in its deinit, takes that lock).
    @Test func removeTargetReleasesATriggerOnlyTheControlHeldWithoutDeadlock() {
        final class CountingDelegate: TriggerDelegate, @unchecked Sendable {  // one thread
            var fired = 0
            func triggerDidFire(_ trigger: any Trigger) { fired += 1 }
        }
        let field = TextField()
        let delegate = CountingDelegate()
        weak var released: TargetActionTrigger?
        do {
            let trigger = TargetActionTrigger(control: field, events: [.editingChanged, .editingDidEnd])
            trigger.delegate = delegate
            trigger.startObserving()
            released = trigger
        }
        #expect(released != nil, "the control holds a started trigger")
        field.simulateTyping("a")
        field.removeTarget(nil, for: .editingChanged)  // narrowed: still held
        #expect(released.map { field.events(for: $0) } == .editingDidEnd)
        field.removeTarget(nil)  // taken away: released, outside the control's lock
        #expect(released == nil)
        #expect(field.actionCount() == 0)
        #expect(delegate.fired == 1)
    }

    /// `isObserving` tells whether the control has the trigger now, and starting it again after
    /// `removeTarget(nil)` took it away registers it again.
    @Test func aTriggerTakenAwayByRemoveTargetIsNotObservingAndStartsAgain() {
        let field = TextField()
        let person = Person()
        let storeName = Binding(source: Property(field, \.text), destination: Property(person, \.name))
        let trigger = TargetActionTrigger(control: field, events: .editingChanged)
        storeName.addTrigger(trigger)
        #expect(trigger.isObserving)
        field.removeTarget(nil)
        #expect(!trigger.isObserving)
        trigger.startObserving()
        trigger.startObserving()  // once
        #expect(field.actionCount() == 1)
        field.simulateTyping("Ann")
        #expect(person.name == "Ann")
    }

    /// Every binding of a control has a trigger: this pins its size (53 bytes, a 64-byte block),
    /// so that it cannot grow back unnoticed.
    @Test func aTriggerIsOneSmallAllocation() throws {
        let field = TextField()
        let size = try #require(allocationSize { TargetActionTrigger(control: field, events: .editingChanged) })
        #expect(size <= 56)
    }

    @Test func stoppingRemovesOnlyItsOwnActionEvenWhenAddedAsAPlainTarget() {
        final class Listener {
            var calls = 0
            func changed() { calls += 1 }
        }
        let field = TextField()
        let listener = Listener()
        let trigger = TargetActionTrigger(control: field, events: .editingChanged)
        field.addTarget(listener, action: Listener.changed, for: .editingChanged)
        trigger.startObserving()
        #expect(field.actionCount(for: .editingChanged) == 2)
        trigger.stopObserving()
        #expect(!trigger.isObserving)
        #expect(field.actionCount(for: .editingChanged) == 1)
        field.simulateTyping("A")
        #expect(listener.calls == 1)
        trigger.startObserving()
        #expect(trigger.isObserving)
        #expect(field.actionCount(for: .editingChanged) == 2)
        trigger.stopObserving()
    }
}
