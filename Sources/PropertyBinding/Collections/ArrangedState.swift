/// What an ``ArrangedArray`` knows of its elements, guarded by its lock: its content (the source's
/// elements, in their order), which of them are shown, and an order key for each, which breaks
/// ties between elements that compare equal (content order) without shifting when elements are
/// inserted (a key is never renumbered but when two neighbours leave no room between them).
struct ArrangedState<Element, ID: Hashable> {
    /// The source's elements, in their order.
    var content: [Element] = []
    /// One order key for each element of `content`, ascending along it.
    var keys: [UInt64] = []
    /// Whether each element of `content` passes the filter (is shown).
    var included: [Bool] = []
    /// The order key of each arranged element, parallel to the arranged elements.
    var arrangedKeys: [UInt64] = []
    /// The order key of each element's id (when ids are unique).
    var keyByID: [ID: UInt64] = [:]
    /// Whether two elements of `content` have shared an id: ``keyByID`` is then not trusted.
    var hasDuplicateIDs = false

    /// The spacing of keys given in order, and the first key.
    static var spacing: UInt64 { 1 << 32 }
    static var firstKey: UInt64 { 1 << 62 }

    /// The position in `content` of the element whose order key is `key`, by binary search.
    func contentIndex(ofKey key: UInt64) -> Int? {
        keys.indexSorted(of: key)
    }

    /// Keys for `count` elements in order, evenly spaced.
    static func freshKeys(_ count: Int) -> [UInt64] {
        (0..<count).map { firstKey &+ UInt64($0) &* spacing }
    }

    /// Rebuilds ``keyByID`` from `content`.
    mutating func indexIDs(_ id: (Element) -> ID) {
        keyByID = [:]
        keyByID.reserveCapacity(content.count)
        hasDuplicateIDs = false
        for (element, key) in zip(content, keys) where keyByID.updateValue(key, forKey: id(element)) != nil {
            hasDuplicateIDs = true
        }
    }

    /// Fills the keys of `newKeys` that are nil (new positions of inserted and moved elements)
    /// between their neighbours' keys; returns nil when some run has no room (renumber then).
    static func fillKeys(_ newKeys: [UInt64?]) -> [UInt64]? {
        var result = [UInt64](repeating: 0, count: newKeys.count)
        var index = 0
        var previous: UInt64? = nil
        while index < newKeys.count {
            if let key = newKeys[index] {
                result[index] = key
                previous = key
                index += 1
                continue
            }
            var end = index
            while end < newKeys.count && newKeys[end] == nil { end += 1 }
            let run = UInt64(end - index)
            let next = end < newKeys.count ? newKeys[end] : nil
            var low: UInt64
            var step: UInt64
            switch (previous, next) {
            case (nil, nil):
                low = firstKey &- spacing
                step = spacing
            case (let previous?, nil):
                guard previous <= UInt64.max - spacing * (run + 1) else { return nil }
                low = previous
                step = spacing
            case (nil, let next?):
                guard next > spacing * (run + 1) else { return nil }
                low = next - spacing * (run + 1)
                step = spacing
            case (let previous?, let next?):
                guard next > previous else { return nil }
                step = min(spacing, (next - previous) / (run + 1))
                guard step > 0 else { return nil }
                low = previous
            }
            for offset in 0..<Int(run) {
                low += step
                result[index + offset] = low
            }
            previous = low
            index = end
        }
        return result
    }
}
