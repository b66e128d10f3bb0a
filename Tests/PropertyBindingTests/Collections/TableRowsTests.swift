import Foundation
import PropertyBinding
import PropertyBindingControls
import PropertyBindingTesting
import Testing

/// An array bound to a list, row by row: the smallest batch for each change, and per-row bindings
/// that live exactly as long as their rows are shown.
@Suite struct TableRowsTests {
    /// A repository whose name is announced, as Bond's example binds each cell to one.
    final class Repository: KeyPathObservable, Equatable, @unchecked Sendable {
        let keyPathObservers = KeyPathObservers()
        let id: Int
        @Announced var name: String
        init(id: Int, name: String) {
            self.id = id
            self.name = name
        }
        static func == (lhs: Repository, rhs: Repository) -> Bool { lhs === rhs }
    }

    final class ViewModel: KeyPathObservable, @unchecked Sendable {
        let keyPathObservers = KeyPathObservers()
        @Announced var repositories: [Repository] = []
    }

    /// A row value: an id and a title.
    struct Row: Equatable, Identifiable {
        let id: Int
        var title: String
    }

    final class Screen: KeyPathObservable, @unchecked Sendable {
        let keyPathObservers = KeyPathObservers()
        @Announced var rows: [Row] = []
    }

    static func repositoryRows(_ table: TableView) -> TableRows<Repository, Int, TableViewCell> {
        TableRows(table, id: \.id, cell: TableViewCell.self) { cell, repository in
            [
                try Binding(
                    source: Property(repository, \.name), destination: Property(cell, \.text), triggers: .standard
                )
                .updatingNow()
            ]
        }
    }

    @Test func theTableShowsTheArrayAndEachCellItsElement() throws {
        let model = ViewModel()
        let table = TableView(visibleRowCount: 10)
        let bindings = BindingSet()
        model.repositories = [Repository(id: 1, name: "Bond"), Repository(id: 2, name: "ReactiveKit")]
        bindings.add(
            try Binding(
                source: Property(model, \.repositories), destination: Self.repositoryRows(table), triggers: .standard
            )
            .updatingNow())
        #expect(table.numberOfRows == 2)
        #expect(table.visibleCells.map(\.text) == ["Bond", "ReactiveKit"])
        model.repositories[1].name = "ReactiveKit 3"
        #expect(table.cellForRow(at: 1)?.text == "ReactiveKit 3")
    }

    @Test func eachChangeIsTheSmallestBatch() throws {
        let screen = Screen()
        let table = TableView(visibleRowCount: 50)
        let recorder = TableViewRecorder(table)
        let rows = TableRows(table) { (cell: TableViewCell, row: Row) in
            cell.text = row.title
            return []
        }
        let binding = try Binding(source: Property(screen, \.rows), destination: rows, triggers: .standard)
        screen.rows = (0..<5).map { Row(id: $0, title: "r\($0)") }
        recorder.removeAll()
        screen.rows.insert(Row(id: 9, title: "new"), at: 3)
        #expect(recorder.batches == [TableViewBatch(inserts: [3])])
        recorder.removeAll()
        screen.rows.remove(at: 0)
        #expect(recorder.batches == [TableViewBatch(deletes: [0])])
        recorder.removeAll()
        screen.rows[2].title = "edited"  // one row reloads
        #expect(recorder.batches == [TableViewBatch(reloads: [2])])
        #expect(table.cellForRow(at: 2)?.text == "edited")
        recorder.removeAll()
        screen.rows = screen.rows  // equal: nothing is written
        #expect(recorder.batches.isEmpty)
        #expect(table.visibleCells.map(\.text) == screen.rows.map(\.title))
        withExtendedLifetime(binding) {}
    }

    @Test func aDeletedRowsBindingsEndAndAMovedRowKeepsItsOwn() throws {
        let model = ViewModel()
        let table = TableView(visibleRowCount: 10)
        let repositories = (0..<4).map { Repository(id: $0, name: "repo \($0)") }
        model.repositories = repositories
        let binding = try Binding(
            source: Property(model, \.repositories), destination: Self.repositoryRows(table), triggers: .standard
        ).updatingNow()
        #expect(repositories.map(\.keyPathObservers.count) == [1, 1, 1, 1])
        let movedCell = table.cellForRow(at: 3)
        model.repositories = [repositories[3], repositories[1], repositories[2]]  // 0 deleted, 3 moved to the front
        #expect(repositories[0].keyPathObservers.count == 0)
        #expect(table.cellForRow(at: 0) === movedCell)
        #expect(repositories[3].keyPathObservers.count == 1)
        repositories[3].name = "renamed"
        #expect(table.cellForRow(at: 0)?.text == "renamed")
        repositories[0].name = "gone"  // its row was deleted: nothing shows it
        #expect(!table.visibleCells.map(\.text).contains("gone"))
        withExtendedLifetime(binding) {}
    }

    @Test func onlyVisibleRowsHaveCellsAndBindings() throws {
        let model = ViewModel()
        let table = TableView(visibleRowCount: 20)
        let repositories = (0..<100_000).map { Repository(id: $0, name: "repo \($0)") }
        model.repositories = repositories
        let rows = Self.repositoryRows(table)
        let binding = try Binding(source: Property(model, \.repositories), destination: rows, triggers: .standard)
            .updatingNow()
        #expect(table.numberOfRows == 100_000)
        #expect(rows.rowBindings.count == 20)
        #expect(repositories.reduce(0) { $0 + $1.keyPathObservers.count } == 20)
        table.scroll(toRow: 50_000)
        #expect(rows.rowBindings.count == 20)
        #expect(repositories[0].keyPathObservers.count == 0)
        #expect(repositories[50_000].keyPathObservers.count == 1)
        #expect(table.cellForRow(at: 50_000)?.text == "repo 50000")
        withExtendedLifetime(binding) {}
    }

    @Test func theBindingEndsWithItsTable() throws {
        let screen = Screen()
        let set = BindingSet()
        var table: TableView? = TableView()
        let rows = TableRows(table!) { (cell: TableViewCell, row: Row) in
            cell.text = row.title
            return []
        }
        let binding = try Binding(source: Property(screen, \.rows), destination: rows, triggers: .standard)
        binding.onError = { _ in }
        set.add(binding)
        table = nil
        screen.rows = [Row(id: 1, title: "a")]
        #expect(!binding.isValid)
        #expect(set.count == 0)
    }

    @Test func randomEditsKeepRowsCellsAndObserversInStep() throws {
        var random = SplitMix64(seed: 28)
        for round in 0..<200 {
            let model = ViewModel()
            let table = TableView(visibleRowCount: Int.random(in: 3...12, using: &random))
            let pool = (0..<30).map { Repository(id: $0 % 24, name: "repo \($0)") }  // some ids repeat
            let rows = Self.repositoryRows(table)
            let binding = try Binding(source: Property(model, \.repositories), destination: rows, triggers: .standard)
            for _ in 0..<20 {
                var next = model.repositories
                switch Int.random(in: 0..<7, using: &random) {
                case 0:
                    next.insert(pool.randomElement(using: &random)!, at: Int.random(in: 0...next.count, using: &random))
                case 1: if !next.isEmpty { next.remove(at: Int.random(in: 0..<next.count, using: &random)) }
                case 2: if next.count > 1 { next.swapAt(0, next.count - 1) }
                case 3: next.shuffle(using: &random)
                case 4: next = []
                case 5: next = Array(pool.shuffled(using: &random).prefix(Int.random(in: 0...30, using: &random)))
                default: next.reverse()
                }
                model.repositories = next
                if let edited = next.randomElement(using: &random) { edited.name = "edited \(round)" }
                #expect(table.numberOfRows == next.count)
                let visible = Array(table.visibleRows)
                #expect(visible.map { table.cellForRow(at: $0)?.text } == visible.map { next[$0].name })
                #expect(rows.rowBindings.count == visible.count)
                #expect(pool.reduce(0) { $0 + $1.keyPathObservers.count } == visible.count)
            }
            withExtendedLifetime(binding) {}
        }
    }
}

/// Threads and lifetimes of an array bound to a list, as for any binding.
@Suite struct TableRowsThreadTests {
    /// An array behind a lock, changed and read from several threads.
    final class LockedRows: @unchecked Sendable {
        private let lock = NSLock()
        private var _rows: [TableRowsTests.Row] = []
        var rows: [TableRowsTests.Row] {
            get { lock.withLock { _rows } }
            set { lock.withLock { _rows = newValue } }
        }
        func change(_ body: (inout [TableRowsTests.Row]) -> Void) { lock.withLock { body(&_rows) } }
    }

    @Test func updatesFromTwoThreadsApplyWholeBatchesInOrder() throws {
        let model = LockedRows()
        let table = TableView(visibleRowCount: 40)
        let applied = Locked<[(batch: TableViewBatch, rowsAfter: Int)]>()
        let rows = TableRows(table) { (cell, row: TableRowsTests.Row) in
            cell.text = row.title
            return []
        }
        table.onBatch = { [weak table] batch in applied.append((batch, table?.numberOfRows ?? -1)) }
        let binding = Binding(source: Property(model, \.rows), destination: rows)
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
            for step in 0..<300 {
                model.change { rows in
                    if step % 3 == 2, !rows.isEmpty {
                        rows.removeFirst()
                    } else {
                        rows.append(TableRowsTests.Row(id: thread * 1_000 + step, title: "\(thread).\(step)"))
                    }
                }
                binding.update()
            }
        }
        binding.update()
        let final = model.rows
        #expect(table.numberOfRows == final.count)
        #expect(table.visibleCells.map(\.text) == final.prefix(40).map(\.title))
        // Each batch was applied whole and in order: every one takes the count the one before
        // left to the count after it.
        var count = 0
        for (batch, rowsAfter) in applied.value {
            #expect(count - batch.deletes.count + batch.inserts.count == rowsAfter)
            count = rowsAfter
        }
        #expect(count == final.count)
        #expect(applied.value.count > 10)
    }

    @Test func nothingReachesTheListAfterTeardownReturns() throws {
        let model = LockedRows()
        let table = TableView()
        let recorder = TableViewRecorder(table)
        let rows = TableRows(table) { (cell, row: TableRowsTests.Row) in
            cell.text = row.title
            return []
        }
        let set = BindingSet()
        let binding = Binding(source: Property(model, \.rows), destination: rows)
        let trigger = TestTrigger()
        binding.addTrigger(trigger)
        set.add(binding)
        let stop = Locked(false)
        let firing = Thread {
            var step = 0
            while !stop.value {
                step += 1
                model.change { $0.append(TableRowsTests.Row(id: step, title: "\(step)")) }
                trigger.fire()
            }
        }
        firing.start()
        while recorder.batches.count < 5 { usleep(100) }
        set.removeAll()
        let batchesAtTeardown = recorder.batches.count
        usleep(20_000)
        #expect(recorder.batches.count == batchesAtTeardown)
        stop.withLock { $0 = true }
    }

    @Test func neitherTheTableNorItsCellsNorTheModelAreKeptAlive() throws {
        weak var weakTable: TableView?
        weak var weakCell: TableViewCell?
        weak var weakModel: TableRowsTests.Screen?
        var binding: AnyBinding?
        do {
            let table = TableView()
            let model = TableRowsTests.Screen()
            model.rows = [TableRowsTests.Row(id: 1, title: "a")]
            let rows = TableRows(table) { (cell, row: TableRowsTests.Row) in
                cell.text = row.title
                return []
            }
            binding = try Binding(source: Property(model, \.rows), destination: rows, triggers: .standard).updatingNow()
            weakTable = table
            weakCell = table.cellForRow(at: 0)
            weakModel = model
            #expect(weakCell != nil)
        }
        #expect(weakTable == nil)
        #expect(weakCell == nil)
        #expect(weakModel == nil)
        #expect(binding != nil)
    }
}
