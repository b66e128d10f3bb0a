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
        self.formatter = formatter
        self.syntax = NumberSyntax(formatter)
    }

    /// Reads `text` as a number; empty or blank text is `nil` when `Number` is an optional.
    ///
    /// - Throws: ``TransformError`` with `text` as its input when the whole text is not a
    ///   number of this type in the formatter's locale and style.
    public func number(from text: String) throws(TransformError) -> Number {
        let digits: String
        do {
            digits = try syntax.posixDigits(text)
        } catch {
            if error.reason == .empty, let empty = Number.emptyTextValue { return empty }
            throw TransformError(error.reason, input: text, targetType: "\(Number.self)")
        }
        if let number = Number(posixDigits: digits) { return number }
        let reason: TransformError.Reason =
            Number.isInteger && digits.contains(".") ? .fractionNotAllowed : .outOfRange
        throw TransformError(reason, input: text, targetType: "\(Number.self)")
    }

    /// Writes `number` as the formatter would, rounded to its fraction digits; `nil` (of an
    /// optional) is empty text.
    ///
    /// - Throws: ``TransformError`` with reason `.notRepresentable` for NaN, infinity, or a
    ///   number whose text would not read back (see the type's documentation), and
    ///   `.styleNotSupported` for a spell-out or ordinal formatter.
    public func string(from number: Number) throws(TransformError) -> String {
        guard let digits = number.posixDescription else { return "" }
        let text = try unverifiedString(digits, number.formatterValue)
        // The formatter has defects (corelibs garbles some exponents, drops digits, writes
        // `-0`): what it writes is kept only when it reads back.
        if let back = try? self.number(from: text) {
            if back == number { return text }
            if !Number.isInteger, let digits = back.posixDescription,
                (try? unverifiedString(digits, back.formatterValue)) == text
            {
                return text
            }
        }
        throw TransformError(.notRepresentable, input: digits, targetType: "String")
    }

    /// The text of the number whose POSIX description is `digits`, not yet checked.
    private func unverifiedString(_ digits: String, _ value: NSNumber?) throws(TransformError) -> String {
        guard syntax.supportsStyle else {
            throw TransformError(.styleNotSupported, input: digits, targetType: "String")
        }
        guard let expanded = NumberSyntax.expandingExponent(digits), NumberSyntax.isPOSIXNumber(expanded) else {
            throw TransformError(.notRepresentable, input: digits, targetType: "String")
        }
        if syntax.exponentSymbol != nil, let text = NumberSyntax.scientificText(expanded, formatter: formatter) {
            return text
        }
        let shown = NumberSyntax.roundedToShownDigits(expanded, formatter: formatter) ?? expanded
        if let text = NumberSyntax.exactText(shown, formatter: formatter) { return text }
        let formatted =
            shown == digits ? value : NSDecimalNumber(string: shown, locale: Locale(identifier: "en_US_POSIX"))
        guard let formatted, let text = formatter.string(from: formatted) else {
            throw TransformError(.notRepresentable, input: digits, targetType: "String")
        }
        return text
    }
}
