import CGTK
import Foundation
import PropertyBinding
import PropertyBindingGTK
import XCTest

/// A binding NOT delivered on `.main`, fired on another thread: the wrappers never call GTK off
/// the main thread, in debug and release builds alike. A write is queued to the main loop; a
/// read answers what the wrapper last saw on the main thread.
final class GTKOffMainThreadTests: GTKTestCase {
    /// Runs `work` on a new thread and waits for it.
    private func onAnotherThread(_ work: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        Thread {
            work()
            done.signal()
        }.start()
        done.wait()
    }

    func testAModelChangedOffMainWritesEveryWidgetInTheLoop() throws {
        let person = Person()
        let entry = add(GTKEntry())
        let label = add(GTKLabel())
        let spin = add(GTKSpinButton(range: 0...150))
        let scale = add(GTKScale(range: 0...1))
        let toggle = add(GTKSwitch())
        let check = add(GTKCheckButton(label: "Check"))
        let dropDown = add(GTKDropDown(items: ["a", "b"]))
        let button = add(GTKButton(title: "OK"))
        let bindings = BindingSet()
        func show<Widget: GTKWidget, Value: Equatable>(
            _ modelPath: ReferenceWritableKeyPath<Person, Value>, in widget: Widget,
            _ widgetPath: ReferenceWritableKeyPath<Widget, Value>
        ) throws {
            bindings.add(
                try Binding(
                    source: Property(person, modelPath), destination: Property(widget, widgetPath), triggers: .standard)
            )
        }
        try show(\.name, in: entry, \.text)
        try show(\.status, in: label, \.text)
        try show(\.age, in: spin, \.intValue)
        try show(\.volume, in: scale, \.value)
        try show(\.subscribed, in: toggle, \.isOn)
        try show(\.subscribed, in: check, \.isOn)
        try show(\.colour, in: dropDown, \.selectedIndex)
        bindings.add(
            try Binding(
                source: Property(person, \.name).map { $0.isEmpty }, destination: Property(button, \.isEnabled),
                triggers: .standard))
        // Each widget's thread, as GTK reports the change (`notify::` is emitted where the value is set).
        let threads = ThreadLog()
        for (widget, property) in [
            (entry.widget!, "text"), (label.widget!, "label"), (toggle.widget!, "active"),
            (check.widget!, "active"), (dropDown.widget!, "selected"), (button.widget!, "sensitive"),
        ] {
            threads.watch(widget, property)
        }

        onAnotherThread {
            person.name = "Ann"
            person.status = "busy"
            person.age = 42
            person.volume = 0.5
            person.subscribed = true
            person.colour = 1
        }
        XCTAssertEqual(String(cString: gtk_editable_get_text(OpaquePointer(entry.widget!))), "", "not written yet")
        XCTAssertEqual(String(cString: gtk_label_get_label(OpaquePointer(label.widget!))), "")
        XCTAssertEqual(gtk_spin_button_get_value(OpaquePointer(spin.widget!)), 0)
        XCTAssertEqual(gtk_switch_get_active(OpaquePointer(toggle.widget!)), 0)
        XCTAssertEqual(threads.offMain, 0)

        GTKMainLoop.runUntilIdle()
        XCTAssertEqual(String(cString: gtk_editable_get_text(OpaquePointer(entry.widget!))), "Ann")
        XCTAssertEqual(String(cString: gtk_label_get_label(OpaquePointer(label.widget!))), "busy")
        XCTAssertEqual(gtk_spin_button_get_value(OpaquePointer(spin.widget!)), 42)
        XCTAssertEqual(gtk_range_get_value(scale.widget!.cast(to: GtkRange.self)), 0.5)
        XCTAssertEqual(gtk_switch_get_active(OpaquePointer(toggle.widget!)), 1)
        XCTAssertEqual(gtk_check_button_get_active(check.widget!.cast(to: GtkCheckButton.self)), 1)
        XCTAssertEqual(gtk_drop_down_get_selected(OpaquePointer(dropDown.widget!)), 1)
        XCTAssertEqual(gtk_widget_get_sensitive(button.widget!), 0)
        XCTAssertEqual(threads.offMain, 0, "no widget changed off the main thread")
        XCTAssertGreaterThanOrEqual(threads.onMain, 6)
        XCTAssertEqual(bindings.bindings.compactMap(\.lastError).count, 0)
    }

    func testQueuedWritesLandInOrderAndAnOffMainReadSeesThem() throws {
        let entry = add(GTKEntry())
        let person = Person()
        let show = try Binding(
            source: Property(person, \.name), destination: Property(entry, \.text), triggers: .standard)
        let seen = ThreadLog()
        onAnotherThread {
            for name in ["a", "b", "c", "b"] { person.name = name }
            seen.note(entry.text)  // the write queued last, not the widget (which still shows "")
        }
        XCTAssertEqual(seen.notes, ["b"])
        XCTAssertEqual(entry.text, "", "on the main thread, the widget itself")
        var shown: [String] = []
        let recorder = ThreadLog()
        recorder.watch(entry.widget!, "text") { shown.append(entry.text) }
        GTKMainLoop.runUntilIdle()
        XCTAssertEqual(shown.filter { !$0.isEmpty }, ["a", "b", "c", "b"], "in the order they were made")
        XCTAssertEqual(entry.text, "b")
        withExtendedLifetime(show) {}
    }

    func testAnOffMainReadOfASourceWidgetNeverCallsGTK() throws {
        let entry = add(GTKEntry())
        let person = Person()
        let store = Binding(source: Property(entry, \.text), destination: Property(person, \.name))
        entry.text = "Ann"  // written by the wrapper, on the main thread: seen
        gtk_editable_set_text(OpaquePointer(entry.widget!), "Zed")  // behind the wrapper's back
        onAnotherThread { _ = store.update() }  // a custom trigger's fire, off the main thread
        XCTAssertEqual(person.name, "Ann", "the value last seen on the main thread, not GTK's")
        _ = store.update()
        XCTAssertEqual(person.name, "Zed", "on the main thread, the widget itself")
    }

    func testAnOffMainReadAnswersWhatTheWidgetShowsAfterGTKClampedIt() throws {
        let spin = add(GTKSpinButton(range: 0...150))
        let scale = add(GTKScale(range: 0...1))
        let person = Person()
        let bindings = BindingSet()
        bindings.add(
            try Binding(source: Property(person, \.age), destination: Property(spin, \.intValue), triggers: .standard))
        spin.value = 500  // on the main thread: GTK keeps 150
        scale.value = 7  // GTK keeps 1
        let read = ThreadLog()
        onAnotherThread {
            read.note("\(spin.value) \(scale.value)")
            person.age = 200  // queued: GTK will keep 150
        }
        XCTAssertEqual(read.notes, ["150.0 1.0"])
        GTKMainLoop.runUntilIdle()
        onAnotherThread { read.note("\(spin.value)") }
        XCTAssertEqual(read.notes.last, "150.0", "the landed write, as GTK clamped it")
        XCTAssertEqual(gtk_spin_button_get_value(OpaquePointer(spin.widget!)), 150)
    }

    func testTheFirstOffMainReadHasTheLoopReadTheWidgetAgain() throws {
        let entry = add(GTKEntry(text: "Ann"))
        let read = ThreadLog()
        gtk_editable_set_text(OpaquePointer(entry.widget!), "Bea")  // behind the wrapper's back, read by nothing
        onAnotherThread { read.note(entry.text) }
        XCTAssertEqual(read.notes, ["Ann"], "nothing read the change on the main thread: the value as written")
        GTKMainLoop.runUntilIdle()  // the wrapper reads its values again
        onAnotherThread { read.note(entry.text) }
        XCTAssertEqual(read.notes.last, "Bea")
        gtk_editable_set_text(OpaquePointer(entry.widget!), "Cid")
        XCTAssertEqual(entry.text, "Cid")  // a read on the main thread is remembered
        onAnotherThread { read.note(entry.text) }
        XCTAssertEqual(read.notes.last, "Cid")
    }

    func testAnEditABindingReadOnTheMainThreadIsWhatAReadOffItAnswers() throws {
        let person = Person()
        let entry = add(GTKEntry())
        let storeName = try Binding(
            source: Property(entry, \.text), destination: Property(person, \.name), triggers: .standard)
        entry.type("Ann")  // the user types: the binding reads the entry on the main thread
        XCTAssertEqual(person.name, "Ann")
        let read = ThreadLog()
        onAnotherThread {
            read.note(entry.text)
            _ = storeName.update()  // a fire from another thread: reads what the binding saw
        }
        XCTAssertEqual(read.notes, ["Ann"], "the first read off the main thread is not stale")
        XCTAssertEqual(person.name, "Ann", "the model is not blanked")
    }

    func testAQueuedWriteToAWidgetDestroyedMeanwhileIsDropped() throws {
        let wrappersBefore = GTKWidget.liveWrapperCount
        let person = Person()
        let bindings = BindingSet()
        do {
            let entry = add(GTKEntry())
            bindings.add(
                try Binding(source: Property(person, \.name), destination: Property(entry, \.text), triggers: .standard)
            )
        }
        onAnotherThread { person.name = "Ann" }
        destroyWindow()  // runs the loop too: the write lands first, or finds the entry gone
        XCTAssertEqual(finalized.alive, 0)
        XCTAssertEqual(GTKWidget.liveWrapperCount, wrappersBefore, "a queued write keeps no wrapper")
        person.name = "Bea"
        XCTAssertEqual(bindings.count, 0)
    }

    func testTheListFollowsAnArrayChangedOffMain() throws {
        let list = add(GTKListView())
        gtk_widget_set_size_request(list.widget!, 200, 400)
        present()
        let people = People()
        people.members = [Member(id: 0, name: "Ann")]
        let rows = TableRows(list, id: \Member.id, cell: GTKLabelCell.self) { cell, member in
            [
                try Binding(
                    source: Property(member, \.name), destination: Property(cell.label, \.text), triggers: .standard
                ).updatingNow()
            ]
        }
        let showMembers = try Binding(source: Property(people, \.members), destination: rows, triggers: .standard)
            .updatingNow()
        GTKMainLoop.runUntilIdle()
        XCTAssertEqual(list.rowCount, 1)
        onAnotherThread {
            people.members.append(Member(id: 1, name: "Bea"))
            people.members.append(Member(id: 2, name: "Cid"))
            people.members[0].name = "Ada"
        }
        XCTAssertEqual(list.rowCount, 1, "the store is not spliced off the main thread")
        GTKMainLoop.runUntilIdle()
        XCTAssertEqual(list.rowCount, 3)
        XCTAssertEqual(shownTexts(of: list), ["Ada", "Bea", "Cid"])
        withExtendedLifetime((rows, showMembers)) {}
    }

}

/// Where GTK announced changes of watched widgets: on the main thread or off it.
final class ThreadLog: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var onMain = 0
    private(set) var offMain = 0
    private(set) var notes: [String] = []
    private var actions: [() -> Void] = []

    func note(_ text: String) { lock.withLock { notes.append(text) } }

    /// Counts each `notify::property` of `widget` by thread, and runs `action` at each.
    func watch(_ widget: UnsafeMutablePointer<GtkWidget>, _ property: String, action: @escaping () -> Void = {}) {
        let box = Unmanaged.passRetained(WatchBox(log: self, action: action)).toOpaque()
        let handler:
            @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) ->
                Void = { _, _, data in
                    let box = Unmanaged<WatchBox>.fromOpaque(data!).takeUnretainedValue()
                    box.log.lock.withLock {
                        if Thread.isMainThread { box.log.onMain += 1 } else { box.log.offMain += 1 }
                    }
                    box.action()
                }
        _ = g_signal_connect_data(
            UnsafeMutableRawPointer(widget), "notify::\(property)", unsafeBitCast(handler, to: GCallback.self), box,
            { data, _ in Unmanaged<WatchBox>.fromOpaque(data!).release() }, GConnectFlags(rawValue: 0))
    }
}

private final class WatchBox {
    let log: ThreadLog
    let action: () -> Void
    init(log: ThreadLog, action: @escaping () -> Void) {
        self.log = log
        self.action = action
    }
}
