import CGTK
import PropertyBinding
import PropertyBindingGTK
import XCTest

/// Random edits of the array a `GTKListView` shows (inserts, deletes, moves, replacements,
/// renames, several at once), checked after each against the array itself: the rows GTK shows,
/// the bindings alive, and no binding left on an element that left the list.
final class GTKListRandomTests: GTKTestCase {

    func testRandomEditsAgainstTheArray() throws {
        let list = add(GTKListView())
        gtk_widget_set_size_request(list.widget!, 200, 900)  // every row shown: at most 12 of them
        present()
        let people = People()
        var nextID = 0
        func member() -> Member {
            defer { nextID += 1 }
            return Member(id: nextID, name: "m\(nextID)")
        }
        people.members = (0..<5).map { _ in member() }
        let rows = TableRows(list, id: \Member.id, cell: GTKLabelCell.self) { cell, member in
            [
                try Binding(
                    source: Property(member, \.name), destination: Property(cell.label, \.text), triggers: .standard
                ).updatingNow()
            ]
        }
        let showMembers = try Binding(source: Property(people, \.members), destination: rows, triggers: .standard)
            .updatingNow()
        var random = SeededGenerator(seed: 34)
        var everyoneEver = people.members
        for step in 0..<300 {
            var members = people.members
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                switch Int.random(in: 0..<6, using: &random) {
                case 0 where members.count < 12:
                    let new = member()
                    everyoneEver.append(new)
                    members.insert(new, at: Int.random(in: 0...members.count, using: &random))
                case 1 where !members.isEmpty:
                    members.remove(at: Int.random(in: 0..<members.count, using: &random))
                case 2 where members.count > 1:
                    let moved = members.remove(at: Int.random(in: 0..<members.count, using: &random))
                    members.insert(moved, at: Int.random(in: 0...members.count, using: &random))
                case 3 where !members.isEmpty:
                    // Same id, a new element: the row is reloaded.
                    let index = Int.random(in: 0..<members.count, using: &random)
                    let replacement = Member(id: members[index].id, name: members[index].name + "'")
                    everyoneEver.append(replacement)
                    members[index] = replacement
                case 4:
                    members.shuffle(using: &random)
                default:
                    if let renamed = members.randomElement(using: &random) { renamed.name += "+" }
                }
            }
            people.members = members
            let names = people.members.map(\.name)
            XCTAssertEqual(shownTexts(of: list), names, "step \(step)")
            XCTAssertEqual(list.rowCount, names.count, "step \(step)")
            XCTAssertEqual(rows.rowBindings.count, names.count, "step \(step)")
            let inList = Set(people.members.map { ObjectIdentifier($0) })
            let leftOver = everyoneEver.filter {
                !inList.contains(ObjectIdentifier($0)) && $0.keyPathObservers.count > 0
            }
            XCTAssertEqual(leftOver.map(\.name), [], "step \(step): bindings of rows that left the list")
            if shownTexts(of: list) != names { break }
        }
        withExtendedLifetime(showMembers) {}
    }
}

/// A deterministic generator (SplitMix64), so that a failing sequence can be replayed.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
