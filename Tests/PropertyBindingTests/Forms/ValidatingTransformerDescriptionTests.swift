import PropertyBinding
import Testing

private final class Entry {
    var age = 0
    var text = ""
}

@Suite struct ValidatingTransformerDescriptionTests {
    @Test func noRuleAddsNothingToTheText() {
        let entry = Entry()
        #expect("\(Property(entry, \.age).validated(by: []))" == "\\Entry.age")
        let pair = TwoWayBinding(model: Property(entry, \.age), form: Property(entry, \.age))
        #expect(pair.toModel.path == "\\Entry.age → \\Entry.age")
    }

    @Test func rulesAreNamed() {
        let entry = Entry()
        #expect("\(Property(entry, \.age).validated(by: [.range(0...150)]))" == "\\Entry.age (range)")
    }
}
