import Foundation
import Testing

/// Section 6 of `swift run PersonForm`: the people list in sections by first letter. Each step
/// prints the batch the table received and the sections and names its rows show
/// (Samples/PersonForm/PeopleList.swift).
@Suite struct SamplePeopleListTests {
    /// The steps of section 6, by title: what follows the title's colon and space.
    private static func steps() throws -> [String: String] {
        let (status, output) = try PersonFormProcess.run()
        #expect(status == 0)
        let lines = output.split(separator: "\n").map(String.init)
        let section = try #require(lines.firstIndex { $0.hasPrefix("== 6. A people list") })
        var steps: [String: String] = [:]
        for line in lines[(section + 1)...].prefix(while: { $0.hasPrefix("> ") }) {
            let title = String(line.dropFirst(2).prefix { $0 != ":" })
            steps[title] = String(line.dropFirst(2 + title.count + 2))
        }
        return steps
    }

    @Test func editingOnePersonReloadsExactlyThatRowWhichShowsTheNewName() throws {
        // people.members[1] = Member(id: Cid's id, name: "Cy"): the same id with other content.
        let edit = try #require(try Self.steps()["edit Cid"])
        #expect(edit == "a new Member, same id, named \"Cy\": reloads [[1, 0]] · B: Bo, Ben | C: Cy | D: Dee")
    }

    @Test func theMembersShowInSectionsByFirstLetterOneBatchEachAndRenamingSendsNone() throws {
        let steps = try Self.steps()
        #expect(steps["add Dee"] == "a section of her own: sections (inserts [3]) · A: Ann | B: Bea | C: Cid | D: Dee")
        #expect(steps["remove Ann"] == "her section goes too: sections (deletes [0]) · B: Bea | C: Cid | D: Dee")
        #expect(steps["add Ben"] == "his row joins section B: inserts [[0, 1]] · B: Bea, Ben | C: Cid | D: Dee")
        // The row's own binding writes the cell: the table receives no batch.
        #expect(
            steps["rename Bea \"Bo\""]
                == "no batch, her row's own binding writes its cell · B: Bo, Ben | C: Cid | D: Dee")
    }

    @Test func theSelectionFollowsItsMemberAcrossSectionsAndTheDetailFormEditsIt() throws {
        let steps = try Self.steps()
        #expect(
            steps["turn the sort by name on"]
                == "her selection follows her: moves [[0, 1]→[0, 0]] · B: Ben, Bo | C: Cy | D: Dee"
                + " · selected [[0, 1]]: Bo · detail \"Bo\"")
        #expect(
            steps["type \"Zoe\" into the detail's name field"]
                == "she moves to section Z: sections (inserts [3]), deletes [[0, 1]] · B: Ben | C: Cy | D: Dee | Z: Zoe"
                + " · selected [[3, 0]]: Zoe · detail \"Zoe\"")
        #expect(
            steps["⌘-click Dee"]
                == "two selected, their names differ: no batch · B: Ben | D: Dee | Z: Zoe"
                + " · selected [[1, 0], [2, 0]]: Zoe, Dee · detail \"Multiple values\"")
        #expect(
            steps["type \"Eve\" into the detail's name field"]?.hasSuffix(
                "B: Ben | E: Eve, Eve · selected [[1, 0], [1, 1]]: Eve, Eve · detail \"Eve\"") == true)
        #expect(steps["deselect"]?.hasSuffix("selected []: none · detail \"No selection\"") == true)
    }

    @Test func teardownLeavesNoObserverOnTheListOrOnAnyMemberEvenTheReplacedOne() throws {
        let (_, output) = try PersonFormProcess.run()
        #expect(output.contains("> tear down: 0 key-path observers, 0 control actions, 0 delegate proxies left\n"))
    }
}
