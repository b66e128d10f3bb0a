import PropertyBinding

/// Why a ``TableView`` refused a batch: what UIKit raises as an exception, thrown instead, so a
/// test can see it. A refused batch changes nothing in the table.
///
/// ```swift
/// #expect(throws: TableViewError.inconsistentBatch(
///     "invalid number of rows: 10 before, 1 deleted, 2 inserted, so 11 expected, the data source has 12")) {
///     try table.performBatchUpdates { $0.deleteRows(at: [0]); $0.insertRows(at: [0, 1]) }
/// }
/// ```
public enum TableViewError: Error, Equatable, CustomStringConvertible {
    /// The batch does not fit the table or the data source: an index out of range, an index
    /// named twice or by two kinds of change that exclude each other, or a count that does not
    /// add up. The message says which, in UIKit's words.
    case inconsistentBatch(String)

    /// `"Invalid batch update: "` followed by the message.
    public var description: String {
        switch self {
        case .inconsistentBatch(let message): "Invalid batch update: \(message)"
        }
    }
}
