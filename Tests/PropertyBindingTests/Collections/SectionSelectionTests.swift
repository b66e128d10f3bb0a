import Foundation
import PropertyBinding
import PropertyBindingControls
import PropertyBindingTesting
import Testing

/// The selection of a sectioned table, by element id: it follows its elements through sectioned
/// batches, drops those that leave, takes the table's taps by index path, is written by code, and
/// a detail form follows it.
@Suite struct SectionSelectionTests {
    typealias Sections = SectionedEdits.Sections
    typealias Model = TableSectionsTests.Model
    typealias Person = TableSectionsTests.Person
    typealias Directory = TableSectionsTests.Directory

    /// The reference: the selected ids in the order selected, kept while their rows show.
    struct Reference {
        var ids: [Int] = []

        func rows(in sections: Sections) -> [DiffRow] {
            let all = sections.flatMap(\.rows)
            return ids.map { id in all.first { $0.id == id }! }
        }

        func flatRows(in sections: Sections) -> [Int] {
            let all = sections.flatMap(\.rows).map(\.id)
            return ids.map { all.firstIndex(of: $0)! }.sorted()
        }

        func paths(in sections: Sections) -> [ListIndexPath] {
            var paths: [ListIndexPath] = []
            for (section, rows) in sections.enumerated() {
                for (row, element) in rows.rows.enumerated() where ids.contains(element.id) {
                    paths.append(ListIndexPath(section: section, row: row))
                }
            }
            return paths
        }
    }

    @Test func theSelectionFollowsRandomSectionedEditsTapsAndWritesCheckedAtEveryStep() throws {
        var edits = SectionedEdits(seed: 35)
        var steps = 0
        var announcementsChecked = 0
        for _ in 0..<25 {
            let model = Model()
            let table = TableView(visibleRowCount: 3 + edits.random.below(8))
            table.allowsMultipleSelection = true
            model.sections = edits.sections(1 + edits.random.below(4), rows: 5)
            let sections = TableSectionsTests.rows(table)
            let binding = try Binding(source: Property(model, \.sections), destination: sections, triggers: .standard)
                .updatingNow()
            var reference = Reference()
            var announced = 0
            let observation = sections.selection.keyPathObservers.observe(\ListSelection<DiffRow, Int>.elements) {
                announced += 1
            }
            for _ in 0..<50 {
                let before = reference.rows(in: model.sections)
                let oldIDs = reference.ids
                announced = 0
                let all = model.sections.flatMap(\.rows)
                switch edits.random.below(6) {
                case 0 where !all.isEmpty:
                    // The user's ⌘-click: a row selected or deselected.
                    let row = edits.random.below(all.count)
                    let id = all[row].id
                    if let index = reference.ids.firstIndex(of: id) {
                        reference.ids.remove(at: index)
                    } else {
                        reference.ids.append(id)
                    }
                    table.simulateRowSelection(row, extendingSelection: true)
                case 1 where !all.isEmpty:
                    // Code selects a few shown ids and one that no row shows.
                    let chosen = (0..<edits.random.below(3)).map { _ in all[edits.random.below(all.count)].id }
                    var unique: [Int] = []
                    for id in chosen where !unique.contains(id) { unique.append(id) }
                    reference.ids = unique
                    sections.selection.ids = unique + [-1]
                default:
                    let next = edits.edited(model.sections)
                    let shown = Set(next.flatMap(\.rows).map(\.id))
                    reference.ids.removeAll { !shown.contains($0) }
                    model.sections = next
                }
                steps += 1
                #expect(sections.selection.ids == reference.ids)
                #expect(sections.selection.elements == reference.rows(in: model.sections))
                #expect(sections.selection.rows == reference.flatRows(in: model.sections))
                #expect(table.selectedRows == reference.flatRows(in: model.sections))
                #expect(sections.selectedIndexPaths == reference.paths(in: model.sections))
                // Announced exactly when an id left or came, or a selected element changed.
                let changed = oldIDs != reference.ids || before != reference.rows(in: model.sections)
                #expect((announced > 0) == changed)
                announcementsChecked += changed ? 1 : 0
            }
            withExtendedLifetime((binding, observation)) {}
        }
        #expect(steps >= 1_000)
        #expect(announcementsChecked > 200)
    }

    @Test func aTapIsTakenByIndexPathAndTheSelectionIsWritableByCode() throws {
        let model = Model()
        let table = TableView(visibleRowCount: 10)
        model.sections = [
            ListSection(id: 1, rows: [DiffRow(id: 1), DiffRow(id: 2)]), ListSection(id: 2, rows: [DiffRow(id: 3)]),
        ]
        let sections = TableSectionsTests.rows(table)
        let binding = try Binding(source: Property(model, \.sections), destination: sections, triggers: .standard)
            .updatingNow()
        table.simulateRowSelection(2)
        #expect(sections.selection.ids == [3])
        #expect(sections.selectedIndexPaths == [ListIndexPath(section: 1, row: 0)])
        sections.listDidSelectRows(at: [ListIndexPath(section: 0, row: 1), ListIndexPath(section: 9, row: 0)])
        #expect(sections.selection.ids == [2])
        try sections.selection.select([1])
        #expect(table.selectedIndexPath == ListIndexPath(section: 0, row: 0))
        #expect(throws: ListSelectionError.notShown(["7"])) { try sections.selection.select([7]) }
        #expect(sections.selection.ids == [1])
        // Its section moves and the row moves across: still selected.
        model.sections = [
            ListSection(id: 2, rows: [DiffRow(id: 3), DiffRow(id: 1)]), ListSection(id: 1, rows: [DiffRow(id: 2)]),
        ]
        #expect(table.selectedIndexPath == ListIndexPath(section: 0, row: 1))
        model.sections.remove(at: 0)  // it leaves with its section
        #expect(sections.selection.isEmpty)
        #expect(table.selectedRows.isEmpty)
        withExtendedLifetime(binding) {}
    }

    /// People grouped by initial, a detail form of the selected person's name.
    final class Screen {
        let directory = Directory()
        let table = TableView(visibleRowCount: 10)
        let nameField = TextField()
        let byInitial: GroupedTableSections<String, Person, Int, TableViewCell>
        let list: AnyBinding
        var detail: SelectionDetail<Person, Int>?

        init() throws {
            table.allowsMultipleSelection = true
            directory.people = [Person(id: 1, name: "Bea"), Person(id: 2, name: "Ann"), Person(id: 3, name: "Bob")]
            byInitial = TableSectionsTests.people(table).grouped(by: \.initial)
            list = try Binding(source: Property(directory, \.people), destination: byInitial, triggers: .standard)
                .updatingNow()
            let nameField = nameField
            detail = try SelectionDetail(byInitial.sections.selection) { selected in
                try BindingForm {
                    try TwoWayBinding(
                        "name",
                        model: selected.value(\.name).placeholders(
                            whenMultipleValues: "Multiple values", whenNoSelection: "No selection"),
                        form: Property(nameField, \.text), triggers: .standard)
                }
            }
        }
    }

    @Test func aDetailFormFollowsTheSelectionOfAGroupedTable() throws {
        let screen = try Screen()
        #expect(screen.table.visibleCells.map(\.text) == ["Ann", "Bea", "Bob"])
        #expect(screen.nameField.text == "No selection")
        screen.table.simulateRowSelection(2)  // Bob, section B row 1
        #expect(screen.byInitial.sections.selection.element?.name == "Bob")
        #expect(screen.nameField.text == "Bob")
        screen.table.simulateRowSelection(0, extendingSelection: true)  // and Ann
        #expect(screen.nameField.text == "Multiple values")
        screen.table.simulateRowSelection(2, extendingSelection: true)  // Bob out again
        #expect(screen.nameField.text == "Ann")
        // An edit that keeps her section reloads exactly her row.
        let recorder = TableViewRecorder(screen.table)
        screen.nameField.simulateTyping("Amy")
        #expect(screen.directory.people[1].name == "Amy")
        #expect(recorder.sectionBatches == [SectionedListChanges(reloads: [ListIndexPath(section: 0, row: 0)])])
        #expect(screen.table.visibleCells.map(\.text) == ["Amy", "Bea", "Bob"])
        // A person added before her in the model: the form still shows her.
        screen.directory.people.insert(Person(id: 4, name: "Abe"), at: 0)
        #expect(screen.byInitial.sections.selectedIndexPaths == [ListIndexPath(section: 0, row: 1)])
        #expect(screen.nameField.text == "Amy")
        screen.table.simulateRowDeselection()
        #expect(screen.nameField.text == "No selection")
        withExtendedLifetime(screen.list) {}
    }

    @Test func anEditThatChangesTheGroupKeyMovesTheRowToTheOtherSectionAndKeepsItSelected() throws {
        let screen = try Screen()
        screen.table.simulateRowSelection(1)  // Bea, [1, 0]
        let beaCell = screen.table.cellForRow(at: ListIndexPath(section: 1, row: 0))
        let recorder = TableViewRecorder(screen.table)
        screen.nameField.simulateTyping("Alma")  // model order: Alma (was Bea) before Ann
        #expect(
            recorder.sectionBatches == [
                SectionedListChanges(moves: [
                    SectionedRowMove(from: ListIndexPath(section: 1, row: 0), to: ListIndexPath(section: 0, row: 0))
                ])
            ])
        #expect(screen.byInitial.sections.selection.element?.name == "Alma")
        #expect(screen.byInitial.sections.selectedIndexPaths == [ListIndexPath(section: 0, row: 0)])
        #expect(screen.table.selectedIndexPath == ListIndexPath(section: 0, row: 0))
        #expect(screen.table.cellForRow(at: ListIndexPath(section: 0, row: 0)) === beaCell)
        #expect(screen.table.visibleCells.map(\.text) == ["Alma", "Ann", "Bob"])
        // To a section of its own: the section is inserted with her row, still selected.
        screen.nameField.simulateTyping("Cleo")
        #expect(try screen.byInitial.sections.read().map(\.id) == ["A", "B", "C"])
        #expect(screen.byInitial.sections.selectedIndexPaths == [ListIndexPath(section: 2, row: 0)])
        #expect(screen.table.selectedIndexPath == ListIndexPath(section: 2, row: 0))
        #expect(screen.nameField.text == "Cleo")
        withExtendedLifetime(screen.list) {}
    }

    @Test func anEditOfSeveralSelectedElementsOfAGroupedTableIsOneBatch() throws {
        let screen = try Screen()  // A: Ann | B: Bea, Bob
        screen.table.simulateRowSelection(1)  // Bea
        screen.table.simulateRowSelection(2, extendingSelection: true)  // and Bob
        #expect(screen.nameField.text == "Multiple values")
        let recorder = TableViewRecorder(screen.table)
        screen.nameField.simulateTyping("Cy")  // both leave B for a new section C
        #expect(recorder.sectionBatches.count == 1)
        #expect(try screen.byInitial.sections.read().map(\.id) == ["A", "C"])
        #expect(screen.table.visibleCells.map(\.text) == ["Ann", "Cy", "Cy"])
        #expect(
            screen.byInitial.sections.selectedIndexPaths == [
                ListIndexPath(section: 1, row: 0), ListIndexPath(section: 1, row: 1),
            ])
        // Renamed within their section: one reload of both rows.
        screen.nameField.simulateTyping("Cid")
        #expect(
            recorder.sectionBatches.last
                == SectionedListChanges(reloads: [ListIndexPath(section: 1, row: 0), ListIndexPath(section: 1, row: 1)])
        )
        #expect(recorder.sectionBatches.count == 2)
        withExtendedLifetime(screen.list) {}
    }

    @Test func anEditThroughTheSelectionOfSectionsWrittenAsSectionsReloadsExactlyItsRow() throws {
        let directory = Directory()
        let table = TableView(visibleRowCount: 10)
        let (ann, bob) = (Person(id: 1, name: "Ann"), Person(id: 2, name: "Bob"))
        directory.sections = [ListSection(id: "Friends", rows: [ann]), ListSection(id: "Work", rows: [bob])]
        let sections = TableSectionsTests.people(table)
        let binding = try Binding(source: Property(directory, \.sections), destination: sections, triggers: .standard)
            .updatingNow()
        table.simulateRowSelection(1)
        #expect(sections.selection.element === bob)
        let recorder = TableViewRecorder(table)
        sections.selection.edit([bob]) { bob.name = "Bo" }
        #expect(recorder.sectionBatches == [SectionedListChanges(reloads: [ListIndexPath(section: 1, row: 0)])])
        #expect(table.cellForRow(at: ListIndexPath(section: 1, row: 0))?.text == "Bo")
        #expect(sections.selectedIndexPaths == [ListIndexPath(section: 1, row: 0)])
        withExtendedLifetime(binding) {}
    }

    @Test func theSelectionStaysRightWhileSeveralThreadsChangeTheSectionsAndTheUserTaps() throws {
        let model = TableSectionsThreadTests.LockedSections()
        let queue = DispatchQueue(label: "table")
        let table = queue.sync { TableView(visibleRowCount: 15) }
        let sections = queue.sync {
            table.allowsMultipleSelection = true
            return TableSectionsTests.rows(table)
        }
        let binding = Binding(source: Property(model, \.sections), destination: sections).delivered(on: queue)
        let tap = Tap(table)
        let reads = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            var edits = SectionedEdits(seed: UInt64(thread + 40))
            edits.nextSection = 1_000 * (thread + 1)
            edits.nextRow = 100_000 * (thread + 1)
            for step in 0..<120 {
                if thread == 3 {
                    // The user taps on the table's queue; the selection is read from this thread.
                    let row = edits.random.below(20)
                    queue.async { [tap] in tap.tap(row) }
                    // Each read is whole: no id twice, and the elements' ids in the selection's
                    // order. (Two reads may differ: the selection changes between them.)
                    let ids = sections.selection.ids
                    let elementIDs = sections.selection.elements.map(\.id)
                    if Set(ids).count == ids.count, Set(elementIDs).count == elementIDs.count {
                        reads.withLock { $0 += 1 }
                    }
                } else {
                    model.change { $0 = edits.edited($0) }
                    binding.update()
                }
                if step % 10 == 0 { queue.sync {} }
            }
        }
        binding.update()
        queue.sync {}
        let final = model.sections
        queue.sync {
            let all = final.flatMap(\.rows)
            let ids = sections.selection.ids
            #expect(Set(ids).isSubset(of: Set(all.map(\.id))))
            let rows = ids.map { id in all.firstIndex { $0.id == id }! }.sorted()
            #expect(sections.selection.rows == rows)
            #expect(table.selectedRows == rows)
            #expect(sections.selection.elements == ids.map { id in all.first { $0.id == id }! })
        }
        #expect(reads.value == 120)
        withExtendedLifetime(binding) {}
    }
}

/// The user's tap on a table used only on its queue, sent there from another thread.
private final class Tap: @unchecked Sendable {
    private let table: TableView
    init(_ table: TableView) { self.table = table }

    /// ⌘-clicks `row`, when the table has it. Call it on the table's queue.
    func tap(_ row: Int) {
        if row < table.numberOfRows { table.simulateRowSelection(row, extendingSelection: true) }
    }
}
