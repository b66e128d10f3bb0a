import CGTK
import PropertyBinding
import PropertyBindingGTK
import XCTest

/// Editing ends when focus leaves an entry: the delegation-style "did end editing" of GTK.
final class GTKFocusTests: GTKTestCase {
    func testLeavingTheEntryEndsEditing() throws {
        let email = add(GTKEntry())
        let other = add(GTKEntry())
        let person = Person()
        let began = Received()
        let storeEmail = Binding(source: Property(email, \.text), destination: Property(person, \.name))
        storeEmail.addTrigger(TargetActionTrigger(source: email, events: .editingDidEnd))
        let noteBegin = Binding(
            source: Property(email, \.text), destination: Setter(began) { began, text in began.names.append(text) })
        noteBegin.addTrigger(TargetActionTrigger(source: email, events: .editingDidBegin))
        present()
        gtk_widget_grab_focus(other.widget!)
        GTKMainLoop.runUntilIdle()
        // Presenting the window may have focused the email entry first: each entering is an
        // event of its own (a Setter gets every fire), so count this one.
        let beganBefore = began.names.count
        gtk_widget_grab_focus(email.widget!)
        GTKMainLoop.runUntilIdle()
        XCTAssertEqual(began.names.count, beganBefore + 1, "focus entered the entry once")
        XCTAssertEqual(began.names.last, "")
        email.type("ann@example.com")
        XCTAssertEqual(person.name, "", "typing does not end editing")
        gtk_widget_grab_focus(other.widget!)
        GTKMainLoop.runUntilIdle()
        XCTAssertEqual(person.name, "ann@example.com", "focus left the entry")
        storeEmail.invalidate()
        noteBegin.invalidate()
        XCTAssertEqual(email.connectedHandlerCount, 0)
    }
}
