import PropertyBinding

/// The table's sections: its rows, numbered one after the other as ``TableView/numberOfRows``,
/// are cut into sections, as a `UITableView`'s. A table shows one section unless its rows come
/// from a `SectionedRowSource` (``setSectionSource(_:)``, what `TableSections` calls).
extension TableView: SectionedListView {
    /// The number of sections, as the data source last said (one for a data source of rows).
    ///
    /// ```swift
    /// table.numberOfSections   // 2 while people starting with A and B are shown
    /// ```
    public var numberOfSections: Int { sectionRowCounts.count }

    /// The number of rows of `section`, 0 for a section the table does not have.
    ///
    /// ```swift
    /// table.numberOfRows(inSection: 1)   // 3
    /// ```
    public func numberOfRows(inSection section: Int) -> Int {
        sectionRowCounts.indices.contains(section) ? sectionRowCounts[section] : 0
    }

    /// The index path of `row` (counted across all sections), nil for a row the table does not
    /// have.
    ///
    /// ```swift
    /// table.indexPath(forRow: 4)   // [1, 1] with 3 rows in section 0
    /// ```
    public func indexPath(forRow row: Int) -> ListIndexPath? {
        SectionOffsets(sectionRowCounts).path(ofRow: row)
    }

    /// The row, counted across all sections, of `indexPath`; nil for a row the table does not
    /// have.
    ///
    /// ```swift
    /// table.row(at: ListIndexPath(section: 1, row: 1))   // 4 with 3 rows in section 0
    /// ```
    public func row(at indexPath: ListIndexPath) -> Int? {
        SectionOffsets(sectionRowCounts).row(at: indexPath)
    }

    /// The cell that shows the row at `indexPath`, or nil when the row is not visible.
    ///
    /// ```swift
    /// table.cellForRow(at: ListIndexPath(section: 1, row: 0))?.text   // "Bea"
    /// ```
    public func cellForRow(at indexPath: ListIndexPath) -> TableViewCell? {
        row(at: indexPath).flatMap(cellForRow(at:))
    }

    /// The index paths of the rows shown now, in order.
    ///
    /// ```swift
    /// table.indexPathsForVisibleRows   // [[0, 0], [0, 1], [1, 0]]
    /// ```
    public var indexPathsForVisibleRows: [ListIndexPath] {
        let offsets = SectionOffsets(sectionRowCounts)
        return visibleRows.compactMap(offsets.path(ofRow:))
    }

    /// The selected row's index path, or nil: ``selectedRow`` by section. It follows its row
    /// through batches as ``selectedRow`` does; setting it sends nothing, and a row the table
    /// does not have is ignored.
    ///
    /// ```swift
    /// table.selectedIndexPath = ListIndexPath(section: 1, row: 0)
    /// ```
    public var selectedIndexPath: ListIndexPath? {
        get { selectedRow.flatMap(indexPath(forRow:)) }
        set {
            guard let newValue else {
                selectedRow = nil
                return
            }
            if let row = row(at: newValue) { selectedRow = row }
        }
    }

    /// Shows the sections of `source` (held weakly) from now on, through a data source the table
    /// keeps, and reloads; nil shows none.
    ///
    /// ```swift
    /// table.setSectionSource(sections)   // what TableSections(table, …) does
    /// ```
    public func setSectionSource(_ source: (any SectionedRowSource)?) {
        let adapter = source.map(SectionSourceDataSource.init)
        sectionSourceAdapter = adapter
        dataSource = adapter
        reloadData()
    }

    /// ``reloadData()``.
    ///
    /// ```swift
    /// table.reloadSections()
    /// ```
    public func reloadSections() { reloadData() }

    /// Applies one sectioned batch in one step, as `UITableView.performBatchUpdates` with
    /// section and row calls: the data source already has the sections after it.
    ///
    /// ```swift
    /// try table.performSectionBatch(SectionedListChanges(sections: ListChanges(inserts: [0])))
    /// ```
    ///
    /// As for ``performBatchUpdates(_:)``: the cells of deleted and reloaded rows (alone or with
    /// their section) end displaying and go to the pool, moved rows (within or across sections,
    /// or with their section) and shifted rows keep their cell, the selection follows its row,
    /// and ``onSectionBatch`` is told.
    ///
    /// - Throws: ``TableViewError/inconsistentBatch(_:)`` when the batch does not fit the
    ///   sections before and after it (`SectionedListChanges/problem(oldRowCounts:newRowCounts:)`
    ///   says why). Nothing is applied then, and ``onSectionBatch`` is not told.
    public func performSectionBatch(_ changes: SectionedListChanges) throws(TableViewError) {
        if !hasLoadedData { reloadData() }
        let oldCounts = sectionRowCounts
        let newCounts = sectionRowCountsOfDataSource()
        if let problem = changes.problem(oldRowCounts: oldCounts, newRowCounts: newCounts) {
            throw .inconsistentBatch(problem)
        }
        let destinations = changes.destinations(oldRowCounts: oldCounts, newRowCounts: newCounts)
        let (old, new) = (SectionOffsets(oldCounts), SectionOffsets(newCounts))
        applyRows(
            newCount: new.rowCount,
            newRow: { row in old.path(ofRow: row).flatMap { destinations[$0] }.flatMap(new.row(at:)) },
            isReloaded: { row in old.path(ofRow: row).map(destinations.isReloaded) ?? false })
        onSectionBatch?(changes)
    }
}

/// Each section's first row, counted across all sections.
private struct SectionOffsets {
    private var starts: [Int] = [0]

    init(_ counts: [Int]) {
        starts.reserveCapacity(counts.count + 1)
        for count in counts { starts.append(starts[starts.count - 1] + count) }
    }

    var rowCount: Int { starts[starts.count - 1] }

    func row(at path: ListIndexPath) -> Int? {
        guard path.section >= 0, path.section < starts.count - 1, path.row >= 0,
            path.row < starts[path.section + 1] - starts[path.section]
        else { return nil }
        return starts[path.section] + path.row
    }

    /// A binary search for the last section starting at or before `row`.
    func path(ofRow row: Int) -> ListIndexPath? {
        guard row >= 0, row < rowCount else { return nil }
        var (low, high) = (0, starts.count - 2)
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= row { low = middle } else { high = middle - 1 }
        }
        return ListIndexPath(section: low, row: row - starts[low])
    }
}

/// A `SectionedRowSource` seen as a ``TableViewDataSource``: the table's rows are its rows end to
/// end; cells of the source's class, from the table's reuse pool, bound and unbound by path.
final class SectionSourceDataSource: TableViewDataSource {
    private weak var source: (any SectionedRowSource)?

    init(_ source: any SectionedRowSource) {
        self.source = source
    }

    func sectionRowCounts() -> [Int] {
        guard let source else { return [] }
        return (0..<source.numberOfSections).map { max(0, source.numberOfRows(inSection: $0)) }
    }

    func numberOfRows(in tableView: TableView) -> Int { sectionRowCounts().reduce(0, +) }

    func tableView(_ tableView: TableView, cellForRowAt row: Int) -> TableViewCell {
        let type = source?.cellType as? TableViewCell.Type ?? TableViewCell.self
        let cell = tableView.dequeueReusableCell(type)
        if let path = tableView.indexPath(forRow: row) { source?.bind(cell, to: path) }
        return cell
    }

    func tableView(_ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt row: Int) {
        let counts = tableView.sectionRowCountsOfEndingRows ?? tableView.sectionRowCounts
        let path = SectionOffsets(counts).path(ofRow: row) ?? ListIndexPath(section: 0, row: row)
        source?.unbind(cell, from: path)
    }

    /// Tells the source the rows the user selected, by index path.
    func selectionDidChange(to rows: [Int], in tableView: TableView) {
        source?.listDidSelectRows(at: rows.compactMap(tableView.indexPath(forRow:)))
    }
}

extension TableSections where Cell == TableViewCell {
    /// Shows sections in `tableView`, their rows told apart by `id`, each displayed row a plain
    /// ``TableViewCell`` that `bind` binds to its element.
    ///
    /// ```swift
    /// let sections = TableSections(table, sectionID: String.self, id: \.id) { cell, person in
    ///     cell.text = person.name
    ///     return []
    /// }
    /// ```
    public convenience init(
        _ tableView: TableView, sectionID: SectionID.Type = SectionID.self, id: KeyPath<Element, ID>,
        bind: @escaping (_ cell: TableViewCell, _ element: Element) throws -> [AnyBinding]
    ) {
        self.init(tableView, id: id, cell: TableViewCell.self, bind: bind)
    }
}

extension TableSections where Cell == TableViewCell, Element: Identifiable, ID == Element.ID {
    /// Shows sections of `Identifiable` elements in `tableView`, each displayed row a plain
    /// ``TableViewCell`` that `bind` binds to its element.
    ///
    /// ```swift
    /// let sections = TableSections(table, sectionID: String.self) { (cell, person: Person) in
    ///     cell.text = person.name
    ///     return []
    /// }
    /// ```
    @inlinable
    public convenience init(
        _ tableView: TableView, sectionID: SectionID.Type = SectionID.self,
        bind: @escaping (_ cell: TableViewCell, _ element: Element) throws -> [AnyBinding]
    ) {
        self.init(tableView, cell: TableViewCell.self, bind: bind)
    }
}
