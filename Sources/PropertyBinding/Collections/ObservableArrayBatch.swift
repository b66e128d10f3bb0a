extension ObservableArray {
    /// The elements of an ``ObservableArray`` being changed by ``ObservableArray/batch(_:)``:
    /// it takes the array's changes and keeps track of where each row came from, so that the
    /// batch announced turns the array before into the array after.
    ///
    /// ```swift
    /// people.batch { batch in
    ///     batch.move(from: 2, to: 0)
    ///     batch.insert(Person(id: 5, name: "Eve"), at: 1)
    /// }                                 // one batch: inserts [1], moves [2→0]
    /// ```
    ///
    /// The batch is read off once `edit` returns, in time and memory linear in the number of
    /// elements (a diff of the rows' origins, which are integers: the elements themselves are
    /// never compared or hashed). A row that changed and moved is deleted and inserted, as
    /// ``ListDiff`` does for UIKit.
    public struct Batch {
        /// The elements, as the batch has changed them so far.
        public private(set) var elements: [Element]
        /// Where each element came from: its index before the batch, or a negative number of
        /// its own for an element inserted by the batch.
        private var origins: [Int]
        /// The indices before the batch of the rows whose element was set.
        private var reloaded: Set<Int> = []
        /// The origin of the next element inserted.
        private var nextInserted = -1
        /// Whether any change was made.
        private var isChanged = false
        /// The number of elements before the batch.
        private let oldCount: Int

        init(_ elements: [Element]) {
            self.elements = elements
            self.oldCount = elements.count
            self.origins = Array(elements.indices)
        }

        /// The number of elements.
        public var count: Int { elements.count }

        /// The element at `index`; setting one reloads its row (or is part of its insert).
        ///
        /// - Precondition: `index` is an index of the elements.
        public subscript(index: Int) -> Element {
            get { elements[index] }
            set {
                elements[index] = newValue
                if origins[index] >= 0 { reloaded.insert(origins[index]) }
                isChanged = true
            }
        }

        /// Adds `element` at the end.
        public mutating func append(_ element: Element) {
            insert(element, at: elements.count)
        }

        /// Inserts `element` at `index`.
        ///
        /// - Precondition: `index` is an index of the elements, or their count.
        public mutating func insert(_ element: Element, at index: Int) {
            elements.insert(element, at: index)
            origins.insert(nextInserted, at: index)
            nextInserted -= 1
            isChanged = true
        }

        /// Removes and returns the element at `index`.
        ///
        /// - Precondition: `index` is an index of the elements.
        @discardableResult
        public mutating func remove(at index: Int) -> Element {
            origins.remove(at: index)
            isChanged = true
            return elements.remove(at: index)
        }

        /// Moves the element at `from` to `to`, where it is once the move is done.
        ///
        /// - Precondition: `from` and `to` are indices of the elements.
        public mutating func move(from: Int, to: Int) {
            precondition(elements.indices.contains(to), "index \(to) out of range 0..<\(elements.count)")
            elements.insert(elements.remove(at: from), at: to)
            origins.insert(origins.remove(at: from), at: to)
            isChanged = true
        }

        /// The batch that turns the elements before into these, or nil when nothing changed.
        func changes() -> ListChanges? {
            guard isChanged else { return nil }
            let reloaded = self.reloaded
            let changes = ListDiff.changes(
                from: Array(0..<oldCount), to: origins, id: { $0 },
                isSameContent: { old, _ in !reloaded.contains(old) })
            return changes.isEmpty ? nil : changes
        }
    }
}
