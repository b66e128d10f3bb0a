import Foundation
import PropertyBinding

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
open class Control: TriggerMakingObject, KeyPathNaming {
    /// The names of the control's key paths, for messages and graphs (a property of an `open`
    /// class prints as `\Button.<computed Bool>` otherwise); none of its own. A subclass overrides
    /// it, adding its names to its superclass's, and its own subclasses inherit them.
    ///
    /// ```swift
    /// print(Property(save, \.isEnabled))   // \Button.isEnabled
    /// ```
    open class var keyPathNames: [AnyKeyPath: String] { [:] }

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
    /// `TargetActionTrigger`s, held strongly from its start to its stop and told directly, so
    /// that a trigger's registration allocates nothing (the trigger is its own entry; a control
    /// of a hundred thousand bindings saves an 80-byte entry for each) and no weak reference is
    /// loaded on each event. One word whichever it is.
    private enum Registration {
        case action(Entry)
        case trigger(TargetActionTrigger)
        /// A trigger's registration narrowed by ``removeTarget(_:action:for:)`` to fewer events
        /// than its own; still held strongly, still removed by the trigger's stop.
        case narrowed(NarrowedTrigger)

        /// The target, while it is alive.
        var liveTarget: AnyObject? {
            switch self {
            case .action(let entry): entry.target
            case .trigger(let trigger): trigger
            case .narrowed(let narrowed): narrowed.trigger
            }
        }

        /// The events the registration is for.
        var events: ControlEvents {
            switch self {
            case .action(let entry): entry.events
            case .trigger(let trigger): trigger.events
            case .narrowed(let narrowed): narrowed.events
            }
        }

        /// Whether this is `trigger`'s registration, whole or narrowed.
        func belongs(to trigger: TargetActionTrigger) -> Bool {
            switch self {
            case .action: false
            case .trigger(let registered): registered === trigger
            case .narrowed(let narrowed): narrowed.trigger === trigger
            }
        }

        /// The handle of a user's action (nil for a trigger's).
        var action: ControlAction? {
            switch self {
            case .action(let entry): entry.id
            case .trigger, .narrowed: nil
            }
        }

        /// This registration for fewer events, or nil when none is left.
        func subtracting(_ removed: ControlEvents) -> Registration? {
            let left = events.subtracting(removed)
            if left.isEmpty { return nil }
            if left == events { return self }
            switch self {
            case .action(let entry): return .action(entry.subtracting(removed))
            case .trigger(let trigger): return .narrowed(NarrowedTrigger(trigger, events: left))
            case .narrowed(let narrowed): return .narrowed(NarrowedTrigger(narrowed.trigger, events: left))
            }
        }
    }

    /// A trigger registered for fewer events than its own.
    private final class NarrowedTrigger: @unchecked Sendable {
        let trigger: TargetActionTrigger
        let events: ControlEvents

        init(_ trigger: TargetActionTrigger, events: ControlEvents) {
            self.trigger = trigger
            self.events = events
        }
    }

    private let lock = StateLock()
    // Guarded by `lock`, so exempt from the dynamic exclusivity check, a cost that shows
    // in every target-action update (Benchmarks/README.md).
    @exclusivity(unchecked) private var registrations: [Registration] = []
    @exclusivity(unchecked) private var nextID = 0

    /// Replaces the registrations with `change(registrations)` under the lock, and lets go of
    /// the ones dropped only after it: dropping the last reference to a trigger (or to an
    /// action's closure) runs code that may come back to this control.
    private func changeRegistrations(_ change: ([Registration]) -> [Registration]) {
        let replaced = lock.withLock {
            let old = registrations
            registrations = change(old)
            return old
        }
        withExtendedLifetime(replaced) {}
    }

    /// Creates a control with no targets.
    public init() {}

    /// The control is gone: each trigger registered is told (`TargetActionTrigger.controlDidEnd()`),
    /// so a binding that only this control could fire ends with it.
    deinit {
        var triggers: [TargetActionTrigger] = []
        for registration in registrations {
            switch registration {
            case .trigger(let trigger): triggers.append(trigger)
            case .narrowed(let narrowed): triggers.append(narrowed.trigger)
            case .action: break
            }
        }
        for trigger in triggers { trigger.controlDidEnd() }
    }

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
        changeRegistrations { registrations in
            registrations.compactMap { registration in
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
        // Each case tests its own events: one switch per registration, fewer instructions a
        // target-action update than filtering on `registration.events` first (Benchmarks/README.md).
        for registration in snapshot {
            switch registration {
            case .trigger(let trigger):
                if !trigger.events.isDisjoint(with: events) { trigger.controlDidSendAction() }
            case .narrowed(let narrowed):
                if !narrowed.events.isDisjoint(with: events) { narrowed.trigger.controlDidSendAction() }
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
            changeRegistrations { $0.filter { $0.liveTarget != nil } }
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

    /// The triggers that announce `keyPath` of this control, which `TriggerRegistry.standard`
    /// asks for: a `TargetActionTrigger` for the events that announce each control's value, on
    /// the control's class and on every subclass (`\MySwitch.isOn` as well as `\Switch.isOn`):
    /// `TextField.text` (`.editingChanged`); `Stepper.value`, `Stepper.intValue`, `Switch.isOn`,
    /// `Slider.value`, `SegmentedControl.selectedSegmentIndex`, `DatePicker.date`,
    /// `TableView.selectedRow` and `Label.text` (`.valueChanged`, which a label sends itself when
    /// code changes its text); none for another key path. Nothing of a ``Button``: its
    /// ``Button/title`` and ``Button/isEnabled`` are written by code and announced by nothing, and
    /// its tap is a trigger you add (`TargetActionTrigger(control: save, events: .primaryActionTriggered)`).
    /// Override it in a subclass to announce a property of your own, and call `super` for the rest.
    ///
    /// ```swift
    /// override func makeTriggers(for keyPath: AnyKeyPath) -> [any Trigger] {
    ///     keyPath == \RatingControl.stars
    ///         ? [TargetActionTrigger(source: self, events: .valueChanged)] : super.makeTriggers(for: keyPath)
    /// }
    /// ```
    open func makeTriggers(for keyPath: AnyKeyPath) -> [any Trigger] {
        // The key path's root, not the object's class: `Property(mySwitch as Switch, \.isOn)`
        // is `\Switch.isOn` of a `MySwitch`.
        guard let kind = type(of: keyPath).rootType as? any StandardControl.Type,
            let events = kind.standardKeyPaths[keyPath]
        else { return [] }
        return [TargetActionTrigger(source: self, events: events)]
    }

    /// The events some live action of `target` is registered for.
    public func events(for target: AnyObject) -> ControlEvents {
        lock.withLock {
            registrations.filter { $0.liveTarget === target }.reduce(into: ControlEvents()) { $0.formUnion($1.events) }
        }
    }
}

extension Control: TargetActionSource {
    /// Adds `trigger`, held strongly, for its events, unless it is registered already: the
    /// trigger is the registration, so this allocates nothing beyond the list's growth.
    ///
    /// ```swift
    /// field.addTriggerAction(TargetActionTrigger(source: field, events: .editingChanged))   // what start does
    /// ```
    public func addTriggerAction(_ trigger: TargetActionTrigger) {
        lock.withLock {
            guard !registrations.contains(where: { $0.belongs(to: trigger) }) else { return }
            registrations.append(.trigger(trigger))
        }
    }

    /// Removes `trigger`'s registration (also once narrowed to fewer events); actions added
    /// with `addTarget(_:action:for:)` stay, even one whose target is the trigger.
    ///
    /// ```swift
    /// field.removeTriggerAction(trigger)   // what the trigger's stop does
    /// ```
    public func removeTriggerAction(_ trigger: TargetActionTrigger) {
        changeRegistrations { $0.filter { !$0.belongs(to: trigger) } }
    }

    /// Whether `trigger` is registered, for any of its events.
    ///
    /// ```swift
    /// field.hasTriggerAction(trigger)   // true between its start and its stop
    /// ```
    public func hasTriggerAction(_ trigger: TargetActionTrigger) -> Bool {
        lock.withLock { registrations.contains { $0.belongs(to: trigger) } }
    }
}
