import Foundation
import PropertyBinding
import PropertyBindingTesting
import XCTest

final class Thermostat { var celsius = 20.0 }
final class TemperatureLabel { var text = "" }

extension Notification.Name {
    static let thermostatDidChange = Notification.Name("ThermostatDidChange")
}

final class TemperatureLabelTests: XCTestCase {
    func testTheLabelFollowsTheThermostat() {
        let center = NotificationFixture()
        let thermostat = Thermostat()
        let label = TemperatureLabel()
        let showTemperature = Binding(
            source: Property(thermostat, \.celsius).map { "\($0) °C" }, destination: Property(label, \.text))
        showTemperature.addTrigger(center.trigger(for: .thermostatDidChange, from: thermostat))
        let recorder = BindingRecorder(showTemperature)

        thermostat.celsius = 21.5
        XCTAssertTrue(recorder.destination(holds: "21.5 °C") { center.post(.thermostatDidChange, from: thermostat) })
        // The same value again: nothing is written.
        XCTAssertTrue(recorder.producesNoUpdate { center.post(.thermostatDidChange, from: thermostat) })
        XCTAssertEqual(recorder.newValues, ["21.5 °C"])
        XCTAssertEqual(center.notifications(named: .thermostatDidChange, from: thermostat).count, 2)
    }

    func testAGoneThermostatIsReportedNotACrash() {
        let label = TemperatureLabel()
        var thermostat: Thermostat? = Thermostat()
        let showTemperature = Binding(
            source: Property(thermostat!, \.celsius).map { "\($0) °C" }, destination: Property(label, \.text))
        let recorder = BindingRecorder(showTemperature)

        thermostat = nil
        XCTAssertTrue(recorder.producesNoUpdate { showTemperature.update() })
        XCTAssertEqual(recorder.failures.map(\.stage), [.readingSource])
        XCTAssertTrue(recorder.errors.first is PropertyError)
    }

    func testAnUpdateThatArrivesLaterIsAwaited() async {
        let thermostat = Thermostat()
        let label = TemperatureLabel()
        let showTemperature = Binding(
            source: Property(thermostat, \.celsius).map { "\($0) °C" }, destination: Property(label, \.text))
        let trigger = TestTrigger()
        showTemperature.addTrigger(trigger)
        let recorder = BindingRecorder(showTemperature)

        thermostat.celsius = 18
        Task.detached { trigger.fire() }
        let arrived = await recorder.waitForDestination(toHold: "18.0 °C", timeout: .seconds(5))
        XCTAssertTrue(arrived)
    }

    func testTeardownReleasesTheModelTheViewAndTheBindings() {
        let center = NotificationFixture()
        let leaks = LeakTracker.leaks { tracker in
            let thermostat = tracker.track(Thermostat(), "model")
            let label = tracker.track(TemperatureLabel(), "view")
            let bindings = tracker.track(BindingSet(), "bindings")
            let showTemperature = Binding(
                source: Property(thermostat, \.celsius).map { "\($0)" }, destination: Property(label, \.text))
            showTemperature.addTrigger(center.trigger(for: .thermostatDidChange, from: thermostat))
            bindings.add(showTemperature)
        }
        XCTAssertEqual(leaks, [])
        XCTAssertEqual(center.observerCount(), 0)
    }
}
