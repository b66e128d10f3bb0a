/// A list view that ``TableRows`` drives: it takes batches of row changes and hands out cells,
/// asking its ``RowSource`` to bind each cell to its row and to unbind it when it stops showing
/// the row.
///
/// The stand-in `TableView` of `PropertyBindingControls` and the `GtkListView` wrapper of
/// `PropertyBindingGTK` implement it; an adapter for `UITableView` or `NSTableView` would too
/// (the Binding a Real Toolkit article says how). A list view of your own:
///
/// ```swift
/// final class SimpleList: RowListView {
///     private weak var source: (any RowSource)?
///     private var cells: [SimpleCell] = []
///     func setRowSource(_ source: (any RowSource)?) {
///         self.source = source
///         reloadRows()
///     }
///     func reloadRows() {
///         for (row, cell) in cells.enumerated() { source?.unbind(cell, fromRow: row) }
///         cells = (0..<(source?.numberOfRows ?? 0)).map { row in
///             let cell = SimpleCell()
///             source?.bind(cell, toRow: row)
///             return cell
///         }
///     }
///     func performRowBatch(_ changes: ListChanges) throws { reloadRows() }   // the simplest correct batch
/// }
/// ```
///
/// A list view belongs to the thread that uses it, like any view: the rows call it on the thread
/// their binding writes on (deliver on the main queue for a toolkit with a UI thread).
public protocol RowListView: AnyObject {
    /// Shows the rows of `source` from now on, all of them anew, holding the source weakly; nil
    /// shows no rows. ``TableRows`` calls it once, when it is made.
    ///
    /// ```swift
    /// list.setRowSource(rows)   // what TableRows(list, …) does
    /// ```
    func setRowSource(_ source: (any RowSource)?)

    /// Shows every row anew: each cell shown is unbound from its row, then the rows shown are
    /// bound again (``RowSource/numberOfRows`` may have changed).
    ///
    /// ```swift
    /// list.reloadRows()
    /// ```
    func reloadRows()

    /// Applies one batch, in UIKit's `performBatchUpdates` convention (see ``ListChanges``):
    /// deletes and reloads are indices before the batch, inserts indices after it, moves go from
    /// before to after; ``RowSource/numberOfRows`` is already the count after it. The cells of
    /// deleted and reloaded rows are unbound; inserted and reloaded rows that show are bound;
    /// moved rows keep their cell.
    ///
    /// ```swift
    /// try list.performRowBatch(ListChanges(deletes: [0], inserts: [2]))
    /// ```
    ///
    /// - Throws: an error of the list's own when the batch does not fit its rows; nothing is
    ///   applied then (``TableRows`` then calls ``reloadRows()``).
    func performRowBatch(_ changes: ListChanges) throws
}

/// What a ``RowListView`` asks for its rows: how many, the class of cell to make for them, and
/// to bind a cell to a row and unbind it again. ``TableRows`` is one.
///
/// ```swift
/// let cell = (source.cellType as? SimpleCell.Type)?.init() ?? SimpleCell()
/// source.bind(cell, toRow: 0)     // the row's bindings start
/// source.unbind(cell, fromRow: 0) // and end
/// ```
public protocol RowSource: AnyObject {
    /// The number of rows now.
    ///
    /// ```swift
    /// rows.numberOfRows   // 3 while three people are shown
    /// ```
    var numberOfRows: Int { get }

    /// The class of the cells the source binds: the list view makes (or reuses) cells of it.
    ///
    /// ```swift
    /// rows.cellType   // PersonCell.self
    /// ```
    var cellType: AnyObject.Type { get }

    /// Binds `cell` to the element of `row`: the list calls it when the cell starts showing the
    /// row. A cell that is not of ``cellType`` is left unbound, and the source records why.
    ///
    /// ```swift
    /// source.bind(cell, toRow: 2)
    /// ```
    func bind(_ cell: AnyObject, toRow row: Int)

    /// Ends the bindings of `cell`, which stops showing `row` (deleted, reloaded, scrolled out or
    /// recycled, the list reloaded or torn down). `row` is the row as the list knows it: the
    /// stand-in table passes the index before the batch; a list that keeps a moved row's cell
    /// without telling anyone (GTK's) passes the row the cell was bound to. ``TableRows`` needs
    /// only the cell.
    ///
    /// ```swift
    /// source.unbind(cell, fromRow: 2)
    /// ```
    func unbind(_ cell: AnyObject, fromRow row: Int)

    /// Tells the source that the user changed the list's selection (a tap, a click with a
    /// modifier key): `rows` are the rows selected now, ascending. A list that lets the user
    /// select calls it before it sends its own event; ``TableRows`` keeps the selection by
    /// element id (``ListSelection``). Nothing by default.
    ///
    /// ```swift
    /// source.listDidSelectRows([0, 2])   // what the stand-in table does on a tap
    /// ```
    func listDidSelectRows(_ rows: [Int])

    /// Tells the source that the list starts making rows in one pass (scrolling, a reload, the
    /// rows of a batch) and takes no batch until ``listDidMakeRows()``. A `bind` closure that
    /// changes other rows during the pass ("mark as seen" that re-sorts the list) reaches the
    /// list as one batch once the pass is over, not while it makes its rows. Passes may nest;
    /// a list that takes batches at any time need not call it. Nothing by default.
    ///
    /// ```swift
    /// source.listWillMakeRows()
    /// for row in visibleRows { source.bind(cells[row], toRow: row) }
    /// source.listDidMakeRows()   // a batch held during the pass arrives now
    /// ```
    func listWillMakeRows()

    /// Tells the source that the pass that ``listWillMakeRows()`` began is over, on the same
    /// thread: a batch the rows held during it arrives now. Nothing by default.
    ///
    /// ```swift
    /// source.listDidMakeRows()
    /// ```
    func listDidMakeRows()

    /// Tells the source that the list reloaded and cleared its selection: ``TableRows`` shows
    /// its ``ListSelection`` in the list again. Nothing by default.
    ///
    /// ```swift
    /// source.listDidReload()   // what the stand-in table does after reloadData()
    /// ```
    func listDidReload()
}
