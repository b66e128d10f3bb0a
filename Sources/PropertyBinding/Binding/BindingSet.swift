import Foundation

/// Owns the bindings of a screen or a form; removing them, or releasing the set, tears down
/// every trigger.
///
/// ```swift
/// let bindings = BindingSet()
/// bindings.add(showName)
/// bindings.add(storeAge)
/// bindings.onError = { failure in print(failure) }
/// bindings.removeAll()                            // every trigger stops observing
/// ```
///
/// A set holds its bindings strongly and never the objects they bind: properties hold their
/// objects weakly, so releasing a set (or a model, or a view) leaks nothing. All methods are
/// safe to call from any thread.
public final class BindingSet: @unchecked Sendable {
    private let state = Locked(State())

    private struct State {
        /// The bindings in the order they were added; a removed one leaves a hole (nil), and the
        /// holes are closed up once they outnumber the bindings, so that adding and removing
        /// cost the same whatever the size of the set.
        var slots: [AnyBinding?] = []
        /// Where each binding is in `slots`. The set holds its bindings, so an identity is not
        /// reused while it is a key here.
        var slotOf: [ObjectIdentifier: Int] = [:]
        var onError: (@Sendable (BindingFailure) -> Void)?

        var bindings: [AnyBinding] { slots.compactMap { $0 } }

        /// Adds `binding` at the end; false when it is already in.
        mutating func add(_ binding: AnyBinding) -> Bool {
            let id = ObjectIdentifier(binding)
            guard slotOf[id] == nil else { return false }
            slotOf[id] = slots.count
            slots.append(binding)
            return true
        }

        /// Removes `binding`; false when it was not in.
        mutating func remove(_ binding: AnyBinding) -> Bool {
            guard let slot = slotOf.removeValue(forKey: ObjectIdentifier(binding)) else { return false }
            slots[slot] = nil
            if slots.count > 16 && slotOf.count * 2 < slots.count { closeHoles() }
            return true
        }

        /// Takes every binding out, in order.
        mutating func removeAll() -> [AnyBinding] {
            defer {
                slots = []
                slotOf = [:]
            }
            return bindings
        }

        private mutating func closeHoles() {
            slots = slots.filter { $0 != nil }
            for (slot, binding) in slots.enumerated() { slotOf[ObjectIdentifier(binding!)] = slot }
        }
    }

    /// Creates an empty set.
    public init() {}

    deinit {
        for binding in state.value.bindings { binding.invalidate() }
    }

    /// The bindings in the set, in the order they were added.
    public var bindings: [AnyBinding] { state.withLock { $0.bindings } }

    /// The number of bindings in the set.
    public var count: Int { state.withLock { $0.slotOf.count } }

    /// Called with the failures of every binding in the set, after the binding's own
    /// ``AnyBinding/onError``.
    public var onError: (@Sendable (BindingFailure) -> Void)? {
        get { state.value.onError }
        set { state.withLock { $0.onError = newValue } }
    }

    /// Adds a binding; the set keeps it alive until it is removed. Adding it twice does nothing.
    public func add(_ binding: AnyBinding) {
        guard state.withLock({ $0.add(binding) }) else { return }
        binding.owner = self
    }

    /// Adds several bindings.
    public func add(_ bindings: AnyBinding...) {
        for binding in bindings { add(binding) }
    }

    /// Removes a binding and invalidates it: its triggers stop observing.
    public func remove(_ binding: AnyBinding) {
        if state.withLock({ $0.remove(binding) }) { binding.invalidate() }
    }

    /// Removes and invalidates every binding. When this returns every trigger has stopped
    /// observing and no binding of the set starts an update; called from outside any update,
    /// none runs either (see ``AnyBinding/invalidate()``).
    public func removeAll() {
        for binding in state.withLock({ $0.removeAll() }) { binding.invalidate() }
    }
}
