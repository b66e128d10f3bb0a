/// An array of sections shown in a sectioned list view, row by row: the destination of a
/// ``Binding`` whose source is any property of `[ListSection]`. Each write compares the new
/// sections with those shown, by section id and element id, and hands the list one batch
/// (``SectionedListDiff``): section deletes, inserts and moves, and row deletes, inserts, moves
/// (within and across sections) and reloads.
///
/// ```swift
/// let sections = TableSections(table, id: \.id, cell: PersonCell.self) { cell, person in
///     [try Binding(source: Property(person, \.name), destination: Property(cell, \.text), triggers: .standard)
///         .updatingNow()]
/// }
/// let showPeople = try Binding(source: Property(directory, \.sections), destination: sections, triggers: .standard)
/// ```
///
/// The rows' bindings are ``TableRows``' own (the sections keep a ``TableRows`` of their rows end
/// to end): they live exactly as long as their row shows its element, a row moved to another
/// section keeps its own, a row not visible has none, a row binding that ends leaves its
/// ``BindingSet``, and they end silently with the list. The `bind` closure may change its
/// element, as ``TableRows/bind(_:toRow:)`` says.
///
/// An array grouped into sections by a key is ``grouped(by:)``.
///
/// The sections keep the list's selection by element id (``selection``), as ``TableRows`` does:
/// it follows its elements through every sectioned batch (rows moved within or across sections,
/// sections deleted or moved, a grouped element whose key changed), drops those that leave, and
/// takes the user's taps (``listDidSelectRows(at:)``).
public final class TableSections<SectionID: Hashable, Element: Equatable, ID: Hashable, Cell: AnyObject>:
    WritableProperty, SectionedRowSource, @unchecked Sendable
{
    /// The sections' value: the sections shown.
    public typealias Value = [ListSection<SectionID, Element>]

    private weak var list: (any SectionedListView)?

    /// The list, or nil once it is gone: deallocated, or an ``EndingObject`` that has ended (a
    /// toolkit's list whose widget was destroyed while the app holds it).
    private var liveList: (any SectionedListView)? {
        let list = self.list  // one load of the weak reference
        return isGone(list) ? nil : list
    }
    private let listName: String
    /// The rows of every section end to end: they bind the cells.
    @usableFromInline let rows: TableRows<Element, ID, Cell>
    private let state = Locked(State())

    /// The sections shown, as the diff reads them.
    @usableFromInline
    struct Shown {
        @usableFromInline var sections: [ListSection<SectionID, Element>] = []
        @usableFromInline var ids: [SectionID] = []
        @usableFromInline var rows: [Element] = []
        @usableFromInline var counts: [Int] = []

        @usableFromInline
        init() {}

        @inlinable
        init(_ sections: [ListSection<SectionID, Element>]) {
            self.sections = sections
            ids.reserveCapacity(sections.count)
            counts.reserveCapacity(sections.count)
            var total = 0
            for section in sections {
                ids.append(section.id)
                counts.append(section.rows.count)
                total += section.rows.count
            }
            rows.reserveCapacity(total)
            for section in sections { rows.append(contentsOf: section.rows) }
        }
    }

    private struct State {
        var shown = Shown()
        var flat = FlatRows(counts: [])
        /// The thread that binds a row now, and the sections written on it meanwhile: shown
        /// once the row is made.
        var binder = ThreadHold<Shown>()
        /// The list's pass of making rows, and the sections a `bind` closure wrote during it.
        var pass = ThreadHold<Shown>()
        /// The array whose announced batches a grouped array's writes follow (``follow(_:)``).
        weak var announcer: ObservableArray<Element>?
        /// The version of `announcer` that the sections show grouped, nil when not known.
        var shownVersion: UInt64?
        /// Where each element of the grouped array shown went among the rows end to end; nil
        /// when the sections were written as sections.
        var groupedIndices: [Int]?
    }

    /// Shows sections in `list` (held weakly), their rows told apart by `id`, each displayed row
    /// a `Cell` that `bind` binds to its element. The type of the sections' ids is inferred from
    /// the binding the sections are written by; made apart from it, name it with `sectionID:`.
    ///
    /// ```swift
    /// let sections = TableSections(table, sectionID: String.self, id: \.id, cell: TableViewCell.self) { cell, person in
    ///     cell.text = person.name
    ///     return []
    /// }
    /// ```
    public convenience init<List: SectionedListView>(
        _ list: List, sectionID: SectionID.Type = SectionID.self, id: KeyPath<Element, ID>, cell: Cell.Type,
        bind: @escaping (_ cell: Cell, _ element: Element) throws -> [AnyBinding]
    ) {
        self.init(list, idOf: { $0[keyPath: id] }, cell: cell, bind: bind)
    }

    /// Shows sections in `list`, their rows told apart by the ids `id` returns.
    @usableFromInline
    init(
        _ list: any SectionedListView, idOf id: @escaping (Element) -> ID, cell: Cell.Type,
        bind: @escaping (_ cell: Cell, _ element: Element) throws -> [AnyBinding]
    ) {
        self.list = list
        self.listName = String(describing: type(of: list))
        self.rows = TableRows(list, idOf: id, cell: cell, bind: bind, isListSource: false)
        // An edit made through the selection reloads its rows by index path.
        rows.selection.attach { hooks in
            hooks.reload = { [weak self] rows in self?.reload(rows) }
        }
        list.setSectionSource(self)
    }

    /// The bindings of the rows displayed now, in no particular order (for tests and graphs).
    ///
    /// ```swift
    /// sections.rowBindings.count   // the visible rows' bindings
    /// ```
    public var rowBindings: [AnyBinding] { rows.rowBindings }

    /// The latest error thrown by the `bind` closure, and the row it was binding (as the rows
    /// are now): `Binding(…, triggers: .standard)` throws when no trigger is known.
    ///
    /// ```swift
    /// sections.lastRowError?.indexPath   // [0, 3]
    /// ```
    public var lastRowError: (indexPath: ListIndexPath, error: any Error)? {
        guard let (row, error) = rows.lastRowError else { return nil }
        return (state.withLock { $0.flat.path(row) }, error)
    }

    // MARK: WritableProperty

    /// The sections the list shows.
    ///
    /// ```swift
    /// try sections.read().map(\.id)   // ["A", "B"]
    /// ```
    ///
    /// - Throws: ``PropertyError/objectDeallocated(root:keyPath:)`` once the list is gone.
    public func read() throws -> [ListSection<SectionID, Element>] {
        guard list != nil else { throw listIsGone() }
        return state.withLock { $0.shown.sections }
    }

    /// Shows `newValue`: the list receives the one batch that turns the sections shown into it.
    ///
    /// ```swift
    /// try sections.write([ListSection(id: "A", rows: [ann])])
    /// ```
    ///
    /// - Throws: ``PropertyError/objectDeallocated(root:keyPath:)`` once the list is gone;
    ///   nothing is shown then.
    ///
    /// Compiled where the sections are created (it is inlinable), so that the diff is
    /// specialized for the element type.
    @inlinable
    public func write(_ newValue: [ListSection<SectionID, Element>]) throws {
        try show(Shown(newValue))
    }

    /// Shows `new`, with a batch from the sections shown.
    @inlinable
    func show(_ new: Shown) throws {
        guard let (list, old) = try exchangeShown(new) else { return }
        let changes = SectionedListDiff.changes(
            oldSectionIDs: old.ids, oldRows: old.rows, oldCounts: old.counts,
            newSectionIDs: new.ids, newRows: new.rows, newCounts: new.counts,
            id: rows.id, isSameContent: ==)
        if !changes.isEmpty { apply(changes, to: list) }
        followSelection(previous: old.rows)
    }

    /// Shows `elements` grouped by `key`, with a batch from the sections shown: the batch the
    /// elements' array announced, when the sections show its version just before grouped (see
    /// ``TableRows/write(_:)`` for when that is), a diff otherwise.
    @inlinable
    func showGrouped(_ elements: [Element], by key: (Element) -> SectionID) throws where SectionID: Comparable {
        let (sections, indices) = ListSection.groupedIndexed(elements, by: key)
        let new = Shown(sections)
        guard let (list, old) = try exchangeShown(new, grouped: (elements, indices)) else { return }
        let changes: SectionedListChanges
        if let oldOfNew = old.oldOfNew {
            changes = SectionedListDiff.changes(
                oldSectionIDs: old.shown.ids, oldRows: old.shown.rows, oldCounts: old.shown.counts,
                newSectionIDs: new.ids, newRows: new.rows, newCounts: new.counts, oldOfNew: oldOfNew,
                isSameContent: ==)
        } else {
            changes = SectionedListDiff.changes(
                oldSectionIDs: old.shown.ids, oldRows: old.shown.rows, oldCounts: old.shown.counts,
                newSectionIDs: new.ids, newRows: new.rows, newCounts: new.counts, id: rows.id, isSameContent: ==)
        }
        if !changes.isEmpty { apply(changes, to: list) }
        followSelection(previous: old.shown.rows)
    }

    /// Makes `new` the sections shown and returns those shown before, with the list; nil when
    /// `new` is held until the row this thread binds now is made.
    @usableFromInline
    func exchangeShown(_ new: Shown) throws -> (any SectionedListView, Shown)? {
        try exchangeShown(new, grouped: nil).map { ($0.0, $0.1.shown) }
    }

    /// ``exchangeShown(_:)`` for `new`, the `grouped` array's elements grouped (each element's
    /// index among the rows end to end), or written as sections (nil); with the pairs of old
    /// and new rows that the array announced, when it did.
    @usableFromInline
    func exchangeShown(
        _ new: Shown, grouped: (elements: [Element], indices: [Int])?
    ) throws -> (any SectionedListView, (shown: Shown, oldOfNew: [Int]?))? {
        guard let list = liveList else { throw listIsGone() }
        let old = state.withLock { state -> (shown: Shown, oldOfNew: [Int]?)? in
            if state.binder.hold(new, on: ThreadIdentity.current.id) { return nil }
            let old = state.shown
            var oldOfNew: [Int]?
            var version: UInt64?
            if let grouped, let announcer = state.announcer {
                // The array's lock inside the sections': the array never calls out holding its own.
                let changes: ListChanges?
                (version, changes) = announcer.announcedChanges(since: state.shownVersion, to: grouped.elements)
                if let changes, let oldIndices = state.groupedIndices,
                    oldIndices.count == grouped.elements.count + changes.deletes.count - changes.inserts.count
                {
                    oldOfNew = Self.pairs(changes, from: oldIndices, to: grouped.indices)
                }
            }
            show(new, in: &state)
            state.groupedIndices = grouped?.indices
            state.shownVersion = version
            return (old, oldOfNew)
        }
        guard let old else { return nil }
        return (list, old)
    }

    /// The rows end to end that an announced batch pairs: each new row's old row, -1 for none.
    private static func pairs(_ changes: ListChanges, from oldIndices: [Int], to newIndices: [Int]) -> [Int] {
        var oldOfNew = [Int](repeating: -1, count: newIndices.count)
        changes.forEachOrigin(newCount: newIndices.count) { newIndex, origin in
            switch origin {
            case .inserted: break
            case .moved(let from), .staying(let from, _): oldOfNew[newIndices[newIndex]] = oldIndices[from]
            }
        }
        return oldOfNew
    }

    /// Makes `new` the sections shown in `state`, and their rows the rows'; the grouped array
    /// they show is not known any more.
    private func show(_ new: Shown, in state: inout State) {
        state.shown = new
        state.groupedIndices = nil
        state.shownVersion = nil
        state.flat = FlatRows(counts: new.counts)
        // The rows' lock inside the sections': the rows never take the sections' lock.
        rows.showWithoutBatch(new.rows)
    }

    /// Hands `changes` to the list as one batch; the list shown whole again if it refuses it.
    @usableFromInline
    func apply(_ changes: SectionedListChanges, to list: any SectionedListView) {
        do {
            try list.performSectionBatch(changes)
        } catch {
            list.reloadSections()
        }
    }

    /// The failure of a list that is gone; the rows' bindings end with it, silently.
    private func listIsGone() -> PropertyError {
        _ = rows.listIsGone()
        return .objectDeallocated(root: listName, keyPath: "TableSections<\(Element.self)>")
    }

    // MARK: SectionedRowSource

    /// The number of sections shown.
    ///
    /// ```swift
    /// sections.numberOfSections   // 2
    /// ```
    public var numberOfSections: Int { state.withLock { $0.flat.sectionCount } }

    /// The number of rows of `section`; 0 for a section not shown.
    ///
    /// ```swift
    /// sections.numberOfRows(inSection: 0)   // 3
    /// ```
    public func numberOfRows(inSection section: Int) -> Int {
        state.withLock { state in
            state.shown.counts.indices.contains(section) ? state.shown.counts[section] : 0
        }
    }

    /// `Cell`: the list view makes cells of it.
    ///
    /// ```swift
    /// sections.cellType   // TableViewCell.self
    /// ```
    public var cellType: AnyObject.Type { Cell.self }

    /// Binds `cell` to the element at `indexPath` with the `bind` closure, as
    /// ``TableRows/bind(_:toRow:)`` does: sections written on this thread while the closure
    /// runs are shown once the row is made (the row at once, bound again, when only its
    /// element changed; a batch otherwise).
    ///
    /// ```swift
    /// sections.bind(cell, to: ListIndexPath(section: 0, row: 2))
    /// ```
    public func bind(_ cell: AnyObject, to indexPath: ListIndexPath) {
        guard let row = state.withLock({ $0.flat.indexIfValid(indexPath) }) else {
            if !(cell is Cell) { rows.bind(cell, toRow: -1) }  // records the cell of the wrong type
            return
        }
        var rebinds = 0
        while true {
            let held = bindNow(cell, toRow: row)
            guard let held else { return }
            // Only this row's element changed: the row shows it now. Anything else reaches the
            // list as a batch once the row is made.
            guard rebinds < 3, showIfChangedOnly(row, held) else {
                let me = ThreadIdentity.current.id
                if rebinds < 3, !state.withLock({ $0.pass.hold(held, on: me) }) { try? show(held) }
                return
            }
            followSelection(previous: nil)
            rebinds += 1
        }
    }

    /// Runs the rows' `bind` for `cell` at flat `row`; returns the sections written on this
    /// thread meanwhile.
    private func bindNow(_ cell: AnyObject, toRow row: Int) -> Shown? {
        let me = ThreadIdentity.current.id
        state.withLock { $0.binder.begin(on: me) }
        rows.bind(cell, toRow: row)
        return state.withLock { $0.binder.end(on: me) }
    }

    /// Shows `held` when it differs from the sections shown only in the element of flat `row`,
    /// by content (the same id): then the rows are told, and the row is bound again.
    private func showIfChangedOnly(_ row: Int, _ held: Shown) -> Bool {
        state.withLock { state in
            let shown = state.shown
            guard held.counts == shown.counts, held.ids == shown.ids, shown.rows.indices.contains(row),
                rows.id(held.rows[row]) == rows.id(shown.rows[row]), held.rows[row] != shown.rows[row]
            else { return false }
            for index in held.rows.indices where index != row && held.rows[index] != shown.rows[index] {
                return false
            }
            show(held, in: &state)
            return true
        }
    }

    /// Ends the bindings of `cell`: its row was deleted, reloaded, scrolled out, or the list
    /// reloaded.
    ///
    /// ```swift
    /// sections.unbind(cell, from: ListIndexPath(section: 0, row: 2))
    /// ```
    public func unbind(_ cell: AnyObject, from indexPath: ListIndexPath) {
        rows.unbind(cell, fromRow: indexPath.row)
    }

    /// Begins the list's pass of making rows on this thread, as ``TableRows/listWillMakeRows()``
    /// does: sections that a `bind` closure writes during it are shown by ``listDidMakeRows()``.
    ///
    /// ```swift
    /// sections.listWillMakeRows()
    /// ```
    public func listWillMakeRows() {
        let me = ThreadIdentity.current.id
        state.withLock { $0.pass.begin(on: me) }
    }

    /// Ends the list's pass of making rows on this thread: the sections a `bind` closure wrote
    /// during it, if any, are shown now, as one batch.
    ///
    /// ```swift
    /// sections.listDidMakeRows()
    /// ```
    public func listDidMakeRows() {
        let me = ThreadIdentity.current.id
        if let held = state.withLock({ $0.pass.end(on: me) }) { try? show(held) }
    }
}

extension TableSections: CustomStringConvertible {
    /// `TableSections<Person>`, for failure messages and graphs.
    public var description: String { "TableSections<\(Element.self)>" }
}

extension TableSections where Element: Identifiable, ID == Element.ID {
    /// Shows sections of `Identifiable` elements in `list`, each displayed row a `Cell` that
    /// `bind` binds to its element.
    ///
    /// ```swift
    /// let sections = TableSections(table, sectionID: String.self, cell: PersonCell.self) { cell, person in [] }
    /// ```
    @inlinable
    public convenience init<List: SectionedListView>(
        _ list: List, sectionID: SectionID.Type = SectionID.self, cell: Cell.Type,
        bind: @escaping (_ cell: Cell, _ element: Element) throws -> [AnyBinding]
    ) {
        self.init(list, idOf: { $0.id }, cell: cell, bind: bind)
    }
}

extension TableSections where SectionID: Comparable {
    /// The sections as the destination of an array: each write groups the array by the key at
    /// `key` (``ListSection/grouped(_:by:)-(_,KeyPath<Element,ID>)``: sections sorted by key, rows in the array's order)
    /// and shows the groups, with one batch.
    ///
    /// ```swift
    /// let byInitial = TableSections(table, id: \.id, cell: TableViewCell.self) { cell, person in
    ///     cell.text = person.name
    ///     return []
    /// }.grouped(by: \.initial)
    /// let showPeople = try Binding(source: Property(directory, \.people), destination: byInitial, triggers: .standard)
    /// ```
    public func grouped(by key: KeyPath<Element, SectionID>) -> GroupedTableSections<SectionID, Element, ID, Cell> {
        GroupedTableSections(self, key: { $0[keyPath: key] })
    }
}

/// An array shown in a ``TableSections``, grouped into sections by a key: made by
/// ``TableSections/grouped(by:)``. It holds its sections (and they their list weakly).
///
/// ```swift
/// let byInitial = sections.grouped(by: \.initial)
/// try byInitial.write(people)   // one section per initial, in order
/// ```
public final class GroupedTableSections<
    SectionID: Hashable & Comparable, Element: Equatable, ID: Hashable, Cell: AnyObject
>:
    WritableProperty, @unchecked Sendable
{
    /// The array written, in its own order.
    public typealias Value = [Element]

    /// The sections the array is shown in.
    ///
    /// ```swift
    /// byInitial.sections.numberOfSections   // 2
    /// ```
    public let sections: TableSections<SectionID, Element, ID, Cell>
    @usableFromInline let key: (Element) -> SectionID
    @usableFromInline let written = Locked<[Element]>([])

    @usableFromInline
    init(_ sections: TableSections<SectionID, Element, ID, Cell>, key: @escaping (Element) -> SectionID) {
        self.sections = sections
        self.key = key
        // An edit made through the selection (a detail form's) groups the array again when the
        // element's key changed: its row moves to its section; it reloads otherwise.
        sections.selection.attach { hooks in
            hooks.beginRearranging = {}
            hooks.rearrange = { [weak self] ids in self?.regroup(ids) }
        }
    }

    /// Shows the edit of the elements of `ids`, in one batch: the array grouped again when the
    /// key of one of them changed, their rows reloaded otherwise.
    private func regroup(_ ids: [ID]) {
        let places = sections.shownPlaces(of: ids)
        guard !places.isEmpty else { return }
        if places.contains(where: { key($0.element) != $0.sectionID }) {
            try? write(written.value)
        } else {
            sections.reloadRows(places.map(\.row))
        }
    }

    /// The array last written, in its own order.
    ///
    /// ```swift
    /// try byInitial.read()   // the people, as the model orders them
    /// ```
    ///
    /// - Throws: ``PropertyError/objectDeallocated(root:keyPath:)`` once the list is gone.
    public func read() throws -> [Element] {
        _ = try sections.read()
        return written.value
    }

    /// Groups `newValue` by the key and shows the groups, with one batch.
    ///
    /// ```swift
    /// try byInitial.write(people)
    /// ```
    ///
    /// - Throws: ``PropertyError/objectDeallocated(root:keyPath:)`` once the list is gone.
    ///
    /// Bound to an ``ObservableArray`` (`triggers: .standard`, an ``ArrangedArray`` too), the
    /// sections pair the rows as the array's announced batch says, instead of by id, whenever
    /// ``TableRows`` would take the batch (see ``TableRows/write(_:)``); the batch to the list is
    /// then read off those pairs and the sections' own diff, in one pass.
    @inlinable
    public func write(_ newValue: [Element]) throws {
        try sections.showGrouped(newValue, by: key)
        written.value = newValue
    }
}

extension GroupedTableSections {
    /// Shows `newValue` if `shouldWrite` agrees; returns whether it was written.
    ///
    /// ```swift
    /// try byInitial.write(people) { current in current != people }
    /// ```
    ///
    /// `shouldWrite` is asked with the array shown, except when the sections will take a batch
    /// the array announced (see ``write(_:)``): they know it changed, and ask with nil.
    ///
    /// - Throws: what ``write(_:)`` throws; nothing is shown then.
    @inlinable
    public func write(_ newValue: [Element], if shouldWrite: (_ current: [Element]?) -> Bool) throws -> Bool {
        guard shouldWrite(sections.hasAnnouncedBatch(to: newValue) ? nil : try? read()) else { return false }
        try write(newValue)
        return true
    }
}

extension GroupedTableSections: ListAnnouncementFollower {
    /// Takes the batches `array` announces, when it is an array of `Element`.
    func follow(_ array: AnyObject) {
        sections.follow(array)
    }
}

extension TableSections {
    /// Whether writing the grouped array `elements` would follow a batch its array announced.
    @usableFromInline
    func hasAnnouncedBatch(to elements: [Element]) -> Bool {
        state.withLock { state in
            state.groupedIndices != nil
                && state.announcer?.hasAnnouncedBatch(since: state.shownVersion, to: elements) ?? false
        }
    }

    /// Takes the batches `array` announces for the grouped array's writes.
    func follow(_ array: AnyObject) {
        guard let array = array as? ObservableArray<Element> else { return }
        state.withLock { state in
            guard state.announcer !== array else { return }
            state.announcer = array
            state.shownVersion = nil
        }
    }
}

extension GroupedTableSections: CustomStringConvertible {
    /// `GroupedTableSections<Person>`, for failure messages and graphs.
    public var description: String { "GroupedTableSections<\(Element.self)>" }
}

// MARK: Selection

extension TableSections {
    /// The list's selection, single or multiple, kept by element id through every sectioned
    /// batch (rows moved within or across sections, sections deleted or moved, a grouped
    /// element whose key changed), and cleared for the elements that leave: the same
    /// ``ListSelection`` as ``TableRows/selection``, whose ``ListSelection/rows`` count the rows
    /// of every section end to end. A ``SelectionDetail`` follows it.
    ///
    /// ```swift
    /// let selected = try Binding(
    ///     source: Property(sections.selection, \.element), destination: Property(editor, \.person), triggers: .standard)
    /// ```
    public var selection: ListSelection<Element, ID> { rows.selection }

    /// The index paths of the selected rows, in order.
    ///
    /// ```swift
    /// sections.selectedIndexPaths   // [[1, 0]] while the first person of section 1 is selected
    /// ```
    public var selectedIndexPaths: [ListIndexPath] {
        let selected = rows.selection.rows
        return state.withLock { state in
            selected.filter { $0 < state.flat.total }.map { state.flat.path($0) }
        }
    }

    /// Takes the rows the user selected in the list into ``selection``, by their elements' ids;
    /// index paths the sections do not show are ignored.
    ///
    /// ```swift
    /// sections.listDidSelectRows(at: [ListIndexPath(section: 1, row: 0)])
    /// ```
    public func listDidSelectRows(at indexPaths: [ListIndexPath]) {
        let flat = state.withLock { state in indexPaths.compactMap { state.flat.indexIfValid($0) } }
        rows.selection.listDidSelect(rows: flat)
    }

    /// The selection follows the rows shown now, by id, from `previous`, the rows shown before
    /// (nil when a selected row may have changed: its elements are announced then).
    @usableFromInline
    func followSelection(previous: [Element]?) {
        let (generation, shown) = rows.shownWithGeneration()
        rows.selection.follow(
            generation: generation, shown: shown, changes: nil, previous: previous.map { ($0, ==) })
    }

    /// The section id, row (end to end) and element that show each of `ids`, in row order; ids
    /// not shown are left out.
    func shownPlaces(of ids: [ID]) -> [(sectionID: SectionID, row: Int, element: Element)] {
        guard !ids.isEmpty else { return [] }
        let wanted = Set(ids)
        return state.withLock { state in
            var places: [(sectionID: SectionID, row: Int, element: Element)] = []
            for (row, element) in state.shown.rows.enumerated() where wanted.contains(rows.id(element)) {
                places.append((state.shown.ids[state.flat.path(row).section], row, element))
            }
            return places
        }
    }

    /// Reloads the rows (end to end) of elements edited through the selection, in one batch.
    func reloadRows(_ flatRows: [Int]) { reload(flatRows) }

    /// Reloads the rows (end to end) of elements edited through the selection, in one batch.
    private func reload(_ flatRows: [Int]) {
        guard let list else { return }
        let paths = state.withLock { state in
            flatRows.filter { $0 >= 0 && $0 < state.flat.total }.map { state.flat.path($0) }
        }
        guard !paths.isEmpty else { return }
        apply(SectionedListChanges(reloads: paths.sorted()), to: list)
    }
}
