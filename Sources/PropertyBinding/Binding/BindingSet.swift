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
        var bindings: [AnyBinding] = []
        var onError: (@Sendable (BindingFailure) -> Void)?
    }

    /// Creates an empty set.
    public init() {}

    deinit {
        for binding in state.value.bindings { binding.invalidate() }
    }

    /// The bindings in the set, in the order they were added.
    public var bindings: [AnyBinding] { state.value.bindings }

    /// The number of bindings in the set.
    public var count: Int { state.value.bindings.count }

    /// Called with the failures of every binding in the set, after the binding's own
    /// ``AnyBinding/onError``.
    public var onError: (@Sendable (BindingFailure) -> Void)? {
        get { state.value.onError }
        set { state.withLock { $0.onError = newValue } }
    }

    /// Adds a binding; the set keeps it alive until it is removed. Adding it twice does nothing.
    public func add(_ binding: AnyBinding) {
        state.withLock { state in
            guard !state.bindings.contains(where: { $0 === binding }) else { return }
            state.bindings.append(binding)
        }
        binding.owner = self
    }

    /// Adds several bindings.
    public func add(_ bindings: AnyBinding...) {
        for binding in bindings { add(binding) }
    }

    /// Removes a binding and invalidates it: its triggers stop observing.
    public func remove(_ binding: AnyBinding) {
        let removed: Bool = state.withLock { state in
            guard let index = state.bindings.firstIndex(where: { $0 === binding }) else { return false }
            state.bindings.remove(at: index)
            return true
        }
        if removed { binding.invalidate() }
    }

    /// Removes and invalidates every binding. When this returns every trigger has stopped
    /// observing and no binding of the set starts an update; called from outside any update,
    /// none runs either (see ``AnyBinding/invalidate()``).
    public func removeAll() {
        let removed: [AnyBinding] = state.withLock { state in
            defer { state.bindings.removeAll() }
            return state.bindings
        }
        for binding in removed { binding.invalidate() }
    }
}
