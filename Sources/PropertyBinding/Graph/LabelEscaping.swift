/// The text of a node or an arrow, made safe to quote in DOT or Mermaid, whatever it holds.
///
/// Labels come from the user (binding labels, trigger descriptions, error messages), so they
/// may hold anything. The escapes work on Unicode scalars, not on `Character`s: Swift reads
/// `"\r\n"` as one `Character`, so replacing `"\n"` leaves a CRLF whole.
///
/// - Every line break (LF, CR, CRLF as one, VT, FF, U+0085, U+2028, U+2029) becomes the format's
///   own line break: `\n` in DOT, `<br/>` in Mermaid. A raw one would end the quoted label in
///   Mermaid, and a line that then starts with `%%` would be read as a comment.
/// - A tab becomes a space; any other control character (C0, DEL, C1) is shown as its picture
///   (U+2400 `␀` … U+241F, U+2421 `␡`), or as U+FFFD for the C1 controls.
/// - DOT: `\` and `"` are escaped with a backslash (so `\N`, `\l` and their kind are not read
///   as Graphviz's escapes) and `&` is `&amp;` (Graphviz reads entities in plain labels).
/// - Mermaid: `"`, `#`, `%`, `&`, `<`, `>` and `` ` `` become entity codes (`#quot;`, `#35;`, …),
///   and so does a `:` that is not followed by a space (at the end of the text too: the lines of
///   an arrow's caption are joined with `<br/>`): Mermaid reads `#…;` as an entity, `%%`
///   as a comment or a directive, `<` and `&` as HTML, `` "` `` as a Markdown string, and a line
///   holding `style`, then `:` and `#` directly after it, as a style whose last `;` it drops.
enum LabelEscaping {
    /// `text` for a DOT string between double quotes.
    static func dot(_ text: String) -> String {
        escaped(text, lineBreak: "\\n") { scalar, _ in
            switch scalar {
            case "\\": "\\\\"
            case "\"": "\\\""
            case "&": "&amp;"
            default: nil
            }
        }
    }

    /// `text` for a Mermaid label between double quotes: `["…"]` or `|"…"|`.
    static func mermaid(_ text: String) -> String {
        escaped(text, lineBreak: "<br/>") { scalar, next in
            switch scalar {
            case "\"": "#quot;"
            case "#": "#35;"
            case "%": "#37;"
            case "&": "#amp;"
            case "<": "#lt;"
            case ">": "#gt;"
            case "`": "#96;"
            case ":" where next != " " && next != "\t": "#58;"
            default: nil
            }
        }
    }

    /// `text` with its line breaks as `lineBreak`, its control characters as pictures, and each
    /// scalar `special` returns text for (given the scalar after it) as that text.
    private static func escaped(
        _ text: String, lineBreak: String,
        special: (Unicode.Scalar, Unicode.Scalar?) -> String?
    ) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        var scalars = text.unicodeScalars.makeIterator()
        var current = scalars.next()
        while let scalar = current {
            let next = scalars.next()
            switch scalar.value {
            case 0x0D where next == "\n":
                result += lineBreak
                current = scalars.next()  // CRLF is one break
                continue
            case 0x0A...0x0D, 0x85, 0x2028, 0x2029:
                result += lineBreak
            case 0x09:
                result += " "
            case 0x00...0x1F:
                result.unicodeScalars.append(Unicode.Scalar(0x2400 + scalar.value)!)
            case 0x7F:
                result += "\u{2421}"
            case 0x80...0x9F:
                result += "\u{FFFD}"
            default:
                if let replacement = special(scalar, next) {
                    result += replacement
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
            current = next
        }
        return result
    }
}
