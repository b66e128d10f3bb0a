import Foundation
import Testing

// The README is an index a newcomer reads in five minutes: short, in sections others can slot
// lines into, with links that lead somewhere and a quick start that is the test that runs it.
@Suite struct ReadmeTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../..").standardized

    private static func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func theReadmeIsAtMost300Lines() throws {
        let lines = try Self.read("README.md").split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count <= 300)
    }

    @Test(arguments: [
        "quick-start", "sample-output", "toolkits", "data-path", "architecture", "graph", "comparison", "performance",
        "docs",
    ])
    func eachSectionIsMarkedOnce(_ name: String) throws {
        let readme = try Self.read("README.md")
        #expect(readme.components(separatedBy: "<!-- section:\(name) -->\n").count == 2)
        #expect(readme.components(separatedBy: "<!-- /section:\(name) -->\n").count == 2)
    }

    /// The Architecture section's picture names every folder of the library, and only those.
    @Test func theArchitecturePictureIsTheRealFolders() throws {
        let readme = try Self.read("README.md")
        let section = try #require(readme.range(of: "<!-- section:architecture -->"))
        let start = try #require(readme.range(of: "```\n", range: section.upperBound..<readme.endIndex))
        let end = try #require(readme.range(of: "\n```", range: start.upperBound..<readme.endIndex))
        let drawn = Set(
            readme[start.upperBound..<end.lowerBound].matches(of: /([A-Za-z]+)\//).map { String($0.output.1) })
        let sources = Self.root.appendingPathComponent("Sources/PropertyBinding")
        var real: Set<String> = []
        for folder in try FileManager.default.contentsOfDirectory(atPath: sources.path) where !folder.hasSuffix(".docc")
        {
            real.insert(folder)
            let inner = sources.appendingPathComponent(folder)
            for sub in try FileManager.default.contentsOfDirectory(atPath: inner.path) {
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(
                    atPath: inner.appendingPathComponent(sub).path, isDirectory: &isFolder),
                    isFolder.boolValue
                {
                    real.insert(sub)
                }
            }
        }
        #expect(drawn == real)
    }

    @Test func everyLinkOfTheReadmeLeadsToAFile() throws {
        let readme = try Self.read("README.md")
        let targets = readme.matches(of: /\]\(([^)#]+)\)/).map { String($0.output.1) }.filter { !$0.contains("://") }
        #expect(targets.count > 10)
        for target in targets {
            #expect(FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(target).path), "\(target)")
        }
    }

    /// The quick start's statements, each found in QuickStartTests.swift in the same order: the
    /// test runs what the README shows, and checks each comment there.
    @Test func theQuickStartIsTheTestThatChecksIt() throws {
        let readme = try Self.read("README.md")
        let section = try #require(readme.range(of: "<!-- section:quick-start -->"))
        let start = try #require(readme.range(of: "```swift\n", range: section.upperBound..<readme.endIndex))
        let end = try #require(readme.range(of: "\n```", range: start.upperBound..<readme.endIndex))
        var test = try Self.read("Tests/PropertyBindingTests/Docs/QuickStartTests.swift").filter { !$0.isWhitespace }[
            ...]
        // The test makes the types private; `private final class` contains `final class`.
        let statements = readme[start.upperBound..<end.lowerBound].split(separator: "\n")
            .map { $0.filter { !$0.isWhitespace } }
            .filter { !$0.isEmpty && !$0.hasPrefix("import") }
        for statement in statements {
            guard let found = test.firstRange(of: statement) else {
                Issue.record("QuickStartTests.swift lacks, in this order: \(statement)")
                return
            }
            test = test[found.upperBound...]
        }
    }
}
