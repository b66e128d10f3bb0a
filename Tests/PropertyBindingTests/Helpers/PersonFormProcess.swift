import Foundation
import Testing

/// The sample's executable, `PersonForm`, built next to the tests (`swift test` builds every
/// target), run as a user runs it: the tests read what it prints.
enum PersonFormProcess {
    /// The package's root directory.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../..").standardized

    /// Runs `PersonForm` with `arguments` and returns its exit status and standard output.
    static func run(_ arguments: [String] = []) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = try executable()
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: printed, as: UTF8.self))
    }

    private static func executable() throws -> URL {
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
}
