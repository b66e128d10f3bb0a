/// Objects in the order they were added, each at most once, with adding, removing and finding
/// one in constant time (amortized), whatever the count: an array of slots with a hole (nil)
/// where one was removed, squeezed out once the holes are half the slots, and a ``SlotIndex``
/// of where each object is. A ``BindingSet``'s bindings, and the triggers a notification
/// dispatcher delivers to, are kept this way: a scan per removal made tearing down 100,000 of
/// them take minutes.
struct SlotList<Element: AnyObject> {
    /// The objects, in the order they were added, with holes.
    private(set) var slots: [Element?] = []
    private var index = SlotIndex<Element>()

    init() {}

    /// The number of objects.
    var count: Int { index.count }

    /// Whether there is none.
    var isEmpty: Bool { index.count == 0 }

    /// The objects, in the order they were added.
    var elements: [Element] { slots.compactMap { $0 } }

    /// The first object, if any.
    var first: Element? {
        for case let element? in slots { return element }
        return nil
    }

    /// Whether `element` is in the list.
    func contains(_ element: Element) -> Bool {
        index.slot(of: element, in: slots) != nil
    }

    /// Adds `element` last; false (and nothing changes) when it is in the list already.
    @discardableResult
    mutating func append(_ element: Element) -> Bool {
        guard index.slot(of: element, in: slots) == nil else { return false }
        slots.append(element)
        index.insert(element, at: slots.count - 1, in: slots)
        return true
    }

    /// Removes `element`; false when it is not in the list.
    @discardableResult
    mutating func remove(_ element: Element) -> Bool {
        guard let slot = index.slot(of: element, in: slots) else { return false }
        index.remove(element, at: slot, in: slots)
        slots[slot] = nil
        if index.count <= slots.count / 2 { compact() }
        return true
    }

    /// Removes every object and returns them, in the order they were added.
    mutating func removeAll() -> [Element] {
        defer {
            slots = []
            index.removeAll()
        }
        return elements
    }

    /// Calls `body` with each object, in the order they were added.
    func forEach(_ body: (Element) -> Void) {
        for case let element? in slots { body(element) }
    }

    private mutating func compact() {
        slots = slots.filter { $0 != nil }
        index.rebuild(for: slots)
    }
}
