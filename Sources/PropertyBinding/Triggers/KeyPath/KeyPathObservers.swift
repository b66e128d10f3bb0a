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
    /// What the key path objects announced lately matched, found by identity: comparing key
    /// paths walks their components, while an announcing `didSet` passes the same literal key
    /// path object every time. Each key path is held, so its address cannot be reused; the
    /// cache is emptied whenever an observation is added or removed, so a position in
    /// `observers` it holds stays valid.
    @exclusivity(unchecked) private var announced: [(keyPath: AnyKeyPath, matched: Matched)] = []
    /// The observations that also hear their property announced on a superclass of their key
    /// path's root (see ``KeyPathTrigger``); their entries are also in `observers`, under the
    /// same id. Empty unless a class inherits `KeyPathObservable`.
    @exclusivity(unchecked) private var inherited: [(keyPath: AnyKeyPath, entry: Entry)] = []

    private typealias Entry = (id: Int, handler: Handler)
    private typealias Observer = (keyPath: AnyKeyPath, entry: Entry)

    /// The observations an announced key path reaches: most often one, kept as its position in
    /// `observers` (a cached announcement then costs 24 bytes, not a list of its own: the
    /// cache lives as long as the object's observations do), a list only for several.
    private enum Matched {
        case none
        case one(Int)
        case many([Entry])
    }

    /// The observations to run for one announcement, copied out of the lock: no allocation.
    private enum Heard {
        case one(Handler)
        case many([Entry])
    }

    /// What an observation calls: a closure, or a ``KeyPathTrigger`` told directly, so that a
    /// trigger's observations allocate no closure and are found again by the trigger's identity.
    private enum Handler {
        /// Calls the closure given to ``observe(_:_:)``, boxed: a closure is two words, a
        /// reference one, and every observation (a trigger's too) takes the widest case's size.
        case closure(ClosureBox)
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
            case .closure(let box): box.body()
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

    /// A closure observation's handler, out of line.
    private final class ClosureBox {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }

    /// Creates an empty registry.
    public init() {}

    /// Calls `handler` each time `keyPath` is announced, until the observation is removed.
    ///
    /// - Returns: the handle to pass to ``remove(_:)``.
    public func observe(_ keyPath: AnyKeyPath, _ handler: @escaping () -> Void) -> KeyPathObservation {
        lock.withLock {
            let id = register(keyPath, .closure(ClosureBox(handler)))
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
        removeObservations { $0.id == observation.id }
    }

    /// Removes every observation `trigger` registered; removing them twice does nothing.
    func remove(_ trigger: KeyPathTrigger) {
        removeObservations { $0.handler.belongs(to: trigger) }
    }

    /// Removes the observations `isRemoved` picks, and lets go of them only after the lock:
    /// dropping the last reference to a closure (or a trigger) runs deinitializers, which may
    /// come back to this registry.
    private func removeObservations(_ isRemoved: (Entry) -> Bool) {
        // The removed entries and the emptied cache are moved out, not the whole lists copied:
        // an inherited observation's entry is also in `observers`, so `removed` holds it too.
        let released = lock.withLock {
            let cache = announced
            announced.removeAll()
            var removed: [Entry] = []
            observers.removeAll { observer in
                guard isRemoved(observer.entry) else { return false }
                removed.append(observer.entry)
                return true
            }
            if !inherited.isEmpty { inherited.removeAll { isRemoved($0.entry) } }
            return (cache, removed)
        }
        withExtendedLifetime(released) {}
    }

    /// Tells the observers of `keyPath` that it changed, now, on this thread.
    public func notify(_ keyPath: AnyKeyPath) {
        // A copy of what to run (no allocation), so handlers run outside the lock.
        switch lock.withLock({ heard(keyPath) }) {
        case nil: return
        case .one(let handler): handler()
        case .many(let entries): for entry in entries { entry.handler() }
        }
    }

    /// What an announcement of `keyPath` runs; call with `lock` held.
    private func heard(_ keyPath: AnyKeyPath) -> Heard? {
        for cached in announced where cached.keyPath === keyPath {
            return heard(cached.matched)
        }
        let matched = matched(keyPath)
        if announced.count < 16 { announced.append((keyPath, matched)) }
        return heard(matched)
    }

    /// What a cached `matched` runs; call with `lock` held.
    private func heard(_ matched: Matched) -> Heard? {
        switch matched {
        case .none: nil
        case .one(let position): .one(observers[position].entry.handler)
        case .many(let entries): .many(entries)
        }
    }

    /// The observations an announcement of `keyPath` reaches, in the order they were added.
    /// Allocates only for several.
    private func matched(_ keyPath: AnyKeyPath) -> Matched {
        let heard = inherited.isEmpty ? [] : inherited.filter { Self.isInherited($0.keyPath, from: keyPath) }
        if heard.isEmpty {
            guard let first = observers.firstIndex(where: { $0.keyPath == keyPath }) else { return .none }
            if !observers[(first + 1)...].contains(where: { $0.keyPath == keyPath }) { return .one(first) }
        }
        let entries = observers.filter { $0.keyPath == keyPath }.map(\.entry) + heard.map(\.entry)
        return .many(entries.sorted { $0.id < $1.id })
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
