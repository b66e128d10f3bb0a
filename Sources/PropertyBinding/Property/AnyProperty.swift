/// A type-erased property: stores any ``ReadableProperty`` or ``WritableProperty`` of one
/// value type, so properties of different objects can share a collection.
///
/// ```swift
/// let fields: [AnyProperty<String>] = [
///     AnyProperty(Property(nameField, \.text)),
///     AnyProperty(Property(person, \.name)),
/// ]
/// for field in fields { try field.write("") }
/// ```
///
/// An `AnyProperty` made from a read-only property throws ``PropertyError/readOnly(_:)`` on
/// ``write(_:)``.
public struct AnyProperty<Value>: WritableProperty {
    @usableFromInline let _read: () throws -> Value
    @usableFromInline let _write: ((Value) throws -> Void)?
    @usableFromInline let _validateWrite: ((Value) throws -> Void)?
    @usableFromInline let _description: String
    /// The wrapped property, so a `TriggerRegistry` can find the object and key path behind it.
    @usableFromInline let _base: any ReadableProperty

    /// Wraps a property that can be read and written.
    @inlinable
    public init<Base: WritableProperty>(_ base: Base) where Base.Value == Value {
        if let already = base as? AnyProperty<Value> {
            self = already
            return
        }
        _read = base.read
        _write = base.write
        _validateWrite = base.validateWrite
        _description = String(describing: base)
        _base = base
    }

    /// Wraps a property that can only be read; writing throws ``PropertyError/readOnly(_:)``.
    @inlinable
    public init<Base: ReadableProperty>(readOnly base: Base) where Base.Value == Value {
        _read = base.read
        _write = nil
        _validateWrite = nil
        _description = String(describing: base)
        _base = base
    }

    /// Whether ``write(_:)`` can succeed (the wrapped property is writable).
    public var isWritable: Bool { _write != nil }

    /// Reads the wrapped property.
    ///
    /// - Throws: whatever the wrapped property throws.
    @inlinable
    public func read() throws -> Value { try _read() }

    /// Writes the wrapped property.
    ///
    /// - Throws: ``PropertyError/readOnly(_:)`` for a read-only property, otherwise whatever the
    ///   wrapped property throws.
    @inlinable
    public func write(_ newValue: Value) throws {
        guard let write = _write else { throw PropertyError.readOnly(_description) }
        try write(newValue)
    }

    /// Checks a write with the wrapped property, writing nothing.
    ///
    /// - Throws: ``PropertyError/readOnly(_:)`` for a read-only property, otherwise what the
    ///   wrapped property's check throws.
    @inlinable
    public func validateWrite(_ newValue: Value) throws {
        guard let validateWrite = _validateWrite else { throw PropertyError.readOnly(_description) }
        try validateWrite(newValue)
    }
}

extension AnyProperty: CustomStringConvertible {
    /// The description of the wrapped property.
    public var description: String { _description }
}
