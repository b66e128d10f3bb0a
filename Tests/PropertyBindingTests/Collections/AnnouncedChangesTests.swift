import Foundation
import Observation
import PropertyBindingControls
import PropertyBindingTesting
import Testing

@testable import PropertyBinding

/// How often rows asked an element for its id or compared two: what a diff costs.
final class DiffCalls: @unchecked Sendable {
    private let lock = NSLock()
    private var _ids = 0
    private var _comparisons = 0
    var ids: Int { lock.withLock { _ids } }
    var comparisons: Int { lock.withLock { _comparisons } }
    func countID() { lock.withLock { _ids += 1 } }
    func countComparison() { lock.withLock { _comparisons += 1 } }
    func reset() { lock.withLock { (_ids, _comparisons) = (0, 0) } }
}

/// A row that counts every look at its id and every comparison, in its test's `DiffCalls`.
struct CountedRow: Equatable, Identifiable, Sendable {
    let key: Int
    var title: String
    let calls: DiffCalls

    var id: Int {
        calls.countID()
        return key
    }

    static func == (lhs: CountedRow, rhs: CountedRow) -> Bool {
        lhs.calls.countComparison()
        return lhs.key == rhs.key && lhs.title == rhs.title
    }
}

/// An `ObservableArray` announces each change as a batch; `TableRows` bound to it take the batch
/// as it is, without a diff, and diff whenever they cannot account for what they show.
@Suite struct AnnouncedChangesTests {
    /// The batches an array announces, in order.
    static func heard<Element>(_ array: ObservableArray<Element>) -> Locked<[ListChanges]> {
        let heard = Locked<[ListChanges]>()
        _ = array.observe { heard.append($0) }
        return heard
    }

    @Test func everyMutatorAnnouncesItsExactBatch() {
        let letters = ObservableArray(["a", "b", "c"])
        let heard = Self.heard(letters)
        letters.append("d")
        letters.insert("x", at: 1)
        letters.remove(at: 0)
        letters.move(from: 0, to: 3)
        letters.move(from: 1, to: 1)  // nothing moves: nothing announced
        letters[2] = "D"
        letters.append(contentsOf: ["e", "f"])
        letters.append(contentsOf: [])  // nothing announced
        #expect(letters.elements == ["b", "c", "D", "x", "e", "f"])
        letters.replaceAll(with: ["p", "q"])
        letters.removeAll()
        letters.removeAll()  // already empty: nothing announced
        #expect(
            heard.value == [
                ListChanges(inserts: [3]),
                ListChanges(inserts: [1]),
                ListChanges(deletes: [0]),
                ListChanges(moves: [ListMove(from: 0, to: 3)]),
                ListChanges(reloads: [2]),
                ListChanges(inserts: [4, 5]),
                ListChanges(deletes: [0, 1, 2, 3, 4, 5], inserts: [0, 1]),
                ListChanges(deletes: [0, 1]),
            ])
        #expect(letters.elements.isEmpty)
    }

    @Test func aBatchAnnouncesItsChangesAsOneBatchThatGivesTheArray() {
        let letters = ObservableArray(["a", "b", "c", "d"])
        let heard = Self.heard(letters)
        let before = letters.elements
        let removed = letters.batch { batch in
            batch.move(from: 3, to: 0)
            batch.insert("x", at: 2)
            batch[4] = "C"  // "c", now at 4, changed: a reload
            batch.append("y")
            batch.insert("gone", at: 0)
            return batch.remove(at: 0)
        }
        #expect(removed == "gone")
        #expect(letters.elements == ["d", "a", "x", "b", "C", "y"])
        #expect(heard.value == [ListChanges(inserts: [2, 5], moves: [ListMove(from: 3, to: 0)], reloads: [2])])
        #expect(heard.value[0].applied(to: before, inserting: letters.elements) == letters.elements)
        letters.batch { batch in
            batch.insert("z", at: 0)
            batch.remove(at: 0)
        }
        #expect(heard.value.count == 1)  // changes that undo each other: nothing announced
    }

    @Test func aBatchThatThrowsChangesNothing() {
        struct Refused: Error {}
        let letters = ObservableArray(["a"])
        let heard = Self.heard(letters)
        #expect(throws: Refused.self) {
            try letters.batch { batch in
                batch.append("b")
                throw Refused()
            }
        }
        #expect(letters.elements == ["a"])
        #expect(heard.value.isEmpty)
    }

    @Test func changingTheArrayInsideItsOwnBatchIsAProgrammingError() async {
        await #expect(processExitsWith: .failure) {
            let letters = ObservableArray(["a"])
            letters.batch { _ in letters.append("b") }
        }
    }

    @Test func aListenerThatChangesTheArrayHearsBothBatchesInOrder() {
        let numbers = ObservableArray([1, 2])
        let heard = Locked<[ListChanges]>()
        _ = numbers.observe { changes in
            heard.append(changes)
            if numbers.count == 3 { numbers.remove(at: 0) }  // announced once this handler returns
        }
        numbers.append(3)
        #expect(heard.value == [ListChanges(inserts: [2]), ListChanges(deletes: [0])])
        #expect(numbers.elements == [2, 3])
    }

    @Test func anObservationEndsWhenRemoved() {
        let numbers = ObservableArray<Int>()
        let heard = Locked<[ListChanges]>()
        let observation = numbers.observe { heard.append($0) }
        #expect(numbers.observationCount == 1)
        numbers.removeObservation(observation)
        numbers.append(1)
        #expect(heard.value.isEmpty)
        #expect(numbers.observationCount == 0)
    }

    // MARK: Bound to rows

    static func rows(_ table: TableView) -> TableRows<CountedRow, Int, TableViewCell> {
        TableRows(table) { cell, row in
            cell.text = row.title
            return []
        }
    }

    static func counted(_ count: Int, _ calls: DiffCalls) -> [CountedRow] {
        (0..<count).map { CountedRow(key: $0, title: "r\($0)", calls: calls) }
    }

    @Test func boundRowsTakeEachAnnouncedBatchWithoutADiff() throws {
        let calls = DiffCalls()
        let array = ObservableArray(Self.counted(10_000, calls))
        let table = TableView(visibleRowCount: 10)
        let recorder = TableViewRecorder(table)
        let binding = try Binding(source: array, destination: Self.rows(table), triggers: .standard).updatingNow()
        calls.reset()
        recorder.removeAll()

        array.insert(CountedRow(key: -1, title: "new", calls: calls), at: 3)
        #expect(recorder.batches == [TableViewBatch(inserts: [3])])
        #expect(calls.ids == 0)
        #expect(calls.comparisons == 0)
        array.remove(at: 0)
        array.move(from: 9_000, to: 1)
        array[9_999].title = "last"
        array.batch { batch in
            batch.append(CountedRow(key: -2, title: "end", calls: calls))
            batch.remove(at: 5)
        }
        #expect(
            recorder.batches == [
                TableViewBatch(inserts: [3]), TableViewBatch(deletes: [0]),
                TableViewBatch(moves: [TableViewMove(from: 9_000, to: 1)]), TableViewBatch(reloads: [9_999]),
                TableViewBatch(deletes: [5], inserts: [9_999]),
            ])
        #expect(calls.ids == 0)
        #expect(calls.comparisons == 0)
        #expect(recorder.reloadCount == 0)
        #expect(table.numberOfRows == 10_000)
        #expect(table.visibleCells.map(\.text) == array.elements.prefix(10).map(\.title))
        withExtendedLifetime(binding) {}
    }

    @Test func aReplacementIsDiffedIntoTheSmallestBatch() throws {
        let calls = DiffCalls()
        let array = ObservableArray(Self.counted(5, calls))
        let table = TableView()
        let recorder = TableViewRecorder(table)
        let binding = try Binding(source: array, destination: Self.rows(table), triggers: .standard).updatingNow()
        recorder.removeAll()
        var replacement = array.elements
        replacement.remove(at: 1)
        array.replaceAll(with: replacement)
        #expect(recorder.batches == [TableViewBatch(deletes: [1])])
        array.append(CountedRow(key: 9, title: "after", calls: calls))  // announced again
        calls.reset()
        array.append(CountedRow(key: 10, title: "again", calls: calls))
        #expect(calls.ids == 0)
        #expect(table.visibleCells.map(\.text) == array.elements.map(\.title))
        withExtendedLifetime(binding) {}
    }

    @Test func rowsDiffWhatTheyCannotAccountFor() throws {
        let calls = DiffCalls()
        let array = ObservableArray(Self.counted(6, calls))
        let table = TableView()
        let rows = Self.rows(table)
        // Registered before the binding's trigger, so that it changes the array again before
        // the binding hears the change: two batches reach the binding at once.
        let observation = array.observe { _ in if array.count == 8 { array.remove(at: 0) } }
        let binding = try Binding(source: array, destination: rows, triggers: .standard).updatingNow()
        func shown() -> [String] { table.visibleCells.map(\.text) }

        // Another source writes the rows: the next announced batch is not theirs to take.
        try rows.write(Array(array.elements.reversed()))
        calls.reset()
        array.append(CountedRow(key: 6, title: "r6", calls: calls))
        #expect(calls.ids > 0)
        #expect(shown() == array.elements.map(\.title))

        // Batches missed: the listener makes a second batch before the binding hears the first.
        calls.reset()
        array.append(CountedRow(key: 7, title: "r7", calls: calls))
        #expect(calls.ids > 0)
        #expect(shown() == array.elements.map(\.title))
        array.removeObservation(observation)

        // In step again: the next batch is taken as announced.
        calls.reset()
        array.remove(at: 0)
        #expect(calls.ids == 0)
        #expect(shown() == array.elements.map(\.title))
        withExtendedLifetime(binding) {}
    }

    @Test func aTransformerBetweenArrayAndRowsMeansADiff() throws {
        let calls = DiffCalls()
        let array = ObservableArray(Self.counted(4, calls))
        let table = TableView()
        let recorder = TableViewRecorder(table)
        let reversed = array.map { Array($0.reversed()) }
        let binding = try Binding(source: reversed, destination: Self.rows(table), triggers: .standard).updatingNow()
        recorder.removeAll()
        array.insert(CountedRow(key: 9, title: "new", calls: calls), at: 0)
        #expect(recorder.batches == [TableViewBatch(inserts: [4])])  // at the end of the reversed rows
        #expect(table.visibleCells.map(\.text) == array.elements.reversed().map(\.title))
        withExtendedLifetime(binding) {}
    }

    /// An element whose title a cell binds to, told apart by its id.
    final class Item: KeyPathObservable, Equatable, @unchecked Sendable {
        let keyPathObservers = KeyPathObservers()
        let key: Int
        let calls: DiffCalls
        @Announced var title: String
        var id: Int {
            calls.countID()
            return key
        }
        init(_ key: Int, _ title: String, _ calls: DiffCalls) {
            self.key = key
            self.title = title
            self.calls = calls
        }
        static func == (lhs: Item, rhs: Item) -> Bool { lhs === rhs }
    }

    @Test func randomAnnouncedChangesKeepRowsCellsAndRowBindingsInStep() throws {
        var random = SplitMix64(seed: 28_04)
        let calls = DiffCalls()
        var nextKey = 0
        func item() -> Item {
            defer { nextKey += 1 }
            return Item(nextKey, "item \(nextKey)", calls)
        }
        let array = ObservableArray((0..<30).map { _ in item() })
        let table = TableView(visibleRowCount: 8)
        let rows = TableRows(table, id: \.id) { (cell: TableViewCell, element: Item) in
            [
                try Binding(
                    source: Property(element, \.title), destination: Property(cell, \.text), triggers: .standard
                )
                .updatingNow()
            ]
        }
        let binding = try Binding(source: array, destination: rows, triggers: .standard).updatingNow()
        let recorder = TableViewRecorder(table)
        var diffedSteps = 0
        var replacements = 0
        for step in 0..<400 {
            calls.reset()
            let count = array.count
            var replaced = false
            switch random.below(count == 0 ? 2 : 9) {
            case 0: array.insert(item(), at: random.below(count + 1))
            case 1: array.append(contentsOf: (0..<random.below(3)).map { _ in item() })
            case 2: array.remove(at: random.below(count))
            case 3: array.move(from: random.below(count), to: random.below(count))
            case 4: array[random.below(count)] = item()
            case 5: array[random.below(count)].title = "edited \(step)"
            case 6: table.scroll(toRow: random.below(count))
            case 7:
                array.batch { batch in
                    for _ in 0..<random.below(4) {
                        switch random.below(4) {
                        case 0: batch.insert(item(), at: random.below(batch.count + 1))
                        case 1 where batch.count > 0: batch.remove(at: random.below(batch.count))
                        case 2 where batch.count > 0:
                            batch.move(from: random.below(batch.count), to: random.below(batch.count))
                        case 3 where batch.count > 0: batch[random.below(batch.count)] = item()
                        default: break
                        }
                    }
                }
            default:
                replaced = true
                array.replaceAll(
                    with: Array(array.elements.shuffled(using: &random).dropLast(random.below(3))) + [item()])
            }
            if calls.ids > 0 { diffedSteps += 1 }
            if replaced { replacements += 1 }
            #expect(replaced || calls.ids == 0, "step \(step) diffed")
            let elements = array.elements
            #expect(table.numberOfRows == elements.count, "step \(step)")
            #expect(table.visibleCells.map(\.text) == elements[table.visibleRows].map(\.title), "step \(step)")
            #expect(rows.rowBindings.count == table.visibleRows.count, "step \(step)")
            #expect(elements.reduce(0) { $0 + $1.keyPathObservers.count } == table.visibleRows.count, "step \(step)")
        }
        #expect(recorder.reloadCount == 0)  // every batch fitted: none was refused
        #expect(diffedSteps <= replacements)  // only a replacement is diffed
        #expect(replacements > 10)
        withExtendedLifetime(binding) {}
    }

    // MARK: Triggers, teardown, lifetimes

    @Test func theStandardRegistryInfersTheArraysTrigger() throws {
        let array = ObservableArray([1])
        let triggers = try TriggerRegistry.standard.triggers(for: array)
        #expect(triggers.count == 1)
        #expect(triggers.first is ObservableArrayTrigger)
        let sum = ObservableArray<Int>()
        let total = Setter(sum) { (sum: ObservableArray<Int>, value: Int) in sum.replaceAll(with: [value]) }
        let binding = try Binding(source: array.map { $0.reduce(0, +) }, destination: total, triggers: .standard)
        array.append(2)
        #expect(sum.elements == [3])
        withExtendedLifetime(binding) {}
    }

    @Test func afterTeardownNothingReachesTheTable() throws {
        let array = ObservableArray(["a"])
        let table = TableView()
        let recorder = TableViewRecorder(table)
        let rows = TableRows(table, id: \.self) { (cell: TableViewCell, text: String) in
            cell.text = text
            return []
        }
        let set = BindingSet()
        set.add(try Binding(source: array, destination: rows, triggers: .standard).updatingNow())
        let invalidated = try Binding(source: array, destination: rows, triggers: .standard)
        #expect(array.observationCount == 2)
        invalidated.invalidate()
        set.removeAll()
        #expect(array.observationCount == 0)
        recorder.removeAll()
        array.append("b")
        array[0] = "A"
        #expect(recorder.changes.isEmpty)
        #expect(table.visibleCells.map(\.text) == ["a"])
    }

    final class PeopleModel: @unchecked Sendable {
        let people = ObservableArray(["Ann", "Bob"])
    }

    @Test func theBindingKeepsNeitherTheArraysOwnerNorTheTableAlive() throws {
        weak var weakModel: PeopleModel?
        weak var weakTable: TableView?
        let array: ObservableArray<String>
        let binding: AnyBinding
        do {
            let model = PeopleModel()
            let table = TableView()
            let rows = TableRows(table, id: \.self) { (cell: TableViewCell, name: String) in
                cell.text = name
                return []
            }
            binding = try Binding(source: model.people, destination: rows, triggers: .standard).updatingNow()
            array = model.people
            weakModel = model
            weakTable = table
            #expect(table.numberOfRows == 2)
        }
        #expect(weakModel == nil)
        #expect(weakTable == nil)
        binding.onError = { _ in }
        array.append("Cy")  // the table is gone: the binding ends, and stops observing
        #expect(!binding.isValid)
        #expect(array.observationCount == 0)
    }

    // MARK: Other array properties

    final class Screen: KeyPathObservable, @unchecked Sendable {
        let keyPathObservers = KeyPathObservers()
        @Announced var rows: [TableRowsTests.Row] = []
    }

    @Test func aKeyPathObservableArrayPropertyIsDiffed() throws {
        let screen = Screen()
        let table = TableView()
        let recorder = TableViewRecorder(table)
        let rows = TableRows(table) { (cell: TableViewCell, row: TableRowsTests.Row) in
            cell.text = row.title
            return []
        }
        let binding = try Binding(source: Property(screen, \.rows), destination: rows, triggers: .standard)
        screen.rows = [.init(id: 1, title: "a"), .init(id: 2, title: "b")]
        screen.rows.swapAt(0, 1)
        #expect(
            recorder.batches == [
                TableViewBatch(inserts: [0, 1]), TableViewBatch(moves: [TableViewMove(from: 1, to: 0)]),
            ])
        #expect(table.visibleCells.map(\.text) == ["b", "a"])
        withExtendedLifetime(binding) {}
    }

    @MainActor @Test func anObservableArrayPropertyIsDiffed() async throws {
        let shelf = ObservedShelf()
        let table = TableView()
        let rows = TableRows(table) { (cell: TableViewCell, row: TableRowsTests.Row) in
            cell.text = row.title
            return []
        }
        let binding = try Binding(source: Property(shelf, \.rows), destination: rows, triggers: .standard)
        shelf.rows = [.init(id: 1, title: "a"), .init(id: 2, title: "b")]
        #expect(await eventually { table.visibleCells.map(\.text) == ["a", "b"] })
        shelf.rows.remove(at: 0)
        #expect(await eventually { table.visibleCells.map(\.text) == ["b"] })
        withExtendedLifetime(binding) {}
    }
}

@Observable final class ObservedShelf: @unchecked Sendable {
    var rows: [TableRowsTests.Row] = []
}

/// An `ObservableArray` changed from two threads while bound to a table.
@Suite struct AnnouncedChangesThreadTests {
    @Test func twoThreadsChangingTheArrayGiveWholeBatchesInOrder() throws {
        let array = ObservableArray<TableRowsTests.Row>()
        let table = TableView(visibleRowCount: 40)
        let applied = Locked<[(batch: TableViewBatch, rowsAfter: Int)]>()
        let rows = TableRows(table) { (cell, row: TableRowsTests.Row) in
            cell.text = row.title
            return []
        }
        table.onBatch = { [weak table] batch in applied.append((batch, table?.numberOfRows ?? -1)) }
        let binding = try Binding(source: array, destination: rows, triggers: .standard).updatingNow()
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
            for step in 0..<300 {
                let id = thread * 1_000 + step
                switch step % 5 {
                // Each thread changes the count by one at most between a look and a change.
                case 2 where array.count > 2: array.remove(at: 0)
                case 3 where array.count > 2: array.move(from: 0, to: 1)
                case 4 where array.count > 2: array[0] = TableRowsTests.Row(id: id, title: "\(thread).\(step)")
                default: array.append(TableRowsTests.Row(id: id, title: "\(thread).\(step)"))
                }
            }
        }
        let final = array.elements
        #expect(table.numberOfRows == final.count)
        #expect(table.visibleCells.map(\.text) == final.prefix(40).map(\.title))
        var count = 0
        for (batch, rowsAfter) in applied.value {
            #expect(count - batch.deletes.count + batch.inserts.count == rowsAfter)
            count = rowsAfter
        }
        #expect(count == final.count)
        #expect(applied.value.count > 10)
        withExtendedLifetime(binding) {}
    }

    @Test func nothingReachesTheTableAfterTeardownReturns() throws {
        let array = ObservableArray<Int>()
        let table = TableView()
        let recorder = TableViewRecorder(table)
        let rows = TableRows(table, id: \.self) { (cell: TableViewCell, number: Int) in
            cell.text = "\(number)"
            return []
        }
        let set = BindingSet()
        set.add(try Binding(source: array, destination: rows, triggers: .standard))
        let started = DispatchSemaphore(value: 0)
        let stop = Locked(false)
        let done = DispatchSemaphore(value: 0)
        Thread {
            var step = 0
            var afterStop = 0
            while afterStop < 200 {
                step += 1
                array.append(step)
                if step == 5 { started.signal() }
                if stop.value { afterStop += 1 }
            }
            done.signal()
        }.start()
        started.wait()
        set.removeAll()
        let batchesAtTeardown = recorder.batches.count
        stop.withLock { $0 = true }
        done.wait()
        #expect(recorder.batches.count == batchesAtTeardown)
        #expect(array.observationCount == 0)
    }
}
