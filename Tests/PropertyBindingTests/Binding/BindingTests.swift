import Foundation
import PropertyBinding
import PropertyBindingControls
import Testing

extension BindingTests {
    /// A value that counts how often it is written.
    final class Counted<Value> {
        var writes = 0
        var value: Value { didSet { writes += 1 } }
        init(_ value: Value) { self.value = value }
    }

    /// A value that is not `Equatable`.
    struct Shape { var sides: Int }

    /// A value that runs `onSet` after each write, to fire bindings from inside an update.
    final class Echo {
        var writes = 0
        var onSet: (() -> Void)?
        var value = 0 {
            didSet {
                writes += 1
                onSet?()
            }
        }
    }

    /// A model and a text field that each post a notification when set, as a UI would.
    final class Person {
        let center: NotificationCenter
        var writes = 0
        var name = "" {
            didSet {
                writes += 1
                center.post(name: BindingTests.personDidChange, object: self)
            }
        }
        var age = 0 {
            didSet {
                writes += 1
                center.post(name: BindingTests.personDidChange, object: self)
            }
        }
        init(_ center: NotificationCenter) { self.center = center }
    }

    final class TextField {
        let center: NotificationCenter
        var writes = 0
        var text = "" {
            didSet {
                writes += 1
                center.post(name: BindingTests.textDidChange, object: self)
            }
        }
        init(_ center: NotificationCenter) { self.center = center }
    }

    static let personDidChange = Notification.Name("BindingTests.personDidChange")
    static let textDidChange = Notification.Name("BindingTests.textDidChange")
}

@Suite struct BindingTests {
    // MARK: Updating

    @Test func updateCopiesTheSourceWithoutAnyTrigger() {
        let source = Counted("Ann")
        let destination = Counted("")
        let binding = Binding(source: Property(source, \.value), destination: Property(destination, \.value))
        #expect(binding.triggers.isEmpty)
        let result = binding.update()
        #expect(result.didWrite && result.failure == nil && result.description == "written")
        #expect(destination.value == "Ann")
    }

    @Test func equalValuesAreNotWrittenAgain() {
        let source = Counted(5)
        let destination = Counted(5)
        let binding = Binding(source: Property(source, \.value), destination: Property(destination, \.value))
        let unchanged = binding.update()
        #expect(!unchanged.didWrite && unchanged.description == "unchanged")
        #expect(destination.writes == 0)
        source.value = 6
        #expect(binding.update().didWrite)
        #expect(binding.update().description == "unchanged")
        #expect(destination.value == 6 && destination.writes == 1)
    }

    @Test func nonEquatableValuesAreAlwaysWritten() {
        let source = Counted(Shape(sides: 3))
        let destination = Counted(Shape(sides: 3))
        let binding = Binding(source: Property(source, \.value), destination: Property(destination, \.value))
        #expect(binding.update().didWrite)
        #expect(binding.update().didWrite)
        #expect(destination.writes == 2)
    }

    @Test func onUpdateTellsTheOldValueTheNewValueAndTheTrigger() {
        let source = Counted(2)
        let destination = Counted(1)
        let binding = Binding(source: Property(source, \.value), destination: Property(destination, \.value))
        let updates = Locked<[(Int?, Int, Bool)]>([])
        binding.onUpdate = { update in
            updates.withLock { $0.append((update.oldValue, update.newValue, update.trigger != nil)) }
        }
        let trigger = ManualTrigger()
        binding.addTrigger(trigger)
        trigger.fire()
        source.value = 3
        binding.update()
        #expect(updates.value.map(\.0) == [1, 2])
        #expect(updates.value.map(\.1) == [2, 3])
        #expect(updates.value.map(\.2) == [true, false])
    }

    // MARK: Failures

    @Test func aDeadSourceFailsAndWritesNothing() {
        var source: Counted<Int>? = Counted(1)
        let destination = Counted(0)
        let binding = Binding(source: Property(source!, \.value), destination: Property(destination, \.value))
        binding.onError = { _ in }
        source = nil
        let failure = binding.update().failure
        #expect(failure?.stage == .readingSource)
        #expect(failure?.error is PropertyError)
        if case .objectDeallocated = failure?.error as? PropertyError {} else { Issue.record("not objectDeallocated") }
        #expect(destination.writes == 0)
    }

    @Test func aDeadDestinationFailsWithoutCrashing() {
        let source = Counted(1)
        var destination: Counted<Int>? = Counted(0)
        let binding = Binding(source: Property(source, \.value), destination: Property(destination!, \.value))
        binding.onError = { _ in }
        destination = nil
        let failure = binding.update().failure
        #expect(failure?.stage == .writingDestination)
        if case .objectDeallocated = failure?.error as? PropertyError {} else { Issue.record("not objectDeallocated") }
    }

    @Test func aTransformFailureWritesNothingAndIsKeptUntilASuccess() {
        let field = Counted("42")
        let age = Counted(0)
        let binding = Binding(
            source: StringToNumberTransformer<Int>(property: Property(field, \.value), formatter: NumberFormatter()),
            destination: Property(age, \.value))
        let reported = Locked<[BindingFailure]>([])
        binding.onError = { failure in reported.withLock { $0.append(failure) } }
        #expect(binding.update().didWrite)
        field.value = "forty"
        let result = binding.update()
        #expect(result.description.hasPrefix("failed: "))
        #expect(age.value == 42 && age.writes == 1)
        #expect(
            binding.lastError?.error as? TransformError
                == TransformError(.notANumber, input: "forty", targetType: "Int"))
        #expect(reported.value.count == 1)
        #expect(reported.value.first?.bindingID == ObjectIdentifier(binding))
        field.value = "43"
        #expect(binding.update().didWrite)
        #expect(binding.lastError == nil)
        #expect(age.value == 43)
    }

    @Test func anUnchangedUpdateAlsoClearsTheLastError() {
        let field = Counted("x")
        let age = Counted(7)
        let binding = Binding(
            source: StringToNumberTransformer<Int>(property: Property(field, \.value), formatter: NumberFormatter()),
            destination: Property(age, \.value))
        binding.onError = { _ in }
        binding.update()
        #expect(binding.lastError != nil)
        field.value = "7"
        #expect(binding.update().description == "unchanged")
        #expect(binding.lastError == nil)
    }

    @Test func theBindingsHandlerRunsBeforeTheSets() {
        let field = Counted("x")
        let age = Counted(0)
        let binding = Binding(
            source: StringToNumberTransformer<Int>(property: Property(field, \.value), formatter: NumberFormatter()),
            destination: Property(age, \.value))
        let calls = Locked<[String]>([])
        binding.onError = { _ in calls.withLock { $0.append("binding") } }
        let set = BindingSet()
        set.onError = { _ in calls.withLock { $0.append("set") } }
        set.add(binding)
        binding.update()
        #expect(calls.value == ["binding", "set"])
    }

    // MARK: Triggers

    @Test func aTriggerIsAddedOnceAndRemoved() {
        let source = Counted(1)
        let destination = Counted(0)
        let binding = Binding(source: Property(source, \.value), destination: Property(destination, \.value))
        let trigger = ManualTrigger()
        binding.addTrigger(trigger)
        binding.addTrigger(trigger)
        #expect(binding.triggers.count == 1)
        #expect(trigger.delegate === binding)
        trigger.fire()
        #expect(destination.value == 1)
        binding.removeTrigger(trigger)
        source.value = 2
        trigger.fire()
        #expect(destination.value == 1 && binding.triggers.isEmpty)
    }

    @Test func aFireFromATriggerThatIsNotTheBindingsIsIgnored() {
        let source = Counted(1)
        let destination = Counted(0)
        let binding = Binding(source: Property(source, \.value), destination: Property(destination, \.value))
        binding.triggerDidFire(ManualTrigger())
        #expect(destination.writes == 0)
    }

    @Test func anInvalidatedBindingNeverUpdatesAgain() {
        let source = Counted(1)
        let destination = Counted(0)
        let binding = Binding(source: Property(source, \.value), destination: Property(destination, \.value))
        let trigger = ManualTrigger()
        binding.addTrigger(trigger)
        binding.invalidate()
        #expect(!binding.isValid && binding.triggers.isEmpty)
        #expect(binding.update().description == "invalidated")
        trigger.fire()
        binding.addTrigger(ManualTrigger())
        #expect(binding.triggers.isEmpty)
        #expect(destination.writes == 0)
    }

    // MARK: Re-entrance

    @Test func anUpdateThatFiresItsOwnBindingIsReentrantNotRecursive() {
        let source = Counted(1)
        let echo = Echo()
        let binding = Binding(source: Property(source, \.value), destination: Property(echo, \.value))
        let nested = Locked<[String]>([])
        echo.onSet = { nested.withLock { $0.append(binding.update().description) } }
        #expect(binding.update().didWrite)
        #expect(nested.value == ["reentrant"])
        #expect(echo.writes == 1)
        echo.onSet = nil
    }

    @Test func aWriteThatPostsTheBindingsOwnNotificationDoesNotRecurse() {
        let center = NotificationCenter()
        let person = Person(center)
        let mirror = Person(center)
        // The destination posts personDidChange too, which fires this very binding again.
        let binding = Binding(source: Property(person, \.name), destination: Property(mirror, \.name))
        binding.addTrigger(NotificationTrigger(center: center, name: Self.personDidChange))
        person.name = "Ann"
        #expect(mirror.name == "Ann" && mirror.writes == 1)
    }

    // MARK: Two-way pairs

    @Test func aTwoWayPairOverNotificationsSettlesWithoutRecursion() {
        let center = NotificationCenter()
        let person = Person(center)
        let field = TextField(center)
        let toField = Binding(source: Property(person, \.name), destination: Property(field, \.text))
        toField.addTrigger(NotificationTrigger(center: center, name: Self.personDidChange, object: person))
        let toPerson = Binding(source: Property(field, \.text), destination: Property(person, \.name))
        toPerson.addTrigger(NotificationTrigger(center: center, name: Self.textDidChange, object: field))

        field.text = "Ann"
        #expect(person.name == "Ann")
        #expect(person.writes == 1 && field.writes == 1)

        person.name = "Bob"
        #expect(field.text == "Bob")
        #expect(person.writes == 2 && field.writes == 2)
    }

    @Test func aTwoWayPairWithATransformerSettlesAndKeepsWhatWasTyped() {
        let center = NotificationCenter()
        let person = Person(center)
        let field = TextField(center)
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: "en_US")
        formatter.numberStyle = .decimal
        let typed = StringToNumberTransformer<Int>(property: Property(field, \.text), formatter: formatter)
        let toField = Binding(source: Property(person, \.age), destination: typed)
        toField.addTrigger(NotificationTrigger(center: center, name: Self.personDidChange, object: person))
        let toPerson = Binding(source: typed, destination: Property(person, \.age))
        toPerson.addTrigger(NotificationTrigger(center: center, name: Self.textDidChange, object: field))
        toPerson.onError = { _ in }

        field.text = "1234"
        #expect(person.age == 1234)
        // The model's echo reads back equal: the text stays as typed, not reformatted to "1,234".
        #expect(field.text == "1234" && field.writes == 1 && person.writes == 1)

        person.age = 5678
        #expect(field.text == "5,678")
        #expect(field.writes == 2 && person.writes == 2)

        field.text = "lots"
        #expect(person.age == 5678 && person.writes == 2)
        #expect(toPerson.lastError != nil)
    }
}

/// Failures that no handler takes go to the default handler (routed per binding in tests).
@Suite struct DefaultErrorHandlerTests {
    private final class Text { var value = "x" }
    private final class Number { var value = 0 }

    private func recordingDefault(for binding: AnyBinding, _ body: () -> Void) -> [BindingFailure] {
        DefaultErrorRouting.failures(of: binding, during: body)
    }

    private func failingBinding(_ text: Text, _ number: Number) -> Binding<
        StringToNumberTransformer<Int>, Property<Number, Int>
    > {
        Binding(
            source: StringToNumberTransformer<Int>(property: Property(text, \.value), formatter: NumberFormatter()),
            destination: Property(number, \.value))
    }

    @Test func failuresWithNoHandlerGoToTheDefaultHandler() {
        let text = Text()
        let number = Number()
        let binding = failingBinding(text, number)
        let recorded = recordingDefault(for: binding) { binding.update() }
        #expect(recorded.count == 1)
        #expect(recorded.first?.stage == .readingSource)
    }

    @Test func aBindingOrSetHandlerKeepsFailuresFromTheDefault() {
        let text = Text()
        let number = Number()
        let own = failingBinding(text, number)
        own.onError = { _ in }
        #expect(recordingDefault(for: own) { own.update() }.isEmpty)
        let inSet = failingBinding(text, number)
        let set = BindingSet()
        set.onError = { _ in }
        set.add(inSet)
        #expect(recordingDefault(for: inSet) { inSet.update() }.isEmpty)
    }
}
