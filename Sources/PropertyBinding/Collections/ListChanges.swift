/// One batch of row changes, in UIKit's `performBatchUpdates` convention: `deletes` and
/// `reloads` are indices in the OLD array, `inserts` indices in the NEW array, `moves` go from an
/// old index to a new index. Every array is sorted ascending (moves by `from`).
///
/// ```swift
/// let changes = ListDiff.changes(from: ["a", "b", "c"], to: ["b", "c", "d"], id: \.self)
/// print(changes)                                      // deletes [0], inserts [2]
/// tableView.performBatchUpdates {                     // as UIKit takes it
///     tableView.deleteRows(at: changes.deletes.map { IndexPath(row: $0, section: 0) }, with: .fade)
///     tableView.insertRows(at: changes.inserts.map { IndexPath(row: $0, section: 0) }, with: .fade)
///     for move in changes.moves {
///         tableView.moveRow(at: IndexPath(row: move.from, section: 0), to: IndexPath(row: move.to, section: 0))
///     }
///     tableView.reloadRows(at: changes.reloads.map { IndexPath(row: $0, section: 0) }, with: .none)
/// }
/// ```
///
/// A batch is one section's: sections are not part of it (see ``ListDiff``).
///
/// A row is deleted, moved from, or reloaded at most once, and never two of them; a new index is
/// inserted or moved to at most once. The rows neither deleted nor moved keep their order and fill
/// the new indices that no insert and no move takes, in order (``applied(to:inserting:)`` does
/// exactly that). A reloaded row is one of them: it stays where that puts it and shows the new
/// array's element there.
public struct ListChanges: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The old indices of the rows removed.
    public var deletes: [Int]
    /// The new indices of the rows added.
    public var inserts: [Int]
    /// The rows that change place relative to the rows that stay, sorted by ``ListMove/from``.
    public var moves: [ListMove]
    /// The old indices of the rows that stay in order and whose content changed.
    public var reloads: [Int]

    /// Creates a batch; each array sorted ascending (moves by `from`).
    ///
    /// ```swift
    /// let changes = ListChanges(deletes: [0], inserts: [2])
    /// changes.applied(to: ["a", "b", "c"], inserting: ["b", "c", "d"])   // ["b", "c", "d"]
    /// ```
    @inlinable
    public init(deletes: [Int] = [], inserts: [Int] = [], moves: [ListMove] = [], reloads: [Int] = []) {
        self.deletes = deletes
        self.inserts = inserts
        self.moves = moves
        self.reloads = reloads
    }

    /// Whether the batch changes nothing: no delete, insert, move or reload.
    ///
    /// ```swift
    /// ListDiff.changes(from: [1, 2], to: [1, 2], id: \.self).isEmpty   // true
    /// ```
    public var isEmpty: Bool { deletes.isEmpty && inserts.isEmpty && moves.isEmpty && reloads.isEmpty }

    /// `deletes [0], inserts [2], moves [3→1], reloads [4]`: the non-empty arrays, or `no changes`.
    ///
    /// ```swift
    /// print(ListChanges(deletes: [0], inserts: [2]))   // deletes [0], inserts [2]
    /// ```
    public var description: String {
        var parts: [String] = []
        if !deletes.isEmpty { parts.append("deletes \(deletes)") }
        if !inserts.isEmpty { parts.append("inserts \(inserts)") }
        if !moves.isEmpty { parts.append("moves \(moves)") }
        if !reloads.isEmpty { parts.append("reloads \(reloads)") }
        return parts.isEmpty ? "no changes" : parts.joined(separator: ", ")
    }

    /// Whether UIKit would take this batch for a list of `oldCount` rows that becomes `newCount`
    /// rows: every index in range and each array sorted ascending without repeats; no old index
    /// both deleted and moved from, no reload of a deleted or moved row; no new index both inserted
    /// and moved to; and `oldCount - deletes + inserts == newCount`.
    ///
    /// ```swift
    /// ListChanges(deletes: [0], inserts: [2]).isValid(oldCount: 3, newCount: 3)   // true
    /// ListChanges(deletes: [3]).isValid(oldCount: 3, newCount: 2)                 // false: no row 3
    /// ```
    public func isValid(oldCount: Int, newCount: Int) -> Bool {
        guard oldCount >= 0, newCount >= 0, oldCount - deletes.count + inserts.count == newCount,
            Self.isAscending(deletes, below: oldCount), Self.isAscending(reloads, below: oldCount),
            Self.isAscending(inserts, below: newCount), Self.isAscending(moves.map(\.from), below: oldCount)
        else { return false }
        var oldTaken = [Bool](repeating: false, count: oldCount)
        for index in deletes { oldTaken[index] = true }
        for move in moves {
            if oldTaken[move.from] { return false }
            oldTaken[move.from] = true
        }
        for index in reloads where oldTaken[index] { return false }
        var newTaken = [Bool](repeating: false, count: newCount)
        for index in inserts { newTaken[index] = true }
        for move in moves {
            guard move.to >= 0, move.to < newCount, !newTaken[move.to] else { return false }
            newTaken[move.to] = true
        }
        return true
    }

    private static func isAscending(_ indices: [Int], below bound: Int) -> Bool {
        var previous = -1
        for index in indices {
            guard index > previous, index < bound else { return false }
            previous = index
        }
        return true
    }

    /// Applies the batch to `old` as UIKit would, given the new array's elements for inserted rows:
    /// returns the array the batch describes (for tests and for checking a batch).
    ///
    /// An inserted row and a reloaded row show `new`'s element at their new index; a moved row and
    /// a row that stays keep `old`'s element. So for a batch from ``ListDiff``, the result equals
    /// `new`, in identity and in content.
    ///
    /// ```swift
    /// let old = ["a", "b", "c"], new = ["c", "a", "d"]
    /// let changes = ListDiff.changes(from: old, to: new, id: \.self)
    /// changes.applied(to: old, inserting: new) == new   // true
    /// ```
    ///
    /// - Precondition: the batch ``isValid(oldCount:newCount:)`` for `old.count` and `new.count`.
    public func applied<Element>(to old: [Element], inserting new: [Element]) -> [Element] {
        precondition(
            isValid(oldCount: old.count, newCount: new.count),
            "ListChanges \(self) is not a valid batch from \(old.count) to \(new.count) rows")
        var removed = [Bool](repeating: false, count: old.count)
        for index in deletes { removed[index] = true }
        for move in moves { removed[move.from] = true }
        var reloaded = [Bool](repeating: false, count: old.count)
        for index in reloads { reloaded[index] = true }
        // What each new index takes: -2 the new element (an insert), -1 the next row that stays,
        // otherwise the old index a row moves from.
        var source = [Int](repeating: -1, count: new.count)
        for index in inserts { source[index] = -2 }
        for move in moves { source[move.to] = move.from }
        var result: [Element] = []
        result.reserveCapacity(new.count)
        var staying = 0
        for index in new.indices {
            switch source[index] {
            case -2:
                result.append(new[index])
            case -1:
                while removed[staying] { staying += 1 }
                result.append(reloaded[staying] ? new[index] : old[staying])
                staying += 1
            case let from:
                result.append(old[from])
            }
        }
        return result
    }
}

extension ListChanges {
    /// Where a new row of a batch comes from.
    enum Origin {
        case inserted
        case moved(from: Int)
        case staying(from: Int, isReloaded: Bool)
    }

    /// Calls `body` for each new index in order, with where its row comes from (as
    /// ``applied(to:inserting:)`` reads a batch): the arranged and the mapped arrays follow a
    /// batch with it.
    func forEachOrigin(newCount: Int, _ body: (Int, Origin) -> Void) {
        let oldCount = newCount + deletes.count - inserts.count
        var taken = [Bool](repeating: false, count: oldCount)
        for index in deletes { taken[index] = true }
        for move in moves { taken[move.from] = true }
        var source = [Int](repeating: -1, count: newCount)  // -2 inserted, -1 a staying row, else moved from
        for index in inserts { source[index] = -2 }
        for move in moves { source[move.to] = move.from }
        var staying = 0
        var nextReload = 0
        for newIndex in 0..<newCount {
            switch source[newIndex] {
            case -2: body(newIndex, .inserted)
            case -1:
                while taken[staying] { staying += 1 }
                let isReloaded = nextReload < reloads.count && reloads[nextReload] == staying
                if isReloaded { nextReload += 1 }
                body(newIndex, .staying(from: staying, isReloaded: isReloaded))
                staying += 1
            case let from: body(newIndex, .moved(from: from))
            }
        }
    }
}
