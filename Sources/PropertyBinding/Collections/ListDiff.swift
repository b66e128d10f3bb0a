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
/// **Cost.** O(old.count + new.count) in time and memory, where the standard library's
/// `difference(from:)` (Myers) is O((old.count + new.count) · d) for d changes and finds no
/// moves. A list that mostly keeps its order is matched by reading both arrays in order (one
/// hash per element, for a check), the rest through a hash table of its ids; one content
/// comparison per matched pair; a few bytes of memory per row, and more per row not matched in
/// order (all of them when the order is lost): see `compactChanges` for the layout.
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
    /// same batch, in less time and memory. At a million rows the time goes to memory (cache
    /// misses, bandwidth, first-touch page faults), so the common case (a list that mostly keeps
    /// its order) is matched by reading both arrays in order, and only the rest goes through a
    /// hash table, a small one.
    ///
    /// 1. **In order.** `new` is walked with a cursor in `old` (the row after the last one
    ///    paired): an element whose id is the cursor row's, or the next row's (past a deleted
    ///    row), is paired with it, with no hash and no table. After a gap (rows inserted, moved,
    ///    or several deleted) the walk finds its place again through a small table of every
    ///    ``anchorStride``-th row of `old` (made at the first such gap), taking a row it finds there only if the rows after
    ///    both agree too. Pairs only go forward in both arrays. If fewer than half of the first
    ///    ``inOrderTrial`` elements pair, the list is not in order: the walk is undone and every
    ///    row goes to step 3.
    /// 2. **Check.** Those pairs are only right if their ids have no occurrence left unpaired (a
    ///    duplicate id elsewhere must be matched by rank: the first in `new` with the first in
    ///    `old`). So the ids of the unpaired rows go into a filter (``IDFilter``, a cache line for
    ///    every 128 rows of either array), and every pair whose id the filter may hold is undone. A pair that
    ///    stays has an id with no unpaired occurrence on either side, so all its occurrences are
    ///    paired, in order: the first with the first. An id whose pair is undone has every pair
    ///    of its own undone (the same hash, the same bits), so each id is now matched wholly in
    ///    order or wholly by step 3.
    /// 3. **By table.** The unpaired rows are matched by id, occurrences in order, through an
    ///    open-addressing table (linear probing, at most half full) of one `UInt64` a bucket, not
    ///    a `Dictionary<ID, Int>` (16 bytes a bucket). A bucket holds no id: its top 32 bits are
    ///    a tag (the high half of the id's hash), bit 31 says the id has no unmatched occurrence
    ///    left, and the low 31 bits are 1 + an index of `old` with that id (0: the bucket is
    ///    empty): the first unmatched occurrence; once all are matched, the last one matched.
    ///    Either way `id(old[index])` is the bucket's id, so a probe compares ids (only when the
    ///    tags are equal) against it, and an id whose occurrences are all matched keeps its
    ///    bucket. After step 2 a row whose id the other array's unpaired rows cannot have (the
    ///    filter says so) is a delete or an insert: it is neither tabled nor looked up, and the
    ///    table is sized by the rows that are. Rows go through the table ``probeBatch`` at a
    ///    time: a first pass hashes the batch and reads each row's first bucket, so that those
    ///    reads (each a cache miss in a big table) are in flight together.
    ///
    /// Indices are `Int32`. Memory: 5 bytes a row of `old` and 9 of `new` (in one block), half a
    /// byte a row of either for the filter, 8 bytes for each row that step 1 leaves unpaired or
    /// step 2 undoes (``UnpairedRows``: the marks and step 3 read those lists, not the index
    /// arrays again) and, once the walk needs them, half a byte a row of `old` for the anchors;
    /// then 12 bytes and a table of 16 to 32 bytes for each row that step 3 tables.
    @inlinable
    static func compactChanges<Element, ID: Hashable>(
        from old: UnsafeBufferPointer<Element>, to new: UnsafeBufferPointer<Element>, id: (Element) -> ID,
        isSameContent: (Element, Element) -> Bool
    ) -> ListChanges {
        withCompactPairs(from: old, to: new, id: id, isSameContent: isSameContent) {
            oldToNew, newToOld, changed, fate, matched in
            readChanges(oldToNew: oldToNew, newToOld: newToOld, changed: changed, fate: fate, matched: matched)
        }
    }

    /// Steps 1 to 3 of ``compactChanges(from:to:id:isSameContent:)``: pairs the rows of `old`
    /// and `new` by id, and calls `body` with the pairs (`oldToNew`, `newToOld`, -1 for none),
    /// whether each paired new row's content changed, an unvisited fate for each old row, and
    /// the number of pairs. The sectioned diff reads its pairs here.
    @inlinable
    static func withCompactPairs<Element, ID: Hashable, Result>(
        from old: UnsafeBufferPointer<Element>, to new: UnsafeBufferPointer<Element>, id: (Element) -> ID,
        isSameContent: (Element, Element) -> Bool,
        _ body: (
            _ oldToNew: UnsafeMutableBufferPointer<Int32>, _ newToOld: UnsafeMutableBufferPointer<Int32>,
            _ changed: UnsafeMutableBufferPointer<Bool>, _ fate: UnsafeMutableBufferPointer<RowFate>, _ matched: Int
        ) -> Result
    ) -> Result {
        let oldCount = old.count
        let newCount = new.count
        // The arrays of the steps, in one block (one allocation, which a program that diffs
        // again and again gets back whole from malloc, its pages already mapped): `oldToNew`,
        // `newToOld`, each element's filter key (for step 2's check of the pairs), whether each paired element's
        // content changed (compared when it was paired, the two rows in the cache then), and
        // what the walk of step 4 decided for each old row.
        let indexCount = oldCount + 2 * newCount
        let block = UnsafeMutableRawPointer.allocate(
            byteCount: 4 * indexCount + newCount + oldCount, alignment: MemoryLayout<Int32>.alignment)
        defer { block.deallocate() }
        let indices = block.bindMemory(to: Int32.self, capacity: indexCount)
        // `oldToNew` and `newToOld` are written whole by step 1 (or set to -1 where it gives up).
        let oldToNew = UnsafeMutableBufferPointer(start: indices, count: oldCount)
        let newToOld = UnsafeMutableBufferPointer(start: indices + oldCount, count: newCount)
        let filterKeys = UnsafeMutableBufferPointer(start: indices + oldCount + newCount, count: newCount)
        let changed = UnsafeMutableBufferPointer(
            start: (block + 4 * indexCount).bindMemory(to: Bool.self, capacity: newCount), count: newCount)
        let fate = UnsafeMutableBufferPointer(
            start: (block + 4 * indexCount + newCount).bindMemory(to: RowFate.self, capacity: oldCount),
            count: oldCount)
        fate.initialize(repeating: .unvisited)
        // The ids of the rows step 1 leaves unpaired: two slots (half a byte) a row of either array.
        let filter = IDFilter(slotCount: 2 * (oldCount + newCount))
        defer { filter.deallocate() }
        var unpairedRows = UnpairedRows(oldCount: oldCount, newCount: newCount)
        defer { unpairedRows.deallocate() }
        var matched = 0
        let inOrder = pairInOrder(
            old, new, id: id, isSameContent: isSameContent, oldToNew: oldToNew, newToOld: newToOld, changed: changed,
            filter: filter, filterKeys: filterKeys, unpaired: &unpairedRows)
        if let paired = inOrder { matched = paired }
        if matched < oldCount && matched < newCount {
            matched += matchByTable(
                old, new, id: id, isSameContent: isSameContent, oldToNew: oldToNew, newToOld: newToOld,
                changed: changed, filter: inOrder == nil ? nil : (filter, unpairedRows),
                unpairedOld: oldCount - matched)
        }
        return body(oldToNew, newToOld, changed, fate, matched)
    }

    /// Steps 4 and 5 of ``compactChanges(from:to:id:isSameContent:)``: the batch, from the pairs.
    @usableFromInline
    static func readChanges(
        oldToNew: UnsafeMutableBufferPointer<Int32>, newToOld: UnsafeMutableBufferPointer<Int32>,
        changed: UnsafeMutableBufferPointer<Bool>, fate: UnsafeMutableBufferPointer<RowFate>, matched: Int
    ) -> ListChanges {
        let oldCount = oldToNew.count
        let newCount = newToOld.count
        // 4. Walk `new` with a cursor on the next old row that may stay in place (as in
        //    `wideChanges`), counting what step 5 will read off.
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
            if !changed[newIndex] {
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
        // 5. Read the batch off, each array in ascending order, into arrays of the right size.
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

    /// Steps 1 and 2 of ``compactChanges(from:to:id:isSameContent:)``: pairs elements of `new`
    /// with rows of `old` of the same id, reading both in order, marking the unpaired rows' ids
    /// in `filter`, then undoes every pair whose id may have an occurrence left unpaired; returns
    /// how many pairs stay, or nil when the list is not in order (then it pairs none, sets
    /// `oldToNew` and `newToOld` to -1, and `filter` is not complete). It writes every element
    /// of `oldToNew` and `newToOld` (-1: unpaired), which need not be initialized. Each element's
    /// filter key is left in `filterKeys`; the unpaired rows, with their keys, and the undone
    /// pairs are listed in `unpaired`, for the marks and step 3.
    @inlinable
    static func pairInOrder<Element, ID: Hashable>(
        _ old: UnsafeBufferPointer<Element>, _ new: UnsafeBufferPointer<Element>, id: (Element) -> ID,
        isSameContent: (Element, Element) -> Bool, oldToNew: UnsafeMutableBufferPointer<Int32>,
        newToOld: UnsafeMutableBufferPointer<Int32>, changed: UnsafeMutableBufferPointer<Bool>, filter: IDFilter,
        filterKeys: UnsafeMutableBufferPointer<Int32>, unpaired: inout UnpairedRows
    ) -> Int? {
        let oldCount = old.count
        let newCount = new.count
        guard oldCount > 0 && newCount > 0 else {
            oldToNew.initialize(repeating: -1)
            newToOld.initialize(repeating: -1)
            return nil
        }
        // Every `anchorStride`-th row of `old`, by id: `tag | (index + 1)` a bucket, no chains;
        // made the first time the walk has to find its place again (a list whose only edits
        // are rows inserted or deleted one by one never does).
        let tagBits: UInt64 = 0xFFFF_FFFF_0000_0000
        let indexBits: UInt64 = 0x7FFF_FFFF
        var bucketCount = 2
        while bucketCount < 2 * ((oldCount + anchorStride - 1) / anchorStride) { bucketCount <<= 1 }
        let mask = bucketCount - 1
        var anchors = UnsafeMutableBufferPointer<UInt64>(start: nil, count: 0)
        defer { anchors.deallocate() }
        var paired = 0
        var cursor = 0
        for newIndex in 0..<newCount {
            if newIndex == inOrderTrial && 2 * paired < newIndex {
                // Not a list in order: undo, and leave every row to the table.
                oldToNew.initialize(repeating: -1)
                newToOld.initialize(repeating: -1)
                return nil
            }
            let key = id(new[newIndex])
            let hash = UInt64(truncatingIfNeeded: key.hashValue)
            var oldIndex = -1
            if cursor < oldCount && id(old[cursor]) == key {
                oldIndex = cursor
            } else if cursor + 1 < oldCount && id(old[cursor + 1]) == key {
                oldIndex = cursor + 1
            } else if cursor < oldCount
                && !(newIndex + 1 < newCount && id(new[newIndex + 1]) == id(old[cursor]))
            {
                // Not an element inserted before the cursor's row (the next element is that
                // row): find the place again, an anchor of this id ahead of the cursor, whose
                // next row is the next element's too.
                if anchors.baseAddress == nil {
                    anchors = .allocate(capacity: bucketCount)
                    anchors.initialize(repeating: 0)
                    for index in stride(from: 0, to: oldCount, by: anchorStride) {
                        let hash = UInt64(truncatingIfNeeded: id(old[index]).hashValue)
                        var slot = Int(truncatingIfNeeded: hash) & mask
                        while anchors[slot] != 0 { slot = (slot + 1) & mask }
                        anchors[slot] = hash & tagBits | UInt64(truncatingIfNeeded: index + 1)
                    }
                }
                var slot = Int(truncatingIfNeeded: hash) & mask
                while true {
                    let bucket = anchors[slot]
                    if bucket == 0 { break }
                    if bucket & tagBits == hash & tagBits {
                        let anchor = Int(truncatingIfNeeded: bucket & indexBits) - 1
                        if anchor > cursor + 1 && anchor + 1 < oldCount && newIndex + 1 < newCount
                            && id(old[anchor]) == key && id(old[anchor + 1]) == id(new[newIndex + 1])
                        {
                            oldIndex = anchor
                            break
                        }
                    }
                    slot = (slot + 1) & mask
                }
            }
            // Each element's filter key is kept, and the unpaired rows' are listed with them: they
            // are marked after the walk, all together, so that the cache misses of a big filter
            // overlap.
            let filterKey = filter.key(hash)
            filterKeys[newIndex] = Int32(truncatingIfNeeded: filterKey)
            if oldIndex >= 0 {
                while cursor < oldIndex {
                    let filterKey = filter.key(UInt64(truncatingIfNeeded: id(old[cursor]).hashValue))
                    oldToNew[cursor] = -1
                    unpaired.appendOld(cursor, key: filterKey)
                    cursor += 1
                }
                oldToNew[oldIndex] = Int32(truncatingIfNeeded: newIndex)
                newToOld[newIndex] = Int32(truncatingIfNeeded: oldIndex)
                changed[newIndex] = !isSameContent(old[oldIndex], new[newIndex])
                cursor = oldIndex + 1
                paired += 1
            } else {
                newToOld[newIndex] = -1
                unpaired.appendNew(newIndex, key: filterKey)
            }
        }
        while cursor < oldCount {
            let filterKey = filter.key(UInt64(truncatingIfNeeded: id(old[cursor]).hashValue))
            oldToNew[cursor] = -1
            unpaired.appendOld(cursor, key: filterKey)
            cursor += 1
        }
        guard paired < oldCount || paired < newCount else { return paired }
        for entry in 0..<unpaired.oldCount { filter.markOld(unpaired.key(unpaired.old[entry])) }
        for entry in 0..<unpaired.newCount { filter.markNew(unpaired.key(unpaired.new[entry])) }
        // A pair is right only if its id has no occurrence left unpaired (a duplicate id is
        // matched by rank: the first in `new` with the first in `old`): undo every pair whose
        // key an unpaired row marked, and mark it on both sides, so that step 3 looks for it.
        for index in 0..<newCount where newToOld[index] >= 0 {
            let filterKey = Int(filterKeys[index])
            if filter.isMarked(filterKey) {
                filter.markBoth(filterKey)
                unpaired.appendUndone(newIndex: index, oldIndex: Int(newToOld[index]), capacity: paired)
                oldToNew[Int(newToOld[index])] = -1
                newToOld[index] = -1
                paired -= 1
            }
        }
        return paired
    }

    /// Step 3 of ``compactChanges(from:to:id:isSameContent:)``: matches the unpaired elements
    /// of `new` with the unpaired rows of `old` by id, occurrences in order, through the compact
    /// table; returns how many it matched. With `filter` (the list was in order), the rows are
    /// those `unpaired` lists, with their filter keys, which say which rows cannot match (their
    /// id's key is not marked for the other array), without reading those rows or scanning the
    /// index arrays. `unpairedOld` is how many rows of `old` are unpaired.
    @inlinable
    static func matchByTable<Element, ID: Hashable>(
        _ old: UnsafeBufferPointer<Element>, _ new: UnsafeBufferPointer<Element>, id: (Element) -> ID,
        isSameContent: (Element, Element) -> Bool, oldToNew: UnsafeMutableBufferPointer<Int32>,
        newToOld: UnsafeMutableBufferPointer<Int32>, changed: UnsafeMutableBufferPointer<Bool>,
        filter listed: (filter: IDFilter, unpaired: UnpairedRows)?, unpairedOld: Int
    ) -> Int {
        let tagBits: UInt64 = 0xFFFF_FFFF_0000_0000
        let noneLeft: UInt64 = 0x8000_0000
        let indexBits: UInt64 = 0x7FFF_FFFF
        // The rows of `old` to table, each unpaired one; with a filter, only those whose id an
        // unpaired element of `new` may have, gathered first (last first, with their hashes) so
        // that the table is sized by them.
        var tabled = unpairedOld
        let gathered = listed.map { _ in UnsafeMutableBufferPointer<Int32>.allocate(capacity: tabled) }
        let gatheredHashes = listed.map { _ in UnsafeMutableBufferPointer<UInt64>.allocate(capacity: tabled) }
        defer {
            gathered?.deallocate()
            gatheredHashes?.deallocate()
        }
        if let (filter, unpaired) = listed, let gathered, let gatheredHashes {
            // The unpaired rows and the old rows of the undone pairs, last first (two lists in
            // ascending order, merged).
            tabled = 0
            var entry = unpaired.oldCount
            var undone = unpaired.undoneCount
            while entry > 0 || undone > 0 {
                let listedRow = entry > 0 ? unpaired.index(unpaired.old[entry - 1]) : -1
                let undoneRow = undone > 0 ? unpaired.undoneOld(undone - 1) : -1
                let index: Int
                if listedRow > undoneRow {
                    entry -= 1
                    // An id that no unpaired element of `new` has is deleted: no need to table it.
                    guard filter.isMarkedNew(unpaired.key(unpaired.old[entry])) else { continue }
                    index = listedRow
                } else {
                    undone -= 1
                    index = undoneRow
                }
                let hash = UInt64(truncatingIfNeeded: id(old[index]).hashValue)
                gathered[tabled] = Int32(truncatingIfNeeded: index)
                gatheredHashes[tabled] = hash
                tabled += 1
            }
        }
        guard tabled > 0 else { return 0 }
        var bucketCount = 2
        while bucketCount < 2 * tabled { bucketCount <<= 1 }
        let mask = bucketCount - 1
        let table = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: bucketCount)
        table.initialize(repeating: 0)
        // The table's entries are the gathered rows' places in `gathered` (so that what is
        // written per row is as small as the rows gathered), or without a filter old indices.
        // `nextOccurrence[e]`: the entry after `e` of the same id (-1: none), written for each.
        func oldIndex(_ entry: Int) -> Int { gathered.map { Int($0[entry]) } ?? entry }
        let nextOccurrence = UnsafeMutableBufferPointer<Int32>.allocate(capacity: gathered == nil ? old.count : tabled)
        // A batch's rows, their hashes, and their first buckets as read ahead.
        let rows = UnsafeMutableBufferPointer<Int>.allocate(capacity: probeBatch)
        let hashes = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: 2 * probeBatch)
        let firstBuckets = UnsafeMutableBufferPointer(rebasing: hashes[probeBatch...])
        defer {
            table.deallocate()
            nextOccurrence.deallocate()
            rows.deallocate()
            hashes.deallocate()
        }
        // Each id's tabled occurrences in `old`, as a chain: its bucket holds the first.
        var readAhead: UInt64 = 0
        var index = old.count
        var entered = 0
        while entered < tabled {
            var count = 0
            if let gatheredHashes {
                while entered + count < tabled && count < probeBatch {
                    rows[count] = entered + count
                    hashes[count] = gatheredHashes[entered + count]
                    readAhead |= table[Int(truncatingIfNeeded: hashes[count]) & mask]
                    count += 1
                }
            } else {
                while index > 0 && count < probeBatch {
                    index -= 1
                    guard oldToNew[index] < 0 else { continue }
                    let hash = UInt64(truncatingIfNeeded: id(old[index]).hashValue)
                    rows[count] = index
                    hashes[count] = hash
                    readAhead |= table[Int(truncatingIfNeeded: hash) & mask]
                    count += 1
                }
            }
            for offset in 0..<count {
                let row = rows[offset]
                let hash = hashes[offset]
                let tag = hash & tagBits
                var slot = Int(truncatingIfNeeded: hash) & mask
                var next: Int32 = -1
                while true {
                    let bucket = table[slot]
                    if bucket == 0 { break }
                    if bucket & tagBits == tag {
                        let other = Int(truncatingIfNeeded: bucket & indexBits) - 1
                        if id(old[oldIndex(other)]) == id(old[oldIndex(row)]) {
                            next = Int32(truncatingIfNeeded: other)
                            break
                        }
                    }
                    slot = (slot + 1) & mask
                }
                nextOccurrence[row] = next
                table[slot] = tag | UInt64(truncatingIfNeeded: row + 1)
            }
            entered += count
        }
        // No bucket is marked `noneLeft` before matching begins (an index + 1 fits in 31 bits):
        // checking it is also what keeps the reads ahead from being optimized away.
        precondition(readAhead & noneLeft == 0, "ListDiff: the id table is corrupt")
        // Match each unpaired element of `new` with the next unmatched occurrence of its id.
        var matched = 0
        var scanned = 0
        var entry = 0
        var undone = 0
        // The next element of `new` to look up, in ascending order, or -1: each unpaired one;
        // with a filter, the listed ones whose id an unpaired row of `old` may have, and those
        // of the undone pairs (two lists in ascending order, merged).
        func nextElement() -> Int {
            guard let (filter, unpaired) = listed else {
                while scanned < new.count {
                    defer { scanned += 1 }
                    if newToOld[scanned] < 0 { return scanned }
                }
                return -1
            }
            while entry < unpaired.newCount || undone < unpaired.undoneCount {
                let listedRow = entry < unpaired.newCount ? unpaired.index(unpaired.new[entry]) : Int.max
                let undoneRow =
                    undone < unpaired.undoneCount ? unpaired.undoneNew(undone) : Int.max
                if undoneRow < listedRow {
                    undone += 1
                    return undoneRow
                }
                entry += 1
                // An id that no unpaired row of `old` has is inserted: no need to look it up.
                if filter.isMarkedOld(unpaired.key(unpaired.new[entry - 1])) { return listedRow }
            }
            return -1
        }
        var more = true
        while more {
            var count = 0
            while count < probeBatch {
                let newIndex = nextElement()
                guard newIndex >= 0 else {
                    more = false
                    break
                }
                let hash = UInt64(truncatingIfNeeded: id(new[newIndex]).hashValue)
                rows[count] = newIndex
                hashes[count] = hash
                firstBuckets[count] = table[Int(truncatingIfNeeded: hash) & mask]
                count += 1
            }
            // Matching never empties a bucket, so one empty when read ahead is empty now.
            for offset in 0..<count where firstBuckets[offset] != 0 {
                let row = rows[offset]
                let hash = hashes[offset]
                let tag = hash & tagBits
                var slot = Int(truncatingIfNeeded: hash) & mask
                while true {
                    let bucket = table[slot]
                    if bucket == 0 { break }
                    if bucket & tagBits == tag {
                        let other = Int(truncatingIfNeeded: bucket & indexBits) - 1
                        let oldRow = oldIndex(other)
                        if id(old[oldRow]) == id(new[row]) {
                            if bucket & noneLeft == 0 {
                                let next = nextOccurrence[other]
                                table[slot] =
                                    next < 0 ? bucket | noneLeft : tag | UInt64(truncatingIfNeeded: next + 1)
                                newToOld[row] = Int32(truncatingIfNeeded: oldRow)
                                oldToNew[oldRow] = Int32(truncatingIfNeeded: row)
                                changed[row] = !isSameContent(old[oldRow], new[row])
                                matched += 1
                            }
                            break
                        }
                    }
                    slot = (slot + 1) & mask
                }
            }
        }
        return matched
    }

    /// The rows that step 1 of ``compactChanges(from:to:id:isSameContent:)`` leaves unpaired and
    /// the pairs that step 2 undoes, listed in ascending order, so that the filter's marks and
    /// step 3 read them without scanning the index arrays again (a million rows' arrays do not
    /// stay in the cache). An entry is two 32-bit halves: an unpaired row's index (high) and
    /// filter key (low), or an undone pair's index in `new` (high) and in `old` (low).
    @usableFromInline
    struct UnpairedRows {
        /// The unpaired rows of `old`.
        @usableFromInline let old: UnsafeMutablePointer<UInt64>
        /// How many entries `old` has.
        @usableFromInline var oldCount = 0
        /// The unpaired elements of `new`.
        @usableFromInline let new: UnsafeMutablePointer<UInt64>
        /// How many entries `new` has.
        @usableFromInline var newCount = 0
        /// The undone pairs, allocated at the first.
        @usableFromInline var undone = UnsafeMutablePointer<UInt64>(bitPattern: 0)
        /// How many entries `undone` has.
        @usableFromInline var undoneCount = 0

        /// Room for every row of both arrays (only what is listed is ever touched).
        @inlinable
        init(oldCount: Int, newCount: Int) {
            old = .allocate(capacity: max(oldCount, 1))
            new = .allocate(capacity: max(newCount, 1))
        }

        /// The high half of an entry.
        @inlinable @inline(__always)
        func index(_ entry: UInt64) -> Int { Int(truncatingIfNeeded: entry >> 32) }

        /// The low half of an entry.
        @inlinable @inline(__always)
        func key(_ entry: UInt64) -> Int { Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) }

        /// Lists an unpaired row of `old`.
        @inlinable @inline(__always)
        mutating func appendOld(_ index: Int, key: Int) {
            old[oldCount] = UInt64(truncatingIfNeeded: index) << 32 | UInt64(truncatingIfNeeded: key)
            oldCount += 1
        }

        /// Lists an unpaired element of `new`.
        @inlinable @inline(__always)
        mutating func appendNew(_ index: Int, key: Int) {
            new[newCount] = UInt64(truncatingIfNeeded: index) << 32 | UInt64(truncatingIfNeeded: key)
            newCount += 1
        }

        /// The index in `old` of the undone pair at `position`.
        @inlinable @inline(__always)
        func undoneOld(_ position: Int) -> Int { key(undone.unsafelyUnwrapped[position]) }

        /// The index in `new` of the undone pair at `position`.
        @inlinable @inline(__always)
        func undoneNew(_ position: Int) -> Int { index(undone.unsafelyUnwrapped[position]) }

        /// Lists an undone pair; `capacity` (the pairs there are) sizes the list at the first.
        @inlinable
        mutating func appendUndone(newIndex: Int, oldIndex: Int, capacity: Int) {
            if undone == nil { undone = .allocate(capacity: capacity) }
            undone.unsafelyUnwrapped[undoneCount] =
                UInt64(truncatingIfNeeded: newIndex) << 32 | UInt64(truncatingIfNeeded: oldIndex)
            undoneCount += 1
        }

        /// Frees the lists.
        @inlinable
        func deallocate() {
            old.deallocate()
            new.deallocate()
            undone?.deallocate()
        }
    }

    /// The ids of the rows that step 1 of ``compactChanges(from:to:id:isSameContent:)`` leaves
    /// unpaired, as bits: a Bloom filter blocked by cache line. An id's *key* (30 bits of its
    /// hash, so that it fits in an `Int32` or half an entry of ``UnpairedRows``) picks a block of
    /// 64 bytes, one cache line: four words for unpaired rows of `old`, four for unpaired elements
    /// of `new`. In each word of its side the id sets one bit, four in all, chosen from the key's
    /// other bits. No false negatives: an id whose four bits are not all set has no such row.
    ///
    /// Every pair of step 1 is looked up (a million at a million rows), and each false positive
    /// sends a pair that was right to the table of step 3 (a hash and two rows read again, cache
    /// misses at that size), so the filter is built for few of them (four bits, and
    /// a block big enough that the ids it holds vary little from one block to the next, ten
    /// times fewer than one 64-bit word with two bits a row: Benchmarks/README.md), for one
    /// cache line read a lookup.
    @usableFromInline
    struct IDFilter {
        /// The blocks, eight words each (four for `old`, four for `new`), aligned on 64 bytes.
        @usableFromInline let words: UnsafeMutablePointer<UInt64>
        /// The block count less one (a power of two less one, below 2¹⁷).
        @usableFromInline let blockMask: Int

        /// A filter of at least `slotCount` slots (a slot: a bit for each side; 256 a block),
        /// rounded up to a power of two of blocks (1 to 2¹⁷: 64 bytes to 8 MB), none marked.
        @inlinable
        init(slotCount: Int) {
            var blockCount = 1
            while 256 * blockCount < slotCount && blockCount < 1 << 17 { blockCount <<= 1 }
            words = UnsafeMutableRawPointer.allocate(byteCount: 64 * blockCount, alignment: 64)
                .bindMemory(to: UInt64.self, capacity: 8 * blockCount)
            words.initialize(repeating: 0, count: 8 * blockCount)
            blockMask = blockCount - 1
        }

        /// The key of an id of this hash: its top 30 bits (the tables' slots use the low ones).
        @inlinable
        func key(_ hash: UInt64) -> Int { Int(truncatingIfNeeded: hash >> 34) }

        /// The first word of `key`'s block (its low bits), and the places of its four bits, one
        /// a word, in the top 24 bits (from its high 17 bits, spread by a multiplication).
        @inlinable @inline(__always)
        func place(_ key: Int) -> (word: Int, bits: UInt64) {
            ((key & blockMask) << 3, UInt64(truncatingIfNeeded: key >> 13) &* 0x9E37_79B9_7F4A_7C15)
        }

        /// Sets `key`'s four bits in `side`'s words (0: `old`, 4: `new`).
        @inlinable @inline(__always)
        func mark(_ key: Int, side: Int) {
            let (first, bits) = place(key)
            let side = words + first + side
            side[0] |= 1 << (bits >> 58)
            side[1] |= 1 << (bits >> 52 & 63)
            side[2] |= 1 << (bits >> 46 & 63)
            side[3] |= 1 << (bits >> 40 & 63)
        }

        /// Whether `key`'s four bits are all set in the words from `side` (or in either side's,
        /// for `both`).
        @inlinable @inline(__always)
        func isMarked(_ key: Int, side: Int, both: Bool) -> Bool {
            let (first, bits) = place(key)
            let block = words + first
            func word(_ index: Int) -> UInt64 { both ? block[index] | block[index + 4] : block[index + side] }
            return word(0) & 1 << (bits >> 58) != 0 && word(1) & 1 << (bits >> 52 & 63) != 0
                && word(2) & 1 << (bits >> 46 & 63) != 0 && word(3) & 1 << (bits >> 40 & 63) != 0
        }

        /// Marks a key for an unpaired row of `old`.
        @inlinable @inline(__always)
        func markOld(_ key: Int) { mark(key, side: 0) }

        /// Marks a key for an unpaired element of `new`.
        @inlinable @inline(__always)
        func markNew(_ key: Int) { mark(key, side: 4) }

        /// Marks a key for both arrays.
        @inlinable @inline(__always)
        func markBoth(_ key: Int) {
            mark(key, side: 0)
            mark(key, side: 4)
        }

        /// Whether an unpaired row of either array may have an id of this key.
        @inlinable @inline(__always)
        func isMarked(_ key: Int) -> Bool { isMarked(key, side: 0, both: true) }

        /// Whether an unpaired row of `old` may have an id of this key.
        @inlinable @inline(__always)
        func isMarkedOld(_ key: Int) -> Bool { isMarked(key, side: 0, both: false) }

        /// Whether an unpaired element of `new` may have an id of this key.
        @inlinable @inline(__always)
        func isMarkedNew(_ key: Int) -> Bool { isMarked(key, side: 4, both: false) }

        /// Frees the bits.
        @inlinable
        func deallocate() { words.deallocate() }
    }

    /// Every how many rows of `old` step 1 of ``compactChanges(from:to:id:isSameContent:)``
    /// keeps one in its table of anchors: a thirty-second of the rows, so the table stays in
    /// the cache at a million rows, and the walk finds its place within 32 rows of a gap.
    @usableFromInline
    static var anchorStride: Int { 32 }

    /// After how many elements of `new` step 1 of ``compactChanges(from:to:id:isSameContent:)``
    /// gives up when fewer than half of them paired in order.
    @usableFromInline
    static var inOrderTrial: Int { 1_024 }

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

    /// How many rows step 3 of ``compactChanges(from:to:id:isSameContent:)`` reads ahead
    /// at a time: enough cache misses in flight to fill a core's line-fill buffers (10 to 16),
    /// few enough that the batch stays in the first-level cache.
    @usableFromInline
    static var probeBatch: Int { 64 }

    /// What the walk of `new` decided for a row of `old`.
    @usableFromInline
    enum RowFate: UInt8 {
        case unvisited, stayed, moved, reloaded
    }
}
