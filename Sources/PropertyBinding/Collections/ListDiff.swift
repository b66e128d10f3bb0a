/// The batch that turns one array of rows into another, by identity, in linear time: Paul
/// Heckel's algorithm, as IGListKit and DifferenceKit use it.
///
/// ```swift
/// struct Person: Identifiable, Equatable { let id: Int; var name: String }
/// let old = [Person(id: 1, name: "Ann"), Person(id: 2, name: "Bob"), Person(id: 3, name: "Cy")]
/// let new = [Person(id: 3, name: "Cy"), Person(id: 1, name: "Anne"), Person(id: 4, name: "Dee")]
/// let changes = ListDiff.changes(from: old, to: new)
/// print(changes)   // deletes [1], inserts [2], moves [2→0], reloads [0]
/// changes.applied(to: old, inserting: new) == new   // true
/// ```
///
/// **What "smallest" means.** Every element whose id is in both arrays is matched, so a row is
/// deleted only when its id is gone and inserted only when its id is new: with unique ids, the
/// deletes are exactly the ids only in `old` and the inserts exactly the ids only in `new`.
/// Inserts and deletes never cause moves: a row is moved only when its order relative to the rows
/// that stay in place changed. Which rows stay is chosen in the same single pass, greedily
/// (when the next row in `old` and the row reached in `new` disagree, the one that travels
/// farther is the one that moves), so moving one row gives one move and swapping two gives at most
/// two; it is not always the fewest moves possible (that is the longest increasing subsequence,
/// O(n log n)), only close to it.
///
/// **Reloads.** A matched row whose content changed (`isSameContent` is false) is reloaded at
/// its old index when it stays in place. UIKit cannot move and reload one row in one batch, so a
/// row that both moved and changed is a delete (at its old index) and an insert (at its new index)
/// instead; the batch, applied, still gives the new content.
///
/// **Duplicate ids** never trap. Occurrences of one id are matched in order: the first in `old`
/// with the first in `new`, the second with the second, and so on; what is left over is deleted or
/// inserted. So the batch applied to `old` always gives `new` exactly, though with duplicates it
/// may not be the smallest.
///
/// **Sections** are not in: the batch is one section's rows.
///
/// **Cost.** Two hashes per element (one to count `old`'s ids, one to match `new`'s), one content
/// comparison per matched pair, and at most 41 bytes of memory per element of `old` (a table of
/// its ids, 16 to 32, and three small arrays) and 4 per element of `new`: O(old.count + new.count)
/// in time and memory, where the standard library's `difference(from:)` (Myers) is
/// O((old.count + new.count) · d) for d changes and finds no moves.
public enum ListDiff {
    /// The smallest batch (deletes, inserts, moves, and a reload for an element whose id stayed
    /// but whose content changed) that turns `old` into `new`, found in linear time (Heckel).
    ///
    /// ```swift
    /// struct Row { let id: Int; var title: String }
    /// let changes = ListDiff.changes(
    ///     from: old, to: new, id: { $0.id }, isSameContent: { $0.title == $1.title })
    /// ```
    ///
    /// See ``ListDiff`` for what "smallest" means, and for duplicate ids.
    @inlinable
    public static func changes<Element, ID: Hashable>(
        from old: [Element], to new: [Element], id: (Element) -> ID, isSameContent: (Element, Element) -> Bool
    ) -> ListChanges {
        if old.count <= Int(Int32.max) && new.count <= Int(Int32.max) {
            return old.withUnsafeBufferPointer { old in
                new.withUnsafeBufferPointer { new in
                    compactChanges(from: old, to: new, id: id, isSameContent: isSameContent)
                }
            }
        }
        return wideChanges(from: old, to: new, id: id, isSameContent: isSameContent)
    }

    /// ``changes(from:to:id:isSameContent:)`` with `Int` indices and a `Dictionary` of ids, for
    /// arrays too long for ``compactChanges(from:to:id:isSameContent:)``'s 32-bit indices. The same
    /// steps, the same batch.
    @inlinable
    static func wideChanges<Element, ID: Hashable>(
        from old: [Element], to new: [Element], id: (Element) -> ID, isSameContent: (Element, Element) -> Bool
    ) -> ListChanges {
        // 1. Each id's occurrences in `old`, as a chain: `firstUnmatched[id]` is the first old
        //    index not matched yet, `nextOccurrence[i]` the old index after `i` with the same id.
        var firstUnmatched: [ID: Int] = [:]
        firstUnmatched.reserveCapacity(old.count)
        var nextOccurrence = [Int](repeating: -1, count: old.count)
        var index = old.count
        while index > 0 {
            index -= 1
            nextOccurrence[index] = pushOccurrence(index, onto: &firstUnmatched[id(old[index])])
        }
        // 2. Match each element of `new` with the next unmatched occurrence of its id in `old`.
        var newToOld = [Int](repeating: -1, count: new.count)
        var oldToNew = [Int](repeating: -1, count: old.count)
        for newIndex in new.indices {
            let oldIndex = popOccurrence(from: &firstUnmatched[id(new[newIndex])], chain: nextOccurrence)
            if oldIndex >= 0 {
                newToOld[newIndex] = oldIndex
                oldToNew[oldIndex] = newIndex
            }
        }
        // 3. Walk `new` with a cursor on the next old row that may stay in place.
        var fate = [RowFate](repeating: .unvisited, count: old.count)
        var cursor = 0
        for newIndex in new.indices {
            let oldIndex = newToOld[newIndex]
            guard oldIndex >= 0 else { continue }
            while cursor < old.count && (oldToNew[cursor] < 0 || fate[cursor] != .unvisited) { cursor += 1 }
            // The cursor's row comes later in `new`; if it travels farther than this row would,
            // it is the one that moves, and the cursor goes on.
            while oldIndex > cursor && oldToNew[cursor] - newIndex > oldIndex - cursor {
                fate[cursor] = .moved
                cursor += 1
                while cursor < old.count && (oldToNew[cursor] < 0 || fate[cursor] != .unvisited) { cursor += 1 }
            }
            let stays = oldIndex == cursor
            if stays { cursor += 1 }
            if isSameContent(old[oldIndex], new[newIndex]) {
                fate[oldIndex] = stays ? .stayed : .moved
            } else if stays {
                fate[oldIndex] = .reloaded
            } else {
                fate[oldIndex] = .moved
                oldToNew[oldIndex] = -1
                newToOld[newIndex] = -1
            }
        }
        // 4. Read the batch off, each array in ascending order.
        var changes = ListChanges()
        for oldIndex in old.indices {
            let newIndex = oldToNew[oldIndex]
            if newIndex < 0 {
                changes.deletes.append(oldIndex)
            } else if fate[oldIndex] == .moved {
                changes.moves.append(ListMove(from: oldIndex, to: newIndex))
            } else if fate[oldIndex] == .reloaded {
                changes.reloads.append(oldIndex)
            }
        }
        for newIndex in new.indices where newToOld[newIndex] < 0 {
            changes.inserts.append(newIndex)
        }
        return changes
    }

    /// The batch that turns `old` into `new`, matching elements by their `id` and reloading
    /// those whose id stayed but that are no longer equal (`==`).
    ///
    /// ```swift
    /// struct Person: Identifiable, Equatable { let id: Int; var name: String }
    /// let changes = ListDiff.changes(
    ///     from: [Person(id: 1, name: "Ann"), Person(id: 2, name: "Bob")],
    ///     to: [Person(id: 2, name: "Bob"), Person(id: 1, name: "Anne")])
    /// print(changes)   // moves [1→0], reloads [0]: Bob moved up, Ann changed in place
    /// ```
    @inlinable
    public static func changes<Element: Identifiable>(from old: [Element], to new: [Element]) -> ListChanges
    where Element: Equatable {
        changes(from: old, to: new, id: { $0.id }, isSameContent: ==)
    }

    /// The batch that turns `old` into `new`, matching elements by the id at `id` and reloading
    /// those whose id stayed but that are no longer equal (`==`).
    ///
    /// ```swift
    /// let changes = ListDiff.changes(from: ["a", "b", "c"], to: ["c", "a", "b"], id: \.self)
    /// print(changes)   // moves [2→0]
    /// ```
    @inlinable
    public static func changes<Element, ID: Hashable>(
        from old: [Element], to new: [Element], id: KeyPath<Element, ID>
    ) -> ListChanges where Element: Equatable {
        changes(from: old, to: new, id: { $0[keyPath: id] }, isSameContent: ==)
    }

    /// ``changes(from:to:id:isSameContent:)`` for arrays of at most `Int32.max` elements: the
    /// same steps, the same batch, in about half the memory per row (29 bytes against the 57 of
    /// ``wideChanges(from:to:id:isSameContent:)``); at a million rows the time goes to cache
    /// misses and first-touch page faults, so fewer bytes touched is less time.
    ///
    /// - Indices are `Int32`.
    /// - The ids of `old` are in an open-addressing table (linear probing, at most half full) of
    ///   one `UInt64` a bucket, not a `Dictionary<ID, Int>` (16 bytes a bucket). A bucket holds
    ///   no id: its top 32 bits are a tag (the high half of the id's hash), bit 31 says the id has
    ///   no unmatched occurrence left, and the low 31 bits are 1 + an index of `old` with that id
    ///   (0: the bucket is empty). That index is the id's first unmatched occurrence; once all
    ///   are matched, the last one matched. Either way `id(old[index])` is the bucket's id, so a
    ///   probe compares ids (only when the tags are equal) against it, and an id whose
    ///   occurrences are all matched keeps its bucket: a later element of `new` with that id finds
    ///   it, with nothing left to match, rather than probing on into another id's bucket.
    @inlinable
    static func compactChanges<Element, ID: Hashable>(
        from old: UnsafeBufferPointer<Element>, to new: UnsafeBufferPointer<Element>, id: (Element) -> ID,
        isSameContent: (Element, Element) -> Bool
    ) -> ListChanges {
        let oldCount = old.count
        let newCount = new.count
        let tagBits: UInt64 = 0xFFFF_FFFF_0000_0000
        let noneLeft: UInt64 = 0x8000_0000
        let indexBits: UInt64 = 0x7FFF_FFFF
        var bucketCount = 2
        while bucketCount < 2 * oldCount { bucketCount <<= 1 }
        let mask = bucketCount - 1
        let table = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: bucketCount)
        table.initialize(repeating: 0)
        let nextOccurrence = UnsafeMutableBufferPointer<Int32>.allocate(capacity: oldCount)
        let oldToNew = UnsafeMutableBufferPointer<Int32>.allocate(capacity: oldCount)
        oldToNew.initialize(repeating: -1)
        let newToOld = UnsafeMutableBufferPointer<Int32>.allocate(capacity: newCount)
        let fate = UnsafeMutableBufferPointer<RowFate>.allocate(capacity: oldCount)
        fate.initialize(repeating: .unvisited)
        defer {
            table.deallocate()
            nextOccurrence.deallocate()
            oldToNew.deallocate()
            newToOld.deallocate()
            fate.deallocate()
        }
        // 1. Each id's occurrences in `old`, as a chain: its bucket holds the first,
        //    `nextOccurrence[i]` the old index after `i` with the same id (-1: none). Every
        //    `nextOccurrence[i]` is written here, once.
        var index = oldCount
        while index > 0 {
            index -= 1
            let key = id(old[index])
            let hash = UInt64(truncatingIfNeeded: key.hashValue)
            let tag = hash & tagBits
            var slot = Int(truncatingIfNeeded: hash) & mask
            var next: Int32 = -1
            while true {
                let bucket = table[slot]
                if bucket == 0 { break }
                if bucket & tagBits == tag {
                    let other = Int(truncatingIfNeeded: bucket & indexBits) - 1
                    if id(old[other]) == key {
                        next = Int32(truncatingIfNeeded: other)
                        break
                    }
                }
                slot = (slot + 1) & mask
            }
            nextOccurrence[index] = next
            table[slot] = tag | UInt64(truncatingIfNeeded: index + 1)
        }
        // 2. Match each element of `new` with the next unmatched occurrence of its id in `old`.
        var matched = 0
        for newIndex in 0..<newCount {
            let key = id(new[newIndex])
            let hash = UInt64(truncatingIfNeeded: key.hashValue)
            let tag = hash & tagBits
            var slot = Int(truncatingIfNeeded: hash) & mask
            var oldIndex: Int32 = -1
            while true {
                let bucket = table[slot]
                if bucket == 0 { break }
                if bucket & tagBits == tag {
                    let other = Int(truncatingIfNeeded: bucket & indexBits) - 1
                    if id(old[other]) == key {
                        if bucket & noneLeft == 0 {
                            oldIndex = Int32(truncatingIfNeeded: other)
                            let next = nextOccurrence[other]
                            table[slot] = next < 0 ? bucket | noneLeft : tag | UInt64(truncatingIfNeeded: next + 1)
                        }
                        break
                    }
                }
                slot = (slot + 1) & mask
            }
            newToOld[newIndex] = oldIndex
            if oldIndex >= 0 {
                oldToNew[Int(oldIndex)] = Int32(truncatingIfNeeded: newIndex)
                matched += 1
            }
        }
        // 3. Walk `new` with a cursor on the next old row that may stay in place (as in
        //    `wideChanges`), counting what step 4 will read off.
        var cursor = 0
        var moveCount = 0
        var reloadCount = 0
        var unpaired = 0
        for newIndex in 0..<newCount {
            let oldIndex = Int(newToOld[newIndex])
            guard oldIndex >= 0 else { continue }
            while cursor < oldCount && (oldToNew[cursor] < 0 || fate[cursor] != .unvisited) { cursor += 1 }
            // The cursor's row comes later in `new`; if it travels farther than this row would,
            // it is the one that moves, and the cursor goes on.
            while oldIndex > cursor && Int(oldToNew[cursor]) - newIndex > oldIndex - cursor {
                fate[cursor] = .moved
                cursor += 1
                while cursor < oldCount && (oldToNew[cursor] < 0 || fate[cursor] != .unvisited) { cursor += 1 }
            }
            let stays = oldIndex == cursor
            if stays { cursor += 1 }
            if isSameContent(old[oldIndex], new[newIndex]) {
                fate[oldIndex] = stays ? .stayed : .moved
                if !stays { moveCount += 1 }
            } else if stays {
                fate[oldIndex] = .reloaded
                reloadCount += 1
            } else {
                fate[oldIndex] = .moved
                oldToNew[oldIndex] = -1
                newToOld[newIndex] = -1
                unpaired += 1
            }
        }
        // 4. Read the batch off, each array in ascending order, into arrays of the right size.
        let pairs = matched - unpaired
        var changes = ListChanges()
        changes.deletes.reserveCapacity(oldCount - pairs)
        changes.inserts.reserveCapacity(newCount - pairs)
        changes.moves.reserveCapacity(moveCount)
        changes.reloads.reserveCapacity(reloadCount)
        for oldIndex in 0..<oldCount {
            let newIndex = Int(oldToNew[oldIndex])
            if newIndex < 0 {
                changes.deletes.append(oldIndex)
            } else if fate[oldIndex] == .moved {
                changes.moves.append(ListMove(from: oldIndex, to: newIndex))
            } else if fate[oldIndex] == .reloaded {
                changes.reloads.append(oldIndex)
            }
        }
        for newIndex in 0..<newCount where newToOld[newIndex] < 0 {
            changes.inserts.append(newIndex)
        }
        return changes
    }

    /// Puts `index` in front of its id's chain of occurrences; returns the chain's former head.
    @usableFromInline
    static func pushOccurrence(_ index: Int, onto first: inout Int?) -> Int {
        defer { first = index }
        return first ?? -1
    }

    /// Takes the head off an id's chain of unmatched occurrences; -1 when there is none.
    @usableFromInline
    static func popOccurrence(from first: inout Int?, chain: [Int]) -> Int {
        guard let head = first, head >= 0 else { return -1 }
        first = chain[head]
        return head
    }

    /// What the walk of `new` decided for a row of `old`.
    @usableFromInline
    enum RowFate: UInt8 {
        case unvisited, stayed, moved, reloaded
    }
}
