import Foundation
import Testing

// `swift run PersonForm --graph` prints the graph that Docs/binding-graph.dot holds, and from which
// the README's picture, Docs/binding-graph.svg, is drawn:
//   swift run PersonForm --graph > Docs/binding-graph.dot && dot -Tsvg Docs/binding-graph.dot > Docs/binding-graph.svg
@Suite struct SampleGraphTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../..").standardized

    /// The sample's executable, built next to this test's own (`swift test` builds every target).
    private static func personForm() throws -> URL {
        let candidates = [Bundle.main.bundleURL, URL(fileURLWithPath: CommandLine.arguments[0])].flatMap { url in
            sequence(first: url.resolvingSymlinksInPath()) {
                $0.pathComponents.count > 2 ? $0.deletingLastPathComponent() : nil
            }
            .prefix(4).map { $0.appendingPathComponent("PersonForm") }
        }
        return try #require(
            candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) },
            "PersonForm is not built next to the tests: run `swift build --build-tests` first")
    }

    @Test func graphPrintsTheStoredDOT() throws {
        let process = Process()
        process.executableURL = try Self.personForm()
        process.arguments = ["--graph"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let expected = try Data(contentsOf: Self.root.appendingPathComponent("Docs/binding-graph.dot"))
        #expect(String(decoding: printed, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
    }

    @Test func theSeeingWhatIsBoundArticleShowsTheStoredDOT() throws {
        let article = try String(
            contentsOf: Self.root.appendingPathComponent(
                "Sources/PropertyBinding/PropertyBinding.docc/SeeingWhatIsBound.md"),
            encoding: .utf8)
        let dot = try String(contentsOf: Self.root.appendingPathComponent("Docs/binding-graph.dot"), encoding: .utf8)
        #expect(article.contains("```\n" + dot + "```\n"), "the article's block is what `--graph` prints")
    }

    @Test func theReadmeShowsTheRenderedGraph() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("](Docs/binding-graph.svg)"))
        let svg = try String(contentsOf: Self.root.appendingPathComponent("Docs/binding-graph.svg"), encoding: .utf8)
        // Drawn from the stored DOT: every field's arrows are in the picture.
        for field in ["name", "age", "email"] { #expect(svg.contains("\(field) · form → model")) }
    }
}
