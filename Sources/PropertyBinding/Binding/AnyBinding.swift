import Foundation
import Synchronization

/// The part of every ``Binding`` that does not depend on its value type: triggers, updating,
/// error handling and invalidation. A ``BindingSet`` stores bindings as `AnyBinding`.
///
/// ## Threading
/// A binding can be fired from any thread. It updates synchronously on the thread that fired
/// it and serializes its own updates: a second thread waits until the first update is done.
/// An update that makes the same binding fire again on the same thread (its own write
/// announces a change that comes back to it) is skipped and returns ``UpdateResult/reentrant``
/// instead of recursing; so is a fire of a binding that shares its update lock (the other
/// direction of a two-way binding). A thread that is inside an update never waits for a
/// binding another thread is updating: it hands the update to that thread
/// (``UpdateResult/deferred``), so bindings that fire each other from two threads cannot
/// deadlock. After ``invalidate()`` returns, no update runs.
///
/// Everything here is safe to call from any thread. The objects a binding reads and writes
/// are accessed on the thread that fires it; keep them to the threads they tolerate.
public class AnyBinding: TriggerDelegate, @unchecked Sendable {
    /// Serializes updates and detects re-entrance; shared by the bindings that must not echo
    /// into each other.
    @usableFromInline let updateGate: UpdateGate
    /// The configuration; never locked while an update runs user code.
    private let state = Locked(State())
    /// Whether the binding still updates; read without the lock after the gate is entered.
    private let valid = Atomic<Bool>(true)
    /// Whether `state.lastError` is set, so that a good update clears it without locking.
    private let failed = Atomic<Bool>(false)
    /// Whether this binding (not only its gate) is updating: a fire now is a cycle. Only the
    /// thread that holds the gate reads or writes it.
    private var isRunning = false

    private struct State {
        var triggers: [any Trigger] = []
        var label: String?
        var onError: (@Sendable (BindingFailure) -> Void)?
        var lastError: BindingFailure?
        weak var owner: BindingSet?
        /// ``Binding/onUpdate``, whose type depends on the value type.
        var onUpdate: Any?
    }

    /// Whether ``Binding/onUpdate`` is set, so that an update without a handler takes no lock.
    private let hasOnUpdate = Atomic<Bool>(false)

    /// The update handler of a ``Binding``, stored here untyped.
    var onUpdateHandler: Any? {
        get { hasOnUpdate.load(ordering: .relaxed) ? state.withLock { $0.onUpdate } : nil }
        set {
            state.withLock { state in
                state.onUpdate = newValue
                hasOnUpdate.store(newValue != nil, ordering: .relaxed)
            }
        }
    }

    @usableFromInline
    init(gate: UpdateGate) {
        self.updateGate = gate
    }

    deinit {
        for trigger in state.withLock({ $0.triggers }) { trigger.stopObserving() }
    }

    // MARK: Configuration

    /// A name for this binding, used in ``BindingFailure`` messages (`"age"`).
    public var label: String? {
        get { state.withLock { $0.label } }
        set { state.withLock { $0.label = newValue } }
    }

    /// Called with every failure of this binding, on the thread that updated.
    ///
    /// When neither the binding nor its ``BindingSet`` has a handler, failures go to
    /// ``AnyBinding/defaultErrorHandler``.
    public var onError: (@Sendable (BindingFailure) -> Void)? {
        get { state.withLock { $0.onError } }
        set { state.withLock { $0.onError = newValue } }
    }

    /// The failure of the latest update; nil once an update succeeds.
    public var lastError: BindingFailure? {
        state.withLock { $0.lastError }
    }

    /// Forgets the latest failure (a two-way binding does when the model overwrites the edit).
    func clearLastError() {
        state.withLock { state in
            state.lastError = nil
            failed.store(false, ordering: .relaxed)
        }
    }

    /// Whether the binding still updates (it has not been invalidated).
    public var isValid: Bool {
        valid.load(ordering: .acquiring)
    }

    /// The triggers that fire this binding.
    public var triggers: [any Trigger] {
        state.withLock { $0.triggers }
    }

    /// The set that owns this binding, for its error handler.
    var owner: BindingSet? {
        get { state.withLock { $0.owner } }
        set { state.withLock { $0.owner = newValue } }
    }

    // MARK: Triggers

    /// Adds a trigger: from now on, each time it fires the binding updates.
    ///
    /// Sets the trigger's ``Trigger/delegate`` to this binding and calls
    /// ``Trigger/startObserving()``. Adding a trigger twice, or to an invalidated binding,
    /// does nothing.
    ///
    /// - Precondition: the trigger does not belong to another binding.
    public func addTrigger(_ trigger: any Trigger) {
        if let other = trigger.delegate as? AnyBinding, other !== self, other.contains(trigger) {
            preconditionFailure("\(type(of: trigger)) already belongs to another binding; remove it there first")
        }
        let added: Bool = state.withLock { state in
            guard isValid, !state.triggers.contains(where: { $0 === trigger }) else { return false }
            state.triggers.append(trigger)
            return true
        }
        guard added else { return }
        trigger.delegate = self
        trigger.startObserving()
    }

    /// Removes a trigger and stops it observing; its later fires are ignored.
    public func removeTrigger(_ trigger: any Trigger) {
        let removed: Bool = state.withLock { state in
            guard let index = state.triggers.firstIndex(where: { $0 === trigger }) else { return false }
            state.triggers.remove(at: index)
            return true
        }
        if removed { trigger.stopObserving() }
    }

    func contains(_ trigger: any Trigger) -> Bool {
        state.withLock { $0.triggers.contains { $0 === trigger } }
    }

    /// Updates because `trigger` fired; a trigger that is not this binding's is ignored.
    public func triggerDidFire(_ trigger: any Trigger) {
        run(trigger: trigger)
    }

    // MARK: Updating

    /// Reads the source and writes its value to the destination now, without a trigger.
    ///
    /// ```swift
    /// storeAge.update()                               // person.age follows ageField.text
    /// ```
    ///
    /// - Returns: what the update did; a failure has also gone to the error handlers.
    @discardableResult
    public func update() -> UpdateResult {
        run(trigger: nil)
    }

    /// Runs an update another thread handed over while this thread held the gate.
    func runHandedOver() {
        run(trigger: nil)
    }

    @discardableResult
    func run(trigger: (any Trigger)?) -> UpdateResult {
        if let trigger {
            // A trigger that was removed (or never added) may still call; it is not heard.
            guard state.withLock({ $0.triggers.contains { $0 === trigger } }) else {
                return isValid ? .unchanged : .invalidated
            }
        }
        guard isValid else { return .invalidated }
        guard case .entered = updateGate.enter(deferring: self) else { return .deferred }

        let result: UpdateResult
        if !isValid {
            // Invalidated while this thread waited for the gate.
            result = .invalidated
        } else if updateGate.isUpdating {
            // Fired again while an update of this gate runs on this thread. The other side of a
            // two-way pair is simply not echoed; this very binding coming back round (a cycle of
            // bindings) is reported when it would still change the destination.
            if isRunning, let cycle = cycleFailure() {
                result = .failed(cycle)
            } else {
                result = .reentrant
            }
        } else {
            updateGate.isUpdating = true
            isRunning = true
            result = performUpdate(trigger: trigger)
            isRunning = false
            updateGate.isUpdating = false
        }
        updateGate.leave()
        return finish(result)
    }

    /// Records the result and reports a failure to the handlers.
    private func finish(_ result: UpdateResult) -> UpdateResult {
        switch result {
        case .failed(let failure):
            let (onError, owner) = state.withLock { state in
                state.lastError = failure
                failed.store(true, ordering: .relaxed)
                return (state.onError, state.owner)
            }
            let setHandler = owner?.onError
            onError?(failure)
            setHandler?(failure)
            if onError == nil && setHandler == nil { Self.defaultErrorHandler(failure) }
        case .written, .unchanged:
            if failed.load(ordering: .relaxed) { clearLastError() }
        case .reentrant, .deferred, .invalidated:
            break
        }
        return result
    }

    /// Performs one update; called with the gate held. Overridden by ``Binding``.
    func performUpdate(trigger: (any Trigger)?) -> UpdateResult {
        .unchanged
    }

    /// The failure to report when this binding is fired again by its own update (a cycle), or
    /// nil when the destination already holds the source's value (the cycle has settled).
    /// Called with the gate held. Overridden by ``Binding``.
    func cycleFailure() -> BindingFailure? {
        nil
    }

    // MARK: Teardown

    /// Stops the binding for good: every trigger stops observing and no update runs after
    /// this returns (an update running on another thread is waited for).
    public func invalidate() {
        let stopped: [any Trigger] = state.withLock { state in
            valid.store(false, ordering: .releasing)
            defer { state.triggers.removeAll() }
            return state.triggers
        }
        for trigger in stopped { trigger.stopObserving() }
        // Wait for an update that entered before the binding became invalid.
        updateGate.withGate {}
    }

    // MARK: Default error handling

    private static let defaultHandler = Locked<@Sendable (BindingFailure) -> Void>(AnyBinding.printToStandardError)

    /// Where failures go when neither the binding nor its set has a handler; by default a line
    /// on standard error. Set it to `{ _ in }` to silence them.
    public static var defaultErrorHandler: @Sendable (BindingFailure) -> Void {
        get { defaultHandler.value }
        set { defaultHandler.value = newValue }
    }

    private static let printToStandardError: @Sendable (BindingFailure) -> Void = { failure in
        FileHandle.standardError.write(Data("PropertyBinding: \(failure)\n".utf8))
    }
}
