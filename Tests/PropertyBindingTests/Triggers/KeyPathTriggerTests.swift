import PropertyBinding
import PropertyBindingTesting
import Testing

@Suite struct KeyPathTriggerTests {
    init() { AnyBinding.defaultErrorHandler = { _ in } }

    @Test func firesInTheSameCallStackForItsKeyPathOnly() {
        let person = AnnouncingPerson()
        let label = PlainLabel()
        let showName = Binding(source: Property(person, \.name), destination: Property(label, \.text))
        let trigger = KeyPathTrigger(person, \.name)
        showName.addTrigger(trigger)

        person.name = "Ann"
        #expect(label.text == "Ann")
        person.age = 42  // another key path
        person.name = "Ann"  // announced again: an equal value is skipped by the binding
        #expect(person.keyPathObservers.count(for: \AnnouncingPerson.name) == 1)
        #expect(person.keyPathObservers.count(for: \AnnouncingPerson.age) == 0)
    }

    @Test func anAnnouncedPropertyFiresItsOwnTriggerAndNoOther() {
        let person = AnnouncingPerson()
        let label = PlainLabel()
        let showAge = Binding(source: Property(person, \.age), destination: Property(label, \.number))
        showAge.addTrigger(KeyPathTrigger(person, \.age))
        let recorder = BindingRecorder(showAge)

        #expect(recorder.destination(holds: 43) { person.age = 43 })
        #expect(recorder.producesNoUpdate { person.name = "Bob" })
    }

    @Test func neverFiresAfterTeardownAndRemovesItsObservation() {
        let person = AnnouncingPerson()
        let label = PlainLabel()
        let bindings = BindingSet()
        let showName = Binding(source: Property(person, \.name), destination: Property(label, \.text))
        let trigger = KeyPathTrigger(person, \.name)
        showName.addTrigger(trigger)
        bindings.add(showName)
        #expect(person.keyPathObservers.count == 1)
        #expect(trigger.isObserving)

        bindings.removeAll()
        #expect(person.keyPathObservers.count == 0)
        #expect(!trigger.isObserving)
        person.name = "Zed"
        #expect(label.text == "")
    }

    @Test func removingTheTriggerRemovesItsObservation() {
        let person = AnnouncingPerson()
        let label = PlainLabel()
        let showName = Binding(source: Property(person, \.name), destination: Property(label, \.text))
        let trigger = KeyPathTrigger(person, \.name)
        showName.addTrigger(trigger)
        showName.removeTrigger(trigger)
        #expect(person.keyPathObservers.count == 0)
        person.name = "Zed"
        #expect(label.text == "")
    }

    @Test func releasingTheBindingRemovesItsObservation() {
        let person = AnnouncingPerson()
        let label = PlainLabel()
        do {
            let showName = Binding(source: Property(person, \.name), destination: Property(label, \.text))
            showName.addTrigger(KeyPathTrigger(person, \.name))
            #expect(person.keyPathObservers.count == 1)
        }
        #expect(person.keyPathObservers.count == 0)
    }

    @Test func aDeadDestinationIsAFailureNotACrash() {
        let person = AnnouncingPerson()
        var label: PlainLabel? = PlainLabel()
        let showName = Binding(source: Property(person, \.name), destination: Property(label!, \.text))
        showName.addTrigger(KeyPathTrigger(person, \.name))
        label = nil

        person.name = "Ann"
        #expect(showName.lastError?.stage == .writingDestination)
        #expect(lastPropertyError(showName) == .objectDeallocated(root: "PlainLabel", keyPath: "\\PlainLabel.text"))
    }

    @Test func aDeadSourceIsAFailureNotACrash() {
        var person: AnnouncingPerson? = AnnouncingPerson()
        let label = PlainLabel()
        let showName = Binding(source: Property(person!, \.name), destination: Property(label, \.text))
        let trigger = KeyPathTrigger(person!, \.name)
        showName.addTrigger(trigger)
        person = nil

        #expect(showName.update().failure?.stage == .readingSource)
        showName.triggerDidFire(trigger)
        let keyPath = String(describing: \AnnouncingPerson.name)
        #expect(lastPropertyError(showName) == .objectDeallocated(root: "AnnouncingPerson", keyPath: keyPath))
        showName.invalidate()  // stopping with the object gone is harmless
        #expect(!trigger.isObserving)
    }

    @Test func aTwoWayPairSettlesWithoutRecursion() {
        let person = AnnouncingPerson()
        let label = AnnouncingLabel()
        let toLabel = Binding(source: Property(person, \.name), destination: Property(label, \.text))
        toLabel.addTrigger(KeyPathTrigger(person, \.name))
        let toPerson = Binding(source: Property(label, \.text), destination: Property(person, \.name))
        toPerson.addTrigger(KeyPathTrigger(label, \.text))
        let toPersonRecorder = BindingRecorder(toPerson)
        let toLabelRecorder = BindingRecorder(toLabel)

        person.name = "Ann"
        #expect(label.text == "Ann")
        #expect(label.writes == 1)
        #expect(toPersonRecorder.updates.isEmpty)

        label.text = "Bob"
        #expect(person.name == "Bob")
        #expect(label.writes == 2)
        #expect(toLabelRecorder.newValues == ["Ann"])
        #expect(toPersonRecorder.newValues == ["Bob"])
    }

    @Test func observersDoNotKeepTheObjectOrTheTriggerAlive() {
        weak var weakPerson: AnnouncingPerson?
        weak var weakTrigger: KeyPathTrigger?
        let label = PlainLabel()
        do {
            let person = AnnouncingPerson()
            weakPerson = person
            let trigger = KeyPathTrigger(person, \.name)
            weakTrigger = trigger
            let showName = Binding(source: Property(person, \.name), destination: Property(label, \.text))
            showName.addTrigger(trigger)
            person.name = "Ann"
        }
        #expect(weakPerson == nil)
        #expect(weakTrigger == nil)
        #expect(label.text == "Ann")
    }

    @Test func observersRunInOrderAndCanBeRemoved() {
        let person = AnnouncingPerson()
        let log = Log()
        let first = person.keyPathObservers.observe(\AnnouncingPerson.name) { log.lines.append("first") }
        _ = person.keyPathObservers.observe(\AnnouncingPerson.name) { log.lines.append("second") }
        person.name = "Ann"
        person.keyPathObservers.remove(first)
        person.keyPathObservers.remove(first)
        person.name = "Bob"
        #expect(log.lines == ["first", "second", "second"])
        #expect(person.keyPathObservers.count == 1)
    }
}

private final class Log {
    var lines: [String] = []
}
