import PropertyBinding
import Testing

/// A row with an identity and a content: a reload is a row whose id stayed and whose content changed.
private struct Row: Identifiable, Equatable, Hashable, CustomStringConvertible {
    let id: Int
    var content: Int = 0
    var description: String { content == 0 ? "\(id)" : "\(id)'\(content)" }
}

/// The batch from `old` to `new` by identity, after checking what every batch must satisfy: UIKit
/// would take it, and applied to `old` it gives `new`.
private func checkedChanges(
    _ old: [Row], _ new: [Row], sourceLocation: SourceLocation = #_sourceLocation
) -> ListChanges {
    let changes = ListDiff.changes(from: old, to: new)
    #expect(
        changes.isValid(oldCount: old.count, newCount: new.count), "\(old) → \(new): \(changes)",
        sourceLocation: sourceLocation)
    if changes.isValid(oldCount: old.count, newCount: new.count) {
        #expect(
            changes.applied(to: old, inserting: new) == new, "\(old) → \(new): \(changes)",
            sourceLocation: sourceLocation)
    }
    return changes
}

private func rows(_ ids: [Int]) -> [Row] { ids.map { Row(id: $0) } }

@Suite struct ListDiffTests {
    @Test func fromEmptyEverythingIsInserted() {
        #expect(checkedChanges([], rows([1, 2, 3])) == ListChanges(inserts: [0, 1, 2]))
    }

    @Test func toEmptyEverythingIsDeleted() {
        #expect(checkedChanges(rows([1, 2, 3]), []) == ListChanges(deletes: [0, 1, 2]))
    }

    @Test func emptyToEmptyAndSameToSameChangeNothing() {
        #expect(checkedChanges([], []).isEmpty)
        #expect(checkedChanges(rows([1, 2, 3]), rows([1, 2, 3])).isEmpty)
        #expect(ListChanges().description == "no changes")
    }

    @Test func insertsAtTheFrontTheMiddleAndTheEndMoveNothing() {
        #expect(checkedChanges(rows([1, 2, 3]), rows([0, 1, 2, 3])) == ListChanges(inserts: [0]))
        #expect(checkedChanges(rows([1, 2, 3]), rows([1, 2, 9, 3])) == ListChanges(inserts: [2]))
        #expect(checkedChanges(rows([1, 2, 3]), rows([1, 2, 3, 4])) == ListChanges(inserts: [3]))
        #expect(checkedChanges(rows([1, 2, 3]), rows([0, 1, 8, 2, 3, 4])) == ListChanges(inserts: [0, 2, 5]))
    }

    @Test func deletesMoveNothing() {
        #expect(checkedChanges(rows([1, 2, 3, 4]), rows([2, 3, 4])) == ListChanges(deletes: [0]))
        #expect(checkedChanges(rows([1, 2, 3, 4]), rows([1, 4])) == ListChanges(deletes: [1, 2]))
        #expect(checkedChanges(rows([1, 2, 3, 4]), rows([1, 9, 3])) == ListChanges(deletes: [1, 3], inserts: [1]))
    }

    @Test func aSwapOfTwoNeighboursIsOneMove() {
        let changes = checkedChanges(rows([1, 2, 3, 4]), rows([2, 1, 3, 4]))
        #expect(changes == ListChanges(moves: [ListMove(from: 1, to: 0)]))
        #expect(changes.description == "moves [1→0]")
    }

    @Test func aSwapOfTheEndsIsTwoMoves() {
        let changes = checkedChanges(rows([1, 2, 3, 4, 5]), rows([5, 2, 3, 4, 1]))
        #expect(changes.moves.count == 2)
        #expect(changes.deletes.isEmpty && changes.inserts.isEmpty && changes.reloads.isEmpty)
    }

    @Test func aReversalKeepsOneRowInPlace() {
        let old = rows(Array(0..<10))
        let changes = checkedChanges(old, old.reversed())
        #expect(changes.moves.count == 9)
    }

    @Test func movingOneRowIsOneMoveWhicheverWay() {
        let old = rows(Array(0..<8))
        for from in old.indices {
            for to in old.indices where to != from {
                var new = old
                new.insert(new.remove(at: from), at: to)
                let changes = checkedChanges(old, new)
                #expect(changes.moves.count == 1, "\(from) → \(to)")
                if abs(from - to) > 1 {  // Swapping two neighbours, either may be the one that moved.
                    #expect(changes == ListChanges(moves: [ListMove(from: from, to: to)]), "\(from) → \(to)")
                }
            }
        }
    }

    @Test func movingOneRowAmidInsertsAndDeletesIsStillOneMove() {
        let changes = checkedChanges(rows([1, 2, 3, 4, 5, 6]), rows([0, 2, 3, 5, 1, 6, 7]))
        #expect(changes == ListChanges(deletes: [3], inserts: [0, 6], moves: [ListMove(from: 0, to: 4)]))
    }

    @Test func anEditedRowIsReloadedAtItsOldIndex() {
        let old = rows([1, 2, 3])
        let new = [Row(id: 0), Row(id: 1), Row(id: 2, content: 7), Row(id: 3)]
        #expect(checkedChanges(old, new) == ListChanges(inserts: [0], reloads: [1]))
    }

    @Test func aRowThatMovedAndChangedIsDeletedAndInserted() {
        // UIKit cannot move and reload one row in one batch.
        let old = rows([1, 2, 3])
        let new = [Row(id: 3, content: 1), Row(id: 1), Row(id: 2)]
        let changes = checkedChanges(old, new)
        #expect(changes == ListChanges(deletes: [2], inserts: [0]))
    }

    @Test func theConveniencesMatchByIdAndCompareByEquality() {
        let byKeyPath = ListDiff.changes(from: ["a", "b", "c"], to: ["c", "a", "b"], id: \.self)
        #expect(byKeyPath == ListChanges(moves: [ListMove(from: 2, to: 0)]))
        struct Person: Equatable { let name: String, age: Int }
        let older = ListDiff.changes(
            from: [Person(name: "Ann", age: 30)], to: [Person(name: "Ann", age: 31)], id: \.name)
        #expect(older == ListChanges(reloads: [0]))
        let byClosure = ListDiff.changes(
            from: [1, 2, 3], to: [3, 2, 1], id: { $0 % 10 }, isSameContent: { _, _ in true })
        #expect(byClosure.applied(to: [1, 2, 3], inserting: [3, 2, 1]) == [3, 2, 1])
    }

    @Test func theDocumentedExampleGivesWhatItSays() {
        struct Person: Identifiable, Equatable {
            let id: Int
            var name: String
        }
        let old = [Person(id: 1, name: "Ann"), Person(id: 2, name: "Bob"), Person(id: 3, name: "Cy")]
        let new = [Person(id: 3, name: "Cy"), Person(id: 1, name: "Anne"), Person(id: 4, name: "Dee")]
        let changes = ListDiff.changes(from: old, to: new)
        #expect(changes.description == "deletes [1], inserts [2], moves [2→0], reloads [0]")
        #expect(changes.applied(to: old, inserting: new) == new)
        let swapped = ListDiff.changes(
            from: [Person(id: 1, name: "Ann"), Person(id: 2, name: "Bob")],
            to: [Person(id: 2, name: "Bob"), Person(id: 1, name: "Anne")])
        #expect(swapped.description == "moves [1→0], reloads [0]")
    }

    @Test func duplicateIdsAreMatchedInOrder() {
        // The first 1 of `old` goes with the first 1 of `new`; the third 1 of `old` is left over.
        let old = [Row(id: 1, content: 1), Row(id: 2), Row(id: 1, content: 2), Row(id: 1, content: 3)]
        let new = [Row(id: 1, content: 1), Row(id: 1, content: 2), Row(id: 2)]
        let changes = checkedChanges(old, new)
        #expect(changes.deletes == [3])
        #expect(changes.inserts.isEmpty)
        #expect(changes.moves.count == 1)
    }

    @Test func allDuplicatesNeverTrap() {
        let same = [Row](repeating: Row(id: 7), count: 5)
        #expect(checkedChanges(same, Array(same.prefix(3))) == ListChanges(deletes: [3, 4]))
        #expect(checkedChanges(Array(same.prefix(2)), same) == ListChanges(inserts: [2, 3, 4]))
        let contents = (0..<5).map { Row(id: 7, content: $0) }
        _ = checkedChanges(contents, contents.reversed())
        _ = checkedChanges(contents, [Row(id: 7, content: 9)] + contents)
    }

    @Test func anInvalidBatchIsRecognised() {
        #expect(ListChanges(deletes: [3]).isValid(oldCount: 3, newCount: 2) == false)
        #expect(ListChanges(deletes: [1, 0]).isValid(oldCount: 3, newCount: 1) == false)
        #expect(ListChanges(inserts: [1]).isValid(oldCount: 3, newCount: 3) == false)
        #expect(ListChanges(deletes: [0], moves: [ListMove(from: 0, to: 1)]).isValid(oldCount: 3, newCount: 2) == false)
        #expect(ListChanges(moves: [ListMove(from: 0, to: 1)], reloads: [0]).isValid(oldCount: 3, newCount: 3) == false)
        #expect(ListChanges(inserts: [1], moves: [ListMove(from: 0, to: 1)]).isValid(oldCount: 3, newCount: 4) == false)
        #expect(ListChanges(moves: [ListMove(from: 0, to: 1)]).isValid(oldCount: 3, newCount: 3))
    }

    @Test func randomEditsGiveValidBatchesThatRebuildTheNewArray() {
        var random = SplitMix64(seed: 28)
        var moves = 0
        var fewestMoves = 0
        for round in 0..<4_000 {
            let uniqueIds = round % 2 == 0
            let idRange = uniqueIds ? 1_000 : 1 + random.below(12)
            let old = randomRows(count: random.below(30), ids: idRange, unique: uniqueIds, random: &random)
            let new =
                round % 4 < 2
                ? edited(old, ids: idRange, unique: uniqueIds, random: &random)
                : randomRows(count: random.below(30), ids: idRange, unique: uniqueIds, random: &random)
            let changes = checkedChanges(old, new)
            #expect(Set(changes.deletes).isDisjoint(with: changes.moves.map(\.from)), "round \(round)")
            #expect(Set(changes.reloads).isDisjoint(with: changes.moves.map(\.from)), "round \(round)")
            guard uniqueIds else { continue }
            let oldIds = Set(old.map(\.id))
            let newIds = Set(new.map(\.id))
            let oldById = Dictionary(uniqueKeysWithValues: old.map { ($0.id, $0) })
            let changed = Set(new.filter { row in oldById[row.id].map { $0 != row } ?? false }.map(\.id))
            let deletedIds = Set(changes.deletes.map { old[$0].id })
            let insertedIds = Set(new.indices.filter { changes.inserts.contains($0) }.map { new[$0].id })
            // A row that moved and changed is deleted and inserted; every other deletion is an id
            // only in `old`, every other insertion an id only in `new`.
            let replaced = deletedIds.subtracting(oldIds.subtracting(newIds))
            #expect(deletedIds == oldIds.subtracting(newIds).union(replaced), "round \(round)")
            #expect(insertedIds == newIds.subtracting(oldIds).union(replaced), "round \(round)")
            #expect(replaced.isSubset(of: changed), "round \(round)")
            let reloadedIds = Set(changes.reloads.map { old[$0].id })
            #expect(reloadedIds.union(replaced) == changed, "round \(round)")
            if changed.isEmpty {
                moves += changes.moves.count
                fewestMoves += leastMoves(old, new)
            }
        }
        // Not the fewest moves (that is O(n log n)), but close to it: 250 where 247 would do.
        #expect(moves <= fewestMoves + fewestMoves / 20, "\(moves) moves where \(fewestMoves) would do")
    }

    @Test func insertsAndDeletesAloneNeverMove() {
        // With unique ids. With duplicates, matching occurrences in order can pair a row with an
        // earlier twin across other rows, which then counts as a move.
        var random = SplitMix64(seed: 2_801)
        for round in 0..<1_000 {
            let old = randomRows(count: random.below(40), ids: 1_000, unique: true, random: &random)
            var new = old.filter { _ in random.below(4) != 0 }
            for _ in 0..<random.below(8) {
                new.insert(Row(id: 1_000 + random.below(50)), at: random.below(new.count + 1))
            }
            #expect(checkedChanges(old, new).moves.isEmpty, "round \(round)")
        }
    }
}

private func randomRows(count: Int, ids: Int, unique: Bool, random: inout SplitMix64) -> [Row] {
    var rows: [Row] = []
    var used: Set<Int> = []
    while rows.count < count {
        let id = random.below(ids)
        if unique && !used.insert(id).inserted { continue }
        rows.append(Row(id: id, content: random.below(4) == 0 ? random.below(3) : 0))
    }
    return rows
}

/// `old` after a few random deletes, inserts, moves and edits.
private func edited(_ old: [Row], ids: Int, unique: Bool, random: inout SplitMix64) -> [Row] {
    var new = old
    var used = Set(old.map(\.id))
    for _ in 0..<random.below(6) {
        switch random.below(4) {
        case 0 where !new.isEmpty:
            used.remove(new.remove(at: random.below(new.count)).id)
        case 1:
            let id = random.below(ids)
            if unique && !used.insert(id).inserted { continue }
            new.insert(Row(id: id), at: random.below(new.count + 1))
        case 2 where !new.isEmpty:
            new.insert(new.remove(at: random.below(new.count)), at: random.below(new.count + 1))
        case 3 where !new.isEmpty:
            new[random.below(new.count)].content += 1
        default:
            break
        }
    }
    return new
}

/// The fewest moves from `old` to `new` (unique ids): the rows in both, less the longest run
/// of them that keeps its order.
private func leastMoves(_ old: [Row], _ new: [Row]) -> Int {
    let oldIndex = Dictionary(uniqueKeysWithValues: old.enumerated().map { ($1.id, $0) })
    let order = new.compactMap { oldIndex[$0.id] }
    var tails: [Int] = []
    for value in order {
        if let slot = tails.firstIndex(where: { $0 > value }) { tails[slot] = value } else { tails.append(value) }
    }
    return order.count - tails.count
}
