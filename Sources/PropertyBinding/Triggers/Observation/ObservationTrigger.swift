import Dispatch
import Observation

/// A trigger that fires when a property of an `@Observable` object changes, through Swift
/// Observation (`withObservationTracking`).
///
/// ```swift
/// @Observable final class Player { var score = 0 }
///
/// @MainActor func showScore(of player: Player, in label: Label) -> Binding<…> {
///     let binding = Binding(source: Property(player, \.score), destination: Property(label, \.score))
///     binding.addTrigger(ObservationTrigger(player, \.score))
///     return binding
/// }
/// player.score = 10     // on the main actor; label.score == 10 once the main actor runs again
/// ```
///
/// ## When the update runs
/// Swift Observation calls back in the property's `willSet`, *before* the new value is stored,
/// and only once per registration. So this trigger never updates in the same call stack as the
/// write. Instead:
///
/// 1. at the change, it schedules one delivery with `queue.async` (default: the main queue,
///    which is the main actor's queue);
/// 2. the delivery runs on `queue`, re-registers with Observation (reading the property), then
///    fires the binding, which updates synchronously there. Changes made between the first change
///    and the delivery are **coalesced** into that one update, which reads the latest value.
///
/// Make your changes on `queue` (for the default, on the main actor / main thread): then the
/// write that triggered the delivery has finished, and its value is stored, before the
/// delivery can run. A model changed on another serial queue takes that queue here.
///
/// ## Teardown
/// ``stopObserving()`` (removal from the binding, invalidation) ends it at once: a delivery
/// already scheduled does nothing, and no update happens after it. Observation has no way to
/// withdraw a registration, so the one pending registration stays in the object's registrar until
/// its next change, then calls a closure that only holds this trigger weakly and does nothing.
/// The object is held weakly: the trigger never keeps the model alive.
public final class ObservationTrigger: Trigger, @unchecked Sendable {
    /// The key path observed.
    public let keyPath: AnyKeyPath
    /// The queue the update runs on.
    public let queue: DispatchQueue
    /// Reads the property inside a tracking scope; returns false once the object is gone.
    private let access: () -> Bool
    private let state = Locked(State())

    private struct State {
        weak var delegate: (any TriggerDelegate)?
        var isObserving = false
        /// Bumped by each start and stop, so callbacks of an earlier registration do nothing.
        var generation = 0
        var deliveryIsScheduled = false
        var deliveries = 0
    }

    /// Creates a trigger for changes of `keyPath` of `object` (held weakly), delivered on `queue`.
    ///
    /// - Parameters:
    ///   - object: An `@Observable` object.
    ///   - keyPath: The property to watch; it must be one Observation tracks (a stored property
    ///     of the `@Observable` class, or a computed property that reads one).
    ///   - queue: Where the update runs; the queue the object is changed on. The main queue unless given.
    public convenience init<Root: AnyObject & Observable>(
        _ object: Root, _ keyPath: PartialKeyPath<Root>, queue: DispatchQueue = .main
    ) {
        self.init(observing: object, keyPath: keyPath, queue: queue)
    }

    /// Creates a trigger from a key path whose root type is known only at run time (the registry).
    init<Root: AnyObject & Observable>(observing object: Root, keyPath: AnyKeyPath, queue: DispatchQueue = .main) {
        self.keyPath = keyPath
        self.queue = queue
        self.access = { [weak object] in
            guard let object else { return false }
            _ = object[keyPath: keyPath]
            return true
        }
    }

    deinit {
        stopObserving()
    }

    /// The binding told when this trigger fires.
    public var delegate: (any TriggerDelegate)? {
        get { state.value.delegate }
        set { state.withLock { $0.delegate = newValue } }
    }

    /// Whether the trigger is observing now (between start and stop).
    public var isObserving: Bool { state.value.isObserving }

    /// How many times this trigger has fired its binding.
    var deliveryCount: Int { state.value.deliveries }

    /// Registers with Observation (once); changes from now on fire the binding.
    public func startObserving() {
        let generation: Int? = state.withLock { state in
            guard !state.isObserving else { return nil }
            state.isObserving = true
            state.generation += 1
            state.deliveryIsScheduled = false
            return state.generation
        }
        if let generation { track(generation) }
    }

    /// Stops: no update runs after this returns, even one already scheduled.
    public func stopObserving() {
        state.withLock { state in
            guard state.isObserving else { return }
            state.isObserving = false
            state.generation += 1
            state.deliveryIsScheduled = false
        }
    }

    private func track(_ generation: Int) {
        withObservationTracking {
            _ = access()
        } onChange: { [weak self] in
            self?.willChange(generation)
        }
    }

    /// Called by Observation in `willSet`, on the writing thread: schedule one delivery.
    private func willChange(_ generation: Int) {
        let schedule: Bool = state.withLock { state in
            guard state.isObserving, state.generation == generation, !state.deliveryIsScheduled else { return false }
            state.deliveryIsScheduled = true
            return true
        }
        guard schedule else { return }
        queue.async { [weak self] in self?.deliver(generation) }
    }

    private func deliver(_ generation: Int) {
        let delegate: (any TriggerDelegate)?? = state.withLock { state in
            guard state.isObserving, state.generation == generation else { return nil }
            state.deliveryIsScheduled = false
            state.deliveries += 1
            return .some(state.delegate)
        }
        guard case .some(let delegate) = delegate else { return }
        // Re-register before updating, so a change made by the update itself, or right after it,
        // is seen; the update then reads the latest value.
        track(generation)
        delegate?.triggerDidFire(self)
    }
}
