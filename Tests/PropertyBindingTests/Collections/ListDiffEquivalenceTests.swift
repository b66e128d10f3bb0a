import Testing

@testable import PropertyBinding

/// The rows these tests diff.
private typealias Row = DiffRow

/// A random pair of arrays of one of several kinds (`kind` picks it), of at most `limit` rows.
private func randomCase(kind: Int, limit: Int, using random: inout SplitMix64) -> (old: [Row], new: [Row]) {
    let count = Int.random(in: 0...limit, using: &random)
    func content() -> Int { Int.random(in: 0...3, using: &random) == 0 ? Int.random(in: 1...9, using: &random) : 0 }
    switch kind {
    case 0:  // ids from a small range: many duplicates on both sides, some only on one
        let range = max(1, count / 4)
        let old = (0..<count).map { _ in Row(id: Int.random(in: 0..<range, using: &random)) }
        let new = (0..<Int.random(in: 0...limit, using: &random)).map { _ in
            Row(id: Int.random(in: 0..<(range + 2), using: &random), content: content())
        }
        return (old, new)
    case 1:  // every id equal, on both sides
        let old = (0..<count).map { _ in Row(id: 7, content: content()) }
        let new = (0..<Int.random(in: 0...limit, using: &random)).map { _ in
            Row(id: 7, content: content())
        }
        return (old, new)
    case 2:  // the same unique rows shuffled, some contents changed
        let old = (0..<count).map { Row(id: $0) }
        var new = old.shuffled(using: &random)
        for index in new.indices where Int.random(in: 0..<10, using: &random) == 0 { new[index].content = 1 }
        return (old, new)
    case 3:  // a few rows deleted, inserted, moved and changed in a mostly kept order
        let old = (0..<count).map { Row(id: $0) }
        var new = old.filter { _ in Int.random(in: 0..<10, using: &random) != 0 }
        for _ in 0..<(count / 10) {
            let row = Row(id: count + Int.random(in: 0...count, using: &random))
            new.insert(row, at: Int.random(in: 0...new.count, using: &random))
        }
        for _ in 0..<(count / 20) where new.count > 1 {
            let row = new.remove(at: Int.random(in: new.indices, using: &random))
            new.insert(row, at: Int.random(in: 0...new.count, using: &random))
        }
        for index in new.indices where Int.random(in: 0..<20, using: &random) == 0 { new[index].content = 2 }
        return (old, new)
    case 6:  // duplicate ids in a mostly kept order: the in-order match and the table meet
        let old = (0..<count).map { Row(id: $0 / 3) }
        var new = old.filter { _ in Int.random(in: 0..<8, using: &random) != 0 }
        for _ in 0..<(count / 8) {
            let row = Row(id: Int.random(in: 0...(count / 3 + 2), using: &random), content: content())
            new.insert(row, at: Int.random(in: 0...new.count, using: &random))
        }
        for _ in 0..<(count / 20) where new.count > 1 {
            let row = new.remove(at: Int.random(in: new.indices, using: &random))
            new.insert(row, at: Int.random(in: 0...new.count, using: &random))
        }
        return (old, new)
    case 4:  // one side empty
        let rows = (0..<count).map { _ in Row(id: Int.random(in: 0..<(count + 1), using: &random)) }
        return Bool.random(using: &random) ? (rows, []) : ([], rows)
    default:  // unrelated random ids, duplicates by chance
        let range = max(1, 2 * count)
        let old = (0..<count).map { _ in Row(id: Int.random(in: 0..<range, using: &random)) }
        let new = (0..<Int.random(in: 0...limit, using: &random)).map { _ in
            Row(id: Int.random(in: 0..<range, using: &random), content: content())
        }
        return (old, new)
    }
}

@Suite struct ListDiffEquivalenceTests {
    @Test func theBatchIsTheReferenceBatchOnSeededRandomArrays() {
        var random = SplitMix64(seed: 28)
        var cases = 0
        for round in 0..<392 {
            // Mostly small arrays (where the special cases are), every 16th up to 50,000 rows.
            let limit = round % 16 == 15 ? 50_000 : round % 4 == 3 ? 2_000 : 60
            let (old, new) = randomCase(kind: round % 7, limit: limit, using: &random)
            let expected = referenceChanges(from: old, to: new, id: \.id, isSameContent: ==)
            #expect(ListDiff.changes(from: old, to: new) == expected, "case \(round): \(old.count) → \(new.count)")
            cases += 1
        }
        #expect(cases == 392)
    }

    @Test func theFiltersKeysFitAnInt32EvenNegatedForTheLongestArrays() {
        // A key is kept in 32 bits (`filterKeys`, half an entry of the unpaired rows' lists): it
        // must be non-negative and fit, even negated.
        let filter = ListDiff.IDFilter(slotCount: 2 * Int(Int32.max))
        defer { filter.deallocate() }
        for hash in [UInt64.max, 0, 0x8000_0000_0000_0000, 0xFFFF_FFFF_0000_0000, 0x0000_0000_FFFF_FFFF] {
            let key = filter.key(hash)
            #expect(key >= 0 && Int32(truncatingIfNeeded: -2 - key) < 0, "hash \(hash): key \(key)")
        }
        #expect(filter.blockMask == (1 << 17) - 1)
    }

    @Test func theFilterHasNoFalseNegativesAndFewFalsePositivesAtAMillionRows() {
        // A million rows each side, a fifth unpaired (the benchmark's 10% deleted, 10% inserted):
        // every marked id is found on its side, and of the 900,000 pairs' ids (marked nowhere)
        // fewer than 0.3% are taken for marked (each such one costs step 3 a hash and two rows).
        let filter = ListDiff.IDFilter(slotCount: 2 * (1_000_000 + 1_000_000))
        defer { filter.deallocate() }
        var random = SplitMix64(seed: 28)
        let oldKeys = (0..<100_000).map { _ in filter.key(random.next()) }
        let newKeys = (0..<100_000).map { _ in filter.key(random.next()) }
        for key in oldKeys { filter.markOld(key) }
        for key in newKeys { filter.markNew(key) }
        #expect(oldKeys.allSatisfy { filter.isMarkedOld($0) && filter.isMarked($0) })
        #expect(newKeys.allSatisfy { filter.isMarkedNew($0) && filter.isMarked($0) })
        let falsePositives = (0..<900_000).count { _ in filter.isMarked(filter.key(random.next())) }
        #expect(falsePositives < 2_700, "\(falsePositives) of 900,000")
        // Marked on one side only, an id is seldom taken for one of the other side's.
        #expect(oldKeys.count { filter.isMarkedNew($0) } < 100)
    }

    @Test func idsWhoseHashesAllCollideAreToldApartByEquality() {
        var random = SplitMix64(seed: 6)
        for round in 0..<60 {
            let (old, new) = randomCase(kind: round % 7, limit: 300, using: &random)
            let id = { (row: Row) in CollidingID(value: row.id) }
            let expected = referenceChanges(from: old, to: new, id: id, isSameContent: ==)
            #expect(ListDiff.changes(from: old, to: new, id: id, isSameContent: ==) == expected, "case \(round)")
        }
    }

    @Test func stringIdsGiveTheReferenceBatch() {
        var random = SplitMix64(seed: 1_000_000)
        for round in 0..<60 {
            let (old, new) = randomCase(kind: round % 7, limit: 500, using: &random)
            let id = { (row: Row) in "row \(row.id)" }
            let expected = referenceChanges(from: old, to: new, id: id, isSameContent: ==)
            #expect(ListDiff.changes(from: old, to: new, id: id, isSameContent: ==) == expected, "case \(round)")
        }
    }

    @Test func theWidePathForArraysBeyondInt32GivesTheReferenceBatch() {
        // `wideChanges` runs only past `Int32.max` rows; called directly here on small arrays.
        var random = SplitMix64(seed: 32)
        for round in 0..<60 {
            let (old, new) = randomCase(kind: round % 7, limit: 500, using: &random)
            let expected = referenceChanges(from: old, to: new, id: \.id, isSameContent: ==)
            let wide = ListDiff.wideChanges(from: old, to: new, id: { $0.id }, isSameContent: ==)
            #expect(wide == expected, "case \(round)")
        }
    }
}
