import PropertyBinding
import PropertyBindingControls
import PropertyBindingTesting
import Testing
import XCTest

/// A list of names for a table to show.
final class NameList: TableViewDataSource {
    var names: [String]

    init(_ names: [String]) {
        self.names = names
    }

    func numberOfRows(in tableView: TableView) -> Int { names.count }

    func tableView(_ tableView: TableView, cellForRowAt row: Int) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(TableViewCell.self)
        cell.text = names[row]
        return cell
    }
}

@Suite struct TableViewRecorderTests {
    private let list = NameList(["a", "b", "c", "d"])
    private let table = TableView(visibleRowCount: 3)

    init() {
        table.dataSource = list
    }

    @Test func recordsEveryBatchAndReloadInOrder() throws {
        let recorder = TableViewRecorder(table)
        table.reloadData()
        try table.performBatchUpdates { batch in
            list.names.insert("x", at: 0)
            batch.insertRows(at: [0])
        }
        try table.performBatchUpdates { batch in
            list.names.remove(at: 2)
            list.names[2] = "c'"
            list.names.insert(list.names.remove(at: 3), at: 0)
            batch.deleteRows(at: [2])
            batch.reloadRows(at: [3])
            batch.moveRow(at: 4, to: 0)
        }

        #expect(recorder.reloadCount == 1)
        #expect(
            recorder.batches == [
                TableViewBatch(inserts: [0]),
                TableViewBatch(deletes: [2], moves: [TableViewMove(from: 4, to: 0)], reloads: [3]),
            ])
        #expect(recorder.inserted == [0] && recorder.deleted == [2] && recorder.reloaded == [3])
        #expect(recorder.moved == [TableViewMove(from: 4, to: 0)])
        #expect(
            recorder.changes.map(\.description) == ["reloadData", "insert [0]", "delete [2], move [4→0], reload [3]"])
    }

    @Test func aRefusedBatchIsNotRecorded() {
        let recorder = TableViewRecorder(table)
        table.reloadData()
        #expect(throws: TableViewError.self) { try table.performBatchUpdates { $0.deleteRows(at: [0]) } }
        #expect(recorder.batches.isEmpty)
    }

    @Test func changesDuringAnActionAreThoseOfTheAction() throws {
        let recorder = TableViewRecorder(table)
        table.reloadData()
        let changes = try recorder.changes {
            try table.performBatchUpdates { batch in
                list.names.removeLast()
                batch.deleteRows(at: [3])
            }
        }
        #expect(changes == [.batch(TableViewBatch(deletes: [3]))])
        recorder.removeAll()
        #expect(recorder.changes.isEmpty && recorder.reloadCount == 0)
        table.reloadData()
        #expect(recorder.reloadCount == 1)  // recording goes on
    }

    @Test func aBatchBeforeTheFirstReloadRecordsTheReloadTheTableDoesFirst() throws {
        let recorder = TableViewRecorder(table)
        try table.performBatchUpdates { batch in
            list.names.append("e")
            batch.insertRows(at: [4])
        }
        #expect(recorder.changes == [.reloadData, .batch(TableViewBatch(inserts: [4]))])
    }

    @Test func twoRecordersAndAHandlerOfYourOwnAllSeeEveryChange() throws {
        var mine: [TableViewBatch] = []
        table.onBatch = { mine.append($0) }
        let first = TableViewRecorder(table)
        let second = TableViewRecorder(table)
        table.reloadData()
        try table.performBatchUpdates { batch in
            list.names[0] = "a'"
            batch.reloadRows(at: [0])
        }
        #expect(first.batches == [TableViewBatch(reloads: [0])])
        #expect(second.batches == first.batches && mine == first.batches)
        #expect(first.reloadCount == 1 && second.reloadCount == 1)
    }

    @Test func theRecorderDoesNotKeepTheTableAlive() {
        weak var released: TableView?
        do {
            let table = TableView()
            let recorder = TableViewRecorder(table)
            released = table
            table.reloadData()
            #expect(recorder.reloadCount == 1)
        }
        #expect(released == nil)
    }
}

final class TableViewRecorderXCTests: XCTestCase {
    func testTheRecorderServesXCTestToo() throws {
        let list = NameList(["a", "b"])
        let table = TableView()
        table.dataSource = list
        let recorder = TableViewRecorder(table)
        table.reloadData()
        try table.performBatchUpdates { batch in
            list.names.swapAt(0, 1)
            batch.moveRow(at: 0, to: 1)
            batch.moveRow(at: 1, to: 0)
        }
        XCTAssertEqual(recorder.reloadCount, 1)
        XCTAssertEqual(recorder.moved, [TableViewMove(from: 0, to: 1), TableViewMove(from: 1, to: 0)])
        XCTAssertEqual(table.visibleCells.map(\.text), ["b", "a"])
    }
}
