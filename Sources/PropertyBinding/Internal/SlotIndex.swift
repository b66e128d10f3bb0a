/// Where each object sits in an array of slots: an open-addressing hash table of 32-bit slot
/// numbers, keyed by the objects' identities, which it does not store: a probe compares the
/// object with the one in the slot it names. Four bytes a bucket, where a
/// `[ObjectIdentifier: Int]` takes sixteen, for a ``BindingSet`` of a million bindings.
///
/// Linear probing, at most three quarters full; a removal shifts the following entries of its
/// run back (no tombstones), so lookups stay short after any mix of inserts and removals.
///
/// The slots are an `[Element?]`, or anything else that names an object at a slot number:
/// each method also takes `objectAt`, which returns the object at an indexed slot (and nil at
/// one that is not indexed, for ``rebuild(slotCount:objectAt:)``).
struct SlotIndex<Element: AnyObject> {
    /// Slot numbers, `empty` where a bucket is free. The count is a power of two (or zero).
    private var buckets: [Int32] = []
    /// The entries in the table.
    private(set) var count = 0

    private static var empty: Int32 { -1 }

    init() {}

    /// The slot of `object`, given the array of slots it indexes; nil when it is not there.
    func slot(of object: Element, in slots: [Element?]) -> Int? {
        slot(of: object) { slots[$0] }
    }

    /// The slot of `object`, given the object at each indexed slot; nil when it is not there.
    func slot(of object: Element, objectAt: (Int) -> Element?) -> Int? {
        guard !buckets.isEmpty else { return nil }
        let mask = buckets.count - 1
        var bucket = Self.hash(object) & mask
        while true {
            let slot = buckets[bucket]
            if slot == Self.empty { return nil }
            if objectAt(Int(slot)) === object { return Int(slot) }
            bucket = (bucket + 1) & mask
        }
    }

    /// Records that `object` is at `slot`; the caller has checked it is not in the table.
    mutating func insert(_ object: Element, at slot: Int, in slots: [Element?]) {
        insert(object, at: slot) { slots[$0] }
    }

    /// Records that `object` is at `slot`, given the object at each indexed slot; the caller has
    /// checked it is not in the table.
    mutating func insert(_ object: Element, at slot: Int, objectAt: (Int) -> Element?) {
        precondition(slot < Int(Int32.max), "a SlotIndex holds fewer than 2³¹ slots")
        if (count + 1) * 4 > buckets.count * 3 { grow(objectAt: objectAt) }
        place(Int32(slot), hash: Self.hash(object))
        count += 1
    }

    /// Forgets `object`, which must be at `slot`; every indexed slot still holds its object.
    mutating func remove(_ object: Element, at slot: Int, in slots: [Element?]) {
        remove(object, at: slot) { slots[$0] }
    }

    /// Forgets `object`, which must be at `slot`, given the object at each indexed slot (every
    /// other indexed slot still holds its object).
    mutating func remove(_ object: Element, at slot: Int, objectAt: (Int) -> Element?) {
        let mask = buckets.count - 1
        var hole = Self.hash(object) & mask
        while buckets[hole] != Int32(slot) { hole = (hole + 1) & mask }
        // Backward shift: move each later entry of the run into the hole when its home bucket
        // does not lie (cyclically) between the hole and where it sits.
        var next = (hole + 1) & mask
        while buckets[next] != Self.empty {
            let entry = buckets[next]
            guard let moved = objectAt(Int(entry)) else { preconditionFailure("an indexed slot is empty") }
            let home = Self.hash(moved) & mask
            if (next - home) & mask >= (next - hole) & mask {
                buckets[hole] = entry
                hole = next
            }
            next = (next + 1) & mask
        }
        buckets[hole] = Self.empty
        count -= 1
    }

    /// Rebuilds the table for `slots`, every non-nil one indexed at its position.
    mutating func rebuild(for slots: [Element?]) {
        rebuild(slotCount: slots.count) { slots[$0] }
    }

    /// Rebuilds the table for `slotCount` slots, each one `objectAt` returns an object for
    /// indexed at its position (one object at most once).
    mutating func rebuild(slotCount: Int, objectAt: (Int) -> Element?) {
        precondition(slotCount <= Int(Int32.max), "a SlotIndex holds fewer than 2³¹ slots")
        count = 0
        buckets = []
        var entries = 0
        for slot in 0..<slotCount where objectAt(slot) != nil { entries += 1 }
        reserve(entries)
        for slot in 0..<slotCount {
            guard let object = objectAt(slot) else { continue }
            place(Int32(slot), hash: Self.hash(object))
            count += 1
        }
    }

    /// Forgets every entry and frees the table.
    mutating func removeAll() {
        buckets = []
        count = 0
    }

    private mutating func grow(objectAt: (Int) -> Element?) {
        let old = buckets
        reserve(count + 1)
        for slot in old where slot != Self.empty {
            guard let object = objectAt(Int(slot)) else { preconditionFailure("an indexed slot is empty") }
            place(slot, hash: Self.hash(object))
        }
    }

    /// Makes an empty table for `entries` entries at most three quarters full.
    private mutating func reserve(_ entries: Int) {
        var capacity = 8
        while entries * 4 > capacity * 3 { capacity *= 2 }
        buckets = Array(repeating: Self.empty, count: capacity)
    }

    private mutating func place(_ slot: Int32, hash: Int) {
        let mask = buckets.count - 1
        var bucket = hash & mask
        while buckets[bucket] != Self.empty { bucket = (bucket + 1) & mask }
        buckets[bucket] = slot
    }

    /// Fibonacci hashing of the address: objects are 16-byte aligned, and the high half of the
    /// product depends on every bit of it.
    private static func hash(_ object: Element) -> Int {
        let address = UInt(bitPattern: ObjectIdentifier(object).hashValue)
        return Int(truncatingIfNeeded: (address &* 0x9E37_79B9_7F4A_7C15) >> 32)
    }
}
