// ObservableArray as a standard collection. Each mutation is one call that announces one batch:
// the class's own methods stand in for the protocols' default implementations, which would
// change the array element by element (and need a `var`: these work on a `let`).

extension ObservableArray: RandomAccessCollection, MutableCollection, RangeReplaceableCollection {
    /// An index: an `Int`, from 0.
    ///
    /// ```swift
    /// let index: ObservableArray<Person>.Index = 0
    /// ```
    public typealias Index = Int
    /// The indices: `0..<count`.
    ///
    /// ```swift
    /// let indices: Range<Int> = people.indices
    /// ```
    public typealias Indices = Range<Int>
    /// A run of the elements, copied out as they are: an `ArraySlice`.
    ///
    /// ```swift
    /// let firstTwo: ArraySlice = people[0..<2]
    /// ```
    public typealias SubSequence = ArraySlice<Element>
    /// Iterates over the elements as they were when the iteration began.
    ///
    /// ```swift
    /// var iterator = people.makeIterator()
    /// ```
    public typealias Iterator = IndexingIterator<[Element]>

    /// An empty array.
    ///
    /// ```swift
    /// let people = ObservableArray<Person>()
    /// ```
    public convenience init() {
        self.init([])
    }

    // MARK: Reading

    /// 0.
    ///
    /// ```swift
    /// people.startIndex   // 0
    /// ```
    public var startIndex: Int { 0 }

    /// The number of elements.
    ///
    /// ```swift
    /// people.endIndex   // 2, for two people
    /// ```
    public var endIndex: Int { count }

    /// `0..<count`, as they are now.
    ///
    /// ```swift
    /// for index in people.indices { print(index) }
    /// ```
    public var indices: Range<Int> { 0..<count }

    /// Whether there is no element.
    ///
    /// ```swift
    /// ObservableArray<Person>().isEmpty   // true
    /// ```
    public var isEmpty: Bool { state.withLock { $0.elements.isEmpty } }

    /// The first element, or nil when there is none.
    ///
    /// ```swift
    /// people.first?.name   // "Ann"
    /// ```
    public var first: Element? { state.withLock { $0.elements.first } }

    /// The last element, or nil when there is none.
    ///
    /// ```swift
    /// people.last?.name   // "Bob"
    /// ```
    public var last: Element? { state.withLock { $0.elements.last } }

    /// The number of elements.
    ///
    /// ```swift
    /// people.underestimatedCount   // 2
    /// ```
    public var underestimatedCount: Int { count }

    /// Iterates over the elements as they are now: a change made during the loop is not seen,
    /// so a loop is safe while other threads change the array.
    ///
    /// ```swift
    /// for person in people { print(person.name) }
    /// ```
    public func makeIterator() -> IndexingIterator<[Element]> { elements.makeIterator() }

    /// Copies the elements as they are now, in one read: `Array(people)` is safe while other
    /// threads change the array (the default copy reads the count and the elements apart).
    ///
    /// ```swift
    /// let snapshot = Array(people)
    /// ```
    public func _copyToContiguousArray() -> ContiguousArray<Element> {
        ContiguousArray(elements)
    }

    /// Calls `body` with the elements as they are now, contiguous.
    ///
    /// ```swift
    /// people.withContiguousStorageIfAvailable { $0.count }   // 2
    /// ```
    public func withContiguousStorageIfAvailable<Result>(
        _ body: (UnsafeBufferPointer<Element>) throws -> Result
    ) rethrows -> Result? {
        try elements.withUnsafeBufferPointer(body)
    }

    /// The elements of `bounds`, copied out as they are now; setting them replaces them as
    /// ``replaceSubrange(_:with:)-(Range<Int>,_)`` does.
    ///
    /// ```swift
    /// people[0..<1].map(\.name)   // ["Ann"]
    /// ```
    ///
    /// - Precondition: `bounds` is a range of the indices.
    public subscript(bounds: Range<Int>) -> ArraySlice<Element> {
        get {
            state.withLock { state in
                precondition(
                    bounds.upperBound <= state.elements.count,
                    Self.outOfRange(bounds.upperBound, state.elements.count + 1))
                return state.elements[bounds]
            }
        }
        set { replaceSubrange(bounds, with: newValue) }
    }

    /// The position after `index`.
    ///
    /// ```swift
    /// people.index(after: 0)   // 1
    /// ```
    public func index(after index: Int) -> Int { index + 1 }

    /// The position before `index`.
    ///
    /// ```swift
    /// people.index(before: 1)   // 0
    /// ```
    public func index(before index: Int) -> Int { index - 1 }

    /// A new array of the elements `isIncluded` accepts, as `RangeReplaceableCollection`'s
    /// `filter` makes: deprecated, because `people.filter { … }` was (and, as a binding's source,
    /// would silently stop being) a ``FilterTransformer`` of the whole array, which follows it.
    ///
    /// ```swift
    /// let adults = people.elements.filter { $0.age >= 18 }                      // the elements now
    /// let nonEmpty = people.filter { !$0.isEmpty } as FilterTransformer         // a binding's source
    /// ```
    @available(
        *, deprecated,
        message:
            "a copy that does not follow the array: filter `elements` for an Array, or add `as FilterTransformer` for the transformer"
    )
    public func filter(_ isIncluded: (Element) throws -> Bool) rethrows -> ObservableArray<Element> {
        ObservableArray(try elements.filter(isIncluded))
    }

    // MARK: Replacing a range

    /// Replaces the elements of `subrange` with `newElements`; announces one batch: the first
    /// rows of the range, as many as there are new elements, reloaded, then the rest of the range
    /// deleted or the rest of the new elements inserted (nothing when both are empty).
    ///
    /// ```swift
    /// letters.replaceSubrange(1..<3, with: ["x"])   // ["a", "b", "c", "d"]: reloads [1], deletes [2]
    /// ```
    ///
    /// - Precondition: `subrange` is a range of the indices.
    public func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with newElements: C)
    where C.Element == Element {
        let newElements = Array(newElements)  // the caller's collection is read out of the locks
        change { elements in Self.replace(subrange, with: newElements, in: &elements) }
    }

    /// Replaces the elements of `subrange` (any range expression: `2...`, `..<3`) with
    /// `newElements`, as ``replaceSubrange(_:with:)-(Range<Int>,_)`` does.
    ///
    /// ```swift
    /// letters.replaceSubrange(2..., with: ["z"])   // reloads [2], deletes the rows after it
    /// ```
    public func replaceSubrange<C: Collection, R: RangeExpression>(_ subrange: R, with newElements: C)
    where C.Element == Element, R.Bound == Int {
        let newElements = Array(newElements)
        change { elements in Self.replace(subrange.relative(to: elements), with: newElements, in: &elements) }
    }

    /// Replaces `range` of `elements` with `newElements`, and returns what it announces.
    private static func replace(_ range: Range<Int>, with newElements: [Element], in elements: inout [Element])
        -> Edit?
    {
        precondition(
            range.lowerBound >= 0 && range.upperBound <= elements.count,
            "range \(range) out of range 0..<\(elements.count) of ObservableArray<\(Element.self)>")
        guard !range.isEmpty || !newElements.isEmpty else { return nil }
        let start = range.lowerBound
        let kept = Swift.min(range.count, newElements.count)
        let changes = ListChanges(
            deletes: Array(start + kept..<range.upperBound), inserts: Array(start + kept..<start + newElements.count),
            reloads: Array(start..<start + kept))
        let edit = Edit(
            .changes(changes), removed: Array(elements[start + kept..<range.upperBound]),
            replaced: Array(elements[start..<start + kept]))
        elements.replaceSubrange(range, with: newElements)
        return edit
    }

    /// Makes room for `minimumCapacity` elements, announcing nothing.
    ///
    /// ```swift
    /// people.reserveCapacity(1_000)
    /// ```
    public func reserveCapacity(_ minimumCapacity: Int) {
        change { elements in
            elements.reserveCapacity(minimumCapacity)
            return nil
        }
    }

    // MARK: Adding

    /// Adds `newElements` at the end; announces their inserts (nothing when there are none).
    ///
    /// ```swift
    /// people.append(contentsOf: [dee, eve])   // inserts [2, 3]
    /// ```
    public func append<S: Sequence>(contentsOf newElements: S) where S.Element == Element {
        let newElements = Array(newElements)
        guard !newElements.isEmpty else { return }
        change { elements in
            let start = elements.count
            elements.append(contentsOf: newElements)
            return Edit(.changes(ListChanges(inserts: Array(start..<elements.count))))
        }
    }

    /// Inserts `newElements` at `index`; announces their inserts (nothing when there are none).
    ///
    /// ```swift
    /// letters.insert(contentsOf: ["x", "y"], at: 1)   // inserts [1, 2]
    /// ```
    ///
    /// - Precondition: `index` is an index of the elements, or their count.
    public func insert<C: Collection>(contentsOf newElements: C, at index: Int) where C.Element == Element {
        replaceSubrange(index..<index, with: newElements)
    }

    // MARK: Removing

    /// Removes the elements of `bounds`; announces their deletes (nothing when it is empty).
    ///
    /// ```swift
    /// letters.removeSubrange(1..<3)   // deletes [1, 2]
    /// ```
    ///
    /// - Precondition: `bounds` is a range of the indices.
    public func removeSubrange(_ bounds: Range<Int>) {
        replaceSubrange(bounds, with: EmptyCollection())
    }

    /// Removes the elements of `bounds` (any range expression: `2...`, `..<3`); announces their
    /// deletes.
    ///
    /// ```swift
    /// letters.removeSubrange(2...)   // deletes every row from 2 on
    /// ```
    public func removeSubrange<R: RangeExpression>(_ bounds: R) where R.Bound == Int {
        replaceSubrange(bounds, with: EmptyCollection())
    }

    /// Removes and returns the first element; announces its delete.
    ///
    /// ```swift
    /// let first = people.removeFirst()   // deletes [0]
    /// ```
    ///
    /// - Precondition: the array is not empty.
    @discardableResult
    public func removeFirst() -> Element {
        change { elements in
            precondition(!elements.isEmpty, "removeFirst() on an empty ObservableArray<\(Element.self)>")
            let removed = elements.removeFirst()
            return (removed, Edit(.changes(ListChanges(deletes: [0])), removed: [removed]))
        }
    }

    /// Removes the first `k` elements; announces their deletes (nothing when `k` is 0).
    ///
    /// ```swift
    /// people.removeFirst(2)   // deletes [0, 1]
    /// ```
    ///
    /// - Precondition: `0 <= k <= count`.
    public func removeFirst(_ k: Int) {
        change { elements in
            precondition(k >= 0 && k <= elements.count, "removeFirst(\(k)) of \(elements.count) elements")
            return Self.replace(0..<k, with: [], in: &elements)
        }
    }

    /// Removes and returns the last element; announces its delete.
    ///
    /// ```swift
    /// let last = people.removeLast()   // deletes [1], for two people
    /// ```
    ///
    /// - Precondition: the array is not empty.
    @discardableResult
    public func removeLast() -> Element {
        guard let removed = popLast() else {
            preconditionFailure("removeLast() on an empty ObservableArray<\(Element.self)>")
        }
        return removed
    }

    /// Removes the last `k` elements; announces their deletes (nothing when `k` is 0).
    ///
    /// ```swift
    /// people.removeLast(2)   // deletes the last two rows
    /// ```
    ///
    /// - Precondition: `0 <= k <= count`.
    public func removeLast(_ k: Int) {
        change { elements in
            precondition(k >= 0 && k <= elements.count, "removeLast(\(k)) of \(elements.count) elements")
            return Self.replace(elements.count - k..<elements.count, with: [], in: &elements)
        }
    }

    /// Removes and returns the last element, or returns nil when there is none; announces its
    /// delete.
    ///
    /// ```swift
    /// while let person = people.popLast() { print(person.name) }
    /// ```
    @discardableResult
    public func popLast() -> Element? {
        change { elements in
            guard let removed = elements.popLast() else { return (nil, nil) }
            return (removed, Edit(.changes(ListChanges(deletes: [elements.count])), removed: [removed]))
        }
    }

    /// Removes every element that `shouldBeRemoved` accepts; announces their deletes as one
    /// batch (nothing when none is).
    ///
    /// ```swift
    /// people.removeAll { $0.name.hasPrefix("B") }   // deletes [1]
    /// ```
    ///
    /// `shouldBeRemoved` may read the array (it sees it as it was before); it must not change it.
    public func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
        try rearrange { old -> ((), (elements: [Element], changes: ListChanges)?) in
            var kept: [Element] = []
            var deletes: [Int] = []
            for (index, element) in old.enumerated() {
                if try shouldBeRemoved(element) { deletes.append(index) } else { kept.append(element) }
            }
            return ((), deletes.isEmpty ? nil : (kept, ListChanges(deletes: deletes)))
        }
    }

    // MARK: Reordering

    /// Exchanges the elements at `i` and `j`; announces their moves as one batch (one move when
    /// they are neighbours, nothing when `i == j`).
    ///
    /// ```swift
    /// letters.swapAt(0, 2)   // moves [0→2, 2→0]
    /// ```
    ///
    /// - Precondition: `i` and `j` are indices of the elements.
    public func swapAt(_ i: Int, _ j: Int) {
        change { elements in
            precondition(elements.indices.contains(i), Self.outOfRange(i, elements.count))
            precondition(elements.indices.contains(j), Self.outOfRange(j, elements.count))
            guard i != j else { return nil }
            elements.swapAt(i, j)
            let (low, high) = (Swift.min(i, j), Swift.max(i, j))
            let moves =
                high == low + 1
                ? [ListMove(from: low, to: high)] : [ListMove(from: low, to: high), ListMove(from: high, to: low)]
            return Edit(.changes(ListChanges(moves: moves)))
        }
    }

    /// Sorts the elements in place (stable) with `areInIncreasingOrder`; announces the fewest
    /// moves that do it, as one batch (nothing when already sorted).
    ///
    /// ```swift
    /// people.sort { $0.name > $1.name }   // one batch of moves
    /// ```
    ///
    /// `areInIncreasingOrder` may read the array (as it was before); it must not change it.
    public func sort(by areInIncreasingOrder: (Element, Element) throws -> Bool) rethrows {
        try reorder { old in try old.indices.sorted { try areInIncreasingOrder(old[$0], old[$1]) } }
    }

    /// Reverses the elements; announces the moves as one batch.
    ///
    /// ```swift
    /// letters.reverse()   // ["c", "b", "a"]
    /// ```
    public func reverse() {
        reorder { old in Array(old.indices.reversed()) }
    }

    /// Shuffles the elements with `generator`; announces the moves as one batch.
    ///
    /// ```swift
    /// var generator = SystemRandomNumberGenerator()
    /// people.shuffle(using: &generator)
    /// ```
    public func shuffle<Generator: RandomNumberGenerator>(using generator: inout Generator) {
        reorder { old in old.indices.shuffled(using: &generator) }
    }

    /// Shuffles the elements; announces the moves as one batch.
    ///
    /// ```swift
    /// people.shuffle()
    /// ```
    public func shuffle() {
        var generator = SystemRandomNumberGenerator()
        shuffle(using: &generator)
    }

    /// Reorders the elements so that those `belongsInSecondPartition` accepts come last, and
    /// returns the index of the first of them; announces the moves as one batch.
    ///
    /// ```swift
    /// let firstEven = numbers.partition { $0.isMultiple(of: 2) }
    /// ```
    public func partition(by belongsInSecondPartition: (Element) throws -> Bool) rethrows -> Int {
        var pivot = 0
        try reorder { old in
            var order = Array(old.indices)
            pivot = try order.partition { try belongsInSecondPartition(old[$0]) }
            return order
        }
        return pivot
    }

    /// Reorders the elements as `order` says (the old index of each new position; it runs the
    /// caller's code, out of the state's lock); announces the fewest moves that do it.
    private func reorder(_ order: ([Element]) throws -> [Int]) rethrows {
        try rearrange { old -> ((), (elements: [Element], changes: ListChanges)?) in
            let origins = try order(old)
            let changes = ListDiff.changes(
                from: Array(old.indices), to: origins, id: { $0 }, isSameContent: { _, _ in true })
            return ((), changes.isEmpty ? nil : (origins.map { old[$0] }, changes))
        }
    }
}

extension ObservableArray where Element: Comparable {
    /// Sorts the elements in ascending order (stable); announces the fewest moves that do it,
    /// as one batch.
    ///
    /// ```swift
    /// letters.sort()   // ["a", "b", "c"]
    /// ```
    public func sort() {
        sort(by: <)
    }
}
