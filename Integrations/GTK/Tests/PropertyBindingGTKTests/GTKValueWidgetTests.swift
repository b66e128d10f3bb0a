import CGTK
import PropertyBinding
import PropertyBindingGTK
import XCTest

/// Each value widget: a change made through GTK reaches the model with `triggers: .standard`, and
/// a model change reaches the widget.
final class GTKValueWidgetTests: GTKTestCase {
    func testSpinButton() throws {
        let spin = add(GTKSpinButton(range: 0...150, step: 1))
        let person = Person()
        let bindings = BindingSet()
        bindings.add(
            try Binding(source: Property(spin, \.intValue), destination: Property(person, \.age), triggers: .standard))
        gtk_spin_button_set_value(OpaquePointer(spin.widget!), 42)
        XCTAssertEqual(person.age, 42)
        bindings.add(
            try Binding(source: Property(person, \.age), destination: Property(spin, \.intValue), triggers: .standard))
        person.age = 7
        XCTAssertEqual(gtk_spin_button_get_value(OpaquePointer(spin.widget!)), 7)
        XCTAssertEqual(person.age, 7)
        bindings.removeAll()
        XCTAssertEqual(spin.connectedHandlerCount, 0)
    }

    func testScale() throws {
        let scale = add(GTKScale(range: 0...1))
        let person = Person()
        let bindings = BindingSet()
        bindings.add(
            try Binding(source: Property(scale, \.value), destination: Property(person, \.volume), triggers: .standard))
        gtk_range_set_value(scale.widget!.cast(to: GtkRange.self), 0.5)
        XCTAssertEqual(person.volume, 0.5)
        bindings.add(
            try Binding(source: Property(person, \.volume), destination: Property(scale, \.value), triggers: .standard))
        person.volume = 0.25
        XCTAssertEqual(gtk_range_get_value(scale.widget!.cast(to: GtkRange.self)), 0.25)
        bindings.removeAll()
        XCTAssertEqual(scale.connectedHandlerCount, 0)
    }

    func testSwitch() throws {
        let toggle = add(GTKSwitch())
        let person = Person()
        let bindings = BindingSet()
        bindings.add(
            try Binding(
                source: Property(toggle, \.isOn), destination: Property(person, \.subscribed), triggers: .standard))
        gtk_switch_set_active(OpaquePointer(toggle.widget!), 1)
        XCTAssertTrue(person.subscribed)
        bindings.add(
            try Binding(
                source: Property(person, \.subscribed), destination: Property(toggle, \.isOn), triggers: .standard))
        person.subscribed = false
        XCTAssertEqual(gtk_switch_get_active(OpaquePointer(toggle.widget!)), 0)
        bindings.removeAll()
        XCTAssertEqual(toggle.connectedHandlerCount, 0)
    }

    func testCheckButton() throws {
        let check = add(GTKCheckButton(label: "Subscribe"))
        let person = Person()
        let bindings = BindingSet()
        bindings.add(
            try Binding(
                source: Property(check, \.isOn), destination: Property(person, \.subscribed), triggers: .standard))
        gtk_check_button_set_active(check.widget!.cast(to: GtkCheckButton.self), 1)
        XCTAssertTrue(person.subscribed)
        bindings.add(
            try Binding(
                source: Property(person, \.subscribed), destination: Property(check, \.isOn), triggers: .standard))
        person.subscribed = false
        XCTAssertEqual(gtk_check_button_get_active(check.widget!.cast(to: GtkCheckButton.self)), 0)
        bindings.removeAll()
        XCTAssertEqual(check.connectedHandlerCount, 0)
    }

    func testDropDown() throws {
        let colour = add(GTKDropDown(items: ["Red", "Green", "Blue"]))
        let person = Person()
        let bindings = BindingSet()
        bindings.add(
            try Binding(
                source: Property(colour, \.selectedIndex), destination: Property(person, \.colour), triggers: .standard)
        )
        gtk_drop_down_set_selected(OpaquePointer(colour.widget!), 2)
        XCTAssertEqual(person.colour, 2)
        bindings.add(
            try Binding(
                source: Property(person, \.colour), destination: Property(colour, \.selectedIndex), triggers: .standard)
        )
        person.colour = 1
        XCTAssertEqual(gtk_drop_down_get_selected(OpaquePointer(colour.widget!)), 1)
        bindings.removeAll()
        XCTAssertEqual(colour.connectedHandlerCount, 0)
    }

    func testEveryWrapperAnnouncesItsValue() throws {
        let person = Person()
        let entry = add(GTKEntry())
        let label = add(GTKLabel())
        let button = add(GTKButton(title: "OK"))
        let bindings = [
            try Binding(source: Property(entry, \.text), destination: Property(person, \.name), triggers: .standard),
            try Binding(source: Property(label, \.text), destination: Property(person, \.status), triggers: .standard),
            try Binding(
                source: Property(button, \.isEnabled), destination: Property(person, \.subscribed), triggers: .standard),
        ]
        gtk_widget_set_sensitive(button.widget!, 0)
        gtk_widget_set_sensitive(button.widget!, 1)
        XCTAssertTrue(person.subscribed)
        gtk_widget_set_sensitive(button.widget!, 0)
        XCTAssertFalse(person.subscribed)
        XCTAssertThrowsError(
            try Binding(
                source: Property(entry, \.isSecure), destination: Property(person, \.subscribed), triggers: .standard),
            "isSecure is announced by nothing")
        withExtendedLifetime(bindings) {}
    }
}
