import Foundation

/// A rule a value must pass before a form writes it to the model.
///
/// ```swift
/// let age: [Validator<Int>] = [.range(0...150)]
/// let name: [Validator<String>] = [.nonEmpty, .pattern("^[A-Za-z ]+$", message: "letters only")]
/// let even = Validator<Int>("even") { $0 % 2 == 0 ? nil : "must be even" }
/// ```
public struct Validator<Value>: Sendable {
    /// The rule's name, reported in ``ValidationError/rule``.
    public let name: String
    private let check: @Sendable (Value) -> String?

    /// Creates a rule named `name`; `check` returns nil for a valid value, or a message that
    /// says what is wrong.
    public init(_ name: String, _ check: @escaping @Sendable (Value) -> String?) {
        self.name = name
        self.check = check
    }

    /// Checks `value`.
    ///
    /// - Throws: ``ValidationError`` with this rule's name and message when `value` fails.
    public func validate(_ value: Value) throws {
        if let message = check(value) {
            throw ValidationError(rule: name, message: message, input: "\(value)")
        }
    }
}

extension Validator where Value: Comparable & Sendable {
    /// Accepts values inside `range`.
    public static func range(_ range: ClosedRange<Value>) -> Validator {
        Validator("range") { range.contains($0) ? nil : "must be between \(range.lowerBound) and \(range.upperBound)" }
    }
}

extension Validator where Value == String {
    /// Accepts text that is not empty; text of spaces only counts as empty.
    public static var nonEmpty: Validator {
        Validator("nonEmpty") { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? "must not be empty" : nil }
    }

    /// Accepts strings that match the regular expression `pattern` in full.
    ///
    /// An invalid pattern fails every value, with a message that says so.
    public static func pattern(_ pattern: String, message: String? = nil) -> Validator {
        // `\z`, not `$`: `$` also matches before a final line break, which would accept "12345\n".
        let compiled = try? NSRegularExpression(pattern: "^(?:\(pattern))\\z")
        let message = message ?? "must match \(pattern)"
        return Validator("pattern") { text in
            guard let compiled else { return "invalid pattern \(pattern)" }
            let range = NSRange(text.startIndex..., in: text)
            return compiled.firstMatch(in: text, range: range) == nil ? message : nil
        }
    }
}

/// Why a value failed a ``Validator``; carries the value.
public struct ValidationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The name of the rule that failed (`"range"`, `"nonEmpty"`, `"pattern"`, or yours).
    public let rule: String
    /// What is wrong, for people (`"must be between 0 and 150"`).
    public let message: String
    /// The value that failed, as text.
    public let input: String

    /// Creates the error of `rule` for `input`.
    public init(rule: String, message: String, input: String) {
        self.rule = rule
        self.message = message
        self.input = input
    }

    /// The input and the message: `"200" must be between 0 and 150`.
    public var description: String { "\"\(input)\" \(message)" }
}
