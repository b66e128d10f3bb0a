import PropertyBinding
import PropertyBindingControls
import PropertyBindingTesting
import Testing

private final class Person: KeyPathObservable {
    let keyPathObservers = KeyPathObservers()
    @Announced var name = "Ann"
}

private final class Label {
    var text = ""
}

@Suite struct StartInSyncTests {
    @Test func aBindingWaitsForItsFirstFireByDefault() throws {
        let person = Person()
        let label = Label()
        let showName = try Binding(
            source: Property(person, \.name), destination: Property(label, \.text), triggers: .standard)
        #expect(label.text == "")
        person.name = "Bea"
        #expect(label.text == "Bea")
        _ = showName
    }

    @Test func updatingNowStartsItInSyncInTheSameStatement() throws {
        let person = Person()
        let label = Label()
        let bindings = BindingSet()
        bindings.add(
            try Binding(source: Property(person, \.name), destination: Property(label, \.text), triggers: .standard)
                .updatingNow())
        #expect(label.text == "Ann")
        person.name = "Bea"
        #expect(label.text == "Bea")
    }

    @Test func aFailedFirstUpdateWritesNothingAndIsReported() {
        var person: Person? = Person()
        let label = Label()
        let showName = Binding(source: Property(person!, \.name), destination: Property(label, \.text))
        person = nil
        let failures = DefaultErrorRouting.failures(of: showName) { showName.updatingNow() }
        #expect(label.text == "" && failures.count == 1 && showName.lastError != nil)
    }
}
