import Foundation
import Testing

// `swift run PersonForm --graph` prints the graph that Docs/binding-graph.dot holds, and from which
// the README's picture, Docs/binding-graph.svg, is drawn:
//   swift run PersonForm --graph > Docs/binding-graph.dot && dot -Tsvg Docs/binding-graph.dot > Docs/binding-graph.svg
@Suite struct SampleGraphTests {
    private static let root = PersonFormProcess.root

    private static func storedDOT() throws -> String {
        try String(contentsOf: root.appendingPathComponent("Docs/binding-graph.dot"), encoding: .utf8)
    }

    @Test func graphPrintsTheStoredDOT() throws {
        let (status, printed) = try PersonFormProcess.run(["--graph"])
        #expect(status == 0)
        #expect(printed == (try Self.storedDOT()))
    }

    /// The edges of `dot` by the labels of their ends: `\Person.name -> \TextField.text [name]`.
    private static func edges(in dot: String) -> Set<String> {
        var labels: [Substring: String] = [:]
        var edges: Set<String> = []
        for line in dot.split(separator: "\n") {
            if let node = line.firstMatch(of: /^ *(n\d+) \[label="(.*)"\];$/) {
                labels[node.1] = node.2.replacingOccurrences(of: "\\\\", with: "\\")
            } else if let edge = line.firstMatch(of: /^ *(n\d+) -> (n\d+)\s/) {
                edges.insert("\(labels[edge.1] ?? "?") -> \(labels[edge.2] ?? "?")")
            }
        }
        return edges
    }

    @Test func theGraphShowsTheFormAndThePeopleList() throws {
        let edges = Self.edges(in: try Self.storedDOT())
        for field in ["name", "age", "email"] {
            #expect(edges.contains("\\Person.\(field) -> \\TextField.text [\(field)]"))
            #expect(edges.contains("\\TextField.text [\(field)] -> \\Person.\(field)"))
        }
        // The list's bindings, through the arranged array, and one binding per visible row: the
        // member's name → its cell.
        #expect(edges.contains("\\People.members -> Setter(ArrangedArray<Member, Int>)"))
        #expect(edges.contains("Setter(ArrangedArray<Member, Int>) -> GroupedTableSections<Member>"))
        for id in 0..<3 {
            #expect(edges.contains("\\Member.name [member \(id)] -> \\TableViewCell.text [member \(id)]"))
        }
        #expect(edges.count == 6 + 2 + 3)
    }

    @Test func theSeeingWhatIsBoundArticleShowsTheStoredDOT() throws {
        let article = try String(
            contentsOf: Self.root.appendingPathComponent(
                "Sources/PropertyBinding/PropertyBinding.docc/SeeingWhatIsBound.md"),
            encoding: .utf8)
        #expect(
            article.contains("```\n" + (try Self.storedDOT()) + "```\n"), "the article's block is what `--graph` prints"
        )
    }

    @Test func theReadmeShowsTheRenderedGraph() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("](Docs/binding-graph.svg)"))
        let svg = try String(contentsOf: Self.root.appendingPathComponent("Docs/binding-graph.svg"), encoding: .utf8)
        // Drawn from the stored DOT: every field's arrows are in the picture, and the people list's.
        for field in ["name", "age", "email"] { #expect(svg.contains("\(field) · form → model")) }
        #expect(svg.contains("\\People.members") && svg.contains("GroupedTableSections&lt;Member&gt;"))
        for id in 0..<3 { #expect(svg.contains("\\TableViewCell.text [member \(id)]")) }
    }
}
