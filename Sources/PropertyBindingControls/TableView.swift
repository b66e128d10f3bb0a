import PropertyBinding

/// A list control, as a `UITableView`: rows of reusable cells, asked of a data source, changed by
/// batches of deletes, inserts, moves and reloads.
///
/// ```swift
/// let table = TableView(visibleRowCount: 10)
/// table.dataSource = peopleList          // a TableViewDataSource
/// table.reloadData()                     // asks for the row count and the 10 visible cells
/// try table.performBatchUpdates { batch in
///     peopleList.people.insert(Person(name: "Dee"), at: 0)
///     batch.insertRows(at: [0])
/// }
/// table.cellForRow(at: 0)?.text          // "Dee"
/// ```
///
/// The table shows at most ``visibleRowCount`` rows, from ``firstVisibleRow``, and only those have
/// cells: a table of 100,000 rows showing 20 asks for 20 cells and makes about 20. A cell that
/// stops showing its row (deleted, reloaded, scrolled out, or the table reloaded) is handed to
/// ``TableViewDataSource/tableView(_:didEndDisplaying:forRowAt:)``, then waits in the reuse pool
/// for ``dequeueReusableCell(_:)``.
///
/// A batch is checked as UIKit checks it, against the data source's new row count; an
/// inconsistent one is refused with a ``TableViewError`` and changes nothing. Every batch applied
/// and every reload is told to ``onBatch`` and ``onReloadData`` (a `TableViewRecorder` of the
/// testing library records them).
///
/// The user's tap on a row is ``simulateRowSelection(_:)``: it sets ``selectedRow`` and sends
/// `.valueChanged`, so `triggers: .standard` follows the selection. With
/// ``allowsMultipleSelection``, ``simulateRowSelection(_:extendingSelection:)`` is a ⌘-click that
/// adds a row to ``selectedRows`` (or takes it out). Bound by `TableRows` (or `TableSections`, by
/// index path), the table tells its rows of each tap, and they keep the selection by element id
/// (`ListSelection`):
///
/// ```swift
/// let showChosen = try Binding(
///     source: Property(table, \.selectedRow), destination: Property(screen, \.chosenRow), triggers: .standard)
/// ```
///
/// Like a view, a table and its cells belong to the thread that uses them.
open class TableView: Control {
    /// The names of the table view's properties, added to its superclass's, for messages and graphs: a
    /// property of an `open` class prints without its name.
    ///
    /// ```swift
    /// print(Property(table, \.selectedRow))   // \TableView.selectedRow, not \TableView.<computed …>
    /// ```
    override open class var keyPathNames: [AnyKeyPath: String] {
        super.keyPathNames.merging([
            \TableView.numberOfRows: "numberOfRows", \TableView.visibleRowCount: "visibleRowCount",
            \TableView.firstVisibleRow: "firstVisibleRow", \TableView.visibleRows: "visibleRows",
            \TableView.selectedRow: "selectedRow", \TableView.selectedRows: "selectedRows",
            \TableView.allowsMultipleSelection: "allowsMultipleSelection", \TableView.visibleCells: "visibleCells",
            \TableView.reusableCellCount: "reusableCellCount",
        ]) { $1 }
    }

    /// What the table asks for its rows, held weakly. Setting another data source makes the
    /// table forget its rows until the next ``reloadData()``.
    ///
    /// ```swift
    /// table.dataSource = peopleList
    /// table.reloadData()
    /// ```
    public weak var dataSource: (any TableViewDataSource)? {
        didSet {
            if dataSource !== oldValue { hasLoadedData = false }
            if dataSource !== rowSourceAdapter { rowSourceAdapter = nil }
            if dataSource !== sectionSourceAdapter { sectionSourceAdapter = nil }
        }
    }

    /// The data source that ``setRowSource(_:)`` made, held here (``dataSource`` is weak) until
    /// another data source is set.
    var rowSourceAdapter: RowSourceDataSource?

    /// The data source that ``setSectionSource(_:)`` made, held here until another is set.
    var sectionSourceAdapter: SectionSourceDataSource?

    /// The rows of each section, as the data source last said: one section of all the rows
    /// unless the data source is a sectioned row source (``setSectionSource(_:)``).
    var sectionRowCounts: [Int] = []

    /// The rows of each section before the batch whose cells end displaying now, if any: the
    /// sectioned data source tells the rows' index paths before the batch.
    var sectionRowCountsOfEndingRows: [Int]?

    /// The number of rows, as the data source last said (`0` until the first ``reloadData()``).
    ///
    /// ```swift
    /// table.reloadData()
    /// table.numberOfRows   // peopleList.people.count
    /// ```
    public private(set) var numberOfRows = 0

    private var _visibleRowCount: Int

    /// How many rows the table shows at most, as the height of a `UITableView` does. Changing it
    /// ends the display of the rows that no longer fit and asks for cells of the rows that now do.
    ///
    /// ```swift
    /// table.visibleRowCount = 5
    /// ```
    public var visibleRowCount: Int {
        get { _visibleRowCount }
        set {
            _visibleRowCount = max(0, newValue)
            firstVisibleRow = clampedFirstRow(firstVisibleRow)
            showVisibleRows()
        }
    }

    /// The first row shown, set by ``scroll(toRow:)``; always such that the table is filled when
    /// it has rows enough (a table never scrolls past its last row).
    ///
    /// ```swift
    /// table.scroll(toRow: 40)
    /// table.firstVisibleRow   // 40
    /// ```
    public private(set) var firstVisibleRow = 0

    /// The rows shown now: at most ``visibleRowCount`` rows from ``firstVisibleRow``, within
    /// ``numberOfRows``.
    ///
    /// ```swift
    /// TableView(visibleRowCount: 20).visibleRows   // 0..<0 until it has rows; 0..<20 with 100 rows
    /// ```
    public var visibleRows: Range<Int> {
        firstVisibleRow..<(firstVisibleRow + min(visibleRowCount, numberOfRows - firstVisibleRow))
    }

    /// The selected rows, ascending.
    private var _selectedRows: [Int] = []

    /// The selected row (the first one when several are), or nil. The user's tap is
    /// ``simulateRowSelection(_:)``, which sends `.valueChanged`; setting it from code selects
    /// that row alone and sends nothing, and a row the table does not have is ignored. It
    /// follows its row through batches (nil once the row is deleted; a reloaded row stays
    /// selected) and is cleared by ``reloadData()``. Bound by `TableRows`, a row set from code
    /// is taken into `rows.selection` too (by its element's id), and a reload shows that
    /// selection again.
    ///
    /// ```swift
    /// table.selectedRow = 3   // by code: no event
    /// table.selectedRow = 99  // not a row of the table's 10: ignored, still 3
    /// ```
    public var selectedRow: Int? {
        get { _selectedRows.first }
        set {
            if let row = newValue, !(0..<numberOfRows).contains(row) { return }
            setSelectedRows(newValue.map { [$0] } ?? [], tellingSource: true)
        }
    }

    /// The selected rows, ascending. Setting it from code sends nothing; rows the table does not
    /// have are left out, and without ``allowsMultipleSelection`` only the first row is kept.
    /// Each follows its row through batches (a deleted row leaves the selection), and
    /// ``reloadData()`` clears them. Bound by `TableRows`, rows set from code are taken into
    /// `rows.selection` (by their elements' ids, no event), and a reload shows that selection
    /// again.
    ///
    /// ```swift
    /// table.allowsMultipleSelection = true
    /// table.selectedRows = [1, 3]   // by code: no event
    /// ```
    public var selectedRows: [Int] {
        get { _selectedRows }
        set { setSelectedRows(newValue, tellingSource: true) }
    }

    /// Selects `rows` the table has (the first alone without ``allowsMultipleSelection``), and
    /// tells the rows' source when `tellingSource` and the selection changed.
    func setSelectedRows(_ rows: [Int], tellingSource: Bool) {
        var rows = Array(Set(rows.filter { (0..<numberOfRows).contains($0) })).sorted()
        if !allowsMultipleSelection, rows.count > 1 { rows = [rows[0]] }
        guard rows != _selectedRows else { return }
        _selectedRows = rows
        if tellingSource { rowSourceAdapter?.selectionDidChange(to: rows) }
    }

    /// Whether the user may select several rows (``simulateRowSelection(_:extendingSelection:)``);
    /// false by default, as in `UITableView`.
    ///
    /// ```swift
    /// table.allowsMultipleSelection = true
    /// ```
    public var allowsMultipleSelection = false

    /// Every batch applied, after it is applied, in order.
    ///
    /// ```swift
    /// table.onBatch = { batch in print(batch) }   // "delete [2], insert [0]"
    /// ```
    ///
    /// Chain the handler that was there before when you set it (a `TableViewRecorder` does).
    public var onBatch: ((TableViewBatch) -> Void)?

    /// Called after each ``reloadData()``, whether you called it or ``performBatchUpdates(_:)``
    /// did, before its batch, because the table had not loaded its rows yet.
    ///
    /// ```swift
    /// table.onReloadData = { print("reloaded") }
    /// ```
    public var onReloadData: (() -> Void)?

    /// Every sectioned batch applied (``performSectionBatch(_:)``), after it is applied, in order.
    ///
    /// ```swift
    /// table.onSectionBatch = { changes in print(changes) }   // "sections (inserts [0])"
    /// ```
    ///
    /// Chain the handler that was there before when you set it (a `TableViewRecorder` does).
    public var onSectionBatch: ((SectionedListChanges) -> Void)?

    /// The cells shown, by row.
    private var cells: [Int: TableViewCell] = [:]
    /// The cells waiting to be reused, by class.
    private var reusePool: [ObjectIdentifier: [TableViewCell]] = [:]
    /// Whether the rows were asked of the current data source, as a table does on its first layout.
    var hasLoadedData = false

    /// A table that shows at most `visibleRowCount` rows at a time, from ``firstVisibleRow``.
    ///
    /// ```swift
    /// let table = TableView(visibleRowCount: 10)
    /// ```
    public init(visibleRowCount: Int = 20) {
        self._visibleRowCount = max(0, visibleRowCount)
        super.init()
    }

    // MARK: Cells

    /// The cell that shows `row`, or nil when the row is not visible.
    ///
    /// ```swift
    /// table.cellForRow(at: 0)?.text   // "Ann"
    /// ```
    public func cellForRow(at row: Int) -> TableViewCell? { cells[row] }

    /// The cells shown, in row order.
    ///
    /// ```swift
    /// table.visibleCells.map(\.text)   // ["Ann", "Bea", "Cy"]
    /// ```
    public var visibleCells: [TableViewCell] {
        cells.sorted { $0.key < $1.key }.map(\.value)
    }

    /// A cell of class `type`: one from the reuse pool, after its
    /// ``TableViewCell/prepareForReuse()``, or a new one when the pool has none of that class.
    ///
    /// ```swift
    /// let cell = tableView.dequeueReusableCell(PersonCell.self)
    /// ```
    public func dequeueReusableCell<Cell: TableViewCell>(_ type: Cell.Type) -> Cell {
        if let pooled = reusePool[ObjectIdentifier(type)]?.popLast() {
            pooled.isInReusePool = false
            pooled.prepareForReuse()
            if let cell = pooled as? Cell { return cell }
        }
        return type.init()
    }

    /// The number of cells waiting in the reuse pool, of every class.
    ///
    /// ```swift
    /// table.reusableCellCount   // 0 while every cell made shows a row
    /// ```
    var reusableCellCount: Int { reusePool.values.reduce(0) { $0 + $1.count } }

    // MARK: Changing the rows

    /// Asks the data source again for everything: the cells shown end displaying and go to the
    /// pool, then the table asks for the row count and the cells of the visible rows. The
    /// selection is cleared.
    ///
    /// ```swift
    /// peopleList.people = newPeople
    /// table.reloadData()
    /// ```
    public func reloadData() {
        hasLoadedData = true
        let ending = cells.sorted { $0.key < $1.key }.map { (cell: $0.value, row: $0.key) }
        cells = [:]
        _selectedRows = []
        let oldSectionRowCounts = sectionRowCounts
        numberOfRows = rowCountOfDataSource()
        sectionRowCounts = sectionRowCountsOfDataSource()
        firstVisibleRow = clampedFirstRow(firstVisibleRow)
        show(ending: ending, sectionRowCounts: oldSectionRowCounts)
        rowSourceAdapter?.didReload()
        onReloadData?()
    }

    /// Applies one batch, as `UITableView.performBatchUpdates` does: change the data source and
    /// describe the change to `batch` in `updates`. `deletes` and `reloads` are indices before the
    /// batch, `inserts` indices after it, and a move goes from an index before to an index after.
    ///
    /// ```swift
    /// try table.performBatchUpdates { batch in
    ///     let moved = peopleList.people.remove(at: 0)
    ///     peopleList.people.insert(moved, at: 3)
    ///     batch.moveRow(at: 0, to: 3)                  // the row keeps its cell
    /// }
    /// ```
    ///
    /// Then: the cells of deleted and reloaded rows end displaying (with their index before the
    /// batch) and go to the pool; moved rows, and rows that shift because of the others, keep
    /// their cell, whose ``TableViewCell/row`` is updated; rows pushed out of the visible range end
    /// displaying; inserted and reloaded rows, and rows that enter the range, get cells from the
    /// data source. Then ``onBatch`` is told. If the table had not loaded its rows yet, it calls
    /// ``reloadData()`` first, before `updates` runs, as UIKit does.
    ///
    /// - Throws: ``TableViewError/inconsistentBatch(_:)`` when the batch does not fit: an index
    ///   out of range or given twice, a row both deleted and moved, deleted and reloaded, moved
    ///   and reloaded, or inserted where a move goes, or a new row count that is not the old one
    ///   minus the deletes plus the inserts. Each kind of row is checked in ascending order, so
    ///   the error names the smallest row at fault whatever the order the batch lists its rows
    ///   in. Nothing is applied then: rows, cells, pool and selection are as they were, and
    ///   ``onBatch`` is not told.
    public func performBatchUpdates(_ updates: (inout TableViewBatch) -> Void) throws(TableViewError) {
        if !hasLoadedData { reloadData() }
        var batch = TableViewBatch()
        updates(&batch)
        let newCount = rowCountOfDataSource()
        let plan = try TableViewBatchPlan(batch, oldCount: numberOfRows, newCount: newCount)
        applyRows(newCount: newCount, newRow: plan.newRow(forOldRow:), isReloaded: plan.isReloaded)
        onBatch?(batch)
    }

    /// Takes the rows a checked batch leaves: `newCount` rows, each old row at `newRow(oldRow)`
    /// (nil when it leaves), with a new cell when `isReloaded(oldRow)`. The selection follows
    /// its row; moved and shifted rows keep their cells, the others end displaying, and the
    /// visible rows without a cell get one.
    func applyRows(newCount: Int, newRow: (Int) -> Int?, isReloaded: (Int) -> Bool) {
        let oldSectionRowCounts = sectionRowCounts
        numberOfRows = newCount
        sectionRowCounts = sectionRowCountsOfDataSource()
        firstVisibleRow = clampedFirstRow(firstVisibleRow)
        _selectedRows = _selectedRows.compactMap(newRow).sorted()
        let visible = visibleRows
        var kept: [Int: TableViewCell] = [:]
        var ending: [(cell: TableViewCell, row: Int)] = []
        for (oldRow, cell) in cells.sorted(by: { $0.key < $1.key }) {
            if !isReloaded(oldRow), let newRow = newRow(oldRow), visible.contains(newRow) {
                cell.row = newRow
                kept[newRow] = cell
            } else {
                ending.append((cell, oldRow))
            }
        }
        cells = kept
        show(ending: ending, sectionRowCounts: oldSectionRowCounts)
    }

    /// ``show(ending:)`` for the cells of rows that were in sections of `sectionRowCounts` rows.
    private func show(ending: [(cell: TableViewCell, row: Int)], sectionRowCounts: [Int]) {
        let counts = sectionRowCountsOfEndingRows
        sectionRowCountsOfEndingRows = sectionRowCounts
        show(ending: ending)
        sectionRowCountsOfEndingRows = counts
    }

    /// Makes `row` the first visible row, as far as the rows allow (a table scrolled to its last
    /// row still shows ``visibleRowCount`` rows). The cells of rows that leave the visible range
    /// end displaying and go to the pool; the rows that enter it get cells.
    ///
    /// ```swift
    /// table.scroll(toRow: 500)
    /// table.visibleRows   // 500..<520
    /// ```
    public func scroll(toRow row: Int) {
        firstVisibleRow = clampedFirstRow(row)
        showVisibleRows()
    }

    // MARK: Selection

    /// Selects `row` as the user's tap does, and sends `.valueChanged` when the selection changed;
    /// a row that the table does not have does nothing.
    ///
    /// ```swift
    /// table.addTarget(controller, action: PeopleController.personChosen, for: .valueChanged)
    /// table.simulateRowSelection(2)   // selectedRow == 2; personChosen(table) runs
    /// ```
    open func simulateRowSelection(_ row: Int) {
        simulateRowSelection(row, extendingSelection: false)
    }

    /// Selects `row` as the user's tap does, or, `extendingSelection` in a table that
    /// ``allowsMultipleSelection``, as a ⌘-click does: adds `row` to ``selectedRows``, or takes it
    /// out when it is selected. Tells the rows' source (`TableRows` and `TableSections` keep the
    /// selection by element id), then sends `.valueChanged`, when the selection changed; a row that the table does not
    /// have does nothing.
    ///
    /// ```swift
    /// table.allowsMultipleSelection = true
    /// table.simulateRowSelection(1)
    /// table.simulateRowSelection(3, extendingSelection: true)   // selectedRows == [1, 3]
    /// ```
    open func simulateRowSelection(_ row: Int, extendingSelection: Bool) {
        guard (0..<numberOfRows).contains(row) else { return }
        var rows = [row]
        if extendingSelection, allowsMultipleSelection {
            rows = _selectedRows.contains(row) ? _selectedRows.filter { $0 != row } : (_selectedRows + [row]).sorted()
        }
        guard rows != _selectedRows else { return }
        userSelected(rows)
    }

    /// The selection the user made: kept, told to the rows' source, then sent as `.valueChanged`.
    private func userSelected(_ rows: [Int]) {
        _selectedRows = rows
        rowSourceAdapter?.selectionDidChange(to: rows)
        sectionSourceAdapter?.selectionDidChange(to: rows, in: self)
        sendActions(for: .valueChanged)
    }

    /// Clears the selection, as a tap on the selected row of a table that allows deselecting
    /// does, and sends `.valueChanged` when a row was selected.
    ///
    /// ```swift
    /// table.simulateRowDeselection()   // selectedRow == nil
    /// ```
    open func simulateRowDeselection() {
        guard !_selectedRows.isEmpty else { return }
        userSelected([])
    }

    // MARK: Showing rows

    /// What the data source says, `0` without one.
    private func rowCountOfDataSource() -> Int {
        max(0, dataSource?.numberOfRows(in: self) ?? 0)
    }

    /// The rows of each section the data source has: a sectioned row source's, or one section.
    func sectionRowCountsOfDataSource() -> [Int] {
        if let sectionSourceAdapter, dataSource === sectionSourceAdapter {
            return sectionSourceAdapter.sectionRowCounts()
        }
        return [rowCountOfDataSource()]
    }

    /// `row`, moved into the rows a table filled from it may start at.
    private func clampedFirstRow(_ row: Int) -> Int {
        min(max(0, row), max(0, numberOfRows - visibleRowCount))
    }

    /// Ends the display of the cells outside ``visibleRows`` and fills the rows without a cell.
    private func showVisibleRows() {
        let visible = visibleRows
        let ending = cells.filter { !visible.contains($0.key) }.sorted { $0.key < $1.key }
        for (row, _) in ending { cells[row] = nil }
        show(ending: ending.map { (cell: $0.value, row: $0.key) })
    }

    /// Tells the data source that each of `ending`, no longer in ``cells``, ends displaying its
    /// row and puts it in the pool (before any new cell is asked for, so that it can be reused);
    /// then asks for a cell for each visible row without one, in row order.
    private func show(ending: [(cell: TableViewCell, row: Int)]) {
        for (cell, row) in ending {
            dataSource?.tableView(self, didEndDisplaying: cell, forRowAt: row)
            enqueue(cell)
        }
        guard let dataSource else { return }
        for row in visibleRows where cells[row] == nil {
            let cell = dataSource.tableView(self, cellForRowAt: row)
            if let shown = cell.row {
                preconditionFailure("the data source returned for row \(row) the cell that shows row \(shown)")
            }
            if cell.isInReusePool {
                // Returned without being dequeued: it leaves the pool, so that no other row gets it.
                reusePool[ObjectIdentifier(type(of: cell))]?.removeAll { $0 === cell }
                cell.isInReusePool = false
            }
            if cells[row] != nil || !visibleRows.contains(row) {
                // The data source changed the rows while it made this cell (a batch applied
                // from inside it), and that batch showed every visible row: this cell shows none.
                dataSource.tableView(self, didEndDisplaying: cell, forRowAt: row)
                enqueue(cell)
                continue
            }
            cell.row = row
            cells[row] = cell
        }
    }

    /// Puts `cell`, which shows no row any more, in the reuse pool.
    private func enqueue(_ cell: TableViewCell) {
        cell.row = nil
        cell.isInReusePool = true
        reusePool[ObjectIdentifier(type(of: cell)), default: []].append(cell)
    }

    /// Deprecated: renamed ``simulateRowSelection(_:)``; every stand-in control's simulated input is named `simulate…`.
    @available(*, deprecated, renamed: "simulateRowSelection(_:)")
    open func selectRow(_ row: Int) { simulateRowSelection(row) }

    /// Deprecated: renamed ``simulateRowDeselection()``; every stand-in control's simulated input is named `simulate…`.
    @available(*, deprecated, renamed: "simulateRowDeselection()")
    open func deselectRow() { simulateRowDeselection() }
}
