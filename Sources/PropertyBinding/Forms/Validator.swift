import Foundation

/// A rule a value must pass before a form writes it to the model.
///
/// ```swift
/// let age: [Validator<Int>] = [.range(0...150)]
/// let name: [Validator<String>] = [.nonEmpty, .pattern("^[A-Za-z ]+$", message: "letters only")]
/// let even = Validator<Int>("even") { $0 % 2 == 0 ? nil : "must be even" }
/// let matches = Validator<String>("matches") { $0 == passwordField.text ? nil : "does not match" }
/// ```
///
/// A rule may read another field or the model, as `matches` does: it captures them, so it is
/// not `Sendable`. It runs where the form's updates run: on the thread that edits the field
/// (the one its form trigger fires on, the main thread of an app), or that calls `commit()`,
/// `validate()` or `isValid`, never concurrently with another update of the same field.
public struct Validator<Value> {
    /// The rule's name, reported in ``ValidationError/rule``.
    public let name: String
    private let check: (Value) -> String?

    /// Creates a rule named `name`; `check` returns nil for a valid value, or a message that
    /// says what is wrong.
    public init(_ name: String, _ check: @escaping (Value) -> String?) {
        self.name = name
        self.check = check
    }

    /// Creates a rule named `name` that reads another model property, `other`: `check` receives
    /// the value to check and `other`'s value, and returns nil for a valid value, or a message.
    ///
    /// ```swift
    /// let fits = Validator<Int>("fits the room", reading: Property(booking, \.capacity)) { guests, capacity in
    ///     guests <= capacity ? nil : "must be at most \(capacity)"
    /// }
    /// ```
    ///
    /// During a ``BindingForm/commit()`` (and ``BindingForm/validate()``, ``BindingForm/isValid``),
    /// `other` reads as the commit will leave the model: when a field of the form writes
    /// `other` (its model side is the same object and key path, a ``Property``), the value that
    /// field's edit writes, whether the field comes before or after this one; otherwise the
    /// model's value now. So the commit checks this rule against the values it writes before it
    /// writes any, and a failure writes nothing. Outside a form's commit, `other` is read as it is.
    /// A value of `other` that cannot be read (its object is gone) fails the rule.
    public init<Other: ReadableProperty>(
        _ name: String, reading other: Other, _ check: @escaping (Value, Other.Value) -> String?
    ) {
        self.init(name) { value in
            do {
                return check(value, try CommitView.value(of: other))
            } catch {
                return "cannot read \(other): \(error)"
            }
        }
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

extension Validator {
    /// Accepts `nil` and values inside `range`: the range of an optional field.
    ///
    /// ```swift
    /// let salary: [Validator<Decimal?>] = [.range(0...1_000_000)]
    /// ```
    public static func range<Wrapped: Comparable & Sendable>(_ range: ClosedRange<Wrapped>) -> Validator
    where Value == Wrapped? {
        let wrapped = Validator<Wrapped>.range(range)
        return Validator("range") { value in value.flatMap(wrapped.check) }
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
