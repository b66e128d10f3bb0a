@testable import PropertyBinding

// What the list diff's tests compare it with: the algorithm it replaced, and the rows and ids
// they diff.

/// A row with an identity and a content: a reload is a row whose id stayed and whose content changed.
struct DiffRow: Identifiable, Equatable {
    let id: Int
    var content: Int = 0
}

/// An id whose hash is the same for every value: every id lands in one bucket with one tag and
/// one filter key, so the diff tells ids apart by `==` alone.
struct CollidingID: Hashable {
    let value: Int
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.value == rhs.value }
    func hash(into hasher: inout Hasher) { hasher.combine(0) }
}

/// What the reference's walk of `new` decided for a row of `old`.
private enum ReferenceFate { case unvisited, stayed, moved, reloaded }

/// `ListDiff.changes(from:to:id:isSameContent:)` as it was before its ids went into a compact
/// table and its indices became `Int32` (a `Dictionary<ID, Int>` and `[Int]` arrays): the
/// reference the new implementation must agree with, batch for batch (`ListDiffEquivalenceTests`,
/// `ListDiffAdversarialTests`).
func referenceChanges<Element, ID: Hashable>(
    from old: [Element], to new: [Element], id: (Element) -> ID, isSameContent: (Element, Element) -> Bool
) -> ListChanges {
    var firstUnmatched: [ID: Int] = [:]
    var nextOccurrence = [Int](repeating: -1, count: old.count)
    var index = old.count
    while index > 0 {
        index -= 1
        let key = id(old[index])
        nextOccurrence[index] = firstUnmatched[key] ?? -1
        firstUnmatched[key] = index
    }
    var newToOld = [Int](repeating: -1, count: new.count)
    var oldToNew = [Int](repeating: -1, count: old.count)
    for newIndex in new.indices {
        let key = id(new[newIndex])
        guard let head = firstUnmatched[key], head >= 0 else { continue }
        firstUnmatched[key] = nextOccurrence[head]
        newToOld[newIndex] = head
        oldToNew[head] = newIndex
    }
    var fate = [ReferenceFate](repeating: .unvisited, count: old.count)
    var cursor = 0
    for newIndex in new.indices {
        let oldIndex = newToOld[newIndex]
        guard oldIndex >= 0 else { continue }
        while cursor < old.count && (oldToNew[cursor] < 0 || fate[cursor] != .unvisited) { cursor += 1 }
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
