import PropertyBinding

/// One move of a ``TableViewBatch``: the row at `from` before the batch is at `to` after it.
///
/// ```swift
/// batch.moveRow(at: 0, to: 4)
/// batch.moves   // [TableViewMove(from: 0, to: 4)], printed "0→4"
/// ```
public struct TableViewMove: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The row's index before the batch.
    public let from: Int
    /// The row's index after the batch.
    public let to: Int

    /// A move of the row at `from` (before the batch) to `to` (after it).
    ///
    /// ```swift
    /// let move = TableViewMove(from: 0, to: 4)
    /// ```
    public init(from: Int, to: Int) {
        self.from = from
        self.to = to
    }

    /// `"0→4"`.
    public var description: String { "\(from)→\(to)" }
}
