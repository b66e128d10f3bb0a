/// A transformer that converts one way only: reading converts, and it is not a
/// ``WritableProperty``, so the type system keeps it out of every place that writes.
///
/// Made with ``ReadableProperty/map(_:)``:
///
/// ```swift
/// let greeting = Property(person, \.name).map { "Hello, \($0)" }   // ReadOnlyTransformer
/// print(try greeting.read())                                       // "Hello, Ann"
/// let showGreeting = Binding(source: greeting, destination: Property(label, \.text))
/// ```
///
/// ``reverseTransform(_:)`` exists because every ``Transformer`` has one; it throws
/// ``PropertyError/readOnly(_:)``.
public struct ReadOnlyTransformer<Base: ReadableProperty, Value>: Transformer {
    /// The property this transformer stands in for.
    public let property: Base
    @usableFromInline let forward: (Base.Value) throws -> Value

    /// Creates a transformer over `property` that converts with `forward`.
    @inlinable
    public init(property: Base, forward: @escaping (Base.Value) throws -> Value) {
        self.property = property
        self.forward = forward
    }

    /// Converts with the forward closure.
    ///
    /// - Throws: whatever the forward closure throws.
    @inlinable
    public func transform(_ input: Base.Value) throws -> Value {
        try forward(input)
    }

    /// Throws: a read-only transformer has no way back.
    ///
    /// - Throws: ``PropertyError/readOnly(_:)``, always.
    public func reverseTransform(_ value: Value) throws -> Base.Value {
        throw PropertyError.readOnly("a transformer made with map(_:), without reverse:")
    }
}

extension ReadOnlyTransformer: CustomStringConvertible {
    /// The property it stands in for, for failure messages: `\Person.name`.
    public var description: String { String(describing: property) }
}
