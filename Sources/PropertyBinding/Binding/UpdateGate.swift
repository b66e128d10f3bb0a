import Foundation
import Synchronization

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The lock that serializes updates, and the flag that says one is running.
///
/// Every binding has a gate; bindings that share one (the two directions of a two-way
/// binding) update one at a time, and an update that fires another binding of the same gate
/// on the same thread skips it as re-entrant: that is what stops a pair from echoing a value.
///
/// Deadlock freedom: a thread that holds no gate waits for a busy gate. A thread that is
/// already inside an update (it holds some gate) never waits for a gate another thread holds:
/// it hands the binding to that thread, which runs it before it lets the gate go
/// (``UpdateResult/deferred``). So two bindings that fire each other from two threads at once
/// (a two-way pair made of two separate bindings) cannot deadlock, and no fire is lost.
///
/// Cost: entering and leaving a free gate is one atomic compare-and-swap each. Only a thread
/// that finds the gate busy takes a lock: it marks the gate (the low bit of ``word``) so that
/// the owner leaves through the slow path, which runs handed-over bindings and wakes waiters.
/// The locks of that slow path are shared by all gates (striped), so a gate costs a few words.
@usableFromInline
final class UpdateGate: @unchecked Sendable {
    /// 0 when free; otherwise the owner's ``ThreadIdentity``, with the low bit set when the
    /// owner must leave through the slow path (a thread waits, or a binding was handed over).
    private let word = Atomic<UInt>(0)
    /// How deep the owner has entered; only the owning thread reads or writes it.
    private var depth = 0
    /// Whether an update of a binding of this gate is running; only the owning thread reads or
    /// writes it.
    var isUpdating = false
    // Guarded by `condition`.
    private var waiters = 0
    private var deferred: [AnyBinding] = []

    private static let stripes: [NSCondition] = (0..<16).map { _ in NSCondition() }
    private var condition: NSCondition {
        Self.stripes[(ObjectIdentifier(self).hashValue >> 4) & 15]
    }

    @usableFromInline
    init() {}

    enum Entry {
        case entered
        case deferred
    }

    /// Enters the gate (recursively on the owning thread). With a `binding` to defer, a thread
    /// that already holds another gate does not wait: the binding is handed to the owner.
    @inline(__always)
    func enter(deferring binding: AnyBinding?) -> Entry {
        let me = ThreadIdentity.current
        if word.compareExchange(expected: 0, desired: me, ordering: .acquiring).exchanged {
            depth = 1
            ThreadIdentity.heldGates.pointee += 1
            return .entered
        }
        // Only the owner can find its own identity in the word.
        if word.load(ordering: .relaxed) & ~1 == me {
            depth += 1
            return .entered
        }
        return enterBusy(me, deferring: binding)
    }

    private func enterBusy(_ me: UInt, deferring binding: AnyBinding?) -> Entry {
        let condition = self.condition
        condition.lock()
        defer { condition.unlock() }
        while true {
            let current = word.load(ordering: .acquiring)
            if current == 0 {
                let mark: UInt = waiters > 0 || !deferred.isEmpty ? 1 : 0
                if word.compareExchange(expected: 0, desired: me | mark, ordering: .acquiring).exchanged {
                    depth = 1
                    ThreadIdentity.heldGates.pointee += 1
                    return .entered
                }
                continue
            }
            // Marked under the lock, so the owner's slow leave (which takes it) sees the waiter.
            if current & 1 == 0,
                !word.compareExchange(expected: current, desired: current | 1, ordering: .relaxed).exchanged
            {
                continue
            }
            if let binding, ThreadIdentity.heldGates.pointee > 0 {
                if !deferred.contains(where: { $0 === binding }) { deferred.append(binding) }
                return .deferred
            }
            waiters += 1
            condition.wait()
            waiters -= 1
        }
    }

    /// Leaves the gate; the last leave runs the bindings other threads handed over, first.
    @inline(__always)
    func leave() {
        if depth > 1 {
            depth -= 1
            return
        }
        // `depth` is the owner's: it must be cleared before the gate is released, not after.
        depth = 0
        if word.compareExchange(expected: ThreadIdentity.current, desired: 0, ordering: .releasing).exchanged {
            ThreadIdentity.heldGates.pointee -= 1
            return
        }
        // Still ours (marked): handed-over bindings run at depth 1, so their own enter and leave
        // nest inside this one instead of releasing the gate.
        depth = 1
        leaveMarked()
    }

    private func leaveMarked() {
        let condition = self.condition
        condition.lock()
        while !deferred.isEmpty {
            let handedOver = deferred
            deferred.removeAll()
            condition.unlock()
            for binding in handedOver { binding.runHandedOver() }
            condition.lock()
        }
        depth = 0
        word.store(0, ordering: .releasing)
        if waiters > 0 { condition.broadcast() }
        condition.unlock()
        ThreadIdentity.heldGates.pointee -= 1
    }

    /// Runs `body` inside the gate, waiting for it if need be.
    func withGate<Result>(_ body: () throws -> Result) rethrows -> Result {
        _ = enter(deferring: nil)
        defer { leave() }
        return try body()
    }
}

/// Who the current thread is, and how many gates it holds.
enum ThreadIdentity {
    /// The current thread, as a non-zero number with its low bit clear (a `pthread_t` is the
    /// address of an aligned structure), so ``UpdateGate`` can use that bit as a mark.
    static var current: UInt {
        #if canImport(Darwin)
            UInt(bitPattern: pthread_self())
        #else
            UInt(pthread_self())
        #endif
    }

    /// Each thread's count lives in a heap cell of its own, found through a `pthread` key: an
    /// update then costs one `pthread_getspecific` per enter and leave, never a `setspecific`.
    private static let heldGatesKey: pthread_key_t = {
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

    /// The current thread's count of held gates.
    static var heldGates: UnsafeMutablePointer<Int> {
        if let cell = pthread_getspecific(heldGatesKey) {
            return cell.assumingMemoryBound(to: Int.self)
        }
        let cell = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        cell.initialize(to: 0)
        pthread_setspecific(heldGatesKey, cell)
        return cell
    }
}
