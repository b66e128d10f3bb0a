import PropertyBinding
import Testing

extension AnyPropertyTests {
    final class Note { var text = "" }

    final class Title { var text = "" }
}

@Suite struct AnyPropertyTests {
    @Test func storesPropertiesOfDifferentObjectsTogether() throws {
        let note = Note()
        let title = Title()
        let fields: [AnyProperty<String>] = [AnyProperty(Property(note, \.text)), AnyProperty(Property(title, \.text))]
        for field in fields { try field.write("same") }
        #expect(note.text == "same" && title.text == "same")
        #expect(try fields.map { field in try field.read() } == ["same", "same"])
        #expect(fields.allSatisfy { $0.isWritable })
    }

    @Test func wrapsTransformersToo() throws {
        let note = Note()
        let upper = AnyProperty(
            Property(note, \.text).map {
                $0.uppercased()
            } reverse: {
                $0.lowercased()
            })
        try upper.write("HELLO")
        #expect(note.text == "hello")
        #expect(try upper.read() == "HELLO")
    }

    @Test func aReadOnlyPropertyThrowsOnWriteAndWritesNothing() throws {
        let note = Note()
        note.text = "kept"
        let length = AnyProperty(readOnly: Property(note, \.text).map { "\($0.count)" })
        #expect(!length.isWritable)
        #expect(try length.read() == "4")
        #expect(throws: PropertyError.readOnly(length.description)) { try length.write("9") }
        #expect(note.text == "kept")
    }

    @Test func wrappingTwiceDoesNotNest() {
        let note = Note()
        let once = AnyProperty(Property(note, \.text))
        let twice = AnyProperty(once)
        #expect(twice.description == once.description)
        #expect(once.description == String(describing: \Note.text))
    }

    @Test func passesTheWrappedPropertysErrorsThrough() {
        var note: Note? = Note()
        let text = AnyProperty(Property(note!, \.text))
        note = nil
        #expect(throws: PropertyError.self) { try text.read() }
        #expect(throws: PropertyError.self) { try text.write("x") }
    }
}
