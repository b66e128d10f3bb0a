import Foundation
import PropertyBinding
import PropertyBindingControls
import PropertyBindingTesting
import Testing

/// When the bindings of a list's rows start and end: with their row, whatever the `bind` closure
/// does to its element, whichever set holds them, and with the list itself.
@Suite struct RowLifetimeTests {
    /// A message of an inbox: a row marks it as seen when it shows it.
    struct Message: Equatable, Identifiable {
        let id: Int
        var title: String
        var isSeen = false
    }

    final class Inbox: KeyPathObservable, @unchecked Sendable {
        let keyPathObservers = KeyPathObservers()
        @Announced var messages: [Message] = []
        @Announced var folder = "Inbox"

        init(count: Int) {
            messages = (0..<count).map { Message(id: $0, title: "m\($0)") }
        }

        /// Marks the message of `id` as seen, as a row does when it shows it.
        func markSeen(_ id: Int) {
            guard let index = messages.firstIndex(where: { $0.id == id }), !messages[index].isSeen else { return }
            messages[index].isSeen = true
        }
    }

    /// Rows that show each message, mark it as seen, and bind the cell's detail to the folder;
    /// every failure of a row's binding goes to `failures`.
    static func seenRows(
        _ table: TableView, _ inbox: Inbox, failures: Locked<[BindingFailure]>, set: BindingSet? = nil
    ) -> TableRows<Message, Int, TableViewCell> {
        TableRows(table) { [weak inbox] cell, message in
            guard let inbox else { return [] }
            cell.text = message.title + (message.isSeen ? " ✓" : "")
            inbox.markSeen(message.id)
            let folder = try Binding(
                source: Property(inbox, \.folder), destination: Property(cell, \.detailText), triggers: .standard
            ).updatingNow()
            folder.onError = { failures.append($0) }
            set?.add(folder)
            return [folder]
        }
    }

    @Test func aRowThatMarksItsElementSeenShowsItWithoutAFailure() throws {
        let inbox = Inbox(count: 20)
        let table = TableView(visibleRowCount: 5)
        let failures = Locked<[BindingFailure]>()
        let rows = Self.seenRows(table, inbox, failures: failures)
        let showMessages = try Binding(source: Property(inbox, \.messages), destination: rows, triggers: .standard)
        showMessages.onError = { failures.append($0) }
        showMessages.update()
        #expect(failures.value.isEmpty)
        #expect(inbox.messages.map(\.isSeen) == (0..<20).map { $0 < 5 })
        #expect(table.visibleCells.map(\.text) == (0..<5).map { "m\($0) ✓" })
        #expect(rows.rowBindings.count == 5)
        #expect(inbox.keyPathObservers.count == 1 + 5)
        #expect(showMessages.update().description == "unchanged")
    }

    @Test func scrollingMakesOneCellPerRowAndNoBatch() throws {
        let inbox = Inbox(count: 40)
        let table = TableView(visibleRowCount: 5)
        let failures = Locked<[BindingFailure]>()
        let rows = Self.seenRows(table, inbox, failures: failures)
        let showMessages = try Binding(source: Property(inbox, \.messages), destination: rows, triggers: .standard)
            .updatingNow()
        showMessages.onError = { failures.append($0) }
        let recorder = TableViewRecorder(table)
        for first in [3, 10, 30, 12, 35] {
            table.scroll(toRow: first)
            let visible = Array(table.visibleRows)
            #expect(recorder.changes.isEmpty)
            #expect(table.visibleCells.map(\.text) == visible.map { "m\($0) ✓" })
            #expect(Set(table.visibleCells.map(ObjectIdentifier.init)).count == visible.count)
            #expect(rows.rowBindings.count == visible.count)
            #expect(inbox.keyPathObservers.count == 1 + visible.count)
        }
        #expect(failures.value.isEmpty)
        #expect(try rows.read() == inbox.messages)
        #expect(showMessages.update().description == "unchanged")
    }

    @Test func aRowThatChangesItsElementEachTimeIsBoundAFewTimesAtMost() throws {
        let counter = Locked(0)
        let screen = TableRowsTests.Screen()
        screen.rows = (0..<3).map { TableRowsTests.Row(id: $0, title: "0") }
        let table = TableView(visibleRowCount: 3)
        let rows = TableRows(table) { [weak screen] (cell: TableViewCell, row: TableRowsTests.Row) in
            counter.withLock { $0 += 1 }
            cell.text = row.title
            if let screen, let index = screen.rows.firstIndex(where: { $0.id == row.id }) {
                screen.rows[index].title = "\(Int(row.title)! + 1)"  // a view count: never settles
            }
            return []
        }
        let failures = Locked<[BindingFailure]>()
        let showRows = try Binding(source: Property(screen, \.rows), destination: rows, triggers: .standard)
        showRows.onError = { failures.append($0) }
        showRows.update()
        #expect(counter.value < 100)
        #expect(table.visibleCells.count == 3)
        #expect(rows.rowBindings.isEmpty)
        // It never settles: reported as a cycle, as for any binding whose source its own write changes.
        #expect(failures.value.allSatisfy { $0.stage == .reentrant })
        counter.withLock { $0 = 0 }
        table.scroll(toRow: 0)
        table.visibleRowCount = 2
        table.visibleRowCount = 3  // row 2 is made again, on its own
        #expect(counter.value < 100)
    }

    @Test func aRowThatLoadsTheNextPageWhileScrollingLeavesOneCellPerRow() throws {
        let inbox = Inbox(count: 10)
        let table = TableView(visibleRowCount: 5)
        let failures = Locked<[BindingFailure]>()
        let rows = TableRows(table) { [weak inbox] (cell, message: Message) in
            guard let inbox else { return [] }
            cell.text = message.title
            if message.id == inbox.messages.last?.id {  // the last row loads the next page
                let next = inbox.messages.count
                inbox.messages += (next..<next + 10).map { Message(id: $0, title: "m\($0)") }
            }
            let folder = try Binding(
                source: Property(inbox, \.folder), destination: Property(cell, \.detailText), triggers: .standard
            ).updatingNow()
            folder.onError = { failures.append($0) }
            return [folder]
        }
        let showMessages = try Binding(source: Property(inbox, \.messages), destination: rows, triggers: .standard)
            .updatingNow()
        showMessages.onError = { failures.append($0) }
        let recorder = TableViewRecorder(table)
        for (first, count) in [(5, 20), (15, 30), (25, 40)] {
            recorder.removeAll()
            table.scroll(toRow: first)  // the last row is made: ten more
            #expect(recorder.batches == [TableViewBatch(inserts: Array(count - 10..<count))])
            #expect(table.numberOfRows == count)
            let visible = Array(table.visibleRows)
            #expect(table.visibleCells.map(\.text) == visible.map { "m\($0)" })
            #expect(Set(table.visibleCells.map(ObjectIdentifier.init)).count == visible.count)
            #expect(rows.rowBindings.count == visible.count)
            #expect(inbox.keyPathObservers.count == 1 + visible.count)
        }
        #expect(failures.value.isEmpty)
        #expect(try rows.read() == inbox.messages)
    }

    @Test func rowBindingsInAScreenWideSetLeaveItWithTheirRows() throws {
        let inbox = Inbox(count: 200)
        let table = TableView(visibleRowCount: 10)
        let screenBindings = BindingSet()
        let rows = Self.seenRows(table, inbox, failures: Locked(), set: screenBindings)
        screenBindings.add(
            try Binding(source: Property(inbox, \.messages), destination: rows, triggers: .standard).updatingNow())
        #expect(screenBindings.count == 1 + 10)
        for first in stride(from: 0, through: 190, by: 5) { table.scroll(toRow: first) }
        #expect(screenBindings.count == 1 + 10)
        #expect(screenBindings.bindings.allSatisfy { $0.isValid })
        inbox.messages.removeFirst(195)  // 5 rows left
        #expect(screenBindings.count == 1 + 5)
        let inSet = Set(screenBindings.bindings.map(ObjectIdentifier.init))
        #expect(inSet.isSuperset(of: rows.rowBindings.map(ObjectIdentifier.init)))
    }

    @Test func theRowsBindingsEndWithTheirListSilently() throws {
        let inbox = Inbox(count: 20)
        var table: TableView? = TableView(visibleRowCount: 5)
        let failures = Locked<[BindingFailure]>()
        let screenBindings = BindingSet()
        let rows = Self.seenRows(table!, inbox, failures: failures, set: screenBindings)
        let showMessages = try Binding(source: Property(inbox, \.messages), destination: rows, triggers: .standard)
            .updatingNow()
        showMessages.onError = { failures.append($0) }
        let rowBindings = rows.rowBindings
        #expect(rowBindings.count == 5)
        table = nil
        inbox.folder = "Archive"  // each row's own binding hears it: it ends, and says nothing
        #expect(failures.value.isEmpty)
        #expect(rowBindings.allSatisfy { !$0.isValid })
        #expect(screenBindings.count == 0)
        #expect(inbox.keyPathObservers.count == 1)
        inbox.messages.removeFirst()  // the array's binding ends, with its one report
        #expect(failures.value.count == 1)
        #expect(!showMessages.isValid)
        #expect(inbox.keyPathObservers.count == 0)
    }

    @Test func theRowsBindingsEndWhenTheArraysBindingFindsTheListGone() throws {
        let inbox = Inbox(count: 20)
        var table: TableView? = TableView(visibleRowCount: 5)
        let failures = Locked<[BindingFailure]>()
        let rows = Self.seenRows(table!, inbox, failures: failures)
        let showMessages = try Binding(source: Property(inbox, \.messages), destination: rows, triggers: .standard)
            .updatingNow()
        showMessages.onError = { failures.append($0) }
        let rowBindings = rows.rowBindings
        table = nil
        inbox.messages.removeFirst()
        #expect(failures.value.count == 1)
        #expect(rowBindings.allSatisfy { !$0.isValid })
        #expect(rows.rowBindings.isEmpty)
        #expect(inbox.keyPathObservers.count == 0)
    }
}

/// Threads and lifetimes of the rows' own bindings, as for any binding.
@Suite struct RowLifetimeThreadTests {
    /// An inbox behind a lock, changed and read from several threads; a row marks its message
    /// seen through it.
    final class LockedInbox: @unchecked Sendable {
        private let lock = NSLock()
        private var _messages: [RowLifetimeTests.Message] = []
        var messages: [RowLifetimeTests.Message] {
            get { lock.withLock { _messages } }
            set { lock.withLock { _messages = newValue } }
        }
        func change(_ body: (inout [RowLifetimeTests.Message]) -> Void) { lock.withLock { body(&_messages) } }
    }

    @Test func rowsThatMarkTheirElementSeenWhileTwoThreadsUpdate() throws {
        let inbox = LockedInbox()
        let table = TableView(visibleRowCount: 20)
        let failures = Locked<[BindingFailure]>()
        let applied = Locked<[(batch: TableViewBatch, rowsAfter: Int)]>()
        let showMessages = Locked<AnyBinding?>(nil)
        let rows = TableRows(table) { (cell, message: RowLifetimeTests.Message) in
            cell.text = message.title + (message.isSeen ? " ✓" : "")
            if !message.isSeen {
                inbox.change { messages in
                    if let index = messages.firstIndex(where: { $0.id == message.id }) { messages[index].isSeen = true }
                }
                showMessages.value?.update()  // what the array's trigger would do
            }
            return []
        }
        table.onBatch = { [weak table] batch in applied.append((batch, table?.numberOfRows ?? -1)) }
        let binding = Binding(source: Property(inbox, \.messages), destination: rows)
        binding.onError = { failures.append($0) }
        showMessages.withLock { $0 = binding }
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
            for step in 0..<200 {
                inbox.change { messages in
                    if step % 3 == 2, !messages.isEmpty {
                        messages.removeFirst()
                    } else {
                        messages.append(RowLifetimeTests.Message(id: thread * 1_000 + step, title: "\(thread).\(step)"))
                    }
                }
                binding.update()
            }
        }
        binding.update()
        let final = inbox.messages
        #expect(failures.value.isEmpty)
        #expect(table.numberOfRows == final.count)
        #expect(final.prefix(20).allSatisfy { $0.isSeen })
        #expect(table.visibleCells.map(\.text) == final.prefix(20).map { $0.title + " ✓" })
        #expect(Set(table.visibleCells.map(ObjectIdentifier.init)).count == table.visibleCells.count)
        var count = 0
        for (batch, rowsAfter) in applied.value {
            #expect(count - batch.deletes.count + batch.inserts.count == rowsAfter)
            count = rowsAfter
        }
        showMessages.withLock { $0 = nil }
    }

    @Test func rowBindingsEndSilentlyWhenTheListGoesWhileAnotherThreadFiresThem() throws {
        for _ in 0..<20 {
            let inbox = RowLifetimeTests.Inbox(count: 30)
            var table: TableView? = TableView(visibleRowCount: 10)
            let failures = Locked<[BindingFailure]>()
            let screenBindings = BindingSet()
            screenBindings.onError = { failures.append($0) }
            let rows = RowLifetimeTests.seenRows(table!, inbox, failures: failures, set: screenBindings)
            let showMessages = try Binding(source: Property(inbox, \.messages), destination: rows, triggers: .standard)
                .updatingNow()
            let rowBindings = rows.rowBindings
            #expect(screenBindings.count == 10)
            let (started, finished) = (ThreadMeeting(2), ThreadMeeting(2))
            let firing = Thread {
                started.arrive()
                for step in 0..<200 { inbox.folder = "f\(step)" }
                finished.arrive()
            }
            firing.start()
            started.arrive()
            table = nil
            finished.arrive()
            inbox.folder = "last"
            #expect(failures.value.isEmpty)
            #expect(rowBindings.allSatisfy { !$0.isValid })
            #expect(screenBindings.count == 0)
            withExtendedLifetime(showMessages) {}
        }
    }

    @Test func neitherTheRowsNorTheirSetKeepTheTableTheCellsOrTheModelAlive() throws {
        weak var weakTable: TableView?
        weak var weakCell: TableViewCell?
        weak var weakInbox: RowLifetimeTests.Inbox?
        let screenBindings = BindingSet()
        do {
            let table = TableView(visibleRowCount: 5)
            let inbox = RowLifetimeTests.Inbox(count: 10)
            let rows = RowLifetimeTests.seenRows(table, inbox, failures: Locked(), set: screenBindings)
            screenBindings.add(
                try Binding(source: Property(inbox, \.messages), destination: rows, triggers: .standard).updatingNow())
            weakTable = table
            weakCell = table.cellForRow(at: 0)
            weakInbox = inbox
            #expect(weakCell?.text == "m0 ✓")
        }
        #expect(weakTable == nil)
        #expect(weakCell == nil)
        #expect(weakInbox == nil)
    }
}
