import Foundation
import PropertyBinding
import PropertyBindingControls
import Testing

extension BindingFailureTests {
    final class Person { var age = 0 }
    final class TextField { var text = "" }
    struct Shape { var sides = 3 }
    final class Box {
        var onSet: (() -> Void)?
        var shape = Shape() { didSet { onSet?() } }
    }
}

@Suite struct BindingFailureTests {
    private func ageBinding(_ field: TextField, _ person: Person) -> Binding<
        StringToNumberTransformer<Int>, Property<Person, Int>
    > {
        let binding = Binding(
            source: StringToNumberTransformer<Int>(property: Property(field, \.text), formatter: NumberFormatter()),
            destination: Property(person, \.age))
        binding.onError = { _ in }
        return binding
    }

    @Test func identifiesTheBindingTheStageAndTheError() throws {
        let field = TextField()
        field.text = "forty"
        let person = Person()
        let binding = ageBinding(field, person)
        binding.label = "age"
        let failure = try #require(binding.update().failure)
        #expect(failure.stage == .readingSource)
        #expect(failure.bindingID == ObjectIdentifier(binding))
        #expect(failure.label == "age")
        #expect(failure.path == binding.path)
        #expect(failure.error as? TransformError == TransformError(.notANumber, input: "forty", targetType: "Int"))
    }

    @Test func thePathNamesSourceAndDestination() {
        let binding = ageBinding(TextField(), Person())
        #expect(binding.path == "\(\TextField.text) → \(\Person.age)")
        #expect(binding.path.contains("TextField.text") && binding.path.contains("Person.age"))
    }

    @Test func descriptionNamesLabelPathStageAndError() throws {
        let field = TextField()
        field.text = "forty"
        let binding = ageBinding(field, Person())
        binding.label = "age"
        let failure = try #require(binding.update().failure)
        #expect(
            failure.description
                == "binding \"age\" (\(binding.path)) could not read the source: \"forty\" is not a number")
    }

    @Test func descriptionWithoutALabelAndForAWrite() throws {
        let field = TextField()
        field.text = "4"
        var person: Person? = Person()
        let binding = ageBinding(field, person!)
        person = nil
        let failure = try #require(binding.update().failure)
        #expect(failure.stage == .writingDestination)
        let dead = PropertyError.objectDeallocated(
            root: String(describing: Person.self), keyPath: String(describing: \Person.age))
        #expect(failure.description == "binding \(binding.path) could not write the destination: \(dead)")
    }

    @Test func describesACycle() throws {
        let source = Box()
        let destination = Box()
        let binding = Binding(source: Property(source, \.shape), destination: Property(destination, \.shape))
        binding.onError = { _ in }
        let nested = Locked<[BindingFailure]>([])
        // A non-Equatable value cannot be seen to settle: firing itself from its own write is a cycle.
        destination.onSet = { if let failure = binding.update().failure { nested.withLock { $0.append(failure) } } }
        #expect(binding.update().didWrite)
        destination.onSet = nil
        let failure = try #require(nested.value.first)
        #expect(failure.stage == .reentrant)
        #expect(failure.error is UpdateCycleError)
        #expect(
            failure.description.hasPrefix("binding \(binding.path) was fired again by its own update: update cycle"))
    }

    @Test func aKeptFailureNamesItsPathAfterTheBindingIsGoneAndKeepsNothingAlive() throws {
        let field = TextField()
        field.text = "forty"
        var binding: Binding<StringToNumberTransformer<Int>, Property<Person, Int>>? = ageBinding(field, Person())
        let path = binding!.path
        let failure = try #require(binding!.update().failure)
        #expect(binding!.lastError != nil)
        weak let released = binding
        // The binding keeps its last failure; the failure must not keep the binding.
        binding = nil
        #expect(released == nil)
        #expect(failure.path == path)
        #expect(failure.description.contains(path))
    }
}
