import Testing

/// Text passed to a parameterized test, named in the test log with its invisible characters
/// escaped (`"\t\n"`, `"\u{A0}"`): a raw line break in an argument would split the log's line.
struct EscapedText: Sendable, ExpressibleByStringLiteral, CustomTestStringConvertible {
    let text: String

    init(stringLiteral text: String) { self.text = text }

    var testDescription: String {
        let escaped = text.unicodeScalars.map { scalar in
            scalar.isASCII && scalar.value >= 0x20 && scalar.value < 0x7F
                ? String(scalar) : "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        }
        return "\"\(escaped.joined())\""
    }
}
