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
/// exactly its own action when stopped (other targets are untouched). The control holds the
/// trigger weakly and the trigger holds the control weakly: neither keeps the other alive. The
/// binding updates synchronously, inside ``Control/sendActions(for:)``, on the calling thread.
public final class TargetActionTrigger: Trigger, @unchecked Sendable {
    /// The events that fire this trigger.
    public let events: ControlEvents
    private weak let weakControl: Control?
    private let state = Locked(State())

    private struct State {
        weak var delegate: (any TriggerDelegate)?
        var action: ControlAction?
    }

    /// Creates a trigger for `events` of `control` (held weakly).
    ///
    /// ```swift
    /// TargetActionTrigger(control: ageStepper, events: .valueChanged)
    /// ```
    public init(control: Control, events: ControlEvents) {
        self.weakControl = control
        self.events = events
    }

    deinit {
        stopObserving()
    }

    /// The binding told when this trigger fires.
    public var delegate: (any TriggerDelegate)? {
        get { state.value.delegate }
        set { state.withLock { $0.delegate = newValue } }
    }

    /// The control watched, or nil once it is gone.
    public var control: Control? { weakControl }

    /// Whether the trigger is a target of its control now.
    public var isObserving: Bool { state.value.action != nil }

    /// Adds this trigger as a target of the control for its events (once).
    public func startObserving() {
        guard let control = weakControl else { return }
        state.withLock { state in
            guard state.action == nil else { return }
            state.action = control.append(self, events) { trigger, _ in
                unsafeDowncast(trigger, to: TargetActionTrigger.self).controlDidSendAction()
            }
        }
    }

    /// Removes this trigger's action from the control.
    public func stopObserving() {
        let action: ControlAction? = state.withLock { state in
            defer { state.action = nil }
            return state.action
        }
        if let action { weakControl?.removeTarget(self, action: action) }
    }

    private func controlDidSendAction() {
        guard let delegate = state.value.delegate else { return }
        delegate.triggerDidFire(self)
    }
}
