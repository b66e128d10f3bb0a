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
/// The accessor is made when the property is created, from the key path the caller wrote: in
/// an optimized build, `Property(person, \.age)` reads and writes `person.age` directly, as
/// hand-written code does, instead of applying a key path at run time on each update.
public struct Property<Root: AnyObject, Value>: WritableProperty {
    /// The key path this property reads and writes.
    public let keyPath: ReferenceWritableKeyPath<Root, Value>
    @usableFromInline weak var _object: Root?
    /// Reads into `value` when it is nil, otherwise writes it. When the object has ended (an
    /// ``EndingObject``), it touches nothing and leaves `value` nil: a read reads nothing, a write
    /// hands its value back. One closure, not a getter and a setter: the optimizer folds a
    /// literal key path into direct access only in a closure that is its sole user.
    @usableFromInline let _access: (Root, inout Value?) -> Void

    /// Creates a property of `object` at `keyPath`; `object` is held weakly.
    ///
    /// ```swift
    /// let age = Property(person, \.age)
    /// ```
    ///
    /// `keyPath` is evaluated twice (once for the accessor, once for ``keyPath``), so that
    /// each evaluation of a key path literal has one user; evaluating a key path has no side
    /// effect.
    @inlinable
    public init(_ object: Root, _ keyPath: @autoclosure () -> ReferenceWritableKeyPath<Root, Value>) {
        self._object = object
        self._access = Self.accessor(keyPath())
        self.keyPath = keyPath()
    }

    /// Creates a property of an ``EndingObject`` at `keyPath`; `object` is held weakly, and once
    /// it has ended, reads and writes throw as they do when it is deallocated, touching nothing.
    ///
    /// ```swift
    /// let text = Property(handle, \.text)   // handle: a WidgetHandle, an EndingObject
    /// ```
    @inlinable
    public init(_ object: Root, _ keyPath: @autoclosure () -> ReferenceWritableKeyPath<Root, Value>)
    where Root: EndingObject {
        self._object = object
        let access = Self.accessor(keyPath())
        self._access = { root, value in
            if root.hasEnded { value = nil } else { access(root, &value) }
        }
        self.keyPath = keyPath()
    }

    @inlinable
    static func accessor(_ keyPath: ReferenceWritableKeyPath<Root, Value>) -> (Root, inout Value?) -> Void {
        { root, value in
            if let newValue = value {
                root[keyPath: keyPath] = newValue
            } else {
                value = root[keyPath: keyPath]
            }
        }
    }

    /// The object, or `nil` once it has been deallocated.
    @inlinable public var object: Root? { _object }

    /// Returns `object[keyPath: keyPath]`.
    ///
    /// - Throws: ``PropertyError/objectDeallocated(root:keyPath:)`` when the object is gone.
    @inlinable
    public func read() throws -> Value {
        if let object = _object {
            var value: Value?
            _access(object, &value)
            if let value { return value }  // an ended object reads nothing
        }
        throw deallocated()
    }

    /// Sets `object[keyPath: keyPath]` to `newValue`.
    ///
    /// - Throws: ``PropertyError/objectDeallocated(root:keyPath:)`` when the object is gone;
    ///   nothing is written.
    @inlinable
    public func write(_ newValue: Value) throws {
        guard let object = _object else { throw deallocated() }
        var value: Value? = newValue
        _access(object, &value)
        if value == nil { throw deallocated() }  // an ended object wrote nothing
    }

    /// Reads `object[keyPath: keyPath]`, asks `shouldWrite`, and stores `newValue` when it
    /// agrees, loading the weakly held object once.
    ///
    /// - Throws: ``PropertyError/objectDeallocated(root:keyPath:)`` when the object is gone;
    ///   nothing is written.
    @inlinable
    public func write(_ newValue: Value, if shouldWrite: (_ current: Value?) -> Bool) throws -> Bool {
        guard let object = _object else { throw deallocated() }
        var current: Value?
        _access(object, &current)
        if current == nil { throw deallocated() }  // an ended object reads nothing
        guard shouldWrite(current) else { return false }
        var value: Value? = newValue
        _access(object, &value)
        return true
    }

    /// Writes as ``write(_:if:)`` does, and reads the property again in the same visit to its
    /// object when `readingBack`: one weak load for the read, the write and the read back.
    ///
    /// ```swift
    /// let count = Property(counter, \.count)
    /// let (written, readBack) = try count._writeInOneVisit(12, readingBack: true) { _ in true }
    /// ```
    @inlinable
    public func _writeInOneVisit(
        _ newValue: Value, readingBack: Bool, if shouldWrite: (_ current: Value?) -> Bool
    ) throws -> (written: Bool, readBack: Value?) {
        guard let object = _object else { throw deallocated() }
        var current: Value?
        _access(object, &current)
        if current == nil { throw deallocated() }  // an ended object reads nothing
        guard shouldWrite(current) else { return (false, readingBack ? current : nil) }
        var value: Value? = newValue
        _access(object, &value)
        guard readingBack else { return (true, nil) }
        var readBack: Value?
        // Nil when the write ended the object (a widget that destroyed its window).
        _access(object, &readBack)
        return (true, readBack)
    }

    /// Checks that the object is still there, writing nothing.
    ///
    /// - Throws: ``PropertyError/objectDeallocated(root:keyPath:)`` when the object is gone.
    @inlinable
    public func validateWrite(_ newValue: Value) throws {
        if isGone(_object) { throw deallocated() }
    }

    @usableFromInline
    func deallocated() -> PropertyError {
        .objectDeallocated(DeallocatedObject(rootType: Root.self, keyPath: keyPath))
    }
}

extension Property: CustomStringConvertible {
    /// The key path, for error messages: `\Person.age`.
    public var description: String { keyPath.stableDescription(reading: _object) }
}

extension Property {
    /// Not available: a ``Property`` also writes, and this key path is read-only (a computed
    /// property without a setter, a `let`, a `private(set)` property). Read it with
    /// ``ReadOnlyProperty``.
    @available(
        *, unavailable,
        message: "the key path is read-only (get-only, let or private(set)): use ReadOnlyProperty(object, keyPath)"
    )
    public init(_ object: Root, _ keyPath: KeyPath<Root, Value>) {
        fatalError("unavailable")
    }
}
