import PropertyBinding

/// The table as any list view that `TableRows` drives: it asks a `RowSource` for its rows
/// through a data source of its own, and takes a batch as ``TableView/performBatchUpdates(_:)``.
extension TableView: RowListView {
    /// Shows the rows of `source` (held weakly) from now on, through a data source the table
    /// keeps, and reloads; nil shows none.
    ///
    /// ```swift
    /// table.setRowSource(rows)   // what TableRows(table, …) does
    /// ```
    public func setRowSource(_ source: (any RowSource)?) {
        let adapter = source.map(RowSourceDataSource.init)
        rowSourceAdapter = adapter
        dataSource = adapter
        reloadData()
    }

    /// ``reloadData()``.
    ///
    /// ```swift
    /// table.reloadRows()
    /// ```
    public func reloadRows() { reloadData() }

    /// Applies `changes` as one ``performBatchUpdates(_:)``.
    ///
    /// ```swift
    /// try table.performRowBatch(ListChanges(deletes: [0], inserts: [2]))
    /// ```
    ///
    /// - Throws: ``TableViewError/inconsistentBatch(_:)`` when the batch does not fit; nothing is
    ///   applied then.
    public func performRowBatch(_ changes: ListChanges) throws {
        try performBatchUpdates { batch in
            batch.deleteRows(at: changes.deletes)
            batch.insertRows(at: changes.inserts)
            for move in changes.moves { batch.moveRow(at: move.from, to: move.to) }
            batch.reloadRows(at: changes.reloads)
        }
    }
}

extension TableView: SelectableRowListView {
    /// ``selectedRows``.
    ///
    /// ```swift
    /// table.selectedRowIndices   // [1, 3]
    /// ```
    public var selectedRowIndices: [Int] { selectedRows }

    /// Shows `rows` selected, as code does: no event, and the rows' source is not told.
    ///
    /// ```swift
    /// table.selectRows([0, 2])
    /// ```
    public func selectRows(_ rows: [Int]) { setSelectedRows(rows, tellingSource: false) }
}

/// A `RowSource` seen as a ``TableViewDataSource``: cells of the source's class, from the
/// table's reuse pool, bound and unbound by the source.
final class RowSourceDataSource: TableViewDataSource {
    private weak var source: (any RowSource)?

    init(_ source: any RowSource) {
        self.source = source
    }

    func numberOfRows(in tableView: TableView) -> Int { source?.numberOfRows ?? 0 }

    func tableView(_ tableView: TableView, cellForRowAt row: Int) -> TableViewCell {
        let type = source?.cellType as? TableViewCell.Type ?? TableViewCell.self
        let cell = tableView.dequeueReusableCell(type)
        source?.bind(cell, toRow: row)
        return cell
    }

    func tableView(_ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt row: Int) {
        source?.unbind(cell, fromRow: row)
    }

    /// Tells the source the rows the user selected.
    func selectionDidChange(to rows: [Int]) {
        source?.listDidSelectRows(rows)
    }

    /// Tells the source the table reloaded.
    func didReload() {
        source?.listDidReload()
    }
}

extension TableRows where Cell == TableViewCell {
    /// Shows an array in `tableView`, its rows told apart by `id`, each displayed row a plain
    /// ``TableViewCell`` that `bind` binds to its element.
    ///
    /// ```swift
    /// let rows = TableRows(table, id: \.id) { cell, row in
    ///     cell.text = row.title
    ///     return []
    /// }
    /// ```
    public convenience init(
        _ tableView: TableView, id: KeyPath<Element, ID>,
        bind: @escaping (_ cell: TableViewCell, _ element: Element) throws -> [AnyBinding]
    ) {
        self.init(tableView, id: id, cell: TableViewCell.self, bind: bind)
    }
}

extension TableRows where Cell == TableViewCell, Element: Identifiable, ID == Element.ID {
    /// Shows an array of `Identifiable` elements in `tableView`, each displayed row a plain
    /// ``TableViewCell`` that `bind` binds to its element.
    ///
    /// ```swift
    /// let rows = TableRows(table) { cell, row in
    ///     cell.text = row.title
    ///     return []
    /// }
    /// ```
    @inlinable
    public convenience init(
        _ tableView: TableView, bind: @escaping (_ cell: TableViewCell, _ element: Element) throws -> [AnyBinding]
    ) {
        self.init(tableView, cell: TableViewCell.self, bind: bind)
    }
}
