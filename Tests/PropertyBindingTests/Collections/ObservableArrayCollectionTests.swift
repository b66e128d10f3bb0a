import Foundation
import PropertyBindingControls
import PropertyBindingTesting
import Testing

@testable import PropertyBinding

/// The elements a mapping function was called with, from any thread.
final class MapCalls: @unchecked Sendable {
    private let lock = NSLock()
    private var _calls: [Int] = []
    var calls: [Int] { lock.withLock { _calls } }
    func record(_ value: Int) { lock.withLock { _calls.append(value) } }
    func reset() { lock.withLock { _calls = [] } }
}

/// `ObservableArray` as a standard collection: every mutation is one exact batch, a change
/// carries the elements it removed, and `mapped(_:)` maps only what each change inserts or reloads.
@Suite struct ObservableArrayCollectionTests {
    /// Every change an array announces, whole.
    static func changes<Element>(_ array: ObservableArray<Element>) -> Locked<[ObservableArray<Element>.Change]> {
        let heard = Locked<[ObservableArray<Element>.Change]>()
        _ = array.observeChanges { heard.append($0) }
        return heard
    }

    static func batches<Element>(_ array: ObservableArray<Element>) -> Locked<[ListChanges]> {
        let heard = Locked<[ListChanges]>()
        _ = array.observe { heard.append($0) }
        return heard
    }

    @Test func itReadsAsACollection() throws {
        let letters = ObservableArray(["a", "b", "c"])
        #expect(letters.first == "a")
        #expect(letters.last == "c")
        #expect(!letters.isEmpty)
        #expect(ObservableArray<String>().isEmpty)
        #expect(ObservableArray<String>().first == nil)
        var seen: [String] = []
        for letter in letters { seen.append(letter) }
        #expect(seen == ["a", "b", "c"])
        #expect(Array(letters) == ["a", "b", "c"])
        #expect(letters.indices == 0..<3)
        #expect(letters[1...] == ["b", "c"])
        #expect(letters.reversed() == ["c", "b", "a"])
        #expect(letters.contains("b"))
        #expect(letters.firstIndex(of: "c") == 2)
        #expect(letters.filter { $0 != "b" } == ["a", "c"])
        // A filter of the whole array is the property transformer it was before the array was a collection.
        let nonEmpty = letters.filter { !$0.isEmpty } as FilterTransformer
        #expect(try nonEmpty.read() == ["a", "b", "c"])
        #expect(letters.joined() == "abc")
        #expect(letters.elementsEqual(["a", "b", "c"]))
    }

    @Test func aLoopSeesTheElementsAsTheyWereWhenItBegan() {
        let numbers = ObservableArray([1, 2, 3])
        var seen: [Int] = []
        for number in numbers {
            seen.append(number)
            if number == 1 { numbers.removeAll() }
        }
        #expect(seen == [1, 2, 3])
        #expect(numbers.isEmpty)
    }

    @Test func eachStandardMutationAnnouncesOneExactBatch() {
        let letters = ObservableArray(["a", "b", "c", "d", "e"])
        let heard = Self.batches(letters)
        letters.append(contentsOf: ["f", "g"])
        #expect(letters.removeLast() == "g")
        #expect(letters.removeFirst() == "a")
        letters.removeAll { $0 == "c" || $0 == "e" }
        letters.replaceSubrange(0..<2, with: ["x"])
        letters.insert(contentsOf: ["y", "z"], at: 1)
        letters.swapAt(0, 2)
        letters.sort()
        letters[0..<1] = ["w", "v"]
        letters.removeSubrange(2...)
        #expect(letters.popLast() == "v")
        #expect(letters.elements == ["w"])
        #expect(
            heard.value == [
                ListChanges(inserts: [5, 6]),
                ListChanges(deletes: [6]),
                ListChanges(deletes: [0]),
                ListChanges(deletes: [1, 3]),
                ListChanges(deletes: [1], reloads: [0]),
                ListChanges(inserts: [1, 2]),
                ListChanges(moves: [ListMove(from: 0, to: 2), ListMove(from: 2, to: 0)]),
                ListChanges(moves: [ListMove(from: 1, to: 2), ListMove(from: 2, to: 1), ListMove(from: 3, to: 0)]),
                ListChanges(inserts: [1], reloads: [0]),
                ListChanges(deletes: [2, 3, 4]),
                ListChanges(deletes: [1]),
            ])
        letters.sort()  // sorted already: nothing announced
        letters.removeAll { _ in false }
        letters.append(contentsOf: [])
        letters.replaceSubrange(1..<1, with: [])
        #expect(heard.value.count == 11)
    }

    @Test func theMutationsWorkOnALetAndThroughAVar() {
        let numbers = ObservableArray([3, 1, 2])
        let heard = Self.batches(numbers)
        var alias = numbers
        alias += [4]  // the protocol's operator, through `append(contentsOf:)`
        alias.removeLast()
        numbers.sort(by: >)
        #expect(numbers.elements == [3, 2, 1])
        #expect(heard.value.count == 3)
    }

    /// A function written for any range-replaceable collection changes the array through its
    /// requirements: each call is one batch, each exact.
    @Test func genericCodeChangesTheArrayThroughItsRequirements() {
        func rotate<C: RangeReplaceableCollection & MutableCollection>(_ collection: inout C) {
            guard let first = collection.first else { return }
            collection.removeFirst()
            collection.append(first)
        }
        let numbers = ObservableArray([1, 2, 3])
        let heard = Self.changes(numbers)
        var alias = numbers
        var before = numbers.elements
        rotate(&alias)
        #expect(numbers.elements == [2, 3, 1])
        #expect(heard.value.map(\.batch) == [ListChanges(deletes: [0]), ListChanges(inserts: [2])])
        for change in heard.value {
            #expect(change.batch.applied(to: before, inserting: change.elements) == change.elements)
            before = change.elements
        }
    }

    @Test func aChangeCarriesTheElementsItRemovedAndReplaced() {
        let letters = ObservableArray(["a", "b", "c", "d"])
        let heard = Self.changes(letters)
        letters.removeAll { $0 == "b" || $0 == "d" }
        letters[0] = "A"
        letters.replaceAll(with: ["x"])
        let changes = heard.value
        #expect(changes.count == 3)
        #expect(changes[0].removed == ["b", "d"])
        #expect(changes[0].removedElement(at: 3) == "d")
        #expect(changes[0].removedElement(at: 0) == nil)
        #expect(changes[0].elements == ["a", "c"])
        #expect(changes[1].replaced == ["a"])
        #expect(changes[1].replacedElement(at: 0) == "a")
        #expect(changes[1].removed.isEmpty)
        #expect(changes[1].elements == ["A", "c"])
        #expect(changes[2].batch == ListChanges(deletes: [0, 1], inserts: [0]))
        #expect(changes[2].removed == ["A", "c"])
    }

    @Test func aChangeObserverHearsOnlyTheChangesAfterIt() {
        let numbers = ObservableArray([1])
        let heard = Locked<[ObservableArray<Int>.Change]>()
        // A batch listener adds a change observer while the array's first change is being
        // announced: it must not hear that change (it began after it).
        let added = Locked(false)
        _ = numbers.observe { _ in
            let first = added.withLock { added -> Bool in
                defer { added = true }
                return !added
            }
            if first { _ = numbers.observeChanges { heard.append($0) } }
        }
        numbers.append(2)
        numbers.append(3)
        #expect(heard.value.map(\.batch) == [ListChanges(inserts: [2])])
        #expect(heard.value.first?.elements == [1, 2, 3])
        #expect(numbers.observationCount == 2)
    }

    // MARK: The mapped array

    @Test func theMappedArrayMapsOnlyWhatEachChangeInsertsOrReloads() {
        let calls = MapCalls()
        let numbers = ObservableArray([1, 2, 3])
        let labels = numbers.mapped { number -> String in
            calls.record(number)
            return "n\(number)"
        }
        #expect(labels.elements == ["n1", "n2", "n3"])
        #expect(calls.calls == [1, 2, 3])
        let heard = Locked<[ListChanges]>()
        _ = labels.observe { heard.append($0) }
        calls.reset()
        numbers.append(4)
        numbers.move(from: 3, to: 0)
        numbers.remove(at: 1)
        numbers.sort()
        numbers[0] = 10
        #expect(calls.calls == [4, 10])
        #expect(Array(labels) == numbers.elements.map { "n\($0)" })
        #expect(labels.first == "n10" && labels.last == "n4" && labels.count == 3)
        #expect(
            heard.value == [
                ListChanges(inserts: [3]), ListChanges(moves: [ListMove(from: 3, to: 0)]),
                ListChanges(deletes: [1]), ListChanges(moves: [ListMove(from: 0, to: 2)]),
                ListChanges(reloads: [0]),
            ])
        calls.reset()
        numbers.replaceAll(with: [7, 8])  // every element new: each mapped
        #expect(calls.calls == [7, 8])
        #expect(labels.elements == ["n7", "n8"])
    }

    @Test func aMappedArrayMapsAgainAndCarriesTheMappedElementsRemoved() {
        let numbers = ObservableArray([1, 2, 3])
        let doubled = numbers.mapped { $0 * 2 }
        let labels = doubled.mapped { "\($0)" }
        let removed = Locked<[String]>()
        _ = labels.observeChanges { change in removed.withLock { $0 += change.removed } }
        numbers.removeFirst(2)
        #expect(labels.elements == ["6"])
        #expect(removed.value == ["2", "4"])
    }

    @Test func theMappedArrayKeepsItsArrayAliveAndTheArrayKeepsItNot() {
        weak var weakNumbers: ObservableArray<Int>?
        var labels: MappedArray<String>? = nil
        do {
            let numbers = ObservableArray([1, 2])
            weakNumbers = numbers
            labels = numbers.mapped { "\($0)" }
            #expect(numbers.observationCount == 1)
        }
        #expect(weakNumbers != nil)
        weakNumbers?.append(3)
        #expect(labels?.elements == ["1", "2", "3"])
        labels = nil
        #expect(weakNumbers == nil)

        let numbers = ObservableArray([1])
        weak var weakLabels: MappedArray<String>?
        do {
            let labels = numbers.mapped { "\($0)" }
            weakLabels = labels
        }
        #expect(weakLabels == nil)
        #expect(numbers.observationCount == 0)
        numbers.append(2)
    }

    @Test func aMappedArrayBoundToRowsIsShownWithoutADiff() throws {
        let calls = DiffCalls()
        let numbers = ObservableArray(Array(0..<1_000))
        let rows = numbers.mapped { CountedRow(key: $0, title: "row \($0)", calls: calls) }
        let table = TableView(visibleRowCount: 5)
        let recorder = TableViewRecorder(table)
        let binding = try Binding(source: rows, destination: AnnouncedChangesTests.rows(table), triggers: .standard)
            .updatingNow()
        recorder.removeAll()
        calls.reset()
        numbers.insert(-1, at: 2)
        numbers.removeAll { $0.isMultiple(of: 100) }
        numbers.swapAt(0, 1)
        numbers[3] = 5_000
        #expect(calls.ids == 0)
        #expect(calls.comparisons == 0)
        #expect(recorder.reloadCount == 0)
        #expect(
            recorder.batches == [
                TableViewBatch(inserts: [2]),
                TableViewBatch(deletes: [0, 101, 201, 301, 401, 501, 601, 701, 801, 901]),
                TableViewBatch(moves: [TableViewMove(from: 0, to: 1)]),
                TableViewBatch(reloads: [3]),
            ])
        #expect(table.visibleCells.map(\.text) == numbers.elements.prefix(5).map { "row \($0)" })
        #expect(try TriggerRegistry.standard.triggers(for: rows).first is ObservableArrayTrigger)
        binding.invalidate()
        #expect(rows.observationCount == 0)
    }

    // MARK: Random edits against an Array

    /// One random standard mutation, made to the array and to a reference `Array` alike: what
    /// the batch must be made of.
    enum Kind { case adds, removes, reorders, replaces, any }

    /// Every mutation, random, checked at every step against a plain `Array`: the elements, the
    /// batch applied to the old elements, the elements removed, the mapped array and the calls
    /// of its function, and rows bound to the mapped array (taken without a diff).
    @Test(arguments: [1 as UInt64, 2, 3, 4])
    func randomEditsMatchAnArrayAtEveryStep(seed: UInt64) throws {
        var random = SplitMix64(seed: seed * 7_919)
        var next = 0
        func fresh(_ count: Int) -> [Int] {
            defer { next += count }
            return Array(next..<next + count)
        }
        var reference = fresh(20)
        let array = ObservableArray(reference)
        let heard = Self.changes(array)
        let batches = Self.batches(array)
        let calls = MapCalls()
        let mapped = array.mapped { value -> String in
            calls.record(value)
            return "v\(value)"
        }
        let mappedHeard = Locked<[ListChanges]>()
        _ = mapped.observe { mappedHeard.append($0) }
        let table = TableView(visibleRowCount: 6)
        let rows = TableRows(table, id: \.self) { (cell: TableViewCell, label: String) in
            cell.text = label
            return []
        }
        let binding = try Binding(source: mapped, destination: rows, triggers: .standard).updatingNow()
        let recorder = TableViewRecorder(table)
        var kinds: [String: Int] = [:]

        for step in 0..<1_500 {
            let before = reference
            let count = reference.count
            heard.withLock { $0 = [] }
            batches.withLock { $0 = [] }
            mappedHeard.withLock { $0 = [] }
            calls.reset()
            recorder.removeAll()
            var kind = Kind.any
            var isReplacement = false
            let name: String
            let operation = count == 0 ? random.below(4) : random.below(30)
            switch operation {
            case 0:
                name = "append"
                kind = .adds
                let value = fresh(1)[0]
                reference.append(value)
                array.append(value)
            case 1:
                name = "append(contentsOf:)"
                kind = .adds
                let values = fresh(random.below(4))
                reference.append(contentsOf: values)
                array.append(contentsOf: values)
            case 2:
                name = "insert(_:at:)"
                kind = .adds
                let (value, index) = (fresh(1)[0], random.below(count + 1))
                reference.insert(value, at: index)
                array.insert(value, at: index)
            case 3:
                name = "insert(contentsOf:at:)"
                kind = .adds
                let (values, index) = (fresh(random.below(4)), random.below(count + 1))
                reference.insert(contentsOf: values, at: index)
                array.insert(contentsOf: values, at: index)
            case 4:
                name = "remove(at:)"
                kind = .removes
                let index = random.below(count)
                #expect(array.remove(at: index) == reference.remove(at: index))
            case 5:
                name = "removeFirst()"
                kind = .removes
                #expect(array.removeFirst() == reference.removeFirst())
            case 6:
                name = "removeFirst(_:)"
                kind = .removes
                let k = random.below(Swift.min(count, 4) + 1)
                reference.removeFirst(k)
                array.removeFirst(k)
            case 7:
                name = "removeLast()"
                kind = .removes
                #expect(array.removeLast() == reference.removeLast())
            case 8:
                name = "removeLast(_:)"
                kind = .removes
                let k = random.below(Swift.min(count, 4) + 1)
                reference.removeLast(k)
                array.removeLast(k)
            case 9:
                name = "popLast()"
                kind = .removes
                #expect(array.popLast() == reference.popLast())
            case 10:
                name = "removeSubrange(_:)"
                kind = .removes
                let range = random.range(in: count)
                reference.removeSubrange(range)
                array.removeSubrange(range)
            case 11:
                name = "removeSubrange(i...)"
                kind = .removes
                let start = Swift.max(0, count - random.below(4))
                reference.removeSubrange(start...)
                array.removeSubrange(start...)
            case 12:
                name = "removeAll(where:)"
                kind = .removes
                let divisor = 2 + random.below(6)
                reference.removeAll { $0.isMultiple(of: divisor) }
                array.removeAll { $0.isMultiple(of: divisor) }
            case 13 where random.below(4) == 0:
                name = "removeAll()"
                kind = .removes
                reference.removeAll()
                array.removeAll(keepingCapacity: random.below(2) == 0)
            case 13, 14:
                name = "replaceSubrange(_:with:)"
                kind = .replaces
                let (range, values) = (random.range(in: count), fresh(random.below(4)))
                reference.replaceSubrange(range, with: values)
                array.replaceSubrange(range, with: values)
            case 15:
                name = "replaceSubrange(..<i, with:)"
                kind = .replaces
                let (end, values) = (random.below(count + 1), fresh(random.below(3)))
                reference.replaceSubrange(..<end, with: values)
                array.replaceSubrange(..<end, with: values)
            case 16:
                name = "subscript set"
                kind = .replaces
                let (index, value) = (random.below(count), fresh(1)[0])
                reference[index] = value
                array[index] = value
            case 17:
                name = "subscript(bounds:) set"
                kind = .replaces
                let (range, values) = (random.range(in: count), fresh(random.below(3)))
                reference[range] = ArraySlice(values)
                array[range] = ArraySlice(values)
            case 18:
                name = "swapAt"
                kind = .reorders
                let (i, j) = (random.below(count), random.below(count))
                reference.swapAt(i, j)
                array.swapAt(i, j)
            case 19:
                name = "sort(by:)"
                kind = .reorders
                let modulus = 1 + random.below(9)  // equal keys: the sort must be stable
                reference.sort { $0 % modulus < $1 % modulus }
                array.sort { $0 % modulus < $1 % modulus }
            case 20:
                name = "sort()"
                kind = .reorders
                reference.sort()
                array.sort()
            case 21:
                name = "reverse()"
                kind = .reorders
                reference.reverse()
                array.reverse()
            case 22:
                name = "shuffle(using:)"
                kind = .reorders
                var copy = random
                reference.shuffle(using: &copy)
                array.shuffle(using: &random)
            case 23:
                name = "partition(by:)"
                kind = .reorders
                let divisor = 2 + random.below(3)
                #expect(
                    array.partition { $0.isMultiple(of: divisor) }
                        == reference.partition { $0.isMultiple(of: divisor) })
            case 24:
                name = "move(from:to:)"
                kind = .reorders
                let (from, to) = (random.below(count), random.below(count))
                reference.insert(reference.remove(at: from), at: to)
                array.move(from: from, to: to)
            case 25:
                name = "+="
                kind = .adds
                let values = fresh(random.below(3))
                var alias = array
                alias += values
                reference += values
            case 26:
                name = "batch"
                array.batch { batch in
                    for _ in 0..<random.below(5) {
                        switch random.below(4) {
                        case 0:
                            let (value, index) = (fresh(1)[0], random.below(batch.count + 1))
                            batch.insert(value, at: index)
                            reference.insert(value, at: index)
                        case 1 where batch.count > 0:
                            let index = random.below(batch.count)
                            batch.remove(at: index)
                            reference.remove(at: index)
                        case 2 where batch.count > 0:
                            let (from, to) = (random.below(batch.count), random.below(batch.count))
                            batch.move(from: from, to: to)
                            reference.insert(reference.remove(at: from), at: to)
                        case 3 where batch.count > 0:
                            let (index, value) = (random.below(batch.count), fresh(1)[0])
                            batch[index] = value
                            reference[index] = value
                        default: break
                        }
                    }
                }
            case 27 where random.below(3) == 0:
                name = "replaceAll(with:)"
                isReplacement = true
                let values = Array(reference.shuffled(using: &random).dropLast(random.below(3))) + fresh(2)
                reference = values
                array.replaceAll(with: values)
            default:
                name = "reserveCapacity"
                array.reserveCapacity(count + 10)
            }
            kinds[name, default: 0] += 1
            let label = "step \(step): \(name)"
            let after = reference

            // The contents, read every way.
            #expect(array.elements == after, "\(label)")
            #expect(Array(array) == after, "\(label)")
            #expect(array.count == after.count && array.first == after.first && array.last == after.last, "\(label)")

            // One batch when something changed, none otherwise, heard alike by both observer forms.
            let changes = heard.value
            #expect(changes.count == (before == after && !isReplacement ? 0 : 1), "\(label)")
            #expect(batches.value == changes.map(\.batch), "\(label)")
            guard let change = changes.first else {
                #expect(before == after, "\(label): changed, nothing announced")
                #expect(calls.calls.isEmpty, "\(label)")
                continue
            }
            let batch = change.batch
            #expect(batch.isValid(oldCount: before.count, newCount: after.count), "\(label): \(batch)")
            #expect(batch.applied(to: before, inserting: after) == after, "\(label): \(batch)")
            #expect(change.elements == after, "\(label)")
            #expect(!batch.isEmpty, "\(label)")

            // The elements gone are exactly the ones it carries.
            #expect(change.removed == batch.deletes.map { before[$0] }, "\(label)")
            #expect(change.replaced == batch.reloads.map { before[$0] }, "\(label)")
            if !isReplacement {
                let gone = Set(before).subtracting(after)
                #expect(Set(change.removed + change.replaced) == gone, "\(label)")
                #expect(change.removed.count + change.replaced.count == gone.count, "\(label)")
            }

            // The batch is made of what the mutation does.
            switch kind {
            case .adds: #expect(batch.deletes.isEmpty && batch.moves.isEmpty && batch.reloads.isEmpty, "\(label)")
            case .removes: #expect(batch.inserts.isEmpty && batch.moves.isEmpty && batch.reloads.isEmpty, "\(label)")
            case .reorders:
                #expect(batch.inserts.isEmpty && batch.deletes.isEmpty && batch.reloads.isEmpty, "\(label)")
            case .replaces:
                #expect(batch.moves.isEmpty && (batch.inserts.isEmpty || batch.deletes.isEmpty), "\(label)")
            case .any: break
            }

            // The mapped array follows, calling its function only for the new elements.
            #expect(mapped.elements == after.map { "v\($0)" }, "\(label)")
            #expect(mappedHeard.value == [batch], "\(label)")
            let mappedValues = isReplacement ? after : batch.inserts.map { after[$0] } + Self.reloadedNew(batch, after)
            #expect(calls.calls.sorted() == mappedValues.sorted(), "\(label)")

            // The rows bound to the mapped array take its batch as it is (a replacement they diff).
            let asTable = TableViewBatch(
                deletes: batch.deletes, inserts: batch.inserts,
                moves: batch.moves.map { TableViewMove(from: $0.from, to: $0.to) }, reloads: batch.reloads)
            #expect(isReplacement || recorder.batches == [asTable], "\(label)")
            #expect(table.numberOfRows == after.count, "\(label)")
            #expect(table.visibleCells.map(\.text) == after[table.visibleRows].map { "v\($0)" }, "\(label)")
        }
        #expect(recorder.reloadCount == 0)
        #expect(kinds.count >= 28, "\(kinds)")
        withExtendedLifetime(binding) {}
    }

    /// The new elements of the rows `batch` reloads.
    static func reloadedNew(_ batch: ListChanges, _ after: [Int]) -> [Int] {
        // A reloaded row shows the new array's element: those that `applied` takes from `new`
        // at a position that is not an insert.
        let marked = batch.applied(
            to: Array(repeating: -1, count: after.count - batch.inserts.count + batch.deletes.count), inserting: after)
        let inserted = Set(batch.inserts)
        return marked.indices.filter { !inserted.contains($0) && marked[$0] != -1 }.map { after[$0] }
    }
}

extension SplitMix64 {
    /// A random range of `0..<count`, perhaps empty.
    mutating func range(in count: Int) -> Range<Int> {
        let start = below(count + 1)
        return start..<start + below(Swift.min(count - start, 4) + 1)
    }
}

/// Threads changing an `ObservableArray` with every mutation while a mapped array follows it and
/// an observer rebuilds it from the changes it hears.
@Suite struct ObservableArrayCollectionThreadTests {
    @Test func threadsChangingTheArrayGiveWholeChangesInOrder() {
        let array = ObservableArray(Array(0..<50))
        let calls = MapCalls()
        let mapped = array.mapped { value -> Int in
            calls.record(value)
            return value * 10
        }
        let replica = Locked(array.elements)
        let mismatches = Locked(0)
        _ = array.observeChanges { change in
            replica.withLock { replica in
                replica = change.batch.applied(to: replica, inserting: change.elements)
                if replica != change.elements { mismatches.withLock { $0 += 1 } }
            }
        }
        let lateMapped = Locked<[MappedArray<Int>]>()
        DispatchQueue.concurrentPerform(iterations: 3) { thread in
            var random = SplitMix64(seed: UInt64(thread + 1))
            for step in 0..<400 {
                if thread == 2 {
                    if step.isMultiple(of: 40) { lateMapped.append(array.mapped { $0 * 10 }) }
                    _ = Array(array)
                    _ = array.first
                    continue
                }
                let value = 1_000 + thread * 10_000 + step
                // Thread 1 only grows or reorders the array, so thread 0's count-dependent
                // edits (a range from `count`, a swap past 3) stay in range.
                let choice = thread == 1 ? [0, 3, 5, 7][random.below(4)] : random.below(8)
                switch choice {
                case 0: array.append(contentsOf: [value, value + 100_000])
                case 1: _ = array.popLast()
                case 2: array.removeAll { $0.isMultiple(of: 7) }
                case 3: array.sort()
                case 4: array.replaceSubrange(0..<Swift.min(2, array.count), with: [value])
                case 5: array.shuffle(using: &random)
                case 6 where array.count > 3: array.swapAt(0, 3)
                default: array.insert(value, at: 0)
                }
            }
        }
        let final = array.elements
        #expect(mismatches.value == 0)
        #expect(replica.value == final)
        #expect(mapped.elements == final.map { $0 * 10 })
        for late in lateMapped.value { #expect(late.elements == final.map { $0 * 10 }) }
        // Each call maps an element some change made new: never the whole array per change.
        #expect(calls.calls.count < 50 + 2 * 400 * 2)
    }
}
