import Synchronization

/// An array that announces what changed, change by change ("inserted at 3", "element 5
/// changed"), as Bond's `MutableObservableArray` and SwiftBinding's `BindableArray` do: the
/// source of a list whose rows need no diff.
///
/// ```swift
/// let people = ObservableArray([Person(id: 1, name: "Ann"), Person(id: 2, name: "Bob")])
/// let rows = TableRows(table) { (cell: TableViewCell, person: Person) in
///     cell.text = person.name
///     return []
/// }
/// let showPeople = try Binding(source: people, destination: rows, triggers: .standard).updatingNow()
/// people.insert(Person(id: 3, name: "Cy"), at: 1)   // the table receives "insert [1]", no diff
/// people[0].name = "Anne"                           // "reload [0]"
/// ```
///
/// It is a ``ReadableProperty`` of `[Element]`, so it binds to any array destination, and
/// ``TriggerRegistry/standard`` knows it (an ``ObservableArrayTrigger``). Bound to ``TableRows``
/// directly, the rows take each announced batch as it is, in constant time, where any other
/// source of an array is diffed (linear time, two hashes per row). They fall back to the diff
/// whenever they cannot account for what they show (see ``TableRows/write(_:)``), so an
/// announcement never makes them show a wrong row.
///
/// Each mutator announces one ``ListChanges`` batch, in UIKit's convention (see ``ListChanges``):
/// ``append(_:)``, ``insert(_:at:)`` an insert; ``remove(at:)`` a delete; ``move(from:to:)`` a
/// move; setting an element through the subscript a reload; ``replaceAll(with:)`` every row
/// deleted and every new one inserted (a table bound through ``TableRows`` diffs that one
/// instead, for the smallest batch); ``batch(_:)`` several changes as one batch.
/// ``observe(_:)`` hears every batch, SwiftBinding's index-changed listener;
/// ``observeChanges(_:)`` hears each with the elements it removed and the elements after it.
///
/// It is a `RandomAccessCollection`, a `MutableCollection` and a `RangeReplaceableCollection`
/// of its elements: `first`, `last`, `isEmpty`, `for … in`, and every standard mutation
/// (`removeLast()`, `removeAll(where:)`, `replaceSubrange(_:with:)`, `sort()`, `swapAt(_:_:)`, …)
/// is one call that announces one exact batch (see <doc:BindingCollections>). ``mapped(_:)``
/// is the array mapped change by change: only the inserted and reloaded elements are mapped.
///
/// A binding whose source it is holds it, as a binding holds any source; it holds nothing that
/// owns the array (keep the array in your model: the binding never keeps the model alive).
///
/// Safe to use from any thread: changes are serialized, and announced after the change, outside
/// the array's lock, in the order they were made. The thread that makes a change announces it,
/// unless another thread is announcing one already: that thread then announces this one after
/// its own, so listeners hear every batch once, in order, one at a time.
public final class ObservableArray<Element>: ReadableProperty, @unchecked Sendable {
    /// The property's value: the elements.
    public typealias Value = [Element]

    /// A listener of the array's batches.
    enum Listener {
        /// ``observe(_:)``'s handler: the batch.
        case batch((ListChanges) -> Void)
        /// ``observeChanges(_:)``'s handler: the whole change, for the batches after `version`.
        case change(after: UInt64, (Change) -> Void)
    }

    struct State {
        var elements: [Element]
        /// How many batches the array has announced.
        var version: UInt64 = 0
        /// The batch that made `version` from the version before it, or nil when that was a
        /// replacement, which rows diff.
        var lastChanges: ListChanges?
        var listeners: [(id: Int, listener: Listener)] = []
        var nextListenerID = 0
        /// The changes made and not yet told to the listeners, in order.
        var unannounced: [Change] = []
        /// Whether a thread is telling the listeners: it tells the batches made meanwhile too.
        var isAnnouncing = false
        /// How many listeners take whole changes: while there is one, each change keeps the
        /// elements it made (otherwise it keeps none, so that the next change copies nothing).
        var changeListenerCount = 0
    }

    let state: Locked<State>
    /// Serializes the changes, so that a batch's closure edits the array as it is; held while
    /// a batch's closure runs, which is why it is not the state's lock (readers never wait for it).
    private let changing = StateLock()
    /// The thread that holds `changing` (its `ThreadIdentity`), 0 when none: a change made from
    /// inside a batch's closure is refused rather than deadlocking.
    private let changingThread = Atomic<UInt>(0)

    /// An array of `elements`, which has announced nothing yet.
    ///
    /// ```swift
    /// let people = ObservableArray([Person(id: 1, name: "Ann")])
    /// ```
    public init(_ elements: [Element] = []) {
        state = Locked(State(elements: elements))
    }

    // MARK: Reading

    /// The elements, as they are now.
    ///
    /// ```swift
    /// people.elements.map(\.name)   // ["Ann", "Bob"]
    /// ```
    public var elements: [Element] { state.withLock { $0.elements } }

    /// The number of elements.
    ///
    /// ```swift
    /// people.count   // 2
    /// ```
    public var count: Int { state.withLock { $0.elements.count } }

    /// The elements: what a binding whose source is the array reads.
    ///
    /// ```swift
    /// try people.read().count   // 2
    /// ```
    public func read() -> [Element] { elements }

    /// The element at `index`; setting one replaces it and announces a reload of its row.
    ///
    /// ```swift
    /// people[1].name = "Bobby"   // announces reloads [1]
    /// ```
    ///
    /// - Precondition: `index` is an index of the elements.
    public subscript(index: Int) -> Element {
        get {
            state.withLock { state in
                precondition(state.elements.indices.contains(index), Self.outOfRange(index, state.elements.count))
                return state.elements[index]
            }
        }
        set {
            change { elements in
                precondition(elements.indices.contains(index), Self.outOfRange(index, elements.count))
                let replaced = elements[index]
                elements[index] = newValue
                return Edit(.changes(ListChanges(reloads: [index])), replaced: [replaced])
            }
        }
    }

    // MARK: Changing

    /// Adds `element` at the end; announces its insert.
    ///
    /// ```swift
    /// people.append(Person(id: 3, name: "Cy"))   // inserts [2]
    /// ```
    public func append(_ element: Element) {
        change { elements in
            elements.append(element)
            return Edit(.changes(ListChanges(inserts: [elements.count - 1])))
        }
    }

    /// Inserts `element` at `index`; announces its insert.
    ///
    /// ```swift
    /// people.insert(Person(id: 3, name: "Cy"), at: 1)   // inserts [1]
    /// ```
    ///
    /// - Precondition: `index` is an index of the elements, or their count.
    public func insert(_ element: Element, at index: Int) {
        change { elements in
            precondition((0...elements.count).contains(index), Self.outOfRange(index, elements.count + 1))
            elements.insert(element, at: index)
            return Edit(.changes(ListChanges(inserts: [index])))
        }
    }

    /// Removes and returns the element at `index`; announces its delete.
    ///
    /// ```swift
    /// let removed = people.remove(at: 0)   // deletes [0]
    /// ```
    ///
    /// - Precondition: `index` is an index of the elements.
    @discardableResult
    public func remove(at index: Int) -> Element {
        change { elements in
            precondition(elements.indices.contains(index), Self.outOfRange(index, elements.count))
            let removed = elements.remove(at: index)
            return (removed, Edit(.changes(ListChanges(deletes: [index])), removed: [removed]))
        }
    }

    /// Removes every element; announces their deletes (nothing when there were none).
    ///
    /// ```swift
    /// people.removeAll()   // deletes [0, 1]
    /// ```
    ///
    /// `keepingCapacity` keeps the storage for as many elements, as `Array`'s does.
    public func removeAll(keepingCapacity keepCapacity: Bool = false) {
        change { elements in
            guard !elements.isEmpty else { return nil }
            let removed = elements
            elements = []
            if keepCapacity { elements.reserveCapacity(removed.count) }
            return Edit(.changes(ListChanges(deletes: Array(removed.indices))), removed: removed)
        }
    }

    /// Moves the element at `from` to `to`, where it is once the move is done; announces the
    /// move (nothing when `from == to`).
    ///
    /// ```swift
    /// people.move(from: 0, to: 2)   // moves [0→2]
    /// ```
    ///
    /// - Precondition: `from` and `to` are indices of the elements.
    public func move(from: Int, to: Int) {
        change { elements in
            precondition(elements.indices.contains(from), Self.outOfRange(from, elements.count))
            precondition(elements.indices.contains(to), Self.outOfRange(to, elements.count))
            guard from != to else { return nil }
            elements.insert(elements.remove(at: from), at: to)
            return Edit(.changes(ListChanges(moves: [ListMove(from: from, to: to)])))
        }
    }

    /// Replaces every element with `newElements`; announces every old row deleted and every new
    /// one inserted. ``TableRows`` bound to the array diff this change instead (by their id):
    /// the table receives the smallest batch.
    ///
    /// ```swift
    /// people.replaceAll(with: loadedPeople)
    /// ```
    public func replaceAll(with newElements: [Element]) {
        change { elements in
            let old = elements
            elements = newElements
            if old.isEmpty && newElements.isEmpty { return nil }
            return Edit(.replacement(oldCount: old.count, newCount: newElements.count), removed: old)
        }
    }

    /// Makes several changes and announces them as one batch, as `UITableView.performBatchUpdates`
    /// takes them: `edit` changes a ``Batch`` that starts as the elements; its changes are the
    /// array's when it returns, all at once. Nothing changes when it throws or changes nothing.
    ///
    /// ```swift
    /// people.batch { batch in
    ///     batch.remove(at: 0)
    ///     batch.append(Person(id: 4, name: "Dee"))
    ///     batch[0].name = "Bobby"
    /// }                                 // one batch: deletes [0], inserts [2], reloads [1]
    /// ```
    ///
    /// Other threads' changes wait until it returns; reading the array inside `edit` shows the
    /// elements as they were before the batch.
    ///
    /// - Precondition: `edit` does not change the array itself (only the batch).
    @discardableResult
    public func batch<Result>(_ edit: (inout Batch) throws -> Result) rethrows -> Result {
        try rearrange { old in
            var batch = Batch(old)
            let result = try edit(&batch)
            guard let changes = batch.changes() else { return (result, nil) }
            return (result, (batch.elements, changes))
        }
    }

    /// Runs `body` with the elements as they are, as the only thread that changes the array but
    /// outside its state's lock (`body` may run the caller's code, which may read the array);
    /// then makes the elements it returns the array's, with the batch it returns (which turns
    /// the elements before into them), and announces it.
    func rearrange<Result>(
        _ body: ([Element]) throws -> (Result, (elements: [Element], changes: ListChanges)?)
    ) rethrows -> Result {
        try changing { () throws -> (Result, announces: Bool) in
            let (result, rearranged) = try body(elements)
            guard let (newElements, changes) = rearranged, !changes.isEmpty else { return (result, false) }
            let announces = state.withLock { state in
                let old = state.elements
                state.elements = newElements
                let edit = Edit(
                    .changes(changes), removed: changes.deletes.map { old[$0] },
                    replaced: changes.reloads.map { old[$0] })
                return Self.record(edit, in: &state)
            }
            return (result, announces)
        }
    }

    // MARK: Listening

    /// A registration of ``observe(_:)``, to end with ``removeObservation(_:)``.
    public struct Observation: Hashable, Sendable {
        let id: Int
    }

    /// Calls `handler` with every batch the array announces from now on, after the change, in
    /// order (see ``ObservableArray`` for the thread it runs on).
    ///
    /// ```swift
    /// let observation = people.observe { changes in print(changes) }
    /// people.insert(Person(id: 3, name: "Cy"), at: 1)   // prints "inserts [1]"
    /// people.removeObservation(observation)
    /// ```
    ///
    /// A handler may change the array: that change is announced once the handler returns.
    public func observe(_ handler: @escaping (ListChanges) -> Void) -> Observation {
        Observation(id: addListener(handler))
    }

    /// Calls `handler` with every change made from now on, after the change, in order, as
    /// ``observe(_:)`` does: its batch, the elements it removed (by their old index) and the
    /// elements after it.
    ///
    /// ```swift
    /// let observation = people.observeChanges { change in
    ///     for (index, person) in zip(change.batch.deletes, change.removed) {
    ///         print("row \(index) was \(person.name)")
    ///     }
    ///     print(change.elements.count)      // the array after this change
    /// }
    /// people.removeLast()                   // prints "row 1 was Bob", then 1
    /// people.removeObservation(observation)
    /// ```
    ///
    /// It hears exactly the changes made after it registered: applying each ``Change/batch`` to
    /// the elements as they were then gives each change's ``Change/elements``.
    public func observeChanges(_ handler: @escaping (Change) -> Void) -> Observation {
        Observation(id: addChangeListener(startingWith: { _ in }, handler).id)
    }

    /// Ends an observation: its handler is not called for the batches announced afterwards
    /// (one being announced on another thread at that moment may still reach it).
    ///
    /// ```swift
    /// people.removeObservation(observation)
    /// ```
    public func removeObservation(_ observation: Observation) {
        removeListener(id: observation.id)
    }

    /// The number of observations, the triggers of the bindings over the array among them:
    /// `0` once every binding over it is torn down.
    ///
    /// ```swift
    /// people.observationCount   // 1 while a binding observes it
    /// ```
    var observationCount: Int { state.withLock { $0.listeners.count } }

    func addListener(_ listener: @escaping (ListChanges) -> Void) -> Int {
        state.withLock { state in Self.add(.batch(listener), to: &state) }
    }

    /// Registers `listener` for the changes made from now on; first calls `initial` with the
    /// elements as they are, with no change made meanwhile (other threads' changes wait).
    /// Returns what `initial` returns and the listener's id.
    func addChangeListener<Initial>(
        startingWith initial: ([Element]) throws -> Initial, _ listener: @escaping (Change) -> Void
    ) rethrows -> (initial: Initial, id: Int) {
        try changing { () throws -> ((initial: Initial, id: Int), announces: Bool) in
            let (elements, version) = state.withLock { ($0.elements, $0.version) }
            let initial = try initial(elements)
            let id = state.withLock { state in
                state.changeListenerCount += 1
                return Self.add(.change(after: version, listener), to: &state)
            }
            return ((initial, id), false)
        }
    }

    private static func add(_ listener: Listener, to state: inout State) -> Int {
        defer { state.nextListenerID += 1 }
        state.listeners.append((state.nextListenerID, listener))
        return state.nextListenerID
    }

    func removeListener(id: Int) {
        let removed = state.withLock { state -> Listener? in
            guard let position = state.listeners.firstIndex(where: { $0.id == id }) else { return nil }
            let removed = state.listeners.remove(at: position).listener
            if case .change = removed { state.changeListenerCount -= 1 }
            return removed
        }
        _ = removed  // released out of the lock: its captures may run a deinit
    }

    // MARK: What rows ask

    /// What rows that show the array's version `shown` (nil when unknown) must apply to show
    /// `value`: `version` is the version `value` is (nil when it is not the array's elements
    /// now); `changes` the batch from `shown` to it, or nil when the rows must diff (a version
    /// they do not know, more than one batch since, a replacement).
    ///
    /// `value` is the elements now only if it shares their storage: the array holds that storage,
    /// so no other array can have it, and shared storage is never changed in place.
    func announcedChanges(since shown: UInt64?, to value: [Element]) -> (version: UInt64?, changes: ListChanges?) {
        state.withLock { state in
            guard Self.sharesStorage(value, state.elements) else { return (nil, nil) }
            guard let shown else { return (state.version, nil) }
            if shown == state.version { return (state.version, ListChanges()) }
            guard shown &+ 1 == state.version else { return (state.version, nil) }
            return (state.version, state.lastChanges)
        }
    }

    /// Whether rows that show version `shown` can show `value` with the batch the array announced.
    func hasAnnouncedBatch(since shown: UInt64?, to value: [Element]) -> Bool {
        guard let shown else { return false }
        return state.withLock { state in
            shown &+ 1 == state.version && state.lastChanges != nil && Self.sharesStorage(value, state.elements)
        }
    }

    /// Whether `a` and `b` are one array storage (or both empty). A storage that is not the
    /// array's own (bridged from Objective-C) is copied for the look, into memory that no live
    /// storage has: it then compares unequal, and the rows diff.
    private static func sharesStorage(_ a: [Element], _ b: [Element]) -> Bool {
        guard a.count == b.count else { return false }
        if a.isEmpty { return true }
        return a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
    }

    // MARK: Changing, announcing

    /// A change as the array records it.
    enum Announcement {
        /// A batch, as it is.
        case changes(ListChanges)
        /// Every element replaced: listeners hear every row deleted and every new one inserted.
        case replacement(oldCount: Int, newCount: Int)

        /// The batch listeners hear.
        var heard: ListChanges {
            switch self {
            case .changes(let changes): changes
            case .replacement(let oldCount, let newCount):
                ListChanges(deletes: Array(0..<oldCount), inserts: Array(0..<newCount))
            }
        }

        /// The batch rows apply, or nil when they diff.
        var forRows: ListChanges? {
            if case .changes(let changes) = self { return changes }
            return nil
        }
    }

    /// A change as a mutator makes it: its announcement, and the elements it took out.
    struct Edit {
        var announcement: Announcement
        /// The elements of the heard batch's deletes, in their order.
        var removed: [Element]
        /// The elements the heard batch's reloads replaced, in their order.
        var replaced: [Element]

        init(_ announcement: Announcement, removed: [Element] = [], replaced: [Element] = []) {
            self.announcement = announcement
            self.removed = removed
            self.replaced = replaced
        }
    }

    /// Changes the elements with `body`, under the lock, and announces what it returns.
    func change(_ body: (inout [Element]) -> Edit?) {
        let _: Void = change { elements in ((), body(&elements)) }
    }

    /// Changes the elements with `body`, under the lock, and announces what it returns, if
    /// anything; returns `body`'s result. `body` runs none of the caller's code: the elements
    /// a mutator takes are gathered before.
    func change<Result>(_ body: (inout [Element]) -> (Result, Edit?)) -> Result {
        changing {
            state.withLock { state in
                let (result, edit) = body(&state.elements)
                guard let edit else { return (result, false) }
                return (result, Self.record(edit, in: &state))
            }
        }
    }

    /// Records `edit` as the next version; returns whether the caller announces it (no other
    /// thread is announcing). The elements it took out are released once it is announced, out
    /// of the lock: their deinit may run any code.
    private static func record(_ edit: Edit, in state: inout State) -> Bool {
        state.version &+= 1
        state.lastChanges = edit.announcement.forRows
        let isReplacement = if case .replacement = edit.announcement { true } else { false }
        state.unannounced.append(
            Change(
                batch: edit.announcement.heard, removed: edit.removed, replaced: edit.replaced,
                elements: state.changeListenerCount > 0 ? state.elements : [], version: state.version,
                isReplacement: isReplacement))
        if state.isAnnouncing { return false }
        state.isAnnouncing = true
        return true
    }

    /// Runs `body`, which changes the array and returns whether to announce, as the only thread
    /// that changes it; then, out of every lock, announces.
    private func changing<Result>(_ body: () throws -> (Result, announces: Bool)) rethrows -> Result {
        let me = ThreadIdentity.current.id
        precondition(
            changingThread.load(ordering: .relaxed) != me,
            "ObservableArray<\(Element.self)> changed inside its own batch: change the batch instead")
        let (result, announces) = try changing.withLock {
            changingThread.store(me, ordering: .relaxed)
            defer { changingThread.store(0, ordering: .relaxed) }
            return try body()
        }
        if announces { announce() }
        return result
    }

    /// Tells the listeners every change not told yet, in order, until there is none left.
    private func announce() {
        while true {
            let next = state.withLock { state -> (Change, [Listener])? in
                guard !state.unannounced.isEmpty else {
                    state.isAnnouncing = false
                    return nil
                }
                return (state.unannounced.removeFirst(), state.listeners.map(\.listener))
            }
            guard let (change, listeners) = next else { return }
            for listener in listeners {
                switch listener {
                case .batch(let handler): handler(change.batch)
                case .change(let after, let handler) where change.version > after: handler(change)
                case .change: break
                }
            }
        }
    }

    static func outOfRange(_ index: Int, _ count: Int) -> String {
        "index \(index) out of range 0..<\(count) of ObservableArray<\(Element.self)>"
    }
}

extension ObservableArray: CustomStringConvertible {
    /// `ObservableArray<Person>`, for failure messages and graphs.
    public var description: String { "ObservableArray<\(Element.self)>" }
}

// The registry finds the array as the object of a key path (its elements), and asks it for its
// trigger.
extension ObservableArray: KeyPathProperty {
    var rootType: Any.Type { ObservableArray.self }
    var anyKeyPath: AnyKeyPath { \ObservableArray.elements }
    var rootObject: AnyObject? { self }
}

extension ObservableArray: TriggerMakingObject {
    /// An ``ObservableArrayTrigger`` for ``elements`` and ``count``, which hears every change the
    /// array announces; none for another key path.
    ///
    /// ```swift
    /// let showPeople = try Binding(source: people, destination: rows, triggers: .standard)   // asks this
    /// ```
    public func makeTriggers(for keyPath: AnyKeyPath) -> [any Trigger] {
        keyPath == \ObservableArray.elements || keyPath == \ObservableArray.count ? [ObservableArrayTrigger(self)] : []
    }
}

extension ObservableArray: KeyPathNaming {
    /// The names of the array's computed properties, for messages and graphs.
    ///
    /// ```swift
    /// print(ReadOnlyProperty(members, \.count))     // \ObservableArray<Member>.count
    /// ```
    public static var keyPathNames: [AnyKeyPath: String] {
        [\ObservableArray.elements: "elements", \ObservableArray.count: "count"]
    }
}
