/// An ``ObservableArray`` mapped change by change, as Bond's `DynamicArray.map`: made by
/// ``ObservableArray/mapped(_:)``, it maps every element once, then, for each change of the
/// array, only the elements that change inserted or reloaded; a delete or a move maps nothing.
///
/// ```swift
/// let people = ObservableArray([Person(id: 1, name: "Ann"), Person(id: 2, name: "Bob")])
/// let names = people.mapped { $0.name }   // ["Ann", "Bob"]: two calls
/// people.append(Person(id: 3, name: "Cy"))   // one call: ["Ann", "Bob", "Cy"]
/// people.move(from: 2, to: 0)                // no call: ["Cy", "Ann", "Bob"]
/// ```
///
/// It announces each change of the array as the same batch, after the array's observers that
/// came before it, on the thread that announces the array's change; so it is observable
/// (``observe(_:)``, ``observeChanges(_:)``), a `RandomAccessCollection`, and a
/// ``ReadableProperty`` of `[Element]` that binds to ``TableRows`` as the array does: the rows
/// take each announced batch without a diff. It cannot be changed but through its array.
///
/// It keeps its array alive; the array holds it weakly, and its deinit ends its observation.
/// `transform` runs on the thread that changes the array, out of every lock (for the first
/// elements, on the thread that makes the mapped array); it must not change the array.
public final class MappedArray<Element>: ReadableProperty, @unchecked Sendable {
    /// The property's value: the mapped elements.
    ///
    /// ```swift
    /// let value: [String] = try names.read()
    /// ```
    public typealias Value = [Element]

    /// The mapped elements, kept as an array that announces: what rows follow.
    let storage: ObservableArray<Element>
    /// What this array maps: kept alive.
    private let upstream: AnyObject
    /// Ends the observation of the array this one maps.
    private let stop: () -> Void

    init<Source>(
        _ source: ObservableArray<Source>, keeping upstream: AnyObject, transform: @escaping (Source) -> Element
    ) {
        // The listener reaches the storage through a box that holds it weakly, filled before
        // any change can reach the listener.
        let box = StorageBox<Element>()
        let (storage, id) = source.addChangeListener(
            startingWith: { elements in
                let storage = ObservableArray(elements.map(transform))
                box.storage = storage
                return storage
            },
            { change in
                guard let storage = box.storage else { return }
                Self.follow(change, into: storage, transform: transform)
            })
        self.storage = storage
        self.upstream = upstream
        self.stop = { [weak source] in source?.removeListener(id: id) }
    }

    deinit {
        stop()
    }

    /// Applies `change` of the array to the mapped elements, mapping only what it inserted or
    /// reloaded, and announces the same batch.
    private static func follow<Source>(
        _ change: ObservableArray<Source>.Change, into storage: ObservableArray<Element>,
        transform: (Source) -> Element
    ) {
        if change.isReplacement {
            storage.replaceAll(with: change.elements.map(transform))
            return
        }
        let batch = change.batch
        let inserted = batch.inserts.map { transform(change.elements[$0]) }
        let reloaded = batch.newIndicesOfReloads(newCount: change.elements.count).map { transform(change.elements[$0]) }
        storage.follow(batch, inserted: inserted, reloaded: reloaded)
    }

    // MARK: Reading

    /// The mapped elements, as they are now.
    ///
    /// ```swift
    /// names.elements   // ["Ann", "Bob"]
    /// ```
    public var elements: [Element] { storage.elements }

    /// The number of elements.
    ///
    /// ```swift
    /// names.count   // 2
    /// ```
    public var count: Int { storage.count }

    /// The mapped elements: what a binding whose source is the mapped array reads.
    ///
    /// ```swift
    /// try names.read()   // ["Ann", "Bob"]
    /// ```
    public func read() -> [Element] { storage.elements }

    /// The mapped element at `index`.
    ///
    /// ```swift
    /// names[0]   // "Ann"
    /// ```
    ///
    /// - Precondition: `index` is an index of the elements.
    public subscript(index: Int) -> Element { storage[index] }

    // MARK: Listening

    /// Calls `handler` with every batch the mapped array announces from now on, in order: the
    /// batches of its array's changes (see ``ObservableArray/observe(_:)``).
    ///
    /// ```swift
    /// let observation = names.observe { changes in print(changes) }
    /// people.append(Person(id: 3, name: "Cy"))   // prints "inserts [2]"
    /// names.removeObservation(observation)
    /// ```
    public func observe(_ handler: @escaping (ListChanges) -> Void) -> ObservableArray<Element>.Observation {
        storage.observe(handler)
    }

    /// Calls `handler` with every change from now on: its batch, the mapped elements it removed
    /// and the mapped elements after it (see ``ObservableArray/observeChanges(_:)``).
    ///
    /// ```swift
    /// let observation = names.observeChanges { change in print(change.removed) }
    /// people.removeLast()   // prints ["Bob"]
    /// names.removeObservation(observation)
    /// ```
    public func observeChanges(
        _ handler: @escaping (ObservableArray<Element>.Change) -> Void
    ) -> ObservableArray<Element>.Observation {
        storage.observeChanges(handler)
    }

    /// Ends an observation of ``observe(_:)`` or ``observeChanges(_:)``.
    ///
    /// ```swift
    /// names.removeObservation(observation)
    /// ```
    public func removeObservation(_ observation: ObservableArray<Element>.Observation) {
        storage.removeObservation(observation)
    }

    /// The number of observations of the mapped array (bindings' triggers and arrays mapped
    /// from it among them).
    ///
    /// ```swift
    /// names.observationCount   // 0 once every binding over it is torn down
    /// ```
    var observationCount: Int { storage.observationCount }

    /// This array mapped again, change by change (see ``ObservableArray/mapped(_:)``); it keeps
    /// this one alive.
    ///
    /// ```swift
    /// let initials = names.mapped { $0.prefix(1) }   // ["A", "B"]
    /// ```
    public func mapped<Mapped>(_ transform: @escaping (Element) -> Mapped) -> MappedArray<Mapped> {
        MappedArray<Mapped>(storage, keeping: self, transform: transform)
    }
}

/// Where a mapped array's listener finds its storage, held weakly.
private final class StorageBox<Element>: @unchecked Sendable {
    weak var storage: ObservableArray<Element>?
}

extension MappedArray: RandomAccessCollection {
    /// An index: an `Int`, from 0.
    ///
    /// ```swift
    /// let index: MappedArray<String>.Index = 0
    /// ```
    public typealias Index = Int
    /// The indices: `0..<count`.
    ///
    /// ```swift
    /// let indices: Range<Int> = names.indices
    /// ```
    public typealias Indices = Range<Int>
    /// A run of the mapped elements, copied out: an `ArraySlice`.
    ///
    /// ```swift
    /// let firstTwo: ArraySlice = names[0..<2]
    /// ```
    public typealias SubSequence = ArraySlice<Element>
    /// Iterates over the mapped elements as they were when the iteration began.
    ///
    /// ```swift
    /// var iterator = names.makeIterator()
    /// ```
    public typealias Iterator = IndexingIterator<[Element]>

    /// 0.
    ///
    /// ```swift
    /// names.startIndex   // 0
    /// ```
    public var startIndex: Int { 0 }

    /// The number of elements.
    ///
    /// ```swift
    /// names.endIndex   // 2
    /// ```
    public var endIndex: Int { storage.count }

    /// `0..<count`, as they are now.
    ///
    /// ```swift
    /// for index in names.indices { print(index) }
    /// ```
    public var indices: Range<Int> { storage.indices }

    /// Whether there is no element.
    ///
    /// ```swift
    /// names.isEmpty   // false
    /// ```
    public var isEmpty: Bool { storage.isEmpty }

    /// The first mapped element, or nil.
    ///
    /// ```swift
    /// names.first   // "Ann"
    /// ```
    public var first: Element? { storage.first }

    /// The last mapped element, or nil.
    ///
    /// ```swift
    /// names.last   // "Bob"
    /// ```
    public var last: Element? { storage.last }

    /// The mapped elements of `bounds`, copied out as they are now.
    ///
    /// ```swift
    /// names[0..<1]   // ["Ann"]
    /// ```
    public subscript(bounds: Range<Int>) -> ArraySlice<Element> { storage[bounds] }

    /// The position after `index`.
    ///
    /// ```swift
    /// names.index(after: 0)   // 1
    /// ```
    public func index(after index: Int) -> Int { index + 1 }

    /// The position before `index`.
    ///
    /// ```swift
    /// names.index(before: 1)   // 0
    /// ```
    public func index(before index: Int) -> Int { index - 1 }

    /// Iterates over the mapped elements as they are now.
    ///
    /// ```swift
    /// for name in names { print(name) }
    /// ```
    public func makeIterator() -> IndexingIterator<[Element]> { storage.makeIterator() }

    /// Calls `body` with the mapped elements as they are now, contiguous.
    ///
    /// ```swift
    /// names.withContiguousStorageIfAvailable { $0.count }   // 2
    /// ```
    public func withContiguousStorageIfAvailable<Result>(
        _ body: (UnsafeBufferPointer<Element>) throws -> Result
    ) rethrows -> Result? {
        try storage.withContiguousStorageIfAvailable(body)
    }
}

extension MappedArray: CustomStringConvertible {
    /// `MappedArray<String>`, for failure messages and graphs.
    public var description: String { "MappedArray<\(Element.self)>" }
}

// The registry finds the mapped array as the object of a key path (its elements), and asks it
// for its trigger.
extension MappedArray: KeyPathProperty {
    var rootType: Any.Type { MappedArray.self }
    var anyKeyPath: AnyKeyPath { \MappedArray.elements }
    var rootObject: AnyObject? { self }
}

extension MappedArray: TriggerMakingObject {
    /// An ``ObservableArrayTrigger`` for ``elements`` and ``count``, which hears every change the
    /// mapped array announces (and has ``TableRows`` take its batches); none for another key path.
    ///
    /// ```swift
    /// let showNames = try Binding(source: names, destination: rows, triggers: .standard)   // asks this
    /// ```
    public func makeTriggers(for keyPath: AnyKeyPath) -> [any Trigger] {
        keyPath == \MappedArray.elements || keyPath == \MappedArray.count ? [ObservableArrayTrigger(self)] : []
    }
}

extension ObservableArray {
    /// This array mapped change by change: a ``MappedArray`` that calls `transform` once for each
    /// element now, then only for the elements each change inserts or reloads, and announces the
    /// array's batches as its own. It keeps this array alive.
    ///
    /// ```swift
    /// let names = people.mapped { $0.name }   // ["Ann", "Bob"]
    /// people[1] = Person(id: 2, name: "Bea")  // one call: names announces reloads [1]
    /// ```
    ///
    /// (`people.map(_:)` is the `Sequence`'s, or a transformer of the whole array when its closure
    /// reads an array: it maps every element each time it is read.)
    public func mapped<Mapped>(_ transform: @escaping (Element) -> Mapped) -> MappedArray<Mapped> {
        MappedArray<Mapped>(self, keeping: self, transform: transform)
    }

    /// Applies `batch`, with the elements it inserts and the new elements of the rows it
    /// reloads, and announces it: how a mapped array follows its array.
    fileprivate func follow(_ batch: ListChanges, inserted: [Element], reloaded: [Element]) {
        change { elements in
            let edit = Edit(
                .changes(batch), removed: batch.deletes.map { elements[$0] },
                replaced: batch.reloads.map { elements[$0] })
            batch.apply(to: &elements, inserted: inserted, reloaded: reloaded)
            return edit
        }
    }
}

extension ListChanges {
    /// The new index of each reloaded row, in the order of ``reloads``, for a list that becomes
    /// `newCount` rows.
    fileprivate func newIndicesOfReloads(newCount: Int) -> [Int] {
        if reloads.isEmpty { return [] }
        if deletes.isEmpty && inserts.isEmpty && moves.isEmpty { return reloads }
        var result: [Int] = []
        result.reserveCapacity(reloads.count)
        forEachOrigin(newCount: newCount) { newIndex, source in
            if case .staying(_, let isReloaded) = source, isReloaded { result.append(newIndex) }
        }
        return result
    }

    /// Applies the batch to `elements` in place: `inserted` are the elements of ``inserts`` and
    /// `reloaded` the new elements of ``reloads``, in their order.
    fileprivate func apply<Element>(to elements: inout [Element], inserted: [Element], reloaded: [Element]) {
        if deletes.isEmpty && inserts.isEmpty && moves.isEmpty {
            for (index, element) in zip(reloads, reloaded) { elements[index] = element }
            return
        }
        if moves.isEmpty && reloads.isEmpty {
            if inserts.isEmpty, let first = deletes.first, let last = deletes.last, last - first + 1 == deletes.count {
                elements.removeSubrange(first...last)
                return
            }
            if deletes.isEmpty, let first = inserts.first, let last = inserts.last, last - first + 1 == inserts.count {
                elements.insert(contentsOf: inserted, at: first)
                return
            }
        }
        let old = elements
        var result: [Element] = []
        result.reserveCapacity(old.count - deletes.count + inserts.count)
        var nextInserted = 0
        var nextReloaded = 0
        forEachOrigin(newCount: old.count - deletes.count + inserts.count) { _, source in
            switch source {
            case .inserted:
                result.append(inserted[nextInserted])
                nextInserted += 1
            case .moved(let from):
                result.append(old[from])
            case .staying(let from, let isReloaded):
                if isReloaded {
                    result.append(reloaded[nextReloaded])
                    nextReloaded += 1
                } else {
                    result.append(old[from])
                }
            }
        }
        elements = result
    }
}
