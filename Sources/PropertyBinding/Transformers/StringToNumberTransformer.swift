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
/// An optional number (`StringToNumberTransformer<Decimal?>`) reads empty or blank text as
/// `nil` and writes `nil` as empty text:
///
/// ```swift
/// let discount = StringToNumberTransformer<Decimal?>(property: Property(field, \.text), formatter: formatter)
/// field.text = " "
/// try discount.read()                             // nil
/// try discount.write(nil)                         // field.text == ""
/// ```
///
/// Writing formats with the formatter as it is then, rounded to its `maximumFractionDigits` in
/// its rounding mode (`1.755` with two fraction digits is `"1,76"`), and never writes text that
/// does not read back: an integer reads back as itself, a `Double`, `Float` or `Decimal` as the
/// number the text shows, which writes the same text again. Numbers with more significant
/// digits than corelibs' formatter keeps (15) and every number of a `.scientific` formatter are
/// written digit for digit in the formatter's symbols. A value no text would read back as (NaN,
/// infinity, a number the formatter garbles) is refused with `.notRepresentable`, and a
/// `.spellOut` or `.ordinal` formatter with `.styleNotSupported`, reading and writing; the
/// text property then keeps its text. The parser and writer work without a property too:
/// ``NumberTextFormat``.
///
/// The formatter's symbols are read when the transformer is created; make a new transformer
/// after changing the formatter's locale or style.
public struct StringToNumberTransformer<Number: ParsableNumber>: Transformer, WritableProperty {
    /// The value this transformer reads and writes: the number.
    public typealias Value = Number

    /// The text property this transformer stands in for.
    public let property: AnyProperty<String>
    /// The parser and writer of the text, with the formatter's locale and style.
    public let format: NumberTextFormat<Number>
    /// The formatter whose locale and style the text follows.
    public var formatter: NumberFormatter { format.formatter }

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
        self.format = NumberTextFormat(formatter)
    }

    /// Reads `input` as a number; empty or blank text is `nil` when `Number` is an optional.
    ///
    /// - Throws: ``TransformError`` with the input text when it is not a number that fits.
    public func transform(_ input: String) throws -> Number {
        try format.number(from: input)
    }

    /// Formats `value` with the formatter, as text that reads back (see the type's
    /// documentation); `nil` is empty text.
    ///
    /// - Throws: ``TransformError`` with reason `.notRepresentable` for a value no text would
    ///   read back as (NaN, infinity, a number the formatter garbles), `.styleNotSupported` for
    ///   a spell-out or ordinal formatter.
    public func reverseTransform(_ value: Number) throws -> String {
        try format.string(from: value)
    }
}

extension StringToNumberTransformer: CustomStringConvertible {
    /// The text property it stands in for, for failure messages: `\TextField.text`.
    public var description: String { property.description }
}
