import Testing

@testable import PropertyBinding

// Inputs chosen to break `ListDiff.compactChanges`: its in-order walk (the cursor, the anchors
// every 32nd old row, the trial over the first 1,024 elements), its filter of unpaired ids and
// its table. Each case is checked against the reference (the former `Dictionary` algorithm,
// batch for batch) and by applying the batch, with and without content changes.

/// The rows these tests diff.
private typealias Row = DiffRow

/// A pair of id lists to diff, and what it is, for the failure message.
private struct Shape {
    let name: String
    let old: [Int]
    let new: [Int]

    init(_ name: String, old: [Int], new: [Int]) {
        self.name = name
        self.old = old
        self.new = new
    }
}

/// How `actual` differs from `expected`, briefly: the first index at which each part differs.
private func difference(_ actual: ListChanges, from expected: ListChanges) -> String {
    func first<T: Equatable>(_ name: String, _ actual: [T], _ expected: [T]) -> String? {
        guard actual != expected else { return nil }
        let index =
            zip(actual, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(actual.count, expected.count)
        let got = index < actual.count ? "\(actual[index])" : "nothing"
        let wanted = index < expected.count ? "\(expected[index])" : "nothing"
        return "\(name) (\(actual.count), expected \(expected.count)) at \(index): \(got), expected \(wanted)"
    }
    let parts = [
        first("deletes", actual.deletes, expected.deletes), first("inserts", actual.inserts, expected.inserts),
        first("moves", actual.moves, expected.moves), first("reloads", actual.reloads, expected.reloads),
    ]
    return parts.compactMap { $0 }.joined(separator: "; ")
}

/// Checks `ListDiff.changes` on `old` → `new` by `id`: the reference batch exactly, and a batch
/// that applied to `old` gives `new`. Returns whether both hold.
@discardableResult
private func expectReferenceBatch<ID: Hashable>(
    _ name: String, old: [Row], new: [Row], id: (Row) -> ID, sourceLocation: SourceLocation = #_sourceLocation
) -> Bool {
    let expected = referenceChanges(from: old, to: new, id: id, isSameContent: ==)
    let actual = ListDiff.changes(from: old, to: new, id: id, isSameContent: ==)
    let label = "\(name): \(old.count) → \(new.count)"
    let same = actual == expected
    if !same {
        let shown = old.count + new.count <= 80 ? "\nold \(old.map(\.id))\nnew \(new.map(\.id))" : ""
        Issue.record("\(label): \(difference(actual, from: expected))\(shown)", sourceLocation: sourceLocation)
    }
    let valid = actual.isValid(oldCount: old.count, newCount: new.count)
    #expect(valid, "\(label): not a valid batch", sourceLocation: sourceLocation)
    let applies = valid && actual.applied(to: old, inserting: new) == new
    #expect(!valid || applies, "\(label): applied, the batch does not give new", sourceLocation: sourceLocation)
    return same && applies
}

/// The rows of `ids`, unchanged (content 0).
private func rows(_ ids: [Int]) -> [Row] { ids.map { Row(id: $0) } }

/// The rows of `ids`, about one in `every` with a changed content (seeded by `seed`).
private func rows(_ ids: [Int], changingOneIn every: Int, seed: UInt64) -> [Row] {
    var random = SplitMix64(seed: seed)
    return ids.map { Row(id: $0, content: random.below(every) == 0 ? 1 : 0) }
}

/// Checks `shape` by `id` twice: with the same contents, and with about one new row in 7
/// changed (reloads, and moved rows that become a delete and an insert). Returns the cases run.
@discardableResult
private func expectReferenceBatches<ID: Hashable>(
    _ shape: Shape, id: (Row) -> ID, seed: UInt64 = 7, sourceLocation: SourceLocation = #_sourceLocation
) -> Int {
    let old = rows(shape.old)
    expectReferenceBatch(shape.name, old: old, new: rows(shape.new), id: id, sourceLocation: sourceLocation)
    expectReferenceBatch(
        "\(shape.name), contents changed", old: old, new: rows(shape.new, changingOneIn: 7, seed: seed), id: id,
        sourceLocation: sourceLocation)
    return 2
}

/// `ids` with `range` taken out and put back at `destination` (an index of what is left).
private func moving(_ ids: [Int], _ range: Range<Int>, to destination: Int) -> [Int] {
    var rest = ids
    rest.removeSubrange(range)
    rest.insert(contentsOf: ids[range], at: destination)
    return rest
}

/// `ids` with `range` taken out.
private func deleting(_ ids: [Int], _ range: Range<Int>) -> [Int] {
    var rest = ids
    rest.removeSubrange(range)
    return rest
}

/// `ids` with `count` new ids (from `first` on) put in at `index`.
private func inserting(_ ids: [Int], _ count: Int, from first: Int, at index: Int) -> [Int] {
    var result = ids
    result.insert(contentsOf: first..<(first + count), at: index)
    return result
}

/// The shapes of long blocks deleted, inserted and moved in `count` unique rows: blocks longer
/// than the anchors' stride, at the start, the end, on an anchor, one before and one after it.
private func blockShapes(count: Int) -> [Shape] {
    let old = Array(0..<count)
    var shapes: [Shape] = []
    for length in [33, 64, 257] {
        shapes.append(Shape("insert \(length) into an empty list", old: [], new: Array(0..<length)))
        shapes.append(Shape("delete all \(length)", old: Array(0..<length), new: []))
        let starts = [0, 31, 32, 33, 320, count / 2, count - length - 1, count - length]
        for start in starts where start >= 0 && start + length <= count {
            let block = start..<(start + length)
            shapes.append(Shape("delete \(block)", old: old, new: deleting(old, block)))
            shapes.append(Shape("delete \(block) reversed", old: old.reversed(), new: deleting(old, block).reversed()))
            shapes.append(
                Shape("insert \(length) at \(start)", old: old, new: inserting(old, length, from: count, at: start)))
            let far = count - length
            shapes.append(Shape("move \(block) to the end", old: old, new: moving(old, block, to: far)))
            shapes.append(Shape("move \(block) to the start", old: old, new: moving(old, block, to: 0)))
            shapes.append(Shape("move \(block) by 100", old: old, new: moving(old, block, to: min(far, start + 100))))
            // A block replaced: its rows deleted and as many new ones inserted in their place.
            let replaced = inserting(deleting(old, block), length, from: count, at: start)
            shapes.append(Shape("replace \(block)", old: old, new: replaced))
        }
    }
    // Several gaps: a block deleted every 100 rows, or moved each to the place of the next.
    let gappy = old.filter { $0 % 100 >= 40 }
    shapes.append(Shape("delete 40 of every 100", old: old, new: gappy))
    shapes.append(Shape("insert 40 in every 100", old: gappy, new: old))
    let swappedBlocks = stride(from: 0, to: count, by: 80).flatMap { start -> [Int] in
        let middle = min(count, start + 40)
        return Array(old[middle..<min(count, start + 80)]) + Array(old[start..<middle])
    }
    shapes.append(Shape("swap the halves of every 80 rows", old: old, new: swappedBlocks))
    return shapes
}

/// The shapes of an order lost wholly or in a regular way: reversed, rotated, swapped in pairs.
private func orderShapes(count: Int) -> [Shape] {
    let old = Array(0..<count)
    var shapes = [Shape("reverse", old: old, new: old.reversed())]
    for shift in Set([1, 2, 31, 32, 33, count / 2, count - 33, count - 1]).sorted() where shift > 0 && shift < count {
        shapes.append(Shape("rotate left by \(shift)", old: old, new: Array(old[shift...] + old[..<shift])))
    }
    var swapped = old
    for index in stride(from: 0, to: count - 1, by: 2) { swapped.swapAt(index, index + 1) }
    shapes.append(Shape("swap every other row", old: old, new: swapped))
    var shiftedSwaps = old
    for index in stride(from: 1, to: count - 1, by: 2) { shiftedSwaps.swapAt(index, index + 1) }
    shapes.append(Shape("swap every other row from the second", old: old, new: shiftedSwaps))
    var farSwaps = old
    for index in stride(from: 0, to: count / 2, by: 33) { farSwaps.swapAt(index, count - 1 - index) }
    shapes.append(Shape("swap rows far apart", old: old, new: farSwaps))
    let interleaved = (0..<count).map { $0.isMultiple(of: 2) ? $0 / 2 : count - 1 - $0 / 2 }
    shapes.append(Shape("interleave the two halves", old: old, new: interleaved))
    if count > 64 {
        let block = 0..<(count / 4)
        shapes.append(Shape("move the first quarter to the end", old: old, new: moving(old, block, to: count * 3 / 4)))
        let tail = (count * 3 / 4)..<count
        shapes.append(Shape("move the last quarter to the start", old: old, new: moving(old, tail, to: 0)))
    }
    return shapes
}

/// The shapes of duplicate ids: among unique ones in a kept order, only in `new`, only in
/// `old`, on the rows the walk takes as anchors.
private func duplicateShapes(count: Int) -> [Shape] {
    let unique = Array(0..<count)
    var shapes: [Shape] = []
    // Each id twice in a row: every other row deleted, a block deleted or moved.
    let halves = unique.map { $0 / 2 }
    shapes.append(
        Shape(
            "ids i / 2, every third row deleted", old: halves,
            new: halves.enumerated().filter { $0.offset % 3 != 0 }.map(\.element)))
    shapes.append(Shape("ids i / 2, 64 rows deleted at 33", old: halves, new: deleting(halves, 33..<97)))
    shapes.append(Shape("ids i / 2, 40 rows moved far", old: halves, new: moving(halves, 1..<41, to: count - 50)))
    shapes.append(Shape("ids i / 2 against i / 3", old: halves, new: unique.map { $0 / 3 }))
    shapes.append(Shape("ids i / 2, reversed", old: halves, new: halves.reversed()))
    // Runs of `i % 7` among unique ids: one row in three.
    let runs = unique.map { $0 % 3 == 0 ? -1 - $0 % 7 : $0 }
    shapes.append(Shape("ids i % 7 every third row, kept", old: runs, new: runs))
    shapes.append(Shape("ids i % 7 every third row, 50 deleted at 31", old: runs, new: deleting(runs, 31..<81)))
    shapes.append(
        Shape("ids i % 7 every third row, 35 moved up", old: runs, new: moving(runs, (count - 40)..<(count - 5), to: 3))
    )
    shapes.append(Shape("ids i % 7 every third row, new unique", old: runs, new: unique))
    shapes.append(Shape("unique, new ids i % 7 every third row", old: unique, new: runs))
    shapes.append(Shape("ids i % 7 every third row, rotated by 7", old: runs, new: Array(runs[7...] + runs[..<7])))
    // Duplicates only in `new`: copies of kept ids put in, next to them and far away.
    var copiedNear = unique
    for index in stride(from: count - 1, to: 0, by: -50) { copiedNear.insert(unique[index], at: index) }
    shapes.append(Shape("copies only in new, next to their ids", old: unique, new: copiedNear))
    var copiedFar = unique
    for index in stride(from: 5, to: count / 2, by: 40) { copiedFar.insert(unique[count - 1 - index], at: index) }
    shapes.append(Shape("copies only in new, far before their ids", old: unique, new: copiedFar))
    shapes.append(Shape("a block of 64 copied to the end", old: unique, new: unique + unique[100..<164]))
    shapes.append(Shape("a block of 64 copied to the start", old: unique, new: Array(unique[100..<164]) + unique))
    // Duplicates only in `old`, deleted or kept.
    shapes.append(Shape("copies only in old, deleted", old: copiedNear, new: unique))
    shapes.append(Shape("copies only in old, far ones deleted", old: copiedFar, new: unique))
    shapes.append(
        Shape(
            "copies only in old, kept and the originals deleted", old: copiedFar,
            new: deleting(copiedFar, (count / 2)..<count)))
    // The id of an anchor (old rows 64, 96, 128) also earlier or later in `old`, with a gap
    // before the anchor in `new`, so that the walk finds its place again through it.
    for anchor in [64, 96, 128] {
        for other in [3, anchor - 1, anchor + 1, anchor + 40, count - 1] {
            var old = unique
            old[other] = old[anchor]
            let gap = (anchor - 20)..<anchor
            shapes.append(Shape("anchor \(anchor) also at \(other), gap before it", old: old, new: deleting(old, gap)))
            let withoutOther = old.enumerated().filter { $0.offset != other && !gap.contains($0.offset) }.map(\.element)
            shapes.append(Shape("anchor \(anchor) also at \(other), that one deleted", old: old, new: withoutOther))
            var earlierInNew = deleting(old, gap)
            earlierInNew.insert(old[anchor], at: 10)
            shapes.append(
                Shape("anchor \(anchor) also at \(other), a third copy early in new", old: old, new: earlierInNew))
            // The anchor's id put in `new` just before the gap closes: the walk may take the
            // anchor for it, then meet the same id again.
            var doubled = deleting(old, gap)
            doubled.insert(old[anchor], at: anchor - 20)
            shapes.append(Shape("anchor \(anchor) also at \(other), its id put in the gap", old: old, new: doubled))
        }
    }
    // Only a few distinct ids, alternating, one deleted; every id the same.
    let alternating = unique.map { $0 % 2 }
    shapes.append(Shape("ids 0, 1 alternating, row 40 deleted", old: alternating, new: deleting(alternating, 40..<41)))
    shapes.append(
        Shape("ids 0, 1 alternating, 33 rows deleted at 64", old: alternating, new: deleting(alternating, 64..<97)))
    shapes.append(
        Shape(
            "one id, fewer in new", old: [Int](repeating: 5, count: count), new: [Int](repeating: 5, count: count - 70))
    )
    shapes.append(
        Shape(
            "one id, more in new", old: [Int](repeating: 5, count: count - 70), new: [Int](repeating: 5, count: count)))
    return shapes
}

/// `count` unique rows and a new list whose first `min(1_024, …)` elements hold `paired` old
/// rows in order, spread evenly; the other elements are, by `filler`: new ids inserted (0),
/// new ids in the place of deleted rows (1), old rows from the end moved up, last first (2), or
/// first first, so that the anchors jump the walk to the end (3). Then the rest of `old`, in order.
private func trialShape(count: Int, paired: Int, filler: Int) -> Shape {
    let trial = ListDiff.inOrderTrial
    var new: [Int] = []
    var nextOld = 0
    var tail = filler == 2 ? count - 1 : count - (trial - paired)
    var taken = Set<Int>()
    for index in 0..<trial {
        let isPaired = (index + 1) * paired / trial > index * paired / trial
        if isPaired {
            while taken.contains(nextOld) { nextOld += 1 }
            guard nextOld < count else { break }
            new.append(nextOld)
            taken.insert(nextOld)
            nextOld += 1
            continue
        }
        switch filler {
        case 0:
            new.append(count + index)
        case 1:
            new.append(count + index)
            nextOld += 1
        default:
            guard tail >= 0 && tail < count && !taken.contains(tail) else { break }
            new.append(tail)
            taken.insert(tail)
            tail += filler == 2 ? -1 : 1
        }
    }
    for row in nextOld..<max(nextOld, count) where !taken.contains(row) { new.append(row) }
    let fillers = ["new ids inserted", "new ids in place", "the end moved up", "the end moved up in order"]
    return Shape("\(count) rows, \(paired) of 1,024 in order, \(fillers[filler])", old: Array(0..<count), new: new)
}

/// A seeded edit of a mostly ordered list: blocks deleted, inserted, moved, reversed, copied,
/// and ids replaced by a few repeated ones.
private func editedShape(round: Int, count: Int, using random: inout SplitMix64) -> Shape {
    var old: [Int]
    switch random.below(4) {
    case 0: old = (0..<count).map { $0 / 2 }
    case 1: old = (0..<count).map { $0 % 5 == 0 ? -1 - $0 % 11 : $0 }
    default: old = Array(0..<count)
    }
    var new = old
    var nextID = count
    for _ in 0..<(1 + random.below(8)) {
        let length = 1 + random.below(random.below(4) == 0 ? 400 : 70)
        let start = random.below(new.count + 1)
        let block = start..<min(new.count, start + length)
        switch random.below(7) {
        case 0: new.removeSubrange(block)
        case 1:
            new.insert(contentsOf: nextID..<(nextID + length), at: start)
            nextID += length
        case 2: new = moving(new, block, to: random.below(new.count - block.count + 1))
        case 3: new.replaceSubrange(block, with: new[block].reversed())
        case 4: new.insert(contentsOf: Array(new[block]), at: random.below(new.count + 1))
        case 5: new.replaceSubrange(block, with: new[block].map { -100 - $0 % 3 })
        default:
            // A few rows swapped with their neighbours, or a row with a far one.
            for _ in 0..<(1 + random.below(5)) where new.count > 1 {
                let index = random.below(new.count - 1)
                new.swapAt(index, random.below(2) == 0 ? index + 1 : random.below(new.count))
            }
        }
    }
    // Sometimes the edits go the other way: `old` is the edited list.
    return random.below(4) == 0
        ? Shape("round \(round), reversed roles", old: new, new: old) : Shape("round \(round)", old: old, new: new)
}

/// How many pairs steps 1 and 2 of `ListDiff.compactChanges` keep for `old` → `new` (the walk
/// in order, then its check), nil when the walk gives up: which path a shape takes.
private func pairsInOrder(_ shape: Shape) -> Int? {
    let (old, new) = (shape.old, shape.new)
    var oldToNew = [Int32](repeating: -1, count: old.count)
    var newToOld = [Int32](repeating: -1, count: new.count)
    var changed = [Bool](repeating: false, count: new.count)
    var filterKeys = [Int32](repeating: 0, count: new.count)
    let filter = ListDiff.IDFilter(slotCount: 2 * (old.count + new.count))
    defer { filter.deallocate() }
    var unpaired = ListDiff.UnpairedRows(oldCount: old.count, newCount: new.count)
    defer { unpaired.deallocate() }
    return old.withUnsafeBufferPointer { old in
        new.withUnsafeBufferPointer { new in
            oldToNew.withUnsafeMutableBufferPointer { oldToNew in
                newToOld.withUnsafeMutableBufferPointer { newToOld in
                    changed.withUnsafeMutableBufferPointer { changed in
                        filterKeys.withUnsafeMutableBufferPointer { filterKeys in
                            ListDiff.pairInOrder(
                                old, new, id: { $0 }, isSameContent: ==, oldToNew: oldToNew, newToOld: newToOld,
                                changed: changed, filter: filter, filterKeys: filterKeys, unpaired: &unpaired)
                        }
                    }
                }
            }
        }
    }
}

@Suite struct ListDiffAdversarialTests {
    @Test func longBlocksDeletedInsertedAndMovedGiveTheReferenceBatch() {
        var cases = 0
        for shape in blockShapes(count: 1_200) { cases += expectReferenceBatches(shape, id: \.id) }
        #expect(cases == 354)
    }

    @Test func reversedRotatedAndSwappedListsGiveTheReferenceBatch() {
        var cases = 0
        for count in [0, 1, 2, 3, 31, 32, 33, 64, 65, 1_000, 1_025, 5_000] {
            for shape in orderShapes(count: count) { cases += expectReferenceBatches(shape, id: \.id) }
        }
        #expect(cases == 240)
    }

    @Test func duplicateIdsAmongUniqueOnesGiveTheReferenceBatch() {
        var cases = 0
        for count in [300, 2_000] {
            for shape in duplicateShapes(count: count) { cases += expectReferenceBatches(shape, id: \.id) }
        }
        #expect(cases == 328)
    }

    @Test func listsAroundTheInOrderTrialGiveTheReferenceBatch() {
        var cases = 0
        for count in [1_023, 1_024, 1_025, 2_048] {
            for paired in [500, 511, 512, 513, 530] {
                for filler in 0..<4 {
                    cases += expectReferenceBatches(trialShape(count: count, paired: paired, filler: filler), id: \.id)
                }
            }
        }
        #expect(cases == 160)
    }

    @Test func theTrialShapesHoldWhatTheyClaim() {
        // Half of the first 1,024 elements in order: the shapes above are around the boundary.
        let shape = trialShape(count: 2_048, paired: 512, filler: 0)
        let firstOld = shape.new.prefix(1_024).filter { $0 < 2_048 }
        #expect(firstOld.count == 512 && firstOld == Array(0..<512))
        #expect(shape.new.count == 2_048 + 512 && Set(shape.new).count == shape.new.count)
        let movedUp = trialShape(count: 2_048, paired: 511, filler: 2)
        #expect(movedUp.new.sorted() == movedUp.old && movedUp.new.prefix(1_024).filter { $0 < 1_500 }.count == 511)
        #expect(Array(movedUp.new.prefix(3)) == [2_047, 2_046, 0])
        let inPlace = trialShape(count: 1_025, paired: 513, filler: 1)
        #expect(inPlace.new.count == 1_025 && inPlace.new.prefix(1_024).filter { $0 < 1_025 }.count == 513)
    }

    @Test func seededEditsOfMostlyOrderedListsGiveTheReferenceBatch() {
        var random = SplitMix64(seed: 2_026)
        var cases = 0
        for round in 0..<300 {
            let limit = round % 10 == 9 ? 3_000 : 400
            let shape = editedShape(round: round, count: random.below(limit + 1), using: &random)
            cases += expectReferenceBatches(shape, id: \.id, seed: UInt64(round))
        }
        #expect(cases == 600)
    }

    @Test func stringAndCollidingIdsGiveTheReferenceBatchOnTheSameShapes() {
        // Colliding ids are matched by `==` through one chain of buckets: quadratic, so small.
        let shapes =
            blockShapes(count: 400).enumerated().filter { $0.offset % 9 == 0 }.map(\.element)
            + orderShapes(count: 100)
            + duplicateShapes(count: 300).enumerated().filter { $0.offset % 5 == 0 }.map(\.element)
        var cases = 0
        for shape in shapes {
            cases += expectReferenceBatches(shape, id: { "row \($0.id)" })
            cases += expectReferenceBatches(shape, id: { CollidingID(value: $0.id) })
        }
        for paired in [511, 512] {
            for filler in 0..<4 {
                let shape = trialShape(count: 1_025, paired: paired, filler: filler)
                cases += expectReferenceBatches(shape, id: { "row \($0.id)" })
            }
        }
        var random = SplitMix64(seed: 99)
        for round in 0..<30 {
            let shape = editedShape(round: round, count: random.below(201), using: &random)
            cases += expectReferenceBatches(shape, id: { "row \($0.id)" })
            cases += expectReferenceBatches(shape, id: { CollidingID(value: $0.id) })
        }
        #expect(shapes.count == 51 && cases == 4 * (51 + 30) + 16)
    }

    @Test func theWidePathGivesTheReferenceBatchOnTheSameShapes() {
        // `wideChanges` runs only past `Int32.max` rows; called directly here.
        var cases = 0
        for shape in orderShapes(count: 100) + duplicateShapes(count: 300) {
            let old = rows(shape.old)
            let new = rows(shape.new, changingOneIn: 5, seed: 3)
            let expected = referenceChanges(from: old, to: new, id: \.id, isSameContent: ==)
            #expect(
                ListDiff.wideChanges(from: old, to: new, id: { $0.id }, isSameContent: ==) == expected, "\(shape.name)")
            cases += 1
        }
        #expect(cases == 97)
    }

    @Test func theShapesTakeThePathsTheyAimAt() {
        // The trial: with at most 511 of the first 1,024 elements in order the walk gives up
        // (every row goes to the table), with 512 it goes on; below 1,025 elements it never checks.
        for count in [1_025, 2_048] {
            for filler in 0..<3 {
                for paired in [500, 511] {
                    #expect(pairsInOrder(trialShape(count: count, paired: paired, filler: filler)) == nil)
                }
                for paired in [512, 513, 530] {
                    #expect(pairsInOrder(trialShape(count: count, paired: paired, filler: filler)) != nil)
                }
            }
        }
        for filler in 1..<4 { #expect(pairsInOrder(trialShape(count: 1_024, paired: 500, filler: filler)) != nil) }
        // After a gap longer than the anchors' stride the walk finds its place again: all but
        // the gap, at most a stride more, and the few pairs the filter undoes by chance.
        let old = Array(0..<1_200)
        for gap in [320..<384, 31..<64, 33..<290] {
            let pairs = pairsInOrder(Shape("", old: old, new: deleting(old, gap))) ?? 0
            #expect(pairs > 1_200 - gap.count - 32 - 60 && pairs <= 1_200 - gap.count, "\(gap): \(pairs)")
        }
        let rotated = pairsInOrder(Shape("", old: old, new: Array(old[33...] + old[..<33]))) ?? 0
        #expect(rotated > 1_200 - 64 - 60 && rotated <= 1_200 - 64, "\(rotated)")
        #expect(pairsInOrder(Shape("", old: old, new: old.reversed())) == nil)
    }

    @Test func aHundredThousandRowsGiveTheReferenceBatch() {
        let count = 100_000
        let old = Array(0..<count)
        var random = SplitMix64(seed: 5)
        let shapes = [
            Shape("rotate by half", old: old, new: Array(old[(count / 2)...] + old[..<(count / 2)])),
            Shape("10,000 rows moved from 10,000 to 80,000", old: old, new: moving(old, 10_000..<20_000, to: 80_000)),
            Shape(
                "ids i / 2, every 10th row deleted", old: old.map { $0 / 2 },
                new: old.filter { $0 % 10 != 0 }.map { $0 / 2 }),
            editedShape(round: 0, count: count, using: &random),
        ]
        var cases = 0
        for shape in shapes { cases += expectReferenceBatches(shape, id: \.id) }
        #expect(cases == 8)
    }
}
