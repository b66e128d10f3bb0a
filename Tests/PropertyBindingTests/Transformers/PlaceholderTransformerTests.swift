import Foundation
import PropertyBinding
import PropertyBindingControls
import Testing

@Suite struct PlaceholderTransformerTests {
    final class Person { var nickname: String?; var name = "Ann" }
    final class Label { var text = "" }

    @Test func nilShowsTheNullPlaceholderAndWritesBackAsNil() throws {
        let person = Person()
        let nickname = Property(person, \.nickname).placeholders(whenNil: "(none)")
        #expect(try nickname.read() == "(none)")
        try nickname.write("Annie")
        #expect(person.nickname == "Annie")
        try nickname.write("(none)")
        #expect(person.nickname == nil)
    }

    @Test func aDeallocatedModelShowsTheNotApplicablePlaceholder() {
        let label = Label()
        var person: Person? = Person()
        let binding = Binding(
            source: Property(person!, \.name).placeholder(whenDeallocated: "—"), destination: Property(label, \.text))
        binding.update()
        #expect(label.text == "Ann")
        person = nil
        #expect(binding.update().didWrite)
        #expect(label.text == "—")
    }

    @Test func withoutAPlaceholderADeallocatedModelIsAnError() {
        let label = Label()
        var person: Person? = Person()
        let binding = Binding(
            source: Property(person!, \.nickname).placeholders(whenNil: ""), destination: Property(label, \.text))
        person = nil
        binding.onError = { _ in }
        let result = binding.update()
        #expect(
            result.failure?.error as? PropertyError == .objectDeallocated(root: "Person", keyPath: "\\Person.nickname"))
        #expect(label.text == "")
    }
}
