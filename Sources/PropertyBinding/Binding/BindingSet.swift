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
/// safe to call from any thread. Adding and removing a binding take constant time (amortized),
/// whatever the size of the set.
public final class BindingSet: @unchecked Sendable {
    private let state = Locked(State())

    /// The bindings in the order they were added (adding and removing one take constant
    /// time), and the set's error handler.
    private struct State {
        var bindings = SlotList<AnyBinding>()
        var onError: (@Sendable (BindingFailure) -> Void)?
    }

    /// Creates an empty set.
    public init() {}

    deinit {
        for binding in state.withLock({ $0.bindings.elements }) { binding.invalidate() }
    }

    /// The bindings in the set, in the order they were added.
    public var bindings: [AnyBinding] { state.withLock { $0.bindings.elements } }

    /// The number of bindings in the set.
    public var count: Int { state.withLock { $0.bindings.count } }

    /// Called with the failures of every binding in the set, after the binding's own
    /// ``AnyBinding/onError``.
    public var onError: (@Sendable (BindingFailure) -> Void)? {
        get { state.value.onError }
        set { state.withLock { $0.onError = newValue } }
    }

    /// Adds a binding; the set keeps it alive until it is removed. Adding it twice does nothing.
    public func add(_ binding: AnyBinding) {
        guard state.withLock({ $0.bindings.append(binding) }) else { return }
        binding.owner = self
    }

    /// Adds several bindings.
    public func add(_ bindings: AnyBinding...) {
        for binding in bindings { add(binding) }
    }

    /// Removes a binding and invalidates it: its triggers stop observing.
    public func remove(_ binding: AnyBinding) {
        if state.withLock({ $0.bindings.remove(binding) }) { binding.invalidate() }
    }

    /// Removes and invalidates every binding. When this returns every trigger has stopped
    /// observing and no binding of the set starts an update; called from outside any update,
    /// none runs either (see ``AnyBinding/invalidate()``).
    public func removeAll() {
        let removed = state.withLock { $0.bindings.removeAll() }
        for binding in removed { binding.invalidate() }
    }
}

extension BindingSet: KeyPathNaming {
    /// The names of the set's computed properties, for messages and graphs.
    ///
    /// ```swift
    /// print(ReadOnlyProperty(bindings, \.count))    // \BindingSet.count
    /// ```
    public static var keyPathNames: [AnyKeyPath: String] {
        [\BindingSet.count: "count", \BindingSet.bindings: "bindings"]
    }
}
