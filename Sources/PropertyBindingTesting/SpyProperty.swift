import Foundation
import PropertyBinding

/// A property that holds a value and counts how often it is read and written, and can be told
/// to fail: a stand-in for either end of a binding.
///
/// ```swift
/// let source = SpyProperty("Ann")
/// let destination = SpyProperty("")
/// let binding = Binding(source: source, destination: destination)
/// binding.update()
/// binding.update()                                // equal value: not written again
/// #expect(destination.writtenValues == ["Ann"] && source.readCount == 2)
/// ```
///
/// Set ``readError`` or ``writeError`` to make reads or writes throw it; a failing write
/// stores nothing. It is safe to use from any thread.
public final class SpyProperty<Value>: WritableProperty, @unchecked Sendable {
    private let lock = NSLock()
    // Guarded by `lock`.
    private var _value: Value
    private var _readCount = 0
    private var _writtenValues: [Value] = []
    private var _readError: (any Error)?
    private var _writeError: (any Error)?

    /// Creates a property that holds `initialValue`.
    public init(_ initialValue: Value) {
        _value = initialValue
    }

    /// The value held now; reading or setting it here is not counted.
    public var value: Value {
        get { lock.withLock { _value } }
        set { lock.withLock { _value = newValue } }
    }

    /// How many times ``read()`` was called, failed reads included.
    public var readCount: Int { lock.withLock { _readCount } }

    /// How many values ``write(_:)`` stored (failed writes are not counted).
    public var writeCount: Int { lock.withLock { _writtenValues.count } }

    /// The values ``write(_:)`` stored, oldest first.
    public var writtenValues: [Value] { lock.withLock { _writtenValues } }

    /// The error ``read()`` throws while it is set.
    public var readError: (any Error)? {
        get { lock.withLock { _readError } }
        set { lock.withLock { _readError = newValue } }
    }

    /// The error ``write(_:)`` throws while it is set; nothing is stored then.
    public var writeError: (any Error)? {
        get { lock.withLock { _writeError } }
        set { lock.withLock { _writeError = newValue } }
    }

    /// Returns the value held, and counts the read.
    ///
    /// - Throws: ``readError`` when it is set.
    public func read() throws -> Value {
        try lock.withLock {
            _readCount += 1
            if let error = _readError { throw error }
            return _value
        }
    }

    /// Stores `newValue`, and records it.
    ///
    /// - Throws: ``writeError`` when it is set; nothing is stored then.
    public func write(_ newValue: Value) throws {
        try lock.withLock {
            if let error = _writeError { throw error }
            _value = newValue
            _writtenValues.append(newValue)
        }
    }

    /// Forgets the counts and the written values; the value held stays.
    public func resetCounts() {
        lock.withLock {
            _readCount = 0
            _writtenValues.removeAll()
        }
    }
}

extension SpyProperty: CustomStringConvertible {
    /// `SpyProperty<String>`, for failure messages.
    public var description: String { "SpyProperty<\(Value.self)>" }
}
