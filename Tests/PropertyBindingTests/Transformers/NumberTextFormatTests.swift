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

    // MARK: Optional numbers (issue 13, point 7)

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

    // MARK: Fraction digits (issue 13, point 5)

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
}
