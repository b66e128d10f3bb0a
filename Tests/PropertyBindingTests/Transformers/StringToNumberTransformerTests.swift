import Foundation
import PropertyBinding
import Testing

extension StringToNumberTransformerTests {
    final class Field {
        var text = ""
        var writes = 0
        init(_ text: String = "") { self.text = text }
    }
}

extension StringToNumberTransformerTests {
    /// A formatter in `locale` with `style`, adjusted by `configure`.
    private func formatter(
        _ locale: String, _ style: NumberFormatter.Style = .decimal, _ configure: (NumberFormatter) -> Void = { _ in }
    ) -> NumberFormatter {
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: locale)
        formatter.numberStyle = style
        configure(formatter)
        return formatter
    }

    /// Reads `text` as a `Number` through a transformer over a text field.
    private func parse<Number: ParsableNumber>(
        _ text: String, as type: Number.Type, _ formatter: NumberFormatter = NumberFormatter()
    ) throws -> Number {
        let field = Field(text)
        return try withExtendedLifetime(field) {
            try StringToNumberTransformer<Number>(property: Property(field, \.text), formatter: formatter).read()
        }
    }

    /// Expects reading `text` as a `Number` to fail with `reason`, the error carrying `text`.
    private func expectRejection<Number: ParsableNumber>(
        _ text: String, as type: Number.Type, _ reason: TransformError.Reason,
        _ formatter: NumberFormatter = NumberFormatter(), sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let expected = TransformError(reason, input: text, targetType: "\(Number.self)")
        #expect(throws: expected, sourceLocation: sourceLocation) { try parse(text, as: type, formatter) }
    }
}

@Suite struct StringToNumberTransformerTests {
    // MARK: Locales and styles

    @Test func readsPlainDigitsWithADefaultFormatter() throws {
        #expect(try parse("42", as: Int.self) == 42)
        #expect(try parse("-42", as: Int.self) == -42)
        #expect(try parse("  7 ", as: Int.self) == 7)
        #expect(try parse("2.5", as: Double.self) == 2.5)
    }

    @Test func readsGroupingAndDecimalSeparatorsOfUSEnglish() throws {
        #expect(try parse("1,234.5", as: Double.self, formatter("en_US")) == 1234.5)
        #expect(try parse("1,234,567", as: Int.self, formatter("en_US")) == 1_234_567)
        #expect(try parse("1234.5", as: Double.self, formatter("en_US")) == 1234.5)
        #expect(try parse("-1,234.5", as: Decimal.self, formatter("en_US")) == Decimal(string: "-1234.5"))
    }

    @Test func readsGroupingAndDecimalSeparatorsOfGerman() throws {
        #expect(try parse("1.234,5", as: Double.self, formatter("de_DE")) == 1234.5)
        #expect(try parse("1.234.567", as: Int.self, formatter("de_DE")) == 1_234_567)
        #expect(try parse("0,25", as: Double.self, formatter("de_DE")) == 0.25)
    }

    @Test func readsFrenchNarrowNoBreakSpaceAndATypedPlainSpace() throws {
        let french = formatter("fr_FR")
        #expect(try parse("1\u{202F}234,5", as: Double.self, french) == 1234.5)
        #expect(try parse("1 234,5", as: Double.self, french) == 1234.5)
        #expect(try parse("1\u{A0}234\u{A0}567", as: Int.self, french) == 1_234_567)
        expectRejection("1.234,5", as: Double.self, .notANumber, french)
    }

    @Test func readsSwissGerman() throws {
        let swiss = formatter("de_CH")
        #expect(try parse("1\u{2019}234.5", as: Double.self, swiss) == 1234.5)
        #expect(try parse("1'234.5", as: Double.self, swiss) == 1234.5)
        expectRejection("1,234.5", as: Double.self, .notANumber, swiss)
    }

    @Test func readsNativeDigitsAndBidiMarksTheFormatterWrites() throws {
        let arabic = formatter("ar_EG")
        let written = try #require(arabic.string(from: -1234.5))
        #expect(try parse(written, as: Double.self, arabic) == -1234.5)
        #expect(try parse("-1234", as: Int.self, arabic) == -1234)
        #expect(try parse("1\u{66C}234\u{66B}5", as: Double.self, arabic) == 1234.5)  // ASCII digits, its separators
        expectRejection("1234.5", as: Double.self, .notANumber, arabic)  // not its decimal separator
        expectRejection("1,234", as: Double.self, .notANumber, arabic)
        let hebrew = formatter("he_IL", .currency)
        #expect(try parse(try #require(hebrew.string(from: -12.5)), as: Double.self, hebrew) == -12.5)
        #expect(try parse("12.50 ₪", as: Double.self, hebrew) == 12.5)
    }

    @Test func readsPercentAsAFraction() throws {
        #expect(try parse("25%", as: Double.self, formatter("en_US", .percent)) == 0.25)
        #expect(try parse("25", as: Double.self, formatter("en_US", .percent)) == 0.25)
        #expect(try parse("-5%", as: Decimal.self, formatter("en_US", .percent)) == Decimal(string: "-0.05"))
        #expect(try parse("12,5\u{A0}%", as: Double.self, formatter("de_DE", .percent)) == 0.125)
        #expect(try parse("300 %", as: Int.self, formatter("de_DE", .percent)) == 3)
        expectRejection("250%", as: Int.self, .fractionNotAllowed, formatter("en_US", .percent))
    }

    @Test func readsCurrencyWithOrWithoutTheSymbol() throws {
        let dollars = formatter("en_US", .currency)
        #expect(try parse("$1,234.50", as: Decimal.self, dollars) == Decimal(string: "1234.5"))
        #expect(try parse("1,234.50", as: Decimal.self, dollars) == Decimal(string: "1234.5"))
        #expect(try parse("-$5.00", as: Double.self, dollars) == -5)
        #expect(try parse("$0.10", as: Decimal.self, dollars) == Decimal(string: "0.1"))
        let euros = formatter("de_DE", .currency)
        #expect(try parse("1.234,50\u{A0}€", as: Double.self, euros) == 1234.5)
        #expect(try parse("1.234,50 €", as: Double.self, euros) == 1234.5)
        #expect(try parse("-3,00 €", as: Int.self, euros) == -3)
        expectRejection("€€5", as: Double.self, .notANumber, euros)
        expectRejection("€5", as: Double.self, .notANumber, dollars)
    }

    @Test func readsScientificNotationOfAScientificFormatter() throws {
        let scientific = formatter("en_US", .scientific)
        #expect(try parse("1.2345E3", as: Double.self, scientific) == 1234.5)
        #expect(try parse("1.5e-3", as: Decimal.self, scientific) == Decimal(string: "0.0015"))
        #expect(try parse("-2E+2", as: Int.self, scientific) == -200)
        #expect(try parse("42", as: Int.self, scientific) == 42)
        expectRejection("1.55E1", as: Int.self, .fractionNotAllowed, scientific)
        expectRejection("1E400", as: Double.self, .outOfRange, scientific)
        expectRejection("1E99999", as: Double.self, .outOfRange, scientific)
        expectRejection("1E", as: Double.self, .notANumber, scientific)
        expectRejection("E5", as: Double.self, .notANumber, scientific)
        expectRejection("1E2E3", as: Double.self, .notANumber, scientific)
        let field = Field()
        let number = StringToNumberTransformer<Double>(property: Property(field, \.text), formatter: scientific)
        try number.write(0.00012)
        #expect(field.text == "1.2E-4")
        #expect(try number.read() == 0.00012)
    }

    @Test func honoursTheFormattersMinimumAndMaximum() throws {
        let age = formatter("en_US") {
            $0.minimum = 0
            $0.maximum = 150
        }
        #expect(try parse("0", as: Int.self, age) == 0)
        #expect(try parse("150", as: Int.self, age) == 150)
        expectRejection("151", as: Int.self, .outOfRange, age)
        expectRejection("-1", as: Int.self, .outOfRange, age)
        expectRejection("1" + String(repeating: "0", count: 60), as: Double.self, .outOfRange, age)
    }

    @Test func honoursAllowsFloatsFalse() throws {
        let whole = formatter("en_US") { $0.allowsFloats = false }
        #expect(try parse("1,234", as: Double.self, whole) == 1234)
        expectRejection("4.5", as: Double.self, .fractionNotAllowed, whole)
        expectRejection("4.5", as: Decimal.self, .fractionNotAllowed, whole)
    }

    // MARK: Every error, carrying the input

    @Test(arguments: ["", "   ", "\t\n", "\u{A0}"])
    func emptyOrBlankTextIsEmpty(_ argument: EscapedText) {
        let text = argument.text
        expectRejection(text, as: Int.self, .empty)
        expectRejection(text, as: Double.self, .empty, formatter("en_US"))
    }

    @Test(arguments: ["forty", "abc", "-", "+", ".", "4 2", "0x10", "1e3", "NaN", "∞", "½", "²"])
    func garbageIsNotANumber(_ text: String) {
        expectRejection(text, as: Int.self, .notANumber, formatter("en_US"))
        expectRejection(text, as: Double.self, .notANumber, formatter("en_US"))
    }

    @Test func partialGarbageIsRejectedWhole() {
        // corelibs' number(from:) reads a prefix of these and would write a wrong value.
        expectRejection("42abc", as: Int.self, .notANumber)
        expectRejection("42abc", as: Int.self, .notANumber, formatter("en_US"))
        expectRejection("1,234.5", as: Double.self, .notANumber, formatter("de_DE"))
        expectRejection("12.5.3", as: Double.self, .notANumber, formatter("en_US"))
        expectRejection("5-", as: Int.self, .notANumber, formatter("en_US"))
    }

    @Test func misplacedGroupingIsNotANumber() {
        let english = formatter("en_US")
        expectRejection("1,23,4", as: Int.self, .notANumber, english)
        expectRejection("12,34", as: Int.self, .notANumber, english)
        expectRejection("1,2345", as: Int.self, .notANumber, english)
        expectRejection(",123", as: Int.self, .notANumber, english)
        expectRejection("1,,234", as: Int.self, .notANumber, english)
        expectRejection("1,234,", as: Int.self, .notANumber, english)
        // A formatter that does not group takes no grouping separators.
        expectRejection("1,234", as: Int.self, .notANumber)
    }

    @Test(arguments: ["--5", "+-5", "-+5", "- -5", "−-5"])
    func aDoubleSignIsNotANumber(_ text: String) {
        expectRejection(text, as: Int.self, .notANumber, formatter("en_US"))
    }

    @Test func aFractionForAnIntegerIsNeverTruncated() {
        expectRejection("4.5", as: Int.self, .fractionNotAllowed)
        expectRejection("1,234.01", as: Int.self, .fractionNotAllowed, formatter("en_US"))
        expectRejection("0,5", as: Int64.self, .fractionNotAllowed, formatter("de_DE"))
    }

    @Test func overflowIsOutOfRange() {
        expectRejection("128", as: Int8.self, .outOfRange)
        expectRejection("-129", as: Int8.self, .outOfRange)
        expectRejection("9223372036854775808", as: Int.self, .outOfRange)
        expectRejection("-9,223,372,036,854,775,809", as: Int.self, .outOfRange, formatter("en_US"))
        expectRejection("-1", as: UInt.self, .outOfRange)
        expectRejection("18446744073709551616", as: UInt64.self, .outOfRange)
        expectRejection("1" + String(repeating: "0", count: 400), as: Double.self, .outOfRange)
        expectRejection("-1" + String(repeating: "0", count: 400), as: Double.self, .outOfRange)
        expectRejection(
            "0." + String(repeating: "0", count: 400) + "1", as: Double.self, .outOfRange, formatter("en_US"))
        expectRejection("1" + String(repeating: "0", count: 40), as: Float.self, .outOfRange)
        // 39 digits above 2^128 − 1, the largest mantissa of a Decimal; 40 digits never fit.
        expectRejection(String(repeating: "4", count: 39), as: Decimal.self, .outOfRange)
        expectRejection("0." + String(repeating: "4", count: 39), as: Decimal.self, .outOfRange, formatter("en_US"))
        expectRejection(String(repeating: "1", count: 40), as: Decimal.self, .outOfRange)
    }

    @Test func errorsNameTheInputAndTheType() {
        let error = TransformError(.fractionNotAllowed, input: "4.5", targetType: "Int")
        #expect(error.description == "\"4.5\" has a fraction, and Int takes whole numbers only")
        #expect(
            TransformError(.notANumber, input: "forty", targetType: "Int").description == "\"forty\" is not a number")
        #expect(TransformError(.empty, input: " ", targetType: "Int").description == "\" \" is empty")
        #expect(
            TransformError(.outOfRange, input: "300", targetType: "Int8").description
                == "\"300\" is out of range for Int8")
    }

    // MARK: Exactness

    @Test func integersAreParsedExactly() throws {
        #expect(try parse("9223372036854775807", as: Int64.self) == Int64.max)
        #expect(try parse("-9,223,372,036,854,775,808", as: Int64.self, formatter("en_US")) == Int64.min)
        #expect(try parse("9007199254740993", as: Int.self) == 9_007_199_254_740_993)
        #expect(try parse("18446744073709551615", as: UInt64.self) == UInt64.max)
        #expect(try parse("-0", as: UInt.self) == 0)
        #expect(try parse("4.000", as: Int.self, formatter("en_US")) == 4)
    }

    @Test func decimalsAreParsedExactly() throws {
        #expect(try parse("0.1", as: Decimal.self, formatter("en_US")) == Decimal(string: "0.1"))
        #expect(try parse("0,1", as: Decimal.self, formatter("de_DE")) == Decimal(string: "0.1"))
        let digits38 = "12345678901234567890123456789012345678"
        #expect(try parse(digits38, as: Decimal.self) == Decimal(string: digits38))
        #expect(try parse(".5", as: Decimal.self, formatter("en_US")) == Decimal(string: "0.5"))
    }

    // MARK: Writing

    @Test func writingFormatsTheNumber() throws {
        let field = Field()
        let english = StringToNumberTransformer<Int>(property: Property(field, \.text), formatter: formatter("en_US"))
        try english.write(1_234_567)
        #expect(field.text == "1,234,567")
        let german = StringToNumberTransformer<Double>(property: Property(field, \.text), formatter: formatter("de_DE"))
        try german.write(-1234.5)
        #expect(field.text == "-1.234,5")
        #expect(try german.read() == -1234.5)
        let plain = StringToNumberTransformer<Int>(property: Property(field, \.text), formatter: NumberFormatter())
        try plain.write(42)
        #expect(field.text == "42")
    }

    @Test func writingLargeNumbersIsExact() throws {
        let field = Field()
        let english = formatter("en_US")
        try StringToNumberTransformer<UInt64>(property: Property(field, \.text), formatter: english).write(UInt64.max)
        #expect(field.text == "18,446,744,073,709,551,615")
        try StringToNumberTransformer<Int64>(property: Property(field, \.text), formatter: english).write(Int64.min)
        #expect(field.text == "-9,223,372,036,854,775,808")
        try StringToNumberTransformer<Int>(property: Property(field, \.text), formatter: english).write(
            9_007_199_254_740_993)
        #expect(field.text == "9,007,199,254,740,993")
        let decimal = try #require(Decimal(string: "12345678901234567890.5"))
        let decimals = formatter("en_US") { $0.maximumFractionDigits = 4 }
        try StringToNumberTransformer<Decimal>(property: Property(field, \.text), formatter: decimals).write(decimal)
        #expect(field.text == "12,345,678,901,234,567,890.5")
        let precise = formatter("en_US") { $0.maximumFractionDigits = 20 }
        let double = StringToNumberTransformer<Double>(property: Property(field, \.text), formatter: precise)
        for value in [9.223372036854776e18, 6406229641.044945, -1.7976931348623157e308, 5e-10, 0.1 + 0.2] {
            try double.write(value)
            #expect(try double.read() == value, "\(field.text)")
        }
        try double.write(1.5e20)
        #expect(field.text == "150,000,000,000,000,000,000")
        let percent = formatter("en_US", .percent)
        try StringToNumberTransformer<UInt>(property: Property(field, \.text), formatter: percent).write(UInt.max)
        #expect(field.text == "1,844,674,407,370,955,161,500%")
    }

    @Test(arguments: ["en_US", "de_DE", "fr_FR", "de_CH", "sv_SE", "pt_PT", "ar_EG", "fa_IR", "he_IL", "hi_IN"])
    func whatIsWrittenReadsBack(_ locale: String) throws {
        let field = Field()
        for style in [NumberFormatter.Style.none, .decimal, .currency, .percent] {
            let numbers = formatter(locale, style)
            let integer = StringToNumberTransformer<Int>(property: Property(field, \.text), formatter: numbers)
            for value in [0, 7, -7, 1234, -1_234_567, Int.max, Int.min] {
                try integer.write(value)
                #expect(try integer.read() == value, "\(locale) \(style.rawValue): \(field.text)")
            }
            let decimal = StringToNumberTransformer<Decimal>(property: Property(field, \.text), formatter: numbers)
            // The rial has no minor unit: its formatter rounds 0.5 away, as a formatter does.
            let keepsCents = style != .none && (style != .currency || locale != "fa_IR")
            for text in ["0.5", "-1234.25", "98765432109876543210.75"] where keepsCents {
                let value = try #require(Decimal(string: text))
                try decimal.write(value)
                #expect(try decimal.read() == value, "\(locale) \(style.rawValue): \(field.text)")
            }
        }
    }

    @Test func aFailedReadLeavesTheTextAsTyped() {
        let field = Field("forty")
        let age = StringToNumberTransformer<Int>(property: Property(field, \.text), formatter: NumberFormatter())
        #expect(throws: TransformError.self) { try age.read() }
        #expect(field.text == "forty")
    }

    @Test func aDeadTextObjectIsAPropertyError() {
        var field: Field? = Field("1")
        let age = StringToNumberTransformer<Int>(property: Property(field!, \.text), formatter: NumberFormatter())
        field = nil
        #expect(throws: PropertyError.self) { try age.read() }
        #expect(throws: PropertyError.self) { try age.write(1) }
    }
}
