// Binary search over ascending arrays: the batches, selections and arranged rows read them so
// (a row's new place, whether a row is reloaded, an element of an order key).

extension RandomAccessCollection where Index == Int {
    /// The first index whose element satisfies `isAbove`, false for a prefix and true for the
    /// rest: a binary search.
    func partitionPoint(_ isAbove: (Element) -> Bool) -> Int {
        var (low, high) = (startIndex, endIndex)
        while low < high {
            let middle = (low + high) / 2
            if isAbove(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}

extension RandomAccessCollection where Index == Int, Element: Comparable {
    /// The number of elements of this ascending collection below `bound`.
    func countSorted(below bound: Element) -> Int {
        partitionPoint { $0 >= bound }
    }

    /// The index of `value` in this ascending collection, if it holds it.
    func indexSorted(of value: Element) -> Int? {
        let index = countSorted(below: value)
        return index < endIndex && self[index] == value ? index : nil
    }

    /// Whether this ascending collection holds `value`.
    func containsSorted(_ value: Element) -> Bool {
        indexSorted(of: value) != nil
    }
}
