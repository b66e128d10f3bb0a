import PropertyBinding

/// One batch of changes to a ``TableView``'s rows, as the calls inside
/// `UITableView.performBatchUpdates`: deletes, inserts, moves and reloads.
///
/// ```swift
/// try table.performBatchUpdates { batch in
///     people.remove(at: 2)
///     people.insert(Person(name: "Dee"), at: 0)
///     batch.deleteRows(at: [2])      // an index before the batch
///     batch.insertRows(at: [0])      // an index after the batch
/// }
/// ```
///
/// As in UIKit, ``deletes``, ``reloads`` and each move's `from` are indices **before** the batch;
/// ``inserts`` and each move's `to` are indices **after** it. The order of the calls does not
/// matter. A row that is not deleted, reloaded or moved keeps its cell and shifts with the rows
/// deleted and inserted before it.
public struct TableViewBatch: Equatable, Sendable, CustomStringConvertible {
    /// The rows deleted, as indices before the batch.
    public var deletes: [Int]
    /// The rows inserted, as indices after the batch.
    public var inserts: [Int]
    /// The rows moved, each from its index before the batch to its index after it.
    public var moves: [TableViewMove]
    /// The rows whose content changed, as indices before the batch: each gets a new cell.
    public var reloads: [Int]

    /// A batch of these changes; an empty one by default.
    ///
    /// ```swift
    /// recorder.batches == [TableViewBatch(deletes: [2], inserts: [0])]
    /// ```
    public init(
        deletes: [Int] = [], inserts: [Int] = [], moves: [TableViewMove] = [], reloads: [Int] = []
    ) {
        self.deletes = deletes
        self.inserts = inserts
        self.moves = moves
        self.reloads = reloads
    }

    /// Whether the batch changes nothing.
    ///
    /// ```swift
    /// TableViewBatch().isEmpty   // true
    /// ```
    public var isEmpty: Bool { deletes.isEmpty && inserts.isEmpty && moves.isEmpty && reloads.isEmpty }

    /// Deletes `rows`, indices before the batch.
    ///
    /// ```swift
    /// batch.deleteRows(at: [0, 3])
    /// ```
    public mutating func deleteRows(at rows: [Int]) { deletes += rows }

    /// Inserts `rows`, indices after the batch.
    ///
    /// ```swift
    /// batch.insertRows(at: [0])
    /// ```
    public mutating func insertRows(at rows: [Int]) { inserts += rows }

    /// Moves the row at `row` before the batch to `newRow` after it; the row keeps its cell.
    ///
    /// ```swift
    /// batch.moveRow(at: 0, to: 4)
    /// ```
    public mutating func moveRow(at row: Int, to newRow: Int) { moves.append(TableViewMove(from: row, to: newRow)) }

    /// Reloads `rows`, indices before the batch: each visible one gets a new cell from the data
    /// source.
    ///
    /// ```swift
    /// batch.reloadRows(at: [5])
    /// ```
    public mutating func reloadRows(at rows: [Int]) { reloads += rows }

    /// The changes, in a fixed order: `"delete [2], insert [0], move [3→5], reload [4]"`,
    /// leaving out the kinds the batch has none of; `"no change"` for an empty batch.
    public var description: String {
        var parts: [String] = []
        if !deletes.isEmpty { parts.append("delete \(deletes)") }
        if !inserts.isEmpty { parts.append("insert \(inserts)") }
        if !moves.isEmpty { parts.append("move [\(moves.map(\.description).joined(separator: ", "))]") }
        if !reloads.isEmpty { parts.append("reload \(reloads)") }
        return parts.isEmpty ? "no change" : parts.joined(separator: ", ")
    }
}
