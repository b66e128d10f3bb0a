import Dispatch

extension Binding {
    /// Writes the destination only on `queue`, and returns the binding: Bond's bonds, Combine's
    /// `receive(on:)`.
    ///
    /// ```swift
    /// let showStatus = Binding(source: Property(session, \.status), destination: Property(statusLabel, \.text))
    ///     .delivered(on: .main)
    /// showStatus.addTrigger(KeyPathTrigger(session, \.status))
    /// session.status = "Signed in"        // on any thread: statusLabel.text follows on the main queue
    /// ```
    ///
    /// Each update reads the source (and runs its transformers) where it fires, as before, then
    /// schedules the write on `queue` and returns ``UpdateResult/scheduled``. Fires that arrive
    /// before the queue runs the write coalesce: the queue writes once, the latest value. The
    /// write is always asynchronous, also when the binding fires on `queue` itself. It runs as an
    /// update does: the equal-value check (for a destination that holds state: a ``Setter`` gets
    /// every write), ``onUpdate``, the counts, the error handlers (a failure to read is reported
    /// where the binding fired, a failure to write on the queue). Nothing is written once
    /// ``AnyBinding/invalidate()`` or the set's ``BindingSet/removeAll()`` has returned, nor once
    /// ``AnyBinding/removeTrigger(_:)`` has returned for every trigger whose fire the write
    /// answers (a fire of a trigger still there, or a call to ``AnyBinding/update()``, is still
    /// written), nor once the binding is released: the scheduled write holds it weakly. A
    /// placeholder for a deallocated object (``ReadableProperty/placeholder(whenNoSelection:whenDeallocated:)``)
    /// is written on the queue, and the binding ends after that write.
    ///
    /// For a ``TwoWayBinding``, deliver its ``TwoWayBinding/toForm`` direction: the model's
    /// changes reach the form on the form's queue, and the form → model direction stays
    /// synchronous (the user edits the form on its own queue). The scheduled write reads the model
    /// again, on the queue, and asks the pair's echo guard: it never writes a value older than the
    /// one the form gave the model meanwhile, nor over an edit the form holds.
    /// ``TwoWayBinding/discard()`` does not wait for the queue: it writes the model's value to
    /// the form where it is called.
    @discardableResult
    public func delivered(on queue: DispatchQueue) -> Binding {
        let delivery = Delivery<Value>(queue: queue)
        _ = betweenUpdates { deliveringStep = delivery }
        return self
    }

    /// A delivered update, in the gate, on the thread that fired: read the source and schedule
    /// the write. The queue writes in ``writeDelivered(_:)``.
    func deliver(_ delivering: AnyObject, _ trigger: (any Trigger)?) -> UpdateResult {
        let delivery = unsafeDowncast(delivering, to: Delivery<Value>.self)
        let value: Value
        do {
            value = try source.read()
        } catch {
            return readFailed(error)
        }
        if delivery.post(value, trigger) { delivery.schedule(for: self) }
        return .scheduled
    }

    /// Remembers that the value just posted is a placeholder for a deallocated object: the
    /// queue's write shows it, then ends the binding. Called in the gate, by the update that
    /// posted it, so the queue has not taken it yet.
    func markScheduledPlaceholder() {
        guard let delivering = deliveringStep else { return }
        unsafeDowncast(delivering, to: Delivery<Value>.self).markPlaceholder()
    }

    /// Takes the latest value posted and writes it, as an update's second half; called in the gate.
    /// It is the write half of ``Binding/makeStep(comparing:)`` with the comparison found at run
    /// time (``dynamicallyEqual(_:_:)``): the step's is compiled into its closure, which the hot
    /// path keeps whole, and a delivered write already pays for a queue hop.
    func writeDelivered(_ delivering: AnyObject) -> UpdateResult {
        let delivery = unsafeDowncast(delivering, to: Delivery<Value>.self)
        guard let pending = delivery.take() else { return .unchanged }
        var value = pending.value
        // The fires coalesced here whose triggers were all removed since are dropped, as a fire
        // waiting for the gate is; one fire still heard (or a call by hand) is enough to write.
        guard let trigger = pending.fires.last(where: isHeard) else { return .unchanged }
        if pending.showsPlaceholder {
            // Shown here, on the queue: the update that writes it ends the binding (AnyBinding.run).
            ThreadIdentity.current.placeholdersShown &+= 1
        }
        if twoWay != nil {
            // The other direction may have written the source since, without firing this one
            // (the pair does not echo): the value read then would be older than the form's.
            do {
                value = try source.read()
            } catch {
                return readFailed(error)
            }
        }
        let onUpdate = currentUpdateHandler
        var oldValue: Value?
        let written: Bool
        do {
            var isUnchanged = false
            written = try destination.write(value) { current in
                oldValue = current
                if skipsWrite(
                    value, over: current, compares: comparesValues, equal: { dynamicallyEqual($0, $1) == true })
                {
                    isUnchanged = true
                    return false
                }
                return twoWay?.shouldWrite(value, comparesValues ? .some(current) : nil) ?? true
            }
            if !written && !isUnchanged { return .unchanged }
        } catch {
            return writeFailed(error)
        }
        twoWay?.didSync(value, written, nil)
        guard written else { return .unchanged }
        onUpdate?.call(Update(oldValue: oldValue, newValue: value, trigger: trigger))
        return .written
    }
}

/// The value a delivered binding read and has not yet written, and whether a write is scheduled.
final class Delivery<Value>: @unchecked Sendable {
    /// What the queue writes: the latest value read, and every fire coalesced into it.
    struct Pending {
        let value: Value
        /// The triggers whose fires this write answers (nil: a call to ``AnyBinding/update()``),
        /// each once: the write is owed while one of them still belongs to the binding.
        let fires: [(any Trigger)?]
        /// Whether the latest read showed a placeholder for a deallocated object.
        let showsPlaceholder: Bool
    }

    let queue: DispatchQueue
    private let lock = StateLock()
    // The pending write, kept as fields (not one optional struct) so that a fire of a burst
    // replaces the value in place. `value` is nil when nothing is pending.
    private var value: Value?
    private var fires: [(any Trigger)?] = []
    private var showsPlaceholder = false
    /// Whether a write is scheduled on the queue that has not yet taken the pending value.
    private var isScheduled = false

    init(queue: DispatchQueue) {
        self.queue = queue
    }

    /// Keeps `value` as the one to write; returns whether a write must be scheduled (none is).
    func post(_ value: Value, _ trigger: (any Trigger)?) -> Bool {
        lock.withLock {
            self.value = value
            if !fires.contains(where: { $0 === trigger }) { fires.append(trigger) }
            defer { isScheduled = true }
            return !isScheduled
        }
    }

    /// Marks the value posted last as a placeholder for a deallocated object.
    func markPlaceholder() {
        lock.withLock { showsPlaceholder = value != nil }
    }

    /// Runs the write on the queue, unless the binding is gone by then: the block holds the
    /// binding weakly.
    func schedule(for binding: AnyBinding) {
        queue.async { [weak binding] in binding?.runDelivery(self) }
    }

    /// The latest value posted, taken: fires after this schedule another write.
    func take() -> Pending? {
        lock.withLock {
            isScheduled = false
            guard let taken = value else { return nil }
            defer {
                value = nil
                fires = []
                showsPlaceholder = false
            }
            return Pending(value: taken, fires: fires, showsPlaceholder: showsPlaceholder)
        }
    }
}
