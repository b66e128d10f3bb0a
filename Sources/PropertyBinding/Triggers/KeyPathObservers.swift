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
    private var observers: [AnyKeyPath: [Entry]] = [:]
    private var nextID = 0
    /// The entries of the key path objects announced lately, found by identity: hashing a key
    /// path walks its components, while an announcing `didSet` passes the same literal key
    /// path object every time. Each key path is held, so its address cannot be reused; the
    /// cache is emptied whenever an observation is added or removed.
    private var announced: [(keyPath: AnyKeyPath, entries: [Entry]?)] = []

    private typealias Entry = (id: Int, handler: () -> Void)

    /// Creates an empty registry.
    public init() {}

    /// Calls `handler` each time `keyPath` is announced, until the observation is removed.
    ///
    /// - Returns: the handle to pass to ``remove(_:)``.
    public func observe(_ keyPath: AnyKeyPath, _ handler: @escaping () -> Void) -> KeyPathObservation {
        lock.withLock {
            nextID += 1
            observers[keyPath, default: []].append((nextID, handler))
            announced.removeAll()
            return KeyPathObservation(keyPath: keyPath, id: nextID)
        }
    }

    /// Removes an observation; removing one twice does nothing.
    public func remove(_ observation: KeyPathObservation) {
        lock.withLock {
            announced.removeAll()
            observers[observation.keyPath]?.removeAll { $0.id == observation.id }
            if observers[observation.keyPath]?.isEmpty == true { observers[observation.keyPath] = nil }
        }
    }

    /// Tells the observers of `keyPath` that it changed, now, on this thread.
    public func notify(_ keyPath: AnyKeyPath) {
        // A copy of the entries (no allocation), so handlers run outside the lock.
        guard let entries = lock.withLock({ entries(for: keyPath) }) else { return }
        for entry in entries { entry.handler() }
    }

    private func entries(for keyPath: AnyKeyPath) -> [Entry]? {
        for cached in announced where cached.keyPath === keyPath {
            return cached.entries
        }
        let entries = observers[keyPath]
        if announced.count < 16 { announced.append((keyPath, entries)) }
        return entries
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
