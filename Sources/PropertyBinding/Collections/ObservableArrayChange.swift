extension ObservableArray {
    /// One change of an ``ObservableArray``, as ``ObservableArray/observeChanges(_:)`` hears it:
    /// its batch, the elements it removed, and the elements after it.
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
    /// `batch.applied(to: before, inserting: elements) == elements`, where `before` is the array
    /// before the change: the elements gone are ``removed`` (the deleted rows') and ``replaced``
    /// (the reloaded rows' old elements). A ``ObservableArray/replaceAll(with:)`` is heard as
    /// every row deleted and every new one inserted.
    public struct Change {
        /// The batch: deletes and reloads at old indices, inserts at new ones, moves from old to new.
        ///
        /// ```swift
        /// change.batch.inserts   // [2] for an append to two elements
        /// ```
        public let batch: ListChanges
        /// The elements removed, one for each index of `batch.deletes`, in that order.
        ///
        /// ```swift
        /// zip(change.batch.deletes, change.removed)   // (old index, element removed) pairs
        /// ```
        public let removed: [Element]
        /// The elements replaced, one for each index of `batch.reloads`, in that order: the old
        /// elements of the reloaded rows (``elements`` has the new ones).
        ///
        /// ```swift
        /// people[0] = Person(id: 1, name: "Anne")   // change.replaced: [Ann]
        /// ```
        public let replaced: [Element]
        /// The elements of the array once this change was made (a later change may have been
        /// made since).
        ///
        /// ```swift
        /// change.elements.count   // the count after this change
        /// ```
        public let elements: [Element]
        /// The array's version this change made.
        let version: UInt64
        /// Whether the change replaced every element (``ObservableArray/replaceAll(with:)``).
        let isReplacement: Bool

        /// The element removed from old index `index`, or nil when the row at `index` was not
        /// deleted.
        ///
        /// ```swift
        /// people.observeChanges { change in print(change.removedElement(at: 0)?.name ?? "kept") }
        /// ```
        public func removedElement(at index: Int) -> Element? {
            Self.element(at: index, in: batch.deletes, removed)
        }

        /// The element that the reloaded row at old index `index` showed before, or nil when the
        /// row was not reloaded.
        ///
        /// ```swift
        /// people.observeChanges { change in print(change.replacedElement(at: 0)?.name ?? "same") }
        /// ```
        public func replacedElement(at index: Int) -> Element? {
            Self.element(at: index, in: batch.reloads, replaced)
        }

        /// The element of `elements` paired with `index` in `indices` (ascending), if any.
        private static func element(at index: Int, in indices: [Int], _ elements: [Element]) -> Element? {
            indices.indexSorted(of: index).map { elements[$0] }
        }
    }
}

extension ObservableArray.Change: Sendable where Element: Sendable {}
