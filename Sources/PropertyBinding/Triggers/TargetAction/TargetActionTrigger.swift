/// A trigger that fires when a ``Control`` sends one of chosen events: the target-action way
/// of announcing a change.
///
/// ```swift
/// let storeName = Binding(source: Property(nameField, \.text), destination: Property(person, \.name))
/// storeName.addTrigger(TargetActionTrigger(control: nameField, events: .editingChanged))
/// nameField.simulateTyping("Ann")   // person.name == "Ann", before simulateTyping returns
/// ```
///
/// The trigger adds itself as a target of the control when its binding starts it, and removes
/// exactly its own action when stopped (other targets are untouched). The trigger holds the
/// control weakly; the control holds the trigger from start to stop (its binding stops it when
/// it lets it go), so neither keeps the other alive beyond the binding. The binding updates
/// synchronously, inside ``Control/sendActions(for:)``, on the calling thread.
public final class TargetActionTrigger: Trigger, @unchecked Sendable {
    /// The events that fire this trigger.
    public let events: ControlEvents
    /// The ``TargetActionSource`` watched, held as an object: a reference to the protocol would
    /// take a word more in every trigger, and it is cast only to start and stop.
    private weak let source: AnyObject?
    // Guarded by `lock`. Declared in this order, so that the trigger takes 53 bytes (a 64-byte
    // block): bindings have one trigger each, and applications hundreds of thousands.
    private weak var _delegate: (any TriggerDelegate)?
    private let lock = StateLock()
    /// Whether this trigger is a target of its source; the source finds the action by the
    /// trigger's identity, so no handle is kept.
    private var isTarget = false

    /// Creates a trigger for `events` of `source` (held weakly); `init(control:events:)` is the
    /// public spelling, in Controls/.
    init(source: any TargetActionSource, events: ControlEvents) {
        self.source = source
        self.events = events
    }

    deinit {
        stopObserving()
    }

    /// The binding told when this trigger fires.
    public var delegate: (any TriggerDelegate)? {
        get { lock.withLock { _delegate } }
        set { lock.withLock { _delegate = newValue } }
    }

    /// The object watched, or nil once it is gone.
    var watchedSource: AnyObject? { source }

    /// Whether the trigger is a target of its control now.
    public var isObserving: Bool { lock.withLock { isTarget } }

    /// Adds this trigger as a target of the control for its events (once).
    public func startObserving() {
        guard let source = source as? any TargetActionSource else { return }
        lock.withLock {
            guard !isTarget else { return }
            isTarget = true
            // The control holds this trigger until it is stopped (its binding stops it); the
            // trigger is the control's registration, so this allocates no entry.
            source.addTriggerAction(self)
        }
    }

    /// Removes this trigger's action from the control.
    public func stopObserving() {
        // Removed under the lock: the action is found by this trigger's identity, so a start on
        // another thread must not add the next one before this one is gone.
        let source = self.source as? any TargetActionSource
        lock.withLock {
            guard isTarget else { return }
            isTarget = false
            source?.removeTriggerAction(self)
        }
    }

    /// Called by the source on each of ``events``: tells the binding.
    func controlDidSendAction() {
        guard let delegate = lock.withLock({ _delegate }) else { return }
        delegate.triggerDidFire(self)
    }
}
