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
        /// The element of each selected id.
        var elements: [Element] = []
        /// The version of the rows' array that `rows` index.
        var generation: UInt64 = 0
        /// How many batches the selection has followed.
        var batches: UInt64 = 0
    }

    /// What the selection asks of its rows.
    struct Hooks {
        /// The rows' array now, and its version; nil once the rows are gone.
        var shown: () -> (generation: UInt64, elements: [Element])? = { nil }
        /// The list, when it shows a selection.
        var list: () -> (any SelectableRowListView)? = { nil }
        /// Reloads the given rows (ascending) in the list.
        var reload: ([Int]) -> Void = { _ in }
        /// Arranges an edited element again (``rearranges(with:)``), nil to reload its row.
        var rearrange: ((Element) -> Void)?
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
    /// elements of those ids that the rows show, by code (no event), and ignores the others:
    /// ``select(_:)`` refuses them instead.
    ///
    /// ```swift
    /// selection.ids = [7, 3]
    /// ```
    public var ids: [ID] {
        get { state.withLock { $0.ids } }
        set { try? select(newValue, requireShown: false) }
    }

    /// The selected elements, in the order of ``ids``. Writing selects them by their ids.
    ///
    /// ```swift
    /// selection.elements.map(\.name)   // ["Ann", "Cid"]
    /// ```
    public var elements: [Element] {
        get { state.withLock { $0.elements } }
        set { ids = newValue.map(id) }
    }

    /// The selected element when exactly one is selected; nil when none or several are. Writing
    /// selects it alone (nil clears the selection).
    ///
    /// ```swift
    /// selection.element = people[2]
    /// ```
    public var element: Element? {
        get { state.withLock { $0.elements.count == 1 ? $0.elements[0] : nil } }
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
    ///   ids (or the rows are gone); the selection is left as it was.
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
        let kept = unique.filter { found[$0] != nil }
        let (idsChanged, rows) = state.withLock { state -> (Bool, [Int]) in
            let changed = state.ids != kept
            state.ids = kept
            state.rows = kept.map { found[$0]!.row }
            state.elements = kept.map { found[$0]!.element }
            if let shown { state.generation = max(state.generation, shown.generation) }
            return (changed, state.rows.sorted())
        }
        showInList(rows)
        if idsChanged { announce(ids: true, elements: true) }
    }

    // MARK: Edits

    /// Runs `edit`, which changes `edited` in place (elements of the rows, typically the
    /// selected ones), then shows the change: their rows reload, or, with
    /// ``rearranges(with:)``, their arranged array places them again (one move when a sort key
    /// changed, a reload otherwise). When the rows took a batch while `edit` ran (an arranged
    /// array that observes the key path moved the row), that batch showed the edit and nothing
    /// more is done. A detail form's ``SelectedValue`` writes through it.
    ///
    /// ```swift
    /// selection.edit(selection.elements) { for person in selection.elements { person.age += 1 } }
    /// ```
    public func edit<Result>(_ edited: [Element], _ edit: () throws -> Result) rethrows -> Result {
        let before = state.withLock { $0.batches }
        let result = try edit()
        guard state.withLock({ $0.batches }) == before, !edited.isEmpty else { return result }
        let (rearrange, reload, shown) = hooks.withLock { ($0.rearrange, $0.reload, $0.shown) }
        if let rearrange {
            for element in edited { rearrange(element) }
            return result
        }
        let wanted = Set(edited.map(id))
        var rows: [Int] = []
        if let shown = shown() {
            let known = state.withLock { state in
                state.generation == shown.generation
                    ? Dictionary(zip(state.ids, state.rows)) { first, _ in first } : [:]
            }
            if wanted.allSatisfy({ known[$0] != nil }) {
                rows = wanted.map { known[$0]! }
            } else {
                for (row, element) in shown.elements.enumerated() where wanted.contains(id(element)) {
                    rows.append(row)
                }
            }
        }
        if !rows.isEmpty { reload(rows.sorted()) }
        return result
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
            state.elements = newRows.map { shown.elements[$0] }
            state.generation = max(state.generation, shown.generation)
            return changed
        }
        if changed { announce(ids: true, elements: true) }
    }

    /// Follows the rows to `new`, version `generation` of their array, which `changes` (nil when
    /// unknown) turned the version before into: each selected id finds its new row; the ids
    /// whose elements left are dropped. Shows the rows selected in the list, then announces.
    ///
    /// With `isSameContent`, a batch found by id announces ``elements`` only when an id left or
    /// a selected element's content changed (``TableSections`` follows its rows so).
    @usableFromInline
    func follow(
        generation: UInt64, shown new: [Element], changes: ListChanges?,
        isSameContent: ((Element, Element) -> Bool)? = nil
    ) {
        let outcome = state.withLock { state -> (ids: Bool, elements: Bool, rows: [Int])? in
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
                    state.elements = rows.map { new[$0] }
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
                let oldElements = state.elements
                state.ids = ids
                state.rows = rows
                state.elements = rows.map { new[$0] }
                reloaded =
                    isSameContent.map { same in
                        ids != oldIDs || !zip(oldElements, state.elements).allSatisfy(same)
                    } ?? true
            }
            let idsChanged = oldIDs != state.ids
            return (idsChanged, idsChanged || reloaded, state.rows.sorted())
        }
        guard let outcome else { return }
        showInList(outcome.rows)
        announce(ids: outcome.ids, elements: outcome.elements)
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
        attach { hooks in hooks.rearrange = { [weak arranged] element in arranged?.rearrange(element) } }
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

    /// `no row shows the element of id 7`.
    public var description: String {
        switch self {
        case .notShown(let ids):
            "no row shows the element of id \(ids.joined(separator: ", "))"
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

    /// The number of elements of the ascending `values` below `bound`.
    private static func countBelow(_ values: [Int], _ bound: Int) -> Int {
        var low = 0
        var high = values.count
        while low < high {
            let middle = (low + high) / 2
            if values[middle] < bound { low = middle + 1 } else { high = middle }
        }
        return low
    }

    private static func contains(_ values: [Int], _ value: Int) -> Bool {
        let index = countBelow(values, value)
        return index < values.count && values[index] == value
    }

    /// Whether the old row is reloaded.
    func isReloaded(_ old: Int) -> Bool { Self.contains(reloads, old) }

    /// The new row of the old row `old`, nil when it is deleted.
    func newIndex(ofOld old: Int) -> Int? {
        if Self.contains(deletes, old) { return nil }
        var low = 0
        var high = moves.count
        while low < high {
            let middle = (low + high) / 2
            if moves[middle].from < old { low = middle + 1 } else { high = middle }
        }
        if low < moves.count, moves[low].from == old { return moves[low].to }
        // Its rank among the rows that stay, which is its rank among the new rows no insert or
        // move takes: `taken[i] - i` never decreases.
        let rank = old - Self.countBelow(vacated, old)
        var lowTaken = 0
        var highTaken = taken.count
        while lowTaken < highTaken {
            let middle = (lowTaken + highTaken) / 2
            if taken[middle] - middle <= rank { lowTaken = middle + 1 } else { highTaken = middle }
        }
        return rank + lowTaken
    }
}
