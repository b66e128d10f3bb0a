import PropertyBinding

/// A ``TableViewBatch`` checked against the row counts before and after it, and able to say
/// where each row before the batch goes: pure logic, apart from the table's cells.
///
/// A row that is neither deleted nor moved keeps its order among the other such rows, and they
/// fill, in order, the rows after the batch that are neither inserted nor a move's destination.
/// So the new index of such a row is found with two binary searches, whatever the batch's size.
///
/// Each kind of row is checked in ascending order, so an inconsistent batch names the smallest
/// row at fault whatever the order its rows come in. A batch whose rows come ascending (as
/// `ListDiff` gives them) is checked and planned in time linear in its size, by merging sorted
/// arrays; rows in any other order are sorted first.
struct TableViewBatchPlan {
    /// Old indices that leave their place (deleted or moved away), ascending.
    private let vacated: [Int]
    /// New indices taken by inserts and move destinations, ascending.
    private let taken: [Int]
    /// Old indices deleted, ascending.
    private let deleted: [Int]
    /// Old indices reloaded, ascending.
    private let reloaded: [Int]
    /// Each moved row's new index, by its old index.
    private let destinations: [Int: Int]

    /// Checks `batch` as UIKit does, against `oldCount` rows before it and `newCount` (what the
    /// data source says now) after it.
    ///
    /// - Throws: ``TableViewError/inconsistentBatch(_:)`` with the first problem found, each kind
    ///   of row checked in ascending order.
    init(_ batch: TableViewBatch, oldCount: Int, newCount: Int) throws(TableViewError) {
        func refuse(_ message: String) -> TableViewError { .inconsistentBatch(message) }

        let expected = oldCount - batch.deletes.count + batch.inserts.count
        guard expected == newCount else {
            throw refuse(
                "invalid number of rows: \(oldCount) before, \(batch.deletes.count) deleted, "
                    + "\(batch.inserts.count) inserted, so \(expected) expected, the data source has \(newCount)")
        }

        /// The rows of one kind, ascending, checked in that order: each in range, none twice.
        func rows(_ rows: [Int], _ verb: String, in count: Int, _ when: String) throws(TableViewError) -> [Int] {
            let ascending = rows.isStrictlyAscending ? rows : rows.sorted()
            var previous: Int?
            for row in ascending {
                guard row >= 0, row < count else {
                    throw refuse(
                        "attempt to \(verb) row \(row), which is not one of the \(count) rows \(when) the update")
                }
                guard row != previous else { throw refuse("attempt to \(verb) row \(row) twice") }
                previous = row
            }
            return ascending
        }
        let deleted = try rows(batch.deletes, "delete", in: oldCount, "before")
        let reloaded = try rows(batch.reloads, "reload", in: oldCount, "before")
        let inserted = try rows(batch.inserts, "insert", in: newCount, "after")
        let movedFrom = try rows(batch.moves.map(\.from), "move", in: oldCount, "before")
        // The moves by destination (then by row moved), checked in that order.
        var moves = batch.moves
        if !moves.isEmpty && !zip(moves, moves.dropFirst()).allSatisfy({ ($0.to, $0.from) < ($1.to, $1.from) }) {
            moves.sort { ($0.to, $0.from) < ($1.to, $1.from) }
        }
        var destinations: [Int: Int] = [:]
        destinations.reserveCapacity(moves.count)
        for (index, move) in moves.enumerated() {
            guard move.to >= 0, move.to < newCount else {
                throw refuse(
                    "attempt to move row \(move.from) to row \(move.to), which is not one of the \(newCount) rows "
                        + "after the update")
            }
            guard index == 0 || moves[index - 1].to != move.to else {
                throw refuse("attempt to move row \(move.from) to row \(move.to), the destination of another move")
            }
            destinations[move.from] = move.to
        }
        let movedToRows = moves.map(\.to)

        if let row = deleted.firstCommon(with: movedFrom) { throw refuse("attempt to delete and move row \(row)") }
        if let row = reloaded.firstCommon(with: deleted) { throw refuse("attempt to delete and reload row \(row)") }
        if let row = reloaded.firstCommon(with: movedFrom) { throw refuse("attempt to move and reload row \(row)") }
        if let row = inserted.firstCommon(with: movedToRows) {
            throw refuse("attempt to insert row \(row) and move another row to it")
        }

        self.vacated = deleted.merged(with: movedFrom)
        self.taken = inserted.merged(with: movedToRows)
        self.deleted = deleted
        self.reloaded = reloaded
        self.destinations = destinations
    }

    /// Whether the row at `oldRow` gets a new cell (its content changed).
    func isReloaded(_ oldRow: Int) -> Bool { reloaded.containsSorted(oldRow) }

    /// The index after the batch of the row at `oldRow` before it, nil when it is deleted.
    func newRow(forOldRow oldRow: Int) -> Int? {
        if deleted.containsSorted(oldRow) { return nil }
        if let destination = destinations[oldRow] { return destination }
        // Its rank among the rows that stay in order...
        let rank = oldRow - vacated.partitionPoint { $0 >= oldRow }
        // ...is its rank among the free rows after the batch. `taken[i] - i` never decreases
        // (the values are distinct and ascending): the number of taken rows before the rank-th
        // free row is the number of them with `taken[i] - i <= rank`.
        let takenBefore = taken.indices.partitionPoint { taken[$0] - $0 > rank }
        return rank + takenBefore
    }
}

extension [Int] {
    /// Whether each element is greater than the one before it.
    fileprivate var isStrictlyAscending: Bool {
        var index = 1
        while index < count {
            if self[index] <= self[index - 1] { return false }
            index += 1
        }
        return true
    }

    /// The smallest element both ascending arrays hold, if any.
    fileprivate func firstCommon(with other: [Int]) -> Int? {
        var (left, right) = (0, 0)
        while left < count && right < other.count {
            if self[left] == other[right] { return self[left] }
            if self[left] < other[right] { left += 1 } else { right += 1 }
        }
        return nil
    }

    /// The two ascending arrays (with no element in common) as one ascending array.
    fileprivate func merged(with other: [Int]) -> [Int] {
        if other.isEmpty { return self }
        if isEmpty { return other }
        var result: [Int] = []
        result.reserveCapacity(count + other.count)
        var (left, right) = (0, 0)
        while left < count && right < other.count {
            if self[left] < other[right] {
                result.append(self[left])
                left += 1
            } else {
                result.append(other[right])
                right += 1
            }
        }
        result += self[left...]
        result += other[right...]
        return result
    }

    /// Whether this ascending array holds `element`: a binary search.
    fileprivate func containsSorted(_ element: Int) -> Bool {
        let index = partitionPoint { $0 >= element }
        return index < count && self[index] == element
    }
}

extension RandomAccessCollection {
    /// The first index whose element satisfies `isAbove`, which is false for a prefix of the
    /// collection and true for the rest: a binary search.
    fileprivate func partitionPoint(_ isAbove: (Element) -> Bool) -> Index {
        var low = startIndex
        var count = self.count
        while count > 0 {
            let half = count / 2
            let middle = index(low, offsetBy: half)
            if isAbove(self[middle]) {
                count = half
            } else {
                low = index(after: middle)
                count -= half + 1
            }
        }
        return low
    }
}
