import Observation
import PropertyBinding
import PropertyBindingControls
import PropertyBindingTesting
import Testing

extension ReadOnlyPropertyTests {
    final class Account {
        var owner = "Ann"
        private(set) var balance = 0
        var summary: String { "\(owner): \(balance)" }
        func deposit(_ amount: Int) { balance += amount }
    }

    @Observable final class Player {
        var name = "Ann"
        var score = 0
        var summary: String { "\(name): \(score) points" }
    }
}

@MainActor @Suite struct ReadOnlyPropertyTests {
    init() { DefaultErrorRouting.install }

    @Test func readsAComputedAndAPrivateSetProperty() throws {
        let account = Account()
        let summary = ReadOnlyProperty(account, \.summary)
        let balance = ReadOnlyProperty(account, \.balance)
        #expect(try summary.read() == "Ann: 0")
        account.deposit(12)
        account.owner = "Bob"
        #expect(try summary.read() == "Bob: 12")
        #expect(try balance.read() == 12)
        #expect(summary.keyPath == \Account.summary)
        #expect(summary.object === account)
    }

    @Test func neverKeepsItsObjectAliveAndThrowsOnceItIsGone() {
        weak var released: Account?
        let summary: ReadOnlyProperty<Account, String>
        do {
            let account = Account()
            released = account
            summary = ReadOnlyProperty(account, \.summary)
        }
        #expect(released == nil)
        #expect(summary.object == nil)
        let expected = PropertyError.objectDeallocated(root: "Account", keyPath: summary.description)
        #expect(throws: expected) { try summary.read() }
    }

    @Test func describesItselfByItsKeyPathAsPropertyDoes() {
        let account = Account()
        #expect(ReadOnlyProperty(account, \.balance).description == String(describing: \Account.balance))
        #expect(ReadOnlyProperty(account, \.balance).description.hasSuffix("Account.balance"))
        // A computed property's key path prints an address, which the description leaves out.
        let summary = ReadOnlyProperty(account, \.summary).description
        #expect(summary.hasPrefix("\\Account.") && !summary.contains("0x"))
        let player = Player()
        #expect(ReadOnlyProperty(player, \.score).description == Property(player, \.score).description)
    }

    @Test func theRegistryInfersAnObservationTriggerForAnObservableObject() throws {
        let player = Player()
        let triggers = try TriggerRegistry.standard.triggers(for: ReadOnlyProperty(player, \.summary))
        #expect(triggers.count == 1)
        #expect((triggers.first as? ObservationTrigger)?.keyPath == \Player.summary)
        // Through a transformer too.
        let shouted = ReadOnlyProperty(player, \.summary).map { $0.uppercased() }
        #expect(try TriggerRegistry.standard.triggers(for: shouted).first is ObservationTrigger)
        // An object nothing announces is refused, with the key path named.
        let account = Account()
        #expect(throws: TriggerRegistryError.self) {
            try TriggerRegistry.standard.triggers(for: ReadOnlyProperty(account, \.summary))
        }
    }

    @Test func aComputedPropertyIsTheSourceOfABinding() async throws {
        let player = Player()
        final class Label { var text = "" }
        let label = Label()
        let showSummary = try Binding(
            source: ReadOnlyProperty(player, \.summary), destination: Property(label, \.text), triggers: .standard)
        let recorder = BindingRecorder(showSummary)
        showSummary.update()
        #expect(label.text == "Ann: 0 points")

        player.score = 10  // the computed property reads score: Observation tracks it
        #expect(await recorder.waitForDestination(toHold: "Ann: 10 points"))
        player.name = "Bob"
        #expect(await recorder.waitForDestination(toHold: "Bob: 10 points"))
        showSummary.invalidate()
    }

    @Test func aGoneSourceObjectFailsTheUpdateWithoutWriting() {
        final class Label { var text = "kept" }
        let label = Label()
        var account: Account? = Account()
        let showSummary = Binding(source: ReadOnlyProperty(account!, \.summary), destination: Property(label, \.text))
        account = nil
        let failure = showSummary.update().failure
        #expect(failure?.stage == .readingSource)
        let keyPath = ReadOnlyProperty(Account(), \.summary).description
        #expect(failure?.error as? PropertyError == .objectDeallocated(root: "Account", keyPath: keyPath))
        #expect(label.text == "kept")
    }
}
