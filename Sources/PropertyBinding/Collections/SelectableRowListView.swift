/// A ``RowListView`` whose rows the user selects: ``TableRows`` keeps its selection by element id
/// (``ListSelection``) and shows it here.
///
/// The list tells its source of each selection the user makes with
/// ``RowSource/listDidSelectRows(_:)``; the rows tell the list the rows to show selected, after
/// each batch and when the selection is set by code, with ``selectRows(_:)``. A
/// ``SectionedListView`` that selects conforms too: its rows are counted end to end through its
/// sections (the first row of the second section after a first section of three rows is row 3),
/// as ``ListSelection/rows`` counts them; it tells its ``SectionedRowSource`` of the user's
/// selection by index path (``SectionedRowSource/listDidSelectRows(at:)``).
///
/// ```swift
/// final class SelectingList: SelectableRowListView {
///     private weak var source: (any RowSource)?
///     private(set) var selectedRowIndices: [Int] = []
///     func selectRows(_ rows: [Int]) { selectedRowIndices = rows }   // by code: no event
///     func userTapped(_ row: Int) {
///         selectedRowIndices = [row]
///         source?.listDidSelectRows(selectedRowIndices)
///     }
///     …   // RowListView's three methods, as SimpleList's
/// }
/// ```
public protocol SelectableRowListView: RowListView {
    /// The rows selected now, ascending.
    ///
    /// ```swift
    /// table.selectedRowIndices   // [1, 3]
    /// ```
    var selectedRowIndices: [Int] { get }

    /// Shows exactly `rows` (ascending) selected, as code does: the list sends no event and does
    /// not call ``RowSource/listDidSelectRows(_:)``.
    ///
    /// ```swift
    /// table.selectRows([0, 2])
    /// ```
    func selectRows(_ rows: [Int])

    /// Whether the user may select several rows; a ``ListSelection`` written several ids keeps
    /// one when it is false. True unless the list says otherwise.
    ///
    /// ```swift
    /// table.allowsMultipleSelection   // false: one row at a time
    /// ```
    var allowsMultipleSelection: Bool { get }
}

extension SelectableRowListView {
    /// True: several rows may be selected.
    ///
    /// ```swift
    /// list.allowsMultipleSelection   // true for a list that does not say
    /// ```
    public var allowsMultipleSelection: Bool { true }
}

extension RowSource {
    /// Nothing: a source that keeps no selection.
    ///
    /// ```swift
    /// source.listDidSelectRows([1])   // ignored by a source of its own
    /// ```
    public func listDidSelectRows(_ rows: [Int]) {}

    /// Nothing: a source that holds no batch.
    ///
    /// ```swift
    /// source.listWillMakeRows()   // ignored by a source of its own
    /// ```
    public func listWillMakeRows() {}

    /// Nothing: a source that holds no batch.
    ///
    /// ```swift
    /// source.listDidMakeRows()   // ignored by a source of its own
    /// ```
    public func listDidMakeRows() {}

    /// Nothing: a source that keeps no selection.
    ///
    /// ```swift
    /// source.listDidReload()   // ignored by a source of its own
    /// ```
    public func listDidReload() {}
}
