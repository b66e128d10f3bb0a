/// The rules of an update gate, as a value: who holds the gate, how deeply, what other threads
/// handed over to its holder, and who waits for it.
///
/// ``UpdateGate`` storage takes its lock, asks the machine what to do, lets the lock go, then
/// does it (runs, waits, wakes). Keeping the rules here, away from locks and threads, lets
/// each transition be tested on its own.
///
/// The one rule that makes gates deadlock-free: **a thread that holds a gate never waits for
/// another.** It hands its work to the holder instead (``EnterAction/handOver``), or, when it
/// has nothing to hand over (teardown only needs the gate to be quiet), it does not wait at
/// all (``EnterAction/busy``). Only threads that hold no gate wait, and holders never wait,
/// so no cycle of waiting threads can form.
struct GateStateMachine<Work, Waiter> {
    /// What a thread does after asking to enter.
    enum EnterAction: Equatable {
        /// The gate was free: the thread holds it now, at depth 1.
        case run
        /// The thread already held the gate: it entered once more.
        case reentrant
        /// Another thread holds the gate and this one holds a gate of its own: its work was
        /// left for the holder, which runs it before it lets the gate go.
        case handOver
        /// Another thread holds the gate, this one holds a gate of its own and has no work to
        /// leave: it must not wait (that could deadlock), and did not enter.
        case busy
        /// Another thread holds the gate: block until woken, then ask again.
        case wait
    }

    /// What the holder does after asking to leave.
    enum LeaveAction {
        /// It left a nested entry and still holds the gate.
        case stay
        /// It still holds the gate (at depth 1): run this work, then ask to leave again.
        case runHandedOver([Work])
        /// The gate is free and nobody waits.
        case release
        /// The gate is free: wake these waiters, which will ask to enter again.
        case wake([Waiter])
    }

    /// The holder's thread identity, or 0 when the gate is free.
    private(set) var owner: UInt = 0
    /// What only a contended gate needs, made when a thread first finds the gate busy: most
    /// gates never are, and a binding is one allocation that applications make thousands of.
    /// (The machine is never copied, so sharing the box is not observable.)
    private var contention: Contention?
    /// How many times the holder entered without leaving.
    private(set) var depth: Int32 = 0

    private final class Contention {
        var handedOver: [Work] = []
        var waiters: [Waiter] = []
    }

    /// Work other threads left for the holder.
    var handedOver: [Work] { contention?.handedOver ?? [] }
    /// Threads blocked until the gate is let go.
    var waiters: [Waiter] { contention?.waiters ?? [] }

    private mutating func contended() -> Contention {
        if let contention { return contention }
        let made = Contention()
        contention = made
        return made
    }

    /// Asks to enter as `thread` (a non-zero identity).
    ///
    /// - Parameters:
    ///   - holdsOtherGates: Whether `thread` already holds some gate (then it must not wait).
    ///   - work: The work to leave for the holder instead of waiting; made only when left.
    ///   - isSame: Whether two pieces of work are the same, so that work is left once.
    ///   - waiter: What wakes `thread`; made only when it waits.
    mutating func enter(
        _ thread: UInt, holdsOtherGates: Bool, handing work: () -> Work?, isSame: (Work, Work) -> Bool,
        waiter: () -> Waiter
    ) -> EnterAction {
        if owner == 0 {
            owner = thread
            depth = 1
            return .run
        }
        if owner == thread {
            depth += 1
            return .reentrant
        }
        guard holdsOtherGates else {
            contended().waiters.append(waiter())
            return .wait
        }
        guard let work = work() else { return .busy }
        let contention = contended()
        if !contention.handedOver.contains(where: { isSame($0, work) }) { contention.handedOver.append(work) }
        return .handOver
    }

    /// Asks to leave as `thread`, which holds the gate.
    mutating func leave(_ thread: UInt) -> LeaveAction {
        precondition(owner == thread && depth > 0, "the gate is left by a thread that does not hold it")
        if depth > 1 {
            depth -= 1
            return .stay
        }
        guard let contention else {
            owner = 0
            depth = 0
            return .release
        }
        if !contention.handedOver.isEmpty {
            defer { contention.handedOver = [] }
            return .runHandedOver(contention.handedOver)
        }
        owner = 0
        depth = 0
        self.contention = nil
        guard !contention.waiters.isEmpty else { return .release }
        return .wake(contention.waiters)
    }
}
