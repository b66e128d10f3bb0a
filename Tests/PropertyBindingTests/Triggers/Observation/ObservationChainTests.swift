import Observation
import PropertyBindingTesting
import Testing

@testable import PropertyBinding

/// A key path through `@Observable` objects, `\.address.city`: each delivery tracks the key path
/// again from the root, so it follows the address the person holds now. Observation ends every
/// registration of one tracking at its first change, so the old address is no longer tracked.
@MainActor @Suite struct ObservationChainTests {
    init() { DefaultErrorRouting.install }

    @Test func followsTheReplacedAddressAndNoLongerTheOldOne() async {
        let person = ObservedResident()
        let label = PlainLabel()
        let showCity = Binding(source: Property(person, \.address.city), destination: Property(label, \.text))
        let trigger = ObservationTrigger(person, \.address.city)
        showCity.addTrigger(trigger)
        let recorder = BindingRecorder(showCity)

        person.address.city = "Paris"
        #expect(await recorder.waitForDestination(toHold: "Paris"))
        let old = person.address
        person.address = ObservedAddress(city: "Rome")  // replacing the address fires
        #expect(await recorder.waitForDestination(toHold: "Rome"))
        await drainMainQueue()
        let deliveries = trigger.deliveryCount
        old.city = "Oslo"
        await drainMainQueue()
        #expect(trigger.deliveryCount == deliveries)
        person.address.city = "Nice"
        #expect(await recorder.waitForDestination(toHold: "Nice"))
        #expect(recorder.newValues == ["Paris", "Rome", "Nice"])
    }

    @Test func theStandardRegistryFollowsTheChainToo() async throws {
        let person = ObservedResident()
        let label = PlainLabel()
        let showCity = try Binding(
            source: Property(person, \.address.city), destination: Property(label, \.text), triggers: .standard)
        let recorder = BindingRecorder(showCity)
        let old = person.address
        person.address = ObservedAddress(city: "Rome")
        #expect(await recorder.waitForDestination(toHold: "Rome"))
        await drainMainQueue()
        old.city = "Oslo"
        await drainMainQueue()
        #expect(recorder.newValues == ["Rome"])
        person.address.city = "Nice"
        #expect(await recorder.waitForDestination(toHold: "Nice"))
    }

    @Test func theOldAddressIsNotKeptAlive() async {
        let person = ObservedResident()
        let label = PlainLabel()
        let showCity = Binding(source: Property(person, \.address.city), destination: Property(label, \.text))
        showCity.addTrigger(ObservationTrigger(person, \.address.city))
        let recorder = BindingRecorder(showCity)
        weak let old = person.address
        person.address = ObservedAddress(city: "Rome")
        #expect(await recorder.waitForDestination(toHold: "Rome"))
        await drainMainQueue()
        #expect(old == nil)
    }
}

@Observable private final class ObservedResident {
    var address = ObservedAddress()
}

@Observable private final class ObservedAddress {
    var city: String
    init(city: String = "") { self.city = city }
}
