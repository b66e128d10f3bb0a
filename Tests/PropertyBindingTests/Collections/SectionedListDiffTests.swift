import Testing

@testable import PropertyBinding

/// Random edits of a list of sections, as a user's model makes them: sections inserted, deleted
/// and moved, rows inserted, deleted, moved within and across sections, and changed.
struct SectionedEdits {
    typealias Sections = [ListSection<Int, DiffRow>]
    var random: SplitMix64
    var nextSection = 100
    var nextRow = 10_000

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    /// `count` sections of up to `rows` rows each, every id unique.
    mutating func sections(_ count: Int, rows: Int) -> Sections {
        (0..<count).map { _ in
            nextSection += 1
            return ListSection(id: nextSection, rows: (0..<random.below(rows + 1)).map { _ in newRow() })
        }
    }

    mutating func newRow() -> DiffRow {
        nextRow += 1
        return DiffRow(id: nextRow, content: 0)
    }

    /// `sections` after one to four random edits; `kinds` says which edits may be made.
    mutating func edited(_ sections: Sections, kinds: Range<Int> = 0..<9) -> Sections {
        var sections = sections
        for _ in 0..<(1 + random.below(4)) {
            let nonEmpty = sections.indices.filter { !sections[$0].rows.isEmpty }
            switch kinds.lowerBound + random.below(kinds.count) {
            case 0:
                nextSection += 1
                let rows = (0..<random.below(4)).map { _ in newRow() }
                sections.insert(ListSection(id: nextSection, rows: rows), at: random.below(sections.count + 1))
            case 1 where !sections.isEmpty: sections.remove(at: random.below(sections.count))
            case 2 where sections.count > 1:
                let moved = sections.remove(at: random.below(sections.count))
                sections.insert(moved, at: random.below(sections.count + 1))
            case 3 where !nonEmpty.isEmpty:  // a row moves to another section (or its own)
                let from = random.pick(nonEmpty)
                let row = sections[from].rows.remove(at: random.below(sections[from].rows.count))
                let to = random.below(sections.count)
                sections[to].rows.insert(row, at: random.below(sections[to].rows.count + 1))
            case 4 where !sections.isEmpty:
                let section = random.below(sections.count)
                sections[section].rows.insert(newRow(), at: random.below(sections[section].rows.count + 1))
            case 5 where !nonEmpty.isEmpty:
                let section = random.pick(nonEmpty)
                sections[section].rows.remove(at: random.below(sections[section].rows.count))
            case 6 where !nonEmpty.isEmpty:  // a row changes
                let section = random.pick(nonEmpty)
                sections[section].rows[random.below(sections[section].rows.count)].content += 1
            case 7 where !nonEmpty.isEmpty:  // a row moves within its section
                let section = random.pick(nonEmpty)
                let row = sections[section].rows.remove(at: random.below(sections[section].rows.count))
                sections[section].rows.insert(row, at: random.below(sections[section].rows.count + 1))
            case 8 where !sections.isEmpty:
                let section = random.below(sections.count)
                sections[section].rows.shuffle(using: &random)
            default: break
            }
        }
        return sections
    }
}

/// What a batch from `old` to `new` must do, every id being unique, worked out with sets and
/// dictionaries: the reference the sectioned diff is checked against.
struct SectionedReference {
    /// The section ids deleted and inserted.
    var deletedSections: Set<Int> = []
    var insertedSections: Set<Int> = []
    /// The row ids that must leave their carried section, and come into one.
    var deletedRows: Set<Int> = []
    var insertedRows: Set<Int> = []
    /// The row ids in a carried section before and after, and whether their content changed.
    var keptRows: [Int: Bool] = [:]

    init(from old: SectionedEdits.Sections, to new: SectionedEdits.Sections) {
        let oldIDs = Set(old.map(\.id))
        let newIDs = Set(new.map(\.id))
        deletedSections = oldIDs.subtracting(newIDs)
        insertedSections = newIDs.subtracting(oldIDs)
        var oldRows: [Int: DiffRow] = [:]
        for section in old where newIDs.contains(section.id) {
            for row in section.rows { oldRows[row.id] = row }
        }
        var newRows: [Int: DiffRow] = [:]
        for section in new where oldIDs.contains(section.id) {
            for row in section.rows { newRows[row.id] = row }
        }
        deletedRows = Set(oldRows.keys).subtracting(newRows.keys)
        insertedRows = Set(newRows.keys).subtracting(oldRows.keys)
        for (id, row) in oldRows { if let new = newRows[id] { keptRows[id] = new != row } }
    }

    /// Checks `changes` against the reference: the sections and rows deleted and inserted are
    /// exactly those that must be, a kept row is deleted and inserted only when it changed and
    /// moved, a changed row that stays is reloaded, and the batch applied gives `new`.
    static func check(
        _ changes: SectionedListChanges, from old: SectionedEdits.Sections, to new: SectionedEdits.Sections,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let reference = SectionedReference(from: old, to: new)
        #expect(
            changes.isValid(oldRowCounts: old.map(\.rows.count), newRowCounts: new.map(\.rows.count)),
            "\(changes)", sourceLocation: sourceLocation)
        guard changes.isValid(oldRowCounts: old.map(\.rows.count), newRowCounts: new.map(\.rows.count)) else {
            return
        }
        #expect(
            Set(changes.sections.deletes.map { old[$0].id }) == reference.deletedSections,
            sourceLocation: sourceLocation)
        #expect(
            Set(changes.sections.inserts.map { new[$0].id }) == reference.insertedSections,
            sourceLocation: sourceLocation)
        let deleted = changes.deletes.map { old[$0.section].rows[$0.row].id }
        let inserted = changes.inserts.map { new[$0.section].rows[$0.row].id }
        for id in deleted where !reference.deletedRows.contains(id) {
            #expect(
                reference.keptRows[id] == true, "row \(id) deleted though kept unchanged",
                sourceLocation: sourceLocation)
        }
        for id in inserted where !reference.insertedRows.contains(id) {
            #expect(
                reference.keptRows[id] == true, "row \(id) inserted though kept unchanged",
                sourceLocation: sourceLocation)
        }
        #expect(reference.deletedRows.isSubset(of: deleted), sourceLocation: sourceLocation)
        #expect(reference.insertedRows.isSubset(of: inserted), sourceLocation: sourceLocation)
        for move in changes.moves {
            let id = old[move.from.section].rows[move.from.row].id
            #expect(reference.keptRows[id] == false, "row \(id) moved and changed", sourceLocation: sourceLocation)
            #expect(new[move.to.section].rows[move.to.row].id == id, sourceLocation: sourceLocation)
        }
        for path in changes.reloads {
            #expect(reference.keptRows[old[path.section].rows[path.row].id] == true, sourceLocation: sourceLocation)
        }
        let changedKept = reference.keptRows.filter(\.value).count
        #expect(
            changes.reloads.count + Set(deleted).intersection(reference.keptRows.keys).count == changedKept,
            "every changed row is reloaded, or deleted and inserted", sourceLocation: sourceLocation)
        #expect(
            changes.applied(to: old.map(\.rows), inserting: new.map(\.rows)) == new.map(\.rows),
            sourceLocation: sourceLocation)
    }
}

@Suite struct SectionedListDiffTests {
    typealias Sections = SectionedEdits.Sections

    @Test func sectionsAndRowsMovingAcrossThemMakeOneBatch() {
        let old = [ListSection(id: "A", rows: ["Ann", "Avi"]), ListSection(id: "B", rows: ["Bea"])]
        let new = [ListSection(id: "B", rows: ["Bea", "Avi"]), ListSection(id: "C", rows: ["Cy"])]
        let changes = SectionedListDiff.changes(from: old, to: new, id: \.self)
        #expect(changes.sections == ListChanges(deletes: [0], inserts: [1]))
        // Ann and Avi leave with section A: Avi comes into B as an insert, not a move.
        #expect(changes.inserts == [ListIndexPath(section: 0, row: 1)])
        #expect(changes.moves.isEmpty && changes.deletes.isEmpty)
        #expect(changes.applied(to: old.map(\.rows), inserting: new.map(\.rows)) == new.map(\.rows))
    }

    @Test func aRowMovingToAnotherCarriedSectionIsOneMove() {
        let old = [ListSection(id: "A", rows: ["Ann", "Bob"]), ListSection(id: "B", rows: ["Bea"])]
        let new = [ListSection(id: "A", rows: ["Ann"]), ListSection(id: "B", rows: ["Bea", "Bob"])]
        let changes = SectionedListDiff.changes(from: old, to: new, id: \.self)
        #expect(
            changes
                == SectionedListChanges(
                    moves: [
                        SectionedRowMove(from: ListIndexPath(section: 0, row: 1), to: ListIndexPath(section: 1, row: 1))
                    ]))
    }

    @Test func sectionMovesKeepTheirRowsAndAChangedRowIsReloaded() {
        let old = [
            ListSection(id: 1, rows: [DiffRow(id: 1), DiffRow(id: 2)]), ListSection(id: 2, rows: [DiffRow(id: 3)]),
        ]
        var new = [old[1], old[0]]
        new[1].rows[1].content = 5
        let changes = SectionedListDiff.changes(from: old, to: new)
        #expect(changes.sections.moves.count == 1 && changes.sections.deletes.isEmpty)
        #expect(changes.reloads == [ListIndexPath(section: 0, row: 1)])
        #expect(changes.moves.isEmpty && changes.deletes.isEmpty && changes.inserts.isEmpty)
    }

    @Test func randomEditSequencesGiveTheReferencesBatch() {
        var edits = SectionedEdits(seed: 35)
        var seen = (sectionMoves: 0, acrossMoves: 0, withinMoves: 0, reloads: 0, sectionDeletes: 0)
        for _ in 0..<150 {
            var sections = edits.sections(edits.random.below(6), rows: 6)
            for _ in 0..<25 {
                let next = edits.edited(sections)
                let changes = SectionedListDiff.changes(from: sections, to: next)
                SectionedReference.check(changes, from: sections, to: next)
                seen.sectionMoves += changes.sections.moves.count
                seen.sectionDeletes += changes.sections.deletes.count
                seen.acrossMoves += changes.moves.count { $0.from.section != $0.to.section }
                seen.withinMoves += changes.moves.count { $0.from.section == $0.to.section }
                seen.reloads += changes.reloads.count
                sections = next
            }
        }
        // Every kind of change was checked, many times.
        #expect(seen.sectionMoves > 100 && seen.acrossMoves > 100 && seen.withinMoves > 100)
        #expect(seen.reloads > 100 && seen.sectionDeletes > 100)
    }

    @Test func withinSectionsTheRowsAreListDiffsBatch() {
        // Edits that keep every section in place and every row in its section: each section's
        // rows change as the one-section reference diff says.
        var edits = SectionedEdits(seed: 7)
        for _ in 0..<200 {
            let sections = edits.sections(1 + edits.random.below(5), rows: 8)
            let next = edits.edited(sections, kinds: 4..<9)
            let changes = SectionedListDiff.changes(from: sections, to: next)
            #expect(changes.sections.isEmpty)
            for section in sections.indices {
                let expected = referenceChanges(
                    from: sections[section].rows, to: next[section].rows, id: \.id, isSameContent: ==)
                let rows = ListChanges(
                    deletes: changes.deletes.filter { $0.section == section }.map(\.row),
                    inserts: changes.inserts.filter { $0.section == section }.map(\.row),
                    moves: changes.moves.filter { $0.from.section == section }.map {
                        ListMove(from: $0.from.row, to: $0.to.row)
                    },
                    reloads: changes.reloads.filter { $0.section == section }.map(\.row))
                #expect(rows == expected, "section \(section): \(sections[section].rows) → \(next[section].rows)")
            }
        }
    }

    @Test func duplicateIdsNeverTrapAndTheBatchGivesTheNewSections() {
        var random = SplitMix64(seed: 3)
        for _ in 0..<300 {
            func sections() -> [ListSection<Int, Int>] {
                (0..<random.below(4)).map { id in
                    ListSection(id: id * 7 % 5, rows: (0..<random.below(6)).map { _ in random.below(5) })
                }
            }
            let (old, new) = (sections(), sections())
            let changes = SectionedListDiff.changes(from: old, to: new, id: \.self)
            #expect(changes.isValid(oldRowCounts: old.map(\.rows.count), newRowCounts: new.map(\.rows.count)))
            #expect(changes.applied(to: old.map(\.rows), inserting: new.map(\.rows)) == new.map(\.rows))
        }
    }

    @Test func anInconsistentBatchSaysWhy() {
        let path = { (section: Int, row: Int) in ListIndexPath(section: section, row: row) }
        #expect(
            SectionedListChanges(deletes: [path(0, 5)]).problem(oldRowCounts: [2], newRowCounts: [1])
                == "attempt to delete row [0, 5], which is not a row before the update")
        #expect(
            SectionedListChanges(deletes: [path(0, 0)]).problem(oldRowCounts: [2], newRowCounts: [2])
                == "invalid number of rows in section 0: 2 before (section 0), so 1 expected after the update, "
                + "the data source has 2")
        #expect(
            SectionedListChanges(sections: ListChanges(deletes: [0]), deletes: [path(0, 0)])
                .problem(oldRowCounts: [1, 1], newRowCounts: [1])
                == "attempt to delete row [0, 0] of a section deleted, inserted or reloaded by the update")
        let both = SectionedListChanges(
            deletes: [path(0, 0)], inserts: [path(1, 0)], moves: [SectionedRowMove(from: path(0, 0), to: path(1, 0))])
        #expect(both.problem(oldRowCounts: [2, 0], newRowCounts: [0, 2]) == "attempt to delete and move row [0, 0]")
        #expect(
            SectionedListChanges(sections: ListChanges(deletes: [3])).problem(oldRowCounts: [0], newRowCounts: [])
                == "invalid section batch (deletes [3]) from 1 to 0 sections")
        #expect(SectionedListChanges(reloads: [path(0, 0)]).isValid(oldRowCounts: [1], newRowCounts: [1]))
    }

    @Test func destinationsFollowRowsAcrossSections() {
        let old = [ListSection(id: "A", rows: ["a1", "a2", "a3"]), ListSection(id: "B", rows: ["b1", "b2"])]
        let new = [ListSection(id: "A", rows: ["a1", "a3"]), ListSection(id: "B", rows: ["a2", "b1", "b2"])]
        let changes = SectionedListDiff.changes(from: old, to: new, id: \.self)
        let destinations = changes.destinations(oldRowCounts: [3, 2], newRowCounts: [2, 3])
        #expect(destinations[ListIndexPath(section: 0, row: 1)] == ListIndexPath(section: 1, row: 0))
        #expect(destinations[ListIndexPath(section: 0, row: 2)] == ListIndexPath(section: 0, row: 1))
        #expect(destinations[ListIndexPath(section: 1, row: 1)] == ListIndexPath(section: 1, row: 2))
        #expect(destinations[ListIndexPath(section: 2, row: 0)] == nil)
    }

    @Test func groupingByAKeySortsSectionsAndKeepsTheArraysOrder() {
        let sections = ListSection.grouped(["Bea", "Ann", "Bob", "Avi", "Cy"], by: \.first!)
        #expect(sections.map(\.id) == ["A", "B", "C"])
        #expect(sections.map(\.rows) == [["Ann", "Avi"], ["Bea", "Bob"], ["Cy"]])
    }
}
