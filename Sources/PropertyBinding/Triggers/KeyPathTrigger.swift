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
/// to 0 after teardown. The object is held weakly and its observers hold the trigger weakly.
public final class KeyPathTrigger: Trigger, @unchecked Sendable {
    /// The key path whose announcements fire this trigger.
    public let keyPath: AnyKeyPath
    private weak let object: (any KeyPathObservable)?
    private let state = Locked(State())

    private struct State {
        weak var delegate: (any TriggerDelegate)?
        var observation: KeyPathObservation?
    }

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

    deinit {
        stopObserving()
    }

    /// The binding told when this trigger fires.
    public var delegate: (any TriggerDelegate)? {
        get { state.value.delegate }
        set { state.withLock { $0.delegate = newValue } }
    }

    /// Whether the trigger is registered with the object now.
    public var isObserving: Bool { state.value.observation != nil }

    /// Registers with the object's observers (once).
    public func startObserving() {
        guard let object else { return }
        state.withLock { state in
            guard state.observation == nil else { return }
            state.observation = object.keyPathObservers.observe(keyPath) { [weak self] in self?.fire() }
        }
    }

    /// Removes the registration.
    public func stopObserving() {
        let observation: KeyPathObservation? = state.withLock { state in
            defer { state.observation = nil }
            return state.observation
        }
        if let observation { object?.keyPathObservers.remove(observation) }
    }

    private func fire() {
        guard let delegate = state.value.delegate else { return }
        delegate.triggerDidFire(self)
    }
}
