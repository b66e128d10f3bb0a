import PropertyBinding
import PropertyBindingTesting
import Testing

/// A key path through replaceable objects, `\.address.city`: the trigger follows the address
/// the person holds now.
@Suite struct KeyPathChainTests {
    init() { DefaultErrorRouting.install }

    @Test func followsTheReplacedAddressAndNoLongerTheOldOne() {
        let person = Resident()
        let label = PlainLabel()
        let showCity = Binding(source: Property(person, \.address.city), destination: Property(label, \.text))
        let trigger = KeyPathTrigger(person, \.address.city)
        showCity.addTrigger(trigger)
        let recorder = BindingRecorder(showCity)

        person.address.city = "Paris"
        #expect(label.text == "Paris")
        let old = person.address
        person.address = Address(city: "Rome")  // replacing the address fires
        #expect(label.text == "Rome")
        #expect(recorder.producesNoUpdate { old.city = "Oslo" })
        #expect(old.keyPathObservers.count == 0)
        person.address.city = "Nice"
        #expect(label.text == "Nice")
        #expect(recorder.newValues == ["Paris", "Rome", "Nice"])
    }

    @Test func firesOncePerAnnouncementOfALink() {
        let person = Resident()
        let counter = FireCounter(KeyPathTrigger(person, \.address.city))
        person.address.city = "Paris"
        person.address = Address()
        person.address.city = "Nice"
        person.name = "Ann"  // another key path of the person
        person.address.zip = 75  // another key path of the address
        #expect(counter.fires == 3)
    }

    @Test func theStandardRegistryInfersTheChain() throws {
        let person = Resident()
        let label = PlainLabel()
        let showCity = try Binding(
            source: Property(person, \.address.city), destination: Property(label, \.text), triggers: .standard)
        let old = person.address
        person.address = Address(city: "Rome")
        #expect(label.text == "Rome")
        old.city = "Oslo"
        #expect(label.text == "Rome")
        person.address.city = "Nice"
        #expect(label.text == "Nice")
        showCity.invalidate()
        #expect(person.keyPathObservers.count == 0)
        #expect(person.address.keyPathObservers.count == 0)
    }

    @Test func followsAChainOfThreeObjects() throws {
        let person = Resident()
        let label = PlainLabel()
        let showCountry = try Binding(
            source: Property(person, \.address.country.name), destination: Property(label, \.text), triggers: .standard
        )
        person.address.country.name = "France"
        #expect(label.text == "France")
        let oldCountry = person.address.country
        person.address.country = Country(name: "Italy")
        #expect(label.text == "Italy")
        oldCountry.name = "Spain"
        #expect(label.text == "Italy")
        let oldAddress = person.address
        person.address = Address(country: Country(name: "Norway"))
        #expect(label.text == "Norway")
        oldAddress.country.name = "Peru"
        oldAddress.country = Country(name: "Chile")
        #expect(label.text == "Norway")
        #expect(oldAddress.keyPathObservers.count == 0)
        #expect(oldAddress.country.keyPathObservers.count == 0)
        person.address.country.name = "Japan"
        #expect(label.text == "Japan")

        showCountry.invalidate()
        #expect(person.keyPathObservers.count == 0)
        #expect(person.address.keyPathObservers.count == 0)
        #expect(person.address.country.keyPathObservers.count == 0)
    }

    @Test func theOldAddressIsNotKeptAlive() {
        let person = Resident()
        let label = PlainLabel()
        let showCity = Binding(source: Property(person, \.address.city), destination: Property(label, \.text))
        showCity.addTrigger(KeyPathTrigger(person, \.address.city))
        weak let old = person.address
        #expect(old != nil)
        person.address = Address(city: "Rome")
        #expect(old == nil)
        #expect(label.text == "Rome")
    }

    @Test func removingTheTriggerStopsObservingThePersonAndItsAddress() {
        let person = Resident()
        let label = PlainLabel()
        let showCity = Binding(source: Property(person, \.address.city), destination: Property(label, \.text))
        let trigger = KeyPathTrigger(person, \.address.city)
        showCity.addTrigger(trigger)
        #expect(trigger.isObserving)
        #expect(person.keyPathObservers.count == 1)
        #expect(person.address.keyPathObservers.count == 1)

        showCity.removeTrigger(trigger)
        #expect(!trigger.isObserving)
        #expect(person.keyPathObservers.count == 0)
        #expect(person.address.keyPathObservers.count == 0)
        person.address.city = "Oslo"
        person.address = Address(city: "Rome")
        #expect(label.text == "")

        showCity.addTrigger(trigger)  // starts again, on the address held now
        person.address.city = "Nice"
        #expect(label.text == "Nice")
    }

    @Test func releasingTheBindingReleasesTheTriggerAndItsObservations() {
        let person = Resident()
        let address = person.address
        weak var weakTrigger: KeyPathTrigger?
        do {
            let label = PlainLabel()
            let trigger = KeyPathTrigger(person, \.address.city)
            weakTrigger = trigger
            let showCity = Binding(source: Property(person, \.address.city), destination: Property(label, \.text))
            showCity.addTrigger(trigger)
            address.city = "Paris"
            #expect(label.text == "Paris")
        }
        #expect(weakTrigger == nil)
        #expect(person.keyPathObservers.count == 0)
        #expect(address.keyPathObservers.count == 0)
    }

    @Test func aStructLinkIsPartOfItsAnnouncedKeyPath() throws {
        let person = Resident()
        let label = PlainLabel()
        let showStreet = Binding(source: Property(person, \.home.street), destination: Property(label, \.text))
        showStreet.addTrigger(KeyPathTrigger(person, \.home.street))
        let inferredLabel = PlainLabel()
        let inferred = try Binding(
            source: Property(person, \.home.street), destination: Property(inferredLabel, \.text), triggers: .standard)
        person.home.street = "Main Street"  // announces \Resident.home
        #expect(label.text == "Main Street")
        #expect(inferredLabel.text == "Main Street")
        #expect(person.keyPathObservers.count == 2)
        inferred.invalidate()
        #expect(person.keyPathObservers.count == 1)
    }

    @Test func aLinkNothingAnnouncesIsRefused() {
        let person = Resident()
        let label = PlainLabel()
        #expect {
            try Binding(
                source: Property(person, \.quietAddress.city), destination: Property(label, \.text), triggers: .standard
            )
        } throws: { error in
            guard case .notAnnounced(let root, _) = error as? TriggerRegistryError else { return false }
            return root == "Resident" && String(describing: error).contains("every link must be announced")
        }
    }

    /// An optional link is followed while it holds an object, and read as no value while it is
    /// nil: a placeholder stands in, or nothing is written.
    @Test func anOptionalLinkIsFollowedAndReadsNoValueWhileNil() throws {
        let person = Resident()
        let label = PlainLabel()
        let showCity = try Binding(
            source: OptionalLinkProperty(person, \.spareAddress?.city).placeholder(whenNoSelection: "—"),
            destination: Property(label, \.text), triggers: .standard)
        person.spareAddress?.city = "Oslo"
        #expect(label.text == "Oslo")
        let old = person.spareAddress!
        person.spareAddress = nil
        #expect(label.text == "—")
        old.city = "Bergen"  // no longer followed
        #expect(label.text == "—")
        #expect(old.keyPathObservers.count == 0)
        person.spareAddress = Address(city: "Rome")
        #expect(label.text == "Rome")
        person.spareAddress?.city = "Nice"
        #expect(label.text == "Nice")
        showCity.invalidate()
        #expect(person.keyPathObservers.count == 0)
        #expect(person.spareAddress?.keyPathObservers.count == 0)
    }

    @Test func withoutAPlaceholderNothingIsWrittenWhileTheLinkIsNil() throws {
        let person = Resident()
        let label = PlainLabel()
        let showCity = try Binding(
            source: OptionalLinkProperty(person, \.spareAddress?.city), destination: Property(label, \.text),
            triggers: .standard)
        let recorder = BindingRecorder(showCity)
        person.spareAddress?.city = "Oslo"
        person.spareAddress = nil
        #expect(label.text == "Oslo")
        #expect(recorder.failures.last?.error is NoSelectionError)
        #expect(showCity.isValid)
        person.spareAddress = Address(city: "Rome")
        #expect(label.text == "Rome")
    }

    @Test func aKeyPathThroughAnOptionalLinkIsInferredAndFollowed() throws {
        let person = Resident()
        let label = OptionalLabel()
        let showCity = try Binding(
            source: ReadOnlyProperty(person, \.spareAddress?.city), destination: Property(label, \.text),
            triggers: .standard)
        person.spareAddress?.city = "Oslo"
        #expect(label.text == "Oslo")
        person.spareAddress = Address(city: "Rome")
        #expect(label.text == "Rome")
        let counter = FireCounter(KeyPathTrigger(person, \.spareAddress?.city))
        person.spareAddress?.city = "Nice"
        #expect(counter.fires == 1)
        #expect(label.text == "Nice")
        withExtendedLifetime(showCity) {}
    }

    @Test func aDeadPersonEndsTheBindingAtTheNextAnnouncement() {
        var person: Resident? = Resident()
        let address = person!.address
        let label = PlainLabel()
        let bindings = BindingSet()
        let showCity = Binding(source: Property(person!, \.address.city), destination: Property(label, \.text))
        showCity.addTrigger(KeyPathTrigger(person!, \.address.city))
        bindings.add(showCity)
        person = nil
        address.city = "Oslo"  // the source is gone: the binding ends, and stops observing
        #expect(bindings.count == 0)
        #expect(address.keyPathObservers.count == 0)
    }
}

/// Replacing the address on one thread while the trigger is removed on another leaves nothing
/// observed, on the person or on any address.
@Suite struct KeyPathChainConcurrencyTests {
    @Test func replacingALinkWhileTheTriggerStopsLeavesNothingObserved() {
        for _ in 0..<200 {
            let person = Resident()
            let label = PlainLabel()
            let showCity = Binding(source: Property(person, \.address.city), destination: Property(label, \.text))
            let trigger = KeyPathTrigger(person, \.address.city)
            showCity.addTrigger(trigger)
            let addresses = (0..<20).map { Address(city: "\($0)") }
            let meeting = ThreadMeeting(2)
            let finished = runOnThreads([
                { [person, addresses] in
                    meeting.arrive()
                    for address in addresses { person.address = address }
                },
                { [showCity, trigger] in
                    meeting.arrive()
                    showCity.removeTrigger(trigger)
                },
            ])
            #expect(finished)
            #expect(person.keyPathObservers.count == 0)
            #expect(addresses.allSatisfy { $0.keyPathObservers.count == 0 })
        }
    }
}

// MARK: Models

/// A person whose address is announced in `didSet`, and a few links that are not followed.
private final class Resident: KeyPathObservable, @unchecked Sendable {
    let keyPathObservers = KeyPathObservers()
    var address = Address() { didSet { didChange(\.address) } }
    @Announced var name = ""
    /// A struct, announced as a whole.
    var home = Home() { didSet { didChange(\.home) } }
    /// Not announced.
    var quietAddress = Address()
    /// Optional: followed while it holds an address.
    var spareAddress: Address? = Address() { didSet { didChange(\.spareAddress) } }
    static let announcedKeyPaths: [AnnouncedKeyPath] = [
        .announced("address", \Resident.address),
        .announced("home", \Resident.home),
        .announced("spareAddress", \Resident.spareAddress),
    ]
}

/// An address whose properties are `@Announced`, but for `zip`, announced in `didSet`.
private final class Address: KeyPathObservable, @unchecked Sendable {
    let keyPathObservers = KeyPathObservers()
    @Announced var city: String
    @Announced var country: Country
    var zip = 0 { didSet { didChange(\.zip) } }
    static let announcedKeyPaths: [AnnouncedKeyPath] = [.announced("zip", \Address.zip)]

    init(city: String = "", country: Country = Country()) {
        self.city = city
        self.country = country
    }
}

private final class Country: KeyPathObservable {
    let keyPathObservers = KeyPathObservers()
    var name: String { didSet { didChange(\.name) } }
    static let announcedKeyPaths: [AnnouncedKeyPath] = [.announced("name", \Country.name)]

    init(name: String = "") { self.name = name }
}

private final class OptionalLabel {
    var text: String?
}

private struct Home: Equatable {
    var street = ""
}

/// Starts a trigger and counts its fires; keeps the trigger.
private final class FireCounter: TriggerDelegate {
    var fires = 0
    let trigger: KeyPathTrigger

    init(_ trigger: KeyPathTrigger) {
        self.trigger = trigger
        trigger.delegate = self
        trigger.startObserving()
    }

    func triggerDidFire(_ trigger: any Trigger) { fires += 1 }
}
