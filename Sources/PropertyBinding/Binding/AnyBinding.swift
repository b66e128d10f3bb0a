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
/// deadlock. Teardown never waits from inside an update either: after ``invalidate()`` or
/// ``removeTrigger(_:)`` returns no update starts, and, called from outside any update, none
/// runs (see <doc:ThreadingModel>).
///
/// Everything here is safe to call from any thread. The objects a binding reads and writes
/// are accessed on the thread that fires it; keep them to the threads they tolerate.
public class AnyBinding: TriggerDelegate, @unchecked Sendable {
    // The fields are ordered so that the small ones share words: a binding is one allocation,
    // and applications make thousands.

    /// The update gate's storage (see UpdateGate.swift): its lock, and its state machine,
    /// which is only read or written with `gateLock` held. A binding is its own gate, or
    /// shares the gate of `gateHolder` (the two directions of a two-way binding).
    /// Unchecked: it is only touched under `gateLock`, and the dynamic exclusivity check of a
    /// class property (two per update) is a sizeable share of an update (Benchmarks/README.md).
    @exclusivity(unchecked) var gateMachine = GateMachine()
    // The four-byte-aligned fields fill the rest of the machine's last word and the words after
    // it exactly: the counters (12 bytes), then each lock (5 bytes) with three flags (1 byte).
    /// What this binding's updates did (see UpdateCounts.swift).
    let counts = UpdateCounters()
    /// The gate's lock.
    let gateLock = StateLock()
    /// Whether an update of a binding of this gate runs; only the owning thread reads or writes it.
    let gateIsUpdating = Atomic<Bool>(false)
    /// Whether this binding (not only its gate) is updating (a fire now is a cycle), and whether
    /// its cycle check is reading the source: one of the `Running` values. Only the thread that
    /// holds the gate reads or writes it.
    private let isRunning = Atomic<UInt8>(Running.idle)
    /// Whether the binding still updates; read without the lock after the gate is entered.
    private let valid = Atomic<Bool>(true)
    /// Guards the triggers and `extras`.
    private let lock = StateLock()
    /// Whether a last failure is kept, so that a good update clears it without locking.
    private let failed = Atomic<Bool>(false)
    /// What few bindings set, as bits, so that an update of a binding without them takes no
    /// lock: ``Binding/onUpdate`` (`hasOnUpdateBit`), ``Binding/delivered(on:)`` (`deliversBit`), ``endsSilently(when:)`` (`endsSilentlyBit`).
    /// Written only under `lock`.
    private let options = Atomic<UInt8>(0)
    private static var hasOnUpdateBit: UInt8 { 1 }
    private static var deliversBit: UInt8 { 2 }
    /// Set by ``endsSilently(when:)``.
    private static var endsSilentlyBit: UInt8 { 4 }
    /// Whether the binding skips writing a value equal to the destination's (`Equatable` values).
    @usableFromInline let comparesValues: Bool
    /// What a direction of a two-way pair has and a plain binding does not (nil): the binding
    /// whose gate it shares, and, in ``Binding``, the pair's hooks. One reference for both
    /// keeps every binding a word smaller.
    @usableFromInline let pairing: Pairing?

    /// The triggers; guarded by `lock`, which is never held while an update runs user code.
    /// Unchecked: only touched under `lock`; the dynamic exclusivity check of the read on
    /// every update (``isHeard(_:)``) is a sizeable share of an update (Benchmarks/README.md).
    @exclusivity(unchecked) private var triggerList = TriggerList.none
    private weak var _owner: BindingSet?
    /// What most bindings never set, out of line: label, handlers, the last failure.
    private var extras: Extras?

    /// What a direction of a two-way pair shares with the other: the gate of the first
    /// direction (nil in the first itself). ``Binding`` adds the pair's hooks in a subclass.
    @usableFromInline
    class Pairing {
        /// The binding whose gate this one uses, or nil for its own.
        @usableFromInline let gateHolder: AnyBinding?
        /// `gateHolder`, to borrow without a retain while `gateHolder` holds it.
        let unmanagedGateHolder: Unmanaged<AnyBinding>?
        /// Set and cleared with the binding's kept failure, for whoever must know without
        /// holding the binding (the pair's state: a weak load of the binding at every update
        /// costs more than the rest of the question).
        @usableFromInline let failureMirror: FailureMirror?

        @usableFromInline
        init(sharingGateOf gateHolder: AnyBinding?, mirroringFailureIn failureMirror: FailureMirror? = nil) {
            let holder = gateHolder?.gateHolder ?? gateHolder
            self.gateHolder = holder
            self.unmanagedGateHolder = holder.map { Unmanaged.passUnretained($0) }
            self.failureMirror = failureMirror
        }
    }

    /// The configuration few bindings set.
    private final class Extras {
        var label: String?
        var onError: (@Sendable (BindingFailure) -> Void)?
        var lastError: BindingFailure?
        /// ``Binding/onUpdate``, whose type depends on the value type.
        var onUpdate: AnyObject?
        /// The step of a delivered binding, whose type depends on the value type.
        var deliveringStep: AnyObject?
        /// The other direction of a two-way pair: it ends with this one.
        weak var partner: AnyBinding?
        /// Whether what the binding belongs to is gone (the list of a list's row), so that an
        /// object found gone ends the binding silently (see ``endsSilently(when:)``).
        var isHolderGone: (@Sendable () -> Bool)?
    }

    /// The extras, made on first use; call with `lock` held.
    private var madeExtras: Extras {
        if let extras { return extras }
        let made = Extras()
        extras = made
        return made
    }

    /// Creates a binding with a gate of its own (no `pairing`), or the gate `pairing` names.
    @usableFromInline
    init(pairing: Pairing?, comparesValues: Bool) {
        self.pairing = pairing
        self.comparesValues = comparesValues
    }

    deinit {
        for trigger in allTriggers() { trigger.stopObserving() }
    }

    /// The binding whose gate this one uses, or nil for its own.
    @usableFromInline var gateHolder: AnyBinding? { pairing?.gateHolder }

    /// The gate this binding updates under.
    var gate: AnyBinding { gateHolder ?? self }

    /// What a thread's innermost update shows (``ThreadIdentity/Cell/updatingGate``) while a
    /// fire of this binding would be the echo of that update: an update of another binding of
    /// this gate, on the other side of it (the holder's when this one shares it, and the other
    /// way round). A trigger that keeps it knows an echo without loading its binding.
    var echoKey: UInt { gate.gateIdentity | (pairing?.gateHolder == nil ? 0 : 1) }

    /// Whether a fire of a binding whose ``echoKey`` is `key` is, on this thread now, the echo
    /// of the update it runs innermost: another binding of the same gate, so that the fire
    /// would only be skipped as re-entrant (see `run(trigger:through:kind:)`).
    @inline(__always)
    static func isEcho(_ key: UInt) -> Bool {
        ThreadIdentity.current.cell.pointee.updatingGate == key
    }

    private func allTriggers() -> [any Trigger] {
        lock.withLock { triggerList.all }
    }

    /// The update handler of a ``Binding``, stored here untyped.
    var onUpdateHandler: AnyObject? {
        options.load(ordering: .relaxed) & Self.hasOnUpdateBit != 0 ? lock.withLock { extras?.onUpdate } : nil
    }

    /// Replaces the update handler with what `change` makes of the current one, in one critical
    /// section, so that ``Binding/onUpdate`` and ``Binding/values(bufferingPolicy:)`` called at
    /// once each keep what the other set. `change` must not call out to user code.
    func changeOnUpdateHandler(_ change: (AnyObject?) -> AnyObject?) {
        let replaced = lock.withLock {
            let current = extras?.onUpdate
            let new = change(current)
            madeExtras.onUpdate = new
            setOption(Self.hasOnUpdateBit, new != nil)
            return current
        }
        // Released here, not under the lock: the old handler's captures may run a deinit.
        _ = replaced
    }

    /// The update step of a binding delivered on a queue (``Binding/delivered(on:)``), stored
    /// here untyped; nil for a binding that writes where it fires.
    var deliveringStep: AnyObject? {
        @inline(__always) get {
            options.load(ordering: .relaxed) & Self.deliversBit != 0 ? lock.withLock { extras?.deliveringStep } : nil
        }
        set {
            lock.withLock {
                madeExtras.deliveringStep = newValue
                setOption(Self.deliversBit, newValue != nil)
            }
        }
    }

    /// Sets or clears `bit` of the options; call with `lock` held.
    private func setOption(_ bit: UInt8, _ isSet: Bool) {
        let current = options.load(ordering: .relaxed)
        options.store(isSet ? current | bit : current & ~bit, ordering: .relaxed)
    }

    // MARK: Configuration

    /// A name for this binding, used in ``BindingFailure`` messages (`"age"`).
    public var label: String? {
        get { lock.withLock { extras?.label } }
        set { lock.withLock { madeExtras.label = newValue } }
    }

    /// Called with every failure of this binding, on the thread that updated.
    ///
    /// When neither the binding nor its ``BindingSet`` has a handler, failures go to
    /// ``AnyBinding/defaultErrorHandler``.
    public var onError: (@Sendable (BindingFailure) -> Void)? {
        get { lock.withLock { extras?.onError } }
        set { lock.withLock { madeExtras.onError = newValue } }
    }

    /// The failure of the latest update; nil once an update succeeds.
    public var lastError: BindingFailure? {
        lock.withLock { extras?.lastError }
    }

    /// Whether a failure is kept in ``lastError``, without locking or copying it.
    @usableFromInline var hasLastError: Bool {
        failed.load(ordering: .acquiring)
    }

    /// Forgets the latest failure (a two-way binding does when the model overwrites the edit,
    /// and every good update does).
    @usableFromInline
    func clearLastError() {
        // Nothing kept: no lock. A failure recorded concurrently is then simply the later event.
        if failed.load(ordering: .relaxed) { forgetLastError() }
    }

    private func forgetLastError() {
        lock.withLock {
            extras?.lastError = nil
            failed.store(false, ordering: .relaxed)
            pairing?.failureMirror?.isSet.store(false, ordering: .relaxed)
        }
    }

    /// Whether the binding still updates (it has not been invalidated).
    public var isValid: Bool {
        valid.load(ordering: .acquiring)
    }

    /// The triggers that fire this binding.
    public var triggers: [any Trigger] {
        allTriggers()
    }

    /// The set that owns this binding, for its error handler.
    var owner: BindingSet? {
        get { lock.withLock { _owner } }
        set { lock.withLock { _owner = newValue } }
    }

    // MARK: Triggers

    /// Adds a trigger: from now on, each time it fires the binding updates.
    ///
    /// Sets the trigger's ``Trigger/delegate`` to this binding and calls
    /// ``Trigger/startObserving()``. Adding a trigger twice, or to an invalidated binding,
    /// does nothing. A binding invalidated (or the trigger removed) while it starts stops it
    /// again: the trigger ends registered with a valid binding, or stopped.
    ///
    /// - Precondition: the trigger does not belong to another binding, nor to a running trigger
    ///   that wraps it (``Trigger/debounced(for:)``, ``Trigger/throttled(for:firing:)``). Adding
    ///   one trigger to two bindings at the same time is the same as one after the other: one
    ///   binding gets it, the other stops the program here.
    public func addTrigger(_ trigger: any Trigger) {
        let claimed = TriggerClaims.claim(trigger) {
            TriggerClaims.requireFree(trigger, for: self)
            let added: Bool = lock.withLock {
                guard isValid, !triggerList.contains(trigger) else { return false }
                triggerList.append(trigger)
                return true
            }
            if added { trigger.delegate = self }
            return added
        }
        guard claimed else { return }
        trigger.startObserving()
        TriggerClaims.started(trigger)
        // Removed (or the binding invalidated) while it started: the remover left the stop here.
        if !contains(trigger) { trigger.stopObserving() }
    }

    /// Removes a trigger and stops it observing; its later fires are ignored.
    ///
    /// After this returns, no update starts because of this trigger: a fire waiting for the
    /// gate is dropped. Called from outside any update, it also waits for an update running on
    /// another thread, so none runs at all; called from inside an update, it does not wait
    /// for other threads (that could deadlock).
    public func removeTrigger(_ trigger: any Trigger) {
        let removed = lock.withLock { triggerList.remove(trigger) }
        guard removed else { return }
        TriggerClaims.stop(trigger)
        gate.waitForRunningUpdate()
    }

    func contains(_ trigger: any Trigger) -> Bool {
        lock.withLock { triggerList.contains(trigger) }
    }

    /// Updates because `trigger` fired; a trigger that is not this binding's is ignored.
    public func triggerDidFire(_ trigger: any Trigger) {
        run(trigger: trigger)
    }

    /// Lets `trigger` go because what it watches is gone for good (a control or widget
    /// destroyed): nothing can fire it again. A binding left with no trigger ends as when an
    /// update finds its object gone (its set lets it go, and the other direction of its pair
    /// ends with it), silently: the end of a window is no failure. A trigger that is not this
    /// binding's is ignored.
    ///
    /// ```swift
    /// window.destroy()   // each widget's triggers: controlDidEnd(), and the bindings they fire end
    /// ```
    public func triggerDidEnd(_ trigger: any Trigger) {
        let (removed, isLeftWithNone) = lock.withLock {
            let removed = triggerList.remove(trigger)
            if case .none = triggerList { return (removed, true) }
            return (removed, false)
        }
        guard removed else { return }
        TriggerClaims.stop(trigger)
        guard isLeftWithNone else { return }
        markEnded()
        endWithObjects()
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
        guard isValid else { return .invalidated }
        // The gate is passed on as a borrowed reference: `gateHolder ?? self` would retain this
        // binding, an atomic operation on its side table (it is weakly referenced by its
        // triggers) on every update.
        // The other direction's gate is borrowed too: the pairing (held by this binding, which
        // the caller holds) holds it, and a retain of it is a slow one (it is weakly referenced).
        if let pairing, let gateHolder = pairing.unmanagedGateHolder {
            return gateHolder._withUnsafeGuaranteedRef { run(trigger: trigger, through: $0) }
        }
        return run(trigger: trigger, through: self)
    }

    /// Whether `trigger` (nil for a call by hand) may update this binding: one of its triggers.
    @inline(__always)
    func isHeard(_ trigger: (any Trigger)?) -> Bool {
        guard let trigger else { return true }
        return lock.withLock { triggerList.contains(trigger) }
    }

    /// What an entry into the gate runs.
    enum UpdateKind {
        /// An update, fired or called by hand: read and write (a delivered binding reads and
        /// schedules the write on its queue).
        case fired
        /// The write a delivered binding scheduled (``Binding/delivered(on:)``), on its queue.
        case deliveredWrite(AnyObject)
        /// Read and write on this thread, also for a delivered binding.
        case here
    }

    /// Writes the value a delivered binding read (``Binding/delivered(on:)``), as an update:
    /// called on the delivery queue. Only this entry writes the pending value: an update handed
    /// over to this thread meanwhile is an update, which reads the source.
    func runDelivery(_ delivery: AnyObject) {
        guard isValid else { return }
        _ = run(trigger: nil, through: gate, kind: .deliveredWrite(delivery))
    }

    /// Reads the source and writes the destination now, on this thread, also for a delivered
    /// binding: a two-way pair's ``TwoWayBinding/discard()`` shows the model's value in the form
    /// before it returns.
    @discardableResult
    func updateHere() -> UpdateResult {
        guard isValid else { return .invalidated }
        return run(trigger: nil, through: gate, kind: .here)
    }

    @inline(__always)
    private func run(trigger: (any Trigger)?, through gate: AnyBinding, kind: UpdateKind = .fired) -> UpdateResult {
        let me = ThreadIdentity.current
        // The echo: a fire of a binding whose gate this thread is updating innermost now (the
        // other direction of a pair, writing this one's source). Re-entrant, as the gate would
        // say: entering it again would only count a level up and down under its lock.
        let gateID = gate.gateIdentity
        if case .fired = kind, me.cell.pointee.updatingGate & ~1 == gateID,
            isRunning.load(ordering: .relaxed) == Running.idle
        {
            let result: UpdateResult = !isValid ? .invalidated : isHeard(trigger) ? .reentrant : .unchanged
            counts.count(result)
            return finish(result)
        }
        guard case .entered = gate.enterGate(as: me, handing: handedOver(trigger, kind)) else { return .deferred }

        // Checked once the gate is held, so that a fire that waited for the gate while the
        // binding was invalidated, or the trigger removed, is dropped.
        let shownBefore = me.placeholdersShown
        let result: UpdateResult
        if !isValid {
            result = .invalidated
        } else if !isHeard(trigger) {
            // A trigger that was removed (or never added) may still call; it is not heard.
            result = .unchanged
        } else if gate.gateIsUpdating.load(ordering: .relaxed) {
            // Fired again while an update of this gate runs on this thread.
            // A list's row made by this update (a `bind` closure) may change the source: that is
            // an update of its own, once this one is done.
            let reentry = reentered()
            if case .failed = reentry, me.bindingRows > 0, let later = updateAfterRows(me) {
                result = later
            } else {
                result = reentry
            }
        } else {
            gate.gateIsUpdating.store(true, ordering: .relaxed)
            isRunning.store(Running.updating, ordering: .relaxed)
            let outerGate = me.cell.pointee.updatingGate
            // The lowest bit tells the gate's holder from the bindings that share its gate, so
            // that a trigger finds an echo of this update before it loads its binding
            // (`echoKey`).
            me.cell.pointee.updatingGate = gateID | (pairing?.gateHolder == nil ? 1 : 0)
            switch kind {
            case .fired: result = performUpdate(trigger: trigger)
            case .deliveredWrite(let delivery): result = performDeliveredWrite(delivery)
            case .here: result = performUpdateHere()
            }
            me.cell.pointee.updatingGate = outerGate
            isRunning.store(Running.idle, ordering: .relaxed)
            gate.gateIsUpdating.store(false, ordering: .relaxed)
        }
        counts.count(result)
        // Recorded before the gate is let go, so that the last error is this update's when an
        // update handed over to this thread, or one that waited, runs next; the error
        // handlers are called once the gate is let go (`report`).
        let finished = finish(result)
        // Whether an object is gone: decided in the gate, so that the next update, on any
        // thread, finds the binding ended and reports nothing.
        var endsWithObjects = false
        if case .failed(let failure) = finished {
            endsWithObjects = failure.meansObjectGone
        } else if me.placeholdersShown != shownBefore {
            // A delivered binding ends once its queue has written the placeholder.
            if finished.isScheduled { scheduledPlaceholder() } else { endsWithObjects = hasDeallocatedObject }
        }
        if endsWithObjects { markEnded() }
        gate.leaveGate(as: me)
        if endsWithObjects { endWithObjects() }
        return finished
    }

    /// The values of `isRunning`.
    private enum Running {
        static var idle: UInt8 { 0 }
        /// The binding is updating.
        static var updating: UInt8 { 1 }
        /// Its cycle check reads the source.
        static var checkingCycle: UInt8 { 2 }
        /// Its cycle check's read of the source fired the binding again.
        static var readFires: UInt8 { 3 }
    }

    /// The result of a fire of this gate while an update of it runs on this thread: the other
    /// side of a two-way pair is simply not echoed; this very binding coming back round (a cycle
    /// of bindings) is reported when it would still change the destination. A source whose read
    /// fires its own binding (a combining closure that calls `update()`, a getter that announces
    /// a key path the binding hears) is no cycle: its fire is skipped, and the check that finds
    /// it reads the source once, not once more for every fire its read makes.
    @inline(never)
    private func reentered() -> UpdateResult {
        switch isRunning.load(ordering: .relaxed) {
        case Running.updating:
            isRunning.store(Running.checkingCycle, ordering: .relaxed)
            let settled = cycleHasSettled()
            let readFires = isRunning.load(ordering: .relaxed) == Running.readFires
            isRunning.store(Running.updating, ordering: .relaxed)
            return settled || readFires ? .reentrant : .failed(cycleFailure())
        case Running.checkingCycle:
            isRunning.store(Running.readFires, ordering: .relaxed)
            return .reentrant
        default:
            return .reentrant
        }
    }

    /// The work to leave for the thread that holds the gate: a delivered write is left as
    /// itself, so that it is still the write of the pending value when it runs.
    @inline(__always)
    private func handedOver(_ trigger: (any Trigger)?, _ kind: UpdateKind) -> HandedOver {
        if case .deliveredWrite(let delivery) = kind { return .perform { [self] in runDelivery(delivery) } }
        return .update(self, trigger)
    }

    /// The most updates, one made by the other, that rows' `bind` closures may ask for (see
    /// ``updateAfterRows(_:)``) before the next is a cycle.
    private static var updatesAfterRowsLimit: Int { 8 }

    /// Leaves an update of this binding for when this thread lets its gate go, because a
    /// `bind` closure of the rows this binding writes changed its source while it wrote them
    /// (a row that marks its element as seen): the closure runs inside the list's batch, which
    /// must end before the rows take another. Returns ``UpdateResult/deferred``, or nil (a
    /// cycle) when such updates keep asking for one another.
    @inline(never)
    private func updateAfterRows(_ me: ThreadIdentity) -> UpdateResult? {
        let id = UInt(bitPattern: ObjectIdentifier(self))
        if me.cell.pointee.updatesAfterRows.contains(id) { return .deferred }
        guard me.cell.pointee.updatingAfterRows < Self.updatesAfterRowsLimit else { return nil }
        me.cell.pointee.updatesAfterRows.append(id)
        afterLeavingGate { [self] in
            me.cell.pointee.updatesAfterRows.removeAll { $0 == id }
            me.cell.pointee.updatingAfterRows += 1
            run(trigger: nil)
            me.cell.pointee.updatingAfterRows -= 1
        }
        return .deferred
    }

    /// Records the result and reports a failure to the handlers.
    @inline(__always)
    private func finish(_ result: UpdateResult) -> UpdateResult {
        // Tested without binding the failure: the usual results copy nothing.
        switch result {
        case .written, .unchanged:
            clearLastError()
        case .failed:
            report(result.failure!)
        case .reentrant, .deferred, .invalidated, .filtered, .scheduled:
            break
        }
        return result
    }

    /// Records `failure` as the last error and hands it to the error handlers; a binding whose
    /// holder is gone (``endsSilently(when:)``) records and reports nothing when an object it
    /// binds is gone too: it ends with its holder.
    @inline(never)
    private func report(_ failure: BindingFailure) {
        if options.load(ordering: .relaxed) & Self.endsSilentlyBit != 0,
            let isHolderGone = lock.withLock({ extras?.isHolderGone }), failure.meansObjectGone, isHolderGone()
        {
            return
        }
        let (onError, owner) = lock.withLock {
            madeExtras.lastError = failure
            failed.store(true, ordering: .relaxed)
            pairing?.failureMirror?.isSet.store(true, ordering: .relaxed)
            return (extras?.onError, _owner)
        }
        // Called after the gate is let go, or, when this thread still holds it (an update run
        // inside another of the same gate), once it lets it go.
        if !reportsAfterUpdates({ Self.callHandlers(failure, onError, owner) }) {
            Self.callHandlers(failure, onError, owner)
        }
    }

    /// Hands `failure` to the binding's handler and its set's, or to the default handler.
    private static func callHandlers(
        _ failure: BindingFailure, _ onError: (@Sendable (BindingFailure) -> Void)?, _ owner: BindingSet?
    ) {
        let setHandler = owner?.onError
        onError?(failure)
        setHandler?(failure)
        if onError == nil && setHandler == nil { defaultErrorHandler(failure) }
    }

    /// Performs one update; called with the gate held. Overridden by ``Binding``.
    func performUpdate(trigger: (any Trigger)?) -> UpdateResult {
        .unchanged
    }

    /// Writes what a delivered binding read (`delivery`); called with the gate held, on the
    /// delivery's queue. Overridden by ``Binding``.
    func performDeliveredWrite(_ delivery: AnyObject) -> UpdateResult {
        .unchanged
    }

    /// Performs one update on this thread, also for a delivered binding; called with the gate
    /// held. Overridden by ``Binding``.
    func performUpdateHere() -> UpdateResult {
        .unchanged
    }

    /// Tells a delivered binding that the value it just scheduled is a placeholder for a
    /// deallocated object (the queue ends the binding once it has written it); called in the
    /// gate. Overridden by ``Binding``.
    func scheduledPlaceholder() {}

    /// Whether the destination already holds the source's value when this binding is fired
    /// again by its own update (the cycle has settled): reads the source. Called with the gate
    /// held. Overridden by ``Binding``.
    func cycleHasSettled() -> Bool {
        true
    }

    /// The failure to report when this binding is fired again by its own update and the cycle
    /// has not settled. Overridden by ``Binding``.
    func cycleFailure() -> BindingFailure {
        BindingFailure(
            stage: .reentrant, error: UpdateCycleError(path: ""), bindingID: ObjectIdentifier(self), label: label,
            path: "")
    }

    // MARK: Teardown

    /// Stops the binding for good: every trigger stops observing, and no update starts after
    /// this returns.
    ///
    /// Called from outside any update, it also waits for an update running on another thread,
    /// so that none runs at all once it returns. Called from inside an update (a destination
    /// setter, ``Binding/onUpdate``, a validator, a transformer), it does not wait for another
    /// thread's update of this binding, which may still be finishing: waiting there could
    /// deadlock.
    public func invalidate() {
        let stopped: [any Trigger] = lock.withLock {
            valid.store(false, ordering: .releasing)
            defer { triggerList = .none }
            return triggerList.all
        }
        for trigger in stopped { TriggerClaims.stop(trigger) }
        // Wait for an update that entered before the binding became invalid.
        gate.waitForRunningUpdate()
    }

    // MARK: Ending with a row

    /// Ends the binding with what holds it (a row of a list that stops showing its element): it
    /// leaves its set and is invalidated (see ``invalidate()``), silently.
    func end() {
        owner?.remove(self)
        invalidate()
    }

    /// Makes the binding end silently, as ``end()`` does, when an update finds an object it binds
    /// gone while `isHolderGone` says that what holds it (a row's list) is gone too: the end of a
    /// list is no failure of its rows. Called by the rows of a list for each binding of a row.
    func endsSilently(when isHolderGone: @escaping @Sendable () -> Bool) {
        lock.withLock {
            madeExtras.isHolderGone = isHolderGone
            setOption(Self.endsSilentlyBit, true)
        }
    }

    // MARK: Ending with the objects

    /// Ends the binding because an object it reads or writes is gone: it is invalidated (its
    /// triggers stop observing and are released), its set lets it go, and so does the other
    /// direction of its two-way pair. Called once the gate is let go.
    @inline(never)
    private func endWithObjects() {
        let partner = self.partner
        for binding in [self, partner].compactMap({ $0 }) {
            binding.owner?.remove(binding)
            binding.invalidate()
        }
    }

    /// Stops the binding, and the other direction of its pair, from updating: called in the
    /// gate they share, before ``endWithObjects()`` releases their triggers.
    @inline(never)
    private func markEnded() {
        valid.store(false, ordering: .releasing)
        partner?.valid.store(false, ordering: .releasing)
    }

    /// Whether an object the binding's source or destination names is gone: looked at after an
    /// update in which a placeholder stood in for a deallocated object (on this thread, maybe
    /// for another binding). Overridden by ``Binding``.
    var hasDeallocatedObject: Bool { false }

    /// The other direction of a two-way pair, which ends with this one.
    var partner: AnyBinding? {
        get { lock.withLock { extras?.partner } }
        set { lock.withLock { madeExtras.partner = newValue } }
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

    // MARK: Failures found without an update

    /// Records `failure` as a failed update would: it becomes ``lastError`` (until an update
    /// succeeds) and goes to the error handlers. For a check that runs no update, such as a
    /// form's commit finding a field it never wrote invalid.
    @usableFromInline
    func record(_ failure: BindingFailure) {
        report(failure)
    }
}

/// Whether a binding keeps a failure (``AnyBinding/hasLastError``), mirrored where the binding
/// sets and clears it: a two-way pair's state asks it at each update without a weak load of the
/// form → model direction.
@usableFromInline
final class FailureMirror: Sendable {
    @usableFromInline let isSet = Atomic<Bool>(false)

    @usableFromInline
    init() {}
}
