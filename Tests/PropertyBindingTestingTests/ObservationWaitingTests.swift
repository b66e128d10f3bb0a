import Foundation
import Observation
import PropertyBinding
import PropertyBindingTesting
import Testing

// Swift Observation tells of a change before the value is stored, so a trigger over it must
// deliver later; the recorder's waiting helpers are made for such triggers.

@Observable private final class Thermometer: @unchecked Sendable {
    var celsius = 0
}

/// A minimal Observation trigger of a test's own: it re-arms on every change and fires on
/// `queue`, the serial queue the thermometer is changed on, so once the new value is in place.
private final class CelsiusTrigger: Trigger, @unchecked Sendable {
    weak var delegate: (any TriggerDelegate)?
    private let thermometer: Thermometer
    private let queue: DispatchQueue
    private let lock = NSLock()
    private var observing = false

    init(_ thermometer: Thermometer, queue: DispatchQueue) {
        self.thermometer = thermometer
        self.queue = queue
    }

    func startObserving() {
        lock.withLock { observing = true }
        arm()
    }

    func stopObserving() { lock.withLock { observing = false } }

    private func arm() {
        withObservationTracking {
            _ = thermometer.celsius
        } onChange: { [weak self, queue] in
            // Called before the value is stored: the delivery waits for the write on `queue`.
            let trigger = self
            queue.async { trigger?.changed() }
        }
    }

    private func changed() {
        guard lock.withLock({ observing }) else { return }
        arm()
        delegate?.triggerDidFire(self)
    }
}

private final class Display: @unchecked Sendable { var text = "" }

@Suite struct ObservationWaitingTests {
    @Test func waitsForAnUpdateThatObservationDeliversLater() async {
        let thermometer = Thermometer()
        let display = Display()
        let binding = Binding(
            source: Property(thermometer, \.celsius).map { "\($0) °C" }, destination: Property(display, \.text))
        let queue = DispatchQueue(label: "ObservationWaitingTests")
        binding.addTrigger(CelsiusTrigger(thermometer, queue: queue))
        let recorder = BindingRecorder(binding)

        queue.sync { thermometer.celsius = 21 }

        #expect(await recorder.waitForDestination(toHold: "21 °C"))
        queue.sync { thermometer.celsius = 22 }
        #expect(await recorder.waitForUpdates(2))
        #expect(recorder.newValues == ["21 °C", "22 °C"])
        binding.invalidate()
    }
}
