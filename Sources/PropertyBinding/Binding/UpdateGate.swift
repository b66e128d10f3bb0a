import Foundation
import Synchronization

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

// The update gate: the lock that serializes a binding's updates, and the flag that says one is
// running.
//
// Every binding has a gate; bindings that share one (the two directions of a two-way binding)
// update one at a time, and an update that fires another binding of the same gate on the same
// thread skips it as re-entrant: that is what stops a pair from echoing a value.
//
// Deadlock freedom: a thread that holds no gate waits for a busy gate. A thread that is already
// inside an update (it holds some gate) never waits for a gate another thread holds: it hands
// the binding to that thread, which runs it before it lets the gate go (`UpdateResult.deferred`).
// So two bindings that fire each other from two threads at once (a two-way pair made of two
// separate bindings) cannot deadlock, and no fire is lost.
//
// Cost: entering and leaving a free gate is one atomic compare-and-swap each, and the gate is
// three words inside the binding. Only a thread that finds the gate busy takes a lock: it marks
// the gate (the low bit of `gateWord`) so that the owner leaves through the slow path, which
// runs handed-over bindings and wakes waiters. The locks and the bookkeeping of that slow path
// are shared by all gates, in stripes.
extension AnyBinding {
    enum GateEntry {
        case entered
        case deferred
    }

    /// Enters this binding's gate (recursively on the owning thread) as `me`, the current
    /// thread. With a `binding` to defer, a thread that already holds another gate does not
    /// wait: the binding is handed to the owner.
    @inline(__always)
    func enterGate(deferring binding: AnyBinding?, as me: ThreadIdentity) -> GateEntry {
        if gateWord.compareExchange(expected: 0, desired: me.id, ordering: .acquiring).exchanged {
            gateDepth.store(1, ordering: .relaxed)
            me.heldGates += 1
            return .entered
        }
        // Only the owner can find its own identity in the word.
        if gateWord.load(ordering: .relaxed) & ~1 == me.id {
            gateDepth.add(1, ordering: .relaxed)
            return .entered
        }
        return enterBusyGate(me, deferring: binding)
    }

    private func enterBusyGate(_ me: ThreadIdentity, deferring binding: AnyBinding?) -> GateEntry {
        let stripe = GateStripe.of(self)
        let id = ObjectIdentifier(self)
        stripe.condition.lock()
        defer { stripe.condition.unlock() }
        while true {
            let current = gateWord.load(ordering: .acquiring)
            if current == 0 {
                let mark: UInt = stripe.slowPaths[id] == nil ? 0 : 1
                if gateWord.compareExchange(expected: 0, desired: me.id | mark, ordering: .acquiring).exchanged {
                    gateDepth.store(1, ordering: .relaxed)
                    me.heldGates += 1
                    return .entered
                }
                continue
            }
            // Marked under the lock, so the owner's slow leave (which takes it) sees the waiter.
            if current & 1 == 0,
                !gateWord.compareExchange(expected: current, desired: current | 1, ordering: .relaxed).exchanged
            {
                continue
            }
            if let binding, me.heldGates > 0 {
                stripe.slowPaths[id, default: GateSlowPath()].handOver(binding)
                return .deferred
            }
            stripe.slowPaths[id, default: GateSlowPath()].waiters += 1
            stripe.condition.wait()
            stripe.slowPaths[id]?.waiters -= 1
            stripe.dropIfIdle(id)
        }
    }

    /// Leaves the gate entered as `me`; the last leave runs the bindings other threads handed
    /// over, first.
    @inline(__always)
    func leaveGate(as me: ThreadIdentity) {
        let depth = gateDepth.load(ordering: .relaxed)
        if depth > 1 {
            gateDepth.store(depth - 1, ordering: .relaxed)
            return
        }
        // The depth is the owner's: it is cleared before the gate is released, not after.
        gateDepth.store(0, ordering: .relaxed)
        if gateWord.compareExchange(expected: me.id, desired: 0, ordering: .releasing).exchanged {
            me.heldGates -= 1
            return
        }
        // Still ours (marked): handed-over bindings run at depth 1, so their own enter and leave
        // nest inside this one instead of releasing the gate.
        gateDepth.store(1, ordering: .relaxed)
        leaveMarkedGate(as: me)
    }

    private func leaveMarkedGate(as me: ThreadIdentity) {
        let stripe = GateStripe.of(self)
        let id = ObjectIdentifier(self)
        stripe.condition.lock()
        while let handedOver = stripe.slowPaths[id]?.takeHandedOver() {
            stripe.condition.unlock()
            for binding in handedOver { binding.runHandedOver() }
            stripe.condition.lock()
        }
        stripe.dropIfIdle(id)
        gateDepth.store(0, ordering: .relaxed)
        gateWord.store(0, ordering: .releasing)
        if stripe.slowPaths[id] != nil { stripe.condition.broadcast() }
        stripe.condition.unlock()
        me.heldGates -= 1
    }

    /// Runs `body` inside the gate, waiting for it if need be.
    func withGate<Result>(_ body: () throws -> Result) rethrows -> Result {
        let me = ThreadIdentity.current
        _ = enterGate(deferring: nil, as: me)
        defer { leaveGate(as: me) }
        return try body()
    }
}

/// What threads that found a gate busy left for its owner: how many wait, and the bindings
/// handed over.
struct GateSlowPath {
    var waiters = 0
    var handedOver: [AnyBinding] = []

    mutating func handOver(_ binding: AnyBinding) {
        if !handedOver.contains(where: { $0 === binding }) { handedOver.append(binding) }
    }

    mutating func takeHandedOver() -> [AnyBinding]? {
        guard !handedOver.isEmpty else { return nil }
        defer { handedOver.removeAll() }
        return handedOver
    }
}

/// A lock, a condition and the slow-path bookkeeping for the gates that hash to it. A gate is
/// present in `slowPaths` only while a thread waits for it or has handed it a binding; a
/// waiting thread keeps the gate's binding alive, so its identity is not reused meanwhile.
final class GateStripe: @unchecked Sendable {
    let condition = NSCondition()
    // Guarded by `condition`.
    var slowPaths: [ObjectIdentifier: GateSlowPath] = [:]

    private static let stripes: [GateStripe] = (0..<16).map { _ in GateStripe() }

    static func of(_ gate: AnyBinding) -> GateStripe {
        stripes[(ObjectIdentifier(gate).hashValue >> 4) & 15]
    }

    /// Forgets a gate nobody waits for and nothing was handed to; call with `condition` held.
    func dropIfIdle(_ id: ObjectIdentifier) {
        if let slowPath = slowPaths[id], slowPath.waiters == 0, slowPath.handedOver.isEmpty {
            slowPaths[id] = nil
        }
    }
}

/// Who the current thread is, and how many gates it holds: a heap cell of the thread's own,
/// found through a `pthread` key (one `pthread_getspecific` per update, never a `setspecific`).
/// The cell's address is the thread's identity in a gate: non-zero, with its low bit clear (it
/// is aligned), so a gate can use that bit as a mark, and unique among living threads.
struct ThreadIdentity {
    /// The thread's cell: the number of gates it holds.
    let cell: UnsafeMutablePointer<Int>

    /// The identity a gate stores for its owner.
    var id: UInt { UInt(bitPattern: cell) }

    /// How many gates the thread holds.
    var heldGates: Int {
        get { cell.pointee }
        nonmutating set { cell.pointee = newValue }
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { cell in
            #if canImport(Darwin)
                cell.assumingMemoryBound(to: Int.self).deallocate()
            #else
                cell?.assumingMemoryBound(to: Int.self).deallocate()
            #endif
        }
        return key
    }()

    /// The current thread.
    static var current: ThreadIdentity {
        if let cell = pthread_getspecific(key) {
            return ThreadIdentity(cell: cell.assumingMemoryBound(to: Int.self))
        }
        let cell = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        cell.initialize(to: 0)
        pthread_setspecific(key, cell)
        return ThreadIdentity(cell: cell)
    }
}
