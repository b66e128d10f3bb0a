import Foundation
import PropertyBinding
import PropertyBindingTesting
import Testing

/// A thermostat's reading, as a display shows it.
final class TemperatureDisplay {
    var celsius = -273
    var caption = "none"
}

/// A sender of the notifications below.
final class Thermometer {
    var name: String

    init(name: String) {
        self.name = name
    }
}

/// A sender of another type, posting the same notification.
final class Barometer {}

/// A model with an optional value.
final class Contact {
    var nickname: String?
}

/// A view that needs a value.
final class ContactLabel {
    var text = "unchanged"
}

/// Why a required value could not be read: it was `nil`.
struct MissingValueError: Error, Equatable {
    /// The property that held `nil`.
    let property: String
}

/// A transformer that unwraps an optional and fails with a typed error on `nil`: a field that
/// must show a value.
struct RequiredValue<Base: ReadableProperty<Wrapped?>, Wrapped>: Transformer {
    typealias Value = Wrapped

    let property: Base

    func transform(_ input: Wrapped?) throws -> Wrapped {
        guard let input else { throw MissingValueError(property: "\(property)") }
        return input
    }

    func reverseTransform(_ value: Wrapped) throws -> Wrapped? { value }
}

extension Notification.Name {
    fileprivate static let thermometerDidMeasure = Notification.Name("ThermometerDidMeasure")
}

@Suite struct BadInputTests {
    let center = NotificationCenter()

    /// A binding from the `celsius` entry of the latest notification to a display, and a log of
    /// its failures.
    private func celsiusBinding(_ display: TemperatureDisplay) -> (AnyBinding, Locked<[BindingFailure]>) {
        let trigger = NotificationTrigger(center: center, name: .thermometerDidMeasure)
        let binding = Binding(
            source: NotificationValue<Int>(trigger, key: "celsius"), destination: Property(display, \.celsius))
        let failures = Locked<[BindingFailure]>()
        binding.onError = { failures.append($0) }
        binding.addTrigger(trigger)
        return (binding, failures)
    }

    // MARK: userInfo of the wrong type

    @Test func aNotificationCarryingTheRightTypeIsWritten() {
        let display = TemperatureDisplay()
        let (binding, failures) = celsiusBinding(display)
        center.post(name: .thermometerDidMeasure, object: nil, userInfo: ["celsius": 21])
        #expect(display.celsius == 21)
        #expect(failures.value.isEmpty)
        withExtendedLifetime(binding) {}
    }

    @Test func aUserInfoValueOfTheWrongTypeIsATypedErrorAndWritesNothing() {
        let display = TemperatureDisplay()
        let (binding, failures) = celsiusBinding(display)
        center.post(name: .thermometerDidMeasure, object: nil, userInfo: ["celsius": 21])
        center.post(name: .thermometerDidMeasure, object: nil, userInfo: ["celsius": "warm"])
        center.post(name: .thermometerDidMeasure, object: nil, userInfo: ["celsius": 21.5])
        #expect(display.celsius == 21)
        let errors = failures.value.map { $0.error as? NotificationValueError }
        #expect(
            errors == [
                .wrongType(key: "celsius", expected: "Int", actual: "String"),
                .wrongType(key: "celsius", expected: "Int", actual: "Double"),
            ])
        #expect(failures.value.allSatisfy { $0.stage == .readingSource })
        #expect(binding.lastError.map { "\($0)" }?.contains("celsius holds a value of type Double, not Int") == true)
    }

    @Test func aMissingUserInfoValueIsATypedErrorAndWritesNothing() {
        let display = TemperatureDisplay()
        let (binding, failures) = celsiusBinding(display)
        center.post(name: .thermometerDidMeasure, object: nil, userInfo: ["fahrenheit": 70])
        center.post(name: .thermometerDidMeasure, object: nil)
        #expect(display.celsius == -273)
        let missing = NotificationValueError.missingValue(key: "celsius", name: "ThermometerDidMeasure")
        #expect(failures.value.map { $0.error as? NotificationValueError } == [missing, missing])
        withExtendedLifetime(binding) {}
    }

    @Test func readingBeforeAnyNotificationIsATypedError() {
        let display = TemperatureDisplay()
        let (binding, _) = celsiusBinding(display)
        let result = binding.update()
        #expect(result.failure?.error as? NotificationValueError == .noNotification(name: "ThermometerDidMeasure"))
        #expect(display.celsius == -273)
    }

    // MARK: A trigger fired for an object of the wrong type

    @Test func aSenderOfTheWrongTypeIsATypedErrorAndWritesNothing() {
        let display = TemperatureDisplay()
        let trigger = NotificationTrigger(center: center, name: .thermometerDidMeasure)
        let showSender = Binding(
            source: NotificationValue<Thermometer>(senderOf: trigger).map(\.name),
            destination: Property(display, \.caption))
        let failures = Locked<[BindingFailure]>()
        showSender.onError = { failures.append($0) }
        showSender.addTrigger(trigger)

        let kitchen = Thermometer(name: "kitchen")
        center.post(name: .thermometerDidMeasure, object: kitchen)
        #expect(display.caption == "kitchen")
        let barometer = Barometer()
        center.post(name: .thermometerDidMeasure, object: barometer)
        center.post(name: .thermometerDidMeasure, object: nil)
        #expect(display.caption == "kitchen")
        #expect(
            failures.value.map { $0.error as? NotificationValueError } == [
                .wrongType(key: "object", expected: "Thermometer", actual: "Barometer"),
                .missingValue(key: "object", name: "ThermometerDidMeasure"),
            ])
    }

    @Test func aTriggerFilteredToOneSenderIgnoresSendersOfAnotherType() {
        let display = TemperatureDisplay()
        let kitchen = Thermometer(name: "kitchen")
        let trigger = NotificationTrigger(center: center, name: .thermometerDidMeasure, object: kitchen)
        let binding = Binding(
            source: NotificationValue<Int>(trigger, key: "celsius"), destination: Property(display, \.celsius))
        binding.addTrigger(trigger)
        let barometer = Barometer()
        center.post(name: .thermometerDidMeasure, object: barometer, userInfo: ["celsius": 99])
        #expect(display.celsius == -273)
        #expect(trigger.lastNotification == nil)
        center.post(name: .thermometerDidMeasure, object: kitchen, userInfo: ["celsius": 19])
        #expect(display.celsius == 19)
    }

    @Test func aTriggerThatBelongsToAnotherBindingDoesNotUpdateThisOne() {
        let display = TemperatureDisplay()
        let other = TemperatureDisplay()
        let thermometer = Thermometer(name: "hall")
        let mine = Binding(source: Property(thermometer, \.name), destination: Property(display, \.caption))
        let theirs = Binding(source: Property(thermometer, \.name), destination: Property(other, \.caption))
        let trigger = TestTrigger()
        theirs.addTrigger(trigger)
        // A delegate call for a trigger this binding never added is ignored.
        mine.triggerDidFire(trigger)
        #expect(display.caption == "none")
        trigger.fire()
        #expect(other.caption == "hall")
        #expect(display.caption == "none")
    }

    // MARK: A key path to an optional that is nil

    @Test func aNilOptionalIsATypedErrorAndWritesNothing() throws {
        let contact = Contact()
        let label = ContactLabel()
        let trigger = TestTrigger()
        let showNickname = Binding(
            source: RequiredValue(property: Property(contact, \.nickname)), destination: Property(label, \.text))
        showNickname.onError = { _ in }
        showNickname.addTrigger(trigger)

        trigger.fire()
        #expect(label.text == "unchanged")
        let failure = try #require(showNickname.lastError)
        #expect(failure.stage == .readingSource)
        #expect(failure.error as? MissingValueError == MissingValueError(property: "\\Contact.nickname"))

        contact.nickname = "Bob"
        trigger.fire()
        #expect(label.text == "Bob")
        #expect(showNickname.lastError == nil)

        contact.nickname = nil
        trigger.fire()
        #expect(label.text == "Bob")
        #expect(showNickname.lastError?.error is MissingValueError)
    }

    @Test func aNilOptionalWithAPlaceholderShowsThePlaceholderInstead() {
        let contact = Contact()
        let label = ContactLabel()
        let showNickname = Binding(
            source: Property(contact, \.nickname).placeholders(whenNil: "(none)"), destination: Property(label, \.text))
        #expect(showNickname.update().didWrite)
        #expect(label.text == "(none)")
    }
}
