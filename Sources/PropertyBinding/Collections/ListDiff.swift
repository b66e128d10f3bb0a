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
/// comparison per matched pair, and a few words of memory per element: O(old.count + new.count)
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
