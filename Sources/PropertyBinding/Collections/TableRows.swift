/// An array shown in a list view, row by row: the destination of a ``Binding`` whose source is
/// any array property. Each write compares the new array with the one shown, by element
/// identity, and hands the list the smallest batch (``ListDiff``): deletes, inserts, moves, and
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
/// The list is any ``RowListView``: the stand-in `TableView` of `PropertyBindingControls`, the
/// GTK list of `PropertyBindingGTK`, or an adapter of your own. The rows are its ``RowSource``.
///
/// The `bind` closure binds a cell to its element when the row is displayed, with any trigger,
/// and returns the row's bindings. They live exactly as long as the row shows the element: a
/// deleted row's bindings end, a moved row keeps its own, a cell is unbound before it is reused
/// or reloaded, and a row that is not visible has none (a table of 100,000 rows binds only the
/// rows it shows). A row binding that ends leaves the ``BindingSet`` that holds it. The rows hold
/// the list weakly: once it is gone, a write throws
/// ``PropertyError/objectDeallocated(root:keyPath:)`` and the binding ends, and the rows'
/// bindings end with the list, silently. The `bind` closure may change its element: see
/// ``bind(_:toRow:)``.
///
/// Bound to an ``ObservableArray`` (`triggers: .standard`), the rows take the batch the array
/// announces for each change instead of diffing, whenever they can account for every row (see
/// ``write(_:)``).
///
/// The rows keep the list's selection by element id: ``selection``.
///
/// One section. Duplicate ids never crash: see ``ListDiff``.
public final class TableRows<Element: Equatable, ID: Hashable, Cell: AnyObject>: WritableProperty, RowSource,
    @unchecked Sendable
{
    /// The rows' value: the array shown.
    public typealias Value = [Element]

    private weak var list: (any RowListView)?

    /// The list, or nil once it is gone: deallocated, or an ``EndingObject`` that has ended (a
    /// toolkit's list whose widget was destroyed while the app holds it).
    private var liveList: (any RowListView)? {
        let list = self.list  // one load of the weak reference
        return isGone(list) ? nil : list
    }
    /// The list again, for the rows' bindings to ask whether it is gone.
    private let presence: ListPresence
    /// The list's type, for the failure once it is gone.
    private let listName: String
    @usableFromInline let id: (Element) -> ID
    private let bindRow: (Cell, Element) throws -> [AnyBinding]
    private let state = Locked(State())

    /// The list's selection, single or multiple, kept by element id through every batch the
    /// rows show, and cleared for the elements that leave: see ``ListSelection``.
    ///
    /// ```swift
    /// let selected = try Binding(
    ///     source: Property(rows.selection, \.element), destination: Property(editor, \.person), triggers: .standard)
    /// ```
    public let selection: ListSelection<Element, ID>

    private struct State {
        /// The array the table shows.
        var shown: [Element] = []
        /// The version of `shown`: one more each time it is replaced.
        var generation: UInt64 = 0
        /// The bindings of each displayed cell, by the cell's identity.
        var rowBindings: [ObjectIdentifier: [AnyBinding]] = [:]
        /// The latest failure of `bind`.
        var lastRowError: (row: Int, error: any Error)?
        /// The array whose announced batches the rows take (``follow(_:)``), if any.
        weak var announcer: ObservableArray<Element>?
        /// The version of `announcer` that `shown` is, or nil when it is not known to be one.
        var shownVersion: UInt64?
        /// The thread that runs the `bind` closure now, and the array written on it meanwhile:
        /// shown once the row is made (``bind(_:toRow:)``).
        var binder = ThreadHold<[Element]>()
        /// The list's pass of making rows, and the array a `bind` closure wrote during it.
        var pass = ThreadHold<[Element]>()
    }

    /// Shows an array in `list` (held weakly), its rows told apart by `id`, each displayed
    /// row a `Cell` that `bind` binds to its element.
    ///
    /// ```swift
    /// let rows = TableRows(peopleList, id: \.id, cell: PersonCell.self) { cell, person in
    ///     [try Binding(source: Property(person, \.name), destination: Property(cell, \.text), triggers: .standard)
    ///         .updatingNow()]
    /// }
    /// ```
    public convenience init<List: RowListView>(
        _ list: List, id: KeyPath<Element, ID>, cell: Cell.Type,
        bind: @escaping (_ cell: Cell, _ element: Element) throws -> [AnyBinding]
    ) {
        self.init(list, idOf: { $0[keyPath: id] }, cell: cell, bind: bind)
    }

    /// Shows an array in `list`, its rows told apart by the ids `id` returns. The
    /// `Identifiable` initializers pass `{ $0.id }`, made where the rows are created (they are
    /// inlinable), so that the diff reads an id directly: through the key path `\.id` it would
    /// be read at run time (the protocol's requirement is not folded into a field), which costs
    /// more than the rest of the row's diff, two to three reads a row (Benchmarks/README.md).
    ///
    /// With `isListSource` false the rows only bind the cells of `list`, whose source is another
    /// (``TableSections``, which shows them through ``showWithoutBatch(_:)``).
    @usableFromInline
    init(
        _ list: any RowListView, idOf id: @escaping (Element) -> ID, cell: Cell.Type,
        bind: @escaping (_ cell: Cell, _ element: Element) throws -> [AnyBinding], isListSource: Bool = true
    ) {
        self.list = list
        self.presence = ListPresence(list)
        self.listName = String(describing: type(of: list))
        self.id = id
        self.bindRow = bind
        self.selection = ListSelection(id: id)
        selection.attach { hooks in
            hooks.shown = { [weak self] in self?.state.withLock { ($0.generation, $0.shown) } }
            hooks.list = { [weak self] in self?.list as? any SelectableRowListView }
            hooks.allowsMultiple = { [weak self] in
                (self?.list as? any SelectableRowListView)?.allowsMultipleSelection ?? true
            }
            hooks.reload = { [weak self] rows in
                guard let self, let list = self.list else { return }
                self.apply(ListChanges(reloads: rows), to: list)
            }
        }
        if isListSource { list.setRowSource(self) }
    }

    deinit {
        // The rows' bindings end with the rows, even those a set holds.
        for binding in state.withLock({ $0.rowBindings.values.flatMap { $0 } }) { binding.end() }
    }

    /// The bindings of the rows displayed now, in no particular order (for tests and graphs).
    public var rowBindings: [AnyBinding] { state.withLock { $0.rowBindings.values.flatMap { $0 } } }

    /// The latest error thrown by the `bind` closure, and the row it was binding (that row shows
    /// its cell unbound): `Binding(…, triggers: .standard)` throws when no trigger is known.
    public var lastRowError: (row: Int, error: any Error)? { state.withLock { $0.lastRowError } }

    // MARK: WritableProperty

    /// The array the table shows.
    ///
    /// - Throws: ``PropertyError/objectDeallocated(root:keyPath:)`` once the list is gone.
    public func read() throws -> [Element] {
        guard list != nil else { throw listIsGone() }
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
    ///
    /// Written from inside the `bind` closure (a row that marks its element as seen, on the
    /// thread that binds it), the array is shown once the row is made: see ``bind(_:toRow:)``.
    @inlinable
    public func write(_ newValue: [Element]) throws {
        guard let (list, old, announced, generation) = try exchangeShown(newValue) else { return }
        let changes = announced ?? ListDiff.changes(from: old, to: newValue, id: id, isSameContent: ==)
        if !changes.isEmpty { apply(changes, to: list) }
        selection.follow(generation: generation, shown: newValue, changes: changes)
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

    /// Makes `newValue` the array shown and returns the one shown before, with the table, the
    /// batch that the rows' array announced from one to the other (nil when the rows diff), and
    /// the version of the array shown now; nil when `newValue` is held until the row that this
    /// thread binds now is made.
    ///
    /// - Throws: ``PropertyError/objectDeallocated(root:keyPath:)`` once the table is gone.
    @usableFromInline
    func exchangeShown(_ newValue: [Element]) throws -> (any RowListView, [Element], ListChanges?, UInt64)? {
        guard let list = liveList else { throw listIsGone() }
        let exchanged = state.withLock { state -> ([Element], ListChanges?, UInt64)? in
            if state.binder.hold(newValue, on: ThreadIdentity.current.id) { return nil }
            defer {
                state.shown = newValue
                state.generation &+= 1
            }
            guard let announcer = state.announcer else { return (state.shown, nil, state.generation &+ 1) }
            // The array's lock inside the rows': the array never calls out holding its own.
            let (version, changes) = announcer.announcedChanges(since: state.shownVersion, to: newValue)
            state.shownVersion = version
            return (state.shown, changes, state.generation &+ 1)
        }
        guard let (old, announced, generation) = exchanged else { return nil }
        return (list, old, announced, generation)
    }

    /// Whether writing `newValue` would apply a batch the rows' array announced.
    @usableFromInline
    func hasAnnouncedBatch(to newValue: [Element]) -> Bool {
        state.withLock { state in
            state.announcer?.hasAnnouncedBatch(since: state.shownVersion, to: newValue) ?? false
        }
    }

    /// Hands `changes` to the list as one batch.
    @usableFromInline
    func apply(_ changes: ListChanges, to list: any RowListView) {
        do {
            try list.performRowBatch(changes)
        } catch {
            // A batch the list refuses (never one of the diff's): show the array whole.
            list.reloadRows()
        }
    }

    /// Makes `newValue` the array shown, telling the list nothing: the rows of a
    /// ``TableSections``, whose list takes the sections' batch instead. A new version of the
    /// array, for ``selection`` to follow.
    func showWithoutBatch(_ newValue: [Element]) {
        state.withLock { state in
            state.shown = newValue
            state.shownVersion = nil
            state.generation &+= 1
        }
    }

    /// The array shown and its version, for a ``TableSections``' selection to follow.
    func shownWithGeneration() -> (generation: UInt64, elements: [Element]) {
        state.withLock { ($0.generation, $0.shown) }
    }

    /// The failure of a list that is gone; the rows' bindings end with it, silently.
    func listIsGone() -> PropertyError {
        let ended = state.withLock { state in
            defer { state.rowBindings = [:] }
            return state.rowBindings.values.flatMap { $0 }
        }
        for binding in ended { binding.end() }
        return .objectDeallocated(root: listName, keyPath: "TableRows<\(Element.self)>")
    }

    // MARK: RowSource

    /// The number of elements shown.
    public var numberOfRows: Int { state.withLock { $0.shown.count } }

    /// `Cell`: the list view makes cells of it.
    public var cellType: AnyObject.Type { Cell.self }

    /// Binds `cell` to the element of `row` with the `bind` closure, and keeps the bindings it
    /// returns until the cell is unbound. A cell that is not a `Cell`, or a row out of range,
    /// is left unbound; ``lastRowError`` says why.
    ///
    /// The closure runs while the list makes the row, which takes no batch then. So an array
    /// written on this thread while it runs (the closure changed its element: "mark as seen")
    /// is held, and shown once the row is made: when it changes only this row's element, the
    /// row shows it at once, bound again (as long as the closure keeps changing its element, a
    /// few times at most); otherwise the list takes the batch next, or, while the list makes
    /// its rows in one pass (``listWillMakeRows()``), once the pass is over. When the rows' own binding
    /// is writing them (the list makes the row inside its batch), the change is an update of
    /// that binding of its own, once this one is done (``UpdateResult/deferred``).
    public func bind(_ cell: AnyObject, toRow row: Int) {
        guard let cell = cell as? Cell else {
            let error = TableRowsError.cellOfWrongType(expected: "\(Cell.self)", actual: "\(type(of: cell))")
            state.withLock { $0.lastRowError = (row, error) }
            return
        }
        guard var element = state.withLock({ $0.shown.indices.contains(row) ? $0.shown[row] : nil }) else {
            return
        }
        var rebinds = 0
        while true {
            let held = bindNow(cell, to: element, row: row)
            guard let held else { return }
            // Written while the closure ran: only this row's element changed, the row shows it
            // now; anything else reaches the list as a batch once the row is made.
            if let (changed, generation) = changedOnly(row, from: element, to: held) {
                selection.follow(generation: generation, shown: held, changes: ListChanges(reloads: [row]))
                // A closure that changes its element each time it runs shows it as of its last run.
                guard rebinds < Self.rebindLimit else { return }
                element = changed
                rebinds += 1
            } else {
                let me = ThreadIdentity.current.id
                if !state.withLock({ $0.pass.hold(held, on: me) }) { try? write(held) }
                return
            }
        }
    }

    /// How many times, at most, a row is bound again because its `bind` closure changed its
    /// element.
    private static var rebindLimit: Int { 3 }

    /// Runs the `bind` closure for `cell` and `element`, ending the cell's bindings from before;
    /// returns the array written on this thread while the closure ran, if any.
    private func bindNow(_ cell: Cell, to element: Element, row: Int) -> [Element]? {
        let me = ThreadIdentity.current
        state.withLock { $0.binder.begin(on: me.id) }
        me.bindingRows += 1
        // Outside the lock: binding runs the user's code, and an update may read the rows.
        let bindings: [AnyBinding]
        do {
            bindings = try bindRow(cell, element)
        } catch {
            bindings = []
            state.withLock { $0.lastRowError = (row, error) }
        }
        me.bindingRows -= 1
        let presence = presence
        for binding in bindings { binding.endsSilently(when: { presence.isGone }) }
        // A cell bound again without being unbound (a list that rebinds in place) ends its old
        // bindings: a row's bindings never outlive the element it shows.
        let (replaced, held) = state.withLock { state in
            let held = state.binder.end(on: me.id)
            return (state.rowBindings.updateValue(bindings, forKey: ObjectIdentifier(cell)) ?? [], held)
        }
        for binding in replaced { binding.end() }
        return held
    }

    /// The element of `row` in `held` when the array shown and `held` differ only there, by the
    /// content of an element of the same id as `element`, the one the row was bound to; makes
    /// `held` the array shown then, and returns its version too. Nil otherwise.
    private func changedOnly(_ row: Int, from element: Element, to held: [Element]) -> (Element, UInt64)? {
        state.withLock { state -> (Element, UInt64)? in
            let shown = state.shown
            guard held.count == shown.count, shown.indices.contains(row), shown[row] == element,
                id(held[row]) == id(element),
                held[row] != element
            else { return nil }
            for index in held.indices where index != row && held[index] != shown[index] { return nil }
            state.shown = held
            state.shownVersion = nil
            state.generation &+= 1
            return (held[row], state.generation)
        }
    }

    /// Ends the bindings of `cell`: its row was deleted, reloaded, scrolled out, or the list
    /// reloaded. Each ends as if removed from its set: a ``BindingSet`` holding one lets it go.
    public func unbind(_ cell: AnyObject, fromRow row: Int) {
        let ended = state.withLock { $0.rowBindings.removeValue(forKey: ObjectIdentifier(cell)) } ?? []
        for binding in ended { binding.end() }
    }

    /// Takes the rows the user selected in the list into ``selection``, by their elements' ids.
    ///
    /// ```swift
    /// rows.listDidSelectRows([2])   // rows.selection.ids == [the id of row 2's element]
    /// ```
    public func listDidSelectRows(_ rows: [Int]) {
        selection.listDidSelect(rows: rows)
    }

    /// Begins the list's pass of making rows on this thread: an array that a `bind` closure
    /// writes during it (one that changes other rows than its own) is held, and shown as one
    /// batch by ``listDidMakeRows()``.
    ///
    /// ```swift
    /// rows.listWillMakeRows()
    /// ```
    public func listWillMakeRows() {
        let me = ThreadIdentity.current.id
        state.withLock { $0.pass.begin(on: me) }
    }

    /// Ends the list's pass of making rows on this thread: the array a `bind` closure wrote
    /// during it, if any, is shown now, as one batch.
    ///
    /// ```swift
    /// rows.listDidMakeRows()
    /// ```
    public func listDidMakeRows() {
        let me = ThreadIdentity.current.id
        if let held = state.withLock({ $0.pass.end(on: me) }) { try? write(held) }
    }

    /// Shows ``selection`` in the list again after it reloaded (which cleared its selection).
    ///
    /// ```swift
    /// table.reloadData()   // the table calls rows.listDidReload(): its selected rows stay selected
    /// ```
    public func listDidReload() {
        selection.listDidReload()
    }
}

/// A list, held weakly, that the rows' bindings ask from any thread whether it is gone: they
/// then end silently (see ``AnyBinding/endsSilently(when:)``).
private final class ListPresence: @unchecked Sendable {
    private weak var list: AnyObject?

    init(_ list: AnyObject) {
        self.list = list
    }

    var isGone: Bool { PropertyBinding.isGone(list) }
}

/// Why ``TableRows`` left a cell unbound (its ``TableRows/lastRowError``), besides the errors
/// its `bind` closure throws.
public enum TableRowsError: Error, Equatable, CustomStringConvertible {
    /// The list view handed the rows a cell of another class than the rows' `Cell`.
    case cellOfWrongType(expected: String, actual: String)

    /// `the list view handed a cell of PlainCell, the rows bind PersonCell`.
    public var description: String {
        switch self {
        case .cellOfWrongType(let expected, let actual):
            "the list view handed a cell of \(actual), the rows bind \(expected)"
        }
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
    /// Shows an array of `Identifiable` elements in `list`, each displayed row a `Cell` that
    /// `bind` binds to its element.
    ///
    /// ```swift
    /// let rows = TableRows(table, cell: RepositoryCell.self) { cell, repository in [] }
    /// ```
    @inlinable
    public convenience init<List: RowListView>(
        _ list: List, cell: Cell.Type,
        bind: @escaping (_ cell: Cell, _ element: Element) throws -> [AnyBinding]
    ) {
        self.init(list, idOf: { $0.id }, cell: cell, bind: bind)
    }
}
