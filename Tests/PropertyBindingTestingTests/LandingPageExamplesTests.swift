import Foundation
import Testing

// The PropertyBindingTesting landing page (its DocC catalog) quotes the two example files
// verbatim; this keeps the quotes and the compiled examples from drifting apart.

@Suite struct LandingPageExamplesTests {
    private static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    private static let landingPage = directory.appendingPathComponent(
        "../../Sources/PropertyBindingTesting/PropertyBindingTesting.docc/PropertyBindingTesting.md"
    ).standardized

    @Test(arguments: ["ReadmeSwiftTestingExample.swift", "ReadmeXCTestExample.swift"])
    func theLandingPageQuotesTheExampleVerbatim(_ file: String) throws {
        let example = try String(contentsOf: Self.directory.appendingPathComponent(file), encoding: .utf8)
        let page = try String(contentsOf: Self.landingPage, encoding: .utf8)
        #expect(page.contains("```swift\n" + example.trimmingCharacters(in: .newlines) + "\n```"))
    }
}
