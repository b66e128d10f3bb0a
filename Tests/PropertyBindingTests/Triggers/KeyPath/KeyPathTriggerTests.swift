import PropertyBindingTesting
import Testing

@testable import PropertyBinding

@Suite struct KeyPathTriggerTests {
    init() { DefaultErrorRouting.install }

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
        let keyPath = Property(AnnouncingPerson(), \.name).description
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
        person.keyPathObservers.removeObservation(first)
        person.keyPathObservers.removeObservation(first)
        person.name = "Bob"
        #expect(log.lines == ["first", "second", "second"])
        #expect(person.keyPathObservers.count == 1)
    }

    /// Removing an observation lets go of its closure after the registry's lock: a deinit the
    /// closure's captures run may remove another observation of the same registry.
    @Test func aDeinitRunByRemovingAnObservationMayRemoveAnother() {
        final class Remover {
            let observers: KeyPathObservers
            let other: KeyPathObservation
            init(_ observers: KeyPathObservers, _ other: KeyPathObservation) {
                self.observers = observers
                self.other = other
            }
            deinit { observers.removeObservation(other) }
        }
        let person = AnnouncingPerson()
        let other = person.keyPathObservers.observe(\AnnouncingPerson.age) {}
        let observation: KeyPathObservation
        do {
            let remover = Remover(person.keyPathObservers, other)
            observation = person.keyPathObservers.observe(\AnnouncingPerson.name) { _ = remover }
        }
        #expect(person.keyPathObservers.count == 2)
        person.keyPathObservers.removeObservation(observation)
        #expect(person.keyPathObservers.count == 0)
    }

    /// What an announcement reached is remembered per key path object; adding or removing an
    /// observation of any key path forgets it, so each announcement reaches exactly the
    /// observations there are then, one or several, in order.
    @Test func eachAnnouncementReachesTheObservationsThereAreThen() {
        let person = AnnouncingPerson()
        let log = Log()
        let age = person.keyPathObservers.observe(\AnnouncingPerson.age) { log.lines.append("age") }
        let first = person.keyPathObservers.observe(\AnnouncingPerson.name) { log.lines.append("first") }
        person.name = "Ann"  // one observation, the second in the list
        person.keyPathObservers.removeObservation(age)  // now it is the first
        person.name = "Bea"
        person.name = "Bea"  // the same, remembered
        let second = person.keyPathObservers.observe(\AnnouncingPerson.name) { log.lines.append("second") }
        person.name = "Cid"  // two
        person.keyPathObservers.removeObservation(first)
        person.name = "Dan"
        person.keyPathObservers.removeObservation(second)
        person.name = "Eve"  // none
        #expect(log.lines == ["first", "first", "first", "first", "second", "second"])
    }
}

private final class Log {
    var lines: [String] = []
}

// MARK: A subclass of an announcing class

/// A non-final `KeyPathObservable` class: it announces its properties as key paths on itself
/// (`\ObservableBase.name`), whatever the class of the instance.
private class ObservableBase: KeyPathObservable {
    let keyPathObservers = KeyPathObservers()
    var name = "" { didSet { didChange(\.name) } }
    var nickname = "" { didSet { didChange(\.nickname) } }
    @Announced var age = 0
    var shape = Shape() { didSet { didChange(\.shape) } }
}

/// A value that is not `Equatable`.
private struct Shape { var sides = 0 }

private final class ObservableSub: ObservableBase {
    /// Declared and announced here: `\ObservableSub.title`.
    var title = "" { didSet { didChange(\.title) } }
}

private class ObservableMiddle: ObservableBase {}
private final class ObservableLeaf: ObservableMiddle {}

private final class OverridingSub: ObservableBase {
    override var name: String { didSet { didChange(\.name) } }
}

/// Counts the fires of the trigger it is the delegate of, and keeps it.
private final class FireCounter: TriggerDelegate {
    var fires = 0
    var trigger: (any Trigger)?
    func triggerDidFire(_ trigger: any Trigger) { fires += 1 }
}

extension KeyPathTriggerTests {
    private func counting(_ trigger: KeyPathTrigger) -> FireCounter {
        let counter = FireCounter()
        counter.trigger = trigger
        trigger.delegate = counter
        trigger.startObserving()
        return counter
    }

    @Test func aSubclassKeyPathHearsItsPropertyAnnouncedByTheSuperclass() {
        let sub = ObservableSub()
        let label = PlainLabel()
        let showName = Binding(source: Property(sub, \.name), destination: Property(label, \.text))
        showName.addTrigger(KeyPathTrigger(sub, \.name))
        sub.name = "Ann"  // announced as \ObservableBase.name
        #expect(label.text == "Ann")

        let trigger = KeyPathTrigger(sub, \.name)
        let counter = counting(trigger)
        sub.name = "Bob"
        #expect(counter.fires == 1)
        sub.nickname = "B"  // another property of the same type, announced by the superclass
        sub.title = "Dr"  // another property, announced by the subclass
        sub.age = 3
        #expect(counter.fires == 1)
        sub.name = "Bob"  // an equal value: nothing changed
        #expect(counter.fires == 1)
        trigger.stopObserving()
        sub.name = "Cy"
        #expect(counter.fires == 1)
        #expect(label.text == "Cy")
    }

    @Test func anAnnouncedWrapperOfTheSuperclassFiresTheSubclassKeyPath() {
        let sub = ObservableSub()
        let label = PlainLabel()
        let showAge = Binding(source: Property(sub, \.age), destination: Property(label, \.number))
        showAge.addTrigger(KeyPathTrigger(sub, \.age))
        sub.age = 42  // @Announced announces \ObservableBase.age
        #expect(label.number == 42)
        let counter = counting(KeyPathTrigger(sub, \.age))
        sub.name = "Ann"
        #expect(counter.fires == 0)
    }

    @Test func aPropertyTheSubclassDeclaresFiresOncePerChangeAndForNothingElse() {
        let sub = ObservableSub()
        let trigger = KeyPathTrigger(sub, \.title)
        let counter = counting(trigger)
        sub.title = "Dr"
        sub.title = "Prof"
        #expect(counter.fires == 2)
        sub.name = "Ann"
        sub.nickname = "A"
        #expect(counter.fires == 2)
        #expect(sub.keyPathObservers.count == 1)
        trigger.stopObserving()
        #expect(sub.keyPathObservers.count == 0)
    }

    @Test func aKeyPathTwoSubclassesDownHearsTheBaseClass() {
        let leaf = ObservableLeaf()
        let label = PlainLabel()
        let showName = Binding(source: Property(leaf, \.name), destination: Property(label, \.text))
        showName.addTrigger(KeyPathTrigger(leaf, \.name))
        leaf.name = "Ann"
        #expect(label.text == "Ann")
        let viaMiddle = Binding(
            source: Property(leaf as ObservableMiddle, \.nickname), destination: Property(label, \.text))
        viaMiddle.addTrigger(KeyPathTrigger(leaf as ObservableMiddle, \.nickname))
        leaf.nickname = "A"
        #expect(label.text == "A")
    }

    @Test func anOverrideThatAnnouncesOnTheSubclassAlsoWorks() {
        let sub = OverridingSub()
        let label = PlainLabel()
        let showName = Binding(source: Property(sub, \.name), destination: Property(label, \.text))
        showName.addTrigger(KeyPathTrigger(sub, \.name))
        let recorder = BindingRecorder(showName)
        sub.name = "Ann"  // announced as \ObservableBase.name, then as \OverridingSub.name
        #expect(label.text == "Ann")
        #expect(recorder.newValues == ["Ann"])
    }

    @Test func aValueThatIsNotEquatableHearsOnlyItsExactKeyPath() {
        let sub = ObservableSub()
        let counter = counting(KeyPathTrigger(sub, \.shape))
        sub.shape = Shape(sides: 3)  // announced as \ObservableBase.shape: cannot be told apart
        sub.name = "Ann"
        #expect(counter.fires == 0)
        // Written on the class that declares it, it fires.
        let declared = counting(KeyPathTrigger(sub as ObservableBase, \.shape))
        sub.shape = Shape(sides: 4)
        #expect(declared.fires == 1)
    }

    @Test func theSuperclassKeyPathAndTheSubclassKeyPathBothHearOneAnnouncementInOrder() {
        let sub = ObservableSub()
        let log = Log()
        _ = sub.keyPathObservers.observe(\ObservableBase.name) { log.lines.append("first") }
        final class Logger: TriggerDelegate {
            let log: Log
            init(_ log: Log) { self.log = log }
            func triggerDidFire(_ trigger: any Trigger) { log.lines.append("trigger") }
        }
        let logger = Logger(log)
        let trigger = KeyPathTrigger(sub, \.name)
        trigger.delegate = logger
        trigger.startObserving()
        _ = sub.keyPathObservers.observe(\ObservableBase.name) { log.lines.append("third") }
        // The public `observe` matches its key path only.
        _ = sub.keyPathObservers.observe(\ObservableSub.name) { log.lines.append("exact only") }
        sub.name = "Ann"
        #expect(log.lines == ["first", "trigger", "third"])
        sub.keyPathObservers.notify(\ObservableSub.name)
        #expect(log.lines == ["first", "trigger", "third", "trigger", "exact only"])
        #expect(sub.keyPathObservers.count == 4)
    }

    @Test func stoppingRemovesOnlyTheTriggersOwnRegistrationsAndItCanStartAgain() {
        let sub = ObservableSub()
        let log = Log()
        _ = sub.keyPathObservers.observe(\ObservableBase.name) { log.lines.append("closure") }
        let trigger = KeyPathTrigger(sub, \.name)
        let counter = counting(trigger)
        #expect(sub.keyPathObservers.count == 2)
        trigger.stopObserving()
        #expect(!trigger.isObserving)
        #expect(sub.keyPathObservers.count == 1)
        sub.name = "Ann"
        #expect(counter.fires == 0)
        #expect(log.lines == ["closure"])

        trigger.startObserving()
        trigger.startObserving()  // once
        #expect(sub.keyPathObservers.count == 2)
        sub.name = "Ann"  // the superclass announces an equal value: the value read at start
        #expect(counter.fires == 0)
        sub.name = "Bob"
        #expect(counter.fires == 1)
        trigger.stopObserving()
        trigger.stopObserving()
        #expect(sub.keyPathObservers.count == 1)
    }
}

extension KeyPathTriggerTests {
    /// Every binding of an announced key path has a trigger: this pins its size (63 bytes, a
    /// 72-byte block since it keeps its binding's echo key; 53 and 56 before), so that it cannot
    /// grow back unnoticed.
    @Test func aTriggerIsOneSmallAllocation() throws {
        let person = AnnouncingPerson()
        let size = try #require(allocationSize { KeyPathTrigger(person, \.name) })
        #expect(size <= 72)
    }
}
