import Foundation
import PropertyBindingControls
import PropertyBindingTesting
import Testing

@testable import PropertyBinding

/// A person whose age and name announce themselves; its score does not (``ArrangedArray/rearrange(_:)``).
final class Arrangee: KeyPathObservable, Identifiable, Equatable, @unchecked Sendable {
    let keyPathObservers = KeyPathObservers()
    let id: Int
    var name: String { didSet { didChange(\.name) } }
    /// Thread-safe, for the thread test.
    var age: Int {
        get { lock.withLock { _age } }
        set {
            lock.withLock { _age = newValue }
            didChange(\.age)
        }
    }
    var score = 0
    private let lock = NSLock()
    private var _age: Int

    init(id: Int, name: String, age: Int) {
        self.id = id
        self.name = name
        self._age = age
    }

    static func == (lhs: Arrangee, rhs: Arrangee) -> Bool { lhs === rhs }
}

/// A person as a value, for an arranged plain array.
struct ArrangedEntry: Identifiable, Equatable, Sendable {
    let id: Int
    var name: String
    var age: Int
}

/// `ArrangedArray`: filtered and sorted rows kept so, change by change, in one batch each.
@Suite struct ArrangedArrayTests {
    /// The reference: `content` filtered, sorted by `comparators`, ties in the content's order.
    static func reference<Element>(
        _ content: [Element], _ isIncluded: ((Element) -> Bool)?, _ comparators: [any SortComparator<Element>]
    ) -> [Element] {
        let kept = content.enumerated().filter { isIncluded?($0.element) ?? true }
        return kept.sorted { a, b in
            for comparator in comparators {
                switch comparator.compare(a.element, b.element) {
                case .orderedAscending: return true
                case .orderedDescending: return false
                case .orderedSame: continue
                }
            }
            return a.offset < b.offset
        }.map(\.element)
    }

    static let sortOrders: [[any SortComparator<Arrangee>]] = [
        [KeyPathComparator(\Arrangee.age)],
        [KeyPathComparator(\Arrangee.age, order: .reverse), KeyPathComparator(\Arrangee.name)],
        [],
        [KeyPathComparator(\Arrangee.name)],
        [KeyPathComparator(\Arrangee.score)],
    ]

    @Test func aFirstArrangementFiltersAndSorts() {
        let people = ObservableArray([
            Arrangee(id: 1, name: "Bob", age: 40), Arrangee(id: 2, name: "Ann", age: 30),
            Arrangee(id: 3, name: "Cy", age: 10),
        ])
        let arranged = ArrangedArray(people, sortedBy: [KeyPathComparator(\.name)]) { $0.age >= 18 }
        #expect(arranged.elements.map(\.name) == ["Ann", "Bob"])
        #expect(arranged.count == 2)
        #expect(arranged[0].name == "Ann")
        #expect(arranged.contentElements.count == 3)
        #expect(arranged.description == "ArrangedArray<Arrangee>")
    }

    @Test func aKeyChangeMovesOneRowOrReloadsIt() {
        let people = ObservableArray((0..<10).map { Arrangee(id: $0, name: "p\($0)", age: $0 * 10) })
        let arranged = ArrangedArray(people, sortedBy: [KeyPathComparator(\.age)])
        let heard = Locked<[ListChanges]>()
        _ = arranged.observe { heard.append($0) }
        people[2].age = 75  // announced: row 2 goes between 70 and 80
        #expect(heard.value == [ListChanges(moves: [ListMove(from: 2, to: 7)])])
        people[7].age = 71  // 60 < 71 < 75: it stays
        #expect(heard.value.last == ListChanges(reloads: [6]))
        #expect(arranged.elements.map(\.age) == [0, 10, 30, 40, 50, 60, 71, 75, 80, 90])
        arranged.setFilter { $0.age < 80 }
        #expect(heard.value.last == ListChanges(deletes: [8, 9]))
        people[0].age = 95  // leaves: it fails the filter
        #expect(heard.value.last == ListChanges(deletes: [0]))
        people[9].age = 5  // enters
        #expect(heard.value.last == ListChanges(inserts: [0]))
        #expect(heard.value.count == 5)
    }

    @Test func aSearchFieldBoundToTheFilterIsOneStatement() throws {
        let people = ObservableArray([
            Arrangee(id: 1, name: "Bob", age: 40), Arrangee(id: 2, name: "Ann", age: 30),
            Arrangee(id: 3, name: "Bea", age: 10),
        ])
        let searchField = TextField()
        let arranged = ArrangedArray(people, sortedBy: [KeyPathComparator(\.name)])
        let search = try arranged.bindFilter(to: Property(searchField, \.text), triggers: .standard) { text, person in
            text.isEmpty || person.name.localizedStandardContains(text)
        }
        #expect(arranged.elements.map(\.name) == ["Ann", "Bea", "Bob"])
        let heard = Locked<[ListChanges]>()
        _ = arranged.observe { heard.append($0) }
        searchField.simulateTyping("B")
        #expect(arranged.elements.map(\.name) == ["Bea", "Bob"])
        searchField.simulateTyping("Bo")
        #expect(arranged.elements.map(\.name) == ["Bob"])
        #expect(heard.value == [ListChanges(deletes: [0]), ListChanges(deletes: [0])])
        search.invalidate()
    }

    @Test func aPredicateFilters() {
        let people = ObservableArray([Arrangee(id: 1, name: "Bob", age: 40), Arrangee(id: 2, name: "Ann", age: 10)])
        let arranged = ArrangedArray(people)
        arranged.setFilter(#Predicate<Arrangee> { $0.age >= 18 })
        #expect(arranged.elements.map(\.name) == ["Bob"])
        arranged.setFilter(nil)
        #expect(arranged.elements.map(\.name) == ["Bob", "Ann"])
    }

    @Test func randomEditsKeepTheRowsArrangedInOneBatchEach() throws {
        var random = SplitMix64(seed: 35_02)
        var nextID = 0
        func member() -> Arrangee {
            defer { nextID += 1 }
            return Arrangee(id: nextID, name: "m\(random.below(50))", age: random.below(10))
        }
        let people = ObservableArray((0..<40).map { _ in member() })
        var threshold: Int? = 3
        var sortOrder = Self.sortOrders[0]
        func filter(_ threshold: Int?) -> ((Arrangee) -> Bool)? {
            guard let threshold else { return nil }
            return { $0.age >= threshold }
        }
        let arranged = ArrangedArray(people, sortedBy: sortOrder, rearrangingOn: [\.age], filter: filter(threshold))
        let table = TableView(visibleRowCount: 12)
        // A moved row keeps its cell: the cells show what never changes, the id.
        let rows = TableRows(table) { (cell: TableViewCell, member: Arrangee) in
            cell.text = "\(member.id)"
            return []
        }
        let binding = try Binding(source: arranged, destination: rows, triggers: .standard).updatingNow()
        let recorder = TableViewRecorder(table)
        let heard = Locked<[ListChanges]>()
        _ = arranged.observe { heard.append($0) }
        var keyChanges = 0
        for step in 0..<1_500 {
            let before = arranged.elements
            heard.withLock { $0 = [] }
            recorder.removeAll()
            let count = people.count
            var isKeyChange = false
            switch random.below(count == 0 ? 2 : 13) {
            case 0: people.insert(member(), at: random.below(count + 1))
            case 1: people.append(contentsOf: (0..<random.below(4)).map { _ in member() })
            case 2: people.remove(at: random.below(count))
            case 3: people.move(from: random.below(count), to: random.below(count))
            case 4: people[random.below(count)] = member()
            case 5, 6:
                isKeyChange = true
                people[random.below(count)].age = random.below(10)
            case 7:
                isKeyChange = true
                people[random.below(count)].name = "m\(random.below(50))"
            case 8:
                isKeyChange = true
                let changed = people[random.below(count)]
                changed.score = random.below(20)
                arranged.rearrange(changed)
            case 9:
                people.batch { batch in
                    for _ in 0..<random.below(5) {
                        switch random.below(4) {
                        case 0: batch.insert(member(), at: random.below(batch.count + 1))
                        case 1 where batch.count > 0: batch.remove(at: random.below(batch.count))
                        case 2 where batch.count > 0:
                            batch.move(from: random.below(batch.count), to: random.below(batch.count))
                        case 3 where batch.count > 0: batch[random.below(batch.count)] = member()
                        default: break
                        }
                    }
                }
            case 10:
                threshold = random.below(3) == 0 ? nil : random.below(8)
                arranged.setFilter(filter(threshold))
            case 11:
                sortOrder = Self.sortOrders[random.below(Self.sortOrders.count)]
                arranged.setSortOrder(sortOrder)
            default:
                people.replaceAll(
                    with: Array(people.elements.shuffled(using: &random).dropLast(random.below(3))) + [member()])
            }
            let expected = Self.reference(people.elements, filter(threshold), sortOrder)
            let after = arranged.elements
            #expect(after == expected, "step \(step)")
            let batches = heard.value
            #expect(batches.count <= 1, "step \(step): \(batches)")
            if let batch = batches.first {
                #expect(batch.isValid(oldCount: before.count, newCount: after.count), "step \(step): \(batch)")
                if batch.isValid(oldCount: before.count, newCount: after.count) {
                    #expect(batch.applied(to: before, inserting: after) == after, "step \(step): \(batch)")
                }
                if isKeyChange {
                    keyChanges += 1
                    let size = batch.deletes.count + batch.inserts.count + batch.moves.count + batch.reloads.count
                    #expect(size == 1, "step \(step): \(batch)")
                }
                #expect(
                    recorder.batches
                        == [
                            TableViewBatch(
                                deletes: batch.deletes, inserts: batch.inserts,
                                moves: batch.moves.map { TableViewMove(from: $0.from, to: $0.to) },
                                reloads: batch.reloads)
                        ], "step \(step)")
            } else {
                #expect(before == after, "step \(step)")
            }
            #expect(table.numberOfRows == expected.count, "step \(step)")
            #expect(table.visibleCells.map(\.text) == expected[table.visibleRows].map { "\($0.id)" }, "step \(step)")
        }
        #expect(recorder.reloadCount == 0)
        #expect(keyChanges > 100)
        withExtendedLifetime(binding) {}
    }

    @Test func aPlainArrayBoundToTheContentIsDiffedThenArranged() throws {
        final class Model: @unchecked Sendable { var people: [ArrangedEntry] = [] }
        var random = SplitMix64(seed: 35_22)
        var nextID = 0
        func entry() -> ArrangedEntry {
            defer { nextID += 1 }
            return ArrangedEntry(id: nextID, name: "e\(random.below(30))", age: random.below(8))
        }
        let model = Model()
        model.people = (0..<30).map { _ in entry() }
        let sortOrder: [any SortComparator<ArrangedEntry>] = [
            KeyPathComparator(\ArrangedEntry.age), KeyPathComparator(\ArrangedEntry.name),
        ]
        let isIncluded: (ArrangedEntry) -> Bool = { $0.age != 3 }
        let arranged = ArrangedArray<ArrangedEntry, Int>(sortedBy: sortOrder, filter: isIncluded)
        let fill = Binding(source: Property(model, \.people), destination: arranged.content).updatingNow()
        let heard = Locked<[ListChanges]>()
        _ = arranged.observe { heard.append($0) }
        for step in 0..<600 {
            let before = arranged.elements
            heard.withLock { $0 = [] }
            let count = model.people.count
            switch random.below(count == 0 ? 1 : 5) {
            case 0: model.people.insert(entry(), at: random.below(count + 1))
            case 1: model.people.remove(at: random.below(count))
            case 2: model.people[random.below(count)].age = random.below(8)
            case 3: model.people.swapAt(random.below(count), random.below(count))
            default: model.people = model.people.shuffled(using: &random)
            }
            fill.update()
            let expected = Self.reference(model.people, isIncluded, sortOrder)
            let after = arranged.elements
            #expect(after == expected, "step \(step)")
            #expect(heard.value.count <= 1, "step \(step)")
            if let batch = heard.value.first, batch.isValid(oldCount: before.count, newCount: after.count) {
                #expect(batch.applied(to: before, inserting: after) == after, "step \(step): \(batch)")
            } else {
                #expect(heard.value.isEmpty, "step \(step)")
            }
        }
    }

    @Test func insertsAtOnePlaceKeepTiesInTheSourceOrder() {
        // Every age equal: the source's order decides; 200 inserts at one place use up the room
        // between two order keys many times over.
        let people = ObservableArray((0..<5).map { Arrangee(id: $0, name: "p\($0)", age: 1) })
        let arranged = ArrangedArray(people, sortedBy: [KeyPathComparator(\.age)])
        for id in 5..<205 {
            people.insert(Arrangee(id: id, name: "p\(id)", age: 1), at: 2)
            people.move(from: people.count - 1, to: 1)
        }
        #expect(arranged.elements == people.elements)
        people[3].age = 0
        #expect(
            arranged.elements == [people[3]] + people.elements.enumerated().filter { $0.offset != 3 }.map(\.element))
    }

    @Test func itEndsItsObservationsWithItself() {
        let people = ObservableArray([Arrangee(id: 1, name: "Bob", age: 40)])
        var arranged: ArrangedArray? = ArrangedArray(people, sortedBy: [KeyPathComparator(\.age)])
        #expect(people[0].keyPathObservers.count == 1)
        #expect(people.observationCount == 1)
        #expect(arranged?.count == 1)
        arranged = nil
        #expect(people[0].keyPathObservers.count == 0)
        #expect(people.observationCount == 0)
    }
}

/// An `ArrangedArray` changed from several threads while bound to a table.
@Suite struct ArrangedArrayThreadTests {
    @Test func threadsChangingTheArrayTheKeysAndTheFilterKeepItArranged() throws {
        let people = ObservableArray((0..<50).map { Arrangee(id: $0, name: "m\($0)", age: $0 % 10) })
        let arranged = ArrangedArray(people, sortedBy: [KeyPathComparator(\.age)], rearrangingOn: [\.age])
        let table = TableView(visibleRowCount: 30)
        let rows = TableRows(table) { (cell: TableViewCell, member: Arrangee) in
            cell.text = member.name
            return []
        }
        let applied = Locked<[(batch: TableViewBatch, rowsAfter: Int)]>()
        table.onBatch = { [weak table] batch in applied.append((batch, table?.numberOfRows ?? -1)) }
        let binding = try Binding(source: arranged, destination: rows, triggers: .standard).updatingNow()
        DispatchQueue.concurrentPerform(iterations: 3) { thread in
            var random = SplitMix64(seed: UInt64(thread))
            for step in 0..<200 {
                switch thread {
                case 0:
                    if step % 3 == 2 && people.count > 10 {
                        people.remove(at: random.below(people.count - 1))
                    } else {
                        people.append(Arrangee(id: 1_000 + step, name: "n\(step)", age: random.below(10)))
                    }
                case 1:
                    let all = people.elements
                    all[random.below(all.count)].age = random.below(10)
                default:
                    let threshold = random.below(5)
                    arranged.setFilter(step % 10 == 9 ? nil : { $0.age >= threshold })
                }
            }
        }
        // A key read by one thread while another changes it may place a row by the value before;
        // the rearrangement that the change announces follows. Sorted again, the rows are the reference.
        arranged.setFilter(nil)
        arranged.setSortOrder([KeyPathComparator(\.age)])
        let expected = ArrangedArrayTests.reference(
            people.elements, nil, [KeyPathComparator(\Arrangee.age)] as [any SortComparator<Arrangee>])
        #expect(arranged.elements == expected)
        #expect(table.numberOfRows == expected.count)
        #expect(table.visibleCells.map(\.text) == expected.prefix(30).map(\.name))
        var count = applied.value.first.map { $0.rowsAfter - $0.batch.inserts.count + $0.batch.deletes.count } ?? 0
        for (batch, rowsAfter) in applied.value {
            #expect(count - batch.deletes.count + batch.inserts.count == rowsAfter)
            count = rowsAfter
        }
        withExtendedLifetime(binding) {}
    }
}
