/// A list view of sections that ``TableSections`` drives: it takes batches of section and row
/// changes (``SectionedListChanges``) and hands out cells, asking its ``SectionedRowSource`` to
/// bind each cell to its row and to unbind it when it stops showing the row.
///
/// It is a ``RowListView`` too: a list of sections shows a plain list of rows as one section.
/// The stand-in `TableView` of `PropertyBindingControls` is one; an adapter for `UITableView`
/// maps ``performSectionBatch(_:)`` to `performBatchUpdates` with `deleteSections`,
/// `insertSections`, `moveSection`, then the row calls. A list view of your own:
///
/// ```swift
/// final class SimpleSectionedList: SectionedListView {
///     private weak var source: (any SectionedRowSource)?
///     private var sections: [[SimpleCell]] = []
///     func setSectionSource(_ source: (any SectionedRowSource)?) {
///         self.source = source
///         reloadSections()
///     }
///     func reloadSections() {
///         for (section, cells) in sections.enumerated() {
///             for (row, cell) in cells.enumerated() {
///                 source?.unbind(cell, from: ListIndexPath(section: section, row: row))
///             }
///         }
///         sections = (0..<(source?.numberOfSections ?? 0)).map { section in
///             (0..<(source?.numberOfRows(inSection: section) ?? 0)).map { row in
///                 let cell = SimpleCell()
///                 source?.bind(cell, to: ListIndexPath(section: section, row: row))
///                 return cell
///             }
///         }
///     }
///     func performSectionBatch(_ changes: SectionedListChanges) throws { reloadSections() }   // the simplest correct batch
///     // TableSections drives the list through the three above; a plain list of rows is one section.
///     func setRowSource(_ source: (any RowSource)?) {}
///     func reloadRows() { reloadSections() }
///     func performRowBatch(_ changes: ListChanges) throws { reloadSections() }
/// }
/// ```
///
/// Like a ``RowListView``, it belongs to the thread that uses it.
public protocol SectionedListView: RowListView {
    /// Shows the sections of `source` from now on, all of them anew, holding the source weakly;
    /// nil shows none. ``TableSections`` calls it once, when it is made.
    ///
    /// ```swift
    /// list.setSectionSource(sections)   // what TableSections(list, …) does
    /// ```
    func setSectionSource(_ source: (any SectionedRowSource)?)

    /// Shows every section anew: each cell shown is unbound from its row, then the rows shown
    /// are bound again.
    ///
    /// ```swift
    /// list.reloadSections()
    /// ```
    func reloadSections()

    /// Applies one batch of section and row changes in one step (see ``SectionedListChanges``);
    /// the source's counts are already those after it. The cells of deleted and reloaded rows
    /// (alone or with their section) are unbound; inserted and reloaded rows that show are
    /// bound; moved rows, within a section or across sections, keep their cell.
    ///
    /// ```swift
    /// try list.performSectionBatch(SectionedListChanges(sections: ListChanges(inserts: [0])))
    /// ```
    ///
    /// - Throws: an error of the list's own when the batch does not fit its sections; nothing
    ///   is applied then (``TableSections`` then calls ``reloadSections()``).
    func performSectionBatch(_ changes: SectionedListChanges) throws
}

/// What a ``SectionedListView`` asks for its rows: how many sections and rows, the class of
/// cell to make for them, and to bind a cell to a row and unbind it again. ``TableSections`` is
/// one.
///
/// ```swift
/// source.bind(cell, to: ListIndexPath(section: 1, row: 0))     // the row's bindings start
/// source.unbind(cell, from: ListIndexPath(section: 1, row: 0)) // and end
/// ```
public protocol SectionedRowSource: AnyObject {
    /// The number of sections now.
    ///
    /// ```swift
    /// sections.numberOfSections   // 26 for people grouped by first letter
    /// ```
    var numberOfSections: Int { get }

    /// The number of rows of `section` now; 0 for a section it does not have.
    ///
    /// ```swift
    /// sections.numberOfRows(inSection: 0)   // the people whose name starts with A
    /// ```
    func numberOfRows(inSection section: Int) -> Int

    /// The class of the cells the source binds: the list view makes (or reuses) cells of it.
    ///
    /// ```swift
    /// sections.cellType   // PersonCell.self
    /// ```
    var cellType: AnyObject.Type { get }

    /// Binds `cell` to the element at `indexPath`: the list calls it when the cell starts
    /// showing the row.
    ///
    /// ```swift
    /// source.bind(cell, to: ListIndexPath(section: 0, row: 2))
    /// ```
    func bind(_ cell: AnyObject, to indexPath: ListIndexPath)

    /// Ends the bindings of `cell`, which stops showing the row at `indexPath` (as the list
    /// knows it: the stand-in table passes the path before the batch). ``TableSections`` needs
    /// only the cell.
    ///
    /// ```swift
    /// source.unbind(cell, from: ListIndexPath(section: 0, row: 2))
    /// ```
    func unbind(_ cell: AnyObject, from indexPath: ListIndexPath)

    /// Tells the source that the list starts making rows in one pass, as
    /// ``RowSource/listWillMakeRows()`` does. Nothing by default.
    ///
    /// ```swift
    /// source.listWillMakeRows()
    /// ```
    func listWillMakeRows()

    /// Tells the source that the pass ``listWillMakeRows()`` began is over: a batch held during
    /// it arrives now. Nothing by default.
    ///
    /// ```swift
    /// source.listDidMakeRows()
    /// ```
    func listDidMakeRows()

    /// Tells the source that the user changed the list's selection (a tap, a click with a
    /// modifier): `indexPaths` are all the rows selected now, in order. ``TableSections`` keeps
    /// the selection by element id (``TableSections/selection``); by default nothing is done.
    ///
    /// ```swift
    /// source.listDidSelectRows(at: [ListIndexPath(section: 1, row: 0)])
    /// ```
    func listDidSelectRows(at indexPaths: [ListIndexPath])
}

extension SectionedRowSource {
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

    /// Does nothing: a source that keeps no selection.
    ///
    /// ```swift
    /// source.listDidSelectRows(at: [])   // ignored
    /// ```
    public func listDidSelectRows(at indexPaths: [ListIndexPath]) {}
}
