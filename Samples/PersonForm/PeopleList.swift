import Foundation
import PropertyBinding
import PropertyBindingControls

/// A member of the people list: an id that tells rows apart, and a name its row's cell follows.
///
/// Equal only to itself: a renamed member is the same element, so the list's binding sends no
/// batch, and the member's row follows the name through its own binding.
final class Member: KeyPathObservable, Equatable {
    let keyPathObservers = KeyPathObservers()
    let id: Int
    @Announced var name: String

    init(id: Int, name: String) {
        self.id = id
        self.name = name
    }

    static func == (lhs: Member, rhs: Member) -> Bool { lhs === rhs }

    /// The first letter of the name: the member's section.
    var initial: String { String(name.prefix(1)) }
}

/// The people list's model: the members, announced by key path.
final class People: KeyPathObservable {
    let keyPathObservers = KeyPathObservers()
    @Announced var members: [Member] = []
}

/// The people list: a table that shows the members through an `ArrangedArray` (a search field's
/// filter, a sort toggle) in sections by first letter (`TableSections` grouped by `initial`), each
/// visible row's cell bound to its member's name by a binding of the row's own, labelled
/// `member <id>`; the sections' selection, and a detail form that edits the selected members.
final class PeopleList {
    let people = People()
    let table = TableView(visibleRowCount: 10)
    let searchField = TextField()
    let sortByName = Switch()
    /// The detail form's one field.
    let nameField = TextField()
    /// Every member ever listed, removed ones too, so that teardown can count their observers.
    private(set) var everyMember: [Member] = []
    /// The list's bindings: `people.members` → the arranged members → the rows.
    private let bindings = BindingSet()
    /// The search field's and the sort toggle's bindings.
    private let controls = BindingSet()
    /// The members filtered and sorted: what the rows show.
    private var arranged: ArrangedArray<Member, Int>?
    /// The table's data source, the members grouped by initial (the table holds it weakly).
    /// Released at teardown, and with it the rows' bindings, which stop observing the members.
    private var byInitial: GroupedTableSections<String, Member, Int, TableViewCell>?
    /// The detail form, bound again to the members selected each time the selection changes.
    private var detail: SelectionDetail<Member, Int>?

    init(names: [String]) throws {
        let byInitial = TableSections(table, id: \Member.id, cell: TableViewCell.self) { cell, member in
            let showName = try Property(member, \.name).bind(to: Property(cell, \.text))
            showName.label = PeopleList.label(of: member)
            return [showName]
        }.grouped(by: \.initial)
        self.byInitial = byInitial
        let selection = byInitial.sections.selection
        table.allowsMultipleSelection = true
        let arranged = ArrangedArray<Member, Int>(id: \.id)
        self.arranged = arranged
        for name in names { add(name) }
        let showMembers = try Property(people, \.members).bind(to: arranged.content)
        showMembers.label = "members"
        bindings.add(showMembers)
        let showArranged = try Binding(source: arranged, destination: byInitial, triggers: .standard).updatingNow()
        showArranged.label = "arranged"
        bindings.add(showArranged)
        // The search field filters the list: one statement.
        controls.add(
            try arranged.bindFilter(to: Property(searchField, \.text), triggers: .standard) { text, member in
                text.isEmpty || member.name.localizedStandardContains(text)
            })
        let sort = Setter(arranged) { arranged, byName in
            arranged.setSortOrder(byName ? [KeyPathComparator(\Member.name)] : [])
        }
        controls.add(try Binding(source: Property(sortByName, \.isOn), destination: sort, triggers: .standard))
        // An edit of the selected member reloads her row, or moves it when the sort or her
        // initial changed.
        selection.rearranges(with: arranged)
        let nameField = nameField
        detail = try SelectionDetail(selection, pendingEdits: .commit) { selected in
            try BindingForm {
                try TwoWayBinding(
                    "name",
                    model: selected.value(\.name).placeholders(
                        whenMultipleValues: "Multiple values", whenNoSelection: "No selection"),
                    form: Property(nameField, \.text), triggers: .standard, validators: [.nonEmpty])
            }
        }
    }

    /// The label of the binding of a row showing `member`.
    static func label(of member: Member) -> String { "member \(member.id)" }

    /// Appends a member named `name`.
    func add(_ name: String) {
        let member = Member(id: everyMember.count, name: name)
        everyMember.append(member)
        people.members.append(member)
    }

    /// Replaces the member at `index` with an edited copy: a new `Member` with the same id, named
    /// `name`. The list's binding finds the same id with other content and reloads that one row.
    func edit(at index: Int, name: String) {
        let edited = Member(id: people.members[index].id, name: name)
        everyMember.append(edited)
        people.members[index] = edited
    }

    /// The sections and the names their visible cells show: `A: Ann | B: Bea, Bo`.
    var shown: String {
        let ids = (try? byInitial?.sections.read().map(\.id)) ?? []
        var sections: [(id: String, names: [String])] = []
        for path in table.indexPathsForVisibleRows {
            let name = table.cellForRow(at: path)?.text ?? ""
            if sections.last?.id == ids[path.section] {
                sections[sections.count - 1].names.append(name)
            } else {
                sections.append((ids[path.section], [name]))
            }
        }
        return sections.map { "\($0.id): \($0.names.joined(separator: ", "))" }.joined(separator: " | ")
    }

    /// The index paths and names of the selected members, and what the detail form shows.
    var selection: String {
        let names = byInitial?.sections.selection.elements.map(\.name) ?? []
        let selected = names.isEmpty ? "none" : names.joined(separator: ", ")
        let paths = byInitial?.sections.selectedIndexPaths.map(\.description).joined(separator: ", ") ?? ""
        return "selected [\(paths)]: \(selected) · detail \(quoted(nameField.text))"
    }

    /// The list's bindings, then the visible rows' bindings in row order: what `--graph` draws.
    var allBindings: [AnyBinding] {
        let rowBindings = byInitial?.sections.rowBindings ?? []
        return bindings.bindings
            + people.members.flatMap { member in rowBindings.filter { $0.label == Self.label(of: member) } }
    }

    /// Ends the list's bindings and the detail form, and releases the rows, which ends the
    /// bindings of the rows.
    func tearDown() {
        detail?.invalidate()
        detail = nil
        controls.removeAll()
        bindings.removeAll()
        byInitial = nil
        arranged = nil
    }

    /// The key-path observers the model and every member still have.
    var observerCount: Int {
        people.keyPathObservers.count + everyMember.map(\.keyPathObservers.count).reduce(0, +)
    }
}

/// Section 6 of the scripted session: the people list in sections by first letter, a member added,
/// removed, renamed, and replaced by an edited copy; then sorted, selected, edited in its detail
/// form (to another initial, another section), searched, and selected again.
enum PeopleTour {
    static func run() throws -> PeopleList {
        let list = try PeopleList(names: ["Ann", "Bea", "Cid"])
        var batches: [String] = []
        list.table.onSectionBatch = { batch in batches.append(batch.description) }
        func step(_ title: String, noBatch: String = "no batch", selection: Bool = false, _ action: () -> Void) {
            batches = []
            action()
            let batch = batches.isEmpty ? noBatch : batches.joined(separator: "; ")
            print("> \(title): \(batch) · \(list.shown)" + (selection ? " · " + list.selection : ""))
        }

        print(
            "== 6. A people list: people.members through an ArrangedArray (search field, sort toggle) to"
                + " TableSections grouped by first letter, a cell bound to each name; a selection kept by id,"
                + " and a detail form")
        step("add Dee: a section of her own") { list.add("Dee") }
        step("remove Ann: her section goes too") { list.people.members.remove(at: 0) }
        step("add Ben: his row joins section B") { list.add("Ben") }
        step("rename Bea \"Bo\"", noBatch: "no batch, her row's own binding writes its cell") {
            list.people.members[0].name = "Bo"
        }
        step("edit Cid: a new Member, same id, named \"Cy\"") { list.edit(at: 1, name: "Cy") }
        step("tap Bo's row: the detail form edits her", selection: true) { list.table.simulateRowSelection(0) }
        step("turn the sort by name on: her selection follows her", selection: true) {
            list.sortByName.simulateToggle()
        }
        step("type \"Zoe\" into the detail's name field: she moves to section Z", selection: true) {
            list.nameField.simulateTyping("Zoe")
        }
        step("type \"e\" into the search field", selection: true) { list.searchField.simulateTyping("e") }
        step("⌘-click Dee: two selected, their names differ", selection: true) {
            list.table.simulateRowSelection(1, extendingSelection: true)
        }
        step("type \"Eve\" into the detail's name field: both renamed, both in section E", selection: true) {
            list.nameField.simulateTyping("Eve")
        }
        step("clear the search field", selection: true) { list.searchField.simulateTyping("") }
        step("tap Cy's row", selection: true) { list.table.simulateRowSelection(1) }
        step("deselect: the detail shows its placeholder", selection: true) { list.table.simulateRowDeselection() }
        return list
    }
}
