import Foundation
import Synchronization

/// An array's elements filtered and sorted, and kept so: Cocoa Bindings' `NSArrayController`
/// `arrangedObjects` (its `filterPredicate` and `sortDescriptors`), as a source that announces
/// each change as one ``ListChanges`` batch, so that ``TableRows`` bound to it take the batch
/// without a diff.
///
/// ```swift
/// let people = ObservableArray([Person(id: 1, name: "Bob", age: 40), Person(id: 2, name: "Ann", age: 30)])
/// let arranged = ArrangedArray(people, sortedBy: [KeyPathComparator(\.name)], rearrangingOn: [\.name])
/// arranged.elements.map(\.name)            // ["Ann", "Bob"]
/// people.append(Person(id: 3, name: "Al", age: 20))   // arranged announces "inserts [0]"
/// people[0].name = "Zed"                   // announced by Person: arranged announces "moves [1→2]"
/// arranged.setFilter { $0.age < 35 }       // one batch: "deletes [2]"
/// ```
///
/// Its source is an ``ObservableArray`` (whose announced changes it applies as they come), or
/// a plain array written to ``content`` (each write is diffed by id against the one before,
/// then applied the same way). Either way it never sorts the elements it already shows again:
///
/// - **A change of the source**: the rows it removes leave, and the elements it inserts or
///   reloads that pass the filter take their place by binary search among the rows that stay:
///   one batch, in time linear in the rows (integer work) plus a logarithmic number of
///   comparisons for each element changed.
/// - **An element's sort or filter key changing**: ``rearrange(_:)`` (or, for a
///   ``KeyPathObservable`` element, the announcement of a key path it arranges on: the key paths
///   of its `KeyPathComparator`s and `rearrangingOn`) moves that element's row, makes it leave or
///   enter: one move, one delete or one insert, or one reload when it stays in place.
/// - **A new filter** (`setFilter(_:)`, ``bindFilter(to:triggers:_:)``):
///   each element is tested once; the rows that fail leave, those that now pass are placed among
///   the rows that stay, which are not sorted again: one batch.
/// - **A new sort order** (``setSortOrder(_:)``): the shown rows are sorted and the batch is
///   the moves between the orders: one batch.
///
/// Elements that compare equal are shown in the order of the source. The elements are told
/// apart by `id` (`Identifiable`'s by default), as ``TableRows`` tells them apart.
///
/// It is a ``ReadableProperty`` of `[Element]`, observable (``observe(_:)``,
/// ``observeChanges(_:)``), and ``TriggerRegistry/standard`` knows it: bound with
/// `triggers: .standard` to ``TableRows``, the rows take each batch as it is announced.
///
/// Safe to use from any thread, as ``ObservableArray`` is: its changes are serialized under one
/// lock, and the filter and the comparators are called outside it. A change asked for while a
/// change is being made on the same thread (by a filter, a comparator, or a listener of the
/// batches) is made right after it, on that thread. It keeps its source alive; the source holds
/// it weakly, and its deinit ends its observations.
public final class ArrangedArray<Element: Equatable, ID: Hashable>: ReadableProperty, @unchecked Sendable {
    /// The property's value: the arranged elements.
    ///
    /// ```swift
    /// let shown: [Person] = arranged.read()
    /// ```
    public typealias Value = [Element]

    /// The arranged elements, kept as an array that announces: what rows follow.
    let storage: ObservableArray<Element>
    private let id: (Element) -> ID
    /// Serializes the changes; guards everything below it.
    private let changing = StateLock()
    /// The thread that holds `changing`, 0 when none.
    private let changingThread = Atomic<UInt>(0)
    private var state = ArrangedState<Element, ID>()
    private var isIncluded: ((Element) -> Bool)?
    private var comparators: [any SortComparator<Element>]
    /// The key paths whose announcements rearrange an element: `rearrangingOn` and the
    /// comparators' key paths.
    private var observedKeyPaths: [AnyKeyPath] = []
    private let extraKeyPaths: [PartialKeyPath<Element>]
    /// The key-path observations of each observed element (by identity), with how many times
    /// the element is in the content.
    private var observations: [ObjectIdentifier: (count: Int, observers: KeyPathObservers, [KeyPathObservation])] = [:]
    /// Changes asked for on the changing thread while it changes the array: made after it.
    private var pending: [() -> Void] = []
    /// The ids whose observed keys changed during a selection's edit, by thread: arranged again
    /// together, in one batch, when the edit ends (``ListSelection/rearranges(with:)``).
    private let collecting = Locked([UInt: (depth: Int, ids: [ID])]())
    /// Ends the observation of the source array.
    private var stopSource: () -> Void = {}
    /// What this array arranges, kept alive.
    private var upstream: AnyObject?

    /// Arranges `array`'s elements (it keeps `array` alive), told apart by `id`: filtered by
    /// `filter`, sorted by `comparators`, kept so as the array announces its changes, and as
    /// ``KeyPathObservable`` elements announce the key paths of `rearrangingOn` and of the
    /// comparators that are `KeyPathComparator`s.
    ///
    /// ```swift
    /// let arranged = ArrangedArray(people, id: \.id, sortedBy: [KeyPathComparator(\.age)]) { $0.age >= 18 }
    /// ```
    public convenience init(
        _ array: ObservableArray<Element>, id: KeyPath<Element, ID>,
        sortedBy comparators: [any SortComparator<Element>] = [],
        rearrangingOn keyPaths: [PartialKeyPath<Element>] = [],
        filter: ((Element) -> Bool)? = nil
    ) {
        self.init(array, idOf: { $0[keyPath: id] }, sortedBy: comparators, rearrangingOn: keyPaths, filter: filter)
    }

    /// Arranges the elements written to ``content`` (`elements` first), told apart by `id`.
    ///
    /// ```swift
    /// let arranged = ArrangedArray(id: \.id, sortedBy: [KeyPathComparator(\.name)])
    /// let showPeople = try Binding(source: Property(model, \.people), destination: arranged.content, triggers: .standard)
    /// ```
    public convenience init(
        _ elements: [Element] = [], id: KeyPath<Element, ID>, sortedBy comparators: [any SortComparator<Element>] = [],
        rearrangingOn keyPaths: [PartialKeyPath<Element>] = [], filter: ((Element) -> Bool)? = nil
    ) {
        self.init(elements, idOf: { $0[keyPath: id] }, sortedBy: comparators, rearrangingOn: keyPaths, filter: filter)
    }

    init(
        _ array: ObservableArray<Element>, idOf id: @escaping (Element) -> ID,
        sortedBy comparators: [any SortComparator<Element>], rearrangingOn keyPaths: [PartialKeyPath<Element>],
        filter: ((Element) -> Bool)?
    ) {
        self.id = id
        self.isIncluded = filter
        self.comparators = comparators
        self.extraKeyPaths = keyPaths
        self.storage = ObservableArray()
        self.observedKeyPaths = Self.keyPaths(keyPaths, comparators)
        self.upstream = array
        let box = WeakBox<ArrangedArray>()
        let (_, listener) = array.addChangeListener(
            startingWith: { elements in serialized { self.arrangeWhole(elements) } },
            { change in box.object?.serialized { box.object?.follow(change) } })
        box.object = self
        stopSource = { [weak array] in array?.removeListener(id: listener) }
    }

    init(
        _ elements: [Element], idOf id: @escaping (Element) -> ID, sortedBy comparators: [any SortComparator<Element>],
        rearrangingOn keyPaths: [PartialKeyPath<Element>], filter: ((Element) -> Bool)?
    ) {
        self.id = id
        self.isIncluded = filter
        self.comparators = comparators
        self.extraKeyPaths = keyPaths
        self.storage = ObservableArray()
        self.observedKeyPaths = Self.keyPaths(keyPaths, comparators)
        serialized { self.arrangeWhole(elements) }
    }

    deinit {
        stopSource()
        for (_, observation) in observations {
            for token in observation.2 { observation.observers.removeObservation(token) }
        }
    }

    private static func keyPaths(
        _ extra: [PartialKeyPath<Element>], _ comparators: [any SortComparator<Element>]
    ) -> [AnyKeyPath] {
        var result: [AnyKeyPath] = []
        for keyPath in extra as [AnyKeyPath] + comparators.compactMap({ ($0 as? KeyPathComparator<Element>)?.keyPath })
        where !result.contains(keyPath) {
            result.append(keyPath)
        }
        return result
    }

    // MARK: Reading

    /// The arranged elements, as they are now.
    ///
    /// ```swift
    /// arranged.elements.map(\.name)   // ["Ann", "Bob"]
    /// ```
    public var elements: [Element] { storage.elements }

    /// The number of arranged elements.
    ///
    /// ```swift
    /// arranged.count   // 2
    /// ```
    public var count: Int { storage.count }

    /// The arranged elements: what a binding whose source is the arranged array reads.
    ///
    /// ```swift
    /// try arranged.read().count   // 2
    /// ```
    public func read() -> [Element] { storage.elements }

    /// The arranged element at `index`.
    ///
    /// ```swift
    /// arranged[0].name   // "Ann"
    /// ```
    ///
    /// - Precondition: `index` is an index of the arranged elements.
    public subscript(index: Int) -> Element { storage[index] }

    /// The elements arranged, in the source's order, filtered out ones included.
    ///
    /// ```swift
    /// arranged.contentElements.count   // 3 (one filtered out)
    /// ```
    public var contentElements: [Element] { serializedRead { state.content } }

    // MARK: Listening

    /// Calls `handler` with every batch the arranged array announces from now on, in order (see
    /// ``ObservableArray/observe(_:)``).
    ///
    /// ```swift
    /// let observation = arranged.observe { changes in print(changes) }
    /// arranged.setFilter { $0.age > 35 }   // prints "deletes [0]"
    /// arranged.removeObservation(observation)
    /// ```
    public func observe(_ handler: @escaping (ListChanges) -> Void) -> ObservableArray<Element>.Observation {
        storage.observe(handler)
    }

    /// Calls `handler` with every change from now on: its batch, the elements it removed and the
    /// arranged elements after it (see ``ObservableArray/observeChanges(_:)``).
    ///
    /// ```swift
    /// let observation = arranged.observeChanges { change in print(change.removed.map(\.name)) }
    /// arranged.setFilter { $0.age > 35 }   // prints ["Ann"]
    /// arranged.removeObservation(observation)
    /// ```
    public func observeChanges(
        _ handler: @escaping (ObservableArray<Element>.Change) -> Void
    ) -> ObservableArray<Element>.Observation {
        storage.observeChanges(handler)
    }

    /// Ends an observation of ``observe(_:)`` or ``observeChanges(_:)``.
    ///
    /// ```swift
    /// arranged.removeObservation(observation)
    /// ```
    public func removeObservation(_ observation: ObservableArray<Element>.Observation) {
        storage.removeObservation(observation)
    }

    /// The number of observations of the arranged array (the triggers of the bindings over it
    /// among them).
    ///
    /// ```swift
    /// arranged.observationCount   // 0 once every binding over it is torn down
    /// ```
    public var observationCount: Int { storage.observationCount }

    // MARK: Arranging

    /// Replaces the filter (nil shows every element): the rows that fail it leave and the
    /// elements that now pass enter, placed among the rows that stay (not sorted again), in one
    /// batch.
    ///
    /// ```swift
    /// arranged.setFilter { $0.name.hasPrefix("A") }
    /// ```
    public func setFilter(_ isIncluded: ((Element) -> Bool)?) {
        serialized {
            self.isIncluded = isIncluded
            self.refilter()
        }
    }

    /// Replaces the filter with a Foundation `Predicate` (an element for which it throws is left
    /// out), in one batch as `setFilter(_:)` does.
    ///
    /// ```swift
    /// arranged.setFilter(#Predicate<Person> { $0.age >= 18 })
    /// ```
    public func setFilter(_ predicate: Predicate<Element>) {
        setFilter { (try? predicate.evaluate($0)) ?? false }
    }

    /// Replaces the sort order (no comparator: the source's order): the shown rows are sorted
    /// again, and the batch is the moves between the two orders.
    ///
    /// ```swift
    /// arranged.setSortOrder([KeyPathComparator(\.age, order: .reverse)])
    /// ```
    public func setSortOrder(_ comparators: [any SortComparator<Element>]) {
        serialized {
            self.comparators = comparators
            let keyPaths = Self.keyPaths(self.extraKeyPaths, comparators)
            if keyPaths != self.observedKeyPaths {
                self.unobserveAll()
                self.observedKeyPaths = keyPaths
                for element in self.state.content { self.observe(element) }
            }
            self.resort()
        }
    }

    /// Arranges `element` again after its sort or filter key changed: its row moves, leaves or
    /// enters, and nothing else changes (one move, delete or insert, or a reload when it stays
    /// in place). Nothing happens when no element of the source has its id.
    ///
    /// ```swift
    /// person.age = 50
    /// arranged.rearrange(person)   // "moves [0→1]"
    /// ```
    ///
    /// ``KeyPathObservable`` elements need no call for the key paths the arranged array
    /// observes (see ``ArrangedArray``).
    public func rearrange(_ element: Element) {
        let id = id(element)
        serialized { self.rearrange(id: id) }
    }

    /// Binds the filter to `source` in one statement: each time a trigger fires, the filter
    /// becomes `isIncluded` with `source`'s value (a search field's text), in one batch. The
    /// binding is updated now, so the filter is set when this returns; keep it in a
    /// ``BindingSet`` (it holds the arranged array weakly).
    ///
    /// ```swift
    /// let search = try arranged.bindFilter(to: Property(searchField, \.text), triggers: .standard) { text, person in
    ///     text.isEmpty || person.name.localizedStandardContains(text)
    /// }
    /// ```
    ///
    /// - Throws: what ``TriggerRegistry/triggers(for:)`` throws for `source`; no binding is made.
    public func bindFilter<Source: ReadableProperty>(
        to source: Source, triggers inference: TriggerInference,
        _ isIncluded: @escaping (_ value: Source.Value, _ element: Element) -> Bool
    ) throws -> Binding<Source, Setter<ArrangedArray, Source.Value>> {
        let setter = Setter(self) { (arranged: ArrangedArray, value: Source.Value) in
            arranged.setFilter { isIncluded(value, $0) }
        }
        return try Binding(source: source, destination: setter, triggers: inference).updatingNow()
    }

    // MARK: Content

    /// The array arranged, as a property to bind a plain array to (`ArrangedArray(id:)`): each
    /// write is diffed by id against the array before, and the difference applied to the rows
    /// as a change of an ``ObservableArray`` is (no sort of what is shown).
    ///
    /// ```swift
    /// let showPeople = try Binding(source: Property(model, \.people), destination: arranged.content, triggers: .standard)
    /// ```
    public var content: Setter<ArrangedArray, [Element]> {
        Setter(self) { arranged, elements in arranged.setContent(elements) }
    }

    /// Makes `elements` the array arranged: the difference from the elements before (by id) is
    /// applied to the rows in one batch.
    ///
    /// ```swift
    /// arranged.setContent(loadedPeople)
    /// ```
    ///
    /// An ``ArrangedArray`` of an ``ObservableArray`` takes its content from the array: change
    /// the array instead (what this sets is replaced by the array's next change).
    public func setContent(_ elements: [Element]) {
        serialized {
            let batch = ListDiff.changes(from: self.state.content, to: elements, id: self.id, isSameContent: ==)
            self.apply(batch, to: elements, replaced: nil)
        }
    }

    // MARK: The lock

    /// Runs `work` as the only thread that arranges; on the thread that arranges already, after
    /// the change it makes.
    private func serialized(_ work: @escaping () -> Void) {
        let me = ThreadIdentity.current.id
        if changingThread.load(ordering: .relaxed) == me {
            pending.append(work)
            return
        }
        changing.withLock {
            changingThread.store(me, ordering: .relaxed)
            defer { changingThread.store(0, ordering: .relaxed) }
            work()
            while !pending.isEmpty { pending.removeFirst()() }
        }
    }

    private func serializedRead<Result>(_ body: () -> Result) -> Result {
        if changingThread.load(ordering: .relaxed) == ThreadIdentity.current.id { return body() }
        return changing.withLock(body)
    }

    // MARK: Comparing

    /// Whether `a` (order key `ka`) is arranged before `b` (order key `kb`).
    private func orders(_ a: Element, _ ka: UInt64, before b: Element, _ kb: UInt64) -> Bool {
        for comparator in comparators {
            switch comparator.compare(a, b) {
            case .orderedAscending: return true
            case .orderedDescending: return false
            case .orderedSame: continue
            }
        }
        return ka < kb
    }

    private func passes(_ element: Element) -> Bool { isIncluded?(element) ?? true }

    // MARK: Changes

    /// Arranges `elements` from scratch, as the first content.
    private func arrangeWhole(_ elements: [Element]) {
        state.content = elements
        state.keys = ArrangedState<Element, ID>.freshKeys(elements.count)
        state.indexIDs(id)
        for element in elements { observe(element) }
        state.included = elements.map(passes)
        var order = elements.indices.filter { state.included[$0] }
        if !comparators.isEmpty {
            let keys = state.keys
            order.sort { orders(elements[$0], keys[$0], before: elements[$1], keys[$1]) }
        }
        state.arrangedKeys = order.map { state.keys[$0] }
        storage.replaceAll(with: order.map { elements[$0] })
    }

    /// Applies a change of the source array.
    private func follow(_ change: ObservableArray<Element>.Change) {
        if change.isReplacement {
            let batch = ListDiff.changes(from: state.content, to: change.elements, id: id, isSameContent: ==)
            apply(batch, to: change.elements, replaced: nil)
        } else {
            apply(change.batch, to: change.elements, replaced: change.replaced)
        }
    }

    /// A row to place among the rows that stay.
    private struct Candidate {
        var element: Element
        var key: UInt64
        /// The old arranged index of the element's row, when it was shown.
        var from: Int?
        var kind: Kind
        /// The number of rows that stay before it.
        var rank = 0

        enum Kind {
            /// A new row: inserted.
            case inserted
            /// A row whose element the source moved: nothing when it stays in place, else a move.
            case moved
            /// A row whose element the source replaced: a reload in place, else a delete and an insert.
            case reloaded
            /// A row whose key changed: a reload in place, else a move.
            case rearranged
        }
    }

    /// Applies `batch`, which turns the content into `newContent` (`replaced`: the old elements
    /// of its reloads, nil when unknown), to the arranged rows, in one batch.
    private func apply(_ batch: ListChanges, to newContent: [Element], replaced: [Element]?) {
        if batch.isEmpty { return }
        let old = state
        // Where each new element comes from; what leaves and what is placed.
        var newKeys = [UInt64?](repeating: nil, count: newContent.count)
        var newIncluded = [Bool](repeating: false, count: newContent.count)
        var oldToNew = [Int](repeating: -1, count: old.content.count)
        var leaving: [UInt64] = []  // old keys of shown rows that leave or are placed again
        // Each element placed again: its new index, its old key and whether it was shown.
        var placed: [(newIndex: Int, oldKey: UInt64?, wasShown: Bool, kind: Candidate.Kind)] = []
        for index in batch.deletes where old.included[index] { leaving.append(old.keys[index]) }
        batch.forEachOrigin(newCount: newContent.count) { newIndex, origin in
            switch origin {
            case .inserted:
                placed.append((newIndex, nil, false, .inserted))
            case .moved(let from):
                if old.included[from] { leaving.append(old.keys[from]) }
                placed.append((newIndex, old.keys[from], old.included[from], .moved))
            case .staying(let from, let isReloaded):
                newKeys[newIndex] = old.keys[from]
                oldToNew[from] = newIndex
                if isReloaded {
                    if old.included[from] { leaving.append(old.keys[from]) }
                    placed.append((newIndex, old.keys[from], old.included[from], .reloaded))
                } else {
                    newIncluded[newIndex] = old.included[from]
                }
            }
        }
        // The arranged index of each row that leaves (keys ascend along the content).
        leaving.sort()
        var removals: [Int] = []
        var arrangedIndexOfKey: [UInt64: Int] = [:]
        if !leaving.isEmpty {
            for (index, key) in old.arrangedKeys.enumerated() where leaving.containsSorted(key) {
                removals.append(index)
                arrangedIndexOfKey[key] = index
            }
        }
        // Keys for the new positions; renumbered when a run has no room.
        var arrangedKeys = old.arrangedKeys
        let keys: [UInt64]
        let renumbered: Bool
        if let filled = ArrangedState<Element, ID>.fillKeys(newKeys) {
            keys = filled
            renumbered = false
        } else {
            renumbered = true
            keys = ArrangedState<Element, ID>.freshKeys(newContent.count)
            for (index, key) in arrangedKeys.enumerated() {
                guard let from = old.contentIndex(ofKey: key), oldToNew[from] >= 0 else { continue }
                arrangedKeys[index] = keys[oldToNew[from]]
            }
        }
        // Observations: the elements gone and come.
        if !observedKeyPaths.isEmpty {
            for index in batch.deletes { unobserve(old.content[index]) }
            for element in replaced ?? batch.reloads.map({ old.content[$0] }) { unobserve(element) }
            for entry in placed where entry.kind != .moved { observe(newContent[entry.newIndex]) }
        }
        // The filter, out of every lock but this array's.
        var candidates: [Candidate] = []
        for entry in placed {
            let element = newContent[entry.newIndex]
            let passes = passes(element)
            newIncluded[entry.newIndex] = passes
            guard passes else { continue }
            let from = entry.wasShown ? entry.oldKey.flatMap { arrangedIndexOfKey[$0] } : nil
            candidates.append(Candidate(element: element, key: keys[entry.newIndex], from: from, kind: entry.kind))
        }
        state.content = newContent
        state.keys = keys
        state.included = newIncluded
        if renumbered {
            state.indexIDs(id)
        } else {
            // The ids gone, then those placed again.
            for index in batch.deletes + batch.reloads {
                let gone = id(old.content[index])
                if state.keyByID[gone] == old.keys[index] { state.keyByID[gone] = nil }
            }
            for entry in placed {
                let placedID = id(newContent[entry.newIndex])
                let previous = state.keyByID.updateValue(keys[entry.newIndex], forKey: placedID)
                if let previous, previous != entry.oldKey { state.hasDuplicateIDs = true }
            }
        }
        state.arrangedKeys = arrangedKeys
        place(candidates, removing: removals)
    }

    /// Applies the filter anew: each element is tested once.
    private func refilter() {
        var arranged = storage.elements
        var removals: [Int] = []
        var tested = [Bool](repeating: false, count: state.content.count)
        for (index, element) in arranged.enumerated() where !passes(element) {
            removals.append(index)
            if let contentIndex = state.contentIndex(ofKey: state.arrangedKeys[index]) {
                state.included[contentIndex] = false
                tested[contentIndex] = true
            }
        }
        arranged = []
        var candidates: [Candidate] = []
        for index in state.content.indices where !state.included[index] && !tested[index] {
            let element = state.content[index]
            if passes(element) {
                state.included[index] = true
                candidates.append(Candidate(element: element, key: state.keys[index], from: nil, kind: .inserted))
            }
        }
        place(candidates, removing: removals)
    }

    /// Sorts the shown rows again, by the comparators now.
    private func resort() {
        let arranged = storage.elements
        let keys = state.arrangedKeys
        var order = Array(arranged.indices)
        order.sort { orders(arranged[$0], keys[$0], before: arranged[$1], keys[$1]) }
        let batch = ListDiff.changes(
            from: Array(arranged.indices), to: order, id: { $0 }, isSameContent: { _, _ in true })
        if batch.isEmpty { return }
        let newElements = order.map { arranged[$0] }
        state.arrangedKeys = order.map { keys[$0] }
        storage.rearrangeRows(to: newElements, batch)
    }

    /// Arranges the element of `id` again.
    private func rearrange(id: ID) {
        rearrange(idsNow: [id])
    }

    /// An observed key of the element of `id` changed: arranges it again, or, during an edit of
    /// this thread, once the edit ends.
    private func observedChange(of id: ID) {
        let me = ThreadIdentity.current.id
        let collected = collecting.withLock { collecting -> Bool in
            guard collecting[me] != nil else { return false }
            collecting[me]!.ids.append(id)
            return true
        }
        if !collected { serialized { self.rearrange(id: id) } }
    }

    /// Starts an edit on this thread: the elements whose observed keys change wait for its end.
    func beginEdit() {
        let me = ThreadIdentity.current.id
        collecting.withLock { $0[me, default: (0, [])].depth += 1 }
    }

    /// Ends an edit on this thread: the outermost arranges again, in one batch, the elements of
    /// `ids` and those whose observed keys changed.
    func endEdit(rearranging ids: [ID]) {
        let me = ThreadIdentity.current.id
        let all = collecting.withLock { collecting -> [ID]? in
            guard var entry = collecting[me] else { return ids }
            entry.depth -= 1
            entry.ids += ids
            if entry.depth > 0 {
                collecting[me] = entry
                return nil
            }
            collecting[me] = nil
            return entry.ids
        }
        if let all, !all.isEmpty { rearrange(ids: all) }
    }

    /// Arranges the elements of `ids` again, in one batch: what a selection's edit of several
    /// elements shows (``ListSelection/rearranges(with:)``).
    func rearrange(ids: [ID]) {
        serialized { self.rearrange(idsNow: ids) }
    }

    private func rearrange(idsNow ids: [ID]) {
        var candidates: [Candidate] = []
        var removals: [Int] = []
        var seen = Set<Int>()
        for id in ids {
            let contentIndex: Int?
            if state.hasDuplicateIDs {
                contentIndex = state.content.firstIndex { self.id($0) == id }
            } else {
                contentIndex = state.keyByID[id].flatMap { state.contentIndex(ofKey: $0) }
            }
            guard let contentIndex, seen.insert(contentIndex).inserted else { continue }
            let element = state.content[contentIndex]
            let key = state.keys[contentIndex]
            let from = state.included[contentIndex] ? state.arrangedKeys.firstIndex(of: key) : nil
            let passes = passes(element)
            state.included[contentIndex] = passes
            if passes { candidates.append(Candidate(element: element, key: key, from: from, kind: .rearranged)) }
            if let from { removals.append(from) }
        }
        place(candidates, removing: removals.sorted())
    }

    /// Takes the rows at `removals` (ascending old arranged indices) out and places
    /// `candidates` among the rows that stay, by binary search; announces one batch.
    private func place(_ candidates: [Candidate], removing removals: [Int]) {
        if candidates.isEmpty && removals.isEmpty { return }
        var arranged = storage.elements
        let oldKeys = state.arrangedKeys
        let survivorCount = arranged.count - removals.count
        let table: [Int]? =
            removals.count > 8
            ? {
                var table: [Int] = []
                table.reserveCapacity(survivorCount)
                var next = 0
                for index in arranged.indices {
                    if next < removals.count && removals[next] == index { next += 1 } else { table.append(index) }
                }
                return table
            }() : nil
        func survivor(_ rank: Int) -> Int {
            if let table { return table[rank] }
            var index = rank
            for removal in removals {
                if removal <= index { index += 1 } else { break }
            }
            return index
        }
        // The rank of each candidate among the rows that stay, then their order.
        var sorted = candidates
        for position in sorted.indices {
            let candidate = sorted[position]
            var low = 0
            var high = survivorCount
            while low < high {
                let middle = (low + high) / 2
                let index = survivor(middle)
                if orders(arranged[index], oldKeys[index], before: candidate.element, candidate.key) {
                    low = middle + 1
                } else {
                    high = middle
                }
            }
            sorted[position].rank = low
        }
        if sorted.count > 1 {
            sorted.sort { a, b in
                a.rank != b.rank ? a.rank < b.rank : orders(a.element, a.key, before: b.element, b.key)
            }
        }
        // The batch.
        var isRemoval = Set(removals)
        var deletes: [Int] = []
        var inserts: [Int] = []
        var moves: [ListMove] = []
        var reloads: [Int] = []
        var lastInPlace = -1
        // The number of removals before each old index, for "in place".
        for (order, candidate) in sorted.enumerated() {
            let to = candidate.rank + order
            guard let from = candidate.from else {
                inserts.append(to)
                continue
            }
            let removedBefore = removals.countSorted(below: from)
            let inPlace = candidate.rank == from - removedBefore && from > lastInPlace
            if inPlace {
                lastInPlace = from
                isRemoval.remove(from)
                if candidate.kind != .moved { reloads.append(from) }
                continue
            }
            switch candidate.kind {
            case .moved, .rearranged:
                isRemoval.remove(from)
                moves.append(ListMove(from: from, to: to))
            case .reloaded, .inserted:
                inserts.append(to)
            }
        }
        deletes = removals.filter { isRemoval.contains($0) }
        moves.sort { $0.from < $1.from }
        reloads.sort()
        let batch = ListChanges(deletes: deletes, inserts: inserts, moves: moves, reloads: reloads)
        // The new rows: taken out, then placed (in place when few).
        var keys = oldKeys
        if removals.count + sorted.count <= 16 {
            for removal in removals.reversed() { keys.remove(at: removal) }
            for (order, candidate) in sorted.enumerated() { keys.insert(candidate.key, at: candidate.rank + order) }
            arranged = []
            state.arrangedKeys = keys
            // Nothing to announce: a moved element that stays in place has only a new key.
            if batch.isEmpty { return }
            storage.rearrangeRows(batch) { elements in
                for removal in removals.reversed() { elements.remove(at: removal) }
                for (order, candidate) in sorted.enumerated() {
                    elements.insert(candidate.element, at: candidate.rank + order)
                }
            }
        } else {
            var newElements: [Element] = []
            var newKeys: [UInt64] = []
            newElements.reserveCapacity(survivorCount + sorted.count)
            newKeys.reserveCapacity(survivorCount + sorted.count)
            var next = 0
            for rank in 0...survivorCount {
                while next < sorted.count && sorted[next].rank == rank {
                    newElements.append(sorted[next].element)
                    newKeys.append(sorted[next].key)
                    next += 1
                }
                if rank < survivorCount {
                    let index = survivor(rank)
                    newElements.append(arranged[index])
                    newKeys.append(oldKeys[index])
                }
            }
            arranged = []
            state.arrangedKeys = newKeys
            if batch.isEmpty { return }
            storage.rearrangeRows(to: newElements, batch)
        }
    }

    // MARK: Observing elements

    /// Observes the key paths that arrange `element`, when it is ``KeyPathObservable``.
    private func observe(_ element: Element) {
        guard !observedKeyPaths.isEmpty, let object = element as? any KeyPathObservable else { return }
        let identity = ObjectIdentifier(object)
        if let existing = observations[identity] {
            observations[identity] = (existing.count + 1, existing.observers, existing.2)
            return
        }
        let observers = object.keyPathObservers
        let id = id(element)
        let tokens = observedKeyPaths.map { keyPath in
            observers.observe(keyPath) { [weak self] in self?.observedChange(of: id) }
        }
        observations[identity] = (1, observers, tokens)
    }

    /// Ends one observation of `element`.
    private func unobserve(_ element: Element) {
        guard !observedKeyPaths.isEmpty, let object = element as? any KeyPathObservable else { return }
        let identity = ObjectIdentifier(object)
        guard let existing = observations[identity] else { return }
        if existing.count > 1 {
            observations[identity] = (existing.count - 1, existing.observers, existing.2)
            return
        }
        observations[identity] = nil
        for token in existing.2 { existing.observers.removeObservation(token) }
    }

    private func unobserveAll() {
        for (_, observation) in observations {
            for token in observation.2 { observation.observers.removeObservation(token) }
        }
        observations = [:]
    }
}

/// A weak reference, filled once the object exists.
private final class WeakBox<Object: AnyObject>: @unchecked Sendable {
    weak var object: Object?
}

extension ArrangedArray where Element: Identifiable, ID == Element.ID {
    /// Arranges `array`'s `Identifiable` elements (see
    /// ``init(_:id:sortedBy:rearrangingOn:filter:)-(ObservableArray<Element>,_,_,_,_)``).
    ///
    /// ```swift
    /// let arranged = ArrangedArray(people, sortedBy: [KeyPathComparator(\.name)]) { $0.age >= 18 }
    /// ```
    public convenience init(
        _ array: ObservableArray<Element>, sortedBy comparators: [any SortComparator<Element>] = [],
        rearrangingOn keyPaths: [PartialKeyPath<Element>] = [], filter: ((Element) -> Bool)? = nil
    ) {
        self.init(array, idOf: { $0.id }, sortedBy: comparators, rearrangingOn: keyPaths, filter: filter)
    }

    /// Arranges the `Identifiable` elements written to ``content`` (`elements` first).
    ///
    /// ```swift
    /// let arranged = ArrangedArray<Person, Int>(sortedBy: [KeyPathComparator(\.name)])
    /// ```
    public convenience init(
        _ elements: [Element] = [], sortedBy comparators: [any SortComparator<Element>] = [],
        rearrangingOn keyPaths: [PartialKeyPath<Element>] = [], filter: ((Element) -> Bool)? = nil
    ) {
        self.init(elements, idOf: { $0.id }, sortedBy: comparators, rearrangingOn: keyPaths, filter: filter)
    }
}

extension ArrangedArray: CustomStringConvertible {
    /// `ArrangedArray<Person>`, for failure messages and graphs.
    public var description: String { "ArrangedArray<\(Element.self)>" }
}

// The registry finds the arranged array as the object of a key path (its elements), and asks it
// for its trigger.
extension ArrangedArray: KeyPathProperty {
    var rootType: Any.Type { ArrangedArray.self }
    var anyKeyPath: AnyKeyPath { \ArrangedArray.elements }
    var rootObject: AnyObject? { self }
}

extension ArrangedArray: TriggerMakingObject {
    /// An ``ObservableArrayTrigger`` for ``elements`` and ``count``, which hears every batch the
    /// arranged array announces (and has ``TableRows`` take them); none for another key path.
    ///
    /// ```swift
    /// let showPeople = try Binding(source: arranged, destination: rows, triggers: .standard)   // asks this
    /// ```
    public func makeTriggers(for keyPath: AnyKeyPath) -> [any Trigger] {
        keyPath == \ArrangedArray.elements || keyPath == \ArrangedArray.count ? [ObservableArrayTrigger(self)] : []
    }
}

extension ObservableArray {
    /// Makes `elements` the array's, announcing `batch` (which turns the elements before into them).
    func rearrangeRows(to newElements: [Element], _ batch: ListChanges) {
        change { elements in
            let edit = Edit(
                .changes(batch), removed: batch.deletes.map { elements[$0] },
                replaced: batch.reloads.map { elements[$0] })
            elements = newElements
            return edit
        }
    }

    /// Changes the elements in place with `body`, announcing `batch` (what `body` does).
    func rearrangeRows(_ batch: ListChanges, _ body: (inout [Element]) -> Void) {
        change { elements in
            let edit = Edit(
                .changes(batch), removed: batch.deletes.map { elements[$0] },
                replaced: batch.reloads.map { elements[$0] })
            body(&elements)
            return edit
        }
    }
}
