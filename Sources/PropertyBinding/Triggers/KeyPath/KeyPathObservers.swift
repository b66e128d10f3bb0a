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
/// person.keyPathObservers.removeObservation(observation)
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
    // Guarded by `lock`, so exempt from the dynamic exclusivity check, a cost that shows
    // in every KeyPathTrigger update (Benchmarks/README.md).
    /// Every observation, in the order added: a list, not a table by key path, because an
    /// object has a few observations and a table costs a hundred bytes more for each object;
    /// announcements find their entries through `announced`, by identity, without a scan.
    ///
    /// Ids increase along the list, so an observation is found by binary search on its id. A
    /// list of at most `indexedAbove` entries is kept without gaps: a removal shifts the rest.
    /// A longer one has its bookkeeping in `extra` (`Large`: an index of its triggers), and a
    /// removal leaves holes (see `hole(_:)`, under their ids) that are squeezed out once they
    /// are half the list, so that tearing down many observations of one object takes time in
    /// proportion to their number, in any order.
    @exclusivity(unchecked) private var observers: [Observer] = []
    @exclusivity(unchecked) private var nextID = 0
    /// What the key path objects announced lately matched, found by identity: comparing key
    /// paths walks their components, while an announcing `didSet` passes the same literal key
    /// path object every time. Each key path is held, so its address cannot be reused; the
    /// cache is emptied whenever an observation is added or removed, so a position in
    /// `observers` it holds stays valid.
    @exclusivity(unchecked) private var announced: [(keyPath: AnyKeyPath, matched: Matched)] = []
    /// What only some objects need, out of line so that the others pay one word for it (the
    /// word the list of superclass observations took): the observations heard from a
    /// superclass, and the bookkeeping of a long list. Nil unless a class inherits
    /// `KeyPathObservable` or `observers` is long.
    @exclusivity(unchecked) private var extra: Extra?

    private typealias Entry = (id: Int, handler: Handler)
    private typealias Observer = (keyPath: AnyKeyPath, entry: Entry)

    /// The length above which `observers` keeps holes and an index of its triggers; a list
    /// squeezed down to half of it goes back to shifting.
    private static var indexedAbove: Int { 32 }

    /// The rarely needed part of the registry, guarded by its `lock`.
    private final class Extra {
        /// The observations that also hear their property announced on a superclass of their
        /// key path's root (see ``KeyPathTrigger``), in id order, with holes where ones were
        /// removed; their entries are also in `observers`, under the same id.
        @exclusivity(unchecked) var inherited: [Observer] = []
        /// The holes in `inherited`.
        @exclusivity(unchecked) var inheritedHoles = 0
        /// The list's bookkeeping while `observers` is long (nil while it is short).
        @exclusivity(unchecked) var large: Large?

        /// Whether nothing is left to keep.
        var isEmpty: Bool { inherited.isEmpty && large == nil }
    }

    /// The bookkeeping of a long `observers` list.
    private struct Large {
        /// The holes in `observers`.
        var holes = 0
        /// The position in `observers` of each trigger's first entry: a trigger's entries (its
        /// key path, then its dependencies) are added together, so they follow each other.
        var triggers = SlotIndex<KeyPathTrigger>()
    }

    /// The observations an announced key path reaches: most often one, kept as its position in
    /// `observers` (a cached announcement is then one position, not a list of its own: the
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
            self.trigger === trigger
        }

        /// The trigger this observation is one of; nil for a closure or a hole.
        var trigger: KeyPathTrigger? {
            switch self {
            case .closure: nil
            case .trigger(let owner): owner
            case .watch(let watch), .watchOnSuperclass(let watch): watch.trigger
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
            if let watch {
                let extra = self.extra ?? Extra()
                self.extra = extra
                extra.inherited.append((keyPath, (id, .watchOnSuperclass(watch))))
            }
            for dependency in dependencies { register(dependency, handler) }
        }
    }

    /// Adds an observation of `keyPath` under a new id, and returns the id; call with `lock` held.
    @discardableResult
    private func register(_ keyPath: AnyKeyPath, _ handler: Handler) -> Int {
        nextID += 1
        observers.append((keyPath, (nextID, handler)))
        announced.removeAll()
        if observers.count > Self.indexedAbove || extra?.large != nil { indexLast() }
        return nextID
    }

    /// Records the last entry of a long list in the index of triggers, when it is a trigger's
    /// first; makes the index when the list just grew long (or grew back). Call with `lock` held.
    private func indexLast() {
        let extra = self.extra ?? Extra()
        self.extra = extra
        guard extra.large != nil else {
            var large = Large()
            large.triggers.rebuild(slotCount: observers.count, objectAt: firstTrigger(at:))
            extra.large = large
            return
        }
        let position = observers.count - 1
        guard let trigger = firstTrigger(at: position) else { return }
        extra.large?.triggers.insert(trigger, at: position, objectAt: self.trigger(at:))
    }

    /// The trigger whose entry is at `position` in `observers`; call with `lock` held.
    private func trigger(at position: Int) -> KeyPathTrigger? {
        observers[position].entry.handler.trigger
    }

    /// The trigger whose first entry is at `position` in `observers` (nil where a trigger's
    /// dependency, a closure or a hole is); call with `lock` held.
    private func firstTrigger(at position: Int) -> KeyPathTrigger? {
        guard let trigger = trigger(at: position) else { return nil }
        return position > 0 && self.trigger(at: position - 1) === trigger ? nil : trigger
    }

    /// Deprecated: renamed ``removeObservation(_:)``, the name every observation's removal has.
    @available(*, deprecated, renamed: "removeObservation(_:)")
    public func remove(_ observation: KeyPathObservation) { removeObservation(observation) }

    /// Removes an observation; removing one twice does nothing.
    public func removeObservation(_ observation: KeyPathObservation) {
        // Found by binary search on its id: constant time but for the search, in any order.
        let released = lock.withLock { () -> Released? in
            guard let position = Self.position(of: observation.id, in: observers) else { return nil }
            return takeOut(position..<position + 1)
        }
        withExtendedLifetime(released) {}
    }

    /// Removes every observation `trigger` registered; removing them twice does nothing.
    func remove(_ trigger: KeyPathTrigger) {
        let released = lock.withLock { () -> Released? in
            guard let first = firstPosition(of: trigger) else { return nil }
            // The trigger's entries follow its first one.
            var end = first + 1
            while end < observers.count, observers[end].entry.handler.belongs(to: trigger) { end += 1 }
            return takeOut(first..<end)
        }
        withExtendedLifetime(released) {}
    }

    /// The position of `trigger`'s first entry in `observers`, nil when it has none: found in
    /// the index of a long list, by a scan of a short one. Call with `lock` held.
    private func firstPosition(of trigger: KeyPathTrigger) -> Int? {
        if let large = extra?.large { return large.triggers.slot(of: trigger, objectAt: self.trigger(at:)) }
        return observers.firstIndex { $0.entry.handler.belongs(to: trigger) }
    }

    /// What a removal lets go of after the lock: the removed entries and the emptied cache
    /// (moved out, not the whole lists copied). Dropping the last reference to a closure (or a
    /// trigger) runs deinitializers, which may come back to this registry.
    private typealias Released = (cache: [(keyPath: AnyKeyPath, matched: Matched)], removed: [Observer])

    /// Takes the entries at `positions` out of `observers` (one observation's, all live), with
    /// the inherited entry under the id of the first, if any; call with `lock` held. A long list
    /// leaves holes and an inherited entry always does; either is squeezed once its holes are
    /// half of it.
    private func takeOut(_ positions: Range<Int>) -> Released {
        let cache = announced
        announced.removeAll()
        var removed = Array(observers[positions])
        let firstID = observers[positions.lowerBound].entry.id
        if let extra {
            if !extra.inherited.isEmpty, let position = Self.position(of: firstID, in: extra.inherited) {
                removed.append(extra.inherited[position])
                extra.inherited[position] = Self.hole(firstID)
                extra.inheritedHoles += 1
                if extra.inheritedHoles * 2 >= extra.inherited.count {
                    extra.inherited.removeAll { Self.isHole($0) }
                    extra.inheritedHoles = 0
                }
            }
            if extra.large != nil {
                if let trigger = firstTrigger(at: positions.lowerBound) {
                    extra.large?.triggers.remove(trigger, at: positions.lowerBound, objectAt: self.trigger(at:))
                }
                for position in positions { observers[position] = Self.hole(observers[position].entry.id) }
                extra.large?.holes += positions.count
                if let holes = extra.large?.holes, holes * 2 >= observers.count { squeeze(extra) }
            } else {
                observers.removeSubrange(positions)
            }
            if extra.isEmpty { self.extra = nil }
        } else {
            observers.removeSubrange(positions)
        }
        return (cache, removed)
    }

    /// Squeezes the holes out of a long `observers`, and either indexes its triggers again or,
    /// when it is down to half of `indexedAbove`, lets it shift again; call with `lock` held.
    /// Holes hold nothing of their observation's, so dropping them runs no deinitializer.
    private func squeeze(_ extra: Extra) {
        observers.removeAll { Self.isHole($0) }
        guard observers.count > Self.indexedAbove / 2 else {
            extra.large = nil
            return
        }
        var large = Large()
        large.triggers.rebuild(slotCount: observers.count, objectAt: firstTrigger(at:))
        extra.large = large
    }

    /// A hole under `id`, where an observation was removed from a long list (or from the
    /// superclass observations): it holds nothing of the observation's, and no announcement
    /// matches its key path. Its handler is a shared closure that does nothing, not a case of
    /// its own: a case without a reference makes copying every handler test for it, in each
    /// update.
    private static func hole(_ id: Int) -> Observer {
        (holeKeyPath, (id, .closure(holeHandler)))
    }

    /// Whether `observer` is a hole.
    private static func isHole(_ observer: Observer) -> Bool {
        observer.keyPath === holeKeyPath
    }

    /// The key path of every hole: its root and value are a type nobody else can name.
    /// Unchecked, as is `holeHandler`: neither is ever changed, though neither is `Sendable`.
    private nonisolated(unsafe) static let holeKeyPath: AnyKeyPath = \HoleKey.self

    /// The handler of every hole: does nothing (it is never run).
    private nonisolated(unsafe) static let holeHandler = ClosureBox {}

    /// The root and value type of `holeKeyPath`.
    private struct HoleKey {}

    /// The position of the live entry under `id` in `list` (ids increase along it), by binary
    /// search; nil when there is none.
    private static func position(of id: Int, in list: [Observer]) -> Int? {
        var low = 0
        var high = list.count
        while low < high {
            let middle = low + (high - low) / 2
            if list[middle].entry.id < id { low = middle + 1 } else { high = middle }
        }
        guard low < list.count, list[low].entry.id == id, !isHole(list[low]) else { return nil }
        return low
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
    /// Allocates only for several. Holes never match: their key path is `holeKeyPath`, whose
    /// root and value no announced key path has.
    private func matched(_ keyPath: AnyKeyPath) -> Matched {
        let inherited = extra?.inherited ?? []
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
        lock.withLock { observers.count - (extra?.large?.holes ?? 0) }
    }

    /// The number of observations of `keyPath`.
    func count(for keyPath: AnyKeyPath) -> Int {
        lock.withLock { observers.count { $0.keyPath == keyPath } }
    }
}

/// One observation registered with ``KeyPathObservers/observe(_:_:)``, to remove it.
public struct KeyPathObservation: Hashable, @unchecked Sendable {
    /// The key path observed.
    public let keyPath: AnyKeyPath
    let id: Int
}
