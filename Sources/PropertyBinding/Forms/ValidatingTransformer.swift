/// A transformer that passes values through unchanged after checking them with validators:
/// a value that fails is never read (so never written by a binding).
///
/// ```swift
/// let age = StringToNumberTransformer<Int>(property: Property(ageField, \.text), formatter: formatter)
///     .validated(by: [.range(0...150)])
/// ```
public struct ValidatingTransformer<Base: ReadableProperty>: Transformer {
    /// The value type, the wrapped property's.
    public typealias Value = Base.Value

    /// The property whose values are checked.
    public let property: Base
    /// The rules a value must pass, in order.
    public let validators: [Validator<Base.Value>]
    /// The form's rules over several fields that report on this one, checked after `validators`.
    @usableFromInline let rules: FieldRules?

    /// Creates a transformer that checks `property`'s values with `validators`.
    public init(property: Base, validators: [Validator<Base.Value>]) {
        self.init(property: property, validators: validators, rules: nil)
    }

    @usableFromInline
    init(property: Base, validators: [Validator<Base.Value>], rules: FieldRules?) {
        self.property = property
        self.validators = validators
        self.rules = rules
    }

    /// Reads the wrapped property and checks its value with ``transform(_:)``. Declared here,
    /// not taken from ``Transformer``'s default, so that the wrapped property is read where it
    /// is stored: the default reads it through the protocol's getter, which copies it (and a
    /// copy of a ``Property`` copies its weak reference), a visible share of a two-way
    /// iteration (Benchmarks/README.md).
    ///
    /// - Throws: the wrapped property's error, or the ``ValidationError`` of the first rule the
    ///   value fails.
    @inlinable
    public func read() throws -> Value {
        try transform(property.read())
    }

    /// Returns `input` if it passes every validator (and every rule of its form that reports
    /// on this field).
    ///
    /// - Throws: the ``ValidationError`` of the first rule it fails.
    @inlinable
    public func transform(_ input: Base.Value) throws -> Base.Value {
        for validator in validators { try validator.validate(input) }
        try rules?.check { "\(input)" }
        return input
    }

    /// Returns `value` unchanged: values from the model are not validated.
    @inlinable
    public func reverseTransform(_ value: Base.Value) throws -> Base.Value {
        value
    }
}

extension ValidatingTransformer: WritableProperty where Base: WritableProperty {}

extension ReadableProperty {
    /// Returns this property, checked by `validators` on every read.
    public func validated(by validators: [Validator<Value>]) -> ValidatingTransformer<Self> {
        ValidatingTransformer(property: self, validators: validators)
    }
}

extension ValidatingTransformer: CustomStringConvertible {
    /// The wrapped property and the names of the rules: `\\Form.age (range)`; only the property
    /// when there is no rule.
    public var description: String {
        validators.isEmpty ? "\(property)" : "\(property) (\(validators.map(\.name).joined(separator: ", ")))"
    }
}
