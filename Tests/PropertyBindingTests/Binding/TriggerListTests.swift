import Testing

@testable import PropertyBinding

extension TriggerListTests {
    final class Manual: Trigger {
        weak var delegate: (any TriggerDelegate)?
    }
    final class Model { var age = 0 }
}

@Suite struct TriggerListTests {
    @Test func appendsKeepOrderAndRemovalsFindByIdentity() {
        let (a, b, c) = (Manual(), Manual(), Manual())
        var list = TriggerList.none
        #expect(list.all.isEmpty)
        #expect(!list.contains(a))
        list.append(a)
        #expect(list.all.map(ObjectIdentifier.init) == [ObjectIdentifier(a)])
        list.append(b)
        list.append(c)
        #expect(list.all.map(ObjectIdentifier.init) == [a, b, c].map(ObjectIdentifier.init))
        #expect(list.contains(b))

        var removed = list.remove(b)
        #expect(removed)
        removed = list.remove(b)
        #expect(!removed)
        #expect(list.all.map(ObjectIdentifier.init) == [a, c].map(ObjectIdentifier.init))
        removed = list.remove(a)
        #expect(removed)
        guard case .one(let only) = list else {
            Issue.record("one trigger left is stored inline, not in an array")
            return
        }
        #expect(only === c)
        removed = list.remove(c)
        #expect(removed)
        #expect(list.all.isEmpty)
        removed = list.remove(c)
        #expect(!removed)
    }

    @Test func theListIsTwoWords() {
        #expect(MemoryLayout<TriggerList>.size == 2 * MemoryLayout<Int>.size)
    }

    @Test func aBindingWithOneTriggerKeepsItAndHearsOnlyIt() {
        let (model, other) = (Model(), Model())
        let binding = Binding(source: Property(model, \.age), destination: Property(other, \.age))
        let (heard, stranger) = (Manual(), Manual())
        binding.addTrigger(heard)
        model.age = 3
        binding.triggerDidFire(stranger)
        #expect(other.age == 0)
        binding.triggerDidFire(heard)
        #expect(other.age == 3)
        #expect(binding.triggers.count == 1)
    }

    /// Every binding is one allocation, and applications make hundreds of thousands: this pins
    /// its size (a typical `Binding` of two key-path properties), so that it cannot grow back
    /// unnoticed.
    @Test func aBindingIsOneSmallAllocation() throws {
        let (model, other) = (Model(), Model())
        let size = try #require(
            allocationSize { Binding(source: Property(model, \.age), destination: Property(other, \.age)) })
        #expect(size <= 184)
    }
}
