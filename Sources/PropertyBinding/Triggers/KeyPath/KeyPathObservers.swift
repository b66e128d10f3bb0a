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
/// matches only itself: observing `\Person.name` never fires for `\Person.age`, and observing
/// `\Sub.name` never fires for `\Base.name` (a ``KeyPathTrigger`` on a subclass's key path also
/// hears the superclass's announcements, and tells its property's apart). Safe to use from any
/// thread.
public final class KeyPathObservers: @unchecked Sendable {
    private let lock = StateLock()
    // Guarded by `lock`, so exempt from the dynamic exclusivity check, which costs 83 of a
    // KeyPathTrigger update's 1,580 instructions (callgrind, BindingProfile).
    /// Every observation, in the order added: a list, not a table by key path, because an
    /// object has a few observations and a table costs a hundred bytes more for each object;
    /// announcements find their entries through `announced`, by identity, without a scan.
    @exclusivity(unchecked) private var observers: [Observer] = []
    @exclusivity(unchecked) private var nextID = 0
    /// The entries of the key path objects announced lately, found by identity: hashing a key
    /// path walks its components, while an announcing `didSet` passes the same literal key
    /// path object every time. Each key path is held, so its address cannot be reused; the
    /// cache is emptied whenever an observation is added or removed.
    @exclusivity(unchecked) private var announced: [(keyPath: AnyKeyPath, entries: [Entry]?)] = []
    /// The observations that also hear their property announced on a superclass of their key
    /// path's root (see ``KeyPathTrigger``); their entries are also in `observers`, under the
    /// same id. Empty unless a class inherits `KeyPathObservable`.
    @exclusivity(unchecked) private var inherited: [(keyPath: AnyKeyPath, entry: Entry)] = []

    private typealias Entry = (id: Int, handler: Handler)
    private typealias Observer = (keyPath: AnyKeyPath, entry: Entry)

    /// What an observation calls: a closure, or a ``KeyPathTrigger`` told directly, so that a
    /// trigger's observations allocate no closure and are found again by the trigger's identity.
    private enum Handler {
        /// Calls the closure given to ``observe(_:_:)``.
        case closure(() -> Void)
        /// Fires the trigger.
        case trigger(KeyPathTrigger)
        /// Fires a trigger that also hears superclass announcements, which compares values:
        /// for its key path (or a dependency) always.
        case watch(KeyPathValueWatch)
        /// The same, for a superclass's announcement: only when the value changed.
        case watchOnSuperclass(KeyPathValueWatch)

        /// Runs the observation.
        func callAsFunction() {
            switch self {
            case .closure(let handler): handler()
            case .trigger(let trigger): trigger.announced()
            case .watch(let watch): watch.announced(onSuperclass: false)
            case .watchOnSuperclass(let watch): watch.announced(onSuperclass: true)
            }
        }

        /// Whether this observation is one of `trigger`'s.
        func belongs(to trigger: KeyPathTrigger) -> Bool {
            switch self {
            case .closure: false
            case .trigger(let owner): owner === trigger
            case .watch(let watch), .watchOnSuperclass(let watch): watch.trigger === trigger
            }
        }
    }

    /// Creates an empty registry.
    public init() {}

    /// Calls `handler` each time `keyPath` is announced, until the observation is removed.
    ///
    /// - Returns: the handle to pass to ``remove(_:)``.
    public func observe(_ keyPath: AnyKeyPath, _ handler: @escaping () -> Void) -> KeyPathObservation {
        lock.withLock {
            let id = register(keyPath, .closure(handler))
            return KeyPathObservation(keyPath: keyPath, id: id)
        }
    }

    /// Registers `trigger` for `keyPath` and for each of `dependencies`, until `remove(_:)`
    /// with the trigger removes them all. With a `watch`, announcements go to the
    /// watch, and a key path of the same value type announced on a strict superclass of
    /// `keyPath`'s root reaches it too: a superclass announces its own properties on itself
    /// (`\Base.name`), so `\Sub.name` never matches; the watch tells whether its property changed.
    func observe(
        _ keyPath: AnyKeyPath, dependencies: [AnyKeyPath], for trigger: KeyPathTrigger, watch: KeyPathValueWatch?
    ) {
        let handler: Handler = watch.map { .watch($0) } ?? .trigger(trigger)
        lock.withLock {
            let id = register(keyPath, handler)
            if let watch { inherited.append((keyPath, (id, .watchOnSuperclass(watch)))) }
            for dependency in dependencies { register(dependency, handler) }
        }
    }

    /// Adds an observation of `keyPath` under a new id, and returns the id; call with `lock` held.
    @discardableResult
    private func register(_ keyPath: AnyKeyPath, _ handler: Handler) -> Int {
        nextID += 1
        observers.append((keyPath, (nextID, handler)))
        announced.removeAll()
        return nextID
    }

    /// Removes an observation; removing one twice does nothing.
    public func remove(_ observation: KeyPathObservation) {
        lock.withLock {
            announced.removeAll()
            if let index = observers.firstIndex(where: { $0.entry.id == observation.id }) {
                observers.remove(at: index)
            }
            if !inherited.isEmpty { inherited.removeAll { $0.entry.id == observation.id } }
        }
    }

    /// Removes every observation `trigger` registered; removing them twice does nothing.
    func remove(_ trigger: KeyPathTrigger) {
        lock.withLock {
            announced.removeAll()
            observers.removeAll { $0.entry.handler.belongs(to: trigger) }
            if !inherited.isEmpty { inherited.removeAll { $0.entry.handler.belongs(to: trigger) } }
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
        let matching = observers.lazy.filter { $0.keyPath == keyPath }.map(\.entry)
        var entries = matching.isEmpty ? nil : Array(matching)
        if !inherited.isEmpty {
            let heard = inherited.filter { Self.isInherited($0.keyPath, from: keyPath) }.map(\.entry)
            if !heard.isEmpty { entries = ((entries ?? []) + heard).sorted { $0.id < $1.id } }
        }
        if announced.count < 16 { announced.append((keyPath, entries)) }
        return entries
    }

    /// Whether `observed` may name the property `announced` names, announced on a superclass:
    /// its root is a strict subclass of the announced root, and its value type is the same.
    private static func isInherited(_ observed: AnyKeyPath, from announced: AnyKeyPath) -> Bool {
        let observedType = type(of: observed)
        let announcedType = type(of: announced)
        guard observedType.valueType == announcedType.valueType,
            observedType.rootType != announcedType.rootType
        else { return false }
        func isSubclass<Announced>(of _: Announced.Type) -> Bool { observedType.rootType is Announced.Type }
        return isSubclass(of: announcedType.rootType)
    }

    /// The number of observations of every key path (`0` once every trigger is torn down).
    public var count: Int {
        lock.withLock { observers.count }
    }

    /// The number of observations of `keyPath`.
    public func count(for keyPath: AnyKeyPath) -> Int {
        lock.withLock { observers.count { $0.keyPath == keyPath } }
    }
}

/// One observation registered with ``KeyPathObservers/observe(_:_:)``, to remove it.
public struct KeyPathObservation: Hashable, @unchecked Sendable {
    /// The key path observed.
    public let keyPath: AnyKeyPath
    let id: Int
}
