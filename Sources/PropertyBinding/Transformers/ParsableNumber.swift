import Foundation

/// A number type ``StringToNumberTransformer`` and ``NumberTextFormat`` can produce: `Int` and the
/// other fixed-width integers, `Double`, `Float`, `Decimal`, and the optional of each
/// (`Decimal?`), which reads empty text as `nil` and writes `nil` as empty text.
///
/// The transformer reads the text with the formatter's symbols and hands this type plain
/// digits in POSIX form (`-1234.5`), so parsing is exact: no integer goes through `Double`,
/// and a fraction is never truncated.
public protocol ParsableNumber: Equatable, Sendable {
    /// Whether the type holds whole numbers only.
    static var isInteger: Bool { get }

    /// The value that empty or blank text stands for: `nil` for a number type, which refuses
    /// such text (``TransformError/Reason/empty``); `.some(nil)` for an optional, which reads it
    /// as `nil`.
    static var emptyTextValue: Self? { get }

    /// Creates the number from POSIX digits such as `-1234.5`; nil when it does not fit.
    init?(posixDigits: String)

    /// The number in POSIX form (`-1234.5`, `1e-07`), as Swift describes it; nil for an
    /// optional that holds no number, which is written as empty text.
    var posixDescription: String? { get }

    /// The number as an `NSNumber`, for `NumberFormatter.string(from:)`; nil for an optional
    /// that holds no number.
    var formatterValue: NSNumber? { get }
}

extension ParsableNumber {
    /// A number type refuses empty text.
    public static var emptyTextValue: Self? { nil }

    /// The number as Swift describes it.
    public var posixDescription: String? { "\(self)" }
}

extension ParsableNumber where Self: FixedWidthInteger {
    /// Integers hold whole numbers only.
    public static var isInteger: Bool { true }

    /// Parses the digits; nil when they overflow the type.
    @inlinable
    public init?(posixDigits: String) {
        self.init(posixDigits, radix: 10)
    }
}

extension Int: ParsableNumber {
    /// The number as an `NSNumber`.
    public var formatterValue: NSNumber? { NSNumber(value: self) }
}
extension Int8: ParsableNumber {
    /// The number as an `NSNumber`.
    public var formatterValue: NSNumber? { NSNumber(value: self) }
}
extension Int16: ParsableNumber {
    /// The number as an `NSNumber`.
    public var formatterValue: NSNumber? { NSNumber(value: self) }
}
extension Int32: ParsableNumber {
    /// The number as an `NSNumber`.
    public var formatterValue: NSNumber? { NSNumber(value: self) }
}
extension Int64: ParsableNumber {
    /// The number as an `NSNumber`.
    public var formatterValue: NSNumber? { NSNumber(value: self) }
}
extension UInt: ParsableNumber {
    /// The number as an `NSNumber`.
    public var formatterValue: NSNumber? { NSNumber(value: self) }
}
extension UInt8: ParsableNumber {
    /// The number as an `NSNumber`.
    public var formatterValue: NSNumber? { NSNumber(value: self) }
}
extension UInt16: ParsableNumber {
    /// The number as an `NSNumber`.
    public var formatterValue: NSNumber? { NSNumber(value: self) }
}
extension UInt32: ParsableNumber {
    /// The number as an `NSNumber`.
    public var formatterValue: NSNumber? { NSNumber(value: self) }
}
extension UInt64: ParsableNumber {
    /// The number as an `NSNumber`.
    public var formatterValue: NSNumber? { NSNumber(value: self) }
}

extension Double: ParsableNumber {
    /// `Double` holds fractions.
    public static var isInteger: Bool { false }

    /// Parses the digits to the nearest `Double`; nil when the magnitude overflows to infinity
    /// or a non-zero number underflows to zero.
    public init?(posixDigits: String) {
        guard let value = Double(posixDigits), value.isFinite else { return nil }
        if value == 0, posixDigits.contains(where: { $0 >= "1" && $0 <= "9" }) { return nil }
        self = value
    }

    /// The number as an `NSNumber`.
    public var formatterValue: NSNumber? { NSNumber(value: self) }
}

extension Float: ParsableNumber {
    /// `Float` holds fractions.
    public static var isInteger: Bool { false }

    /// Parses the digits to the nearest `Float`; nil when the magnitude overflows to infinity
    /// or a non-zero number underflows to zero.
    public init?(posixDigits: String) {
        guard let value = Float(posixDigits), value.isFinite else { return nil }
        if value == 0, posixDigits.contains(where: { $0 >= "1" && $0 <= "9" }) { return nil }
        self = value
    }

    /// The number as an `NSNumber`.
    public var formatterValue: NSNumber? { NSNumber(value: self) }
}

extension Decimal: ParsableNumber {
    /// `Decimal` holds fractions.
    public static var isInteger: Bool { false }

    /// Parses the digits exactly; nil when a `Decimal` cannot hold them all (more significant
    /// digits than its 128-bit mantissa keeps, 38 or 39), or the exponent is out of its range.
    public init?(posixDigits: String) {
        func significant(_ digits: String) -> Substring {
            let leading = digits.filter(\.isNumber).drop(while: { $0 == "0" })
            return leading.dropLast(leading.reversed().prefix(while: { $0 == "0" }).count)
        }
        let digits = significant(posixDigits)
        guard digits.count <= 39, let value = Decimal(string: posixDigits, locale: Locale(identifier: "en_US_POSIX")),
            !value.isNaN
        else { return nil }
        // `Decimal(string:)` rounds what does not fit its mantissa: keep only an exact parse.
        if digits.count > 38 {
            guard significant(value.description) == digits else { return nil }
        }
        self = value
    }

    /// The number as an `NSDecimalNumber`.
    public var formatterValue: NSNumber? { NSDecimalNumber(decimal: self) }
}

extension Optional: ParsableNumber where Wrapped: ParsableNumber {
    /// An optional holds what its number type holds.
    public static var isInteger: Bool { Wrapped.isInteger }

    /// Empty or blank text is `nil`.
    public static var emptyTextValue: Self? { .some(nil) }

    /// Parses the digits as a `Wrapped`; nil when they do not fit it.
    public init?(posixDigits: String) {
        guard let number = Wrapped(posixDigits: posixDigits) else { return nil }
        self = .some(number)
    }

    /// The number's POSIX form; nil for `nil`, which is written as empty text.
    public var posixDescription: String? { self?.posixDescription }

    /// The number as an `NSNumber`; nil for `nil`.
    public var formatterValue: NSNumber? { self?.formatterValue }
}
