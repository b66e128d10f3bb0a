import PropertyBinding
import PropertyBindingControls
import PropertyBindingTesting
import Testing

private final class Person: KeyPathObservable {
    let keyPathObservers = KeyPathObservers()
    var age = 0 { didSet { didChange(\.age) } }
    @Announced var name = ""
    static let announcedKeyPaths: [AnnouncedKeyPath] = [.announced("age", \Person.age)]
}

/// Not observable: it only names its key path.
private final class Gauge: KeyPathNaming {
    var level = 0 { didSet { level = min(level, 10) } }
    static var keyPathNames: [AnyKeyPath: String] { [\Gauge.level: "level"] }
}

private final class Label {
    var text = ""
    var number = 0
}

private struct Rejecting: Error, CustomStringConvertible {
    var description: String { "rejected" }
}

@Suite struct KeyPathNamingTests {
    @Test func aPropertyWithObserversReadsItsDeclaredName() {
        let (person, gauge) = (Person(), Gauge())
        #expect("\(Property(person, \.age))" == "\\Person.age")
        #expect("\(Property(gauge, \.level))" == "\\Gauge.level")
    }

    @Test func anAnnouncedPropertyReadsItsNameWithNoDeclaration() {
        let person = Person()
        #expect("\(Property(person, \.name))" == "\\Person.name")
        #expect("\(ReadOnlyProperty(person, \.name))" == "\\Person.name")
    }

    @Test func failureMessagesAndPathsShowNamesAndNoAddress() {
        let person = Person()
        let label = Label()
        let binding = Binding(
            source: Property(person, \.age).map { _ -> String in throw Rejecting() },
            destination: Property(label, \.text))
        let recorder = BindingRecorder(binding)
        binding.update()
        #expect(binding.path.hasPrefix("\\Person.age") && binding.path.hasSuffix("→ \\Label.text"))
        let message = "\(recorder.failures.first.map(String.init(describing:)) ?? "")"
        #expect(message.contains("\\Person.age") && !message.contains("0x") && !message.contains("<computed"))
    }

    @Test func aGoneObjectIsNamedToo() {
        var person: Person? = Person()
        let age = Property(person!, \.age)
        person = nil
        #expect(throws: PropertyError.objectDeallocated(root: "Person", keyPath: "\\Person.age")) { try age.read() }
    }

    @Test func anUnnamedComputedKeyPathShowsItsTypeNotAnAddress() {
        final class Plain {
            var count = 0 { didSet {} }
        }
        let plain = Plain()
        let text = "\(Property(plain, \.count))"
        #expect(text.hasSuffix(".<computed Int>") && !text.contains("0x"))
    }
}
