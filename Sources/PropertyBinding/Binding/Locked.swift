import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

#if canImport(Darwin)
    typealias PlatformLock = os_unfair_lock
#else
    typealias PlatformLock = pthread_mutex_t
#endif

/// A value behind a lock: the one small locking primitive of the library.
///
/// The lock lives in the same allocation as the value (the tail element of a `ManagedBuffer`,
/// whose address never moves), so a `Locked` costs one allocation where an `NSLock` beside the
/// value costs three; every binding and trigger has one. Copies share the value and the lock.
struct Locked<Value>: @unchecked Sendable {
    private let storage: LockedStorage<Value>

    /// Creates a lock that guards `value`.
    init(_ value: Value) {
        storage = LockedStorage.make(value)
    }

    /// The value, read or replaced under the lock.
    var value: Value {
        get { withLock { $0 } }
        nonmutating set { withLock { $0 = newValue } }
    }

    /// Runs `body` with the value, under the lock.
    @inline(__always)
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try storage.withUnsafeMutablePointers { value, lock in
            #if canImport(Darwin)
                os_unfair_lock_lock(lock)
                defer { os_unfair_lock_unlock(lock) }
            #else
                pthread_mutex_lock(lock)
                defer { pthread_mutex_unlock(lock) }
            #endif
            return try body(&value.pointee)
        }
    }
}

/// The allocation behind a ``Locked``: the value, then the lock.
final class LockedStorage<Value>: ManagedBuffer<Value, PlatformLock> {
    static func make(_ value: Value) -> LockedStorage<Value> {
        let buffer = create(minimumCapacity: 1) { _ in value }
        buffer.withUnsafeMutablePointerToElements { lock in
            #if canImport(Darwin)
                lock.initialize(to: os_unfair_lock())
            #else
                lock.initialize(to: pthread_mutex_t())
                pthread_mutex_init(lock, nil)
            #endif
        }
        // `create` makes an instance of the class it is called on.
        return unsafeDowncast(buffer, to: LockedStorage<Value>.self)
    }

    // The value is the buffer's `header`, a stored property destroyed with the object; the
    // lock, in the tail, is ours to destroy.
    deinit {
        withUnsafeMutablePointerToElements { lock in
            #if !canImport(Darwin)
                pthread_mutex_destroy(lock)
            #endif
            _ = lock.deinitialize(count: 1)
        }
    }
}
