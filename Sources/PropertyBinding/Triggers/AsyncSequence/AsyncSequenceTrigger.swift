/// A trigger that fires for each element of an `AsyncSequence`: a stream of model events,
/// `NotificationCenter.default.notifications(named:)` on Apple platforms, an `AsyncStream` of
/// your own.
///
/// ```swift
/// let showName = Binding(source: Property(person, \.name), destination: Property(label, \.text))
/// showName.addTrigger(AsyncSequenceTrigger(events))     // events: AsyncStream<PersonEvent>
/// continuation.yield(.renamed)                          // label.text follows, shortly after
/// ```
///
/// Starting the trigger (adding it to a binding) starts a task that iterates the sequence;
/// each element fires the binding, on that task's thread, after the element arrives (not in
/// the call stack that produced it: wait for the update in tests, with
/// `BindingRecorder.waitForUpdates`). Stopping the trigger (removing it, invalidating its
/// binding) cancels the task, so the sequence is no longer consumed: an `AsyncStream` ends
/// and calls its `onTermination`. The sequence is iterated again from a new iterator if the
/// trigger is started again. An error thrown by the sequence ends the iteration.
///
/// The elements are not used: the binding reads its source when it fires.
public final class AsyncSequenceTrigger<Elements: AsyncSequence & Sendable>: Trigger, @unchecked Sendable {
    /// The sequence iterated while the trigger observes.
    public let elements: Elements
    private let lock = StateLock()
    // Guarded by `lock`.
    private weak var _delegate: (any TriggerDelegate)?
    private var task: Task<Void, Never>?
    /// Tags the iteration started last, so that a cancelled one that is still delivering an
    /// element does not fire.
    private var generation = 0

    /// Creates a trigger that fires for each element of `elements`.
    ///
    /// ```swift
    /// AsyncSequenceTrigger(NotificationCenter.default.notifications(named: .personDidChange))
    /// ```
    public init(_ elements: Elements) {
        self.elements = elements
    }

    deinit {
        task?.cancel()
    }

    /// The binding told when this trigger fires; held weakly.
    public var delegate: (any TriggerDelegate)? {
        get { lock.withLock { _delegate } }
        set { lock.withLock { _delegate = newValue } }
    }

    /// Whether a task iterates the sequence now: false before the trigger starts, after it
    /// stops, and once the sequence has ended (finished or thrown).
    public var isObserving: Bool { lock.withLock { task != nil } }

    /// Starts iterating the sequence (once).
    public func startObserving() {
        lock.withLock {
            guard task == nil else { return }
            generation += 1
            let generation = generation
            let elements = elements
            task = Task { [weak self] in
                do {
                    for try await _ in elements {
                        guard let self, !Task.isCancelled else { return }
                        self.fire(generation: generation)
                    }
                } catch {
                    // the sequence failed: nothing more will come
                }
                self?.iterationEnded(generation: generation)
            }
        }
    }

    /// The iteration of `generation` ran out: unless a later one replaced it, none runs now.
    private func iterationEnded(generation: Int) {
        lock.withLock {
            if generation == self.generation { task = nil }
        }
    }

    /// Cancels the iteration: the sequence is no longer consumed.
    public func stopObserving() {
        let task: Task<Void, Never>? = lock.withLock {
            defer { self.task = nil }
            return self.task
        }
        task?.cancel()
    }

    private func fire(generation: Int) {
        let delegate: (any TriggerDelegate)? = lock.withLock {
            generation == self.generation && task != nil ? _delegate : nil
        }
        delegate?.triggerDidFire(self)
    }
}
