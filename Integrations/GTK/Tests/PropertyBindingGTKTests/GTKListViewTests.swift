import CGTK
import PropertyBinding
import PropertyBindingGTK
import XCTest

/// A member of a list: an id, and a name its row follows.
final class Member: KeyPathObservable, Equatable, @unchecked Sendable {
    let keyPathObservers = KeyPathObservers()
    let id: Int
    @Announced var name: String

    init(id: Int, name: String) {
        self.id = id
        self.name = name
    }

    static func == (lhs: Member, rhs: Member) -> Bool { lhs === rhs }
}

final class People: KeyPathObservable, @unchecked Sendable {
    let keyPathObservers = KeyPathObservers()
    @Announced var members: [Member] = []
}

final class GTKListViewTests: GTKTestCase {

    private func makeList(_ names: [String]) throws -> (
        GTKListView, People, TableRows<Member, Int, GTKLabelCell>, AnyBinding
    ) {
        let list = add(GTKListView())
        gtk_widget_set_size_request(list.widget!, 200, 400)
        gtk_widget_set_vexpand(list.widget!, 1)
        present()
        let people = People()
        people.members = names.enumerated().map { Member(id: $0.offset, name: $0.element) }
        let rows = TableRows(list, id: \Member.id, cell: GTKLabelCell.self) { cell, member in
            [
                try Binding(
                    source: Property(member, \.name), destination: Property(cell.label, \.text), triggers: .standard
                )
                .updatingNow()
            ]
        }
        let showMembers = try Binding(source: Property(people, \.members), destination: rows, triggers: .standard)
            .updatingNow()
        return (list, people, rows, showMembers)
    }

    func testTheListFollowsInsertsDeletesMovesAndReloads() throws {
        let (list, people, rows, showMembers) = try makeList(["Ann", "Bea", "Cid"])
        XCTAssertEqual(shownTexts(of: list), ["Ann", "Bea", "Cid"])
        XCTAssertEqual(rows.rowBindings.count, 3)
        let ann = people.members[0]

        people.members.append(Member(id: 3, name: "Dee"))
        XCTAssertEqual(shownTexts(of: list), ["Ann", "Bea", "Cid", "Dee"], "insert")
        people.members.remove(at: 0)
        XCTAssertEqual(shownTexts(of: list), ["Bea", "Cid", "Dee"], "delete")
        XCTAssertEqual(ann.keyPathObservers.count, 0, "the deleted row's binding ended with it")
        let members = people.members
        people.members = [members[2], members[0], members[1]]
        XCTAssertEqual(shownTexts(of: list), ["Dee", "Bea", "Cid"], "move")
        people.members[1].name = "Bo"
        XCTAssertEqual(shownTexts(of: list), ["Dee", "Bo", "Cid"], "the row's own binding")
        let cid = people.members[2]
        people.members[2] = Member(id: cid.id, name: "Cy")
        XCTAssertEqual(shownTexts(of: list), ["Dee", "Bo", "Cy"], "reload")
        XCTAssertEqual(cid.keyPathObservers.count, 0, "the reloaded row's old binding ended")
        XCTAssertEqual(rows.rowBindings.count, 3)
        XCTAssertEqual(list.boundCellCount, 3)
        XCTAssertEqual(list.rowCount, 3)
        withExtendedLifetime(showMembers) {}
    }

    func testOnlyTheRowsGTKShowsAreBound() throws {
        let (list, people, rows, showMembers) = try makeList((0..<1_000).map { "Member \($0)" })
        XCTAssertEqual(list.rowCount, 1_000)
        XCTAssertEqual(shownTexts(of: list).first, "Member 0")
        XCTAssertGreaterThan(rows.rowBindings.count, 0)
        XCTAssertLessThan(rows.rowBindings.count, 1_000, "GTK makes widgets for the rows it shows, and a few more")
        XCTAssertEqual(people.members.filter { $0.keyPathObservers.count > 0 }.count, rows.rowBindings.count)
        withExtendedLifetime(showMembers) {}
    }

    func testRowsOfACellClassTheListCannotMakeAreReported() throws {
        final class NotACell {
            var text = ""
        }
        let list = add(GTKListView())
        gtk_widget_set_size_request(list.widget!, 200, 400)
        present()
        let rows = TableRows(list, id: \Member.id, cell: NotACell.self) { _, _ in [] }
        try rows.write([Member(id: 1, name: "Ann")])
        GTKMainLoop.runUntilIdle()
        let error = try XCTUnwrap(rows.lastRowError?.error as? TableRowsError)
        XCTAssertEqual(error, .cellOfWrongType(expected: "NotACell", actual: "GTKLabelCell"))
        XCTAssertTrue(rows.rowBindings.isEmpty)
    }

    func testAnInconsistentBatchIsRefused() throws {
        let (list, _, _, showMembers) = try makeList(["Ann"])
        XCTAssertThrowsError(try list.performRowBatch(ListChanges(deletes: [4])))
        XCTAssertEqual(shownTexts(of: list), ["Ann"])
        withExtendedLifetime(showMembers) {}
    }

    func testDestroyingTheListEndsEveryRowBinding() throws {
        var everyone: [Member] = []
        var rows: TableRows<Member, Int, GTKLabelCell>?
        var showMembers: AnyBinding?
        try {
            let (list, people, madeRows, binding) = try makeList(["Ann", "Bea", "Cid"])
            XCTAssertEqual(shownTexts(of: list), ["Ann", "Bea", "Cid"])
            everyone = people.members
            rows = madeRows
            showMembers = binding
        }()
        XCTAssertEqual(rows?.rowBindings.count, 3)
        destroyWindow()
        XCTAssertEqual(finalized.alive, 0)
        XCTAssertEqual(rows?.rowBindings.count, 0)
        XCTAssertEqual(everyone.map(\.keyPathObservers.count), [0, 0, 0])
        XCTAssertThrowsError(try rows?.read(), "the list is gone")
        withExtendedLifetime(showMembers) {}
    }
}

extension UnsafeMutablePointer where Pointee == GtkWidget {
    var isLabel: Bool {
        g_type_check_instance_is_a(
            UnsafeMutableRawPointer(self).assumingMemoryBound(to: GTypeInstance.self), gtk_label_get_type()) != 0
    }
}
