/// An array shown in a ``TableView``, row by row: the destination of a ``Binding`` whose source
/// is any array property. Each write compares the new array with the one shown, by element
/// identity, and hands the table the smallest batch (``ListDiff``): deletes, inserts, moves, and
/// a reload for an element whose id stayed and whose content changed.
///
/// ```swift
/// let rows = TableRows(repositoriesTable, id: \.id, cell: RepositoryCell.self) { cell, repository in
///     [try Binding(source: Property(repository, \.name), destination: Property(cell, \.text), triggers: .standard)
///         .updatingNow()]
/// }
/// let showRepositories = try Binding(source: Property(viewModel, \.repositories), destination: rows, triggers: .standard)
/// ```
///
/// The `bind` closure binds a cell to its element when the row is displayed, with any trigger,
/// and returns the row's bindings. They live exactly as long as the row shows the element: a
/// deleted row's bindings end, a moved row keeps its own, a cell is unbound before it is reused
/// or reloaded, and a row that is not visible has none (a table of 100,000 rows binds only the
/// rows it shows). The rows hold the table weakly: once it is gone, a write throws
/// ``PropertyError/objectDeallocated(root:keyPath:)`` and the binding ends.
///
/// Bound to an ``ObservableArray`` (`triggers: .standard`), the rows take the batch the array
/// announces for each change instead of diffing, whenever they can account for every row (see
/// ``write(_:)``).
///
/// The rows are the table's ``TableView/dataSource``. One section. Duplicate ids never crash:
/// see ``ListDiff``.
public final class TableRows<Element: Equatable, ID: Hashable, Cell: TableViewCell>: WritableProperty,
    TableViewDataSource, @unchecked Sendable
{
    /// The rows' value: the array shown.
    public typealias Value = [Element]

    private weak var tableView: TableView?
    @usableFromInline let id: (Element) -> ID
    private let bindRow: (Cell, Element) throws -> [AnyBinding]
    private let state = Locked(State())

    private struct State {
        /// The array the table shows.
        var shown: [Element] = []
        /// The bindings of each displayed cell, by the cell's identity.
        var rowBindings: [ObjectIdentifier: [AnyBinding]] = [:]
        /// The latest failure of `bind`.
        var lastRowError: (row: Int, error: any Error)?
        /// The array whose announced batches the rows take (``follow(_:)``), if any.
        weak var announcer: ObservableArray<Element>?
        /// The version of `announcer` that `shown` is, or nil when it is not known to be one.
        var shownVersion: UInt64?
    }

    /// Shows an array in `tableView` (held weakly), its rows told apart by `id`, each displayed
    /// row a `Cell` that `bind` binds to its element.
    public convenience init(
        _ tableView: TableView, id: KeyPath<Element, ID>, cell: Cell.Type,
        bind: @escaping (_ cell: Cell, _ element: Element) throws -> [AnyBinding]
    ) {
        self.init(tableView, idOf: { $0[keyPath: id] }, cell: cell, bind: bind)
    }

    /// Shows an array in `tableView`, its rows told apart by the ids `id` returns. The
    /// `Identifiable` initializers pass `{ $0.id }`, made where the rows are created (they are
    /// inlinable), so that the diff reads an id directly: through the key path `\.id` it would
    /// be read at run time (the protocol's requirement is not folded into a field), about 300
    /// instructions a read, two to three reads a row.
    @usableFromInline
    init(
        _ tableView: TableView, idOf id: @escaping (Element) -> ID, cell: Cell.Type,
        bind: @escaping (_ cell: Cell, _ element: Element) throws -> [AnyBinding]
    ) {
        self.tableView = tableView
        self.id = id
        self.bindRow = bind
        tableView.dataSource = self
        tableView.reloadData()
    }

    /// The bindings of the rows displayed now, in no particular order (for tests and graphs).
    public var rowBindings: [AnyBinding] { state.withLock { $0.rowBindings.values.flatMap { $0 } } }

    /// The latest error thrown by the `bind` closure, and the row it was binding (that row shows
    /// its cell unbound): `Binding(…, triggers: .standard)` throws when no trigger is known.
    public var lastRowError: (row: Int, error: any Error)? { state.withLock { $0.lastRowError } }

    // MARK: WritableProperty

    /// The array the table shows.
    ///
    /// - Throws: ``PropertyError/objectDeallocated(root:keyPath:)`` once the table is gone.
    public func read() throws -> [Element] {
        guard tableView != nil else { throw deallocated() }
        return state.withLock { $0.shown }
    }

    /// Shows `newValue`: the table receives the batch that turns the array shown into it.
    ///
    /// - Throws: ``PropertyError/objectDeallocated(root:keyPath:)`` once the table is gone;
    ///   nothing is shown then.
    ///
    /// **Announced batches.** When the rows are written by a binding whose trigger is an
    /// ``ObservableArrayTrigger`` (as `triggers: .standard` makes for an ``ObservableArray``
    /// source), they take the batch the array announced instead of diffing: no id is hashed,
    /// no element compared. They do so only when they can account for every row: `newValue` is
    /// the array's elements as they are now (the same storage, not a copy or a transformer's
    /// result), the rows show the version just before, and the array announced that change as a
    /// batch. Otherwise they diff: after a ``ObservableArray/replaceAll(with:)``, when batches
    /// were missed (an update skipped, two threads changing the array at once), when something
    /// else wrote the rows, or when the value came through a transformer. The table receives
    /// whole batches, in order, either way.
    ///
    /// Compiled where the rows are created (it is inlinable), so that the diff is specialized
    /// for the element type.
    @inlinable
    public func write(_ newValue: [Element]) throws {
        let (tableView, old, announced) = try exchangeShown(newValue)
        let changes = announced ?? ListDiff.changes(from: old, to: newValue, id: id, isSameContent: ==)
        if !changes.isEmpty { apply(changes, to: tableView) }
    }

    /// Shows `newValue` if `shouldWrite` agrees; returns whether it was written.
    ///
    /// `shouldWrite` is asked with the array shown, as for any property, except when the rows
    /// will take a batch the array announced (see ``write(_:)``): they know it changed, and ask
    /// with nil, so that a binding does not compare the arrays (then its ``Binding/onUpdate``
    /// gets no old value).
    ///
    /// - Throws: what ``write(_:)`` throws; nothing is shown then.
    @inlinable
    public func write(_ newValue: [Element], if shouldWrite: (_ current: [Element]?) -> Bool) throws -> Bool {
        guard shouldWrite(hasAnnouncedBatch(to: newValue) ? nil : try? read()) else { return false }
        try write(newValue)
        return true
    }

    /// Makes `newValue` the array shown and returns the one shown before, with the table, and
    /// the batch that the rows' array announced from one to the other (nil when the rows diff).
    ///
    /// - Throws: ``PropertyError/objectDeallocated(root:keyPath:)`` once the table is gone.
    @usableFromInline
    func exchangeShown(_ newValue: [Element]) throws -> (TableView, [Element], ListChanges?) {
        guard let tableView else { throw deallocated() }
        let (old, announced) = state.withLock { state -> ([Element], ListChanges?) in
            defer { state.shown = newValue }
            guard let announcer = state.announcer else { return (state.shown, nil) }
            // The array's lock inside the rows': the array never calls out holding its own.
            let (version, changes) = announcer.announcedChanges(since: state.shownVersion, to: newValue)
            state.shownVersion = version
            return (state.shown, changes)
        }
        return (tableView, old, announced)
    }

    /// Whether writing `newValue` would apply a batch the rows' array announced.
    @usableFromInline
    func hasAnnouncedBatch(to newValue: [Element]) -> Bool {
        state.withLock { state in
            state.announcer?.hasAnnouncedBatch(since: state.shownVersion, to: newValue) ?? false
        }
    }

    /// Hands `changes` to the table as one batch.
    @usableFromInline
    func apply(_ changes: ListChanges, to tableView: TableView) {
        do {
            try tableView.performBatchUpdates { batch in
                batch.deleteRows(at: changes.deletes)
                batch.insertRows(at: changes.inserts)
                for move in changes.moves { batch.moveRow(at: move.from, to: move.to) }
                batch.reloadRows(at: changes.reloads)
            }
        } catch {
            // A batch the table refuses (never one of the diff's): show the array whole.
            tableView.reloadData()
        }
    }

    private func deallocated() -> PropertyError {
        .objectDeallocated(root: "TableView", keyPath: "TableRows<\(Element.self)>")
    }

    // MARK: TableViewDataSource

    /// The number of elements shown.
    public func numberOfRows(in tableView: TableView) -> Int {
        state.withLock { $0.shown.count }
    }

    /// A cell of `Cell`, bound to the element of `row` by `bind`.
    public func tableView(_ tableView: TableView, cellForRowAt row: Int) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(Cell.self)
        guard let element = state.withLock({ $0.shown.indices.contains(row) ? $0.shown[row] : nil }) else {
            return cell
        }
        // Outside the lock: binding runs the user's code, and an update may read the rows.
        let bindings: [AnyBinding]
        do {
            bindings = try bindRow(cell, element)
        } catch {
            bindings = []
            state.withLock { $0.lastRowError = (row, error) }
        }
        state.withLock { $0.rowBindings[ObjectIdentifier(cell)] = bindings }
        return cell
    }

    /// Ends the bindings of `cell`: its row was deleted, reloaded, scrolled out, or the table reloaded.
    public func tableView(_ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt row: Int) {
        let ended = state.withLock { $0.rowBindings.removeValue(forKey: ObjectIdentifier(cell)) } ?? []
        for binding in ended { binding.invalidate() }
    }
}

extension TableRows: ListAnnouncementFollower {
    /// Takes the batches `array` announces, when it is an array of `Element`: its trigger calls
    /// this when it starts in a binding that writes the rows.
    func follow(_ array: AnyObject) {
        guard let array = array as? ObservableArray<Element> else { return }
        state.withLock { state in
            guard state.announcer !== array else { return }
            state.announcer = array
            state.shownVersion = nil
        }
    }
}

extension TableRows: CustomStringConvertible {
    /// `TableRows<Repository>`, for failure messages and graphs.
    public var description: String { "TableRows<\(Element.self)>" }
}

extension TableRows where Element: Identifiable, ID == Element.ID {
    /// Shows an array of `Identifiable` elements in `tableView`, each displayed row a `Cell` that
    /// `bind` binds to its element.
    ///
    /// ```swift
    /// let rows = TableRows(table, cell: RepositoryCell.self) { cell, repository in [] }
    /// ```
    @inlinable
    public convenience init(
        _ tableView: TableView, cell: Cell.Type,
        bind: @escaping (_ cell: Cell, _ element: Element) throws -> [AnyBinding]
    ) {
        self.init(tableView, idOf: { $0.id }, cell: cell, bind: bind)
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
        self.init(tableView, idOf: { $0.id }, cell: TableViewCell.self, bind: bind)
    }
}
