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

    /// Stores `newValue` if `shouldWrite`, asked with the value the property holds now (nil when
    /// it cannot be read), agrees; returns whether it was written.
    ///
    /// ```swift
    /// let written = try name.write("Ann") { current in current != "Ann" }
    /// ```
    ///
    /// A binding writes through this, so that a property can read and write its object in one
    /// visit: a ``Property`` loads its weakly held object once for both. The default reads with
    /// ``ReadableProperty/read()``, asks, then writes with ``write(_:)``.
    ///
    /// - Throws: what ``write(_:)`` throws; nothing is written then.
    func write(_ newValue: Value, if shouldWrite: (_ current: Value?) -> Bool) throws -> Bool

    /// Writes as ``write(_:if:)`` does and, when `readingBack`, also returns what the property
    /// holds afterwards (nil when it cannot be read, or when not `readingBack`): a two-way pair
    /// looks there for a clamp or a rounding. Not written, it returns the value it was asked
    /// with. The default calls ``write(_:if:)`` then ``ReadableProperty/read()``; a
    /// ``Property`` loads its weakly held object once for all three.
    ///
    /// ```swift
    /// let (written, readBack) = try count._writeInOneVisit(12, readingBack: true) { _ in true }
    /// ```
    ///
    /// - Throws: what ``write(_:)`` throws; nothing is written then.
    func _writeInOneVisit(
        _ newValue: Value, readingBack: Bool, if shouldWrite: (_ current: Value?) -> Bool
    ) throws -> (written: Bool, readBack: Value?)

    /// Checks that ``write(_:)`` would accept `newValue`, without writing anything: the dry run
    /// of a write, which converts the value back through every transformer and finds a missing
    /// object.
    ///
    /// ```swift
    /// try price.validateWrite(-1)                     // throws what write(-1) would; nothing written
    /// ```
    ///
    /// A form checks every edited field this way before it writes the first one, so that a
    /// commit is all or nothing. The default accepts every value; ``Property`` checks its object
    /// and a transformer checks its conversion and then its wrapped property.
    ///
    /// - Throws: what ``write(_:)`` would throw for `newValue`.
    func validateWrite(_ newValue: Value) throws
}

extension WritableProperty {
    /// Reads the current value (nil when it cannot be read), asks `shouldWrite`, and writes
    /// `newValue` with ``write(_:)`` when it agrees.
    ///
    /// - Throws: what ``write(_:)`` throws; nothing is written then.
    @inlinable
    public func write(_ newValue: Value, if shouldWrite: (_ current: Value?) -> Bool) throws -> Bool {
        guard shouldWrite(try? read()) else { return false }
        try write(newValue)
        return true
    }

    /// Writes with ``write(_:if:)``, then, when `readingBack`, reads with
    /// ``ReadableProperty/read()`` (not written: returns the value `shouldWrite` was asked with).
    @inlinable
    public func _writeInOneVisit(
        _ newValue: Value, readingBack: Bool, if shouldWrite: (_ current: Value?) -> Bool
    ) throws -> (written: Bool, readBack: Value?) {
        var asked: Value?
        let written = try write(newValue) { current in
            asked = current
            return shouldWrite(current)
        }
        guard readingBack else { return (written, nil) }
        return (written, written ? try? read() : asked)
    }

    /// Accepts every value: a property of your own that can refuse a write checks it here.
    @inlinable
    public func validateWrite(_ newValue: Value) throws {}
}
