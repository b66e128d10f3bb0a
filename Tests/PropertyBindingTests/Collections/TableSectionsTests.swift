import Foundation
import PropertyBinding
import PropertyBindingControls
import PropertyBindingTesting
import Testing

/// Sections bound to a table: one batch per change, the table equal to the model after each,
/// inconsistent batches refused, and row bindings that live exactly as long as their rows.
@Suite struct TableSectionsTests {
    typealias Sections = SectionedEdits.Sections

    final class Model: KeyPathObservable, @unchecked Sendable {
        let keyPathObservers = KeyPathObservers()
        @Announced var sections: Sections = []
    }

    /// A person whose name is announced: each row binds its cell to it.
    final class Person: KeyPathObservable, Identifiable, Equatable, @unchecked Sendable {
        let keyPathObservers = KeyPathObservers()
        let id: Int
        @Announced var name: String
        init(id: Int, name: String) {
            self.id = id
            self.name = name
        }
        var initial: String { String(name.prefix(1)) }
        static func == (lhs: Person, rhs: Person) -> Bool { lhs === rhs }
    }

    final class Directory: KeyPathObservable, @unchecked Sendable {
        let keyPathObservers = KeyPathObservers()
        @Announced var sections: [ListSection<String, Person>] = []
        @Announced var people: [Person] = []
    }

    static func text(_ row: DiffRow) -> String { "\(row.id).\(row.content)" }

    static func rows(_ table: TableView) -> TableSections<Int, DiffRow, Int, TableViewCell> {
        TableSections(table) { (cell, row: DiffRow) in
            cell.text = text(row)
            return []
        }
    }

    static func people(_ table: TableView, set: BindingSet? = nil) -> TableSections<String, Person, Int, TableViewCell>
    {
        TableSections(table) { (cell, person: Person) in
            let name = try Binding(
                source: Property(person, \.name), destination: Property(cell, \.text), triggers: .standard
            ).updatingNow()
            set?.add(name)
            return [name]
        }
    }

    /// The table shows `sections`: their count, each one's rows, and each visible cell its row.
    static func expectTable(
        _ table: TableView, shows sections: Sections, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(table.numberOfSections == sections.count, sourceLocation: sourceLocation)
        #expect(
            sections.indices.map(table.numberOfRows(inSection:)) == sections.map(\.rows.count),
            sourceLocation: sourceLocation)
        let visible = table.indexPathsForVisibleRows
        #expect(visible.count == table.visibleRows.count, sourceLocation: sourceLocation)
        #expect(
            visible.map { table.cellForRow(at: $0)?.text }
                == visible.map { text(sections[$0.section].rows[$0.row]) }, sourceLocation: sourceLocation)
    }

    @Test func theTableShowsEachSectionAndEachCellItsRow() throws {
        let model = Model()
        let table = TableView(visibleRowCount: 10)
        model.sections = [
            ListSection(id: 1, rows: [DiffRow(id: 1), DiffRow(id: 2)]), ListSection(id: 2, rows: []),
            ListSection(id: 3, rows: [DiffRow(id: 3)]),
        ]
        let binding = try Binding(
            source: Property(model, \.sections), destination: Self.rows(table), triggers: .standard
        )
        .updatingNow()
        #expect(table.numberOfSections == 3)
        #expect(table.numberOfRows == 3)
        #expect(table.indexPathsForVisibleRows.map(\.description) == ["[0, 0]", "[0, 1]", "[2, 0]"])
        #expect(table.cellForRow(at: ListIndexPath(section: 2, row: 0))?.text == "3.0")
        Self.expectTable(table, shows: model.sections)
        withExtendedLifetime(binding) {}
    }

    @Test func randomEditsReachTheTableAsOneBatchEachAndItEqualsTheModel() throws {
        var edits = SectionedEdits(seed: 11)
        var batchesSeen = 0
        for _ in 0..<60 {
            let model = Model()
            let table = TableView(visibleRowCount: 3 + edits.random.below(10))
            let recorder = TableViewRecorder(table)
            model.sections = edits.sections(edits.random.below(5), rows: 5)
            let binding = try Binding(
                source: Property(model, \.sections), destination: Self.rows(table), triggers: .standard
            ).updatingNow()
            for _ in 0..<20 {
                if edits.random.below(4) == 0 {
                    table.scroll(toRow: edits.random.below(table.numberOfRows + 1))
                }
                let next = edits.edited(model.sections)
                recorder.removeAll()
                model.sections = next
                #expect(recorder.reloadCount == 0)
                #expect(recorder.batches.isEmpty)
                #expect(recorder.sectionBatches.count == (recorder.changes.isEmpty ? 0 : 1))
                batchesSeen += recorder.sectionBatches.count
                Self.expectTable(table, shows: next)
            }
            withExtendedLifetime(binding) {}
        }
        #expect(batchesSeen > 800)
    }

    @Test func anInconsistentBatchIsRefusedAndNothingChanges() throws {
        let model = Model()
        let table = TableView(visibleRowCount: 10)
        model.sections = [
            ListSection(id: 1, rows: [DiffRow(id: 1), DiffRow(id: 2)]), ListSection(id: 2, rows: [DiffRow(id: 3)]),
        ]
        let binding = try Binding(
            source: Property(model, \.sections), destination: Self.rows(table), triggers: .standard
        )
        .updatingNow()
        let recorder = TableViewRecorder(table)
        table.selectedIndexPath = ListIndexPath(section: 1, row: 0)
        let cells = table.visibleCells
        // The source still has 2 rows in section 0.
        let bad = SectionedListChanges(deletes: [ListIndexPath(section: 0, row: 0)])
        #expect(
            throws: TableViewError.inconsistentBatch(
                "invalid number of rows in section 0: 2 before (section 0), so 1 expected after the update, "
                    + "the data source has 2")
        ) { try table.performSectionBatch(bad) }
        let outOfRange = SectionedListChanges(moves: [
            SectionedRowMove(from: ListIndexPath(section: 0, row: 0), to: ListIndexPath(section: 5, row: 0))
        ])
        #expect(throws: TableViewError.self) { try table.performSectionBatch(outOfRange) }
        #expect(table.visibleCells.map(ObjectIdentifier.init) == cells.map(ObjectIdentifier.init))
        #expect(table.selectedIndexPath == ListIndexPath(section: 1, row: 0))
        #expect(recorder.changes.isEmpty)
        Self.expectTable(table, shows: model.sections)
        withExtendedLifetime(binding) {}
    }

    @Test func theSelectionFollowsItsRowAcrossSections() throws {
        let model = Model()
        let table = TableView(visibleRowCount: 10)
        model.sections = [
            ListSection(id: 1, rows: [DiffRow(id: 1), DiffRow(id: 2)]), ListSection(id: 2, rows: [DiffRow(id: 3)]),
        ]
        let binding = try Binding(
            source: Property(model, \.sections), destination: Self.rows(table), triggers: .standard
        )
        .updatingNow()
        table.selectedIndexPath = ListIndexPath(section: 0, row: 1)
        model.sections = [
            ListSection(id: 2, rows: [DiffRow(id: 3), DiffRow(id: 2)]), ListSection(id: 1, rows: [DiffRow(id: 1)]),
        ]
        #expect(table.selectedIndexPath == ListIndexPath(section: 0, row: 1))
        model.sections.remove(at: 0)  // the selected row leaves with its section
        #expect(table.selectedIndexPath == nil)
        withExtendedLifetime(binding) {}
    }

    @Test func aRowMovedAcrossSectionsKeepsItsCellAndBindings() throws {
        let directory = Directory()
        let table = TableView(visibleRowCount: 10)
        let set = BindingSet()
        let people = [Person(id: 1, name: "Ann"), Person(id: 2, name: "Avi"), Person(id: 3, name: "Bea")]
        directory.sections = [
            ListSection(id: "A", rows: [people[0], people[1]]), ListSection(id: "B", rows: [people[2]]),
        ]
        let sections = Self.people(table, set: set)
        let binding = try Binding(source: Property(directory, \.sections), destination: sections, triggers: .standard)
            .updatingNow()
        #expect(set.count == 3)
        let aviCell = table.cellForRow(at: ListIndexPath(section: 0, row: 1))
        let recorder = TableViewRecorder(table)
        directory.sections = [
            ListSection(id: "A", rows: [people[0]]), ListSection(id: "B", rows: [people[1], people[2]]),
        ]
        #expect(
            recorder.sectionBatches == [
                SectionedListChanges(moves: [
                    SectionedRowMove(from: ListIndexPath(section: 0, row: 1), to: ListIndexPath(section: 1, row: 0))
                ])
            ])
        #expect(table.cellForRow(at: ListIndexPath(section: 1, row: 0)) === aviCell)
        #expect(people.map(\.keyPathObservers.count) == [1, 1, 1])
        people[1].name = "Avi B."
        #expect(aviCell?.text == "Avi B.")
        // Section A deleted: Ann's row ends with it, and its binding leaves the set.
        directory.sections.remove(at: 0)
        #expect(people.map(\.keyPathObservers.count) == [0, 1, 1])
        #expect(set.count == 2)
        #expect(sections.rowBindings.count == 2)
        withExtendedLifetime(binding) {}
    }

    @Test func theRowsBindingsEndWithTheTable() throws {
        let directory = Directory()
        let person = Person(id: 1, name: "Ann")
        directory.sections = [ListSection(id: "A", rows: [person])]
        var table: TableView? = TableView()
        let set = BindingSet()
        let sections = Self.people(table!, set: set)
        let binding = try Binding(source: Property(directory, \.sections), destination: sections, triggers: .standard)
            .updatingNow()
        binding.onError = { _ in }
        #expect(person.keyPathObservers.count == 1)
        table = nil
        directory.sections = []
        #expect(!binding.isValid)
        #expect(person.keyPathObservers.count == 0)
        #expect(set.count == 0)
        #expect(sections.rowBindings.isEmpty)
    }

    @Test func neitherTheTableNorItsCellsNorTheModelAreKeptAlive() throws {
        weak var weakTable: TableView?
        weak var weakCell: TableViewCell?
        weak var weakDirectory: Directory?
        var binding: AnyBinding?
        do {
            let table = TableView()
            let directory = Directory()
            let person = Person(id: 1, name: "Ann")
            directory.sections = [ListSection(id: "A", rows: [person])]
            binding = try Binding(
                source: Property(directory, \.sections), destination: Self.people(table), triggers: .standard
            ).updatingNow()
            weakTable = table
            weakCell = table.cellForRow(at: ListIndexPath(section: 0, row: 0))
            weakDirectory = directory
            #expect(weakCell?.text == "Ann")
        }
        #expect(weakTable == nil)
        #expect(weakCell == nil)
        #expect(weakDirectory == nil)
        #expect(binding != nil)
    }

    @Test func anArrayGroupedByAKeyShowsSortedSectionsAndMovesARenamedRow() throws {
        let directory = Directory()
        let table = TableView(visibleRowCount: 10)
        let people = [Person(id: 1, name: "Bea"), Person(id: 2, name: "Ann"), Person(id: 3, name: "Bob")]
        directory.people = people
        let byInitial = Self.people(table).grouped(by: \.initial)
        let binding = try Binding(source: Property(directory, \.people), destination: byInitial, triggers: .standard)
            .updatingNow()
        #expect(try byInitial.sections.read().map(\.id) == ["A", "B"])
        #expect(table.visibleCells.map(\.text) == ["Ann", "Bea", "Bob"])
        let recorder = TableViewRecorder(table)
        let beaCell = table.cellForRow(at: ListIndexPath(section: 1, row: 0))
        people[0].name = "Abe"  // now an A: the same array (the same people) is grouped again
        try byInitial.write(directory.people)
        #expect(
            recorder.sectionBatches == [
                SectionedListChanges(moves: [
                    SectionedRowMove(from: ListIndexPath(section: 1, row: 0), to: ListIndexPath(section: 0, row: 0))
                ])
            ])
        #expect(table.cellForRow(at: ListIndexPath(section: 0, row: 0)) === beaCell)
        #expect(table.visibleCells.map(\.text) == ["Abe", "Ann", "Bob"])
        directory.people.append(Person(id: 4, name: "Cy"))
        #expect(recorder.sectionBatches.last == SectionedListChanges(sections: ListChanges(inserts: [2])))
        withExtendedLifetime(binding) {}
    }
}

/// A row whose `bind` closure changes its element (marks it seen), in sections.
@Suite struct SectionRowLifetimeTests {
    typealias Message = RowLifetimeTests.Message

    final class Inbox: KeyPathObservable, @unchecked Sendable {
        let keyPathObservers = KeyPathObservers()
        @Announced var folders: [ListSection<String, Message>] = [
            ListSection(id: "Inbox", rows: (0..<6).map { Message(id: $0, title: "m\($0)") }),
            ListSection(id: "Archive", rows: (6..<12).map { Message(id: $0, title: "m\($0)") }),
        ]

        func markSeen(_ id: Int) {
            for section in folders.indices {
                if let row = folders[section].rows.firstIndex(where: { $0.id == id }),
                    !folders[section].rows[row].isSeen
                {
                    folders[section].rows[row].isSeen = true
                }
            }
        }
    }

    @Test func aRowThatMarksItsElementSeenShowsItWithoutAFailureOrABatch() throws {
        let inbox = Inbox()
        let table = TableView(visibleRowCount: 8)
        let failures = Locked<[BindingFailure]>()
        let sections = TableSections(table, sectionID: String.self) { [weak inbox] (cell, message: Message) in
            cell.text = message.title + (message.isSeen ? " ✓" : "")
            inbox?.markSeen(message.id)
            return []
        }
        let showFolders = try Binding(source: Property(inbox, \.folders), destination: sections, triggers: .standard)
        showFolders.onError = { failures.append($0) }
        showFolders.update()
        #expect(failures.value.isEmpty)
        #expect(inbox.folders.flatMap(\.rows).map(\.isSeen) == (0..<12).map { $0 < 8 })
        #expect(table.visibleCells.map(\.text) == (0..<8).map { "m\($0) ✓" })
        #expect(showFolders.update().description == "unchanged")
        let recorder = TableViewRecorder(table)
        table.scroll(toRow: 4)  // rows 8 to 11 appear and are marked seen
        #expect(inbox.folders.flatMap(\.rows).map(\.isSeen) == Array(repeating: true, count: 12))
        #expect(table.visibleCells.map(\.text) == (4..<12).map { "m\($0) ✓" })
        #expect(recorder.changes.isEmpty)
        #expect(failures.value.isEmpty)
    }
}

/// Sections changed from several threads, delivered on one queue.
@Suite struct TableSectionsThreadTests {
    final class LockedSections: @unchecked Sendable {
        private let lock = NSLock()
        private var _sections: SectionedEdits.Sections = []
        var sections: SectionedEdits.Sections {
            get { lock.withLock { _sections } }
            set { lock.withLock { _sections = newValue } }
        }
        func change(_ body: (inout SectionedEdits.Sections) -> Void) { lock.withLock { body(&_sections) } }
    }

    @Test func changesFromSeveralThreadsReachTheTableOnOneQueueAsWholeBatches() throws {
        let model = LockedSections()
        let queue = DispatchQueue(label: "table")
        let key = DispatchSpecificKey<Bool>()
        queue.setSpecific(key: key, value: true)
        let (table, recorder, sections) = queue.sync {
            let table = TableView(visibleRowCount: 15)
            return (table, TableViewRecorder(table), TableSectionsTests.rows(table))
        }
        let offQueue = Locked(0)
        let applied = Locked<[[Int]]>()
        queue.sync {
            table.onSectionBatch = { [weak table] _ in
                if DispatchQueue.getSpecific(key: key) != true { offQueue.withLock { $0 += 1 } }
                if let table { applied.append((0..<table.numberOfSections).map(table.numberOfRows(inSection:))) }
            }
        }
        let binding = Binding(source: Property(model, \.sections), destination: sections).delivered(on: queue)
        DispatchQueue.concurrentPerform(iterations: 3) { thread in
            var edits = SectionedEdits(seed: UInt64(thread + 1))
            edits.nextSection = 1_000 * (thread + 1)
            edits.nextRow = 100_000 * (thread + 1)
            for step in 0..<150 {
                model.change { $0 = edits.edited($0) }
                binding.update()
                // Now and then the thread waits for the queue, so that updates are not all one burst.
                if step % 10 == 0 { queue.sync {} }
            }
        }
        binding.update()
        queue.sync {}
        let final = model.sections
        queue.sync {
            TableSectionsTests.expectTable(table, shows: final)
            #expect(recorder.reloadCount == 1)  // the first load only
        }
        #expect(offQueue.value == 0)
        #expect(applied.value.count > 10)
        #expect(applied.value.last == final.map(\.rows.count))
        withExtendedLifetime(binding) {}
    }
}

/// An array grouped into sections that follows the batches its `ObservableArray` announces.
@Suite struct GroupedSectionsTests {
    /// Counts how often an id is hashed: a diff hashes the rows' ids, an announced batch does not.
    final class HashCount: @unchecked Sendable {
        let count = Locked(0)
    }

    struct MemberID: Hashable {
        let value: Int
        let hashes: HashCount
        static func == (lhs: Self, rhs: Self) -> Bool { lhs.value == rhs.value }
        func hash(into hasher: inout Hasher) {
            hashes.count.withLock { $0 += 1 }
            hasher.combine(value)
        }
    }

    struct Member: Equatable {
        let id: MemberID
        var name: String
        var initial: String { String(name.prefix(1)) }
    }

    @Test func randomArrayChangesReachTheTableAsTheArraysBatchesWithoutHashingARow() throws {
        var random = SplitMix64(seed: 5)
        let hashes = HashCount()
        let letters = ["A", "B", "C", "D", "E"]
        var next = 0
        func member() -> Member {
            next += 1
            return Member(id: MemberID(value: next, hashes: hashes), name: random.pick(letters) + "\(next)")
        }
        let array = ObservableArray((0..<12).map { _ in member() })
        let table = TableView(visibleRowCount: 8)
        let grouped = TableSections(table, id: \Member.id) { cell, member in
            cell.text = member.name
            return []
        }.grouped(by: \.initial)
        let binding = try Binding(source: array, destination: grouped, triggers: .standard).updatingNow()
        let recorder = TableViewRecorder(table)
        hashes.count.withLock { $0 = 0 }
        for _ in 0..<300 {
            recorder.removeAll()
            switch random.below(6) {
            case 0: array.insert(member(), at: random.below(array.count + 1))
            case 1 where array.count > 0: array.remove(at: random.below(array.count))
            case 2 where array.count > 1: array.move(from: random.below(array.count), to: random.below(array.count))
            case 3 where array.count > 0:  // a member renamed, often into another section
                let index = random.below(array.count)
                var renamed = array[index]
                renamed.name = random.pick(letters) + "\(renamed.id.value)"
                array[index] = renamed
            case 4: array.append(member())
            default: table.scroll(toRow: random.below(max(1, table.numberOfRows)))
            }
            let expected = ListSection.grouped(array.elements, by: \.initial)
            #expect(table.numberOfSections == expected.count)
            let visible = table.indexPathsForVisibleRows
            #expect(
                visible.map { table.cellForRow(at: $0)?.text } == visible.map { expected[$0.section].rows[$0.row].name }
            )
            #expect(recorder.reloadCount == 0 && recorder.sectionBatches.count <= 1)
        }
        #expect(hashes.count.value == 0)
        array.replaceAll(with: array.elements.reversed())  // a replacement: diffed by id
        #expect(hashes.count.value > 0)
        let expected = ListSection.grouped(array.elements, by: \.initial)
        let visible = table.indexPathsForVisibleRows
        #expect(
            visible.map { table.cellForRow(at: $0)?.text } == visible.map { expected[$0.section].rows[$0.row].name })
        withExtendedLifetime(binding) {}
    }
}

/// A pass of making rows (`listWillMakeRows()` … `listDidMakeRows()`) over sections: a `bind`
/// closure that changes other rows reaches the list once the pass is over.
@Suite struct TableSectionsPassTests {
    final class Hold {
        var binding: AnyBinding?
        var marksAsSeen = false
    }

    @Test func sectionsWrittenByABindClosureDuringAPassReachTheListWhenItEnds() throws {
        let directory = TableSectionsTests.Directory()
        let table = TableView(visibleRowCount: 10)
        let hold = Hold()
        let sections = TableSections(table, sectionID: String.self) { (cell, person: TableSectionsTests.Person) in
            if hold.marksAsSeen, person.name == "Ann", directory.sections.count == 2 {
                directory.sections.removeLast()  // seen: the "New" section goes
                hold.binding?.update()
            }
            cell.text = person.name
            return []
        }
        directory.sections = [
            ListSection(id: "Seen", rows: [TableSectionsTests.Person(id: 1, name: "Ann")]),
            ListSection(id: "New", rows: [TableSectionsTests.Person(id: 2, name: "Bob")]),
        ]
        let binding = Binding(source: Property(directory, \.sections), destination: sections)
        hold.binding = binding
        binding.update()
        let recorder = TableViewRecorder(table)
        hold.marksAsSeen = true
        sections.listWillMakeRows()
        table.reloadSections()
        #expect(recorder.sectionBatches.isEmpty)  // held while the pass runs
        #expect(try sections.read().map(\.id) == ["Seen", "New"])
        sections.listDidMakeRows()
        #expect(recorder.sectionBatches == [SectionedListChanges(sections: ListChanges(deletes: [1]))])
        #expect(table.numberOfSections == 1)
        #expect(table.visibleCells.map(\.text) == ["Ann"])
    }
}
