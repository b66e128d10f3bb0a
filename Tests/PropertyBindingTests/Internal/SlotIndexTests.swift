import Testing

@testable import PropertyBinding

extension SlotIndexTests {
    final class Item {}

    /// Slots with holes and their index, checked against a dictionary after every step.
    struct Model {
        var slots: [Item?] = []
        var index = SlotIndex<Item>()
        var expected: [ObjectIdentifier: Int] = [:]

        mutating func insert(_ item: Item) {
            slots.append(item)
            index.insert(item, at: slots.count - 1, in: slots)
            expected[ObjectIdentifier(item)] = slots.count - 1
        }

        mutating func remove(_ item: Item) {
            let slot = expected.removeValue(forKey: ObjectIdentifier(item))!
            index.remove(item, at: slot, in: slots)
            slots[slot] = nil
        }

        mutating func compact() {
            slots = slots.filter { $0 != nil }
            index.rebuild(for: slots)
            expected = [:]
            for (slot, item) in slots.enumerated() { expected[ObjectIdentifier(item!)] = slot }
        }

        func agrees(with others: [Item]) -> Bool {
            guard index.count == expected.count else { return false }
            for item in others where index.slot(of: item, in: slots) != expected[ObjectIdentifier(item)] {
                return false
            }
            return true
        }
    }

    /// A small deterministic generator (SplitMix64), so that a failure can be replayed.
    struct SplitMix {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
    }
}

@Suite struct SlotIndexTests {
    @Test func anEmptyIndexFindsNothing() {
        let index = SlotIndex<Item>()
        #expect(index.slot(of: Item(), in: []) == nil)
        #expect(index.count == 0)
    }

    @Test func findsEveryItemAfterGrowing() {
        var model = Model()
        let items = (0..<1_000).map { _ in Item() }
        for item in items { model.insert(item) }
        #expect(model.agrees(with: items + [Item()]))
    }

    /// Random inserts, removals and compactions: after every step the index says what a
    /// dictionary says, for the items in it and for items removed or never added.
    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8]) func agreesWithADictionaryUnderRandomChanges(seed: UInt64) {
        var random = SplitMix(state: seed)
        var model = Model()
        var live: [Item] = []
        var gone: [Item] = []
        for step in 0..<3_000 {
            switch random.next(10) {
            case 0..<6:
                let item = Item()
                model.insert(item)
                live.append(item)
            case 6..<9 where !live.isEmpty:
                let item = live.remove(at: random.next(live.count))
                model.remove(item)
                gone.append(item)
            default:
                model.compact()
            }
            if step % 97 == 0 || step == 2_999 {
                #expect(model.agrees(with: live + gone.suffix(50)), "seed \(seed), step \(step)")
            }
        }
        // Remove everything: the index ends empty and finds nothing.
        for item in live { model.remove(item) }
        #expect(model.index.count == 0)
        #expect(model.agrees(with: live))
    }
}
