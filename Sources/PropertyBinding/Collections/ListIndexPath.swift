/// A row of a sectioned list: its section and its row within the section, as UIKit's
/// `IndexPath(row:section:)` (a plain pair: no allocation, unlike Foundation's `IndexPath`).
///
/// ```swift
/// let path = ListIndexPath(section: 1, row: 2)
/// print(path)   // [1, 2]
/// ```
public struct ListIndexPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The section's index.
    public var section: Int
    /// The row's index within its section.
    public var row: Int

    /// The row `row` of section `section`.
    ///
    /// ```swift
    /// table.cellForRow(at: ListIndexPath(section: 0, row: 3))
    /// ```
    @inlinable
    public init(section: Int, row: Int) {
        self.section = section
        self.row = row
    }

    /// Section first, then row: the order of the rows on screen.
    ///
    /// ```swift
    /// ListIndexPath(section: 0, row: 9) < ListIndexPath(section: 1, row: 0)   // true
    /// ```
    @inlinable
    public static func < (lhs: ListIndexPath, rhs: ListIndexPath) -> Bool {
        lhs.section != rhs.section ? lhs.section < rhs.section : lhs.row < rhs.row
    }

    /// `[1, 2]`: the section, then the row, as Foundation prints an `IndexPath`.
    ///
    /// ```swift
    /// print(ListIndexPath(section: 1, row: 2))   // [1, 2]
    /// ```
    public var description: String { "[\(section), \(row)]" }
}

/// One row that moves in a ``SectionedListChanges`` batch, within its section or to another:
/// from its index path before the batch to its index path after it, as
/// `UITableView.moveRow(at:to:)` takes it inside `performBatchUpdates`.
///
/// ```swift
/// let move = SectionedRowMove(from: ListIndexPath(section: 0, row: 2), to: ListIndexPath(section: 1, row: 0))
/// print(move)   // [0, 2]→[1, 0]
/// ```
public struct SectionedRowMove: Hashable, Sendable, CustomStringConvertible {
    /// The row's index path before the batch.
    public var from: ListIndexPath
    /// The row's index path after the batch.
    public var to: ListIndexPath

    /// A move of the row at `from` (before the batch) to `to` (after it).
    ///
    /// ```swift
    /// let move = SectionedRowMove(from: ListIndexPath(section: 0, row: 2), to: ListIndexPath(section: 1, row: 0))
    /// ```
    @inlinable
    public init(from: ListIndexPath, to: ListIndexPath) {
        self.from = from
        self.to = to
    }

    /// `[0, 2]→[1, 0]`: the old index path, an arrow, the new one.
    ///
    /// ```swift
    /// print(SectionedRowMove(from: ListIndexPath(section: 0, row: 2), to: ListIndexPath(section: 1, row: 0)))
    /// ```
    public var description: String { "\(from)→\(to)" }
}
