import PropertyBinding
import Testing

// `map` without `reverse:` is read-only in the type system. A compile error
// cannot be a test, so these overloads tell what the type conforms to: the compiler picks the
// `WritableProperty` one only for a type that is writable, the only kind a form side or a
// binding's destination accepts.

private func isWritable(_: some ReadableProperty) -> Bool { false }
private func isWritable(_: some WritableProperty) -> Bool { true }

extension ReadOnlyTransformerTests {
    final class Person {
        var name = "Ann"
    }
}

@Suite struct ReadOnlyTransformerTests {
    @Test func mapWithoutReverseIsNotWritable() throws {
        let person = Person()
        let greeting = Property(person, \.name).map { "Hello, \($0)" }
        #expect(!isWritable(greeting))
        #expect(try greeting.read() == "Hello, Ann")
        #expect(throws: PropertyError.self) { try greeting.reverseTransform("Hi") }
        // `TwoWayBinding(model: …, form: greeting)` and `Binding(source: …, destination: greeting)`
        // do not compile: both require a WritableProperty.
    }

    @Test func mapWithReverseIsWritable() throws {
        let person = Person()
        let upper = Property(person, \.name).map({ $0.uppercased() }, reverse: { $0.capitalized })
        #expect(isWritable(upper))
        try upper.write("BOB")
        #expect(person.name == "Bob")
    }
}
