/// A value behind a ``StateLock``: for state that is not on an update's path (a set's
/// bindings, a registry, a trigger's bookkeeping) and reads more simply as one value.
final class Locked<Value>: @unchecked Sendable {
    private let lock = StateLock()
    private var _value: Value

    init(_ value: Value) {
        _value = value
    }

    /// The value, read or replaced under the lock.
    var value: Value {
        get { lock.withLock { _value } }
        set { lock.withLock { _value = newValue } }
    }

    /// Runs `body` with the value, under the lock. `body` must not take this lock again.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try lock.withLock { try body(&_value) }
    }
}
