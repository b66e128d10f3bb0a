/// The identity of `value` when it is an object, or nil for a value. Opening the existential
/// is a metadata check; `value as AnyObject` would go through the bridging machinery.
///
/// Its own code, not `objectValue(_:).map(ObjectIdentifier.init)`: every post runs it, and
/// going through an object would retain and release the sender and copy the `Any?`.
func objectIdentity(_ value: Any?) -> ObjectIdentifier? {
    func identity<T>(_ value: T) -> ObjectIdentifier? {
        guard T.self is AnyClass else { return nil }
        return ObjectIdentifier(unsafeBitCast(value, to: AnyObject.self))
    }
    switch value {
    case .some(let value): return identity(value)
    case .none: return nil
    }
}

/// `value` as an object, or nil for a value; see ``objectIdentity(_:)``.
func objectValue(_ value: Any) -> AnyObject? {
    func object<T>(_ value: T) -> AnyObject? {
        guard T.self is AnyClass else { return nil }
        return unsafeBitCast(value, to: AnyObject.self)
    }
    return object(value)
}
