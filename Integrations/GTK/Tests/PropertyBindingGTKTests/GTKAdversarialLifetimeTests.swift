import CGTK
import Foundation
import PropertyBinding
import PropertyBindingGTK
import XCTest

/// Lifetimes tried the hard way: a window destroyed inside a binding's own update, a model
/// released mid-fire, a binding removed inside its own signal, a thousand entries at once. GLib
/// itself is asked whether a handler is left (`g_signal_has_handler_pending`), not only the
/// wrappers' own count.
final class GTKAdversarialLifetimeTests: GTKTestCase {
    /// Whether GLib still has a handler of `signal` (`notify::active`: a detailed one) connected
    /// on `widget`.
    private func hasHandler(_ signal: String, on widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        let parts = signal.components(separatedBy: "::")
        let id = g_signal_lookup(parts[0], G_OBJECT_TYPE_(widget))
        XCTAssertNotEqual(id, 0, "no signal \(signal)")
        let detail = parts.count > 1 ? g_quark_from_string(parts[1]) : 0
        return g_signal_has_handler_pending(widget, id, detail, 0) != 0
    }

    /// An entry bound into `person`, and a binding that destroys the window when the entry
    /// shows "close": the test keeps no reference to the wrapper, as a window's code need not.
    private func bindAnEntryThatClosesTheWindow(into person: Person, _ bindings: BindingSet) throws
        -> UnsafeMutablePointer<GtkWidget>
    {
        let entry = add(GTKEntry())
        bindings.add(
            try Binding(source: Property(entry, \.text), destination: Property(person, \.name), triggers: .standard))
        let closer = Binding(
            source: Property(entry, \.text),
            destination: Setter(self) { test, text in
                guard text == "close", let window = test.window else { return }
                test.window = nil
                test.box = nil
                gtk_window_destroy(window.cast(to: GtkWindow.self))
            })
        closer.addTrigger(TargetActionTrigger(source: entry, events: .editingChanged))
        bindings.add(closer)
        return entry.widget!
    }

    func testAWindowDestroyedInsideABindingsOwnUpdate() throws {
        let wrappersBefore = GTKWidget.liveWrapperCount
        let person = Person()
        let bindings = BindingSet()
        let widget = try bindAnEntryThatClosesTheWindow(into: person, bindings)
        present()
        XCTAssertTrue(hasHandler("changed", on: widget))

        GTKEntry(wrapping: widget).type("close")  // the window goes while `changed` is being emitted
        GTKMainLoop.runUntilIdle()
        XCTAssertNil(window, "the window was destroyed by the binding")
        XCTAssertEqual(person.name, "close", "the first binding wrote before the window went")
        XCTAssertEqual(finalized.alive, 0, "every widget is finalized, the entry once its emission ended")
        XCTAssertEqual(GTKWidget.connectedHandlerCount, 0, "no handler is left")
        XCTAssertEqual(GTKWidget.liveWrapperCount, wrappersBefore, "the entry's wrapper is gone")
        XCTAssertEqual(bindings.count, 0, "both bindings ended with their widget: \(bindings.bindings)")
    }

    func testAWindowDestroyedInsideAClick() throws {
        let wrappersBefore = GTKWidget.liveWrapperCount
        let bindings = BindingSet()
        do {
            let button = add(GTKButton(title: "Close"))
            let close = Binding(
                source: Property(button, \.title),
                destination: Setter(self) { test, _ in
                    guard let window = test.window else { return }
                    test.window = nil
                    test.box = nil
                    gtk_window_destroy(window.cast(to: GtkWindow.self))
                })
            close.addTrigger(TargetActionTrigger(source: button, events: .primaryActionTriggered))
            bindings.add(close)
            present()
            button.click()
        }
        GTKMainLoop.runUntilIdle()
        XCTAssertNil(window)
        XCTAssertEqual(finalized.alive, 0)
        XCTAssertEqual(GTKWidget.connectedHandlerCount, 0)
        XCTAssertEqual(GTKWidget.liveWrapperCount, wrappersBefore)
        XCTAssertEqual(bindings.count, 0)
    }

    func testTheModelReleasedMidFire() throws {
        let entry = add(GTKEntry())
        final class Holder: @unchecked Sendable { var person: Person? = Person() }
        let holder = Holder()
        weak let weakPerson = holder.person
        let failures = FailureLog()
        let bindings = BindingSet()
        bindings.onError = { failures.append($0) }
        // The first binding fired by `changed` lets the model go; the second then writes to it.
        let dropper = Binding(
            source: Property(entry, \.text), destination: Setter(holder) { holder, _ in holder.person = nil })
        dropper.addTrigger(TargetActionTrigger(source: entry, events: .editingChanged))
        bindings.add(dropper)
        bindings.add(
            try Binding(
                source: Property(entry, \.text), destination: Property(holder.person!, \.name), triggers: .standard))
        XCTAssertEqual(entry.connectedHandlerCount, 1)

        type("Ann", into: entry)
        XCTAssertNil(weakPerson, "the model is gone")
        XCTAssertEqual(bindings.count, 1, "the binding into the released model ended; the other stays")
        // The core reports an object gone once (`objectDeallocated`), and the binding ends.
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(failures.last.map { "\($0.error)".contains("deallocated") } ?? false)
        type("Bea", into: entry)  // nothing left to crash into
        bindings.removeAll()
        XCTAssertEqual(entry.connectedHandlerCount, 0)
        XCTAssertFalse(hasHandler("changed", on: entry.widget!))
    }

    func testABindingRemovedInsideItsOwnSignal() throws {
        let entry = add(GTKEntry(text: "x"))
        let received = Received()
        let bindings = BindingSet()
        final class Box: @unchecked Sendable { var binding: AnyBinding? }
        let box = Box()
        let once = Binding(
            source: Property(entry, \.text),
            destination: Setter(received) { received, text in
                received.names.append(text)
                if let binding = box.binding { bindings.remove(binding) }
                box.binding?.invalidate()
            })
        once.addTrigger(TargetActionTrigger(source: entry, events: .editingChanged))
        box.binding = once
        bindings.add(once)
        XCTAssertTrue(hasHandler("changed", on: entry.widget!))

        type("Ann", into: entry)  // `changed` twice: emptied, then "Ann"; the binding is gone after the first
        XCTAssertEqual(received.names, [""], "only the emission that removed it reached it")
        XCTAssertEqual(entry.connectedHandlerCount, 0)
        XCTAssertFalse(hasHandler("changed", on: entry.widget!), "GLib has no handler left")
        type("Bea", into: entry)
        XCTAssertEqual(received.names, [""])
        box.binding = nil
    }

    func testAWidgetRemovedFromItsWindowEndsItsBindings() throws {
        let person = Person()
        let bindings = BindingSet()
        let widget: UnsafeMutablePointer<GtkWidget>
        do {
            let entry = add(GTKEntry())
            bindings.add(
                try Binding(source: Property(entry, \.text), destination: Property(person, \.name), triggers: .standard)
            )
            bindings.add(
                try Binding(source: Property(person, \.name), destination: Property(entry, \.text), triggers: .standard)
            )
            widget = entry.widget!
        }
        XCTAssertEqual(bindings.count, 2)
        gtk_box_remove(box.cast(to: GtkBox.self), widget)  // the box held its only reference
        GTKMainLoop.runUntilIdle()
        XCTAssertEqual(finalized.alive, 2, "the entry is finalized (the window and its box remain)")
        XCTAssertEqual(bindings.count, 1, "entry → model ended with the entry: \(bindings.bindings)")
        person.name = "Ann"
        XCTAssertEqual(bindings.count, 0, "model → entry ended at its next update")
        XCTAssertEqual(GTKWidget.connectedHandlerCount, 0)
    }

    func testAThousandEntriesAndTheirWindow() throws {
        let wrappersBefore = GTKWidget.liveWrapperCount
        let people = (0..<1_000).map { Person(name: "p\($0)") }
        let bindings = BindingSet()
        for person in people {
            let entry = add(GTKEntry())
            bindings.add(
                try Binding(source: Property(entry, \.text), destination: Property(person, \.name), triggers: .standard)
            )
            bindings.add(
                try Binding(source: Property(person, \.name), destination: Property(entry, \.text), triggers: .standard)
                    .updatingNow())
        }
        XCTAssertEqual(GTKWidget.liveWrapperCount, wrappersBefore + 1_000)
        XCTAssertEqual(GTKWidget.connectedHandlerCount, 1_000)
        people[500].name = "changed"
        destroyWindow()
        XCTAssertEqual(finalized.alive, 0, "no widget is left")
        XCTAssertEqual(finalized.watched, 1_002)
        XCTAssertEqual(GTKWidget.connectedHandlerCount, 0, "no handler is left")
        XCTAssertEqual(GTKWidget.liveWrapperCount, wrappersBefore, "no wrapper is left")
        XCTAssertEqual(bindings.count, 1_000, "model → entry bindings end at their next update")
        for person in people { person.name += "!" }
        XCTAssertEqual(bindings.count, 0)
        XCTAssertTrue(people.allSatisfy { $0.keyPathObservers.count == 0 })
    }

    func testEveryWidgetsHandlersAreDisconnectedInGLibWhenItsBindingsGo() throws {
        let person = Person()
        let entry = add(GTKEntry())
        let spin = add(GTKSpinButton(range: 0...150))
        let scale = add(GTKScale(range: 0...1))
        let toggle = add(GTKSwitch())
        let check = add(GTKCheckButton(label: "Check"))
        let dropDown = add(GTKDropDown(items: ["a", "b"]))
        let label = add(GTKLabel())
        let button = add(GTKButton(title: "OK"))
        let bindings = BindingSet()
        func store<Widget: GTKWidget, Value: Equatable>(
            _ widget: Widget, _ widgetPath: ReferenceWritableKeyPath<Widget, Value>,
            _ modelPath: ReferenceWritableKeyPath<Person, Value>
        ) throws {
            bindings.add(
                try Binding(
                    source: Property(widget, widgetPath), destination: Property(person, modelPath), triggers: .standard)
            )
        }
        try store(entry, \.text, \.name)
        try store(spin, \.intValue, \.age)
        try store(scale, \.value, \.volume)
        try store(toggle, \.isOn, \.subscribed)
        try store(check, \.isOn, \.subscribed)
        try store(dropDown, \.selectedIndex, \.colour)
        try store(label, \.text, \.status)
        try store(button, \.isEnabled, \.subscribed)
        let tap = Binding(source: Property(entry, \.text), destination: Setter(person) { _, _ in })
        tap.addTrigger(TargetActionTrigger(source: button, events: .primaryActionTriggered))
        tap.addTrigger(TargetActionTrigger(source: entry, events: [.editingDidEnd, .primaryActionTriggered]))
        bindings.add(tap)
        let signals: [(GTKWidget, String)] = [
            (entry, "changed"), (entry, "activate"), (spin, "value-changed"), (scale, "value-changed"),
            (toggle, "notify::active"), (check, "toggled"), (dropDown, "notify::selected"), (label, "notify::label"),
            (button, "clicked"),
            (button, "notify::sensitive"),
        ]
        for (widget, signal) in signals {
            XCTAssertTrue(hasHandler(signal, on: widget.widget!), "\(type(of: widget)) \(signal) connected")
        }
        bindings.removeAll()
        for (widget, signal) in signals {
            XCTAssertFalse(hasHandler(signal, on: widget.widget!), "\(type(of: widget)) \(signal) left connected")
        }
        XCTAssertEqual(GTKWidget.connectedHandlerCount, 0)
    }

    func testTeardownRemovesTheFocusController() throws {
        let entry = add(GTKEntry())
        let person = Person()
        let controllersBefore = controllerCount(entry.widget!)
        let store = Binding(source: Property(entry, \.text), destination: Property(person, \.name))
        store.addTrigger(TargetActionTrigger(source: entry, events: [.editingDidBegin, .editingDidEnd]))
        XCTAssertEqual(controllerCount(entry.widget!), controllersBefore + 1)
        store.invalidate()
        XCTAssertEqual(controllerCount(entry.widget!), controllersBefore, "the focus controller went with its handlers")
        XCTAssertEqual(entry.connectedHandlerCount, 0)
    }

    /// The event controllers `widget` has, as GTK lists them.
    private func controllerCount(_ widget: UnsafeMutablePointer<GtkWidget>) -> Int {
        let list = gtk_widget_observe_controllers(widget)!
        defer { g_object_unref(UnsafeMutableRawPointer(list)) }
        return Int(g_list_model_get_n_items(list))
    }
}

/// `G_OBJECT_TYPE (widget)`: a macro Swift cannot call.
func G_OBJECT_TYPE_(_ widget: UnsafeMutablePointer<GtkWidget>) -> GType {
    UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self).pointee.g_class.pointee.g_type
}
