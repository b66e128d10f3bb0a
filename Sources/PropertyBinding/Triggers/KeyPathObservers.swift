import Foundation

/// The observers of a ``KeyPathObservable`` object, by key path: the registry behind
/// ``KeyPathObservable/didChange(_:)`` and ``KeyPathTrigger``.
///
/// ```swift
/// final class Person: KeyPathObservable {
///     let keyPathObservers = KeyPathObservers()
///     var name = "" { didSet { didChange(\.name) } }
/// }
/// let observation = person.keyPathObservers.observe(\Person.name) { print("name changed") }
/// person.name = "Ann"                                   // prints "name changed"
/// person.keyPathObservers.remove(observation)
/// ```
///
/// Observers are called synchronously by ``notify(_:)``, on its thread, in the order they were
/// added, outside the registry's lock (an observer may add or remove observers). A key path
/// matches only itself: observing `\Person.name` never fires for `\Person.age`. Safe to use from
/// any thread.
public final class KeyPathObservers: @unchecked Sendable {
    private let lock = NSLock()
    // Guarded by `lock`.
    private var observers: [AnyKeyPath: [(id: Int, handler: () -> Void)]] = [:]
    private var nextID = 0

    /// Creates an empty registry.
    public init() {}

    /// Calls `handler` each time `keyPath` is announced, until the observation is removed.
    ///
    /// - Returns: the handle to pass to ``remove(_:)``.
    public func observe(_ keyPath: AnyKeyPath, _ handler: @escaping () -> Void) -> KeyPathObservation {
        lock.withLock {
            nextID += 1
            observers[keyPath, default: []].append((nextID, handler))
            return KeyPathObservation(keyPath: keyPath, id: nextID)
        }
    }

    /// Removes an observation; removing one twice does nothing.
    public func remove(_ observation: KeyPathObservation) {
        lock.withLock {
            observers[observation.keyPath]?.removeAll { $0.id == observation.id }
            if observers[observation.keyPath]?.isEmpty == true { observers[observation.keyPath] = nil }
        }
    }

    /// Tells the observers of `keyPath` that it changed, now, on this thread.
    public func notify(_ keyPath: AnyKeyPath) {
        let handlers = lock.withLock { observers[keyPath]?.map(\.handler) ?? [] }
        for handler in handlers { handler() }
    }

    /// The number of observations of every key path (`0` once every trigger is torn down).
    public var count: Int {
        lock.withLock { observers.values.reduce(0) { $0 + $1.count } }
    }

    /// The number of observations of `keyPath`.
    public func count(for keyPath: AnyKeyPath) -> Int {
        lock.withLock { observers[keyPath]?.count ?? 0 }
    }
}

/// One observation registered with ``KeyPathObservers/observe(_:_:)``, to remove it.
public struct KeyPathObservation: Hashable, @unchecked Sendable {
    /// The key path observed.
    public let keyPath: AnyKeyPath
    let id: Int
}
