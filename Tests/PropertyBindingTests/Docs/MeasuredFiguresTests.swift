import Foundation
import Testing

// Measured figures (instruction counts, times, ratios, shares) live in Benchmarks/README.md and the
// README, where they are re-measured: in a code comment they go stale. This test reads every comment
// under Sources/ and fails on one that quotes a measurement.
//
// The rule: a comment (`//` or `///`, consecutive lines read as one text) may not put a number
// before a unit of measurement: instructions, ns, µs, ms, × or x (a ratio), %, or "bytes" after
// "about", "~" or a verb of cost ("costs", "saves", "saved"). Nor may it name callgrind or
// cachegrind, the tools such figures come from. Allowed, as they are facts of the code rather than
// measurements: the byte sizes of a layout (`five bytes inline`, `a 64-byte block`, `16 bytes a
// bucket`), bit widths and counts, powers (`2³²`), and durations in examples. A comment can say
// why without the number: "exempt from the dynamic exclusivity check, a cost callgrind shows…" is
// refused; "a sizeable share of an update (Benchmarks/README.md)" is the form to use.
@Suite struct MeasuredFiguresTests {
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// A measurement in a comment's text.
    static let measured = try! NSRegularExpression(
        pattern: #"(?<![\w$])\d[\d,.]*\s*(instructions?\b|ns\b|µs\b|ms\b|×|%)"#
            + #"|(?<![\w$])(\d+\.\d+|[1-9]\d*)x\b"#
            + #"|\b(about|~|costs?|saves?|saved)\s*\d[\d,.]*\s*bytes"#
            + #"|callgrind|cachegrind"#,
        options: [.caseInsensitive])

    static func quotesAFigure(_ text: String) -> Bool {
        measured.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    /// Every comment of the Swift files under `Sources/` outside DocC catalogs, consecutive lines
    /// joined, with the file and first line it starts on.
    static func comments() throws -> [(place: String, text: String)] {
        let sources = root.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)!
        var found: [(String, String)] = []
        for case let url as URL in files where url.pathExtension == "swift" {
            let lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
            var block: [String] = []
            var start = 0
            func flush() {
                if !block.isEmpty {
                    let name = url.path.replacingOccurrences(of: root.path + "/", with: "")
                    found.append(("\(name):\(start + 1)", block.joined(separator: " ")))
                }
                block = []
            }
            for (index, line) in lines.enumerated() {
                guard let range = line.range(of: "//") else {
                    flush()
                    continue
                }
                if block.isEmpty { start = index }
                block.append(String(line[range.upperBound...]).trimmingCharacters(in: .whitespaces))
            }
            flush()
        }
        return found
    }

    @Test func noCommentUnderSourcesQuotesAMeasuredFigure() throws {
        let comments = try Self.comments()
        #expect(comments.count > 100)
        let offending = comments.filter { Self.quotesAFigure($0.text) }
        #expect(offending.isEmpty, "\(offending.map { "\($0.place): \($0.text)" }.joined(separator: "\n"))")
    }

    @Test func theRuleCatchesMeasurementsAndAllowsLayouts() {
        for text in [
            "which costs 82 instructions of a TargetActionTrigger update",
            "a few hundred nanoseconds, 97 ns at a million rows",
            "1.96× a single source", "2.5x a closure", "about 0.15% of lookups",
            "costs about 15 bytes of memory per row",
            "measured under callgrind",
        ] {
            #expect(Self.quotesAFigure(text), "\(text)")
        }
        for text in [
            "five bytes inline, no allocation", "a 64-byte block", "16 bytes a bucket",
            "They wrap after 2³² updates.", "`$0 % 2 == 0`", "Int32 indices", "`\\Person.<computed 0x… (Int)>`",
        ] {
            #expect(!Self.quotesAFigure(text), "\(text)")
        }
    }
}
