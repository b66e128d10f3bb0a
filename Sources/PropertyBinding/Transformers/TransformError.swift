/// Why a transformer could not convert a value; carries the input it was given.
///
/// ```swift
/// do { try age.read() } catch let error as TransformError {
///     print(error.reason, error.input)          // notANumber forty
/// }
/// ```
public struct TransformError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was wrong with the input.
    public enum Reason: Equatable, Sendable {
        /// The text was empty or blank.
        case empty
        /// The text is not a number in the formatter's locale and style.
        case notANumber
        /// The number does not fit the target type (too large, or more digits than it keeps),
        /// or lies outside the formatter's `minimum` / `maximum`.
        case outOfRange
        /// The number has a fraction and the target type (or the formatter) takes whole numbers
        /// only; it is never truncated.
        case fractionNotAllowed
        /// The value cannot be shown by the formatter as text that reads back as it (NaN,
        /// infinity, a number the formatter garbles).
        case notRepresentable
        /// The formatter's style is one numbers are not read or written in: `.spellOut` and
        /// `.ordinal` ("forty-two", "42nd") follow spelling rules, not symbols.
        case styleNotSupported
        /// A reason of a transformer of your own.
        case other(String)
    }

    /// What was wrong.
    public let reason: Reason
    /// The value that could not be converted, as text.
    public let input: String
    /// The type it was to be converted to.
    public let targetType: String

    /// Creates an error for `input`, which could not become a `targetType`.
    public init(_ reason: Reason, input: String, targetType: String) {
        self.reason = reason
        self.input = input
        self.targetType = targetType
    }

    /// A sentence that says what failed and quotes the input.
    public var description: String {
        let what: String
        switch reason {
        case .empty: what = "is empty"
        case .notANumber: what = "is not a number"
        case .outOfRange: what = "is out of range for \(targetType)"
        case .fractionNotAllowed: what = "has a fraction, and \(targetType) takes whole numbers only"
        case .notRepresentable: what = "cannot be shown as \(targetType)"
        case .styleNotSupported: what = "cannot be read or written with a spell-out or ordinal formatter"
        case .other(let reason): what = reason
        }
        return "\"\(input)\" \(what)"
    }
}
