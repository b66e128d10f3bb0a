import Foundation

/// A transformer that stands in for a `String` property and reads it as a number, with the
/// locale and style of a `NumberFormatter`; writing a number formats it back.
///
/// ```swift
/// let formatter = NumberFormatter()
/// formatter.locale = Locale(identifier: "de_DE")
/// formatter.numberStyle = .decimal
/// let price = StringToNumberTransformer<Double>(property: Property(field, \.text), formatter: formatter)
/// field.text = "1.234,5"
/// try price.read()                                // 1234.5
/// try price.write(42)                             // field.text == "42"
/// ```
///
/// Reading is strict: the whole text must be a number in the formatter's locale and style
/// (grouping separators in their places, the formatter's decimal separator, an optional sign,
/// currency or percent symbol, the exponent of a scientific formatter: `1.2E3`), or
/// ``read()`` throws a ``TransformError`` carrying the text: `.empty` for empty or blank
/// text, `.notANumber` for anything else that is not a number,
/// `.fractionNotAllowed` for `"4.5"` read as an integer (never truncated), `.outOfRange` for a
/// number that does not fit the type or the formatter's `minimum` / `maximum`. Integers and
/// `Decimal` are parsed exactly, never through `Double`. The formatter's `multiplier` (any, not
/// only percent's 100) is divided out, and the padding of a `formatWidth` is read back.
///
/// The formatter's symbols are read when the transformer is created; make a new transformer
/// after changing the formatter's locale or style. Writing formats with the formatter as it
/// is then, which rounds to its fraction digits (a formatter that shows two fraction digits
/// shows `0.125` as `"0.12"`, rounding half to even), as a `NumberFormatter` does; numbers
/// with more than 15 significant digits, which corelibs' formatter would garble through
/// `Double`, are written digit for digit in the formatter's symbols. NaN and infinity are not
/// written (`.notRepresentable`): no text would read back as them.
public struct StringToNumberTransformer<Number: ParsableNumber>: Transformer, WritableProperty {
    /// The value this transformer reads and writes: the number.
    public typealias Value = Number

    /// The text property this transformer stands in for.
    public let property: AnyProperty<String>
    /// The formatter whose locale and style the text follows.
    public let formatter: NumberFormatter
    let syntax: NumberSyntax

    /// Creates a transformer that reads the text of `property` as a `Number`.
    ///
    /// ```swift
    /// let age = StringToNumberTransformer<Int>(property: Property(ageField, \.text), formatter: NumberFormatter())
    /// ```
    @inlinable
    public init<Base: WritableProperty>(property: Base, formatter: NumberFormatter) where Base.Value == String {
        // Erased here, in the caller's module, where `Base` is known: an `AnyProperty` made
        // inside the library would read through unspecialized generic code, which costs
        // about as much per update as parsing the number.
        self.init(erasing: AnyProperty(property), formatter: formatter)
    }

    /// Creates a transformer over a property already erased by the caller.
    @usableFromInline
    init(erasing property: AnyProperty<String>, formatter: NumberFormatter) {
        self.property = property
        self.formatter = formatter
        self.syntax = NumberSyntax(formatter)
    }

    /// Reads `input` as a number.
    ///
    /// - Throws: ``TransformError`` with the input text when it is not a number that fits.
    public func transform(_ input: String) throws -> Number {
        let digits: String
        do {
            digits = try syntax.posixDigits(input)
        } catch {
            throw TransformError(error.reason, input: input, targetType: "\(Number.self)")
        }
        if let number = Number(posixDigits: digits) { return number }
        let reason: TransformError.Reason =
            Number.isInteger && digits.contains(".") ? .fractionNotAllowed : .outOfRange
        throw TransformError(reason, input: input, targetType: "\(Number.self)")
    }

    /// Formats `value` with the formatter; a number with more significant digits than the
    /// formatter keeps (15) is formatted exactly, in the formatter's symbols and style, so that
    /// what is written reads back as the same number.
    ///
    /// - Throws: ``TransformError`` with reason `.notRepresentable` for a value that is not a
    ///   finite number (NaN, infinity: no text would read back as it), or when the formatter
    ///   returns no text for it.
    public func reverseTransform(_ value: Number) throws -> String {
        let digits = "\(value)"
        guard digits.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }) else {
            throw TransformError(.notRepresentable, input: digits, targetType: "String")
        }
        if let text = NumberSyntax.exactText(digits, formatter: formatter) { return text }
        guard let text = formatter.string(from: value.formatterValue) else {
            throw TransformError(.notRepresentable, input: "\(value)", targetType: "String")
        }
        return text
    }
}

extension StringToNumberTransformer: CustomStringConvertible {
    /// The text property it stands in for, for failure messages: `\TextField.text`.
    public var description: String { property.description }
}
