/// A value a binding can read: a ``Property``, a transformer, or your own type.
///
/// Bindings and transformers talk to this protocol, never to a concrete property, so a
/// transformer can stand wherever a property stands:
///
/// ```swift
/// let age = Property(person, \.age)              // ReadableProperty<Int>
/// let text = age.map { String($0) }              // ReadableProperty<String>
/// print(try text.read())                         // "42"
/// ```
public protocol ReadableProperty<Value> {
    /// The type of the value this property reads.
    associatedtype Value

    /// Returns the current value.
    ///
    /// - Throws: ``PropertyError/objectDeallocated(root:keyPath:)`` when the object is gone,
    ///   or the error of a transformer that could not convert the value.
    func read() throws -> Value
}

/// A value a binding can read and write: the destination of a ``Binding``.
///
/// ```swift
/// let name = Property(person, \.name)
/// try name.write("Ann")                          // person.name == "Ann"
/// ```
public protocol WritableProperty<Value>: ReadableProperty {
    /// Stores `newValue`.
    ///
    /// - Throws: ``PropertyError/objectDeallocated(root:keyPath:)`` when the object is gone,
    ///   or the error of a transformer that could not convert the value back. Nothing is
    ///   written when this throws.
    func write(_ newValue: Value) throws
}
