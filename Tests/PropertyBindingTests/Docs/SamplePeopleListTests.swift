import Foundation
import Testing

/// Section 6 of `swift run PersonForm`: the people list. Each step prints the batch the table
/// received and the names its rows show (Samples/PersonForm/PeopleList.swift).
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
        // people.members[2] = Member(id: Cid's id, name: "Cy"): the same id with other content.
        let edit = try #require(try Self.steps()["edit Cid"])
        #expect(edit == "a new Member, same id, named \"Cy\": reload [2] · rows: Dee, Bo, Cy")
    }

    @Test func addRemoveAndMoveSendOneBatchEachAndRenamingSendsNone() throws {
        let steps = try Self.steps()
        #expect(steps["add Dee"] == "insert [3] · rows: Ann, Bea, Cid, Dee")
        #expect(steps["remove Ann"] == "delete [0] · rows: Bea, Cid, Dee")
        #expect(steps["move Dee to the top"] == "move [2→0] · rows: Dee, Bea, Cid")
        // The row's own binding writes the cell: the table receives no batch.
        #expect(steps["rename Bea \"Bo\""] == "no batch, her row's own binding writes its cell · rows: Dee, Bo, Cid")
    }

    @Test func theSelectionFollowsItsMemberAndTheDetailFormEditsIt() throws {
        let steps = try Self.steps()
        #expect(
            steps["turn the sort by name on"]
                == "her selection follows her: move [0→2] · rows: Bo, Cy, Dee · selected [0]: Bo · detail \"Bo\"")
        #expect(
            steps["type \"Zoe\" into the detail's name field"]
                == "her row moves: move [0→2] · rows: Cy, Dee, Zoe · selected [2]: Zoe · detail \"Zoe\"")
        #expect(
            steps["⌘-click Dee"]
                == "two selected, their names differ: no batch · rows: Dee, Zoe · selected [0, 1]: Zoe, Dee · detail \"Multiple values\""
        )
        #expect(steps["deselect"]?.hasSuffix("selected []: none · detail \"No selection\"") == true)
    }

    @Test func teardownLeavesNoObserverOnTheListOrOnAnyMemberEvenTheReplacedOne() throws {
        let (_, output) = try PersonFormProcess.run()
        #expect(output.contains("> tear down: 0 key-path observers, 0 control actions, 0 delegate proxies left\n"))
    }
}
