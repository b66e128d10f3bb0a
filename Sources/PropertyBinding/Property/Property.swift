/// A property of an object, named by a key path: reads and writes `object[keyPath: keyPath]`.
///
/// A property never keeps its object alive. Once the object is gone, ``read()`` and
/// ``write(_:)`` throw ``PropertyError/objectDeallocated(root:keyPath:)`` instead of crashing.
///
/// ```swift
/// final class Person { var name = "" }
/// let person = Person()
/// let name = Property(person, \.name)
/// try name.write("Ann")
/// print(try name.read())                         // "Ann"
/// ```
///
/// The accessors are made when the property is created, from the key path the caller wrote,
/// so that an update need not apply a key path at run time.
public struct Property<Root: AnyObject, Value>: WritableProperty {
    /// The key path this property reads and writes.
    public let keyPath: ReferenceWritableKeyPath<Root, Value>
    @usableFromInline weak var _object: Root?
    @usableFromInline let _get: (Root) -> Value
    @usableFromInline let _set: (Root, Value) -> Void

    /// Creates a property of `object` at `keyPath`; `object` is held weakly.
    ///
    /// ```swift
    /// let age = Property(person, \.age)
    /// ```
    @inlinable
    public init(_ object: Root, _ keyPath: ReferenceWritableKeyPath<Root, Value>) {
        self._object = object
        self.keyPath = keyPath
        self._get = { $0[keyPath: keyPath] }
        self._set = { $0[keyPath: keyPath] = $1 }
    }

    /// The object, or `nil` once it has been deallocated.
    @inlinable public var object: Root? { _object }

    /// Returns `object[keyPath: keyPath]`.
    ///
    /// - Throws: ``PropertyError/objectDeallocated(root:keyPath:)`` when the object is gone.
    @inlinable
    public func read() throws -> Value {
        guard let object = _object else { throw deallocated() }
        return _get(object)
    }

    /// Sets `object[keyPath: keyPath]` to `newValue`.
    ///
    /// - Throws: ``PropertyError/objectDeallocated(root:keyPath:)`` when the object is gone;
    ///   nothing is written.
    @inlinable
    public func write(_ newValue: Value) throws {
        guard let object = _object else { throw deallocated() }
        _set(object, newValue)
    }

    @usableFromInline
    func deallocated() -> PropertyError {
        .objectDeallocated(root: String(describing: Root.self), keyPath: String(describing: keyPath))
    }
}

extension Property: CustomStringConvertible {
    /// The key path, for error messages: `\Person.age`.
    public var description: String { String(describing: keyPath) }
}
