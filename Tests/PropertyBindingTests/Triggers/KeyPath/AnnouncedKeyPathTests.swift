import PropertyBinding
import PropertyBindingTesting
import Testing

/// A profile whose greeting is computed from its name, declared as Cocoa's
/// `keyPathsForValuesAffectingGreeting` would.
private final class Profile: KeyPathObservable {
    let keyPathObservers = KeyPathObservers()
    @Announced var name = ""
    var title = "" { didSet { didChange(\.title) } }
    var greeting: String { "Hello, \(title)\(name)!" }
    var signature: String { "— \(greeting)" }
    static let announcedKeyPaths: [AnnouncedKeyPath] = [
        .announced("title", \Profile.title),
        .computed("greeting", \Profile.greeting, dependsOn: \Profile.name, \Profile.title),
        .computed("signature", \Profile.signature, dependsOn: \Profile.greeting),
    ]
}

/// The same shape with nothing declared: `greeting` is computed, `nickname` is stored, and
/// nothing announces either.
private final class SilentProfile: KeyPathObservable {
    let keyPathObservers = KeyPathObservers()
    @Announced var name = ""
    var nickname = ""
    var greeting: String { "Hello, \(name)!" }
}

private final class Banner {
    var text = ""
}

@Suite struct AnnouncedKeyPathTests {
    @Test func aTriggerOnAComputedKeyPathFiresWhenADependencyIsAnnounced() {
        let profile = Profile()
        let banner = Banner()
        let showGreeting = Binding(
            source: ReadOnlyProperty(profile, \.greeting), destination: Property(banner, \.text))
        showGreeting.addTrigger(KeyPathTrigger(profile, \.greeting))
        profile.name = "Ann"
        #expect(banner.text == "Hello, Ann!")
        profile.title = "Dr "
        #expect(banner.text == "Hello, Dr Ann!")
        showGreeting.invalidate()
        #expect(profile.keyPathObservers.count == 0)
    }

    @Test func theRegistryFollowsTheDeclaredDependency() throws {
        let profile = Profile()
        let banner = Banner()
        let showGreeting = try Binding(
            source: ReadOnlyProperty(profile, \.greeting), destination: Property(banner, \.text), triggers: .standard)
        profile.name = "Ann"
        #expect(banner.text == "Hello, Ann!")
        _ = showGreeting
    }

    @Test func dependenciesAreFollowedTransitively() throws {
        let profile = Profile()
        let banner = Banner()
        let showSignature = try TriggerRegistry.standard.bind(
            source: ReadOnlyProperty(profile, \.signature), destination: Property(banner, \.text))
        profile.name = "Bea"
        #expect(banner.text == "— Hello, Bea!")
        _ = showSignature
    }

    @Test func theRegistryRefusesAComputedKeyPathWithNoDeclaredDependency() {
        let profile = SilentProfile()
        let banner = Banner()
        let error = #expect(throws: TriggerRegistryError.self) {
            try Binding(
                source: ReadOnlyProperty(profile, \.greeting), destination: Property(banner, \.text),
                triggers: .standard)
        }
        guard case .notAnnounced(let root, _)? = error else {
            Issue.record("expected notAnnounced, got \(String(describing: error))")
            return
        }
        #expect(root == "SilentProfile")
        #expect(error?.description.contains("announcedKeyPaths") == true)
        #expect(error?.description.contains("0x") == false)
    }

    @Test func theRegistryRefusesAStoredPropertyThatNothingAnnounces() {
        let profile = SilentProfile()
        #expect(throws: TriggerRegistryError.notAnnounced(root: "SilentProfile", keyPath: "\\SilentProfile.nickname")) {
            try TriggerRegistry.standard.triggers(for: Property(profile, \.nickname))
        }
        #expect(!TriggerRegistry.standard.hasTriggers(for: Property(profile, \.nickname)))
    }

    @Test func anAnnouncedWrapperNeedsNoDeclaration() throws {
        let profile = SilentProfile()
        let banner = Banner()
        let showName = try TriggerRegistry.standard.bind(
            source: Property(profile, \.name), destination: Property(banner, \.text))
        profile.name = "Cy"
        #expect(banner.text == "Cy")
        _ = showName
    }
}
