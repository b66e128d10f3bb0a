import Testing

@testable import PropertyBinding
@testable import PropertyBindingControls

@Suite struct TableViewTests {
    /// A loaded table of `count` names showing `visible` rows, and its data source (the table
    /// holds it weakly).
    private func table(_ count: Int, visible: Int) -> (TableView, NamesSource) {
        let source = NamesSource(count: count)
        let table = TableView(visibleRowCount: visible)
        table.dataSource = source
        table.reloadData()
        source.forget()
        return (table, source)
    }

    /// The texts of the visible cells, and a check that each cell knows its row.
    private func shown(_ table: TableView) -> [String] {
        for row in table.visibleRows { #expect(table.cellForRow(at: row)?.row == row) }
        return table.visibleCells.map(\.text)
    }

    // MARK: Loading and scrolling

    @Test func aTableAsksOnlyForTheRowsItShows() {
        let source = NamesSource(count: 100_000)
        let table = TableView(visibleRowCount: 20)
        table.dataSource = source
        #expect(table.numberOfRows == 0 && table.visibleCells.isEmpty)  // not loaded yet

        table.reloadData()
        #expect(table.numberOfRows == 100_000)
        #expect(table.visibleRows == 0..<20)
        #expect(source.cellRequests == Array(0..<20))
        #expect(source.cellsMade == 20)
        #expect(shown(table) == (0..<20).map(String.init))
        #expect(table.cellForRow(at: 20) == nil)
    }

    @Test func scrollingAHundredThousandRowsReusesTheSameTwentyCells() throws {
        let (table, source) = table(100_000, visible: 20)
        for first in stride(from: 7, to: 100_000, by: 7919) { table.scroll(toRow: first) }
        table.scroll(toRow: 99_999)
        #expect(table.visibleRows == 99_980..<100_000)
        try table.performBatchUpdates { batch in
            source.names.insert(contentsOf: (0..<1000).map { "new \($0)" }, at: 0)
            batch.insertRows(at: Array(0..<1000))
        }
        table.scroll(toRow: 0)
        #expect(source.cellsMade == 20)
        #expect(table.reusableCellCount == 0)
        #expect(shown(table) == (0..<20).map { "new \($0)" })
    }

    @Test func scrollingEndsTheRowsThatLeaveAndKeepsTheCellsOfTheRowsThatStay() {
        let (table, source) = table(100, visible: 10)
        let staying = (5..<10).map { table.cellForRow(at: $0) }

        table.scroll(toRow: 5)
        #expect(table.firstVisibleRow == 5 && table.visibleRows == 5..<15)
        #expect(source.ended.map(\.row) == [0, 1, 2, 3, 4])
        #expect(source.cellRequests == [10, 11, 12, 13, 14])
        #expect(zip(staying, (5..<10).map { table.cellForRow(at: $0) }).allSatisfy { $0 === $1 })
        #expect(shown(table) == (5..<15).map(String.init))
        #expect(source.cellsMade == 10)  // the five that left were reused
    }

    @Test func scrollingIsClampedToTheRows() {
        let (table, _) = table(100, visible: 10)
        table.scroll(toRow: 1000)
        #expect(table.firstVisibleRow == 90 && table.visibleRows == 90..<100)
        table.scroll(toRow: -3)
        #expect(table.firstVisibleRow == 0)

        let (short, _) = self.table(4, visible: 10)
        short.scroll(toRow: 2)
        #expect(short.firstVisibleRow == 0 && short.visibleRows == 0..<4)
    }

    @Test func changingTheVisibleRowCountEndsOrFillsRows() {
        let (table, source) = table(10, visible: 5)
        table.visibleRowCount = 3
        #expect(source.ended.map(\.row) == [3, 4])
        #expect(shown(table) == ["0", "1", "2"])
        table.visibleRowCount = 6
        #expect(source.cellRequests == [3, 4, 5])
        #expect(source.cellsMade == 6)
        table.visibleRowCount = -1
        #expect(table.visibleRowCount == 0 && table.visibleCells.isEmpty)
    }

    @Test func reloadDataEndsEveryCellAndAsksAgain() {
        let (table, source) = table(10, visible: 3)
        table.simulateRowSelection(1)
        source.names = ["a", "b"]
        table.reloadData()
        #expect(source.ended == [.init(text: "0", row: 0), .init(text: "1", row: 1), .init(text: "2", row: 2)])
        #expect(source.cellRequests == [0, 1])
        #expect(table.numberOfRows == 2 && shown(table) == ["a", "b"])
        #expect(table.selectedRow == nil)
        #expect(source.cellsMade == 3 && table.reusableCellCount == 1)
    }

    @Test func aBatchBeforeTheFirstReloadLoadsTheRowsFirst() throws {
        let source = NamesSource(["a", "b"])
        let table = TableView(visibleRowCount: 5)
        table.dataSource = source
        var reloads = 0
        table.onReloadData = { reloads += 1 }
        try table.performBatchUpdates { batch in
            source.names.append("c")
            batch.insertRows(at: [2])
        }
        #expect(reloads == 1)
        #expect(shown(table) == ["a", "b", "c"])
    }

    @Test func aTableWithoutADataSourceHasNoRows() throws {
        let table = TableView()
        table.reloadData()
        try table.performBatchUpdates { _ in }
        #expect(table.numberOfRows == 0 && table.visibleRows == 0..<0)
        #expect(throws: TableViewError.self) { try table.performBatchUpdates { $0.insertRows(at: [0]) } }
    }

    // MARK: Applying a batch

    @Test func anInsertShiftsTheCellsBelowAndPushesTheLastOneOut() throws {
        let (table, source) = table(10, visible: 5)
        let before = table.visibleCells
        try table.performBatchUpdates { batch in
            source.names.insert("new", at: 0)
            batch.insertRows(at: [0])
        }
        #expect(shown(table) == ["new", "0", "1", "2", "3"])
        #expect(zip(before.prefix(4), table.visibleCells.dropFirst()).allSatisfy { $0 === $1 })
        #expect(source.ended == [.init(text: "4", row: 4)])
        #expect(source.cellRequests == [0])
        #expect(table.visibleCells.first === before.last)  // the cell pushed out shows the new row
        #expect(source.cellsMade == 5)
    }

    @Test func aDeletedRowEndsDisplayingWithItsOldIndexAndItsCellIsReused() throws {
        let (table, source) = table(10, visible: 5)
        let deleted = try #require(table.cellForRow(at: 1) as? CountingCell)
        let shifting = table.cellForRow(at: 3)
        try table.performBatchUpdates { batch in
            source.names.remove(at: 1)
            batch.deleteRows(at: [1])
        }
        #expect(source.ended == [.init(text: "1", row: 1)])
        #expect(source.cellRequests == [4])  // the row that enters at the bottom
        #expect(table.cellForRow(at: 2) === shifting && shifting?.row == 2)
        #expect(table.cellForRow(at: 4) === deleted && deleted.prepareCount == 1)
        #expect(shown(table) == ["0", "2", "3", "4", "5"])
        #expect(table.numberOfRows == 9)
    }

    @Test func aMovedRowKeepsItsCell() throws {
        let (table, source) = table(10, visible: 5)
        let moved = table.cellForRow(at: 0)
        let between = (1...3).map { table.cellForRow(at: $0) }
        try table.performBatchUpdates { batch in
            source.names.insert(source.names.remove(at: 0), at: 3)
            batch.moveRow(at: 0, to: 3)
        }
        #expect(table.cellForRow(at: 3) === moved && moved?.row == 3)
        #expect(zip(between, (0...2).map { table.cellForRow(at: $0) }).allSatisfy { $0 === $1 })
        #expect(source.ended.isEmpty && source.cellRequests.isEmpty)
        #expect(shown(table) == ["1", "2", "3", "0", "4"])
    }

    @Test func aRowMovedOutOfSightEndsAndOneMovedIntoSightGetsACell() throws {
        let (table, source) = table(10, visible: 3)
        try table.performBatchUpdates { batch in
            let first = source.names.remove(at: 0)
            source.names.insert(first, at: 9)
            batch.moveRow(at: 0, to: 9)
        }
        #expect(source.ended == [.init(text: "0", row: 0)])
        #expect(source.cellRequests == [2])
        #expect(shown(table) == ["1", "2", "3"])
    }

    @Test func aReloadedRowEndsDisplayingAndGetsACellFromTheDataSource() throws {
        let (table, source) = table(10, visible: 5)
        let old = try #require(table.cellForRow(at: 2) as? CountingCell)
        try table.performBatchUpdates { batch in
            source.names[2] = "two"
            batch.reloadRows(at: [2])
        }
        #expect(source.ended == [.init(text: "2", row: 2)])
        #expect(source.cellRequests == [2])
        #expect(old.prepareCount == 1)  // ended first, so the pool's cell was reused, prepared
        #expect(shown(table) == ["0", "1", "two", "3", "4"])
    }

    @Test func aBatchTellsOnBatchAfterItIsApplied() throws {
        let (table, source) = table(3, visible: 5)
        var seen: [(TableViewBatch, [String])] = []
        table.onBatch = { seen.append(($0, table.visibleCells.map(\.text))) }
        try table.performBatchUpdates { batch in
            source.names = ["2", "0'", "x", "y"]
            batch.deleteRows(at: [1])
            batch.moveRow(at: 2, to: 0)
            batch.insertRows(at: [2, 3])
            batch.reloadRows(at: [0])
        }
        #expect(
            seen.map(\.0) == [
                TableViewBatch(deletes: [1], inserts: [2, 3], moves: [.init(from: 2, to: 0)], reloads: [0])
            ])
        #expect(seen.first?.1 == ["2", "0'", "x", "y"])  // the moved row kept its cell; the reloaded one is new
        #expect(seen.first?.0.description == "delete [1], insert [2, 3], move [2→0], reload [0]")
        #expect(TableViewBatch().description == "no change" && TableViewBatch().isEmpty)
    }

    /// Random batches over a list of distinct names, each checked against the list it makes:
    /// every visible cell shows its name, knows its row, is shown once, and a row that stayed in
    /// sight without a reload kept its cell.
    /// With `inAnyOrder`, each kind of row comes shuffled (checked through sets, then sorted);
    /// without, each comes ascending, as `ListDiff` gives them (checked by merging, linear).
    @Test(arguments: [1, 2, 3, 4], [false, true])
    func randomBatchesKeepTheCellsInStepWithTheList(seed: UInt64, inAnyOrder: Bool) throws {
        var random = SplitMix64(seed: seed)
        let (table, source) = table(30, visible: 8)
        var nextName = 30
        for step in 0..<300 {
            table.scroll(toRow: random.below(max(1, source.names.count)))
            let old = source.names
            var deleted = Set<Int>()
            var moved = Set<Int>()
            var reloaded = Set<Int>()
            for row in old.indices {
                switch random.below(10) {
                case 0: deleted.insert(row)
                case 1: moved.insert(row)
                case 2: reloaded.insert(row)
                default: break
                }
            }
            // The rows that stay in order, reloaded ones renamed; then the moved rows and new
            // rows put anywhere.
            var new = old.indices.filter { !deleted.contains($0) && !moved.contains($0) }
                .map { reloaded.contains($0) ? old[$0] + "'" : old[$0] }
            var placed: [String] = moved.sorted().map { old[$0] }
            for _ in 0..<random.below(6) {
                placed.append("\(nextName)")
                nextName += 1
            }
            for name in placed { new.insert(name, at: random.below(new.count + 1)) }
            let newIndex = Dictionary(uniqueKeysWithValues: new.enumerated().map { ($1, $0) })
            let keptBefore = Dictionary(
                uniqueKeysWithValues: table.visibleRows.compactMap { row -> (String, TableViewCell)? in
                    guard !reloaded.contains(row), !deleted.contains(row), let cell = table.cellForRow(at: row) else {
                        return nil
                    }
                    return (old[row], cell)
                })

            var deletes = deleted.sorted()
            var reloads = reloaded.sorted()
            var moves = moved.sorted()
            var inserts = placed.filter { !old.contains($0) }.map { newIndex[$0]! }.sorted()
            if inAnyOrder {
                deletes.shuffle(using: &random)
                reloads.shuffle(using: &random)
                moves.shuffle(using: &random)
                inserts.shuffle(using: &random)
            }
            try table.performBatchUpdates { batch in
                source.names = new
                batch.deleteRows(at: deletes)
                batch.reloadRows(at: reloads)
                for row in moves { batch.moveRow(at: row, to: newIndex[old[row]]!) }
                batch.insertRows(at: inserts)
            }

            #expect(table.numberOfRows == new.count, "step \(step)")
            #expect(shown(table) == Array(new[table.visibleRows]), "step \(step)")
            let cells = table.visibleCells.map(ObjectIdentifier.init)
            #expect(Set(cells).count == cells.count, "step \(step): a cell shows two rows")
            for row in table.visibleRows {
                if let kept = keptBefore[new[row]] { #expect(table.cellForRow(at: row) === kept, "step \(step)") }
            }
            #expect(source.cellsMade == table.visibleCells.count + table.reusableCellCount, "step \(step)")
            #expect(source.cellsMade <= 8, "step \(step)")
        }
    }

    // MARK: Refusing a batch

    /// One inconsistent batch: how the data source changes, the batch, and UIKit's complaint.
    struct Inconsistent: CustomTestStringConvertible, Sendable {
        let names: [String]
        let batch: TableViewBatch
        let message: String
        var testDescription: String { message }
    }

    static let inconsistentBatches: [Inconsistent] = [
        // Before: ["a", "b", "c", "d"].
        .init(
            names: ["x", "a", "b", "c", "d", "y"], batch: TableViewBatch(inserts: [0]),
            message: "invalid number of rows: 4 before, 0 deleted, 1 inserted, so 5 expected, the data source has 6"),
        .init(
            names: ["a", "b", "c"], batch: TableViewBatch(deletes: [4]),
            message: "attempt to delete row 4, which is not one of the 4 rows before the update"),
        .init(
            names: ["a", "b", "c"], batch: TableViewBatch(deletes: [-1]),
            message: "attempt to delete row -1, which is not one of the 4 rows before the update"),
        .init(
            names: ["a", "b", "c", "d", "e"], batch: TableViewBatch(inserts: [5]),
            message: "attempt to insert row 5, which is not one of the 5 rows after the update"),
        .init(
            names: ["a", "b", "c", "d"], batch: TableViewBatch(reloads: [4]),
            message: "attempt to reload row 4, which is not one of the 4 rows before the update"),
        .init(
            names: ["a", "b", "c", "d"], batch: TableViewBatch(moves: [.init(from: 4, to: 0)]),
            message: "attempt to move row 4, which is not one of the 4 rows before the update"),
        .init(
            names: ["a", "b", "c", "d"], batch: TableViewBatch(moves: [.init(from: 0, to: 4)]),
            message: "attempt to move row 0 to row 4, which is not one of the 4 rows after the update"),
        .init(
            names: ["a", "b"], batch: TableViewBatch(deletes: [1, 1]),
            message: "attempt to delete row 1 twice"),
        .init(
            names: ["a", "b", "c", "d", "e", "f"], batch: TableViewBatch(inserts: [1, 1]),
            message: "attempt to insert row 1 twice"),
        .init(
            names: ["a", "b", "c", "d"], batch: TableViewBatch(reloads: [2, 2]),
            message: "attempt to reload row 2 twice"),
        .init(
            names: ["a", "b", "c", "d"], batch: TableViewBatch(moves: [.init(from: 1, to: 2), .init(from: 1, to: 3)]),
            message: "attempt to move row 1 twice"),
        .init(
            names: ["a", "b", "c", "d"], batch: TableViewBatch(moves: [.init(from: 0, to: 2), .init(from: 1, to: 2)]),
            message: "attempt to move row 1 to row 2, the destination of another move"),
        .init(
            names: ["a", "b", "c"], batch: TableViewBatch(deletes: [1], moves: [.init(from: 1, to: 0)]),
            message: "attempt to delete and move row 1"),
        .init(
            names: ["a", "b", "c"], batch: TableViewBatch(deletes: [2], reloads: [2]),
            message: "attempt to delete and reload row 2"),
        .init(
            names: ["a", "b", "c", "d"], batch: TableViewBatch(moves: [.init(from: 3, to: 0)], reloads: [3]),
            message: "attempt to move and reload row 3"),
        .init(
            names: ["a", "b", "c", "d", "e"], batch: TableViewBatch(inserts: [0], moves: [.init(from: 3, to: 0)]),
            message: "attempt to insert row 0 and move another row to it"),
    ]

    @Test(arguments: inconsistentBatches) func anInconsistentBatchIsRefusedAndChangesNothing(_ case: Inconsistent)
        throws
    {
        let source = NamesSource(["a", "b", "c", "d"])
        let table = TableView(visibleRowCount: 3)
        table.dataSource = source
        table.reloadData()
        table.simulateRowSelection(1)
        table.scroll(toRow: 1)
        source.forget()
        let cells = table.visibleCells
        let pooled = table.reusableCellCount
        var told = 0
        table.onBatch = { _ in told += 1 }

        #expect(throws: TableViewError.inconsistentBatch(`case`.message)) {
            try table.performBatchUpdates { batch in
                source.names = `case`.names
                batch = `case`.batch
            }
        }
        #expect(table.numberOfRows == 4 && table.firstVisibleRow == 1 && table.selectedRow == 1)
        #expect(table.visibleCells.count == cells.count)
        #expect(zip(table.visibleCells, cells).allSatisfy { $0 === $1 })
        #expect(table.visibleCells.map(\.row) == [1, 2, 3])
        #expect(table.reusableCellCount == pooled)
        #expect(source.ended.isEmpty && source.cellRequests.isEmpty && told == 0)
    }

    @Test func theErrorSaysWhatUIKitWouldSay() {
        let error = TableViewError.inconsistentBatch("attempt to delete row 1 twice")
        #expect(error.description == "Invalid batch update: attempt to delete row 1 twice")
    }

    // MARK: The reuse pool

    @Test func dequeueHandsOutAPooledCellOfTheClassAskedForPrepared() throws {
        let source = NamesSource(count: 2)
        source.cellClass = OtherCell.self
        let table = TableView()
        table.dataSource = source
        table.reloadData()
        let others = table.visibleCells
        source.cellClass = CountingCell.self
        table.reloadData()  // the two OtherCells go to the pool; two CountingCells are made
        #expect(table.visibleCells.allSatisfy { $0 is CountingCell })
        #expect(table.reusableCellCount == 2 && source.cellsMade == 4)

        let counting = table.visibleCells.compactMap { $0 as? CountingCell }
        table.reloadData()  // the pool has both classes: the CountingCells come back, prepared
        #expect(Set(table.visibleCells.map(ObjectIdentifier.init)) == Set(counting.map(ObjectIdentifier.init)))
        #expect(counting.allSatisfy { $0.prepareCount == 1 })
        #expect(source.cellsMade == 4)

        let reused = table.dequeueReusableCell(OtherCell.self)
        #expect(others.contains { $0 === reused })
        #expect(reused.text.isEmpty && reused.row == nil)
        let second = table.dequeueReusableCell(OtherCell.self)
        #expect(others.contains { $0 === second } && second !== reused)
        #expect(table.reusableCellCount == 0)
        let made = table.dequeueReusableCell(OtherCell.self)  // the pool is empty: a new one
        #expect(!others.contains { $0 === made })
    }

    @Test func aPooledCellReturnedWithoutDequeuingLeavesThePool() {
        final class Hoarder: TableViewDataSource {
            var kept: TableViewCell?
            var count = 2
            func numberOfRows(in tableView: TableView) -> Int { count }
            func tableView(_ tableView: TableView, cellForRowAt row: Int) -> TableViewCell {
                if row == 0, let kept { return kept }
                return row == 0
                    ? tableView.dequeueReusableCell(TableViewCell.self) : tableView.dequeueReusableCell(OtherCell.self)
            }
        }
        let source = Hoarder()
        let table = TableView(visibleRowCount: 1)
        table.dataSource = source
        table.reloadData()
        source.kept = table.cellForRow(at: 0)
        table.scroll(toRow: 1)  // row 0's cell goes to the pool
        #expect(table.reusableCellCount == 1)
        table.scroll(toRow: 0)  // row 1's goes to the pool; row 0 gets its kept cell from the pool, not dequeued
        #expect(table.cellForRow(at: 0) === source.kept)
        #expect(table.reusableCellCount == 1)
        #expect(table.dequeueReusableCell(TableViewCell.self) !== source.kept)
    }

    @Test func aCellIsPreparedBeforeItIsReused() {
        let cell = CountingCell()
        cell.text = "Ann"
        cell.detailText = "42"
        cell.prepareForReuse()
        #expect(cell.text.isEmpty && cell.detailText.isEmpty && cell.row == nil)
    }

    @Test func aCellsTextsPrintTheirNamesInFailuresAndGraphs() {
        let cell = TableViewCell()
        #expect("\(Property(cell, \.text))" == "\\TableViewCell.text")
        #expect("\(Property(cell, \.detailText))" == "\\TableViewCell.detailText")
    }

    // MARK: Selection

    final class Chooser {
        var chosen: [Int?] = []
        func rowChosen(_ table: TableView) { chosen.append(table.selectedRow) }
    }

    @Test func selectingARowSendsValueChanged() {
        let (table, _) = table(5, visible: 3)
        let chooser = Chooser()
        table.addTarget(chooser, action: Chooser.rowChosen, for: .valueChanged)
        table.simulateRowSelection(4)
        table.simulateRowSelection(4)  // no change: nothing sent
        table.simulateRowSelection(5)  // not a row: ignored
        table.simulateRowSelection(-1)
        table.simulateRowDeselection()
        table.simulateRowDeselection()
        table.selectedRow = 1  // by code: no event
        table.selectedRow = 5  // not a row: ignored
        #expect(table.selectedRow == 1)
        table.selectedRow = nil
        #expect(chooser.chosen == [4, nil])
        #expect(table.selectedRow == nil)
    }

    @Test func theSelectionFollowsItsRowThroughBatches() throws {
        let (table, source) = table(5, visible: 3)
        table.simulateRowSelection(2)
        try table.performBatchUpdates { batch in
            source.names.insert("new", at: 0)
            batch.insertRows(at: [0])
        }
        #expect(table.selectedRow == 3)
        try table.performBatchUpdates { batch in
            source.names.insert(source.names.remove(at: 3), at: 0)
            batch.moveRow(at: 3, to: 0)
        }
        #expect(table.selectedRow == 0)
        try table.performBatchUpdates { batch in
            source.names.remove(at: 0)
            batch.deleteRows(at: [0])
        }
        #expect(table.selectedRow == nil)
    }
}
