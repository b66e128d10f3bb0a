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
    /// One action added with ``addTarget(_:action:for:)``. Immutable, and a class: sending an
    /// event copies one reference per action, not a weak reference, a closure and the rest.
    private final class Entry: @unchecked Sendable {
        let id: ControlAction
        weak let target: AnyObject?
        let events: ControlEvents
        /// Called with the target and the control.
        let send: (AnyObject, AnyObject) -> Void

        init(
            id: ControlAction, target: AnyObject?, events: ControlEvents, send: @escaping (AnyObject, AnyObject) -> Void
        ) {
            self.id = id
            self.target = target
            self.events = events
            self.send = send
        }

        /// This action for fewer events.
        func subtracting(_ removed: ControlEvents) -> Entry {
            Entry(id: id, target: target, events: events.subtracting(removed), send: send)
        }
    }

    /// One registration, in the order added: a user's action, or one of the library's
    /// ``TargetActionTrigger``s, held strongly until its binding stops it and told directly,
    /// so that a trigger's registration allocates nothing (the trigger is its own entry; a
    /// control of a hundred thousand bindings saves an 80-byte entry for each) and no weak
    /// reference is loaded on each event. One word either way.
    private enum Registration {
        case action(Entry)
        case trigger(TargetActionTrigger)

        /// The target, while it is alive.
        var liveTarget: AnyObject? {
            switch self {
            case .action(let entry): entry.target
            case .trigger(let trigger): trigger
            }
        }

        /// The events the registration is for.
        var events: ControlEvents {
            switch self {
            case .action(let entry): entry.events
            case .trigger(let trigger): trigger.events
            }
        }

        /// Whether this is `trigger`'s registration, whole or narrowed.
        func belongs(to trigger: TargetActionTrigger) -> Bool {
            switch self {
            case .action(let entry): entry.id == .narrowedTrigger && entry.target === trigger
            case .trigger(let registered): registered === trigger
            }
        }

        /// The handle of a user's action (nil for a trigger's).
        var action: ControlAction? {
            switch self {
            case .action(let entry): entry.id
            case .trigger: nil
            }
        }

        /// This registration for fewer events, or nil when none is left. A trigger's events
        /// are its own, so a trigger's registration narrowed by ``removeTarget(_:action:for:)``
        /// becomes an action entry that holds the trigger weakly (its binding still does).
        func subtracting(_ removed: ControlEvents) -> Registration? {
            let left = events.subtracting(removed)
            if left.isEmpty { return nil }
            if left == events { return self }
            switch self {
            case .action(let entry): return .action(entry.subtracting(removed))
            case .trigger(let trigger):
                return .action(
                    Entry(id: .narrowedTrigger, target: trigger, events: left) { trigger, _ in
                        unsafeDowncast(trigger, to: TargetActionTrigger.self).controlDidSendAction()
                    })
            }
        }
    }

    private let lock = StateLock()
    // Guarded by `lock`, so exempt from the dynamic exclusivity check, which costs 82 of a
    // TargetActionTrigger update's 1,653 instructions (callgrind, BindingProfile).
    @exclusivity(unchecked) private var registrations: [Registration] = []
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

    /// Registers `send`, called with the target (held weakly) and this control.
    private func append(
        _ target: AnyObject, _ events: ControlEvents, _ send: @escaping (AnyObject, AnyObject) -> Void
    ) -> ControlAction {
        lock.withLock {
            nextID += 1
            let id = ControlAction(id: nextID)
            registrations.append(.action(Entry(id: id, target: target, events: events, send: send)))
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
            registrations = registrations.compactMap { registration in
                guard let live = registration.liveTarget else { return nil }
                if let target, live !== target { return registration }
                if let action, registration.action != action { return registration }
                return registration.subtracting(events)
            }
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
        let snapshot = lock.withLock { registrations }
        var sawReleasedTarget = false
        for registration in snapshot {
            switch registration {
            case .trigger(let trigger):
                if !trigger.events.isDisjoint(with: events) { trigger.controlDidSendAction() }
            case .action(let entry):
                guard !entry.events.isDisjoint(with: events) else { continue }
                guard let target = entry.target else {
                    sawReleasedTarget = true
                    continue
                }
                entry.send(target, self)
            }
        }
        if sawReleasedTarget {
            lock.withLock { registrations.removeAll { $0.liveTarget == nil } }
        }
    }

    /// The live targets, once each, in the order they were first added.
    public var allTargets: [AnyObject] {
        lock.withLock {
            var targets: [AnyObject] = []
            for registration in registrations {
                guard let target = registration.liveTarget, !targets.contains(where: { $0 === target }) else {
                    continue
                }
                targets.append(target)
            }
            return targets
        }
    }

    /// The number of actions registered for any of `events` whose target is alive; `0` once every
    /// target is removed (what a test checks after teardown).
    public func actionCount(for events: ControlEvents = .allEvents) -> Int {
        lock.withLock { registrations.count { $0.liveTarget != nil && !$0.events.isDisjoint(with: events) } }
    }

    /// The events some live action of `target` is registered for.
    public func events(for target: AnyObject) -> ControlEvents {
        lock.withLock {
            registrations.filter { $0.liveTarget === target }.reduce(into: ControlEvents()) { $0.formUnion($1.events) }
        }
    }
}

extension Control: TargetActionSource {
    /// Adds `trigger`, held strongly, for its events: the trigger is the registration, so this
    /// allocates nothing beyond the list's growth.
    func addTriggerAction(_ trigger: TargetActionTrigger) {
        lock.withLock { registrations.append(.trigger(trigger)) }
    }

    /// Removes the registration ``addTriggerAction(_:)`` added for `trigger` (also once
    /// narrowed to fewer events); actions added with ``addTarget(_:action:for:)`` stay, even
    /// one whose target is the trigger.
    func removeTriggerAction(_ trigger: TargetActionTrigger) {
        lock.withLock { registrations.removeAll { $0.belongs(to: trigger) } }
    }
}

extension ControlAction {
    /// The id of a trigger's registration narrowed to fewer events: never a handle
    /// ``Control/addTarget(_:action:for:)`` returns (those count from 1).
    fileprivate static let narrowedTrigger = ControlAction(id: 0)
}
