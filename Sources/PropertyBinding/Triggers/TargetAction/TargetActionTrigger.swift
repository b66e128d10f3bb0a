/// A trigger that fires when a control sends one of chosen events: the target-action way
/// of announcing a change. Any ``TargetActionSource`` can be watched: the stand-in controls of
/// `PropertyBindingControls`, a GTK widget of `PropertyBindingGTK`, a control of your own.
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
/// it lets it go), so neither keeps the other alive beyond the binding. A control may take the
/// trigger's events away (the stand-in `Control.removeTarget(_:action:for:)` does, `nil` being
/// every target): ``isObserving`` then says so, and ``startObserving()`` registers it again. The
/// binding updates synchronously, inside the control's sending of the event, on its thread.
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

    /// Creates a trigger for `events` of `source` (held weakly): it adds itself to the source
    /// when its binding starts it, and removes itself when stopped.
    ///
    /// ```swift
    /// storeVolume.addTrigger(TargetActionTrigger(source: knob, events: .valueChanged))
    /// ```
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
    ///
    /// ```swift
    /// trigger.watchedSource === knob   // true while the knob lives
    /// ```
    public var watchedSource: AnyObject? { source }

    /// Whether the trigger is a target of its control now (false once the control is gone, or
    /// after the control took its registration away).
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

    /// Tells the binding that one of ``events`` happened: the ``TargetActionSource`` calls it,
    /// on the thread the event happened on, and the binding updates before it returns (unless
    /// the binding delivers on a queue).
    ///
    /// ```swift
    /// for trigger in triggers where !trigger.events.isDisjoint(with: .valueChanged) {
    ///     trigger.controlDidSendAction()
    /// }
    /// ```
    public func controlDidSendAction() {
        guard let delegate = lock.withLock({ _delegate }) else { return }
        delegate.triggerDidFire(self)
    }

    /// Tells the binding that the control is gone for good (a widget destroyed with its window,
    /// a control deallocated): the source calls it once, and the binding lets this trigger go,
    /// ending when no other trigger is left to fire it (see ``AnyBinding/triggerDidEnd(_:)``).
    ///
    /// ```swift
    /// for trigger in triggers { trigger.controlDidEnd() }   // the widget was finalized
    /// ```
    public func controlDidEnd() {
        guard let delegate = lock.withLock({ _delegate }) else { return }
        delegate.triggerDidEnd(self)
    }
}
