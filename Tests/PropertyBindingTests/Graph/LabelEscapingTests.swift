import Foundation
import PropertyBindingTesting
import Testing

@testable import PropertyBinding

extension LabelEscapingTests {
    /// Each piece is a way a label could break DOT or Mermaid: line breaks of every kind,
    /// quotes, comment and directive markers, brackets, entities, escapes, control characters.
    static let hostilePieces: [EscapedText] = [
        "a\r\nb", "a\rb", "a\nb", "a\u{2028}b", "a\u{2029}b", "a\u{85}b", "a\u{0B}b", "a\u{0C}b",
        "\"quoted\"", "\n%% a comment", "\r\n%%{init: {\"theme\": \"dark\"}}%%", "%%", "50%",
        "]", "[", "|", "|\"|", "\"]", "<b>bold</b>", "a > b", "&amp;", "&", "#quot;", "#", "#35;", ";",
        "style n0 fill:#f00;", "classDef x fill:#f00;", "a:b", "a:", "a: b", "\\N \\l \\", "\\",
        "🧪👩‍👩‍👧 é", "\u{0}", "\u{1B}[31m", "\u{7F}", "\u{9B}", "a\tb", "`markdown`", "\"`x`\"",
        "n0 --> n1", "end", "\u{202E}reversed",
    ]

    /// Every piece in one label, and each alone.
    static var hostileLabels: [String] {
        [hostilePieces.map(\.text).joined()] + hostilePieces.map(\.text)
    }

    final class Box { var text = "" }

    /// Tells its binding it fired; describes itself as it was told to.
    final class NamedTrigger: Trigger, CustomStringConvertible {
        weak var delegate: (any TriggerDelegate)?
        let description: String
        init(_ description: String) { self.description = description }
    }

    struct HostileError: Error, CustomStringConvertible {
        let description: String
    }

    /// A set of a binding per hostile label: labelled with it (so that its boxes, one key path
    /// of one type, are told apart by it), fired by a trigger named by it, failed with it.
    final class HostileSet {
        let boxes: [(source: Box, destination: Box)]
        let bindings = BindingSet()

        init(labels: [String]) {
            boxes = labels.map { _ in (Box(), Box()) }
            bindings.onError = { _ in }
            for (label, box) in zip(labels, boxes) {
                let binding = Binding(
                    source: Property(box.source, \.text).map { _ -> String in throw HostileError(description: label) },
                    destination: Property(box.destination, \.text))
                binding.label = label
                binding.addTrigger(NamedTrigger(label))
                bindings.add(binding)
                binding.update()
            }
        }

        var graph: BindingGraph { bindings.graph }
    }

    /// What a label should read as once drawn: each line break one "\n", a tab a space, a
    /// control character its picture.
    static func drawn(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var scalars = Array(text.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            switch scalar.value {
            case 0x0D where scalars.first == "\n":
                scalars.removeFirst()
                result.append("\n")
            case 0x0A...0x0D, 0x85, 0x2028, 0x2029: result.append("\n")
            case 0x09: result.append(" ")
            case 0x00...0x1F: result.append(Unicode.Scalar(0x2400 + scalar.value)!)
            case 0x7F: result.append("\u{2421}")
            case 0x80...0x9F: result.append("\u{FFFD}")
            default: result.append(scalar)
            }
        }
        return String(result)
    }
}

/// A check of the Mermaid we write, as strict as the shapes we emit: every line is the header,
/// a node, an arrow or a link style; a quoted label holds no raw line break, no quote, nothing
/// Mermaid's preprocessing reads (`%%`, `#…;` other than our entity codes, `style…:…#`), and no
/// HTML but `<br/>`.
enum MermaidGrammar {
    static func problems(in text: String) -> [String] {
        var problems: [String] = []
        let breaks: Set<UInt32> = [0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029]
        if text.unicodeScalars.contains(where: { breaks.contains($0.value) }) {
            problems.append("a line break other than LF")
        }
        guard text.hasSuffix("\n") else { return problems + ["no final LF"] }
        let lines = text.dropLast().split(separator: "\n", omittingEmptySubsequences: false)
        if lines.first != "flowchart LR" { problems.append("first line: \(lines.first ?? "")") }
        for line in lines.dropFirst() {
            if line.drop(while: \.isWhitespace).hasPrefix("%%") { problems.append("a comment: \(line)") }
            if line.contains("%%{") { problems.append("a directive: \(line)") }
            if line.contains(#/style.*:\S*#/#) || line.contains(#/classDef.*:\S*#/#) {
                problems.append("Mermaid would strip a ';' (style…:…#): \(line)")
            }
            if let node = line.wholeMatch(of: #/    n\d+\["([^"]*)"\]/#) {
                problems += labelProblems(String(node.1), line: line)
            } else if let edge = line.wholeMatch(of: #/    n\d+ (?:-->|-\.->)\|"([^"]*)"\| n\d+/#) {
                problems += labelProblems(String(edge.1), line: line)
            } else if line.wholeMatch(of: #/    linkStyle \d+ stroke:(?:red|gray)/#) == nil {
                problems.append("not a node, an arrow or a link style: \(line)")
            }
        }
        return problems
    }

    private static func labelProblems(_ label: String, line: Substring) -> [String] {
        var problems: [String] = []
        for scalar in label.unicodeScalars {
            if scalar.properties.generalCategory == .control { problems.append("a control character in \(line)") }
            if "%`&".unicodeScalars.contains(scalar) { problems.append("a raw '\(scalar)' in \(line)") }
        }
        let withoutBreaks = label.replacing("<br/>", with: "")
        if withoutBreaks.contains("<") || withoutBreaks.contains(">") { problems.append("HTML in \(line)") }
        let withoutEntities = label.replacing(#/#(?:quot|lt|gt|amp|\d+);/#, with: "")
        if withoutEntities.contains("#") { problems.append("a '#' that is not our entity code in \(line)") }
        if label.contains(#/:[^ ]/#) { problems.append("a ':' not followed by a space in \(line)") }
        return problems
    }

    /// The text a quoted label shows: entity codes and `<br/>` read back.
    static func decoded(_ label: String) -> String {
        label.replacing("<br/>", with: "\n").replacing(#/#(quot|lt|gt|amp|\d+);/#) { match in
            switch match.1 {
            case "quot": "\""
            case "lt": "<"
            case "gt": ">"
            case "amp": "&"
            default: String(Unicode.Scalar(UInt32(match.1)!)!)
            }
        }
    }
}

@Suite struct LabelEscapingTests {
    @Test(arguments: hostilePieces)
    func aMermaidLabelReadsBackAsItsText(_ piece: EscapedText) {
        let escaped = LabelEscaping.mermaid(piece.text)
        #expect(MermaidGrammar.problems(in: "flowchart LR\n    n0[\"\(escaped)\"]\n").isEmpty)
        #expect(MermaidGrammar.decoded(escaped) == Self.drawn(piece.text))
    }

    @Test func hostileLabelsKeepTheMermaidGrammar() {
        let graph = HostileSet(labels: Self.hostileLabels).graph
        let mermaid = graph.mermaid
        #expect(MermaidGrammar.problems(in: mermaid) == [])
        let lines = mermaid.split(separator: "\n")
        #expect(lines.count == 1 + graph.nodes.count + graph.edges.count + graph.edges.count)  // all red
        // Each node reads back as its name.
        for node in graph.nodes {
            let line = lines.first { $0.hasPrefix("    \(node.id)[\"") }
            let label = line.map { String($0.dropFirst("    \(node.id)[\"".count).dropLast(2)) }
            #expect(label.map(MermaidGrammar.decoded) == Self.drawn(node.name))
        }
    }

    @Test func theGrammarCheckCatchesWhatUsedToSlipThrough() {
        // What the rendering wrote before line breaks of every kind were escaped.
        #expect(!MermaidGrammar.problems(in: "flowchart LR\n    n0[\"a\r\n%% b\"]\n").isEmpty)
        #expect(!MermaidGrammar.problems(in: "flowchart LR\n    n0[\"a\u{2028}b\"]\n").isEmpty)
        #expect(MermaidGrammar.problems(in: "flowchart LR\n    n0[\"a #quot; b\"]\n").isEmpty)
        #expect(!MermaidGrammar.problems(in: "flowchart LR\n    n0[\"50%\"]\n").isEmpty)
    }

    @Test(arguments: hostilePieces)
    func aDOTLabelKeepsItsQuotes(_ piece: EscapedText) {
        let escaped = LabelEscaping.dot(piece.text)
        // No raw quote, line break or control character; every backslash starts an escape.
        #expect(!escaped.unicodeScalars.contains { $0.properties.generalCategory == .control })
        #expect(!escaped.unicodeScalars.contains { [0x2028, 0x2029].contains($0.value) })
        #expect(escaped.replacing(#/\\[\\"n]/#, with: "").allSatisfy { $0 != "\\" && $0 != "\"" })
    }

    /// The `dot` program, if Graphviz is installed (`apt-get install graphviz`).
    static let dotProgram: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("dot") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    @Test(
        .enabled(
            if: dotProgram != nil,
            "Graphviz's `dot` is not installed (apt-get install graphviz): the DOT output is not parsed"))
    func graphvizDrawsHostileLabels() throws {
        let graph = HostileSet(labels: Self.hostileLabels).graph
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("LabelEscaping-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("graph.dot")
        let output = directory.appendingPathComponent("graph.svg")
        try Data(graph.dot.utf8).write(to: input)

        let dot = Process()
        dot.executableURL = Self.dotProgram
        dot.arguments = ["-Tsvg", "-o", output.path, input.path]
        let errors = Pipe()
        dot.standardError = errors
        try dot.run()
        let messages = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        dot.waitUntilExit()

        #expect(dot.terminationStatus == 0)
        #expect(messages == "")  // no syntax error, no warning
        let svg = try String(contentsOf: output, encoding: .utf8)
        #expect(svg.components(separatedBy: "class=\"node\"").count - 1 == graph.nodes.count)
        #expect(svg.components(separatedBy: "class=\"edge\"").count - 1 == graph.edges.count)
        // Graphviz reads entities in plain labels: the text "&amp;" is drawn as typed.
        #expect(svg.contains("&amp;amp;"))
        // Its escapes (`\N` is the node's name) are not read in a label's text.
        #expect(svg.contains("\\N \\l \\"))
    }
}
