import CGTK
import CGTKShims
import Foundation
import PropertyBinding
import PropertyBindingGTK
import XCTest

/// Destroying a window ends everything: widgets finalized, wrappers gone, handlers disconnected,
/// bindings ended.
final class GTKLifetimeTests: GTKTestCase {
    /// Binds one widget of each kind both ways, keeping no reference to a wrapper.
    private func bindEveryWidget(to person: Person) throws -> BindingSet {
        let bindings = BindingSet()
        let entry = add(GTKEntry())
        let label = add(GTKLabel())
        let button = add(GTKButton(title: "OK"))
        let spin = add(GTKSpinButton(range: 0...150))
        let scale = add(GTKScale(range: 0...1))
        let toggle = add(GTKSwitch())
        let check = add(GTKCheckButton(label: "Check"))
        let dropDown = add(GTKDropDown(items: ["a", "b"]))
        func both<Widget: GTKWidget, Value: Equatable>(
            _ widget: Widget, _ widgetPath: ReferenceWritableKeyPath<Widget, Value>,
            _ modelPath: ReferenceWritableKeyPath<Person, Value>
        ) throws {
            bindings.add(
                try Binding(
                    source: Property(widget, widgetPath), destination: Property(person, modelPath), triggers: .standard)
            )
            bindings.add(
                try Binding(
                    source: Property(person, modelPath), destination: Property(widget, widgetPath), triggers: .standard)
            )
        }
        try both(entry, \.text, \.name)
        try both(label, \.text, \.status)
        try both(spin, \.intValue, \.age)
        try both(scale, \.value, \.volume)
        try both(toggle, \.isOn, \.subscribed)
        try both(check, \.isOn, \.subscribed)
        try both(dropDown, \.selectedIndex, \.colour)
        let tap = Binding(source: Property(person, \.name), destination: Setter(person) { _, _ in })
        tap.addTrigger(TargetActionTrigger(source: button, events: .primaryActionTriggered))
        bindings.add(tap)
        emit("clicked", on: button)
        return bindings
    }

    func testDestroyingTheWindowEndsEverything() throws {
        let wrappersBefore = GTKWidget.liveWrapperCount
        let person = Person()
        let bindings = try bindEveryWidget(to: person)
        present()
        XCTAssertEqual(bindings.count, 15)
        XCTAssertGreaterThan(GTKWidget.connectedHandlerCount, 0)
        XCTAssertEqual(GTKWidget.liveWrapperCount, wrappersBefore + 8)

        destroyWindow()
        XCTAssertEqual(finalized.alive, 0, "every widget is finalized")
        XCTAssertEqual(GTKWidget.connectedHandlerCount, 0, "every handler is gone")
        XCTAssertEqual(GTKWidget.liveWrapperCount, wrappersBefore, "every wrapper is gone")
        // The bindings that only a widget could fire (widget → model, the tap) ended with their
        // widgets, silently: each widget told its triggers (`controlDidEnd()`).
        XCTAssertEqual(bindings.count, 7, "\(bindings.bindings)")
        XCTAssertTrue(bindings.bindings.allSatisfy { $0.lastError == nil })
        // The model's changes find the widgets gone: each binding that wrote one ends itself.
        person.name = "Ann"
        person.status = "x"
        person.age = 1
        person.volume = 1
        person.subscribed = true
        person.colour = 1
        XCTAssertEqual(bindings.count, 0, "\(bindings.bindings)")
        XCTAssertEqual(person.keyPathObservers.count, 0)
    }

    func testRemovingTheBindingsDisconnectsEveryHandler() throws {
        let person = Person()
        let bindings = try bindEveryWidget(to: person)
        XCTAssertGreaterThan(GTKWidget.connectedHandlerCount, 0)
        bindings.removeAll()
        XCTAssertEqual(GTKWidget.connectedHandlerCount, 0)
    }
}

/// Whether each write to the entry under test ran on the main thread.
nonisolated(unsafe) private var writesOnMainThread: [Bool] = []

/// A binding delivered on `.main` writes in the GTK loop, on the main thread.
final class GTKThreadTests: GTKTestCase {
    func testAFireFromABackgroundThreadWritesInTheLoop() throws {
        let entry = add(GTKEntry())
        let person = Person()
        let show = try Binding(
            source: Property(person, \.status), destination: Property(entry, \.text), triggers: .standard
        ).delivered(on: .main)
        writesOnMainThread = []
        let recorder: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, _ in
            writesOnMainThread.append(Thread.isMainThread)
        }
        let handler = pbgtk_signal_connect(
            entry.widget!, "changed", unsafeBitCast(recorder, to: GCallback.self), nil, nil)

        let changed = DispatchSemaphore(value: 0)
        let thread = Thread {
            person.status = "from a background thread"
            changed.signal()
        }
        thread.start()
        changed.wait()
        usleep(20_000)
        XCTAssertEqual(entry.text, "", "nothing is written until the loop runs")
        XCTAssertTrue(GTKMainLoop.run(until: { entry.text == "from a background thread" }))
        XCTAssertEqual(writesOnMainThread, [true])

        g_signal_handler_disconnect(entry.widget!, handler)
        show.invalidate()
    }

    func testATriggerAddedOffTheMainThreadConnectsInTheLoop() throws {
        let entry = add(GTKEntry())
        let person = Person()
        let made = BindingBox()
        let done = DispatchSemaphore(value: 0)
        Thread {
            made.binding = try? Binding(
                source: Property(entry, \.text), destination: Property(person, \.name), triggers: .standard)
            done.signal()
        }.start()
        done.wait()
        XCTAssertNotNil(made.binding)
        XCTAssertEqual(entry.connectedHandlerCount, 0, "signals are connected on the main thread only")
        XCTAssertTrue(GTKMainLoop.run(until: { entry.connectedHandlerCount == 1 }))
        entry.type("Ann")
        XCTAssertEqual(person.name, "Ann")
        made.binding?.invalidate()
        XCTAssertEqual(entry.connectedHandlerCount, 0)
    }
}

/// A binding made on another thread.
final class BindingBox: @unchecked Sendable {
    var binding: AnyBinding?
}
