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
}

/// The people list's model: the members, announced by key path.
final class People: KeyPathObservable {
    let keyPathObservers = KeyPathObservers()
    @Announced var members: [Member] = []
}

/// The people list: a table that shows the members through `TableRows`, each visible row's cell
/// bound to its member's name by a binding of the row's own, labelled `member <id>`.
final class PeopleList {
    let people = People()
    let table = TableView(visibleRowCount: 10)
    /// Every member ever listed, removed ones too, so that teardown can count their observers.
    private(set) var everyMember: [Member] = []
    /// The list's binding: `people.members` → the rows.
    private let bindings = BindingSet()
    /// The table's data source (the table holds it weakly). Released at teardown, and with it the
    /// rows' bindings, which stop observing the members.
    private var rows: TableRows<Member, Int, TableViewCell>?

    init(names: [String]) throws {
        let rows = TableRows(table, id: \Member.id, cell: TableViewCell.self) { cell, member in
            let showName = try Property(member, \.name).bind(to: Property(cell, \.text))
            showName.label = PeopleList.label(of: member)
            return [showName]
        }
        self.rows = rows
        for name in names { add(name) }
        let showMembers = try Property(people, \.members).bind(to: rows)
        showMembers.label = "members"
        bindings.add(showMembers)
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

    /// The names the table's visible cells show, in row order.
    var shown: String { table.visibleCells.map(\.text).joined(separator: ", ") }

    /// The list's binding, then the visible rows' bindings in row order: what `--graph` draws.
    var allBindings: [AnyBinding] {
        let rowBindings = rows?.rowBindings ?? []
        return bindings.bindings
            + people.members.flatMap { member in rowBindings.filter { $0.label == Self.label(of: member) } }
    }

    /// Ends the list's binding and releases the rows, which ends the bindings of the rows.
    func tearDown() {
        bindings.removeAll()
        rows = nil
    }

    /// The key-path observers the model and every member still have.
    var observerCount: Int {
        people.keyPathObservers.count + everyMember.map(\.keyPathObservers.count).reduce(0, +)
    }
}

/// Section 6 of the scripted session: the people list, a member added, removed, moved, renamed,
/// and replaced by an edited copy.
enum PeopleTour {
    static func run() throws -> PeopleList {
        let list = try PeopleList(names: ["Ann", "Bea", "Cid"])
        var batches: [String] = []
        list.table.onBatch = { batch in batches.append(batch.description) }
        func step(_ title: String, noBatch: String = "no batch", _ action: () -> Void) {
            batches = []
            action()
            let batch = batches.isEmpty ? noBatch : batches.joined(separator: "; ")
            print("> \(title): \(batch) · rows: \(list.shown)")
        }

        print("== 6. A people list: a TableView shows people.members through TableRows, a cell bound to each name")
        step("add Dee") { list.add("Dee") }
        step("remove Ann") { list.people.members.remove(at: 0) }
        step("move Dee to the top") {
            let members = list.people.members
            list.people.members = [members[2], members[0], members[1]]
        }
        step("rename Bea \"Bo\"", noBatch: "no batch, her row's own binding writes its cell") {
            list.people.members[1].name = "Bo"
        }
        step("edit Cid: a new Member, same id, named \"Cy\"") { list.edit(at: 2, name: "Cy") }
        return list
    }
}
