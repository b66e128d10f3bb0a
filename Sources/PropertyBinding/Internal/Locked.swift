/// A value behind a ``StateLock``: for state that reads more simply as one value (a set's
/// bindings, a registry, a trigger's bookkeeping, a ``Setter``'s last value).
@usableFromInline
final class Locked<Value>: @unchecked Sendable {
    @usableFromInline let lock = StateLock()
    @usableFromInline var _value: Value

    @usableFromInline
    init(_ value: Value) {
        _value = value
    }

    /// The value, read or replaced under the lock.
    @inlinable var value: Value {
        get { lock.withLock { _value } }
        set { lock.withLock { _value = newValue } }
    }

    /// Runs `body` with the value, under the lock. `body` must not take this lock again.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try lock.withLock { try body(&_value) }
    }
}
