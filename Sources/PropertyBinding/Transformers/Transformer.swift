/// A property that stands in for another property and converts its value: reading converts
/// forward, writing converts back.
///
/// A transformer is created with the property it wraps, so chaining is wrapping, to any depth:
///
/// ```swift
/// let ageText = Property(form.ageField, \.text)              // String
/// let age = StringToNumberTransformer<Int>(property: ageText, formatter: formatter)  // Int
/// let months = age.map { $0 * 12 } reverse: { $0 / 12 }      // Int
/// ```
///
/// Conform a type of your own by naming the wrapped ``property`` and implementing
/// ``transform(_:)`` and ``reverseTransform(_:)``; ``ReadableProperty/read()`` and
/// ``WritableProperty/write(_:)`` come for free. A conversion that can fail throws an error
/// that carries the input (for example ``TransformError``); a binding then writes nothing and
/// reports it.
public protocol Transformer<Value>: ReadableProperty {
    /// The type of the property this transformer wraps.
    associatedtype Base: ReadableProperty

    /// The property this transformer stands in for.
    var property: Base { get }

    /// Converts a value of the wrapped property into this transformer's value.
    ///
    /// - Throws: an error carrying `input` when it cannot be converted.
    func transform(_ input: Base.Value) throws -> Value

    /// Converts a value back into a value of the wrapped property.
    ///
    /// - Throws: an error carrying `value` when it cannot be converted.
    func reverseTransform(_ value: Value) throws -> Base.Value
}

extension Transformer {
    /// Reads the wrapped property and converts its value with ``transform(_:)``.
    ///
    /// - Throws: the wrapped property's error, or the conversion's.
    @inlinable
    public func read() throws -> Value {
        try transform(property.read())
    }
}

extension Transformer where Self: WritableProperty, Base: WritableProperty {
    /// Converts `newValue` with ``reverseTransform(_:)`` and writes it to the wrapped property;
    /// nothing is written when the conversion fails.
    ///
    /// - Throws: the conversion's error, or the wrapped property's.
    @inlinable
    public func write(_ newValue: Value) throws {
        try property.write(reverseTransform(newValue))
    }

    /// Converts `newValue` with ``reverseTransform(_:)`` and checks the result with the wrapped
    /// property's ``WritableProperty/validateWrite(_:)``, writing nothing.
    ///
    /// - Throws: the conversion's error, or the wrapped property's.
    @inlinable
    public func validateWrite(_ newValue: Value) throws {
        try property.validateWrite(reverseTransform(newValue))
    }
}
