/// The selection of a list, single or multiple, kept by element id: Cocoa Bindings'
/// `NSArrayController` `selectionIndexes` and `selectedObjects`, told apart by id rather than by
/// index, so that it follows its elements through every batch.
///
/// Every ``TableRows`` has one (``TableRows/selection``). The user's taps reach it from the list
/// (``RowSource/listDidSelectRows(_:)``); after each batch the rows show (inserts, deletes,
/// moves, a sort or a filter of an ``ArrangedArray``, reloads) it finds its elements' new rows,
/// drops the elements that left, and shows its rows selected in the list
/// (``SelectableRowListView/selectRows(_:)``).
///
/// ```swift
/// let rows = TableRows(table, id: \.id) { cell, person in [] }
/// let selection = rows.selection
/// table.simulateRowSelection(1)                       // the user's tap
/// selection.ids                                       // [the id of the person in row 1]
/// let showChosen = try Binding(
///     source: Property(selection, \.element), destination: Property(screen, \.chosen), triggers: .standard)
/// ```
///
/// It is ``KeyPathObservable``: ``ids``, ``elements`` and ``element`` are announced when they
/// change (a tap, a write, an element that left, a selected row reloaded with new content), so
/// `triggers: .standard` follows them; a batch that only moves the selected rows announces
/// nothing. Each is writable: writing selects, by code (the list sends no event).
///
/// The ids are in the order they were selected. Safe to use from any thread; it calls the list
/// on the thread that writes the rows or sets the selection, as the rows do.
public final class ListSelection<Element, ID: Hashable>: KeyPathObservable, @unchecked Sendable {
    /// The observers of ``ids``, ``elements`` and ``element``.
    ///
    /// ```swift
    /// selection.keyPathObservers.count   // 0 once every binding over it is torn down
    /// ```
    public let keyPathObservers = KeyPathObservers()

    private let id: (Element) -> ID
    private let state = Locked(State())
    private let hooks = Locked(Hooks())

    private struct State {
        /// The selected ids, in the order they were selected.
        var ids: [ID] = []
        /// The row of each selected id, in the rows of `generation`.
        var rows: [Int] = []
        /// The version of the rows' array that `rows` index.
        var generation: UInt64 = 0
        /// How many batches the selection has followed.
        var batches: UInt64 = 0
        /// The edits running now (``edit(_:_:)``), by thread.
        var edits: [UInt: EditWatch] = [:]
    }

    /// The elements an edit changes, followed through the batches the rows take while it runs.
    private struct EditWatch {
        /// How many edits this thread runs, one inside the other.
        var depth = 1
        /// The edited ids, in order.
        var ids: [ID] = []
        /// The row of each edited id, in the rows of `generation`; nil when not known.
        var rows: [ID: Int]? = [:]
        /// The version of the rows' array that `rows` index.
        var generation: UInt64 = 0
        /// The edited ids whose rows a batch reloaded, moved or deleted: that batch showed them.
        var shown = Set<ID>()
        /// Ends the arranged array's edit begun with the outermost edit, if any.
        var endRearranging: (([ID]) -> Void)?
    }

    /// What the selection asks of its rows.
    struct Hooks {
        /// The rows' array now, and its version; nil once the rows are gone.
        var shown: () -> (generation: UInt64, elements: [Element])? = { nil }
        /// The list, when it shows a selection.
        var list: () -> (any SelectableRowListView)? = { nil }
        /// Reloads the given rows (ascending) in the list.
        var reload: ([Int]) -> Void = { _ in }
        /// Starts an edit in the arranged array (``rearranges(with:)``): it holds the changes
        /// of the keys it observes until the edit ends; nil to reload the edited rows.
        var beginRearranging: (() -> Void)?
        /// Ends an edit in the arranged array: arranges the elements of these ids, and those
        /// whose observed keys changed, again in one batch.
        var rearrange: (([ID]) -> Void)?
        /// Whether the list lets the user select several rows.
        var allowsMultiple: () -> Bool = { true }
    }

    /// A selection of the elements that `id` tells apart; ``TableRows`` makes one.
    init(id: @escaping (Element) -> ID) {
        self.id = id
    }

    /// Connects the selection to its rows.
    func attach(_ update: (inout Hooks) -> Void) {
        hooks.withLock { update(&$0) }
    }

    /// The key paths the selection announces, with their names.
    ///
    /// ```swift
    /// print(Property(selection, \.ids))   // \ListSelection.ids
    /// ```
    public static var announcedKeyPaths: [AnnouncedKeyPath] {
        [
            .announced("ids", \ListSelection.ids), .announced("elements", \ListSelection.elements),
            .announced("element", \ListSelection.element),
        ]
    }

    // MARK: Reading and writing

    /// The ids of the selected elements, in the order they were selected. Writing selects the
    /// elements of those ids that the rows show, by code (no event), and ignores the others;
    /// a list that selects one row at a time
    /// (``SelectableRowListView/allowsMultipleSelection``) keeps the first of them.
    /// ``select(_:)`` refuses instead.
    ///
    /// ```swift
    /// selection.ids = [7, 3]
    /// ```
    public var ids: [ID] {
        get { state.withLock { $0.ids } }
        set { try? select(newValue, requireShown: false) }
    }

    /// The selected elements, in the order of ``ids``: those the rows show now for the ids (the
    /// selection holds ids, not elements, and its rows weakly: once the rows are gone it is
    /// empty). Writing selects them by their ids.
    ///
    /// ```swift
    /// selection.elements.map(\.name)   // ["Ann", "Cid"]
    /// ```
    public var elements: [Element] {
        get { elements(of: nil) }
        set { ids = newValue.map(id) }
    }

    /// The elements the rows show now for `ids` (nil: the selected ids), in their order; the ids
    /// the rows do not show are left out.
    func elements(of wanted: [ID]?) -> [Element] {
        guard let shown = hooks.withLock({ $0.shown })() else { return [] }
        let (ids, rows, generation) = state.withLock { ($0.ids, $0.rows, $0.generation) }
        let wanted = wanted ?? ids
        if wanted == ids, generation == shown.generation,
            rows.allSatisfy({ shown.elements.indices.contains($0) })
        {
            return rows.map { shown.elements[$0] }
        }
        if wanted.isEmpty { return [] }
        return Self.rows(of: wanted, in: shown.elements, id: id).compactMap { $0.map { shown.elements[$0] } }
    }

    /// The first row of each of `ids` in `elements`, nil for an id no row shows.
    private static func rows(of ids: [ID], in elements: [Element], id: (Element) -> ID) -> [Int?] {
        var wanted = [ID: Int]()
        for (index, id) in ids.enumerated() where wanted[id] == nil { wanted[id] = index }
        var found = [Int?](repeating: nil, count: ids.count)
        var remaining = wanted.count
        for (row, element) in elements.enumerated() where remaining > 0 {
            if let index = wanted[id(element)], found[index] == nil {
                found[index] = row
                remaining -= 1
            }
        }
        for (index, id) in ids.enumerated() where found[index] == nil {
            if let first = wanted[id], first != index { found[index] = found[first] }
        }
        return found
    }

    /// The selected element when exactly one is selected; nil when none or several are. Writing
    /// selects it alone (nil clears the selection).
    ///
    /// ```swift
    /// selection.element = people[2]
    /// ```
    public var element: Element? {
        get {
            let elements = elements
            return elements.count == 1 ? elements[0] : nil
        }
        set { ids = newValue.map { [id($0)] } ?? [] }
    }

    /// The rows of the selected elements, ascending.
    ///
    /// ```swift
    /// selection.rows   // [0, 2]
    /// ```
    public var rows: [Int] { state.withLock { $0.rows.sorted() } }

    /// Whether nothing is selected.
    ///
    /// ```swift
    /// selection.isEmpty   // true until a row is tapped
    /// ```
    public var isEmpty: Bool { state.withLock { $0.ids.isEmpty } }

    /// Selects exactly the elements of `ids`, by code (the list shows them selected and sends no
    /// event).
    ///
    /// ```swift
    /// try selection.select([7, 3])
    /// ```
    ///
    /// - Throws: ``ListSelectionError/notShown(_:)`` when the rows show no element of one of the
    ///   ids (or the rows are gone), ``ListSelectionError/multipleSelectionNotAllowed(_:)`` for
    ///   several ids when the list selects one row at a time; the selection is left as it was.
    ///   ``ListSelectionError/changeRefused(_:)`` when an observer put the selection back (a
    ///   ``SelectionDetail`` whose pending edits did not commit): the selection is the one it put
    ///   back.
    public func select(_ ids: [ID]) throws(ListSelectionError) {
        try select(ids, requireShown: true)
    }

    /// Clears the selection, by code.
    ///
    /// ```swift
    /// selection.removeAll()
    /// ```
    public func removeAll() {
        ids = []
    }

    private func select(_ wanted: [ID], requireShown: Bool) throws(ListSelectionError) {
        var unique: [ID] = []
        var seen = Set<ID>()
        for id in wanted where seen.insert(id).inserted { unique.append(id) }
        let shown = hooks.withLock { $0.shown }()
        var found: [ID: (row: Int, element: Element)] = [:]
        if let shown, !seen.isEmpty {
            for (row, element) in shown.elements.enumerated() {
                let id = id(element)
                if seen.contains(id), found[id] == nil { found[id] = (row, element) }
            }
        }
        let missing = unique.filter { found[$0] == nil }
        if requireShown, !missing.isEmpty {
            throw .notShown(missing.map { String(describing: $0) })
        }
        var kept = unique.filter { found[$0] != nil }
        if kept.count > 1, !hooks.withLock({ $0.allowsMultiple })() {
            if requireShown { throw .multipleSelectionNotAllowed(kept.map { String(describing: $0) }) }
            kept = [kept[0]]
        }
        let (idsChanged, rows) = state.withLock { state -> (Bool, [Int]) in
            let changed = state.ids != kept
            state.ids = kept
            state.rows = kept.map { found[$0]!.row }
            if let shown { state.generation = max(state.generation, shown.generation) }
            return (changed, state.rows.sorted())
        }
        showInList(rows)
        if idsChanged { announce(ids: true, elements: true) }
        if requireShown {
            let now = state.withLock { $0.ids }
            if now != kept { throw .changeRefused(now.map { String(describing: $0) }) }
        }
    }

    // MARK: Edits

    /// Runs `edit`, which changes `edited` in place (elements of the rows, typically the
    /// selected ones), then shows the change in one batch: their rows reload, or, with
    /// ``rearranges(with:)``, their arranged array places them again (a move when a sort key
    /// changed, a reload otherwise). An element whose row a batch taken while `edit` ran
    /// reloaded, moved or deleted (an arranged array that observes the key path moved it) is
    /// shown already; an unrelated batch (an insert elsewhere) changes nothing. Edits made
    /// inside `edit` on the same thread (a form committing several fields) join it: one batch
    /// at the end. A detail form's ``SelectedValue`` writes through it.
    ///
    /// ```swift
    /// selection.edit(selection.elements) { for person in selection.elements { person.age += 1 } }
    /// ```
    public func edit<Result>(_ edited: [Element], _ edit: () throws -> Result) rethrows -> Result {
        try self.edit(ids: edited.map(id), edit)
    }

    /// ``edit(_:_:)`` of the elements of `editedIDs`.
    func edit<Result>(ids editedIDs: [ID], _ edit: () throws -> Result) rethrows -> Result {
        let thread = ThreadIdentity.current.id
        let (shownNow, begin, end) = hooks.withLock { ($0.shown, $0.beginRearranging, $0.rearrange) }
        let shown = shownNow()
        let known = state.withLock { state -> (ids: [ID], rows: [Int], generation: UInt64) in
            (state.ids, state.rows, state.generation)
        }
        state.withLock { state in
            var watch = state.edits[thread] ?? EditWatch(depth: 0, generation: shown?.generation ?? 0)
            if watch.depth == 0, let begin, let end {
                begin()
                watch.endRearranging = end
            }
            watch.depth += 1
            let new = editedIDs.filter { !watch.ids.contains($0) }
            watch.ids += new
            if let shown, watch.generation == shown.generation, watch.rows != nil {
                let selected =
                    known.generation == shown.generation ? Dictionary(zip(known.ids, known.rows)) { a, _ in a } : [:]
                let missing = new.filter { selected[$0] == nil }
                let found = missing.isEmpty ? [] : Self.rows(of: missing, in: shown.elements, id: id)
                var lookup = Dictionary(zip(missing, found)) { a, _ in a }
                for id in new {
                    if let row = selected[id] ?? lookup[id] ?? nil { watch.rows?[id] = row }
                    lookup[id] = nil
                }
            } else {
                watch.rows = nil
            }
            state.edits[thread] = watch
        }
        defer { finishEdit(on: thread) }
        return try edit()
    }

    /// Ends an edit of this thread; the outermost shows the edited elements no batch showed.
    private func finishEdit(on thread: UInt) {
        let finished = state.withLock { state -> EditWatch? in
            guard var watch = state.edits[thread] else { return nil }
            watch.depth -= 1
            if watch.depth > 0 {
                state.edits[thread] = watch
                return nil
            }
            state.edits[thread] = nil
            return watch
        }
        guard let watch = finished else { return }
        let remaining = watch.ids.filter { !watch.shown.contains($0) }
        if let rearrange = watch.endRearranging {
            rearrange(remaining)
            return
        }
        if remaining.isEmpty { return }
        let (reload, shownNow) = hooks.withLock { ($0.reload, $0.shown) }
        guard let shown = shownNow() else { return }
        var rows: [Int] = []
        if watch.generation == shown.generation, let known = watch.rows,
            remaining.allSatisfy({ known[$0] != nil })
        {
            rows = remaining.map { known[$0]! }
        } else {
            rows = Self.rows(of: remaining, in: shown.elements, id: id).compactMap { $0 }
        }
        if !rows.isEmpty { reload(Array(Set(rows)).sorted()) }
    }

    /// Follows the edits running now through a batch: the edited rows the batch reloads, moves
    /// or deletes are shown.
    private static func followEdits(
        _ edits: inout [UInt: EditWatch], generation: UInt64, map: BatchIndexMap?
    ) {
        for (thread, var watch) in edits {
            guard generation > watch.generation else { continue }
            if let map, generation == watch.generation + 1, let rows = watch.rows {
                var moved: [ID: Int] = [:]
                for (id, old) in rows {
                    guard let row = map.newIndex(ofOld: old) else {
                        watch.shown.insert(id)
                        continue
                    }
                    if map.isReloaded(old) || map.isMoved(old) { watch.shown.insert(id) }
                    moved[id] = row
                }
                watch.rows = moved
            } else {
                watch.rows = nil
            }
            watch.generation = generation
            edits[thread] = watch
        }
    }

    // MARK: Following the rows

    /// Takes the rows the user selected in the list (ascending): the ids still selected keep
    /// their order, the new ones follow in row order. Announces the change.
    func listDidSelect(rows selected: [Int]) {
        guard let shown = hooks.withLock({ $0.shown })() else { return }
        let rows = Array(Set(selected.filter { shown.elements.indices.contains($0) })).sorted()
        let changed = state.withLock { state -> Bool in
            let chosen = Dictionary(rows.map { (id(shown.elements[$0]), $0) }) { first, _ in first }
            var ids: [ID] = []
            var newRows: [Int] = []
            var taken = Set<ID>()
            for old in state.ids where chosen[old] != nil && taken.insert(old).inserted {
                ids.append(old)
                newRows.append(chosen[old]!)
            }
            for row in rows {
                let id = id(shown.elements[row])
                if taken.insert(id).inserted {
                    ids.append(id)
                    newRows.append(row)
                }
            }
            let changed = ids != state.ids
            state.ids = ids
            state.rows = newRows
            state.generation = max(state.generation, shown.generation)
            return changed
        }
        if changed { announce(ids: true, elements: true) }
    }

    /// Follows the rows to `new`, version `generation` of their array, which `changes` (nil when
    /// unknown) turned the version before into: each selected id finds its new row; the ids
    /// whose elements left are dropped. Shows the rows selected in the list, then announces.
    ///
    /// With `previous` (the rows shown before, and how to compare an element's content), rows
    /// found by id announce ``elements`` only when an id left or a selected element's content
    /// changed (``TableSections`` follows its rows so).
    @usableFromInline
    func follow(
        generation: UInt64, shown new: [Element], changes: ListChanges?,
        previous: (elements: [Element], isSameContent: (Element, Element) -> Bool)? = nil
    ) {
        let outcome = state.withLock { state -> (ids: Bool, elements: Bool, rows: [Int])? in
            if !state.edits.isEmpty {
                Self.followEdits(&state.edits, generation: generation, map: changes.map(BatchIndexMap.init))
            }
            guard generation > state.generation else { return nil }
            defer {
                state.generation = generation
                state.batches &+= 1
            }
            if state.ids.isEmpty { return nil }
            var reloaded = false
            let oldIDs = state.ids
            var followed = false
            if let changes, generation == state.generation + 1 {
                // The batch moves each selected row: found by binary search, checked by id.
                let map = BatchIndexMap(changes)
                var ids: [ID] = []
                var rows: [Int] = []
                var exact = true
                for (index, old) in state.rows.enumerated() {
                    guard let row = map.newIndex(ofOld: old) else { continue }
                    guard row < new.count, id(new[row]) == state.ids[index] else {
                        exact = false
                        break
                    }
                    if map.isReloaded(old) { reloaded = true }
                    ids.append(state.ids[index])
                    rows.append(row)
                }
                if exact {
                    state.ids = ids
                    state.rows = rows
                    followed = true
                }
            }
            if !followed {
                // The batch is unknown (or ids repeat): find the ids in the new rows.
                var wanted = [ID: Int]()
                for (index, id) in state.ids.enumerated() { wanted[id] = index }
                var found = [Int?](repeating: nil, count: state.ids.count)
                var remaining = wanted.count
                for (row, element) in new.enumerated() where remaining > 0 {
                    if let index = wanted[id(element)], found[index] == nil {
                        found[index] = row
                        remaining -= 1
                    }
                }
                var ids: [ID] = []
                var rows: [Int] = []
                for (index, row) in found.enumerated() {
                    guard let row else { continue }
                    ids.append(state.ids[index])
                    rows.append(row)
                }
                let oldRows = state.rows
                state.ids = ids
                state.rows = rows
                reloaded =
                    previous.map { previous in
                        ids != oldIDs
                            || !zip(oldRows, rows).allSatisfy { old, row in
                                previous.elements.indices.contains(old)
                                    && previous.isSameContent(previous.elements[old], new[row])
                            }
                    } ?? true
            }
            let idsChanged = oldIDs != state.ids
            return (idsChanged, idsChanged || reloaded, state.rows.sorted())
        }
        guard let outcome else { return }
        showInList(outcome.rows)
        announce(ids: outcome.ids, elements: outcome.elements)
    }

    /// Shows the selected rows in the list again: it reloaded, and cleared its selection.
    func listDidReload() {
        guard let shown = hooks.withLock({ $0.shown })() else { return }
        let rows = state.withLock { state in
            state.generation == shown.generation ? state.rows.sorted() : []
        }
        if !rows.isEmpty { showInList(rows) }
    }

    /// Shows `rows` selected in the list, unless it shows them already.
    private func showInList(_ rows: [Int]) {
        guard let list = hooks.withLock({ $0.list })() else { return }
        if list.selectedRowIndices != rows { list.selectRows(rows) }
    }

    private func announce(ids: Bool, elements: Bool) {
        if ids { didChange(\.ids) }
        if elements {
            didChange(\.elements)
            didChange(\.element)
        }
    }

    /// How many batches the selection followed (for tests).
    var batchCount: UInt64 { state.withLock { $0.batches } }
}

extension ListSelection where Element: Equatable {
    /// Shows each edit made through ``edit(_:_:)`` (a detail form's) by arranging the edited
    /// element again in `arranged`, which the rows show: its row moves when its sort key changed,
    /// leaves when it no longer passes the filter, and reloads otherwise. `arranged` is held weakly.
    ///
    /// ```swift
    /// rows.selection.rearranges(with: arranged)
    /// ```
    public func rearranges(with arranged: ArrangedArray<Element, ID>) {
        attach { hooks in
            hooks.beginRearranging = { [weak arranged] in arranged?.beginEdit() }
            hooks.rearrange = { [weak arranged] ids in arranged?.endEdit(rearranging: ids) }
        }
    }
}

extension ListSelection: CustomStringConvertible {
    /// `ListSelection<Person>`, for failure messages and graphs.
    public var description: String { "ListSelection<\(Element.self)>" }
}

/// Why a ``ListSelection`` refused to select.
public enum ListSelectionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The rows show no element of these ids (as text).
    case notShown([String])
    /// Several ids (as text) for a list that selects one row at a time.
    case multipleSelectionNotAllowed([String])
    /// An observer of the selection put it back to these ids (as text): a ``SelectionDetail``
    /// whose pending edits did not commit.
    case changeRefused([String])

    /// `no row shows the element of id 7`.
    public var description: String {
        switch self {
        case .notShown(let ids):
            "no row shows the element of id \(ids.joined(separator: ", "))"
        case .multipleSelectionNotAllowed(let ids):
            "the list selects one row at a time, not the elements of ids \(ids.joined(separator: ", "))"
        case .changeRefused(let ids):
            "the selection was put back to the elements of ids \(ids.joined(separator: ", ")): pending edits did not commit"
        }
    }
}

/// A batch read as a map from old rows to new ones, for the few rows a selection follows: each
/// row is found by binary search.
struct BatchIndexMap {
    private let deletes: [Int]
    private let moves: [ListMove]
    private let reloads: [Int]
    /// The old rows that leave their place: deleted or moved, ascending.
    private let vacated: [Int]
    /// The new rows that inserts and moves take, ascending.
    private let taken: [Int]

    init(_ changes: ListChanges) {
        deletes = changes.deletes
        moves = changes.moves
        reloads = changes.reloads
        vacated = Self.merged(changes.deletes, changes.moves.map(\.from))
        taken = Self.merged(changes.inserts, changes.moves.map(\.to).sorted())
    }

    private static func merged(_ a: [Int], _ b: [Int]) -> [Int] {
        if a.isEmpty { return b }
        if b.isEmpty { return a }
        var result: [Int] = []
        result.reserveCapacity(a.count + b.count)
        var i = 0
        var j = 0
        while i < a.count || j < b.count {
            if j == b.count || (i < a.count && a[i] < b[j]) {
                result.append(a[i])
                i += 1
            } else {
                result.append(b[j])
                j += 1
            }
        }
        return result
    }

    /// Whether the old row is reloaded.
    func isReloaded(_ old: Int) -> Bool { reloads.containsSorted(old) }

    /// Whether the old row is moved by one of the batch's moves.
    func isMoved(_ old: Int) -> Bool {
        var low = 0
        var high = moves.count
        while low < high {
            let middle = (low + high) / 2
            if moves[middle].from < old { low = middle + 1 } else { high = middle }
        }
        return low < moves.count && moves[low].from == old
    }

    /// The new row of the old row `old`, nil when it is deleted.
    func newIndex(ofOld old: Int) -> Int? {
        if deletes.containsSorted(old) { return nil }
        var low = 0
        var high = moves.count
        while low < high {
            let middle = (low + high) / 2
            if moves[middle].from < old { low = middle + 1 } else { high = middle }
        }
        if low < moves.count, moves[low].from == old { return moves[low].to }
        // Its rank among the rows that stay, which is its rank among the new rows no insert or
        // move takes: `taken[i] - i` never decreases.
        let rank = old - vacated.countSorted(below: old)
        var lowTaken = 0
        var highTaken = taken.count
        while lowTaken < highTaken {
            let middle = (lowTaken + highTaken) / 2
            if taken[middle] - middle <= rank { lowTaken = middle + 1 } else { highTaken = middle }
        }
        return rank + lowTaken
    }
}
