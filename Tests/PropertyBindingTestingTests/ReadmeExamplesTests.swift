import Foundation
import Testing

// The README's "Testing your bindings" section quotes the two example files verbatim; this keeps
// the quotes and the compiled examples from drifting apart.

@Suite struct ReadmeExamplesTests {
    private static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    private static let readme = directory.appendingPathComponent("../../README.md").standardized

    @Test(arguments: ["ReadmeSwiftTestingExample.swift", "ReadmeXCTestExample.swift"])
    func theReadmeQuotesTheExampleVerbatim(_ file: String) throws {
        let example = try String(contentsOf: Self.directory.appendingPathComponent(file), encoding: .utf8)
        let readme = try String(contentsOf: Self.readme, encoding: .utf8)
        let testing = try #require(readme.range(of: "<!-- section:testing -->"))
        let section = readme[testing.upperBound...]
        #expect(section.contains("```swift\n" + example.trimmingCharacters(in: .newlines) + "\n```"))
    }
}
