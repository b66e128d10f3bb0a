import Foundation

/// A control that sends events to targets, as a `UIControl` does: the target-action pattern,
/// with Swift method references instead of selectors, on every platform.
///
/// ```swift
/// final class FormController {
///     func nameChanged(_ sender: TextField) { print(sender.text) }
///     func saveTapped() { … }
/// }
/// let controller = FormController()
/// nameField.addTarget(controller, action: FormController.nameChanged, for: .editingChanged)
/// nameField.addTarget(controller, action: FormController.saveTapped, for: .primaryActionTriggered)
/// nameField.simulateTyping("Ann")                    // prints "Ann"
/// nameField.removeTarget(controller)                 // both actions are gone
/// ```
///
/// An action is a method of the target's class, unapplied (`FormController.nameChanged`): a
/// method that takes the control (of this control's class or a superclass) or no argument.
/// Targets are held **weakly**: a target that is gone is skipped and dropped, so a control never
/// keeps its controller alive. ``sendActions(for:)`` calls the actions synchronously, in the
/// order they were added, on the calling thread.
///
/// The target list is safe to change from any thread; the control's own state (the text of a
/// ``TextField``, the value of a ``Stepper``) belongs to the thread that uses it, like a view.
open class Control {
    /// One action. Immutable, and a class: sending an event copies one reference per action,
    /// not a weak reference, a closure and the rest.
    private final class Entry: @unchecked Sendable {
        let id: ControlAction
        weak let target: AnyObject?
        /// The library's own triggers are held until they are removed (their binding removes
        /// them): no weak reference to load on each event.
        let retained: AnyObject?
        let events: ControlEvents
        /// Called with the target and the control.
        let send: (AnyObject, AnyObject) -> Void

        init(
            id: ControlAction, target: AnyObject?, retained: AnyObject?, events: ControlEvents,
            send: @escaping (AnyObject, AnyObject) -> Void
        ) {
            self.id = id
            self.target = target
            self.retained = retained
            self.events = events
            self.send = send
        }

        /// The target, while it is alive.
        var liveTarget: AnyObject? {
            if let retained { return retained }
            return target
        }

        /// This action for fewer events.
        func subtracting(_ removed: ControlEvents) -> Entry {
            Entry(id: id, target: target, retained: retained, events: events.subtracting(removed), send: send)
        }
    }

    private let lock = StateLock()
    // Guarded by `lock`, so exempt from the dynamic exclusivity check, which costs 82 of a
    // TargetActionTrigger update's 1,653 instructions (callgrind, BindingProfile).
    @exclusivity(unchecked) private var entries: [Entry] = []
    @exclusivity(unchecked) private var nextID = 0

    /// Creates a control with no targets.
    public init() {}

    /// Adds an action that receives the control: `target.action(control)` runs for each of `events`.
    ///
    /// ```swift
    /// ageField.addTarget(controller, action: FormController.ageChanged, for: .editingChanged)
    /// ```
    ///
    /// The action's parameter may be this control's class or any superclass of it; an action whose
    /// parameter type the control is not is never called.
    ///
    /// - Returns: a handle that removes exactly this action with ``removeTarget(_:action:for:)``.
    @discardableResult
    public func addTarget<Target: AnyObject, Sender: Control>(
        _ target: Target, action: @escaping (Target) -> (Sender) -> Void, for events: ControlEvents
    ) -> ControlAction {
        append(target, events) { target, control in
            guard let target = target as? Target, let sender = control as? Sender else { return }
            action(target)(sender)
        }
    }

    /// Adds an action that takes no argument: `target.action()` runs for each of `events`.
    ///
    /// ```swift
    /// stepper.addTarget(controller, action: FormController.stepped, for: .valueChanged)
    /// ```
    ///
    /// - Returns: a handle that removes exactly this action with ``removeTarget(_:action:for:)``.
    @discardableResult
    public func addTarget<Target: AnyObject>(
        _ target: Target, action: @escaping (Target) -> () -> Void, for events: ControlEvents
    ) -> ControlAction {
        append(target, events) { target, _ in
            guard let target = target as? Target else { return }
            action(target)()
        }
    }

    /// Registers `send`, called with the target and this control; the target is held weakly,
    /// or strongly when `retaining`. The library's own triggers register here directly: a method
    /// reference bound at each send would allocate a closure per event.
    @discardableResult
    func append(
        _ target: AnyObject, _ events: ControlEvents, retaining: Bool = false,
        _ send: @escaping (AnyObject, AnyObject) -> Void
    ) -> ControlAction {
        lock.withLock {
            nextID += 1
            let id = ControlAction(id: nextID)
            entries.append(
                Entry(
                    id: id, target: retaining ? nil : target, retained: retaining ? target : nil, events: events,
                    send: send))
            return id
        }
    }

    /// Stops sending `events` to actions of `target`: to one `action` (the handle
    /// `addTarget(_:action:for:)` returned), or to all of them when `action` is nil. A nil `target`
    /// means every target. An action left with no events is removed.
    ///
    /// ```swift
    /// field.removeTarget(controller)                               // every action of controller
    /// field.removeTarget(controller, action: handle, for: .editingDidEnd)   // one action, one event
    /// ```
    public func removeTarget(_ target: AnyObject?, action: ControlAction? = nil, for events: ControlEvents = .allEvents)
    {
        lock.withLock {
            for index in entries.indices {
                let entry = entries[index]
                if let target, entry.liveTarget !== target { continue }
                if let action, entry.id != action { continue }
                entries[index] = entry.subtracting(events)
            }
            entries.removeAll { $0.events.isEmpty || $0.liveTarget == nil }
        }
    }

    /// Calls every action registered for any of `events`, synchronously, in the order they were
    /// added. Targets that are gone are skipped and dropped.
    ///
    /// ```swift
    /// stepper.sendActions(for: .valueChanged)
    /// ```
    public func sendActions(for events: ControlEvents) {
        // The actions run outside the lock (one may add or remove targets), over the entries as
        // they were when the events were sent; copying the array allocates nothing.
        let snapshot = lock.withLock { entries }
        var sawReleasedTarget = false
        for entry in snapshot where !entry.events.isDisjoint(with: events) {
            guard let target = entry.liveTarget else {
                sawReleasedTarget = true
                continue
            }
            entry.send(target, self)
        }
        if sawReleasedTarget {
            lock.withLock { entries.removeAll { $0.liveTarget == nil } }
        }
    }

    /// The live targets, once each, in the order they were first added.
    public var allTargets: [AnyObject] {
        lock.withLock {
            var targets: [AnyObject] = []
            for entry in entries {
                guard let target = entry.liveTarget, !targets.contains(where: { $0 === target }) else { continue }
                targets.append(target)
            }
            return targets
        }
    }

    /// The number of actions registered for any of `events` whose target is alive; `0` once every
    /// target is removed (what a test checks after teardown).
    public func actionCount(for events: ControlEvents = .allEvents) -> Int {
        lock.withLock { entries.filter { $0.liveTarget != nil && !$0.events.isDisjoint(with: events) }.count }
    }

    /// The events some live action of `target` is registered for.
    public func events(for target: AnyObject) -> ControlEvents {
        lock.withLock {
            entries.filter { $0.liveTarget === target }.reduce(into: ControlEvents()) { $0.formUnion($1.events) }
        }
    }
}

extension Control: TargetActionSource {
    /// Adds `trigger`, held strongly, as the target of `fire` for `events`; `fire` is stored as
    /// it is, so a trigger's closure that captures nothing costs no allocation.
    func addTriggerAction(
        _ trigger: AnyObject, for events: ControlEvents, _ fire: @escaping (AnyObject, AnyObject) -> Void
    ) {
        append(trigger, events, retaining: true, fire)
    }

    /// Removes the action added for `trigger` by ``addTriggerAction(_:for:_:)``: the one entry
    /// that holds it strongly (actions added with ``addTarget(_:action:for:)`` hold their target
    /// weakly, and stay).
    func removeTriggerAction(_ trigger: AnyObject) {
        lock.withLock { entries.removeAll { $0.retained === trigger } }
    }
}
