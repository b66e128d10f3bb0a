import Foundation

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
final class UpdateGate: @unchecked Sendable {
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var owner: UInt = 0
    private var depth = 0
    private var deferred: [AnyBinding] = []
    /// Whether an update of a binding of this gate is running; only the owning thread reads or
    /// writes it.
    var isUpdating = false

    enum Entry {
        case entered
        case deferred
    }

    /// Enters the gate (recursively on the owning thread). With a `binding` to defer, a thread
    /// that already holds another gate does not wait: the binding is handed to the owner.
    func enter(deferring binding: AnyBinding?) -> Entry {
        let me = ThreadIdentity.current
        condition.lock()
        if owner == me {
            depth += 1
            condition.unlock()
            return .entered
        }
        while owner != 0 {
            if let binding, ThreadIdentity.heldGates > 0 {
                if !deferred.contains(where: { $0 === binding }) { deferred.append(binding) }
                condition.unlock()
                return .deferred
            }
            condition.wait()
        }
        owner = me
        depth = 1
        condition.unlock()
        ThreadIdentity.heldGates += 1
        return .entered
    }

    /// Leaves the gate; the last leave runs the bindings other threads handed over, first.
    func leave() {
        condition.lock()
        if depth > 1 {
            depth -= 1
            condition.unlock()
            return
        }
        while !deferred.isEmpty {
            let handedOver = deferred
            deferred.removeAll()
            condition.unlock()
            for binding in handedOver { binding.runHandedOver() }
            condition.lock()
        }
        owner = 0
        depth = 0
        condition.signal()
        condition.unlock()
        ThreadIdentity.heldGates -= 1
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
    static var current: UInt {
        #if canImport(Darwin)
            UInt(bitPattern: pthread_self())
        #else
            UInt(pthread_self())
        #endif
    }

    private static let heldGatesKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// The number of gates the current thread holds.
    static var heldGates: Int {
        get { Int(bitPattern: pthread_getspecific(heldGatesKey)) }
        set { pthread_setspecific(heldGatesKey, UnsafeRawPointer(bitPattern: newValue)) }
    }
}
