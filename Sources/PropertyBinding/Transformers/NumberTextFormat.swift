import Foundation

/// Numbers as text in the locale and style of a `NumberFormatter`: the strict parser and the
/// exact writer of ``StringToNumberTransformer``, usable on their own (in a validator, or a
/// transformer of your own).
///
/// ```swift
/// let formatter = NumberFormatter()
/// formatter.locale = Locale(identifier: "de_DE")
/// formatter.numberStyle = .decimal
/// let price = NumberTextFormat<Decimal?>(formatter)
/// try price.number(from: "1.234,5")   // 1234.5
/// try price.number(from: " ")         // nil: an optional reads empty text as nil
/// try price.string(from: 1234.5)      // "1.234,5"
/// try price.string(from: nil)         // ""
/// ```
///
/// Reading is strict: the whole text must be a number in the formatter's locale and style, or
/// ``number(from:)`` throws a ``TransformError`` carrying the text (see
/// ``StringToNumberTransformer`` for the reasons). Writing formats with the formatter, rounded
/// to its fraction digits, and checks that the text reads back: as the same number for an
/// integer, as the number the text shows for `Double`, `Float` and `Decimal` (which then writes
/// the same text again). A number the formatter cannot show that way is refused with
/// ``TransformError/Reason/notRepresentable``, never written as text that does not read back.
///
/// The formatter's symbols are read when the format is created: make a new one after changing
/// the formatter's locale or style.
public struct NumberTextFormat<Number: ParsableNumber> {
    /// The formatter whose locale and style the text follows.
    public let formatter: NumberFormatter
    let syntax: NumberSyntax

    /// Creates a format that reads and writes numbers the way `formatter` does.
    ///
    /// ```swift
    /// let age = NumberTextFormat<Int>(NumberFormatter())
    /// ```
    public init(_ formatter: NumberFormatter) {
        self.init(formatter, syntax: NumberSyntax(formatter))
    }

    /// Creates a format from symbols already read from `formatter`.
    init(_ formatter: NumberFormatter, syntax: NumberSyntax) {
        self.formatter = formatter
        self.syntax = syntax
    }

    /// Reads `text` as a number; empty or blank text is `nil` when `Number` is an optional.
    ///
    /// - Throws: ``TransformError`` with `text` as its input when the whole text is not a
    ///   number of this type in the formatter's locale and style, and `.styleNotSupported`
    ///   for a spell-out, ordinal or currency-plural formatter.
    public func number(from text: String) throws(TransformError) -> Number {
        try syntax.number(from: text)
    }

    /// Writes `number` as the formatter would, rounded to its fraction digits; `nil` (of an
    /// optional) is empty text.
    ///
    /// - Throws: ``TransformError`` with reason `.notRepresentable` for NaN, infinity, or a
    ///   number whose text would not read back (see the type's documentation), and
    ///   `.styleNotSupported` for a spell-out, ordinal or currency-plural formatter.
    public func string(from number: Number) throws(TransformError) -> String {
        guard syntax.supportsStyle else {
            throw TransformError(.styleNotSupported, input: number.posixDescription ?? "nil", targetType: "String")
        }
        guard let digits = number.posixDescription else { return "" }
        // A negative zero is written as zero: corelibs writes "-0", which reads back as 0, and 0
        // is then written "0".
        if digits.hasPrefix("-"), digits.dropFirst().allSatisfy({ $0 == "0" || $0 == "." }),
            let zero = Number(posixDigits: "0")
        {
            return try string(from: zero)
        }
        let written = try unverifiedString(digits, number.formatterValue)
        // The formatter has defects (corelibs garbles some exponents, drops digits, writes `-0`,
        // rounds through `Double`): what it writes is kept only when it reads back as the
        // number, or, for a fraction, as the number rounded exactly to the digits shown.
        if let back = try? self.number(from: written.text) {
            if back == number { return written.text }
            if !Number.isInteger {
                if let expected = written.expected {
                    if let rounded = Number(posixDigits: expected), back == rounded { return written.text }
                } else if isWithinRounding(back, of: number), let digits = back.posixDescription,
                    let again = try? unverifiedString(digits, back.formatterValue)
                {
                    // Within the formatter's rounding: kept when it is written the same again;
                    // otherwise the text of what it reads back as, when that reads back as
                    // itself (corelibs writes -0.001 with an increment as "-0", read as 0,
                    // which is written "0").
                    if again.text == written.text { return written.text }
                    if let backAgain = try? self.number(from: again.text), backAgain == back { return again.text }
                }
            }
        }
        throw TransformError(.notRepresentable, input: digits, targetType: "String")
    }

    /// The text of the number whose POSIX description is `digits`, not yet checked, and the
    /// POSIX digits it must read back as when that is known: the number rounded exactly to the
    /// fraction digits the formatter shows (nil when it rounds to significant digits or to an
    /// increment, or multiplies by other than a power of ten).
    private func unverifiedString(_ digits: String, _ value: NSNumber?) throws(TransformError) -> (
        text: String, expected: String?
    ) {
        guard let expanded = NumberSyntax.expandingExponent(digits), NumberSyntax.isPOSIXNumber(expanded) else {
            throw TransformError(.notRepresentable, input: digits, targetType: "String")
        }
        if syntax.exponentSymbol != nil, let text = NumberSyntax.scientificText(expanded, formatter: formatter) {
            return (text, formatter.usesSignificantDigits ? nil : expanded)
        }
        let rounded = NumberSyntax.roundedToShownDigits(
            expanded, formatter: formatter, fractionDigits: syntax.fractionDigits)
        let shown = rounded ?? expanded
        if let text = NumberSyntax.exactText(shown, formatter: formatter, fractionDigits: syntax.fractionDigits) {
            return (text, rounded)
        }
        // A value rounded here already is written in half-even mode: the formatter's own
        // directed rounding would apply again to the binary value corelibs converts it to.
        let writer = rounded != nil ? syntax.halfEvenFormatter?.formatter ?? formatter : formatter
        let formatted =
            shown == expanded ? value : NSDecimalNumber(string: shown, locale: Locale(identifier: "en_US_POSIX"))
        guard let formatted, let text = writer.string(from: formatted) else {
            throw TransformError(.notRepresentable, input: digits, targetType: "String")
        }
        return (text, rounded)
    }

    /// Whether `back`, read from the text written for `number`, differs from it by no more
    /// than the formatter's rounding can: a unit of the last significant digit kept, the
    /// rounding increment, or a unit of the last fraction digit shown. In `Decimal` when both
    /// numbers fit one, else in `Double`.
    private func isWithinRounding(_ back: Number, of number: Number) -> Bool {
        // Without significant digits or an increment, a scientific text shows every digit.
        guard
            formatter.usesSignificantDigits || formatter.roundingIncrement.doubleValue > 0
                || syntax.exponentSymbol == nil,
            let read = back.posixDescription, let value = number.posixDescription
        else { return false }
        let multiplier = abs(formatter.multiplier?.decimalValue ?? 1)
        guard multiplier != 0 else { return false }
        // The rounding allowed: a unit of the last significant digit kept, relative to the
        // value (its power of ten), or a unit of the last fraction digit shown; and at least
        // the increment. Both in the number's own scale (the text shows it times `multiplier`);
        // a unit below 1e-100 is taken as 1e-100, which `Decimal` still holds.
        let significantPower = formatter.usesSignificantDigits ? 1 - max(1, formatter.maximumSignificantDigits) : nil
        var unit: Decimal =
            formatter.usesSignificantDigits || syntax.exponentSymbol != nil
            ? 0 : 1 / (pow(10, min(syntax.fractionDigits.maximum, 100)) * multiplier)
        unit = max(unit, formatter.roundingIncrement.decimalValue / multiplier)
        if let read = Self.decimal(read), let value = Self.decimal(value) {
            let relative = significantPower.map { abs(value) * pow(10, $0) } ?? 0
            return abs(read - value) <= max(relative, unit)
        }
        guard let read = Double(read), let value = Double(value), read.isFinite, value.isFinite else { return false }
        let relative = significantPower.map { abs(value) * Foundation.pow(10, Double($0)) } ?? 0
        return abs(read - value) <= max(relative, NSDecimalNumber(decimal: unit).doubleValue)
    }

    /// POSIX digits as a `Decimal`, when its exponent can hold them; nil otherwise. The digits
    /// are a `Double`'s, a `Float`'s (17 at most) or a `Decimal`'s own, which it holds exactly.
    private static func decimal(_ digits: String) -> Decimal? {
        // Decimal's exponent reaches ±127 and its mantissa 38 digits.
        guard let magnitude = Double(digits).map(abs), magnitude < 1e100, magnitude == 0 || magnitude > 1e-100,
            let expanded = NumberSyntax.expandingExponent(digits)
        else { return nil }
        return Decimal(string: expanded, locale: Locale(identifier: "en_US_POSIX"))
    }
}

extension NumberSyntax {
    /// Reads `text` as a `Number`; the parser of ``NumberTextFormat`` and of
    /// ``StringToNumberTransformer``, which calls it directly: a format made on each read would
    /// cost a look-up of its generic type, a twentieth of the read.
    func number<Number: ParsableNumber>(from text: String) throws(TransformError) -> Number {
        guard supportsStyle else {
            throw TransformError(.styleNotSupported, input: text, targetType: "\(Number.self)")
        }
        let digits: String
        do {
            digits = try posixDigits(text)
        } catch {
            if error.reason == .empty, let empty = Number.emptyTextValue { return empty }
            throw TransformError(error.reason, input: text, targetType: "\(Number.self)")
        }
        if let number = Number(posixDigits: digits) { return number }
        let reason: TransformError.Reason =
            Number.isInteger && digits.contains(".") ? .fractionNotAllowed : .outOfRange
        throw TransformError(reason, input: text, targetType: "\(Number.self)")
    }
}
