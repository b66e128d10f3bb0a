/// One batch of changes to a list of sections, in UIKit's `performBatchUpdates` convention: the
/// sections' own batch (``sections``, a ``ListChanges`` of section indices), and the rows'
/// deletes, inserts, moves (within a section or across sections) and reloads by
/// ``ListIndexPath``. Old paths (deletes, reloads, a move's `from`) are index paths before the
/// batch, new paths (inserts, a move's `to`) after it; each array sorted ascending (moves by
/// `from`).
///
/// ```swift
/// let changes = SectionedListDiff.changes(from: old, to: new, id: \.self)
/// tableView.performBatchUpdates {                     // as UIKit takes it
///     tableView.deleteSections(IndexSet(changes.sections.deletes), with: .fade)
///     tableView.insertSections(IndexSet(changes.sections.inserts), with: .fade)
///     for move in changes.sections.moves { tableView.moveSection(move.from, toSection: move.to) }
///     tableView.deleteRows(at: changes.deletes.map { IndexPath(row: $0.row, section: $0.section) }, with: .fade)
///     tableView.insertRows(at: changes.inserts.map { IndexPath(row: $0.row, section: $0.section) }, with: .fade)
///     for move in changes.moves {
///         tableView.moveRow(
///             at: IndexPath(row: move.from.row, section: move.from.section),
///             to: IndexPath(row: move.to.row, section: move.to.section))
///     }
/// }
/// ```
///
/// **What a batch means.** The sections' batch reads as any ``ListChanges``. A section that is
/// deleted or reloaded takes its rows with it, and a section that is inserted or reloaded brings
/// its rows: the row changes never name their rows. Every other section is *carried* (it stays
/// or moves, keeping its id): the row changes address rows of carried sections only. Within a
/// carried section, the rows neither deleted nor moved away keep their order and fill, in
/// order, the rows of its new section that no insert and no move takes; a reloaded row is one of
/// them. A row moves at most once, and is never both moved and deleted or reloaded.
/// ``applied(to:inserting:)`` does exactly that.
public struct SectionedListChanges: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The sections' batch: section indices deleted, inserted, moved and reloaded.
    public var sections: ListChanges
    /// The old index paths of the rows removed from carried sections.
    public var deletes: [ListIndexPath]
    /// The new index paths of the rows added to carried sections.
    public var inserts: [ListIndexPath]
    /// The rows that change place relative to the rows that stay, within their section or to
    /// another, sorted by ``SectionedRowMove/from``.
    public var moves: [SectionedRowMove]
    /// The old index paths of the rows that stay in order and whose content changed.
    public var reloads: [ListIndexPath]

    /// Creates a batch; each array sorted ascending (moves by `from`).
    ///
    /// ```swift
    /// let changes = SectionedListChanges(
    ///     sections: ListChanges(inserts: [0]), deletes: [ListIndexPath(section: 0, row: 1)])
    /// ```
    @inlinable
    public init(
        sections: ListChanges = ListChanges(), deletes: [ListIndexPath] = [], inserts: [ListIndexPath] = [],
        moves: [SectionedRowMove] = [], reloads: [ListIndexPath] = []
    ) {
        self.sections = sections
        self.deletes = deletes
        self.inserts = inserts
        self.moves = moves
        self.reloads = reloads
    }

    /// Whether the batch changes nothing.
    ///
    /// ```swift
    /// SectionedListDiff.changes(from: sections, to: sections, id: \.self).isEmpty   // true
    /// ```
    public var isEmpty: Bool {
        sections.isEmpty && deletes.isEmpty && inserts.isEmpty && moves.isEmpty && reloads.isEmpty
    }

    /// `sections (inserts [0]), deletes [[1, 2]], moves [[0, 0]→[2, 1]]`: the non-empty parts, or
    /// `no changes`.
    ///
    /// ```swift
    /// print(SectionedListChanges(deletes: [ListIndexPath(section: 1, row: 2)]))   // deletes [[1, 2]]
    /// ```
    public var description: String {
        var parts: [String] = []
        if !sections.isEmpty { parts.append("sections (\(sections))") }
        if !deletes.isEmpty { parts.append("deletes \(deletes)") }
        if !inserts.isEmpty { parts.append("inserts \(inserts)") }
        if !moves.isEmpty { parts.append("moves \(moves)") }
        if !reloads.isEmpty { parts.append("reloads \(reloads)") }
        return parts.isEmpty ? "no changes" : parts.joined(separator: ", ")
    }

    /// Whether the batch fits a list whose sections had `oldRowCounts` rows each and have
    /// `newRowCounts` after it (see ``problem(oldRowCounts:newRowCounts:)``).
    ///
    /// ```swift
    /// SectionedListChanges(deletes: [ListIndexPath(section: 0, row: 0)])
    ///     .isValid(oldRowCounts: [2], newRowCounts: [1])   // true
    /// ```
    public func isValid(oldRowCounts: [Int], newRowCounts: [Int]) -> Bool {
        problem(oldRowCounts: oldRowCounts, newRowCounts: newRowCounts) == nil
    }

    /// Why the batch does not fit a list whose sections had `oldRowCounts` rows each and have
    /// `newRowCounts` after it, in UIKit's words; nil when it fits: the sections' batch is valid
    /// (``ListChanges/isValid(oldCount:newCount:)``); every row path is in range and in a carried
    /// section; each array ascending without repeats; no row both deleted and moved, reloaded
    /// and deleted or moved, inserted where a move goes; and each carried section's count adds
    /// up (before, less its deletes and moves out, plus its inserts and moves in).
    ///
    /// ```swift
    /// SectionedListChanges(deletes: [ListIndexPath(section: 0, row: 5)])
    ///     .problem(oldRowCounts: [2], newRowCounts: [1])   // "attempt to delete row [0, 5], …"
    /// ```
    public func problem(oldRowCounts: [Int], newRowCounts: [Int]) -> String? {
        let oldSections = oldRowCounts.count
        let newSections = newRowCounts.count
        guard sections.isValid(oldCount: oldSections, newCount: newSections) else {
            return "invalid section batch (\(sections)) from \(oldSections) to \(newSections) sections"
        }
        if let negative = (oldRowCounts + newRowCounts).first(where: { $0 < 0 }) {
            return "invalid row count \(negative)"
        }
        let shape = SectionShape(changes: sections, oldSections: oldSections, newSections: newSections)
        // What each carried section loses and gains, by its new index.
        var balance = [Int](repeating: 0, count: newSections)

        func check(
            _ paths: [ListIndexPath], _ verb: String, old: Bool, _ each: (ListIndexPath) -> Void
        ) -> String? {
            var previous: ListIndexPath?
            let counts = old ? oldRowCounts : newRowCounts
            let when = old ? "before" : "after"
            for path in paths {
                guard path.section >= 0, path.section < counts.count, path.row >= 0, path.row < counts[path.section]
                else { return "attempt to \(verb) row \(path), which is not a row \(when) the update" }
                guard old ? shape.newSectionOfOld[path.section] >= 0 : shape.oldSectionOfNew[path.section] >= 0
                else {
                    return "attempt to \(verb) row \(path) of a section deleted, inserted or reloaded by the update"
                }
                if let previous, path <= previous {
                    return path == previous
                        ? "attempt to \(verb) row \(path) twice" : "rows to \(verb) are not ascending at \(path)"
                }
                previous = path
                each(path)
            }
            return nil
        }
        if let problem = check(deletes, "delete", old: true, { balance[shape.newSectionOfOld[$0.section]] -= 1 }) {
            return problem
        }
        if let problem = check(inserts, "insert", old: false, { balance[$0.section] += 1 }) { return problem }
        if let problem = check(reloads, "reload", old: true, { _ in }) { return problem }
        if let problem = check(
            moves.map(\.from), "move", old: true, { balance[shape.newSectionOfOld[$0.section]] -= 1 })
        {
            return problem
        }
        for move in moves {
            let to = move.to
            guard to.section >= 0, to.section < newSections, to.row >= 0, to.row < newRowCounts[to.section] else {
                return "attempt to move row \(move.from) to \(to), which is not a row after the update"
            }
            guard shape.oldSectionOfNew[to.section] >= 0 else {
                return "attempt to move row \(move.from) to \(to), in a section inserted or reloaded by the update"
            }
            balance[to.section] += 1
        }
        // Each kind of row is ascending (checked above): rows named by two kinds are found by
        // merging, in time linear in the batch.
        let movedFrom = moves.map(\.from)
        if let path = deletes.firstCommon(with: movedFrom) { return "attempt to delete and move row \(path)" }
        if let path = reloads.firstCommon(with: deletes) { return "attempt to delete and reload row \(path)" }
        if let path = reloads.firstCommon(with: movedFrom) { return "attempt to move and reload row \(path)" }
        let movedTo = moves.sorted { $0.to < $1.to }
        for (move, next) in zip(movedTo, movedTo.dropFirst()) where move.to == next.to {
            return "attempt to move row \(next.from) to \(next.to), the destination of another move"
        }
        if let path = inserts.firstCommon(with: movedTo.map(\.to)) {
            return "attempt to insert row \(path) and move another row to it"
        }
        for newSection in 0..<newSections {
            let oldSection = shape.oldSectionOfNew[newSection]
            guard oldSection >= 0 else { continue }
            let expected = oldRowCounts[oldSection] + balance[newSection]
            guard expected == newRowCounts[newSection] else {
                return "invalid number of rows in section \(newSection): \(oldRowCounts[oldSection]) before "
                    + "(section \(oldSection)), so \(expected) expected after the update, the data source has "
                    + "\(newRowCounts[newSection])"
            }
        }
        return nil
    }

    /// Applies the batch to `old`, as UIKit would, given the new sections' rows for inserted
    /// rows and sections: returns the sections the batch describes (for tests and for checking
    /// a batch). An inserted or reloaded row or section shows `new`'s; a moved row and a row
    /// that stays keep `old`'s. So for a batch from ``SectionedListDiff``, the result equals
    /// `new`.
    ///
    /// ```swift
    /// let changes = SectionedListDiff.changes(from: old, to: new, id: \.self)
    /// changes.applied(to: old.map(\.rows), inserting: new.map(\.rows)) == new.map(\.rows)   // true
    /// ```
    ///
    /// - Precondition: the batch ``isValid(oldRowCounts:newRowCounts:)`` for the two shapes.
    public func applied<Element>(to old: [[Element]], inserting new: [[Element]]) -> [[Element]] {
        let oldCounts = old.map(\.count)
        let newCounts = new.map(\.count)
        if let problem = problem(oldRowCounts: oldCounts, newRowCounts: newCounts) {
            preconditionFailure("SectionedListChanges \(self) does not fit: \(problem)")
        }
        let plan = SectionedBatchPlan(self, oldRowCounts: oldCounts, newRowCounts: newCounts)
        let oldRows = old.flatMap { $0 }
        var result: [[Element]] = []
        result.reserveCapacity(new.count)
        for (section, rows) in new.enumerated() {
            var shown: [Element] = []
            shown.reserveCapacity(rows.count)
            let start = plan.newFlat.starts[section]
            for row in rows.indices {
                let source = plan.sourceOfNew[start + row]
                shown.append(source < 0 ? rows[row] : oldRows[source])
            }
            result.append(shown)
        }
        return result
    }

    /// Where each row before the batch goes, for a list whose sections had `oldRowCounts` rows
    /// and have `newRowCounts` after it: a list view keeps the cell of a row that has a
    /// destination and is not reloaded.
    ///
    /// ```swift
    /// let destinations = changes.destinations(oldRowCounts: [3, 2], newRowCounts: [2, 3])
    /// destinations[ListIndexPath(section: 0, row: 2)]   // [1, 0]: moved to the second section
    /// ```
    ///
    /// - Precondition: the batch ``isValid(oldRowCounts:newRowCounts:)`` for the two shapes.
    public func destinations(oldRowCounts: [Int], newRowCounts: [Int]) -> Destinations {
        Destinations(self, oldRowCounts: oldRowCounts, newRowCounts: newRowCounts)
    }

    /// Where each row before a ``SectionedListChanges`` batch goes (see
    /// ``SectionedListChanges/destinations(oldRowCounts:newRowCounts:)``): each row found by
    /// binary searches of the batch, so a list that asks for its visible rows only pays for
    /// those, whatever the number of rows.
    ///
    /// ```swift
    /// if let newPath = destinations[oldPath], !destinations.isReloaded(oldPath) { keepCell(at: newPath) }
    /// ```
    public struct Destinations: Sendable {
        let changes: SectionedListChanges
        let shape: SectionShape
        let oldRowCounts: [Int]
        let newRowCounts: [Int]
        /// The moves' destinations, ascending.
        let movedTo: [ListIndexPath]

        init(_ changes: SectionedListChanges, oldRowCounts: [Int], newRowCounts: [Int]) {
            self.changes = changes
            shape = SectionShape(
                changes: changes.sections, oldSections: oldRowCounts.count, newSections: newRowCounts.count)
            self.oldRowCounts = oldRowCounts
            self.newRowCounts = newRowCounts
            movedTo = changes.moves.map(\.to).sorted()
        }

        /// The index path after the batch of the row at `old` before it; nil when it is deleted,
        /// alone or with its section, or its section is reloaded (its rows are new). Nil for a
        /// path that was not a row.
        ///
        /// ```swift
        /// destinations[ListIndexPath(section: 0, row: 2)]   // [1, 0]
        /// ```
        public subscript(old: ListIndexPath) -> ListIndexPath? {
            guard old.section >= 0, old.section < oldRowCounts.count, old.row >= 0,
                old.row < oldRowCounts[old.section]
            else { return nil }
            let newSection = shape.newSectionOfOld[old.section]
            guard newSection >= 0, !changes.deletes.containsSorted(old) else { return nil }
            let moveIndex = changes.moves.partitionPoint { $0.from >= old }
            if moveIndex < changes.moves.count && changes.moves[moveIndex].from == old {
                return changes.moves[moveIndex].to
            }
            // Its rank among the rows of its section that stay in order...
            let sectionStart = ListIndexPath(section: old.section, row: 0)
            let rank =
                old.row - changes.deletes.count(from: sectionStart, below: old)
                - (moveIndex - changes.moves.partitionPoint { $0.from >= sectionStart })
            // ...is its rank among the free rows of its new section: the first row with rank + 1
            // free rows up to it.
            let count = newRowCounts[newSection]
            func freeRows(through row: Int) -> Int {
                let start = ListIndexPath(section: newSection, row: 0)
                let end = ListIndexPath(section: newSection, row: row + 1)
                return row + 1 - changes.inserts.count(from: start, below: end) - movedTo.count(from: start, below: end)
            }
            var (low, high) = (0, count - 1)
            guard count > 0 else { return nil }
            while low < high {
                let middle = (low + high) / 2
                if freeRows(through: middle) >= rank + 1 { high = middle } else { low = middle + 1 }
            }
            return ListIndexPath(section: newSection, row: low)
        }

        /// Whether the row at `old` shows new content after the batch: it is reloaded, or its
        /// section is.
        ///
        /// ```swift
        /// destinations.isReloaded(ListIndexPath(section: 0, row: 1))   // false
        /// ```
        public func isReloaded(_ old: ListIndexPath) -> Bool {
            guard old.section >= 0, old.section < shape.reloadedOld.count else { return false }
            return shape.reloadedOld[old.section] || changes.reloads.containsSorted(old)
        }
    }
}

extension [ListIndexPath] {
    /// The smallest path both ascending arrays hold, if any.
    fileprivate func firstCommon(with other: [ListIndexPath]) -> ListIndexPath? {
        var (left, right) = (0, 0)
        while left < count && right < other.count {
            if self[left] == other[right] { return self[left] }
            if self[left] < other[right] { left += 1 } else { right += 1 }
        }
        return nil
    }

    /// How many of this ascending array's paths are at least `start` and below `end`.
    fileprivate func count(from start: ListIndexPath, below end: ListIndexPath) -> Int {
        countSorted(below: end) - countSorted(below: start)
    }
}

/// What the sections' batch does to each section: where a carried section goes, and where a
/// carried section comes from (-1 for a deleted, inserted or reloaded section).
struct SectionShape {
    var newSectionOfOld: [Int]
    var oldSectionOfNew: [Int]
    /// Reloaded sections, by old index.
    var reloadedOld: [Bool]

    init(changes: ListChanges, oldSections: Int, newSections: Int) {
        newSectionOfOld = [Int](repeating: -1, count: oldSections)
        oldSectionOfNew = [Int](repeating: -1, count: newSections)
        reloadedOld = [Bool](repeating: false, count: oldSections)
        changes.forEachOrigin(newCount: newSections) { newSection, origin in
            switch origin {
            case .inserted: break
            case .moved(let from):
                newSectionOfOld[from] = newSection
                oldSectionOfNew[newSection] = from
            case .staying(let from, let isReloaded):
                if isReloaded {
                    reloadedOld[from] = true
                } else {
                    newSectionOfOld[from] = newSection
                    oldSectionOfNew[newSection] = from
                }
            }
        }
    }
}

/// The rows of a list of sections numbered one after the other, section by section.
struct FlatRows: Sendable {
    /// Each section's first flat index, and the total at the end.
    var starts: [Int]

    init(counts: [Int]) {
        starts = []
        starts.reserveCapacity(counts.count + 1)
        var total = 0
        for count in counts {
            starts.append(total)
            total += count
        }
        starts.append(total)
    }

    var total: Int { starts[starts.count - 1] }
    var sectionCount: Int { starts.count - 1 }

    func count(of section: Int) -> Int { starts[section + 1] - starts[section] }

    func index(_ path: ListIndexPath) -> Int { starts[path.section] + path.row }

    func indexIfValid(_ path: ListIndexPath) -> Int? {
        guard path.section >= 0, path.section < sectionCount, path.row >= 0, path.row < count(of: path.section)
        else { return nil }
        return index(path)
    }

    /// The path of flat index `index`: a binary search of the sections.
    func path(_ index: Int) -> ListIndexPath {
        var low = 0
        var high = sectionCount - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= index { low = middle } else { high = middle - 1 }
        }
        // Empty sections share a start: the last of them holds the row.
        return ListIndexPath(section: low, row: index - starts[low])
    }
}

/// A valid ``SectionedListChanges`` read as where each old row goes and where each new row comes
/// from, by flat index: what applying it and keeping cells need.
struct SectionedBatchPlan: Sendable {
    let oldFlat: FlatRows
    let newFlat: FlatRows
    /// Each old row's new flat index, -1 when it leaves (deleted, with its section, or its
    /// section reloaded).
    var newOfOld: [Int]
    /// Each new row's old flat index, -1 when it is new (inserted, with its section, reloaded).
    var sourceOfNew: [Int]
    /// The old rows reloaded, alone or with their section.
    var reloadedOld: [Bool]

    init(_ changes: SectionedListChanges, oldRowCounts: [Int], newRowCounts: [Int]) {
        oldFlat = FlatRows(counts: oldRowCounts)
        newFlat = FlatRows(counts: newRowCounts)
        let shape = SectionShape(
            changes: changes.sections, oldSections: oldRowCounts.count, newSections: newRowCounts.count)
        newOfOld = [Int](repeating: -1, count: oldFlat.total)
        sourceOfNew = [Int](repeating: -1, count: newFlat.total)
        reloadedOld = [Bool](repeating: false, count: oldFlat.total)
        var vacated = [Bool](repeating: false, count: oldFlat.total)
        var taken = [Bool](repeating: false, count: newFlat.total)
        for path in changes.deletes { vacated[oldFlat.index(path)] = true }
        for path in changes.inserts { taken[newFlat.index(path)] = true }
        for path in changes.reloads { reloadedOld[oldFlat.index(path)] = true }
        for move in changes.moves {
            let from = oldFlat.index(move.from)
            let to = newFlat.index(move.to)
            vacated[from] = true
            taken[to] = true
            newOfOld[from] = to
            sourceOfNew[to] = from
        }
        for (oldSection, isReloaded) in shape.reloadedOld.enumerated() where isReloaded {
            for index in oldFlat.starts[oldSection]..<oldFlat.starts[oldSection + 1] { reloadedOld[index] = true }
        }
        for newSection in 0..<newFlat.sectionCount {
            let oldSection = shape.oldSectionOfNew[newSection]
            guard oldSection >= 0 else { continue }
            var staying = oldFlat.starts[oldSection]
            for index in newFlat.starts[newSection]..<newFlat.starts[newSection + 1] where !taken[index] {
                while vacated[staying] { staying += 1 }
                newOfOld[staying] = index
                sourceOfNew[index] = reloadedOld[staying] ? -1 : staying
                staying += 1
            }
        }
    }
}
