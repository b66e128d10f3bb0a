/// One row that moves in a ``ListChanges`` batch: from its index in the old array to its index
/// in the new array, as `UITableView.moveRow(at:to:)` takes it inside `performBatchUpdates`.
///
/// ```swift
/// let changes = ListDiff.changes(from: ["a", "b", "c"], to: ["c", "a", "b"], id: \.self)
/// print(changes.moves)   // [2→0]
/// ```
public struct ListMove: Equatable, Hashable, Sendable {
    /// The row's index in the old array.
    public let from: Int
    /// The row's index in the new array.
    public let to: Int

    /// Creates a move of the row at `from` in the old array to `to` in the new array.
    ///
    /// ```swift
    /// let move = ListMove(from: 2, to: 0)
    /// ```
    @inlinable
    public init(from: Int, to: Int) {
        self.from = from
        self.to = to
    }
}

extension ListMove: CustomStringConvertible {
    /// `2→0`: the old index, an arrow, the new index.
    ///
    /// ```swift
    /// print(ListMove(from: 2, to: 0))   // 2→0
    /// ```
    public var description: String { "\(from)→\(to)" }
}
