import Observation
import PropertyBinding
import Testing

extension PropertyTests {
    final class Account {
        var owner = ""
        var balance = 0
    }
}

@Suite struct PropertyTests {
    @Test func readsAndWritesThroughTheKeyPath() throws {
        let account = Account()
        let balance = Property(account, \.balance)
        try balance.write(12)
        #expect(account.balance == 12)
        account.balance = 30
        #expect(try balance.read() == 30)
        #expect(balance.keyPath == \Account.balance)
        #expect(balance.object === account)
    }

    @Test func neverKeepsItsObjectAlive() {
        weak var released: Account?
        let owner: Property<Account, String>
        do {
            let account = Account()
            released = account
            owner = Property(account, \.owner)
        }
        #expect(released == nil)
        #expect(owner.object == nil)
    }

    @Test func readingADeadObjectThrowsInsteadOfCrashing() {
        var account: Account? = Account()
        let owner = Property(account!, \.owner)
        account = nil
        let expected = PropertyError.objectDeallocated(
            root: String(describing: Account.self), keyPath: String(describing: \Account.owner))
        #expect(throws: expected) { try owner.read() }
        #expect(throws: expected) { try owner.write("Ann") }
    }

    @Test func describesItselfByItsKeyPath() {
        let account = Account()
        #expect(Property(account, \.balance).description == String(describing: \Account.balance))
        #expect(Property(account, \.balance).description.hasSuffix("Account.balance"))
    }

    @Test func errorsSaySentences() {
        let dead = PropertyError.objectDeallocated(root: "Person", keyPath: "\\Person.age")
        #expect(dead.description == "the Person object of \\Person.age has been deallocated")
        #expect(PropertyError.readOnly("\\Person.age").description == "\\Person.age is read-only")
    }
}

@Suite struct PropertyDescriptionTests {
    private class Observed {
        var name = "" { didSet {} }
    }
    @Observable final class Score {
        var points = 0
    }

    /// A computed component prints a memory address; failure messages must read the same on
    /// every run.
    @Test func aComputedComponentIsDescribedWithoutItsAddress() {
        let text = Property(Observed(), \.name).description
        #expect(text.hasSuffix(".<computed String>"), "\(text)")
        #expect(!text.contains("0x"))
        #expect(Property(Score(), \.points).description.hasSuffix(".<computed Int>"))
    }
}
