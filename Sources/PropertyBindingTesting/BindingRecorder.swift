import Foundation
import PropertyBinding

/// Records what a `Binding` does: every update it performs (old value, new value and the
/// trigger that fired) and every failure it reports.
///
/// ```swift
/// let recorder = BindingRecorder(showName)
/// person.name = "Ann"
/// center.post(.personDidChange, from: person)
/// recorder.newValues                               // ["Ann"]
/// recorder.updates.last?.wasFired(by: trigger)     // true
/// ```
///
/// The recorder installs itself in the binding's `Binding.onUpdate` and
/// `AnyBinding.onError` and calls the handlers that were there before, so it can be added to
/// a binding that already has them. Install handlers of your own after creating the recorder
/// by reading and chaining the current ones, or the recorder stops seeing updates. With the
/// recorder installed, failures no longer reach `AnyBinding.defaultErrorHandler` (they still
/// reach the `BindingSet`'s handler), so a test's expected failures print nothing.
///
/// The binding keeps the recorder alive; the recorder holds neither the binding nor the
/// objects it binds.
public final class BindingRecorder<Value>: @unchecked Sendable {
    /// One write the binding performed.
    public struct Update: CustomStringConvertible {
        /// What the destination held before, when it could be read.
        public let oldValue: Value?
        /// What was written.
        public let newValue: Value
        /// The identity of the trigger that fired, or nil for a call to
        /// `AnyBinding.update()`.
        public let triggerID: ObjectIdentifier?
        private weak var _trigger: (any Trigger)?

        init(oldValue: Value?, newValue: Value, trigger: (any Trigger)?) {
            self.oldValue = oldValue
            self.newValue = newValue
            self.triggerID = trigger.map { ObjectIdentifier($0) }
            self._trigger = trigger
        }

        /// The trigger that fired, while it is alive; nil for a manual update.
        public var trigger: (any Trigger)? { _trigger }

        /// Whether the update was a call to `AnyBinding.update()` rather than a trigger's fire.
        public var isManual: Bool { triggerID == nil }

        /// Whether `trigger` fired this update. Once the trigger that fired has been deallocated no
        /// trigger did: a new one may reuse its address, and so its `ObjectIdentifier`.
        public func wasFired(by trigger: any Trigger) -> Bool {
            _trigger === trigger
        }

        /// The values, quoted as Swift literals (`String(reflecting:)`), and what fired:
        /// `"" → "Ann" (NotificationTrigger)`, `41 → 42 (update())`; `?` for an old value that
        /// could not be read.
        public var description: String {
            let old = oldValue.map { String(reflecting: $0) } ?? "?"
            let cause = triggerID == nil ? "update()" : _trigger.map { "\(type(of: $0))" } ?? "a released trigger"
            return "\(old) → \(String(reflecting: newValue)) (\(cause))"
        }
    }

    /// What the binding did while one action ran; see ``BindingRecorder/activity(during:)``.
    public struct Activity: CustomStringConvertible {
        /// The writes the binding performed, in order.
        public let updates: [Update]
        /// The failures the binding reported, in order.
        public let failures: [BindingFailure]

        /// The errors of the failures, in order.
        public var errors: [any Error] { failures.map(\.error) }

        /// The values written, in order.
        public var newValues: [Value] { updates.map(\.newValue) }

        /// Whether the binding neither wrote nor failed.
        public var isEmpty: Bool { updates.isEmpty && failures.isEmpty }

        /// The updates and failures, one per line.
        public var description: String {
            guard !isEmpty else { return "no update, no failure" }
            let lines = updates.map { "update \($0)" } + failures.map { "failure \($0)" }
            return lines.joined(separator: "\n")
        }
    }

    private let lock = NSLock()
    // Guarded by `lock`.
    private var _updates: [Update] = []
    private var _failures: [BindingFailure] = []
    private var waiters: [Int: Waiter] = [:]
    private var expiredWaiters: Set<Int> = []
    private var nextWaiterID = 0
    /// The continuations of ``values(bufferingPolicy:)``, fed on each recorded update.
    private var feeds: [(Value) -> Void] = []
    private var finishFeeds: [() -> Void] = []
    private let readDestination: (_ waiting: Bool) throws -> Value?

    /// Starts recording `binding`'s updates and failures.
    ///
    /// ```swift
    /// let recorder = BindingRecorder(storeAge)
    /// ```
    public convenience init<Source, Destination>(_ binding: Binding<Source, Destination>)
    where Source.Value == Value {
        let destination = binding.destination
        self.init(readDestination: reader(between: binding) { try destination.read() })
        attach(to: binding) { $0 }
    }

    /// Starts recording, with `readDestination` to read what the binding writes between its
    /// updates (nil when that would mean waiting, and waiting is not allowed or could deadlock);
    /// the caller attaches the recorder to its binding.
    init(readDestination: @escaping (_ waiting: Bool) throws -> Value?) {
        self.readDestination = readDestination
    }

    /// Installs the recorder in `binding`'s handlers, recording its values as `convert` makes them.
    func attach<Source, Destination>(
        to binding: Binding<Source, Destination>, as convert: @escaping @Sendable (Source.Value) -> Value
    ) {
        binding.onUpdate = UpdateForwarder(recorder: self, convert: convert, previous: binding.onUpdate).forward
        let previousError = binding.onError
        binding.onError = { failure in
            self.record(failure)
            previousError?(failure)
        }
    }

    deinit {
        for finish in finishFeeds { finish() }
    }

    // MARK: What was recorded

    /// Every write the binding performed since recording started, oldest first.
    public var updates: [Update] { lock.withLock { _updates } }

    /// The values written since recording started, oldest first.
    public var newValues: [Value] { updates.map(\.newValue) }

    /// Every failure the binding reported since recording started, oldest first.
    public var failures: [BindingFailure] { lock.withLock { _failures } }

    /// The errors of ``failures``, oldest first.
    public var errors: [any Error] { failures.map(\.error) }

    /// The writes fired by `trigger`.
    public func updates(firedBy trigger: any Trigger) -> [Update] {
        updates.filter { $0.wasFired(by: trigger) }
    }

    /// Forgets what was recorded; recording goes on.
    public func removeAll() {
        lock.withLock {
            _updates.removeAll()
            _failures.removeAll()
        }
    }

    /// Reads the binding's destination now, between the binding's updates: when the binding is
    /// updating on another thread, this waits for that update to finish, so that the read never
    /// races with the binding's own write.
    ///
    /// Called from inside an update of another binding while this binding updates on another
    /// thread, it throws ``RecorderError/destinationBusy`` rather than wait (that could deadlock),
    /// without reading the destination (so not the destination's own error either).
    ///
    /// The read holds the binding's update lock while the destination's getter runs, like an
    /// update: an update that another thread hands over in that moment (see the library's
    /// Threading model article) runs on this thread before the read returns.
    ///
    /// - Throws: the destination's error, for example `PropertyError.objectDeallocated`.
    public func destinationValue() throws -> Value {
        guard let value = try readDestination(true) else { throw RecorderError.destinationBusy }
        return value
    }

    /// Reads the destination between the binding's updates without waiting: nil while the
    /// binding is updating on another thread.
    func readDestinationIfIdle() throws -> Value? {
        try readDestination(false)
    }

    /// The values the binding writes from now on, as an async sequence, for `for await`.
    ///
    /// ```swift
    /// var values = recorder.values().makeAsyncIterator()
    /// continuation.yield(.renamed)
    /// #expect(await values.next() == "Ann")
    /// ```
    ///
    /// The sequence ends when the recorder is deallocated: with its binding, unless you still
    /// hold the recorder (then it ends when you let it go).
    public func values(
        bufferingPolicy: AsyncStream<Value>.Continuation.BufferingPolicy = .unbounded
    ) -> AsyncStream<Value> where Value: Sendable {
        let (stream, continuation) = AsyncStream.makeStream(of: Value.self, bufferingPolicy: bufferingPolicy)
        lock.withLock {
            feeds.append { continuation.yield($0) }
            finishFeeds.append { continuation.finish() }
        }
        return stream
    }

    // MARK: Expectations

    /// Runs `action` and returns what the binding did meanwhile.
    ///
    /// ```swift
    /// let activity = recorder.activity { center.post(.textDidChange, from: ageField) }
    /// #expect(activity.newValues == [42])
    /// ```
    ///
    /// - Throws: what `action` throws.
    public func activity(during action: () throws -> Void) rethrows -> Activity {
        let (updateCount, failureCount) = lock.withLock { (_updates.count, _failures.count) }
        try action()
        return lock.withLock {
            Activity(
                updates: Array(_updates.dropFirst(updateCount)), failures: Array(_failures.dropFirst(failureCount)))
        }
    }

    /// Runs `action` and tells whether the destination then holds `expected`; false when it
    /// cannot be read. The destination is read as ``destinationValue()`` reads it.
    ///
    /// ```swift
    /// #expect(recorder.destination(holds: "Ann") { center.post(.personDidChange, from: person) })
    /// ```
    ///
    /// - Throws: what `action` throws.
    public func destination(holds expected: Value, after action: () throws -> Void) rethrows -> Bool
    where Value: Equatable {
        try action()
        return (try? readDestination(true)) == expected
    }

    /// Runs `action` and tells whether the binding wrote nothing meanwhile (a failure is not a
    /// write).
    ///
    /// ```swift
    /// #expect(recorder.producesNoUpdate { center.post(.personDidChange, from: someoneElse) })
    /// ```
    ///
    /// - Throws: what `action` throws.
    public func producesNoUpdate(_ action: () throws -> Void) rethrows -> Bool {
        try activity(during: action).updates.isEmpty
    }

    /// Runs `action` and tells whether the binding reported exactly the failures whose errors
    /// are `expected`, in order: no more, no fewer, and no error of another type.
    ///
    /// ```swift
    /// ageField.text = "forty"
    /// #expect(recorder.reports([TransformError(.notANumber, input: "forty", targetType: "Int")]) {
    ///     center.post(.textDidChange, from: ageField)
    /// })
    /// ```
    ///
    /// - Throws: what `action` throws.
    public func reports<Failure: Error & Equatable>(_ expected: [Failure], after action: () throws -> Void) rethrows
        -> Bool
    {
        let errors = try activity(during: action).errors
        guard errors.count == expected.count else { return false }
        return zip(errors, expected).allSatisfy { ($0 as? Failure) == $1 }
    }

    // MARK: Recording

    fileprivate func record(_ update: Update) {
        let (satisfied, feeds) = lock.withLock {
            _updates.append(update)
            return (takeSatisfiedWaiters(), self.feeds)
        }
        for continuation in satisfied { continuation.resume(returning: true) }
        for feed in feeds { feed(update.newValue) }
    }

    private func record(_ failure: BindingFailure) {
        let satisfied = lock.withLock {
            _failures.append(failure)
            return takeSatisfiedWaiters()
        }
        for continuation in satisfied { continuation.resume(returning: true) }
    }

    // MARK: Waiting

    /// A suspended ``wait(timeout:until:)``: its condition over what was recorded, and how to
    /// resume it.
    struct Waiter {
        let condition: ([Update], [BindingFailure]) -> Bool
        let continuation: CheckedContinuation<Bool, Never>
    }

    /// Removes and returns the waiters whose condition holds; called with `lock` held.
    private func takeSatisfiedWaiters() -> [CheckedContinuation<Bool, Never>] {
        let ready = waiters.filter { $0.value.condition(_updates, _failures) }
        for id in ready.keys { waiters[id] = nil }
        return ready.values.map(\.continuation)
    }

    /// Suspends until `condition`, checked now and after each recorded update or failure,
    /// holds, or until `timeout` has passed: for triggers that deliver later than the change.
    ///
    /// ```swift
    /// let arrived = await recorder.wait(timeout: .seconds(2)) { updates, _ in updates.count == 2 }
    /// #expect(arrived)
    /// ```
    ///
    /// The condition receives every update and failure recorded so far; it runs with the
    /// recorder's lock held, on the thread that updated, so it must not touch the recorder.
    ///
    /// - Returns: true when the condition held, false on timeout.
    public func wait(timeout: Duration, until condition: @escaping ([Update], [BindingFailure]) -> Bool) async -> Bool {
        let id = lock.withLock {
            defer { nextWaiterID += 1 }
            return nextWaiterID
        }
        let timer = Task { [weak self] in
            do {
                try await Task.sleep(for: timeout)
            } catch {
                return
            }
            self?.expire(id)
        }
        defer { timer.cancel() }
        return await withCheckedContinuation { continuation in
            let resumeNow: Bool? = lock.withLock {
                if expiredWaiters.remove(id) != nil { return false }
                if condition(_updates, _failures) { return true }
                waiters[id] = Waiter(condition: condition, continuation: continuation)
                return nil
            }
            if let resumeNow { continuation.resume(returning: resumeNow) }
        }
    }

    private func expire(_ id: Int) {
        let waiter: Waiter? = lock.withLock {
            guard let waiter = waiters.removeValue(forKey: id) else {
                expiredWaiters.insert(id)
                return nil
            }
            return waiter
        }
        waiter?.continuation.resume(returning: false)
    }
}

/// A read of what `binding` writes, made between its updates (nil when that would mean waiting,
/// and waiting is not allowed or could deadlock). The binding holds its recorder, so the read
/// holds the binding weakly; once the binding is gone, nothing of it writes any more.
func reader<Read>(between binding: AnyBinding, _ read: @escaping () throws -> Read) -> (_ waiting: Bool) throws
    -> Read?
{
    { [weak binding] waiting in
        guard let binding else { return try read() }
        return try binding.betweenUpdates(waiting: waiting, read)
    }
}

/// Hands a binding's updates to a recorder, then to the handler that was there before. A class
/// rather than a closure, so that the handler does not capture the binding's generic types.
private final class UpdateForwarder<Source: ReadableProperty, Destination: WritableProperty, Recorded>:
    @unchecked Sendable
where Source.Value == Destination.Value {
    let recorder: BindingRecorder<Recorded>
    let convert: @Sendable (Source.Value) -> Recorded
    let previous: (@Sendable (Binding<Source, Destination>.Update) -> Void)?

    init(
        recorder: BindingRecorder<Recorded>, convert: @escaping @Sendable (Source.Value) -> Recorded,
        previous: (@Sendable (Binding<Source, Destination>.Update) -> Void)?
    ) {
        self.recorder = recorder
        self.convert = convert
        self.previous = previous
    }

    @Sendable func forward(_ update: Binding<Source, Destination>.Update) {
        recorder.record(
            .init(oldValue: update.oldValue.map(convert), newValue: convert(update.newValue), trigger: update.trigger))
        previous?(update)
    }
}
