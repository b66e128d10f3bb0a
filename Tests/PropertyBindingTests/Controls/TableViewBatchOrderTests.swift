import PropertyBinding
import PropertyBindingControls
import Testing

/// The error a table of "a", "b", "c", "d" gives for `batch` when its data source then has
/// `names`; nil when it takes the batch.
private func refusal(of batch: TableViewBatch, names: [String]) -> TableViewError? {
    let source = NamesSource(["a", "b", "c", "d"])
    let table = TableView(visibleRowCount: 3)
    table.dataSource = source
    table.reloadData()
    do {
        try table.performBatchUpdates { update in
            source.names = names
            update = batch
        }
        return nil
    } catch {
        return error
    }
}

/// `batch` with each kind of row in the order `arrange` gives it (moves arranged by their
/// `from`, each keeping its `to`).
private func arranged(_ batch: TableViewBatch, _ arrange: ([Int]) -> [Int]) -> TableViewBatch {
    // Moves are arranged through their places in `batch.moves`, keyed by `from`, ties kept in order.
    let places = batch.moves.indices.sorted { (batch.moves[$0].from, $0) < (batch.moves[$1].from, $1) }
    let order = arrange(Array(places.indices))
    return TableViewBatch(
        deletes: arrange(batch.deletes.sorted()), inserts: arrange(batch.inserts.sorted()),
        moves: order.map { batch.moves[places[$0]] }, reloads: arrange(batch.reloads.sorted()))
}

/// The orders tried: ascending, descending, and seeded shuffles.
private func orders(of batch: TableViewBatch) -> [(name: String, batch: TableViewBatch)] {
    var random = SplitMix64(seed: 11)
    var result = [("ascending", arranged(batch) { $0 }), ("reversed", arranged(batch) { $0.reversed() })]
    for round in 0..<8 {
        result.append(("shuffle \(round)", arranged(batch) { $0.shuffled(using: &random) }))
    }
    return result
}

@Suite struct TableViewBatchOrderTests {
    /// More inconsistent batches, for a list "a", "b", "c", "d": the bad row at the end of an
    /// ascending list, a row twice at the end, a negative row first, several rows in common.
    static let moreInconsistentBatches: [TableViewTests.Inconsistent] = [
        .init(
            names: ["a"], batch: TableViewBatch(deletes: [0, 1, 4]),
            message: "attempt to delete row 4, which is not one of the 4 rows before the update"),
        .init(
            names: ["a", "b", "c", "d", "e", "f", "g"], batch: TableViewBatch(inserts: [0, 1, 7]),
            message: "attempt to insert row 7, which is not one of the 7 rows after the update"),
        .init(
            names: ["a", "b", "c", "d"], batch: TableViewBatch(reloads: [1, 2, 4]),
            message: "attempt to reload row 4, which is not one of the 4 rows before the update"),
        .init(
            names: ["a", "b", "c", "d"],
            batch: TableViewBatch(moves: [.init(from: 0, to: 1), .init(from: 1, to: 0), .init(from: 4, to: 2)]),
            message: "attempt to move row 4, which is not one of the 4 rows before the update"),
        .init(
            names: ["a", "b", "c", "d"],
            batch: TableViewBatch(moves: [.init(from: 0, to: 1), .init(from: 1, to: 0), .init(from: 2, to: 4)]),
            message: "attempt to move row 2 to row 4, which is not one of the 4 rows after the update"),
        .init(
            names: [], batch: TableViewBatch(deletes: [0, 2, 3, 3]),
            message: "attempt to delete row 3 twice"),
        .init(
            names: ["a", "b", "c", "d", "e", "f", "g", "h"], batch: TableViewBatch(inserts: [1, 4, 5, 5]),
            message: "attempt to insert row 5 twice"),
        .init(
            names: ["a", "b", "c", "d"], batch: TableViewBatch(reloads: [0, 3, 3]),
            message: "attempt to reload row 3 twice"),
        .init(
            names: ["a", "b", "c", "d"],
            batch: TableViewBatch(moves: [.init(from: 0, to: 3), .init(from: 2, to: 1), .init(from: 2, to: 2)]),
            message: "attempt to move row 2 twice"),
        .init(
            names: ["a"], batch: TableViewBatch(deletes: [-1, 0, 2]),
            message: "attempt to delete row -1, which is not one of the 4 rows before the update"),
        .init(
            names: ["a", "b", "c", "d", "e", "f", "g"], batch: TableViewBatch(inserts: [-1, 0, 3]),
            message: "attempt to insert row -1, which is not one of the 7 rows after the update"),
        .init(
            names: ["a", "b", "c", "d"], batch: TableViewBatch(reloads: [-1, 1]),
            message: "attempt to reload row -1, which is not one of the 4 rows before the update"),
        .init(
            names: ["a", "b", "c", "d"], batch: TableViewBatch(moves: [.init(from: -1, to: 0), .init(from: 1, to: 2)]),
            message: "attempt to move row -1, which is not one of the 4 rows before the update"),
        .init(
            names: ["a", "b", "c", "d"], batch: TableViewBatch(moves: [.init(from: 0, to: -1), .init(from: 1, to: 2)]),
            message: "attempt to move row 0 to row -1, which is not one of the 4 rows after the update"),
        .init(
            names: ["a", "b", "c", "d"],
            batch: TableViewBatch(
                deletes: [1, 2], inserts: [0, 1], moves: [.init(from: 1, to: 2), .init(from: 2, to: 3)]),
            message: "attempt to delete and move row 1"),
        .init(
            names: ["a", "b"], batch: TableViewBatch(deletes: [3, 1], reloads: [1, 3]),
            message: "attempt to delete and reload row 1"),
        .init(
            names: ["a", "b", "c", "d"],
            batch: TableViewBatch(moves: [.init(from: 3, to: 0), .init(from: 2, to: 1)], reloads: [2, 3]),
            message: "attempt to move and reload row 2"),
        .init(
            names: ["a", "b", "c", "d", "e", "f"],
            batch: TableViewBatch(inserts: [2, 0], moves: [.init(from: 3, to: 0), .init(from: 1, to: 2)]),
            message: "attempt to insert row 0 and move another row to it"),
    ]

    /// Batches with two problems in one kind of row: each kind of row is checked in ascending
    /// order, so the smallest row at fault is named, whatever the order the rows come in.
    static let twoProblemBatches: [TableViewTests.Inconsistent] = [
        // Two moves to one row: the one named "another" is whichever comes second.
        .init(
            names: ["a", "b", "c", "d"], batch: TableViewBatch(moves: [.init(from: 0, to: 2), .init(from: 1, to: 2)]),
            message: "attempt to move row 1 to row 2, the destination of another move"),
        // Two rows out of range: ascending names the smallest, reversed the largest.
        .init(
            names: ["a", "b"], batch: TableViewBatch(deletes: [4, 5]),
            message: "attempt to delete row 4, which is not one of the 4 rows before the update"),
        .init(
            names: ["a", "b"], batch: TableViewBatch(deletes: [-1, 7]),
            message: "attempt to delete row -1, which is not one of the 4 rows before the update"),
        // A row twice and a row out of range: which comes first in the array is named.
        .init(
            names: ["a"], batch: TableViewBatch(deletes: [1, 1, 9]),
            message: "attempt to delete row 1 twice"),
        // Two moves to rows out of range.
        .init(
            names: ["a", "b", "c", "d"], batch: TableViewBatch(moves: [.init(from: 0, to: 5), .init(from: 1, to: 6)]),
            message: "attempt to move row 0 to row 5, which is not one of the 4 rows after the update"),
    ]

    /// The batches of `TableViewTests` and the ones above.
    static let orderIndependentBatches =
        TableViewTests.inconsistentBatches + moreInconsistentBatches + twoProblemBatches

    @Test(arguments: orderIndependentBatches)
    func anInconsistentBatchGivesTheSameErrorWhateverTheOrderOfItsRows(_ case: TableViewTests.Inconsistent) {
        #expect(refusal(of: `case`.batch, names: `case`.names) == .inconsistentBatch(`case`.message))
        for (name, batch) in orders(of: `case`.batch) {
            #expect(refusal(of: batch, names: `case`.names) == .inconsistentBatch(`case`.message), "\(name): \(batch)")
        }
    }

    @Test func aConsistentBatchIsTakenInEveryOrder() {
        // The same rows in every order: taken each time (the merge path and the set path agree).
        let batch = TableViewBatch(
            deletes: [0, 2], inserts: [1, 2], moves: [.init(from: 3, to: 0), .init(from: 1, to: 3)])
        for (name, arranged) in orders(of: batch) {
            #expect(refusal(of: arranged, names: ["d", "x", "y", "b"]) == nil, "\(name)")
        }
    }
}
