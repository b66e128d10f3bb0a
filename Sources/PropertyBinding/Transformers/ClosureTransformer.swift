/// A transformer made of two closures: one converts forward, the other back.
///
/// Usually made with ``WritableProperty/map(_:reverse:)``:
///
/// ```swift
/// let upper = Property(person, \.name).map { $0.uppercased() } reverse: { $0.capitalized }
/// try upper.write("ANN")                          // person.name == "Ann"
/// ```
///
/// Without a reverse closure the transformer is read-only: ``reverseTransform(_:)`` throws
/// ``PropertyError/readOnly(_:)``.
public struct ClosureTransformer<Base: ReadableProperty, Value>: Transformer {
    /// The property this transformer stands in for.
    public let property: Base
    @usableFromInline let forward: (Base.Value) throws -> Value
    @usableFromInline let reverse: ((Value) throws -> Base.Value)?

    /// Creates a transformer over `property` that converts with `forward` and back with
    /// `reverse` (nil for a read-only transformer).
    @inlinable
    public init(
        property: Base,
        forward: @escaping (Base.Value) throws -> Value,
        reverse: ((Value) throws -> Base.Value)? = nil
    ) {
        self.property = property
        self.forward = forward
        self.reverse = reverse
    }

    /// Converts with the forward closure.
    ///
    /// - Throws: whatever the forward closure throws.
    @inlinable
    public func transform(_ input: Base.Value) throws -> Value {
        try forward(input)
    }

    /// Converts back with the reverse closure.
    ///
    /// - Throws: ``PropertyError/readOnly(_:)`` without a reverse closure, otherwise whatever
    ///   it throws.
    @inlinable
    public func reverseTransform(_ value: Value) throws -> Base.Value {
        guard let reverse else { throw PropertyError.readOnly("a transformer without a reverse closure") }
        return try reverse(value)
    }
}

extension ClosureTransformer: WritableProperty where Base: WritableProperty {}

extension ReadableProperty {
    /// Returns a read-only transformer that converts this property's value with `transform`.
    ///
    /// ```swift
    /// let greeting = Property(person, \.name).map { "Hello, \($0)" }
    /// ```
    ///
    /// Without a way back, the result is not a ``WritableProperty``: using it as the destination
    /// of a ``Binding`` or the form side of a ``TwoWayBinding`` does not compile. Add `reverse:`
    /// (``WritableProperty/map(_:reverse:)``) for a transformer that writes.
    @inlinable
    public func map<T>(_ transform: @escaping (Value) throws -> T) -> ReadOnlyTransformer<Self, T> {
        ReadOnlyTransformer(property: self, forward: transform)
    }
}

extension WritableProperty {
    /// Returns a transformer that converts this property's value with `transform` and back
    /// with `reverse`.
    ///
    /// ```swift
    /// let cents = Property(order, \.euros).map { Int($0 * 100) } reverse: { Double($0) / 100 }
    /// ```
    @inlinable
    public func map<T>(
        _ transform: @escaping (Value) throws -> T,
        reverse: @escaping (T) throws -> Value
    ) -> ClosureTransformer<Self, T> {
        ClosureTransformer(property: self, forward: transform, reverse: reverse)
    }
}

extension ClosureTransformer: CustomStringConvertible {
    /// The property it stands in for, for failure messages: `\Person.name`.
    public var description: String { String(describing: property) }
}
