import PropertyBinding
import Testing

extension ClosureTransformerTests {
    final class Person {
        var name = ""
        var nameWrites = 0
        var name2: String {
            get { name }
            set {
                name = newValue
                nameWrites += 1
            }
        }
    }

    struct Rejected: Error, Equatable { let input: String }
}

@Suite struct ClosureTransformerTests {
    @Test func mapConvertsForward() throws {
        let person = Person()
        person.name = "ann"
        let greeting = Property(person, \.name).map { "Hello, \($0)" }
        #expect(try greeting.read() == "Hello, ann")
        #expect(greeting.property.keyPath == \Person.name)
    }

    @Test func mapWithReverseConvertsBackOnWrite() throws {
        let person = Person()
        let upper = Property(person, \.name).map {
            $0.uppercased()
        } reverse: {
            $0.capitalized
        }
        try upper.write("ANN")
        #expect(person.name == "Ann")
        #expect(try upper.read() == "ANN")
    }

    @Test func withoutAReverseClosureWritingThrowsAndWritesNothing() {
        let person = Person()
        person.name = "Ann"
        let readOnly = ClosureTransformer(property: Property(person, \.name2), forward: { $0.count })
        #expect(throws: PropertyError.self) { try readOnly.reverseTransform(3) }
        #expect(person.nameWrites == 0)
        let writable = ClosureTransformer(property: Property(person, \.name2), forward: { $0.count }, reverse: nil)
        #expect(throws: PropertyError.self) { try writable.write(3) }
        #expect(person.name == "Ann" && person.nameWrites == 0)
    }

    @Test func forwardErrorsReachTheReader() {
        let person = Person()
        person.name = "x"
        let strict = Property(person, \.name).map { name -> Int in
            guard let value = Int(name) else { throw Rejected(input: name) }
            return value
        }
        #expect(throws: Rejected(input: "x")) { try strict.read() }
    }

    @Test func aFailingReverseWritesNothing() {
        let person = Person()
        person.name = "kept"
        let digits = Property(person, \.name2).map {
            $0
        } reverse: { text -> String in
            guard text.allSatisfy(\.isNumber) else { throw Rejected(input: text) }
            return text
        }
        #expect(throws: Rejected(input: "abc")) { try digits.write("abc") }
        #expect(person.name == "kept" && person.nameWrites == 0)
    }

    @Test func aDeadObjectIsAPropertyError() {
        var person: Person? = Person()
        let length = Property(person!, \.name).map {
            $0.count
        } reverse: {
            String(repeating: "x", count: $0)
        }
        person = nil
        #expect(throws: PropertyError.self) { try length.read() }
        #expect(throws: PropertyError.self) { try length.write(2) }
    }
}
