import Foundation
import PropertyBinding
import Testing

/// Plain ASCII digits with an optional sign, what most number fields hold, are read without the
/// full parser. These tests hold that shortcut to the full parser's answers: the same text with
/// its digits in Arabic-Indic script always takes the full parser (its digits are not ASCII),
/// and must read as the same number, or fail for the same reason.
@Suite struct StringToNumberPlainDigitsTests {
    private final class Field {
        var text = ""
    }

    /// What reading `text` gives: the number, or the error.
    private func outcome<Number: ParsableNumber>(
        _ text: String, as type: Number.Type, _ formatter: NumberFormatter
    ) -> Result<Number, TransformError> {
        let field = Field()
        field.text = text
        let number = StringToNumberTransformer<Number>(property: Property(field, \.text), formatter: formatter)
        do {
            return .success(try number.read())
        } catch let error as TransformError {
            return .failure(error)
        } catch {
            Issue.record("\(text.debugDescription): \(error)")
            return .failure(TransformError(.other("\(error)"), input: text, targetType: "\(Number.self)"))
        }
    }

    /// `text` with its ASCII digits in Arabic-Indic script (`٤٢` for `42`).
    private func arabicIndic(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.map { scalar in
                    guard ("0"..."9").contains(scalar) else { return scalar }
                    return Unicode.Scalar(0x660 + scalar.value - 0x30)!
                }))
    }

    /// The texts the shortcut reads, and texts next to them that it must leave to the full parser.
    private static let texts: [String] = [
        "0", "-0", "+0", "00", "-00", "+00", "7", "42", "-42", "+42", "1234", "-1234", "007", "-007", "+007",
        "0042", "10", "100", "-100", "1234567", " 42", "42 ", "  -42\t", "\n+42\r\n", "\u{0B}5\u{0C}", "\r\n0\r\n",
        "- 42", "+ 42", "--42", "+-42", "-+42", "++42", "4 2", "42-", "42+", "-42-", "", " ", "-", "+", "-+", " - ",
        "127", "128", "-128", "-129", "255", "256", "-1", "9223372036854775807", "9223372036854775808",
        "-9223372036854775808", "-9223372036854775809", "18446744073709551615", "18446744073709551616",
        "-18446744073709551616", String(repeating: "0", count: 40) + "42", "1" + String(repeating: "0", count: 25),
        "-1" + String(repeating: "0", count: 40), String(repeating: "9", count: 41), "42\u{0}", "\u{1F}42",
    ]

    /// Every text, read as each kind of number, gives what the full parser gives.
    private func expectSameAsFullParser(
        _ formatter: NumberFormatter, _ name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        func compare<Number: ParsableNumber>(_ type: Number.Type) {
            for text in Self.texts {
                let full = arabicIndic(text)
                switch (outcome(text, as: type, formatter), outcome(full, as: type, formatter)) {
                case (.success(let shortcut), .success(let expected)):
                    // `description` tells 0 from -0, and a Decimal's exponent.
                    #expect(
                        shortcut == expected && "\(shortcut)" == "\(expected)",
                        "\(name) \(Number.self) \(text.debugDescription): \(shortcut), not \(expected)",
                        sourceLocation: sourceLocation)
                case (.failure(let shortcut), .failure(let expected)):
                    #expect(
                        shortcut.reason == expected.reason && shortcut.targetType == expected.targetType
                            && shortcut.input == text && expected.input == full,
                        "\(name) \(Number.self) \(text.debugDescription): \(shortcut), not \(expected)",
                        sourceLocation: sourceLocation)
                case (let shortcut, let expected):
                    Issue.record(
                        "\(name) \(Number.self) \(text.debugDescription): \(shortcut), not \(expected)",
                        sourceLocation: sourceLocation)
                }
            }
        }
        compare(Int.self)
        compare(Int8.self)
        compare(UInt64.self)
        compare(Double.self)
        compare(Decimal.self)
    }

    private func formatter(
        _ locale: String, _ style: NumberFormatter.Style, _ configure: (NumberFormatter) -> Void = { _ in }
    ) -> NumberFormatter {
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: locale)
        formatter.numberStyle = style
        configure(formatter)
        return formatter
    }

    @Test(arguments: ["en_US", "de_DE", "fr_FR", "de_CH", "sv_SE", "ar_EG", "fa_IR", "he_IL", "hi_IN", "ja_JP"])
    func readsAsTheFullParserDoesInEveryLocaleAndStyle(_ locale: String) {
        let styles: [NumberFormatter.Style] = [
            .none, .decimal, .currency, .percent, .scientific, .spellOut, .ordinal, .currencyAccounting,
        ]
        for style in styles {
            expectSameAsFullParser(formatter(locale, style), "\(locale) \(style.rawValue)")
        }
    }

    @Test func readsAsTheFullParserDoesWithTheDefaultFormatter() {
        expectSameAsFullParser(NumberFormatter(), "default")
    }

    /// Symbols and settings under which plain digits or signs mean something else, or nothing.
    @Test(arguments: [
        "plus sign", "ASCII plus sign as minus", "plus prefix", "parenthesized negative", "double minus prefix",
        "minus suffix", "zero suffix", "digit prefix", "minus sign", "plus as minus sign", "minus grouping",
        "zero grouping", "minus decimal separator", "zero decimal separator", "star padding", "plus padding",
        "space padding", "tripled", "hundredfold", "negated", "limits", "negative limits", "no floats",
        "digit exponent",
    ])
    func readsAsTheFullParserDoesWithUnusualSymbols(_ name: String) {
        let numbers = formatter("en_US", .decimal) { formatter in
            switch name {
            case "plus sign": formatter.plusSign = "⊕"
            case "ASCII plus sign as minus": formatter.plusSign = "-"
            case "plus prefix": formatter.positivePrefix = "+"
            case "parenthesized negative":
                formatter.negativePrefix = "("
                formatter.negativeSuffix = ")"
            case "double minus prefix": formatter.negativePrefix = "--"
            case "minus suffix":
                formatter.negativePrefix = ""
                formatter.negativeSuffix = "-"
            case "zero suffix": formatter.positiveSuffix = "0"
            case "digit prefix": formatter.positivePrefix = "1"
            case "minus sign": formatter.minusSign = "~"
            case "plus as minus sign": formatter.minusSign = "+"
            case "minus grouping": formatter.groupingSeparator = "-"
            case "zero grouping": formatter.groupingSeparator = "0"
            case "minus decimal separator": formatter.decimalSeparator = "-"
            case "zero decimal separator": formatter.decimalSeparator = "0"
            case "star padding", "plus padding", "space padding":
                formatter.formatWidth = 8
                formatter.paddingCharacter = ["star padding": "*", "plus padding": "+"][name] ?? " "
            case "tripled": formatter.multiplier = 3
            case "hundredfold": formatter.multiplier = 100
            case "negated": formatter.multiplier = -1
            case "limits":
                formatter.minimum = 0
                formatter.maximum = 150
            case "negative limits":
                formatter.minimum = -128
                formatter.maximum = -1
            case "no floats": formatter.allowsFloats = false
            case "digit exponent":
                formatter.numberStyle = .scientific
                formatter.exponentSymbol = "0"
            default: Issue.record("no formatter \(name)")
            }
        }
        expectSameAsFullParser(numbers, name)
    }

    // MARK: What plain digits read as

    private func read<Number: ParsableNumber>(
        _ text: String, as type: Number.Type, _ formatter: NumberFormatter = NumberFormatter()
    ) throws -> Number {
        try outcome(text, as: type, formatter).get()
    }

    @Test func signsAndLeadingZeros() throws {
        #expect(try read("+42", as: Int.self) == 42)
        #expect(try read("-42", as: Int.self) == -42)
        #expect(try read("007", as: Int.self) == 7)
        #expect(try read("-007", as: Int8.self) == -7)
        #expect(try read("000", as: Int.self) == 0)
        #expect(try read("-0", as: UInt8.self) == 0)
        // Minus zero is zero, never -0.0.
        #expect(try read("-0", as: Double.self).sign == .plus)
        #expect(try read("-00", as: Decimal.self).description == "0")
        #expect(try read("0" + String(repeating: "0", count: 50) + "9", as: Int8.self) == 9)
    }

    @Test func theLimitsOfEachIntegerTypeAreExact() throws {
        #expect(try read("9223372036854775807", as: Int.self) == Int.max)
        #expect(try read("-9223372036854775808", as: Int.self) == Int.min)
        #expect(try read("+9223372036854775807", as: Int64.self) == Int64.max)
        #expect(try read("18446744073709551615", as: UInt.self) == UInt.max)
        #expect(try read("-128", as: Int8.self) == Int8.min)
        #expect(try read("255", as: UInt8.self) == UInt8.max)
        #expect(try read("9007199254740993", as: Int.self) == 9_007_199_254_740_993)
        #expect(try read("-9007199254740993", as: Decimal.self) == Decimal(string: "-9007199254740993"))
    }

    @Test(arguments: [
        ("9223372036854775808", "Int"), ("-9223372036854775809", "Int"), ("128", "Int8"), ("-129", "Int8"),
        ("-1", "UInt"), ("18446744073709551616", "UInt64"), (" 99999999999999999999 ", "Int"),
    ])
    func overflowIsOutOfRangeAndCarriesTheText(_ text: String, _ type: String) {
        let expected = TransformError(.outOfRange, input: text, targetType: type)
        #expect(throws: expected) {
            switch type {
            case "Int": _ = try read(text, as: Int.self)
            case "Int8": _ = try read(text, as: Int8.self)
            case "UInt": _ = try read(text, as: UInt.self)
            default: _ = try read(text, as: UInt64.self)
            }
        }
    }

    @Test func whiteSpaceAroundIsIgnoredAndWithinIsNot() throws {
        #expect(try read(" 42 ", as: Int.self) == 42)
        #expect(try read("\t-42\n", as: Int.self) == -42)
        #expect(try read("\r\n+42\r\n", as: Int.self) == 42)
        #expect(try read("\u{A0}42\u{2003}", as: Int.self) == 42)  // not ASCII: the full parser's
        #expect(throws: TransformError(.notANumber, input: "4 2", targetType: "Int")) { try read("4 2", as: Int.self) }
        #expect(throws: TransformError(.empty, input: " \t ", targetType: "Int")) { try read(" \t ", as: Int.self) }
    }

    @Test func digitsOfOtherScriptsAreReadByTheFullParser() throws {
        #expect(try read("٤٢", as: Int.self) == 42)
        #expect(try read("-۱۲۳۴", as: Int.self) == -1234)
        #expect(try read("4٢", as: Int.self) == 42)
        #expect(try read("४२", as: Int.self, formatter("hi_IN", .decimal)) == 42)
        #expect(throws: TransformError(.notANumber, input: "4²", targetType: "Int")) { try read("4²", as: Int.self) }
    }

    @Test func plainDigitsRespectTheFormattersSymbols() throws {
        // A plus sign that is not `+` makes `+5` not a number, as the full parser says.
        let circled = formatter("en_US", .decimal) { $0.plusSign = "⊕" }
        #expect(throws: TransformError(.notANumber, input: "+5", targetType: "Int")) {
            try read("+5", as: Int.self, circled)
        }
        #expect(try read("5", as: Int.self, circled) == 5)
        // A suffix made of a digit is a suffix, not a digit.
        let zero = formatter("en_US", .decimal) { $0.positiveSuffix = "0" }
        #expect(try read("50", as: Int.self, zero) == 5)
        let percent = formatter("en_US", .percent)
        #expect(try read("25", as: Double.self, percent) == 0.25)
        #expect(throws: TransformError(.fractionNotAllowed, input: "25", targetType: "Int")) {
            try read("25", as: Int.self, percent)
        }
        let age = formatter("en_US", .decimal) {
            $0.minimum = 0
            $0.maximum = 150
        }
        #expect(try read("150", as: Int.self, age) == 150)
        #expect(throws: TransformError(.outOfRange, input: "151", targetType: "Int")) {
            try read("151", as: Int.self, age)
        }
        #expect(throws: TransformError(.outOfRange, input: "-1", targetType: "Int")) {
            try read("-1", as: Int.self, age)
        }
    }
}
