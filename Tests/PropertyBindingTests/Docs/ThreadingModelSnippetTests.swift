import Foundation
import PropertyBinding
import Testing

// The snippets of the "Threading model" article (PropertyBinding.docc/ThreadingModel.md); the
// article quotes them verbatim (scripts/docs checks it).

private final class Thermostat {
    var celsius = 20
}

private final class Display {
    var text = ""
}

/// A view that announces every change of its text, as a text field does.
private final class EchoingField {
    let center: NotificationCenter
    var text = "" {
        didSet { center.post(name: .echoingFieldDidChange, object: self) }
    }

    init(center: NotificationCenter) {
        self.center = center
    }
}

extension Notification.Name {
    fileprivate static let echoingFieldDidChange = Notification.Name("EchoingFieldDidChange")
    fileprivate static let thermostatDidChange = Notification.Name("ThermostatDidChange")
}

@Suite struct ThreadingModelSnippetTests {
    @Test func anUpdateRunsOnTheFiringThreadBeforePostReturns() {
        let center = NotificationCenter()
        let thermostat = Thermostat()
        let display = Display()
        let printed = Printed.lines {
            // snippet: synchronous
            let showTemperature = Binding(
                source: Property(thermostat, \.celsius).map { "\($0) °C" }, destination: Property(display, \.text))
            showTemperature.addTrigger(
                NotificationTrigger(center: center, name: .thermostatDidChange, object: thermostat))

            thermostat.celsius = 21
            center.post(name: .thermostatDidChange, object: thermostat)
            print(display.text)  // "21 °C": written on this thread, before post returned
            // end snippet
        }
        #expect(printed == ["21 °C"])
        #expect(display.text == "21 °C")
    }

    @Test func anUpdateCanBeSentToAQueue() {
        let thermostat = Thermostat()
        let display = Display()
        let showTemperature = Binding(
            source: Property(thermostat, \.celsius).map { "\($0) °C" }, destination: Property(display, \.text))
        // snippet: queue
        let ui = DispatchQueue(label: "ui")  // DispatchQueue.main in an app
        ui.async { showTemperature.update() }  // reads and writes on `ui`
        // end snippet
        ui.sync {}
        #expect(display.text == "20 °C")
    }

    @Test func aBindingFiredByItsOwnWriteIsNotRunAgain() {
        let center = NotificationCenter()
        let thermostat = Thermostat()
        let writes = WriteCount()
        // snippet: reentrant
        let field = EchoingField(center: center)  // its didSet posts .echoingFieldDidChange
        let showTemperature = Binding(
            source: Property(thermostat, \.celsius).map { "\($0)" }, destination: Property(field, \.text))
        showTemperature.addTrigger(NotificationTrigger(center: center, name: .echoingFieldDidChange, object: field))

        thermostat.celsius = 25
        showTemperature.update()  // writes "25"; the echo it posts is skipped as .reentrant
        // end snippet
        showTemperature.onUpdate = { _ in writes.increment() }
        thermostat.celsius = 26
        #expect(showTemperature.update().didWrite)
        #expect(field.text == "26")
        #expect(writes.value == 1)
    }

    @Test func noUpdateRunsAfterInvalidate() {
        let thermostat = Thermostat()
        let display = Display()
        let showTemperature = Binding(
            source: Property(thermostat, \.celsius).map { "\($0) °C" }, destination: Property(display, \.text))
        // snippet: invalidate
        showTemperature.invalidate()  // waits for an update running on another thread
        let result = showTemperature.update()  // .invalidated: nothing is read or written
        // end snippet
        #expect("\(result)" == "invalidated")
        #expect(display.text == "")
    }

    @Test func concurrentUpdatesOfOneBindingAreSerialized() async {
        let source = LockedCounter()
        let sink = MaxConcurrency()
        let binding = Binding(source: source.property, destination: sink.property)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<200 { group.addTask { binding.update() } }
        }
        #expect(sink.maximum == 1)
        #expect(sink.writes > 0)
    }
}

/// Counts writes reported from any thread.
private final class WriteCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func increment() { lock.withLock { count += 1 } }
}

/// A source whose value changes on every read, so every update writes.
private final class LockedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var next: Int {
        get {
            lock.withLock {
                count += 1; return count
            }
        }
        set { lock.withLock { count = newValue } }
    }
    var property: Property<LockedCounter, Int> { Property(self, \.next) }
}

/// A destination that records how many writes overlapped.
private final class MaxConcurrency: @unchecked Sendable {
    private let lock = NSLock()
    private var running = 0
    private(set) var maximum = 0
    private(set) var writes = 0
    var value: Int {
        get { 0 }
        set {
            lock.withLock {
                running += 1
                maximum = max(maximum, running)
                writes += 1
            }
            for _ in 0..<100 { _ = newValue.description }
            lock.withLock { running -= 1 }
        }
    }
    var property: Property<MaxConcurrency, Int> { Property(self, \.value) }
}
