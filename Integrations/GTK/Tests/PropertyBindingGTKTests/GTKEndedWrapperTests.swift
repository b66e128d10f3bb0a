import CGTK
import Foundation
import PropertyBinding
import PropertyBindingGTK
import XCTest

/// A wrapper the app still holds after its window is destroyed (`let nameField = GTKEntry()` in a
/// view controller) has ended: its bindings end, and it never blanks the model with its empty text.
final class GTKEndedWrapperTests: GTKTestCase {
    func testAWrapperKeptByTheAppEndsItsBindingsAndBlanksNothing() throws {
        let person = Person()
        let entry = add(GTKEntry())
        let label = add(GTKLabel())
        let bindings = BindingSet()
        let storeName = try Binding(
            source: Property(entry, \.text), destination: Property(person, \.name), triggers: .standard)
        let showName = try Binding(
            source: Property(person, \.name), destination: Property(label, \.text), triggers: .standard)
        bindings.add(storeName, showName)
        present()
        entry.type("Ann")
        XCTAssertEqual(person.name, "Ann")
        XCTAssertEqual(label.text, "Ann")
        XCTAssertFalse(entry.hasEnded)

        destroyWindow()
        XCTAssertTrue(entry.hasEnded)
        XCTAssertTrue(label.hasEnded)
        XCTAssertEqual(GTKWidget.connectedHandlerCount, 0)

        // The model → label binding ends at its next update, with nothing written.
        person.name = "Bo"
        XCTAssertFalse(showName.isValid, "the binding that writes the destroyed label ended")
        // The entry → model binding: an update by hand reads nothing from the dead entry.
        XCTAssertFalse(storeName.update().didWrite)
        XCTAssertEqual(person.name, "Bo", "the entry's empty text was not written into the model")
        XCTAssertEqual(bindings.count, 0, "both bindings ended: \(bindings.bindings)")

        // A new binding over the ended entry: a typed error, nothing connected.
        XCTAssertThrowsError(
            try Binding(source: Property(entry, \.text), destination: Property(person, \.name), triggers: .standard)
        ) { error in
            guard case PropertyError.objectDeallocated(let object)? = error as? PropertyError else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(object.root, "GTKEntry")
        }
        XCTAssertThrowsError(try Property(label, \.text).write("Cid"))
        XCTAssertEqual(person.name, "Bo")
        XCTAssertEqual(GTKWidget.connectedHandlerCount, 0)
    }
}

/// Messages name a wrapper's properties as they are written (`\GTKEntry.placeholder`).
final class GTKKeyPathNameTests: GTKTestCase {
    func testAKeyPathTheWidgetDoesNotAnnounceIsNamedInTheError() throws {
        let person = Person()
        let entry = add(GTKEntry(placeholder: "Name"))
        XCTAssertThrowsError(
            try Binding(
                source: Property(entry, \.placeholder),
                destination: Setter(person) { person, placeholder in person.status = placeholder ?? "" },
                triggers: .standard)
        ) { error in
            XCTAssertEqual(
                error as? TriggerRegistryError, .noTrigger(root: "GTKEntry", keyPath: "\\GTKEntry.placeholder"))
        }
        XCTAssertEqual(Property(entry, \.text).description, "\\GTKEntry.text")
        XCTAssertEqual(Property(GTKSpinButton(range: 0...10), \.intValue).description, "\\GTKSpinButton.intValue")
        XCTAssertEqual(Property(entry, \.isEnabled).description, "\\GTKEntry.isEnabled")
        XCTAssertEqual(GTKWidget.connectedHandlerCount, 0)
    }
}

/// A list the app still holds after its window is destroyed: its rows stop, their binding ends.
final class GTKEndedListTests: GTKTestCase {
    func testRowsOverAListKeptByTheAppEndWithItsWindow() throws {
        let list = add(GTKListView())
        gtk_widget_set_size_request(list.widget!, 200, 400)
        present()
        let people = People()
        people.members = [Member(id: 1, name: "Ann")]
        let rows = TableRows(list, id: \Member.id, cell: GTKLabelCell.self) { cell, member in
            [Binding(source: Property(member, \.name), destination: Property(cell.label, \.text)).updatingNow()]
        }
        let showPeople = try Binding(source: Property(people, \.members), destination: rows, triggers: .standard)
            .updatingNow()
        GTKMainLoop.runUntilIdle()
        XCTAssertEqual(list.rowCount, 1)

        destroyWindow()
        XCTAssertTrue(list.hasEnded)
        people.members.append(Member(id: 2, name: "Bo"))
        XCTAssertFalse(showPeople.isValid, "the rows' binding ended with the list's widget")
        XCTAssertEqual(list.rowCount, 1, "the ended list was changed no more")
        XCTAssertEqual(GTKWidget.connectedHandlerCount, 0)
    }
}
