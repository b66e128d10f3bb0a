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
    private weak let source: (any TargetActionSource)?
    private let lock = StateLock()
    // Guarded by `lock`.
    private weak var _delegate: (any TriggerDelegate)?
    private var action: ControlAction?

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
    var watchedSource: (any TargetActionSource)? { source }

    /// Whether the trigger is a target of its control now.
    public var isObserving: Bool { lock.withLock { action != nil } }

    /// Adds this trigger as a target of the control for its events (once).
    public func startObserving() {
        guard let source else { return }
        lock.withLock {
            guard action == nil else { return }
            // The control holds this trigger until it is stopped (its binding stops it).
            action = source.addTriggerAction(self, for: events) { trigger in
                unsafeDowncast(trigger, to: TargetActionTrigger.self).controlDidSendAction()
            }
        }
    }

    /// Removes this trigger's action from the control.
    public func stopObserving() {
        let action: ControlAction? = lock.withLock {
            defer { self.action = nil }
            return self.action
        }
        if let action { source?.removeTarget(self, action: action, for: .allEvents) }
    }

    private func controlDidSendAction() {
        guard let delegate = lock.withLock({ _delegate }) else { return }
        delegate.triggerDidFire(self)
    }
}
