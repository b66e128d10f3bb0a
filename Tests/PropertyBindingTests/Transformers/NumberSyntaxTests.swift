import Foundation
import PropertyBinding
import Testing

/// Formatter settings `StringToNumberTransformer` must read back what it writes with, or refuse
/// to write: found by trying formatters a user could hand it.
@Suite struct NumberSyntaxTests {
    private final class Field {
        var text = ""
    }

    private func formatter(_ configure: (NumberFormatter) -> Void) -> NumberFormatter {
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: "en_US")
        formatter.numberStyle = .decimal
        configure(formatter)
        return formatter
    }

    @Test(arguments: [NumberFormatter.Style.spellOut, .ordinal, .currencyPlural])
    func aSpellOutOrdinalOrCurrencyPluralStyleIsRefusedReadingAndWriting(_ style: NumberFormatter.Style) throws {
        // corelibs writes "forty-two", "42nd" and "42.00 US dollars" (but "1,00 euro"), which no
        // symbol-based parser reads back, and leaves every symbol of these styles nil although it
        // declares them `String!`.
        let field = Field()
        let number = StringToNumberTransformer<Int>(
            property: Property(field, \.text), formatter: formatter { $0.numberStyle = style })
        field.text = "42"
        #expect(throws: TransformError(.styleNotSupported, input: "42", targetType: "Int")) { try number.read() }
        #expect(throws: TransformError(.styleNotSupported, input: "7", targetType: "String")) { try number.write(7) }
        #expect(field.text == "42")
        #expect(
            TransformError(.styleNotSupported, input: "7", targetType: "String").description
                == "\"7\" cannot be read or written with a spell-out, ordinal or currency-plural formatter")
    }

    @Test func aMultiplierThatIsNotAPowerOfTenIsDividedOut() throws {
        let field = Field()
        let tripled = StringToNumberTransformer<Int>(
            property: Property(field, \.text), formatter: formatter { $0.multiplier = 3 })
        try tripled.write(10)
        #expect(field.text == "30")
        #expect(try tripled.read() == 10)  // not 30: what is written reads back
        field.text = "31"
        #expect(throws: TransformError(.fractionNotAllowed, input: "31", targetType: "Int")) { try tripled.read() }

        let hundredths = StringToNumberTransformer<Double>(
            property: Property(field, \.text), formatter: formatter { $0.multiplier = 0.01 })
        try hundredths.write(1234)
        #expect(field.text == "12.34")
        #expect(try hundredths.read() == 1234)

        let negated = StringToNumberTransformer<Int>(
            property: Property(field, \.text), formatter: formatter { $0.multiplier = -1 })
        try negated.write(5)
        #expect(field.text == "-5")
        #expect(try negated.read() == 5)
    }

    @Test func paddingIsReadBack() throws {
        let field = Field()
        let padded = StringToNumberTransformer<Int>(
            property: Property(field, \.text),
            formatter: formatter {
                $0.formatWidth = 8
                $0.paddingCharacter = "*"
                $0.paddingPosition = .afterPrefix
            })
        try padded.write(-42)
        #expect(field.text == "-*****42")
        #expect(try padded.read() == -42)
        field.text = "******42"
        #expect(try padded.read() == 42)
        field.text = "4**2"  // padding goes around a number, never inside it
        #expect(throws: TransformError(.notANumber, input: "4**2", targetType: "Int")) { try padded.read() }
        field.text = "****"
        #expect(throws: TransformError(.empty, input: "****", targetType: "Int")) { try padded.read() }
    }

    @Test(arguments: [
        "\u{200B}42", "\u{85}42\u{2028}", "\u{3000}-42\u{A0}", " \u{301}42 ", "\u{FEFF}42", "\u{180E}42",
        "42\u{200B}", "\r\n\u{2029}4.5\u{202F}", " 😀42 ", "42😀 ", "\u{A0}",
    ])
    func spaceIsTrimmedAsFoundationTrimsIt(_ argument: EscapedText) {
        let text = argument.text
        // The reader trims without bridging to NSString; it must keep Foundation's answers.
        let field = Field()
        let number = StringToNumberTransformer<Double>(property: Property(field, \.text), formatter: formatter { _ in })
        func read(_ text: String) -> String {
            field.text = text
            do { return "\(try number.read())" } catch let error as TransformError {
                return "\(error.reason)"
            } catch { return "\(error)" }
        }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(read(text) == read(trimmed), "\(text.debugDescription) is \(trimmed.debugDescription)")
    }

    @Test func spaceAroundANumberIsOnlyWhatFoundationCallsSpace() throws {
        let field = Field()
        let number = StringToNumberTransformer<Int>(property: Property(field, \.text), formatter: formatter { _ in })
        field.text = "\u{200B}\u{85}42\u{2028}\u{3000}"
        #expect(try number.read() == 42)
        for text in ["\u{FEFF}42", " \u{301}42", "42 😀"] {
            field.text = text
            #expect(throws: TransformError(.notANumber, input: text, targetType: "Int")) { try number.read() }
        }
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func aNumberThatIsNotFiniteIsNotWritten(_ value: Double) {
        // corelibs writes "NaN", "+∞" and "-+∞", which no transformer reads back.
        let field = Field()
        field.text = "7"
        let number = StringToNumberTransformer<Double>(property: Property(field, \.text), formatter: formatter { _ in })
        #expect(throws: TransformError(.notRepresentable, input: "\(value)", targetType: "String")) {
            try number.write(value)
        }
        #expect(field.text == "7")
    }

    @Test func aBindingReportsANumberThatCannotBeShownAndWritesNothing() {
        final class Reading { var celsius = Double.nan }
        let reading = Reading()
        let field = Field()
        field.text = "21"
        let show = Binding(
            source: Property(reading, \.celsius),
            destination: StringToNumberTransformer<Double>(
                property: Property(field, \.text), formatter: formatter { _ in }))
        show.onError = { _ in }
        #expect(show.update().failure?.stage == .writingDestination)
        #expect(field.text == "21")
    }
}
