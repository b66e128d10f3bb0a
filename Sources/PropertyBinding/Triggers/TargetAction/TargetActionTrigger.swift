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
/// it lets it go), so neither keeps the other alive beyond the binding. As with any target,
/// ``Control/removeTarget(_:action:for:)`` can take the trigger's events away (`nil` is every
/// target): ``isObserving`` then says so, and ``startObserving()`` registers it again. The
/// binding updates synchronously, inside ``Control/sendActions(for:)``, on the calling thread.
public final class TargetActionTrigger: Trigger, @unchecked Sendable {
    /// The events that fire this trigger.
    public let events: ControlEvents
    /// The ``TargetActionSource`` watched, held as an object: a reference to the protocol would
    /// take a word more in every trigger, and it is cast only to start and stop.
    private weak let source: AnyObject?
    // Guarded by `lock`. The trigger takes 53 bytes (a 64-byte block): bindings have one
    // trigger each, and applications hundreds of thousands.
    private weak var _delegate: (any TriggerDelegate)?
    private let lock = StateLock()
    // Whether this trigger is a target is its source's to say: the source finds its
    // registration by the trigger's identity, adds it once and removes it, and
    // `Control/removeTarget(_:action:for:)` may remove it too; a flag here could disagree.

    /// Creates a trigger for `events` of `source` (held weakly); `init(control:events:)` is the
    /// public spelling, in Controls/.
    public init(source: any TargetActionSource, events: ControlEvents) {
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

    /// Whether the trigger is a target of its control now (false once the control is gone, or
    /// after ``Control/removeTarget(_:action:for:)`` took its registration away).
    public var isObserving: Bool {
        (source as? any TargetActionSource)?.hasTriggerAction(self) ?? false
    }

    /// Adds this trigger as a target of the control for its events (once: starting a trigger
    /// that is a target already does nothing).
    public func startObserving() {
        // The control holds this trigger until it is stopped (its binding stops it); the
        // trigger is the control's registration, so this allocates no entry.
        (source as? any TargetActionSource)?.addTriggerAction(self)
    }

    /// Removes this trigger's registration from the control.
    public func stopObserving() {
        (source as? any TargetActionSource)?.removeTriggerAction(self)
    }

    /// Called by the source on each of ``events``: tells the binding.
    public func controlDidSendAction() {
        guard let delegate = lock.withLock({ _delegate }) else { return }
        delegate.triggerDidFire(self)
    }
}
