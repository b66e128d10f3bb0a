import CGTK
import PropertyBinding
import PropertyBindingGTK
import XCTest

final class GTKEntryTests: GTKTestCase {
    func testTypingReachesTheModel() throws {
        let entry = add(GTKEntry())
        let person = Person()
        let storeName = try Binding(
            source: Property(entry, \.text), destination: Property(person, \.name), triggers: .standard)
        type("Ann", into: entry)
        XCTAssertEqual(person.name, "Ann")
        XCTAssertEqual(entry.connectedHandlerCount, 1)  // `changed` only
        storeName.invalidate()
        XCTAssertEqual(entry.connectedHandlerCount, 0)
        type("Bea", into: entry)
        XCTAssertEqual(person.name, "Ann")
    }

    func testAModelChangeReachesTheEntry() throws {
        let entry = add(GTKEntry())
        let person = Person(name: "Ann")
        let showName = try Binding(
            source: Property(person, \.name), destination: Property(entry, \.text), triggers: .standard
        ).updatingNow()
        XCTAssertEqual(entry.text, "Ann")
        person.name = "Bea"
        XCTAssertEqual(entry.text, "Bea")
        XCTAssertEqual(String(cString: gtk_editable_get_text(OpaquePointer(entry.widget!))), "Bea")
        withExtendedLifetime(showName) {}
    }

    func testEditingEndsOnActivate() throws {
        let entry = add(GTKEntry())
        let person = Person()
        let storeName = Binding(source: Property(entry, \.text), destination: Property(person, \.name))
        storeName.addTrigger(TargetActionTrigger(source: entry, events: .editingDidEnd))
        type("Ann", into: entry)
        XCTAssertEqual(person.name, "", "a keystroke does not end editing")
        emit("activate", on: entry)
        XCTAssertEqual(person.name, "Ann")
        XCTAssertEqual(entry.connectedHandlerCount, 2)  // `activate` and the focus controller's `leave`
        storeName.invalidate()
        XCTAssertEqual(entry.connectedHandlerCount, 0)
    }

    func testWrappingFindsTheWrapper() {
        let entry = add(GTKEntry(text: "x"))
        let again = GTKEntry(wrapping: entry.widget!)
        XCTAssertTrue(again === entry)
        let raw = gtk_entry_new()!
        gtk_box_append(box.cast(to: GtkBox.self), raw)
        let wrapped = GTKEntry(wrapping: raw)
        XCTAssertTrue(GTKEntry(wrapping: raw) === wrapped)
    }

    func testCodeWritesFireNoTrigger() throws {
        let entry = add(GTKEntry())
        let person = Person()
        let storeName = try Binding(
            source: Property(entry, \.text), destination: Property(person, \.name), triggers: .standard)
        entry.text = "by code"
        XCTAssertEqual(person.name, "")
        withExtendedLifetime(storeName) {}
    }
}
