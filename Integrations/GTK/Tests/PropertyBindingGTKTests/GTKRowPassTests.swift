import CGTK
import PropertyBinding
import XCTest

@testable import PropertyBindingGTK

/// GTK binds a list's cells inside its layout, where the store must not be spliced: a row whose
/// `bind` closure changes other rows reaches the list once GTK is done making rows.
final class GTKRowPassTests: GTKTestCase {
    func testABindClosureThatChangesOtherRowsReachesTheListAfterGTKMadeItsRows() throws {
        let list = add(GTKListView())
        gtk_widget_set_size_request(list.widget!, 200, 400)
        gtk_widget_set_vexpand(list.widget!, 1)
        present()
        let people = People()
        people.members = ["Ann", "Bea", "Cid"].enumerated().map { Member(id: $0.offset, name: $0.element) }
        var marksAsSeen = false
        var rowsMadeWhileRemoving: Int?
        let rows = TableRows(list, id: \Member.id, cell: GTKLabelCell.self) { cell, member in
            if marksAsSeen, member.name == "Ann", people.members.count == 3 {
                // Showing Ann takes Cid off the list: another row, changed while GTK makes rows.
                rowsMadeWhileRemoving = list.rowCount
                people.members.removeLast()
            }
            return [
                try Binding(
                    source: Property(member, \.name), destination: Property(cell.label, \.text), triggers: .standard
                )
                .updatingNow()
            ]
        }
        let showMembers = try Binding(source: Property(people, \.members), destination: rows, triggers: .standard)
            .updatingNow()
        GTKMainLoop.runUntilIdle()
        XCTAssertEqual(rows.rowBindings.count, 3)

        marksAsSeen = true
        list.reloadRows()  // every item anew: GTK binds the rows again at its next layout
        GTKMainLoop.runUntilIdle()
        XCTAssertEqual(rowsMadeWhileRemoving, 3, "Ann was bound again inside GTK's layout")
        XCTAssertEqual(list.batchesWhileMakingRows, 0, "no splice while GTK made rows")
        XCTAssertEqual(list.rowCount, 2)
        XCTAssertEqual(try rows.read().map(\.name), ["Ann", "Bea"])
        XCTAssertEqual(rows.rowBindings.count, 2)
        XCTAssertEqual(list.boundCellCount, 2)
        withExtendedLifetime(showMembers) {}
    }
}
