import Foundation
import PropertyBinding
import Testing

@Suite struct NumberTextFormatTests {
    final class Field {
        var text = ""
    }

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

    // MARK: Optional numbers

    @Test func theDocumentedSnippetHolds() throws {
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: "de_DE")
        formatter.numberStyle = .decimal
        let price = NumberTextFormat<Decimal?>(formatter)
        #expect(try price.number(from: "1.234,5") == Decimal(string: "1234.5"))
        #expect(try price.number(from: " ") == nil)
        #expect(try price.string(from: 1234.5) == "1.234,5")
        #expect(try price.string(from: nil) == "")
    }

    @Test func anOptionalDecimalTransformerReadsBlankAsNilAndWritesNilAsEmpty() throws {
        let field = Field()
        let formatter = formatter("de_DE")
        let discount = StringToNumberTransformer<Decimal?>(property: Property(field, \.text), formatter: formatter)
        for blank in ["", " ", "\t", " \u{A0}\n"] {
            field.text = blank
            #expect(try discount.read() == nil)
        }
        field.text = "1.234,5"
        #expect(try discount.read() == Decimal(string: "1234.5"))
        try discount.write(nil)
        #expect(field.text == "")
        try discount.write(Decimal(string: "0.25"))
        #expect(field.text == "0,25")
    }

    @Test func everyOptionalNumberTypeReadsBlankAsNil() throws {
        try expectOptional(Int.self)
        try expectOptional(Int8.self)
        try expectOptional(Int16.self)
        try expectOptional(Int32.self)
        try expectOptional(Int64.self)
        try expectOptional(UInt.self)
        try expectOptional(UInt8.self)
        try expectOptional(UInt16.self)
        try expectOptional(UInt32.self)
        try expectOptional(UInt64.self)
        try expectOptional(Double.self)
        try expectOptional(Float.self)
        try expectOptional(Decimal.self)
    }

    /// `Number?` reads blank as nil, writes nil as "", reads and writes 42 like `Number`, and
    /// refuses what `Number` refuses; `Number` itself still refuses blank text.
    private func expectOptional<Number: ParsableNumber & ExpressibleByIntegerLiteral>(
        _: Number.Type, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let format = NumberTextFormat<Number?>(formatter("en_US"))
        #expect(try format.number(from: "  ") == nil, sourceLocation: sourceLocation)
        #expect(try format.number(from: "42") == 42, sourceLocation: sourceLocation)
        #expect(try format.string(from: nil) == "", sourceLocation: sourceLocation)
        #expect(try format.string(from: 42) == "42", sourceLocation: sourceLocation)
        #expect(
            throws: TransformError(.notANumber, input: "4x", targetType: "Optional<\(Number.self)>"),
            sourceLocation: sourceLocation
        ) { try format.number(from: "4x") }
        #expect(
            throws: TransformError(.empty, input: " ", targetType: "\(Number.self)"), sourceLocation: sourceLocation
        ) { try NumberTextFormat<Number>(formatter("en_US")).number(from: " ") }
    }

    @Test func anOptionalIntegerStillRefusesAFractionAndAnOverflow() {
        let format = NumberTextFormat<Int8?>(NumberFormatter())
        #expect(throws: TransformError(.fractionNotAllowed, input: "4.5", targetType: "Optional<Int8>")) {
            try format.number(from: "4.5")
        }
        #expect(throws: TransformError(.outOfRange, input: "300", targetType: "Optional<Int8>")) {
            try format.number(from: "300")
        }
    }

    @Test func aFailedOptionalWriteLeavesTheText() throws {
        let field = Field()
        field.text = "1.5"
        let number = StringToNumberTransformer<Double?>(property: Property(field, \.text), formatter: NumberFormatter())
        #expect(throws: TransformError(.notRepresentable, input: "nan", targetType: "String")) {
            try number.write(.nan)
        }
        #expect(field.text == "1.5")
    }

    // MARK: Fraction digits

    @Test func writingRespectsTheMaximumFractionDigitsWhenMinimumEqualsMaximum() throws {
        // corelibs' own formatter writes "1,755" here.
        let twoDigits = formatter("de_DE") {
            $0.minimumFractionDigits = 2
            $0.maximumFractionDigits = 2
        }
        #expect(try NumberTextFormat<Double>(twoDigits).string(from: 1.755) == "1,76")
        #expect(try NumberTextFormat<Double>(twoDigits).string(from: 1.5) == "1,50")
        #expect(try NumberTextFormat<Decimal>(twoDigits).string(from: Decimal(string: "1.755")!) == "1,76")
        #expect(try NumberTextFormat<Float?>(twoDigits).string(from: 1.755) == "1,76")
        // Half to even, the formatter's default rounding mode; its other modes are honoured.
        #expect(try NumberTextFormat<Double>(twoDigits).string(from: 0.125) == "0,12")
        twoDigits.roundingMode = .halfUp
        #expect(try NumberTextFormat<Double>(twoDigits).string(from: 0.125) == "0,13")
        twoDigits.roundingMode = .down
        #expect(try NumberTextFormat<Double>(twoDigits).string(from: 1.759) == "1,75")
    }

    @Test func aCurrencyIsWrittenWithTheDigitsItHas() throws {
        // corelibs reports two fraction digits for every currency; ICU writes the currency's own.
        let dinar = formatter("ar_KW", .currency)
        let written = try NumberTextFormat<Double>(dinar).string(from: 1.755)
        #expect(try NumberTextFormat<Double>(dinar).number(from: written) == 1.755)
        #expect(try NumberTextFormat<Decimal>(dinar).string(from: Decimal(string: "1.755")!) == written)
        let tunisian = formatter("fr_TN", .currency)
        #expect(try NumberTextFormat<Double>(tunisian).string(from: 1.755).hasPrefix("1,755"))
        let yen = formatter("ja_JP", .currency)
        #expect(try NumberTextFormat<Double>(yen).string(from: 1.755) == "¥2")
        // Told fewer digits than its currency has, ICU writes the currency's: so does the format.
        let dollars = formatter("en_US", .currency) { $0.maximumFractionDigits = 0 }
        #expect(try NumberTextFormat<Double>(dollars).string(from: 9.75) == "$9.75")
    }

    @Test func aDirectedRoundingModeRoundsOnce() throws {
        let ceiling = formatter("en_US") {
            $0.maximumFractionDigits = 4
            $0.roundingMode = .ceiling
        }
        #expect(try NumberTextFormat<Double>(ceiling).string(from: 0.1 + 0.2) == "0.3001")
        #expect(try NumberTextFormat<Double>(ceiling).string(from: -Double.pi) == "-3.1415")
        let floor = formatter("en_US", .percent) { $0.roundingMode = .floor }
        #expect(try NumberTextFormat<Double>(floor).string(from: 1.0 / 3.0) == "33%")
    }

    @Test func aTextThatDoesNotReadBackAsTheRoundedNumberIsRefused() throws {
        // corelibs writes 1e100 as "0" with significant digits: refused, not written.
        let significant = formatter("en_US", .none) {
            $0.usesSignificantDigits = true
            $0.maximumSignificantDigits = 3
        }
        #expect(throws: TransformError.self) { try NumberTextFormat<Double>(significant).string(from: 1e100) }
        #expect(try NumberTextFormat<Double>(significant).string(from: 3.14159) == "3.14")
        // A scientific text shows every digit: a multiplier corelibs applies through `Double`
        // would change the last ones.
        let scientific = formatter("en_US", .scientific) { $0.multiplier = 3 }
        #expect(throws: TransformError.self) { try NumberTextFormat<Double>(scientific).string(from: 0.1) }
        // Every refusal leaves the field as it was.
        let field = Field()
        field.text = "2"
        let number = StringToNumberTransformer<Double>(property: Property(field, \.text), formatter: significant)
        #expect(throws: TransformError.self) { try number.write(1e100) }
        #expect(field.text == "2")
    }

    @Test func aNegativeThatRoundsToZeroIsWrittenAsZero() throws {
        let increment = formatter("en_US") { $0.roundingIncrement = 0.05 }
        let significant = formatter("en_US") {
            $0.usesSignificantDigits = true
            $0.maximumSignificantDigits = 3
        }
        let tripled = formatter("en_US") {
            $0.multiplier = 3
            $0.maximumFractionDigits = 4
        }
        for formatter in [increment, significant, tripled] {
            let format = NumberTextFormat<Double>(formatter)
            #expect(try format.string(from: -0.0) == format.string(from: 0))
        }
        #expect(try NumberTextFormat<Double>(increment).string(from: -0.024) == "0")
        #expect(try NumberTextFormat<Decimal>(increment).string(from: Decimal(string: "-0.001")!) == "0")
        #expect(try NumberTextFormat<Double>(tripled).string(from: -0.00001) == "0")
    }

    @Test func theRoundedTextReadsBackAndWritesTheSameTextAgain() throws {
        let format = NumberTextFormat<Double>(formatter("de_DE") { $0.maximumFractionDigits = 2 })
        let text = try format.string(from: 1.755)
        #expect(text == "1,76")
        #expect(try format.string(from: format.number(from: text)) == text)
    }

    @Test func percentRoundsTheShownDigits() throws {
        let percent = formatter("en_US", .percent) { $0.maximumFractionDigits = 1 }
        #expect(try NumberTextFormat<Double>(percent).string(from: 0.12345) == "12.3%")
        #expect(try NumberTextFormat<Decimal>(percent).string(from: Decimal(string: "0.12355")!) == "12.4%")
    }

    // MARK: What corelibs writes wrong (one test per cause)

    @Test func aUInt64AtOrAbove2To63IsWrittenPositiveInScientificStyle() throws {
        // corelibs writes UInt64.max as "-1E0" and 2^63 as "-9.223372036854775808E18".
        let format = NumberTextFormat<UInt64>(formatter("en_US", .scientific))
        #expect(try format.string(from: .max) == "1.8446744073709551615E19")
        #expect(try format.string(from: 1 << 63) == "9.223372036854775808E18")
        #expect(try format.number(from: format.string(from: .max)) == .max)
        #expect(try format.number(from: format.string(from: 1 << 63)) == 1 << 63)
    }

    @Test func aDecimalDoesNotDriftThroughScientificStyle() throws {
        // corelibs writes 0.000001 as "1.0000000000000002E-6", which reads back as another number.
        let format = NumberTextFormat<Decimal>(formatter("en_US", .scientific))
        let millionth = Decimal(string: "0.000001")!
        #expect(try format.string(from: millionth) == "1E-6")
        #expect(try format.number(from: "1E-6") == millionth)
        let long = Decimal(string: "-1234.56789012345678901234")!
        #expect(try format.string(from: long) == "-1.23456789012345678901234E3")
        #expect(try format.number(from: format.string(from: long)) == long)
    }

    @Test func theLargestAndSmallestDecimalsRoundTripInScientificStyle() throws {
        let format = NumberTextFormat<Decimal>(formatter("en_US", .scientific))
        for value in [Decimal.greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNonzeroMagnitude] {
            #expect(try format.number(from: format.string(from: value)) == value)
        }
        #expect(try format.string(from: .leastNonzeroMagnitude) == "1E-127")
    }

    @Test(arguments: ["en_CV", "kea_CV", "pt_CV"])
    func aCurrencyDecimalSeparatorUnlikeTheDecimalSeparatorReadsBack(_ locale: String) throws {
        // Cape Verde escudos write the decimal separator as "$" ("1 234$50"); the parser knew only ",".
        let currency = formatter(locale, .currency)
        #expect(currency.currencyDecimalSeparator == "$")
        let format = NumberTextFormat<Decimal>(currency)
        let price = Decimal(string: "1234.5")!
        let written = try format.string(from: price)
        #expect(written.contains("$50"))
        #expect(try format.number(from: written) == price)
        #expect(try format.number(from: try #require(currency.string(from: 1234.5))) == price)
        // en_CV's currency symbol is a zero-width space, and its negative prefix "-\u{200B}\u{A0}".
        #expect(try format.number(from: format.string(from: -price)) == -price)
    }

    @Test func thePOSIXScientificFormatterWritesEveryDigit() throws {
        // corelibs keeps one digit: 42 is "4E+001", which reads back as 40.
        let format = NumberTextFormat<Int>(formatter("en_US_POSIX", .scientific))
        #expect(try format.string(from: 42) == "4.2E+001")
        #expect(try format.number(from: "4.2E+001") == 42)
        #expect(try format.string(from: -123_456_789) == "-1.23456789E+008")
        #expect(try NumberTextFormat<Double>(formatter("en_US_POSIX", .scientific)).string(from: 0.001) == "1E-003")
    }

    @Test(arguments: ["ccp", "ccp_BD", "ccp_IN"])
    func aChakmaScientificExponentIsWrittenInChakmaDigits(_ locale: String) throws {
        // corelibs writes the exponent of these locales with U+FFFD.
        let format = NumberTextFormat<Double>(formatter(locale, .scientific))
        for value in [1234.5, 0.001, -42] {
            let written = try format.string(from: value)
            #expect(!written.unicodeScalars.contains("\u{FFFD}"))
            #expect(try format.number(from: written) == value)
        }
        #expect(try format.string(from: 1234.5) == "\u{11137}.\u{11138}\u{11139}\u{1113A}\u{1113B}E\u{11139}")
    }

    @Test func aTinyNegativeIsWrittenAsZeroWithoutASign() throws {
        // corelibs writes "-0,00 €" and "($0.00)", which read back as zero and then write "0,00 €".
        let euros = NumberTextFormat<Double>(formatter("de_DE", .currency))
        #expect(try euros.string(from: -1e-30) == (try euros.string(from: 0)))
        #expect(try NumberTextFormat<Double>(formatter("en_US", .currencyAccounting)).string(from: -0.001) == "$0.00")
        #expect(
            try NumberTextFormat<Decimal>(formatter("en_US", .decimal)).string(from: -.leastNonzeroMagnitude) == "0")
        #expect(try NumberTextFormat<Float>(formatter("en_US", .percent)).string(from: -0.0) == "0%")
    }

    @Test func aNumberTheFormatterCannotShowIsRefusedAndTheTextKept() throws {
        let field = Field()
        field.text = "7"
        let limited = formatter("en_US") { $0.maximum = 10 }
        let number = StringToNumberTransformer<Int>(property: Property(field, \.text), formatter: limited)
        // The text "42" would be refused on reading (above the formatter's maximum): not written.
        #expect(throws: TransformError(.notRepresentable, input: "42", targetType: "String")) { try number.write(42) }
        #expect(field.text == "7")
        #expect(throws: TransformError(.notRepresentable, input: "inf", targetType: "String")) {
            try NumberTextFormat<Double>(limited).string(from: .infinity)
        }
    }

    @Test func theReadmeRowsForOptionalsAndCapeVerdeHold() throws {
        let optional = NumberTextFormat<Decimal?>(formatter("de_DE"))
        #expect(try optional.number(from: "") == nil)
        #expect(try optional.number(from: " ") == nil)
        #expect(try optional.number(from: "2,5") == Decimal(string: "2.5"))
        #expect(throws: TransformError(.notANumber, input: "x", targetType: "Optional<Decimal>")) {
            try optional.number(from: "x")
        }
        #expect(throws: TransformError.self) { try optional.number(from: "2.5") }
        let escudos = NumberTextFormat<Decimal>(formatter("en_CV", .currency))
        #expect(try escudos.number(from: "1 234$50") == Decimal(string: "1234.5"))
    }
}
