import Foundation
import PropertyBinding
import Testing

// The snippets of the "Writing a transformer" article (PropertyBinding.docc/WritingATransformer.md);
// the article quotes them verbatim (scripts/docs checks it).

private final class Theme {
    var accent: UInt32 = 0x0000FF
}

private final class ColorField {
    var text = ""
}

private final class Order {
    var euros = 0.0
}

private final class PriceLabel {
    var text = ""
}

/// Reads `"#FF8800"` as `0xFF8800`, and writes a colour back as `"#FF8800"`.
private struct HexColorTransformer<Base: ReadableProperty>: Transformer where Base.Value == String {
    typealias Value = UInt32

    let property: Base

    func transform(_ input: String) throws -> UInt32 {
        let digits = input.dropFirst()
        guard input.first == "#", digits.count == 6, digits.allSatisfy(\.isHexDigit),
            let rgb = UInt32(digits, radix: 16)
        else {
            throw TransformError(.other("is not a #RRGGBB colour"), input: input, targetType: "UInt32")
        }
        return rgb
    }

    func reverseTransform(_ value: UInt32) throws -> String {
        guard value <= 0xFF_FFFF else {
            throw TransformError(.outOfRange, input: "\(value)", targetType: "#RRGGBB")
        }
        return String(format: "#%06X", value)
    }
}

extension HexColorTransformer: WritableProperty where Base: WritableProperty {}

extension ReadableProperty where Value == String {
    /// This text, read as a `#RRGGBB` colour.
    fileprivate func hexColor() -> HexColorTransformer<Self> {
        HexColorTransformer(property: self)
    }
}

@Suite(.routesDefaultErrors) struct WritingATransformerSnippetTests {
    @Test func closuresConvertBothWays() throws {
        let order = Order()
        let label = PriceLabel()
        // snippet: closures
        let cents = Property(order, \.euros).map({ Int(($0 * 100).rounded()) }, reverse: { Double($0) / 100 })
        try cents.write(1999)  // order.euros == 19.99
        let shown = Property(order, \.euros).map { String(format: "%.2f €", $0) }
        let showPrice = Binding(source: shown, destination: Property(label, \.text))
        showPrice.update()  // label.text == "19.99 €"
        // end snippet
        #expect(order.euros == 19.99)
        #expect(try cents.read() == 1999)
        #expect(label.text == "19.99 €")
        #expect(throws: PropertyError.self) { try shown.reverseTransform("1 €") }
    }

    @Test func aTransformerTypeReadsAndWrites() throws {
        let field = ColorField()
        // snippet: use
        let color = HexColorTransformer(property: Property(field, \.text))
        field.text = "#FF8800"
        let rgb = try color.read()  // 0xFF8800
        try color.write(0x00FF00)  // field.text == "#00FF00"
        // end snippet
        #expect(rgb == 0xFF8800)
        #expect(try color.read() == 0x00FF00)
        #expect(field.text == "#00FF00")
        field.text = "#FF8800"
        #expect(try color.read() == 0xFF8800)
        #expect(throws: TransformError(.outOfRange, input: "16777216", targetType: "#RRGGBB")) {
            try color.write(0x100_0000)
        }
        #expect(field.text == "#FF8800")
        for bad in ["FF8800", "#FF88", "#FF880G", "#+FF880", "", "#FF88000"] {
            field.text = bad
            #expect(throws: TransformError(.other("is not a #RRGGBB colour"), input: bad, targetType: "UInt32")) {
                try color.read()
            }
        }
    }

    @Test func aFailedConversionWritesNothing() throws {
        let theme = Theme()
        let field = ColorField()
        // snippet: binding
        let showAccent = Binding(source: Property(field, \.text).hexColor(), destination: Property(theme, \.accent))
        field.text = "#FF8800"
        showAccent.update()  // theme.accent == 0xFF8800

        field.text = "orange"
        let result = showAccent.update()  // theme.accent stays 0xFF8800
        if let failure = result.failure {
            print(failure.error)  // "orange" is not a #RRGGBB colour
        }
        // end snippet
        #expect(theme.accent == 0xFF8800)
        #expect(result.failure?.stage == .readingSource)
        #expect(
            result.failure?.error as? TransformError
                == TransformError(.other("is not a #RRGGBB colour"), input: "orange", targetType: "UInt32"))
        #expect(result.failure.map { "\($0.error)" } == #""orange" is not a #RRGGBB colour"#)
    }

    @Test func transformersChainByWrapping() throws {
        let theme = Theme()
        let field = ColorField()
        // snippet: chain
        let red = Property(field, \.text).hexColor().map { $0 >> 16 }  // read-only: the red channel
        let editAccent = Binding(source: Property(field, \.text).hexColor(), destination: Property(theme, \.accent))
        let showAccent = Binding(source: Property(theme, \.accent), destination: Property(field, \.text).hexColor())
        // end snippet
        theme.accent = 0xFF8800
        showAccent.update()
        #expect(field.text == "#FF8800")
        #expect(try red.read() == 0xFF)
        field.text = "#102030"
        #expect(editAccent.update().didWrite)
        #expect(theme.accent == 0x102030)
        #expect(throws: PropertyError.self) { try red.reverseTransform(1) }
    }
}
