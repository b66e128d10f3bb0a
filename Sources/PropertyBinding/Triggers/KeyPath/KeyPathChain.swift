/// How a ``KeyPathTrigger`` follows a key path through objects, `\Person.address.city`: it
/// observes each announced link on the object that holds it now (`\Person.address` on the
/// person, `\Address.city` on the person's address), and when a link is announced (the address
/// is replaced) it moves its observations to the new objects, then fires.
///
/// Swift cannot take a key path apart, so the links are found by search among the key paths
/// the objects' classes announce (declared in ``KeyPathObservable/announcedKeyPaths`` or
/// `@Announced`): `\Person.address` then `\Address.city` is the chain when
/// `\Person.address` appending `\Address.city` equals the trigger's key path. A link whose
/// value is a struct ends the chain: `\Person.home.street`, `home` a struct, is the announced
/// `\Person.home`, which the rest of the key path is part of.
///
/// Made when the trigger starts, kept in `started` (under the trigger's identity) until it
/// stops: the trigger takes no room for it, so that a plain trigger stays one small allocation.
/// The chain holds the trigger, as an object's observers hold a plain trigger, and every object
/// weakly; each object's observers hold a closure that holds the chain weakly.
final class KeyPathChain: @unchecked Sendable {
    /// The links, each written on the type of the object that announces it:
    /// `[\Person.address, \Address.city]`.
    let links: [AnyKeyPath]
    /// The trigger fired.
    private let trigger: KeyPathTrigger
    private weak let root: AnyObject?
    private let lock = StateLock()
    // Guarded by `lock`.
    /// For each link, the object it is observed on and the observations there.
    private var observed: [(object: Weak, observations: [KeyPathObservation])] = []
    private var isStopped = false
    /// Bumped by each relink as it begins; the relink that began last installs its objects.
    private var relinks = 0

    private struct Weak {
        weak var object: (any KeyPathObservable)?
    }

    private init(trigger: KeyPathTrigger, root: any KeyPathObservable, links: [AnyKeyPath]) {
        self.trigger = trigger
        self.root = root
        self.links = links
    }

    // MARK: Started chains

    /// The chains of the started triggers, by the trigger's identity.
    private static let started = Locked<[ObjectIdentifier: KeyPathChain]>([:])

    /// Makes and keeps the chain of `trigger`, observing `links` from `root`; call `start()` on
    /// it next.
    static func make(for trigger: KeyPathTrigger, root: any KeyPathObservable, links: [AnyKeyPath]) -> KeyPathChain {
        let chain = KeyPathChain(trigger: trigger, root: root, links: links)
        started.withLock { $0[ObjectIdentifier(trigger)] = chain }
        return chain
    }

    /// Stops and forgets the chain of `trigger`, if it has one.
    static func stop(for trigger: KeyPathTrigger) {
        let chain = started.withLock { $0.removeValue(forKey: ObjectIdentifier(trigger)) }
        chain?.stop()
    }

    // MARK: Observing

    /// Observes each link on the object that holds it now.
    func start() {
        relink()
    }

    /// Removes every observation; nothing is observed again.
    private func stop() {
        let removed: [(object: Weak, observations: [KeyPathObservation])] = lock.withLock {
            isStopped = true
            defer { observed = [] }
            return observed
        }
        for (object, observations) in removed {
            for observation in observations { object.object?.keyPathObservers.removeObservation(observation) }
        }
    }

    /// Moves the observations to the objects the links lead to now. Two relinks may run at once
    /// (the address replaced on two threads): the one that began last installs what it read, and
    /// it read after both replacements were stored.
    private func relink() {
        let relink: Int? = lock.withLock {
            guard !isStopped else { return nil }
            relinks += 1
            return relinks
        }
        guard let relink else { return }
        // Read outside the lock: a getter may take a lock of its own.
        let objects = currentObjects()
        lock.withLock {
            guard !isStopped, relinks == relink else { return }
            install(objects)
        }
    }

    /// The object each link is announced by now: the root, then the value of each link but the
    /// last; nil from a link whose value is nil or gone.
    private func currentObjects() -> [(any KeyPathObservable)?] {
        var objects: [(any KeyPathObservable)?] = [root as? any KeyPathObservable]
        for link in links.dropLast() {
            let next = objects.last!.flatMap { $0[keyPath: link] as? any KeyPathObservable }
            objects.append(next)
        }
        return objects
    }

    /// Observes each link on `objects`, moving only the observations whose object changed; call
    /// with `lock` held.
    private func install(_ objects: [(any KeyPathObservable)?]) {
        if observed.isEmpty { observed = Array(repeating: (object: Weak(), observations: []), count: links.count) }
        for (index, object) in objects.enumerated() {
            let current = observed[index].object.object
            guard current !== object else { continue }
            for observation in observed[index].observations { current?.keyPathObservers.removeObservation(observation) }
            observed[index] = (Weak(object: object), object.map { observe(links[index], at: index, on: $0) } ?? [])
        }
    }

    /// Observes `link` (and what it depends on) on `object`.
    private func observe(_ link: AnyKeyPath, at index: Int, on object: any KeyPathObservable) -> [KeyPathObservation] {
        let isLast = index == links.count - 1
        let keyPaths = [link] + Announcements(of: object).dependencies(of: link)
        return keyPaths.map { keyPath in
            object.keyPathObservers.observe(keyPath) { [weak self] in self?.announced(relinking: !isLast) }
        }
    }

    /// A link was announced: the objects after it may have changed, and so may the value.
    private func announced(relinking: Bool) {
        guard lock.withLock({ !isStopped }) else { return }
        if relinking { relink() }
        trigger.announced()
    }

    // MARK: Finding the links

    /// The links of `keyPath` from `object`, when it goes through announced links of objects or
    /// ends in a struct an announced link holds; nil when an announcement reaches `keyPath`
    /// itself, or when no chain of announced links makes it (a link is not announced).
    static func links(of keyPath: AnyKeyPath, from object: any KeyPathObservable) -> [AnyKeyPath]? {
        let key = CacheKey(keyPath: keyPath, type: ObjectIdentifier(type(of: object)))
        if let cached = cache.withLock({ $0[key] }) { return cached }
        let found = search(keyPath, from: object)
        cache.withLock { $0[key] = .some(found) }
        return found
    }

    /// What `links(of:from:)` found, by key path and class of the object.
    private static let cache = Locked<[CacheKey: [AnyKeyPath]?]>([:])

    private struct CacheKey: Hashable {
        let keyPath: AnyKeyPath
        let type: ObjectIdentifier
    }

    private static func search(_ keyPath: AnyKeyPath, from object: any KeyPathObservable) -> [AnyKeyPath]? {
        // Announced as such: declared, or `@Announced` (which reads the key path under a probe,
        // and so makes every `@Announced` link on its way known). Not "heard from a superclass":
        // a chain's key path of a subclass has the value type of many a superclass property.
        if Announcements(of: object).declared.contains(where: { $0.keyPath == keyPath })
            || AnnouncedWrappers.announce(keyPath, of: object)
        {
            return nil
        }
        let search = LinkSearch(target: keyPath)
        return search.links(after: [], on: type(of: object))
    }
}

/// A search for the announced links that make a key path, pruned by the printed form: a key
/// path's description starts with the description of each of its prefixes.
private struct LinkSearch {
    let target: AnyKeyPath
    let printed: String

    init(target: AnyKeyPath) {
        self.target = target
        printed = String(describing: target)
    }

    /// The links that make `target` after `prefix` (the links so far, from the root), on an
    /// object of `type`.
    func links(after prefix: [AnyKeyPath], on type: any KeyPathObservable.Type) -> [AnyKeyPath]? {
        var valueLinks: [AnyKeyPath] = []
        for link in announced(on: type) {
            guard let path = Self.joined(prefix + [link]) else { continue }
            if path == target { return [link] }
            guard let next = nextCharacter(after: path) else { continue }
            let valueType = Swift.type(of: link).valueType
            if next == "?" {
                // An optional link, `\Person.spareAddress?.city`: followed while it holds an object.
                guard
                    let objectType = (valueType as? any OptionalLink.Type)?.wrappedType as? any KeyPathObservable.Type,
                    let rest = links(afterPrinted: String(describing: path) + "?", on: objectType)
                else { continue }
                return [link] + rest
            }
            guard next == "." else { continue }
            if let objectType = valueType as? any KeyPathObservable.Type {
                if let rest = links(after: prefix + [link], on: objectType) { return [link] + rest }
            } else if !(valueType is AnyObject.Type), !(valueType is any OptionalLink.Type) {
                valueLinks.append(link)
            }
        }
        // A struct's properties are part of the link that holds it.
        return valueLinks.first.map { [$0] }
    }

    /// The links that make `target` after an optional link, on an object of `type`: `printed`
    /// is the target's printed form up to here (`\Person.spareAddress?`). Swift cannot append a
    /// key path after an optional chain, so these are matched by their printed form: `\Address.city`
    /// continues `\Person.spareAddress?` as `.city` (a computed component prints the address of its
    /// accessor, the same in both).
    func links(afterPrinted printed: String, on type: any KeyPathObservable.Type) -> [AnyKeyPath]? {
        for link in announced(on: type) {
            guard let components = Self.components(of: link) else { continue }
            let path = printed + components
            // Swift prints the value made optional at the end as `?`: `\Person.spareAddress?.city?`.
            if path == self.printed || path + "?" == self.printed { return [link] }
            guard self.printed.count > path.count, self.printed.hasPrefix(path) else { continue }
            let next = self.printed[self.printed.index(self.printed.startIndex, offsetBy: path.count)]
            let valueType = Swift.type(of: link).valueType
            let objectType =
                next == "?"
                ? (valueType as? any OptionalLink.Type)?.wrappedType as? any KeyPathObservable.Type
                : next == "." ? valueType as? any KeyPathObservable.Type : nil
            guard let objectType, let rest = links(afterPrinted: path + (next == "?" ? "?" : ""), on: objectType)
            else { continue }
            return [link] + rest
        }
        return nil
    }

    /// The printed form of `link` after its root type: `.city` for `\Address.city`.
    private static func components(of link: AnyKeyPath) -> Substring? {
        let text = String(describing: link)
        let root = Swift.type(of: link).rootType
        for name in [String(describing: root), _typeName(root, qualified: false)] {
            let prefix = "\\\(name)."
            if text.hasPrefix(prefix) { return text.dropFirst(prefix.count - 1) }
        }
        return nil
    }

    /// `links` appended from the right, `a.appending(b.appending(c))`: appending from the left
    /// makes a key path that prints the same as the literal `\A.b.c.d` but is not equal to it.
    private static func joined(_ links: [AnyKeyPath]) -> AnyKeyPath? {
        var joined = links.last
        for link in links.dropLast().reversed() { joined = joined.flatMap { link.appending(path: $0) } }
        return joined
    }

    /// The character that follows `path`'s printed form in `target`'s, when it is a prefix.
    private func nextCharacter(after path: AnyKeyPath) -> Character? {
        let text = String(describing: path)
        guard printed.count > text.count, printed.hasPrefix(text) else { return nil }
        return printed[printed.index(printed.startIndex, offsetBy: text.count)]
    }

    /// The key paths a class announces: declared, or served by `@Announced` wrappers seen so far.
    private func announced(on type: any KeyPathObservable.Type) -> [AnyKeyPath] {
        let declared = type.announcedKeyPaths.map(\.keyPath)
        let wrapped = AnnouncedWrappers.all.filter { Swift.type(of: $0).rootType == type }
        return declared + wrapped.filter { !declared.contains($0) }
    }
}

/// An `Optional`: a link a chain follows while it holds an object (`\Person.address?.city`).
private protocol OptionalLink {
    /// The type of the value it may hold.
    static var wrappedType: Any.Type { get }
}

extension Optional: OptionalLink {
    static var wrappedType: Any.Type { Wrapped.self }
}
