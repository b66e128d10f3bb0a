/// The batch that turns one list of sections into another, by section id and element id, in
/// time linear in rows + sections: DifferenceKit's `ArraySection` changeset, in one batch.
///
/// ```swift
/// let old = [ListSection(id: "A", rows: ["Ann", "Avi"]), ListSection(id: "B", rows: ["Bea"])]
/// let new = [ListSection(id: "B", rows: ["Bea", "Avi"]), ListSection(id: "C", rows: ["Cy"])]
/// let changes = SectionedListDiff.changes(from: old, to: new, id: \.self)
/// print(changes)   // sections (deletes [0], inserts [1]), moves [[0, 1]→[0, 1]]
/// ```
///
/// **Sections** are matched by id as ``ListDiff`` matches rows: a section is deleted only when
/// its id is gone, inserted only when its id is new, and moved when its order changed
/// relative to the sections that stay. A deleted section takes its rows with it and an inserted
/// one brings its own; the batch never reloads a section.
///
/// **Rows** are matched by id across the whole list, so a row whose section changed moves
/// there (across sections) and keeps its cell, as long as both its old and its new section are
/// carried (neither deleted nor inserted): otherwise it leaves with its old section, or comes
/// with its new one. Within a carried section the rows that stay in place are chosen as
/// ``ListDiff`` chooses them; a row that stays and changed (`isSameContent` is false) is
/// reloaded, a row that moved and changed is deleted and inserted (UIKit cannot move and reload
/// one row in one batch). Duplicate ids are matched in order, as ``ListDiff`` does; the batch,
/// applied, gives `new` exactly.
///
/// **Cost.** Linear in the rows and sections of both lists: the rows are matched by one
/// ``ListDiff`` of the rows end to end (its in-order matching reads a list that mostly keeps its
/// order without hashing), then each carried section's rows are walked once.
public enum SectionedListDiff {
    /// The batch that turns `old` into `new`, matching sections by id and rows by the ids `id`
    /// returns, reloading rows whose id stayed and whose content changed (`isSameContent`).
    ///
    /// ```swift
    /// let changes = SectionedListDiff.changes(
    ///     from: old, to: new, id: { $0.id }, isSameContent: { $0.title == $1.title })
    /// ```
    @inlinable
    public static func changes<SectionID: Hashable, Element, ID: Hashable>(
        from old: [ListSection<SectionID, Element>], to new: [ListSection<SectionID, Element>],
        id: (Element) -> ID, isSameContent: (Element, Element) -> Bool
    ) -> SectionedListChanges {
        changes(
            oldSectionIDs: old.map(\.id), oldRows: old.flatMap(\.rows), oldCounts: old.map(\.rows.count),
            newSectionIDs: new.map(\.id), newRows: new.flatMap(\.rows), newCounts: new.map(\.rows.count),
            id: id, isSameContent: isSameContent)
    }

    /// The batch that turns `old` into `new`, matching rows by the id at `id` and reloading those
    /// that are no longer equal (`==`).
    ///
    /// ```swift
    /// let changes = SectionedListDiff.changes(from: old, to: new, id: \.self)
    /// ```
    @inlinable
    public static func changes<SectionID: Hashable, Element: Equatable, ID: Hashable>(
        from old: [ListSection<SectionID, Element>], to new: [ListSection<SectionID, Element>],
        id: KeyPath<Element, ID>
    ) -> SectionedListChanges {
        changes(from: old, to: new, id: { $0[keyPath: id] }, isSameContent: ==)
    }

    /// The batch that turns `old` into `new`, sections of `Identifiable` elements, reloading
    /// the elements that are no longer equal (`==`).
    ///
    /// ```swift
    /// let changes = SectionedListDiff.changes(from: oldSections, to: newSections)
    /// ```
    @inlinable
    public static func changes<SectionID: Hashable, Element: Identifiable & Equatable>(
        from old: [ListSection<SectionID, Element>], to new: [ListSection<SectionID, Element>]
    ) -> SectionedListChanges {
        changes(from: old, to: new, id: { $0.id }, isSameContent: ==)
    }

    /// The diff of two lists of sections given end to end: each list's section ids, its rows
    /// one after the other, and each section's row count (what `TableSections` keeps).
    @inlinable
    static func changes<SectionID: Hashable, Element, ID: Hashable>(
        oldSectionIDs: [SectionID], oldRows: [Element], oldCounts: [Int],
        newSectionIDs: [SectionID], newRows: [Element], newCounts: [Int],
        id: (Element) -> ID, isSameContent: (Element, Element) -> Bool
    ) -> SectionedListChanges {
        if oldRows.count <= Int(Int32.max) && newRows.count <= Int(Int32.max) {
            // Every row paired by id, wherever it went, and its content compared, by the list
            // diff's own steps.
            let sections = ListDiff.changes(
                from: oldSectionIDs, to: newSectionIDs, id: { $0 }, isSameContent: { _, _ in true })
            let pairing = oldRows.withUnsafeBufferPointer { oldRows in
                newRows.withUnsafeBufferPointer { newRows in
                    ListDiff.withCompactPairs(from: oldRows, to: newRows, id: id, isSameContent: isSameContent) {
                        oldToNew, newToOld, changed, _, _ in
                        SectionedPairing(
                            sections: sections, oldToNew: Array(oldToNew), newToOld: Array(newToOld),
                            changed: Array(changed), oldCounts: oldCounts, newCounts: newCounts)
                    }
                }
            }
            return pairing.changes()
        }
        // Every row matched by id, wherever it went: content is compared once the pairs are known.
        let match = ListDiff.changes(from: oldRows, to: newRows, id: id, isSameContent: { _, _ in true })
        return changes(
            oldSectionIDs: oldSectionIDs, oldRows: oldRows, oldCounts: oldCounts,
            newSectionIDs: newSectionIDs, newRows: newRows, newCounts: newCounts,
            oldOfNew: SectionedPairing.oldOfNew(match, newCount: newRows.count), isSameContent: isSameContent)
    }

    /// The diff of two lists of sections given end to end, their rows already paired:
    /// `oldOfNew[i]` is the old row that new row `i` is (-1 for a new row), as an announced batch
    /// says.
    @inlinable
    static func changes<SectionID: Hashable, Element>(
        oldSectionIDs: [SectionID], oldRows: [Element], oldCounts: [Int],
        newSectionIDs: [SectionID], newRows: [Element], newCounts: [Int],
        oldOfNew: [Int], isSameContent: (Element, Element) -> Bool
    ) -> SectionedListChanges {
        let sections = ListDiff.changes(
            from: oldSectionIDs, to: newSectionIDs, id: { $0 }, isSameContent: { _, _ in true })
        var newToOld = [Int32](repeating: -1, count: newRows.count)
        var oldToNew = [Int32](repeating: -1, count: oldRows.count)
        var changed = [Bool](repeating: false, count: newRows.count)
        oldRows.withUnsafeBufferPointer { oldRows in
            newRows.withUnsafeBufferPointer { newRows in
                for newIndex in newRows.indices where oldOfNew[newIndex] >= 0 {
                    let oldIndex = oldOfNew[newIndex]
                    newToOld[newIndex] = Int32(oldIndex)
                    oldToNew[oldIndex] = Int32(newIndex)
                    changed[newIndex] = !isSameContent(oldRows[oldIndex], newRows[newIndex])
                }
            }
        }
        let pairing = SectionedPairing(
            sections: sections, oldToNew: oldToNew, newToOld: newToOld, changed: changed, oldCounts: oldCounts,
            newCounts: newCounts)
        return pairing.changes()
    }
}

/// The rows of two lists of sections paired by id, each pair within one carried section or
/// across two: what ``SectionedListDiff`` reads its batch from, apart from the element type.
/// Indices are `Int32`, as the list diff's: a list of sections has at most `Int32.max` rows.
@usableFromInline
struct SectionedPairing {
    let sections: ListChanges
    let shape: SectionShape
    let oldFlat: FlatRows
    let newFlat: FlatRows
    /// Each old row's partner in the new list, -1 for none (or a pair broken because one of its
    /// sections is not carried).
    var newOfOld: [Int32]
    /// Each new row's partner in the old list, -1 for none.
    var oldOfNew: [Int32]
    /// Whether each paired old row stays in place within its carried section (1), or moves (2).
    var fate: [UInt8]
    /// Whether each paired new row's content changed.
    let changed: [Bool]

    /// Each new row's old row in a batch of rows end to end, -1 for an inserted row.
    @usableFromInline
    static func oldOfNew(_ rows: ListChanges, newCount: Int) -> [Int] {
        var oldOfNew = [Int](repeating: -1, count: newCount)
        rows.forEachOrigin(newCount: newCount) { newIndex, origin in
            switch origin {
            case .inserted: break
            case .moved(let from), .staying(let from, _): oldOfNew[newIndex] = from
            }
        }
        return oldOfNew
    }

    /// The pairs `oldToNew` and `newToOld` (-1 for none), and whether each paired new row's
    /// content `changed`.
    @usableFromInline
    init(
        sections: ListChanges, oldToNew: [Int32], newToOld: [Int32], changed: [Bool], oldCounts: [Int],
        newCounts: [Int]
    ) {
        let shape = SectionShape(changes: sections, oldSections: oldCounts.count, newSections: newCounts.count)
        let oldFlat = FlatRows(counts: oldCounts)
        let newFlat = FlatRows(counts: newCounts)
        precondition(oldFlat.total <= Int(Int32.max) && newFlat.total <= Int(Int32.max), "too many rows")
        var newOfOld = oldToNew
        var oldOfNew = newToOld
        // A pair whose old section leaves or whose new section is new is no pair: the row goes
        // with its section, or comes with it.
        for oldSection in 0..<oldFlat.sectionCount where shape.newSectionOfOld[oldSection] < 0 {
            for oldIndex in oldFlat.starts[oldSection]..<oldFlat.starts[oldSection + 1] {
                let newIndex = Int(newOfOld[oldIndex])
                if newIndex >= 0 {
                    oldOfNew[newIndex] = -1
                    newOfOld[oldIndex] = -1
                }
            }
        }
        for newSection in 0..<newFlat.sectionCount where shape.oldSectionOfNew[newSection] < 0 {
            for newIndex in newFlat.starts[newSection]..<newFlat.starts[newSection + 1] {
                let oldIndex = Int(oldOfNew[newIndex])
                if oldIndex >= 0 {
                    oldOfNew[newIndex] = -1
                    newOfOld[oldIndex] = -1
                }
            }
        }
        // Within each carried section, which pairs stay in place: ListDiff's walk, on the pairs
        // of that section alone (a pair across sections moves).
        var fate = [UInt8](repeating: 2, count: oldFlat.total)
        newOfOld.withUnsafeBufferPointer { newOfOld in
            oldOfNew.withUnsafeBufferPointer { oldOfNew in
                fate.withUnsafeMutableBufferPointer { fate in
                    for newSection in 0..<newFlat.sectionCount {
                        let oldSection = shape.oldSectionOfNew[newSection]
                        guard oldSection >= 0 else { continue }
                        Self.walk(
                            old: oldFlat.starts[oldSection]..<oldFlat.starts[oldSection + 1],
                            new: newFlat.starts[newSection]..<newFlat.starts[newSection + 1],
                            newOfOld: newOfOld, oldOfNew: oldOfNew, fate: fate)
                    }
                }
            }
        }
        self.sections = sections
        self.shape = shape
        self.oldFlat = oldFlat
        self.newFlat = newFlat
        self.changed = changed
        self.newOfOld = newOfOld
        self.oldOfNew = oldOfNew
        self.fate = fate
    }

    /// ListDiff's walk of one carried section: the old rows `old` and new rows `new`.
    private static func walk(
        old: Range<Int>, new: Range<Int>, newOfOld: UnsafeBufferPointer<Int32>, oldOfNew: UnsafeBufferPointer<Int32>,
        fate: UnsafeMutableBufferPointer<UInt8>
    ) {
        for oldIndex in old { fate[oldIndex] = 0 }
        let (oldEnd, newStart, newEnd) = (old.upperBound, Int32(new.lowerBound), Int32(new.upperBound))
        // The next old row of this section paired within it and not decided yet.
        func skip(_ cursor: inout Int) {
            while cursor < oldEnd {
                let partner = newOfOld[cursor]
                if partner >= newStart && partner < newEnd && fate[cursor] == 0 { return }
                cursor += 1
            }
        }
        var cursor = old.lowerBound
        for newIndex in new {
            let oldIndex = Int(oldOfNew[newIndex])
            guard oldIndex >= old.lowerBound && oldIndex < oldEnd else { continue }
            skip(&cursor)
            while oldIndex > cursor && Int(newOfOld[cursor]) - newIndex > oldIndex - cursor {
                fate[cursor] = 2
                cursor += 1
                skip(&cursor)
            }
            let stays = oldIndex == cursor
            if stays { cursor += 1 }
            fate[oldIndex] = stays ? 1 : 2
        }
    }

    /// The batch: the sections' own, and each carried section's rows in ascending order.
    @usableFromInline
    func changes() -> SectionedListChanges {
        var changes = SectionedListChanges(sections: sections)
        newOfOld.withUnsafeBufferPointer { newOfOld in
            oldOfNew.withUnsafeBufferPointer { oldOfNew in
                fate.withUnsafeBufferPointer { fate in
                    changed.withUnsafeBufferPointer { changed in
                        read(into: &changes, newOfOld: newOfOld, oldOfNew: oldOfNew, fate: fate, changed: changed)
                    }
                }
            }
        }
        return changes
    }

    /// The rows of the batch, read off the pairs.
    private func read(
        into changes: inout SectionedListChanges, newOfOld: UnsafeBufferPointer<Int32>,
        oldOfNew: UnsafeBufferPointer<Int32>, fate: UnsafeBufferPointer<UInt8>, changed: UnsafeBufferPointer<Bool>
    ) {
        for oldSection in 0..<oldFlat.sectionCount where shape.newSectionOfOld[oldSection] >= 0 {
            let start = oldFlat.starts[oldSection]
            for oldIndex in start..<oldFlat.starts[oldSection + 1] {
                let newIndex = Int(newOfOld[oldIndex])
                if newIndex >= 0 && fate[oldIndex] == 1 && !changed[newIndex] { continue }  // stays as it was
                let path = ListIndexPath(section: oldSection, row: oldIndex - start)
                if newIndex < 0 {
                    changes.deletes.append(path)
                } else if fate[oldIndex] == 1 {
                    changes.reloads.append(path)
                } else if changed[newIndex] {
                    changes.deletes.append(path)
                } else {
                    changes.moves.append(SectionedRowMove(from: path, to: newFlat.path(newIndex)))
                }
            }
        }
        for newSection in 0..<newFlat.sectionCount where shape.oldSectionOfNew[newSection] >= 0 {
            let start = newFlat.starts[newSection]
            for newIndex in start..<newFlat.starts[newSection + 1] {
                let oldIndex = Int(oldOfNew[newIndex])
                if oldIndex < 0 || (changed[newIndex] && fate[oldIndex] != 1) {
                    changes.inserts.append(ListIndexPath(section: newSection, row: newIndex - start))
                }
            }
        }
    }
}
