import Foundation
import PropertyBindingControls
import PropertyBindingTesting
import Testing

@testable import PropertyBinding

/// A list's selection kept by element id: through inserts, deletes, moves, sorts, filters and
/// reloads; bindable; driven by the table's taps.
@Suite struct ListSelectionTests {
    typealias Row = TableRowsTests.Row
    typealias Screen = TableRowsTests.Screen

    /// What a binding over the selection writes.
    final class Chosen: KeyPathObservable, @unchecked Sendable {
        let keyPathObservers = KeyPathObservers()
        var row: Row?
        var ids: [Int] = []
    }

    static func rows(_ table: TableView) -> TableRows<Row, Int, TableViewCell> {
        TableRows(table) { (cell, row: Row) in
            cell.text = row.title
            return []
        }
    }

    static func screen(_ ids: [Int]) -> Screen {
        let screen = Screen()
        screen.rows = ids.map { Row(id: $0, title: "\($0)") }
        return screen
    }

    @Test func aTappedRowFollowsItsElementThroughInsertsMovesAndDeletes() throws {
        let screen = Self.screen([1, 2, 3, 4])
        let table = TableView()
        let rows = Self.rows(table)
        let binding = try Binding(source: Property(screen, \.rows), destination: rows, triggers: .standard)
            .updatingNow()
        table.simulateRowSelection(2)
        #expect(rows.selection.ids == [3])
        screen.rows.insert(Row(id: 9, title: "9"), at: 0)  // 3 moves down to row 3
        #expect(table.selectedRows == [3])
        #expect(rows.selection.rows == [3])
        screen.rows = [screen.rows[3], screen.rows[0], screen.rows[1], screen.rows[2], screen.rows[4]]  // to the top
        #expect(table.selectedRow == 0)
        #expect(rows.selection.element?.id == 3)
        screen.rows.removeAll { $0.id == 3 }
        #expect(rows.selection.ids.isEmpty)
        #expect(rows.selection.element == nil)
        #expect(table.selectedRows.isEmpty)
        _ = binding
    }

    @Test func aSelectedRowReloadedWithNewContentIsAnnouncedWithIt() throws {
        let screen = Self.screen([1, 2, 3])
        let table = TableView()
        let rows = Self.rows(table)
        let chosen = Chosen()
        let bindings = BindingSet()
        bindings.add(
            try Binding(source: Property(screen, \.rows), destination: rows, triggers: .standard).updatingNow())
        bindings.add(
            try Binding(
                source: Property(rows.selection, \.element), destination: Property(chosen, \.row), triggers: .standard))
        table.simulateRowSelection(1)
        #expect(chosen.row == Row(id: 2, title: "2"))
        screen.rows[1].title = "two"  // a reload of the selected row
        #expect(chosen.row == Row(id: 2, title: "two"))
        #expect(table.selectedRow == 1)
        screen.rows.remove(at: 1)
        #expect(chosen.row == nil)
    }

    @Test func multipleSelectionExtendsByTapAndKeepsTheOrderOfSelecting() throws {
        let screen = Self.screen([1, 2, 3, 4, 5])
        let table = TableView()
        table.allowsMultipleSelection = true
        let rows = Self.rows(table)
        let chosen = Chosen()
        let bindings = BindingSet()
        bindings.add(
            try Binding(source: Property(screen, \.rows), destination: rows, triggers: .standard).updatingNow())
        bindings.add(
            try Binding(
                source: Property(rows.selection, \.ids), destination: Property(chosen, \.ids), triggers: .standard))
        table.simulateRowSelection(3)
        table.simulateRowSelection(0, extendingSelection: true)
        table.simulateRowSelection(2, extendingSelection: true)
        #expect(table.selectedRows == [0, 2, 3])
        #expect(chosen.ids == [4, 1, 3])
        table.simulateRowSelection(0, extendingSelection: true)  // ⌘-click on a selected row
        #expect(chosen.ids == [4, 3])
        screen.rows.reverse()
        #expect(table.selectedRows == [1, 2])
        #expect(rows.selection.elements.map(\.id) == [4, 3])
        table.simulateRowSelection(0)  // a plain tap selects one row
        #expect(chosen.ids == [5])
        table.simulateRowDeselection()
        #expect(chosen.ids.isEmpty)
    }

    @Test func aTableThatDoesNotAllowSeveralRowsSelectsOne() throws {
        let screen = Self.screen([1, 2, 3])
        let table = TableView()
        let rows = Self.rows(table)
        let binding = try Binding(source: Property(screen, \.rows), destination: rows, triggers: .standard)
            .updatingNow()
        table.simulateRowSelection(0)
        table.simulateRowSelection(2, extendingSelection: true)
        #expect(table.selectedRows == [2])
        #expect(rows.selection.ids == [3])
        _ = binding
    }

    @Test func writingTheSelectionSelectsRowsByCodeWithoutAnEvent() throws {
        let screen = Self.screen([1, 2, 3, 4])
        let table = TableView()
        table.allowsMultipleSelection = true
        let rows = Self.rows(table)
        let binding = try Binding(source: Property(screen, \.rows), destination: rows, triggers: .standard)
            .updatingNow()
        var events = 0
        let counter = EventCounter { events += 1 }
        _ = table.addTarget(counter, action: EventCounter.fired, for: .valueChanged)
        rows.selection.ids = [4, 2, 99]  // 99 is not shown: left out
        #expect(rows.selection.ids == [4, 2])
        #expect(table.selectedRows == [1, 3])
        #expect(events == 0)
        #expect(throws: ListSelectionError.notShown(["7"])) { try rows.selection.select([1, 7]) }
        #expect(rows.selection.ids == [4, 2])  // refused whole
        rows.selection.element = screen.rows[0]
        #expect(table.selectedRows == [0])
        rows.selection.elements = [screen.rows[3], screen.rows[2]]
        #expect(rows.selection.ids == [4, 3])
        rows.selection.removeAll()
        #expect(table.selectedRows.isEmpty)
        _ = binding
    }

    @Test func theSelectionFollowsASortAndAFilterOfAnArrangedArray() throws {
        let people = ObservableArray([
            Arrangee(id: 1, name: "Cy", age: 30), Arrangee(id: 2, name: "Al", age: 50),
            Arrangee(id: 3, name: "Bo", age: 40),
        ])
        let arranged = ArrangedArray(people, sortedBy: [KeyPathComparator(\.name)])
        let table = TableView()
        table.allowsMultipleSelection = true
        let rows = TableRows(table) { (cell: TableViewCell, person: Arrangee) in
            cell.text = person.name
            return []
        }
        let binding = try Binding(source: arranged, destination: rows, triggers: .standard).updatingNow()
        table.simulateRowSelection(0)  // Al
        table.simulateRowSelection(2, extendingSelection: true)  // Cy
        arranged.setSortOrder([KeyPathComparator(\.age)])  // Cy, Bo, Al
        #expect(table.selectedRows == [0, 2])
        #expect(rows.selection.ids == [2, 1])
        arranged.setFilter { $0.age < 45 }  // Cy, Bo: Al leaves
        #expect(rows.selection.ids == [1])
        #expect(table.selectedRows == [0])
        arranged.setFilter(nil)  // Al is back, not selected again
        #expect(rows.selection.ids == [1])
        people[0].age = 60  // Cy moves to the end
        #expect(table.selectedRows == [2])
        _ = binding
    }

    @Test func aReloadOfTheWholeListKeepsTheSelectionByID() throws {
        let people = ObservableArray([Row(id: 1, title: "a"), Row(id: 2, title: "b"), Row(id: 3, title: "c")])
        let table = TableView()
        let rows = Self.rows(table)
        let binding = try Binding(source: people, destination: rows, triggers: .standard).updatingNow()
        table.simulateRowSelection(1)
        people.replaceAll(with: [
            Row(id: 3, title: "c"), Row(id: 0, title: "z"), Row(id: 1, title: "a"), Row(id: 2, title: "b"),
        ])
        #expect(table.selectedRows == [3])
        #expect(rows.selection.ids == [2])
        _ = binding
    }

    @Test func aBatchTheListRefusesReloadsItAndTheSelectionIsShownAgain() throws {
        let screen = Self.screen([1, 2, 3])
        let list = RefusingList()
        let rows = TableRows(list, id: \Row.id, cell: TableViewCell.self) { _, _ in [] }
        let binding = try Binding(source: Property(screen, \.rows), destination: rows, triggers: .standard)
            .updatingNow()
        rows.listDidSelectRows([2])
        screen.rows.insert(Row(id: 0, title: "0"), at: 0)
        #expect(list.reloads == 3)  // made, the first write, the insert
        #expect(list.selectedRowIndices == [3])
        _ = binding
    }

    /// A table of `Arrangee`s (classes) with several rows selectable, bound to `people`.
    static func classRows(_ table: TableView) -> TableRows<Arrangee, Int, TableViewCell> {
        TableRows(table) { (cell: TableViewCell, person: Arrangee) in
            cell.text = person.name
            return []
        }
    }

    static func people() -> ObservableArray<Arrangee> {
        ObservableArray([
            Arrangee(id: 1, name: "A", age: 30), Arrangee(id: 2, name: "B", age: 20),
            Arrangee(id: 3, name: "C", age: 10),
        ])
    }

    @Test func anEditReloadsItsRowEvenWhenAnUnrelatedBatchHappensWhileItRuns() throws {
        let people = Self.people()
        let table = TableView()
        let rows = Self.classRows(table)
        let list = try Binding(source: people, destination: rows, triggers: .standard).updatingNow()
        let recorder = TableViewRecorder(table)
        table.simulateRowSelection(0)
        let ann = people[0]
        rows.selection.edit([ann]) {
            ann.name = "Ann"
            people.append(Arrangee(id: 9, name: "Z", age: 0))  // an insert elsewhere
        }
        #expect(recorder.batches.map(\.description) == ["insert [3]", "reload [0]"])
        #expect(table.cellForRow(at: 0)?.text == "Ann")
        // A batch that reloads the edited row shows it: no second reload.
        recorder.removeAll()
        rows.selection.edit([ann]) {
            ann.name = "Anna"
            people[0] = ann  // the array announces a reload of row 0
        }
        #expect(recorder.batches.map(\.description) == ["reload [0]"])
        #expect(table.cellForRow(at: 0)?.text == "Anna")
        withExtendedLifetime(list) {}
    }

    @Test func anEditOfSeveralArrangedElementsIsOneBatch() throws {
        let people = Self.people()
        let arranged = ArrangedArray(people, sortedBy: [KeyPathComparator(\.name)])
        let table = TableView()
        table.allowsMultipleSelection = true
        let rows = Self.classRows(table)
        rows.selection.rearranges(with: arranged)
        let list = try Binding(source: arranged, destination: rows, triggers: .standard).updatingNow()
        let recorder = TableViewRecorder(table)
        try rows.selection.select([1, 2, 3])
        let selected = SelectedElements(rows.selection).value(\.score)
        try selected.write(5)  // not a key the arranged array sorts or observes
        #expect(recorder.batches.map(\.description) == ["reload [0, 1, 2]"])
        recorder.removeAll()
        // Edits inside an edit join it: one batch at the end.
        let scores = SelectedElements(rows.selection).value(\.score)
        rows.selection.edit(rows.selection.elements) {
            try? scores.write(6)
            try? scores.write(7)
        }
        #expect(recorder.batches.map(\.description) == ["reload [0, 1, 2]"])
        #expect(people.map(\.score) == [7, 7, 7])
        withExtendedLifetime(list) {}
    }

    @Test func aSelectionSetOnTheTableByCodeIsTheRowsSelectionToo() throws {
        let people = Self.people()
        let table = TableView()
        table.allowsMultipleSelection = true
        let rows = Self.classRows(table)
        let list = try Binding(source: people, destination: rows, triggers: .standard).updatingNow()
        var events = 0
        let counter = EventCounter { events += 1 }
        _ = table.addTarget(counter, action: EventCounter.fired, for: .valueChanged)
        table.simulateRowSelection(0)
        events = 0
        table.selectedRows = [2, 1]  // by code
        #expect(rows.selection.ids == [2, 3])
        #expect(events == 0)
        people.insert(Arrangee(id: 9, name: "Z", age: 0), at: 0)  // the next batch keeps it
        #expect(table.selectedRows == [2, 3])
        #expect(rows.selection.rows == [2, 3])
        table.selectedRow = 0
        #expect(rows.selection.ids == [9])
        withExtendedLifetime(list) {}
    }

    @Test func aReloadOfTheTableShowsTheRowsSelectionAgain() throws {
        let people = Self.people()
        let table = TableView()
        table.allowsMultipleSelection = true
        let rows = Self.classRows(table)
        let list = try Binding(source: people, destination: rows, triggers: .standard).updatingNow()
        table.simulateRowSelection(0)
        table.simulateRowSelection(2, extendingSelection: true)
        table.reloadData()
        #expect(table.selectedRows == [0, 2])
        #expect(rows.selection.rows == table.selectedRows)
        #expect(rows.selection.ids == [1, 3])
        withExtendedLifetime(list) {}
    }

    @Test func severalIDsWrittenToASingleSelectionTableKeepTheFirstAndSelectThrows() throws {
        let people = Self.people()
        let table = TableView()  // one row at a time
        let rows = Self.classRows(table)
        let list = try Binding(source: people, destination: rows, triggers: .standard).updatingNow()
        rows.selection.ids = [3, 1]
        #expect(rows.selection.ids == [3])
        #expect(table.selectedRows == [2])
        #expect(throws: ListSelectionError.multipleSelectionNotAllowed(["1", "2"])) {
            try rows.selection.select([1, 2])
        }
        #expect(rows.selection.ids == [3])  // left as it was
        table.selectedRows = [0, 1]  // the table keeps one too
        #expect(table.selectedRows == [0])
        #expect(rows.selection.ids == [1])
        withExtendedLifetime(list) {}
    }

    /// The selection, kept through 10,000 random edits of an arranged array (inserts, deletes,
    /// moves, key changes, sorts, filters, whole replacements) and random taps, checked against a
    /// reference at every step: ids, elements, the table's rows, and what a binding heard.
    @Test func selectionKeptThrough10000RandomEditsMatchesAReference() throws {
        var random = SplitMix64(seed: 35)
        var nextID = 0
        func person() -> Arrangee {
            nextID += 1
            return Arrangee(
                id: nextID, name: String(UnicodeScalar(UInt8(65 + random.below(26)))), age: random.below(90))
        }
        let people = ObservableArray((0..<30).map { _ in person() })
        let arranged = ArrangedArray(people, sortedBy: [], rearrangingOn: [\.age])
        let table = TableView(visibleRowCount: 8)
        table.allowsMultipleSelection = true
        let rows = TableRows(table) { (cell: TableViewCell, person: Arrangee) in
            cell.text = "\(person.id)"
            return []
        }
        let chosen = Chosen()
        let bindings = BindingSet()
        bindings.add(try Binding(source: arranged, destination: rows, triggers: .standard).updatingNow())
        bindings.add(
            try Binding(
                source: Property(rows.selection, \.ids), destination: Property(chosen, \.ids), triggers: .standard))
        var reference: [Int] = []
        let orders: [[any SortComparator<Arrangee>]] = [
            [], [KeyPathComparator(\Arrangee.age)], [KeyPathComparator(\Arrangee.name, order: .reverse)],
            [KeyPathComparator(\Arrangee.age, order: .reverse), KeyPathComparator(\Arrangee.name)],
        ]
        for step in 0..<10_000 {
            let shown = arranged.elements
            switch random.below(12) {
            case 0, 1: people.insert(person(), at: random.below(people.count + 1))
            case 2: if !people.isEmpty { _ = people.remove(at: random.below(people.count)) }
            case 3: if !people.isEmpty { people.move(from: random.below(people.count), to: random.below(people.count)) }
            case 4: if !people.isEmpty { people[random.below(people.count)].age = random.below(90) }
            case 5: arranged.setSortOrder(orders[random.below(orders.count)])
            case 6:
                let threshold = random.below(4) == 0 ? nil : random.below(60)
                arranged.setFilter(threshold.map { threshold in { $0.age >= threshold } })
            case 7:
                var replaced = people.elements.filter { _ in random.below(5) != 0 }
                replaced.shuffle(using: &random)
                replaced.append(person())
                people.replaceAll(with: replaced)
            case 8, 9:
                guard !shown.isEmpty else { break }
                let row = random.below(shown.count)
                table.simulateRowSelection(row)
                reference = [shown[row].id]
            case 10:
                guard !shown.isEmpty else { break }
                let row = random.below(shown.count)
                table.simulateRowSelection(row, extendingSelection: true)
                let id = shown[row].id
                if reference.contains(id) { reference.removeAll { $0 == id } } else { reference.append(id) }
            default:
                let ids = shown.filter { _ in random.below(6) == 0 }.map(\.id) + [-1]
                rows.selection.ids = ids
                reference = ids.filter { $0 != -1 }
            }
            let now = arranged.elements
            let index = Dictionary(now.enumerated().map { ($0.element.id, $0.offset) }) { first, _ in first }
            reference.removeAll { index[$0] == nil }
            let expectedRows = reference.map { index[$0]! }.sorted()
            guard rows.selection.ids == reference, table.selectedRows == expectedRows,
                rows.selection.rows == expectedRows, rows.selection.elements.map(\.id) == reference,
                chosen.ids == reference, table.numberOfRows == now.count
            else {
                Issue.record(
                    "step \(step): ids \(rows.selection.ids), table \(table.selectedRows), heard \(chosen.ids); expected \(reference) at \(expectedRows)"
                )
                return
            }
        }
    }
}

/// A list that refuses every batch, so that the rows reload it; it shows a selection.
final class RefusingList: SelectableRowListView {
    struct Refused: Error {}
    private weak var source: (any RowSource)?
    private(set) var reloads = 0
    private(set) var selectedRowIndices: [Int] = []
    func setRowSource(_ source: (any RowSource)?) {
        self.source = source
        reloadRows()
    }
    func reloadRows() {
        reloads += 1
        selectedRowIndices = []
    }
    func performRowBatch(_ changes: ListChanges) throws { throw Refused() }
    func selectRows(_ rows: [Int]) { selectedRowIndices = rows }
}

/// A target that counts the actions it is sent.
final class EventCounter {
    let count: () -> Void
    init(_ count: @escaping () -> Void) { self.count = count }
    func fired() { count() }
}

/// The selection under threads, and its lifetime, as the rows'.
@Suite struct ListSelectionThreadTests {
    @Test func theSelectionKeepsNeitherItsRowsNorItsTableNorItsElementsAlive() throws {
        weak var weakTable: TableView?
        weak var weakRows: TableRows<TableRowsTests.Row, Int, TableViewCell>?
        weak var weakSelection: ListSelection<TableRowsTests.Row, Int>?
        var selection: ListSelection<TableRowsTests.Row, Int>?
        do {
            let table = TableView()
            let screen = ListSelectionTests.screen([1, 2, 3])
            let rows = ListSelectionTests.rows(table)
            let binding = try Binding(source: Property(screen, \.rows), destination: rows, triggers: .standard)
                .updatingNow()
            table.simulateRowSelection(1)
            selection = rows.selection
            weakTable = table
            weakRows = rows
            weakSelection = rows.selection
            withExtendedLifetime(binding) {}
        }
        #expect(weakTable == nil)
        #expect(weakRows == nil)
        // Kept by the caller, it outlives its rows: it still reads, and selects nothing more.
        #expect(selection?.ids == [2])
        selection?.ids = [1]
        #expect(selection?.ids == [])
        selection = nil
        #expect(weakSelection == nil)
    }

    @Test func aKeptSelectionKeepsNoElementOfClassAliveOnceItsRowsAreGone() throws {
        weak var weakBob: Arrangee?
        var selection: ListSelection<Arrangee, Int>?
        do {
            let people = ListSelectionTests.people()
            let table = TableView()
            let rows = ListSelectionTests.classRows(table)
            let binding = try Binding(source: people, destination: rows, triggers: .standard).updatingNow()
            table.simulateRowSelection(1)
            selection = rows.selection
            weakBob = people[1]
            #expect(selection?.elements.map(\.name) == ["B"])
            withExtendedLifetime(binding) {}
        }
        #expect(weakBob == nil)
        #expect(selection?.ids == [2])
        #expect(selection?.elements.isEmpty == true)
        #expect(selection?.element == nil)
        selection = nil
    }

    @Test func theSelectionFollowsRowsChangedFromTwoThreadsWhileAThirdReadsIt() throws {
        let model = TableRowsThreadTests.LockedRows()
        model.rows = [TableRowsTests.Row(id: -1, title: "pinned"), TableRowsTests.Row(id: -2, title: "kept")]
        let table = TableView(visibleRowCount: 40)
        table.allowsMultipleSelection = true
        let rows = TableRows(table) { (cell, row: TableRowsTests.Row) in
            cell.text = row.title
            return []
        }
        let binding = Binding(source: Property(model, \.rows), destination: rows)
        binding.update()
        table.simulateRowSelection(1)
        table.simulateRowSelection(0, extendingSelection: true)
        let stop = Locked(false)
        let inconsistent = Locked(0)
        let finished = DispatchSemaphore(value: 0)
        let reader = Thread {
            defer { finished.signal() }
            while !stop.value {
                let selection = rows.selection
                let ids = selection.ids
                let elements = selection.elements
                if !(ids.isEmpty || ids == [-2, -1]) || !(elements.isEmpty || elements.map(\.id) == [-2, -1]) {
                    inconsistent.withLock { $0 += 1 }
                }
            }
        }
        reader.start()
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
            for step in 0..<300 {
                model.change { rows in
                    switch step % 4 {
                    case 3 where rows.count > 2: rows.removeLast()
                    case 2: rows.swapAt(0, 1)
                    default:
                        rows.insert(
                            TableRowsTests.Row(id: thread * 1_000 + step, title: "\(step)"), at: rows.count / 2 + 1)
                    }
                }
                binding.update()
            }
        }
        stop.withLock { $0 = true }
        finished.wait()
        binding.update()
        let final = model.rows
        #expect(rows.selection.ids == [-2, -1])
        let expected = final.indices.filter { final[$0].id < 0 }
        #expect(table.selectedRows == expected)
        #expect(rows.selection.rows == expected)
        #expect(inconsistent.value == 0)
    }
}
