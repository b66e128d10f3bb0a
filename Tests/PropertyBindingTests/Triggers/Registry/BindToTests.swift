import PropertyBinding
import Testing

@Suite struct BindToTests {
    final class Person: KeyPathObservable {
        let keyPathObservers = KeyPathObservers()
        @Announced var name = "Ann"
        var nickname = ""
    }
    final class NameLabel {
        var text = "" { didSet { writes += 1 } }
        var writes = 0
    }

    @Test func bindsWithInferredTriggersAndStartsInSync() throws {
        let person = Person()
        let label = NameLabel()
        let showName = try Property(person, \.name).bind(to: Property(label, \.text))
        #expect(label.text == "Ann")
        person.name = "Bea"
        #expect(label.text == "Bea")
        person.name = "Bea"
        #expect(label.writes == 2)
        #expect(showName.triggers.count == 1)
    }

    @Test func aPropertyNothingAnnouncesIsRefusedAndNothingIsWritten() {
        let person = Person()
        let label = NameLabel()
        #expect(throws: TriggerRegistryError.self) {
            try Property(person, \.nickname).bind(to: Property(label, \.text))
        }
        #expect(label.writes == 0)
    }
}
