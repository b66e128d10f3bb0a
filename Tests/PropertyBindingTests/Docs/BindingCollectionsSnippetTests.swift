import Foundation
import PropertyBinding
import PropertyBindingControls
import PropertyBindingTesting
import Testing

// The snippets of the "Binding collections" article (PropertyBinding.docc/BindingCollections.md);
// the article quotes them verbatim (scripts/docs checks it).

private final class Repository: KeyPathObservable, Identifiable, Equatable {
    let keyPathObservers = KeyPathObservers()
    @Announced var name: String
    init(name: String) { self.name = name }
    static func == (lhs: Repository, rhs: Repository) -> Bool { lhs === rhs }
}

private final class RepositoryList: KeyPathObservable {
    let keyPathObservers = KeyPathObservers()
    @Announced var repositories: [Repository] = []
}

private struct Message: Identifiable, Equatable {
    let id: Int
    var title: String
    var isSeen = false
}

private final class Inbox: KeyPathObservable {
    let keyPathObservers = KeyPathObservers()
    @Announced var messages: [Message] = (0..<100).map { Message(id: $0, title: "m\($0)") }
    @Announced var folder = "Inbox"

    func markSeen(_ id: Int) {
        guard let index = messages.firstIndex(where: { $0.id == id }), !messages[index].isSeen else { return }
        messages[index].isSeen = true
    }
}

private struct Colleague: Identifiable, Equatable {
    let id: Int
    var name: String
    var initial: String { String(name.prefix(1)) }
}

private final class AddressBook: KeyPathObservable {
    let keyPathObservers = KeyPathObservers()
    @Announced var contacts: [Colleague] = []
    @Announced var groups: [ListSection<String, Colleague>] = []
}

@Suite struct BindingCollectionsSnippetTests {
    @Test func sections() throws {
        let book = AddressBook()
        let tableView = TableView(visibleRowCount: 20)
        let recorder = TableViewRecorder(tableView)
        book.groups = [ListSection(id: "Friends", rows: [Colleague(id: 1, name: "Ann")])]
        // snippet: sections
        let showGroups = try Binding(
            source: Property(book, \.groups),
            destination: TableSections(tableView) { (cell, colleague: Colleague) in
                cell.text = colleague.name
                return []
            },
            triggers: .standard
        ).updatingNow()

        book.groups.append(ListSection(id: "Work", rows: [Colleague(id: 2, name: "Bob")]))  // sections (inserts [1])
        var regrouped = book.groups
        regrouped[1].rows.append(regrouped[0].rows.removeFirst())
        book.groups = regrouped  // moves [[0, 0]→[1, 1]]: Ann's row, cell and bindings go to Work
        // end snippet
        #expect(
            recorder.sectionBatches.map(\.description) == [
                "sections (inserts [0])", "sections (inserts [1])", "moves [[0, 0]→[1, 1]]",
            ])
        #expect(tableView.cellForRow(at: ListIndexPath(section: 1, row: 1))?.text == "Ann")
        withExtendedLifetime(showGroups) {}
    }

    @Test func groupedSections() throws {
        let book = AddressBook()
        let tableView = TableView(visibleRowCount: 20)
        book.contacts = [Colleague(id: 1, name: "Bea"), Colleague(id: 2, name: "Ann"), Colleague(id: 3, name: "Bob")]
        // snippet: grouped
        let byInitial = TableSections(tableView) { (cell, colleague: Colleague) in
            cell.text = colleague.name
            return []
        }.grouped(by: \.initial)
        let showContacts = try Binding(source: Property(book, \.contacts), destination: byInitial, triggers: .standard)
            .updatingNow()
        // sections A: Ann; B: Bea, Bob
        book.contacts[0].name = "Abe"  // one batch: the row moves from B to A
        // end snippet
        #expect(tableView.numberOfSections == 2)
        #expect(tableView.visibleCells.map(\.text) == ["Abe", "Ann", "Bob"])
        // snippet: sectioned selection
        let selection = byInitial.sections.selection
        tableView.simulateRowSelection(2)  // the user taps Bob, at [1, 0]
        book.contacts[2].name = "Al"  // his row moves to A, section B goes: still selected
        let selected = byInitial.sections.selectedIndexPaths  // [[0, 2]]
        // end snippet
        #expect(selection.element?.name == "Al")
        #expect(selected == [ListIndexPath(section: 0, row: 2)])
        #expect(tableView.selectedIndexPath == ListIndexPath(section: 0, row: 2))
        #expect(tableView.numberOfSections == 1)
        withExtendedLifetime(showContacts) {}
    }

    @Test func anArrayBoundToATable() throws {
        let list = RepositoryList()
        let tableView = TableView(visibleRowCount: 20)
        let bond = Repository(name: "Bond")
        list.repositories = [bond]
        // snippet: rows
        let rows = TableRows(tableView) { (cell, repository: Repository) in
            [
                try Binding(
                    source: Property(repository, \.name), destination: Property(cell, \.text), triggers: .standard
                )
                .updatingNow()
            ]
        }
        let showRepositories = try Binding(
            source: Property(list, \.repositories), destination: rows, triggers: .standard
        ).updatingNow()

        list.repositories.insert(Repository(name: "ReactiveKit"), at: 0)  // one row inserted at 0
        bond.name = "Bond 7"  // the cell of row 1 follows, through its own binding
        // end snippet
        #expect(tableView.visibleCells.map(\.text) == ["ReactiveKit", "Bond 7"])
        let recorder = TableViewRecorder(tableView)
        // snippet: recorder
        list.repositories.removeFirst()
        #expect(recorder.batches == [TableViewBatch(deletes: [0])])  // the deleted row's bindings ended
        // end snippet
        #expect(list.repositories.map(\.keyPathObservers.count) == [1])
        #expect(rows.rowBindings.count == 1)
        withExtendedLifetime(showRepositories) {}
    }

    @Test func announcedChanges() throws {
        struct Person: Identifiable, Equatable {
            let id: Int
            var name: String
        }
        let tableView = TableView(visibleRowCount: 20)
        let recorder = TableViewRecorder(tableView)
        // snippet: announced
        let people = ObservableArray([Person(id: 1, name: "Ann"), Person(id: 2, name: "Bob")])
        let rows = TableRows(tableView) { (cell, person: Person) in
            cell.text = person.name
            return []
        }
        let showPeople = try Binding(source: people, destination: rows, triggers: .standard).updatingNow()

        people.insert(Person(id: 3, name: "Cy"), at: 1)  // the table receives "insert [1]", no diff
        people[0].name = "Anne"  // "reload [0]"
        people.batch { batch in
            batch.remove(at: 2)
            batch.append(Person(id: 4, name: "Dee"))
        }  // one batch: "delete [2], insert [2]"
        // end snippet
        #expect(
            recorder.batches.suffix(3).map(\.description) == ["insert [1]", "reload [0]", "delete [2], insert [2]"])
        #expect(tableView.visibleCells.map(\.text) == ["Anne", "Cy", "Dee"])
        withExtendedLifetime(showPeople) {}
    }

    @Test func theArrayAsACollection() throws {
        struct Person: Identifiable, Equatable {
            let id: Int
            var name: String
        }
        let tableView = TableView(visibleRowCount: 20)
        // snippet: collection
        let people = ObservableArray([
            Person(id: 1, name: "Bob"), Person(id: 2, name: "Ann"), Person(id: 3, name: "Cy"),
        ])
        let names = people.mapped { $0.name }  // maps each name once
        var removed: [String] = []
        let observation = people.observeChanges { change in
            removed += change.removed.map(\.name)  // the elements of change.batch.deletes
        }
        let rows = TableRows(tableView, id: \.self) { (cell: TableViewCell, name: String) in
            cell.text = name
            return []
        }
        let showNames = try Binding(source: names, destination: rows, triggers: .standard).updatingNow()
        // end snippet
        let recorder = TableViewRecorder(tableView)
        // snippet: collection-changes
        people.sort { $0.name < $1.name }  // one batch, "move [1→0]": names maps nothing
        people.removeAll { $0.name.hasPrefix("C") }  // "delete [2]"; removed == ["Cy"]
        people.append(contentsOf: [Person(id: 4, name: "Dee"), Person(id: 5, name: "Eve")])  // maps two names
        people[0].name = "Ada"  // "reload [0]": maps one name; the table takes the batch, no diff
        for person in people where person.id > 2 { print(person.name) }  // Dee, Eve
        // end snippet
        #expect(
            recorder.batches.map(\.description) == ["move [1→0]", "delete [2]", "insert [2, 3]", "reload [0]"])
        #expect(removed == ["Cy"])
        #expect(names.elements == ["Ada", "Bob", "Dee", "Eve"])
        #expect(tableView.visibleCells.map(\.text) == ["Ada", "Bob", "Dee", "Eve"])
        #expect(people.first?.name == "Ada" && people.last?.name == "Eve")
        people.removeObservation(observation)
        withExtendedLifetime(showNames) {}
    }

    @Test func arrangedRows() throws {
        final class Person: KeyPathObservable, Identifiable, Equatable {
            let keyPathObservers = KeyPathObservers()
            let id: Int
            @Announced var name: String
            @Announced var age: Int
            init(id: Int, name: String, age: Int) {
                self.id = id
                self.name = name
                self.age = age
            }
            static func == (lhs: Person, rhs: Person) -> Bool { lhs === rhs }
        }
        let tableView = TableView(visibleRowCount: 20)
        let searchField = TextField()
        let bindings = BindingSet()
        // snippet: arranged
        let people = ObservableArray([
            Person(id: 1, name: "Bob", age: 40), Person(id: 2, name: "Ann", age: 30),
            Person(id: 3, name: "Cy", age: 20),
        ])
        let arranged = ArrangedArray(people, sortedBy: [KeyPathComparator(\.name)])
        let rows = TableRows(tableView) { (cell, person: Person) in
            [
                try Binding(source: Property(person, \.name), destination: Property(cell, \.text), triggers: .standard)
                    .updatingNow()
            ]
        }
        bindings.add(try Binding(source: arranged, destination: rows, triggers: .standard).updatingNow())
        bindings.add(
            try arranged.bindFilter(to: Property(searchField, \.text), triggers: .standard) { text, person in
                text.isEmpty || person.name.localizedStandardContains(text)
            })
        // end snippet
        let recorder = TableViewRecorder(tableView)
        #expect(tableView.visibleCells.map(\.text) == ["Ann", "Bob", "Cy"])
        // snippet: arranged-changes
        people.append(Person(id: 4, name: "Al", age: 50))  // "insert [0]": placed, nothing sorted again
        people[1].name = "Zoe"  // Ann's key changed: "move [1→3]", the one row
        searchField.simulateTyping("o")  // "delete [0, 2]": Al and Cy leave, one batch
        arranged.setSortOrder([KeyPathComparator(\.age)])  // "move [1→0]": Zoe (30) before Bob (40)
        // end snippet
        #expect(
            recorder.batches.map(\.description) == ["insert [0]", "move [1→3]", "delete [0, 2]", "move [1→0]"])
        #expect(tableView.visibleCells.map(\.text) == ["Zoe", "Bob"])
        #expect(arranged.elements.map(\.name) == ["Zoe", "Bob"])
        bindings.removeAll()
    }

    @Test func selectionAndMasterDetail() throws {
        final class Person: KeyPathObservable, Identifiable, Equatable {
            let keyPathObservers = KeyPathObservers()
            let id: Int
            @Announced var name: String
            @Announced var age: Int
            init(id: Int, name: String, age: Int) {
                self.id = id
                self.name = name
                self.age = age
            }
            static func == (lhs: Person, rhs: Person) -> Bool { lhs === rhs }
        }
        final class Screen: KeyPathObservable {
            let keyPathObservers = KeyPathObservers()
            var selectedIDs: [Int] = []
        }
        let tableView = TableView(visibleRowCount: 20)
        let nameField = TextField()
        let screen = Screen()
        let bindings = BindingSet()
        let people = ObservableArray([
            Person(id: 1, name: "Bob", age: 40), Person(id: 2, name: "Ann", age: 30),
            Person(id: 3, name: "Cy", age: 20),
        ])
        let arranged = ArrangedArray(people, sortedBy: [KeyPathComparator(\.name)])
        let rows = TableRows(tableView) { (cell, person: Person) in
            [
                try Binding(source: Property(person, \.name), destination: Property(cell, \.text), triggers: .standard)
                    .updatingNow()
            ]
        }
        bindings.add(try Binding(source: arranged, destination: rows, triggers: .standard).updatingNow())
        let recorder = TableViewRecorder(tableView)
        // snippet: selection
        tableView.allowsMultipleSelection = true
        let selection = rows.selection  // kept by id: Person.id
        bindings.add(
            try Binding(
                source: Property(selection, \.ids), destination: Property(screen, \.selectedIDs), triggers: .standard))
        // end snippet
        // snippet: selection-changes
        tableView.simulateRowSelection(0)  // the user's tap on Ann: ids [2]
        tableView.simulateRowSelection(2, extendingSelection: true)  // ⌘-click on Cy: ids [2, 3], rows [0, 2]
        people.append(Person(id: 4, name: "Abe", age: 60))  // "insert [0]": rows [1, 3], the same ids
        arranged.setSortOrder([KeyPathComparator(\.age)])  // Cy, Ann, Bob, Abe: rows [0, 1]
        people.removeAll { $0.name == "Cy" }  // Cy leaves: ids [2], rows [0]
        try selection.select([1])  // Bob, by code: rows [1], no event
        // end snippet
        #expect(screen.selectedIDs == [1])
        #expect(tableView.selectedRows == [1])
        #expect(recorder.batches.map(\.description).prefix(3) == ["insert [0]", "move [0→3, 3→0]", "delete [0]"])
        recorder.removeAll()
        // snippet: master-detail
        selection.rearranges(with: arranged)  // an edit moves its row when the sort key changed
        let detail = try SelectionDetail(selection, pendingEdits: .commit) { selected in
            try BindingForm(continuous: false) {
                try TwoWayBinding(
                    "name",
                    model: selected.value(\.name).placeholders(
                        whenMultipleValues: "Multiple values", whenNoSelection: "No selection"),
                    form: Property(nameField, \.text), triggers: .standard, validators: [.nonEmpty])
            }
        }
        // end snippet
        #expect(nameField.text == "Bob")
        // snippet: master-detail-changes
        arranged.setSortOrder([KeyPathComparator(\.name)])  // "move [2→0]": Abe, Ann, Bob (selected, row 2)
        tableView.simulateRowSelection(1)  // Ann: the name field shows "Ann"
        nameField.simulateTyping("Zoe")  // not continuous: an edit pending
        tableView.simulateRowSelection(0)  // committed first: "move [1→2]"; the form shows Abe
        tableView.simulateRowSelection(1, extendingSelection: true)  // Abe and Bob: "Multiple values"
        nameField.simulateTyping("Al")
        detail.commit()  // both named "Al", one edit: one batch, "move [0→1], reload [1]"
        tableView.simulateRowDeselection()  // "No selection"
        // end snippet
        #expect(recorder.batches.map(\.description) == ["move [2→0]", "move [1→2]", "move [0→1], reload [1]"])
        #expect(people.elements.map(\.name) == ["Al", "Zoe", "Al"])
        #expect(nameField.text == "No selection")
        detail.invalidate()
        bindings.removeAll()
    }

    @Test func rowLifetimes() throws {
        let inbox = Inbox()
        let tableView = TableView(visibleRowCount: 20)
        let failures = Locked<[BindingFailure]>()
        // snippet: row-lifetimes
        let screenBindings = BindingSet()
        let rows = TableRows(tableView) { [weak inbox] (cell, message: Message) in
            guard let inbox else { return [] }
            cell.text = message.title + (message.isSeen ? "" : " •")
            inbox.markSeen(message.id)  // changes the array: applied once the row is made
            let folder = try Binding(
                source: Property(inbox, \.folder), destination: Property(cell, \.detailText), triggers: .standard
            ).updatingNow()
            screenBindings.add(folder)  // and it leaves the set when its row ends
            return [folder]
        }
        screenBindings.add(
            try Binding(source: Property(inbox, \.messages), destination: rows, triggers: .standard).updatingNow())

        tableView.scroll(toRow: 40)  // rows 40..<60 show their message seen ("m40", no dot)
        let bound = screenBindings.count  // 21: the array's binding and the 20 rows' bindings
        // end snippet
        screenBindings.onError = { failures.append($0) }
        #expect(bound == 21)
        #expect(tableView.visibleCells.map(\.text) == (40..<60).map { "m\($0)" })
        #expect(inbox.messages.filter(\.isSeen).map(\.id) == Array(0..<20) + Array(40..<60))
        inbox.folder = "Archive"
        #expect(tableView.visibleCells.allSatisfy { $0.detailText == "Archive" })
        #expect(failures.value.isEmpty)
    }
}
