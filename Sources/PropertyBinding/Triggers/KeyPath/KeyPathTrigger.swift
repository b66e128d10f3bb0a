import Synchronization

/// A trigger that fires when a ``KeyPathObservable`` object announces a change of one key
/// path: synchronous, like key-value observing's did-change notification.
///
/// ```swift
/// let showAge = Binding(source: Property(person, \.age), destination: Property(label, \.text))
/// showAge.addTrigger(KeyPathTrigger(person, \.age))
/// person.age = 43              // label.text is written before this assignment returns
/// person.name = "Bob"          // another key path: this trigger does not fire
/// ```
///
/// The binding updates in the same call stack as the write, on the writing thread. The trigger
/// registers one observation in the object's ``KeyPathObservable/keyPathObservers`` when its
/// binding starts it and removes it when stopped, so `person.keyPathObservers.count` goes back
/// to 0 after teardown. The trigger holds the object weakly; the object's observers hold the
/// trigger from start to stop (its binding stops it when it lets it go).
///
/// ## A computed key path
/// A trigger on a computed key path that the class declares in
/// ``KeyPathObservable/announcedKeyPaths`` with its dependencies (`greeting` on `name`) also
/// fires when a dependency is announced, like Cocoa's `keyPathsForValuesAffectingValueForKey:`:
///
/// ```swift
/// showGreeting.addTrigger(KeyPathTrigger(profile, \.greeting))
/// profile.name = "Ann"         // announces \Profile.name: the greeting is shown again
/// ```
///
/// ## A key path through objects
/// A key path through announced links of ``KeyPathObservable`` objects follows the objects the
/// links hold now: `KeyPathTrigger(person, \.address.city)` observes `\Person.address` on the
/// person and `\Address.city` on the person's address. Replacing the address fires it (the
/// city read through the person may have changed) and moves the observation to the new address;
/// the old one no longer fires it, and is not kept alive. Chains of any length work, each link
/// `@Announced` or listed in ``KeyPathObservable/announcedKeyPaths``:
///
/// ```swift
/// showCity.addTrigger(KeyPathTrigger(person, \.address.city))
/// person.address = Address()   // fires, and observes the new address's city from now on
/// ```
///
/// A link whose value is a struct is the end of the chain: `\Person.home.street`, where `home`
/// is an announced struct, fires when `\Person.home` is announced. A link that nothing announces
/// (and a ``TriggerRegistry`` refuses it) leaves a trigger that never fires. An optional link,
/// `\.address?.city`, is followed while it holds an object (read it with an
/// ``OptionalLinkProperty``, which reads no value while the link is `nil`).
///
/// ## A subclass of an announcing class
/// A class announces its own properties on itself: `Base` announces `\Base.name`, which is
/// another key path than `\Sub.name`, even for an instance of `Sub`. So a trigger on a key path
/// of a class whose superclass is `KeyPathObservable` also hears the key paths of its value type
/// announced on a superclass, and fires for one only when its own value has changed since it
/// last looked (it reads the value then): `KeyPathTrigger(sub, \.name)` fires when `Base`
/// announces `\Base.name`, and not when it announces `\Base.nickname`. Writing an equal value
/// does not fire it that way. The value must be `Equatable` for this; otherwise only the exact
/// key path fires the trigger (and a ``TriggerRegistry`` refuses to infer it): write the key path
/// on the class that declares the property, `KeyPathTrigger(sub as Base, \.shape)`.
public final class KeyPathTrigger: Trigger, @unchecked Sendable {
    /// The key path whose announcements fire this trigger.
    public let keyPath: AnyKeyPath
    /// The ``KeyPathObservable`` object, held as an object: a reference to the protocol would
    /// take a word more in every trigger, and it is cast only to start and stop.
    private weak let object: AnyObject?
    // Guarded by `lock`. Declared in this order, so that the trigger takes 63 bytes (a 64-byte
    // request, a 72-byte block): bindings have one trigger each, and applications hundreds of
    // thousands. What only a trigger that hears superclass announcements needs (the value it
    // read last) is in a `KeyPathValueWatch`, made when it starts and held by the object's
    // observers.
    private weak var _delegate: (any TriggerDelegate)?
    /// Its binding's `echoKey` (see `AnyBinding`), `notABinding` for another delegate or none:
    /// an announcement that is the echo of the update of the other direction of its pair is
    /// known here, before the trigger loads its binding (a weak load and a slow release, twice
    /// an iteration of a pair). Written with `_delegate` under the lock; read without it.
    private let echoKey = Atomic<UInt>(notABinding)
    private let lock = StateLock()
    /// Whether this trigger is registered with the object's observers, which find its
    /// registrations by its identity, or observes through a ``KeyPathChain``.
    private var isRegistered = false
    /// Whether it observes through a ``KeyPathChain`` (kept under its identity while started).
    private var isChained = false

    /// Creates a trigger for changes of `keyPath` announced by `object` (held weakly).
    ///
    /// ```swift
    /// KeyPathTrigger(person, \.name)
    /// ```
    public init<Root: KeyPathObservable>(_ object: Root, _ keyPath: PartialKeyPath<Root>) {
        self.object = object
        self.keyPath = keyPath
    }

    /// Creates a trigger from a key path whose root type is known only at run time (the registry).
    init(observing object: any KeyPathObservable, keyPath: AnyKeyPath) {
        self.object = object
        self.keyPath = keyPath
    }

    /// The superclass that may announce this trigger's property on itself, unheard because the
    /// value is not `Equatable`; nil when every announcement of the property is heard.
    var unheardSuperclass: AnyClass? {
        guard let superclassAnnouncements = SuperclassAnnouncements(of: keyPath),
            superclassAnnouncements.isEqual == nil
        else { return nil }
        return superclassAnnouncements.superclass
    }

    deinit {
        stopObserving()
    }

    /// The binding told when this trigger fires.
    public var delegate: (any TriggerDelegate)? {
        get { lock.withLock { _delegate } }
        set {
            let key = (newValue as? AnyBinding)?.echoKey ?? Self.notABinding
            lock.withLock {
                _delegate = newValue
                echoKey.store(key, ordering: .relaxed)
            }
        }
    }

    /// The `echoKey` of a trigger whose delegate is not a binding (or who has none): no thread's
    /// update shows it (an identity is aligned, so its lowest bits are never all set).
    private static var notABinding: UInt { .max }

    /// Whether the trigger is registered with the object now.
    public var isObserving: Bool { lock.withLock { isRegistered } }

    /// The object observed, while it is alive.
    private var observable: (any KeyPathObservable)? { object as? any KeyPathObservable }

    /// Whether an announcement can reach this trigger: its key path is `@Announced`, listed in
    /// ``KeyPathObservable/announcedKeyPaths`` (a computed one, with dependencies that are), or
    /// heard from a superclass. False once the object is gone.
    /// A key path through objects is announced when each of its links is.
    var isAnnounced: Bool {
        guard let observable else { return false }
        return Announcements(of: observable).reach(keyPath) || KeyPathChain.links(of: keyPath, from: observable) != nil
    }

    /// Registers with the object's observers (once), for the key path and the key paths it
    /// depends on; for a key path through objects, with each link's object (see
    /// ``KeyPathTrigger``).
    public func startObserving() {
        guard let observable else { return }
        if let links = KeyPathChain.links(of: keyPath, from: observable) {
            let chain: KeyPathChain? = lock.withLock {
                guard !isRegistered else { return nil }
                isRegistered = true
                isChained = true
                return KeyPathChain.make(for: self, root: observable, links: links)
            }
            // Outside the lock: it reads the links. A stop in between stops the chain first.
            chain?.start()
            return
        }
        let dependencies = Announcements(of: observable).dependencies(of: keyPath)
        guard let isEqual = SuperclassAnnouncements(of: keyPath)?.isEqual else {
            // The observers hold this trigger until it is stopped (its binding stops it): no
            // weak reference to load on each announcement.
            lock.withLock {
                guard !isRegistered else { return }
                isRegistered = true
                observable.keyPathObservers.observe(keyPath, dependencies: dependencies, for: self, watch: nil)
            }
            return
        }
        // Read before taking the lock: a getter may take a lock of its own.
        let seen = observable[keyPath: keyPath]
        lock.withLock {
            guard !isRegistered else { return }
            isRegistered = true
            let watch = KeyPathValueWatch(trigger: self, isEqual: isEqual, seen: seen)
            observable.keyPathObservers.observe(keyPath, dependencies: dependencies, for: self, watch: watch)
        }
    }

    /// Removes the registrations.
    public func stopObserving() {
        let observable = self.observable
        // Removed under the lock: the registrations are found by this trigger's identity, so a
        // start on another thread must not add the next ones before these are gone.
        lock.withLock {
            guard isRegistered else { return }
            isRegistered = false
            guard !isChained else {
                isChained = false
                return KeyPathChain.stop(for: self)
            }
            observable?.keyPathObservers.remove(self)
        }
    }

    /// Called by the object's observers for an announcement of the key path or of one it
    /// depends on.
    func announced() {
        // The echo of the other direction's write (this thread updates it innermost now): the
        // binding would skip it as re-entrant, so it is not told (and does not count it).
        if AnyBinding.isEcho(echoKey.load(ordering: .relaxed)) { return }
        guard let delegate = lock.withLock({ _delegate }) else { return }
        delegate.triggerDidFire(self)
    }

    /// The value of the key path now; nil once the object is gone.
    fileprivate func currentValue() -> Any?? {
        guard let observable else { return nil }
        return .some(observable[keyPath: keyPath])
    }
}

/// What a ``KeyPathTrigger`` that also hears superclass announcements keeps: the value it read
/// last, so that a superclass's announcement fires it only when the value changed. Made when the
/// trigger starts, held (with the trigger) by the object's observers until it stops; triggers
/// that hear only their own key path have none.
final class KeyPathValueWatch: @unchecked Sendable {
    /// The trigger fired.
    let trigger: KeyPathTrigger
    private let isEqual: (Any?, Any?) -> Bool
    private let lock = StateLock()
    // Guarded by `lock`.
    private var seen: Any?

    /// Creates the watch of `trigger`, which compares values with `isEqual` and read `seen` last.
    init(trigger: KeyPathTrigger, isEqual: @escaping (Any?, Any?) -> Bool, seen: Any?) {
        self.trigger = trigger
        self.isEqual = isEqual
        self.seen = seen
    }

    /// Fires the trigger for an announcement: for its own key path (or a dependency) always, for
    /// a superclass's key path when the value differs from the one read last.
    func announced(onSuperclass: Bool) {
        guard case .some(let value) = trigger.currentValue() else { return }
        let changed: Bool = lock.withLock {
            defer { seen = value }
            return !isEqual(seen, value)
        }
        if changed || !onSuperclass { trigger.announced() }
    }
}

/// How a ``KeyPathTrigger`` on a key path of a subclass hears its property announced by a
/// superclass, on the superclass's key path.
struct SuperclassAnnouncements {
    /// The superclass of the key path's root, which conforms to ``KeyPathObservable``.
    let superclass: AnyClass
    /// Compares two values read through the key path; nil when its value is not `Equatable`.
    let isEqual: ((Any?, Any?) -> Bool)?

    /// Nil unless the root of `keyPath` is a class whose superclass is `KeyPathObservable`.
    init?(of keyPath: AnyKeyPath) {
        let types = type(of: keyPath)
        // `_getSuperclass` reads the class metadata; `Mirror` would need an instance, and a
        // `CustomReflectable` class can make its mirror show another type.
        guard let superclass = _getSuperclass(types.rootType), superclass is any KeyPathObservable.Type else {
            return nil
        }
        self.superclass = superclass
        self.isEqual = Self.equality(of: types.valueType)
    }

    private static func equality(of valueType: Any.Type) -> ((Any?, Any?) -> Bool)? {
        guard let equatable = valueType as? any Equatable.Type else { return nil }
        func equality<Value: Equatable>(_: Value.Type) -> (Any?, Any?) -> Bool {
            { $0.map { $0 as? Value } == $1.map { $0 as? Value } }
        }
        return equality(equatable)
    }
}
