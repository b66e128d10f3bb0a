import CGTK
import PropertyBinding
import PropertyBindingGTK
import XCTest

final class GTKButtonTests: GTKTestCase {
    func testAClickReachesASetter() throws {
        let entry = add(GTKEntry(text: "Ann"))
        let button = add(GTKButton(title: "Save"))
        let received = Received()
        let save = Binding(
            source: Property(entry, \.text),
            destination: Setter(received) { received, name in received.names.append(name) })
        save.addTrigger(TargetActionTrigger(source: button, events: .primaryActionTriggered))
        emit("clicked", on: button)
        type("Bea", into: entry)
        XCTAssertEqual(received.names, ["Ann"], "typing is not a tap")
        emit("clicked", on: button)
        XCTAssertEqual(received.names, ["Ann", "Bea"])
        save.invalidate()
        XCTAssertEqual(GTKWidget.connectedHandlerCount, 0)
    }

    func testIsEnabledIsSensitive() throws {
        let button = add(GTKButton(title: "Sign in"))
        let person = Person()
        let enable = try Binding(
            source: Property(person, \.name).map { !$0.isEmpty }, destination: Property(button, \.isEnabled),
            triggers: .standard
        ).updatingNow()
        XCTAssertFalse(button.isEnabled)
        XCTAssertEqual(gtk_widget_get_sensitive(button.widget!), 0)
        person.name = "Ann"
        XCTAssertEqual(gtk_widget_get_sensitive(button.widget!), 1)
        withExtendedLifetime(enable) {}
    }

    func testTheLabelAnnouncesItsText() throws {
        let label = add(GTKLabel("a"))
        let person = Person()
        let follow = try Binding(
            source: Property(label, \.text), destination: Property(person, \.status), triggers: .standard)
        gtk_label_set_label(OpaquePointer(label.widget!), "from C")
        XCTAssertEqual(person.status, "from C")
        label.text = "from Swift"
        XCTAssertEqual(person.status, "from Swift")
        withExtendedLifetime(follow) {}
    }
}

final class Received: @unchecked Sendable {
    var names: [String] = []
}
