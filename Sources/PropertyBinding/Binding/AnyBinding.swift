import Foundation

/// The part of every ``Binding`` that does not depend on its value type: triggers, updating,
/// error handling and invalidation. A ``BindingSet`` stores bindings as `AnyBinding`.
///
/// ## Threading
/// A binding can be fired from any thread. It updates synchronously on the thread that fired
/// it and serializes its own updates: a second thread waits until the first update is done.
/// An update that makes the same binding fire again on the same thread (its own write
/// announces a change that comes back to it) is skipped and returns ``UpdateResult/reentrant``
/// instead of recursing; so is a fire of a binding that shares its update lock (the other
/// direction of a two-way binding). After ``invalidate()`` returns, no update runs.
///
/// Everything here is safe to call from any thread. The objects a binding reads and writes
/// are accessed on the thread that fires it; keep them to the threads they tolerate.
public class AnyBinding: TriggerDelegate, @unchecked Sendable {
    /// Serializes updates and detects re-entrance; shared by the bindings that must not echo
    /// into each other. Its lock guards every `var` below.
    let updateGate: UpdateGate
    /// The gate's lock.
    var gate: NSRecursiveLock { updateGate.lock }
    private var _isValid = true
    /// Whether this binding (not only its gate) is updating: a fire now is a cycle.
    private var isRunning = false
    private var _triggers: [any Trigger] = []
    private var _label: String?
    private var _onError: (@Sendable (BindingFailure) -> Void)?
    private var _lastError: BindingFailure?
    weak var owner: BindingSet?

    init(gate: UpdateGate) {
        self.updateGate = gate
    }

    deinit {
        for trigger in _triggers { trigger.stopObserving() }
    }

    // MARK: Configuration

    /// A name for this binding, used in ``BindingFailure`` messages (`"age"`).
    public var label: String? {
        get { gate.withLock { _label } }
        set { gate.withLock { _label = newValue } }
    }

    /// The label, read with `gate` already held.
    var _labelUnlocked: String? { _label }

    /// Called with every failure of this binding, on the thread that updated.
    ///
    /// When neither the binding nor its ``BindingSet`` has a handler, failures go to
    /// ``AnyBinding/defaultErrorHandler``.
    public var onError: (@Sendable (BindingFailure) -> Void)? {
        get { gate.withLock { _onError } }
        set { gate.withLock { _onError = newValue } }
    }

    /// Forgets the latest failure (a two-way binding does when the model overwrites the edit).
    func clearLastError() {
        gate.withLock { _lastError = nil }
    }

    /// The failure of the latest update; nil once an update succeeds.
    public var lastError: BindingFailure? {
        gate.withLock { _lastError }
    }

    /// Whether the binding still updates (it has not been invalidated).
    public var isValid: Bool {
        gate.withLock { _isValid }
    }

    /// The triggers that fire this binding.
    public var triggers: [any Trigger] {
        gate.withLock { _triggers }
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
        let added: Bool = gate.withLock {
            guard _isValid, !_triggers.contains(where: { $0 === trigger }) else { return false }
            if let other = trigger.delegate as? AnyBinding, other !== self, other.contains(trigger) {
                preconditionFailure("\(type(of: trigger)) already belongs to another binding; remove it there first")
            }
            _triggers.append(trigger)
            trigger.delegate = self
            return true
        }
        if added { trigger.startObserving() }
    }

    /// Removes a trigger and stops it observing; its later fires are ignored.
    public func removeTrigger(_ trigger: any Trigger) {
        let removed: Bool = gate.withLock {
            guard let index = _triggers.firstIndex(where: { $0 === trigger }) else { return false }
            _triggers.remove(at: index)
            return true
        }
        if removed { trigger.stopObserving() }
    }

    func contains(_ trigger: any Trigger) -> Bool {
        gate.withLock { _triggers.contains { $0 === trigger } }
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

    @discardableResult
    func run(trigger: (any Trigger)?) -> UpdateResult {
        gate.lock()
        guard _isValid else {
            gate.unlock()
            return .invalidated
        }
        if let trigger, !_triggers.contains(where: { $0 === trigger }) {
            gate.unlock()
            return .unchanged
        }
        let result: UpdateResult
        if updateGate.isUpdating {
            // Fired again while an update of this gate runs on this thread. The other side of a
            // two-way pair is simply not echoed; this very binding coming back round (a cycle of
            // bindings) is reported when it would still change the destination.
            guard isRunning, let cycle = cycleFailure() else {
                gate.unlock()
                return .reentrant
            }
            result = .failed(cycle)
        } else {
            updateGate.isUpdating = true
            isRunning = true
            result = performUpdate(trigger: trigger)
            isRunning = false
            updateGate.isUpdating = false
        }
        return finish(result)
    }

    /// Records the result and reports a failure; called with `gate` held, releases it.
    private func finish(_ result: UpdateResult) -> UpdateResult {
        var handlers: [@Sendable (BindingFailure) -> Void] = []
        switch result {
        case .failed(let failure):
            _lastError = failure
            if let onError = _onError { handlers.append(onError) }
        case .written, .unchanged:
            _lastError = nil
        case .reentrant, .invalidated:
            break
        }
        let owner = self.owner
        gate.unlock()
        if case .failed(let failure) = result {
            if let setHandler = owner?.onError { handlers.append(setHandler) }
            if handlers.isEmpty { handlers.append(Self.defaultErrorHandler) }
            for handler in handlers { handler(failure) }
        }
        return result
    }

    /// The failure to report when this binding is fired again by its own update (a cycle), or
    /// nil when the destination already holds the source's value (the cycle has settled).
    /// Called with `gate` held. Overridden by ``Binding``.
    func cycleFailure() -> BindingFailure? {
        nil
    }

    /// Performs one update; called with `gate` held. Overridden by ``Binding``.
    func performUpdate(trigger: (any Trigger)?) -> UpdateResult {
        .unchanged
    }

    // MARK: Teardown

    /// Stops the binding for good: every trigger stops observing and no update runs after
    /// this returns (an update running on another thread is waited for).
    public func invalidate() {
        let stopped: [any Trigger] = gate.withLock {
            _isValid = false
            defer { _triggers.removeAll() }
            return _triggers
        }
        for trigger in stopped { trigger.stopObserving() }
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
