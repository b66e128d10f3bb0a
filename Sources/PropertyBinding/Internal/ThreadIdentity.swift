import Dispatch

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Who the current thread is to the update gates: a heap cell of the thread's own, found
/// through a `pthread` key (one `pthread_getspecific` per update, never a `setspecific`).
/// The cell's address is the thread's identity: non-zero and unique among living threads.
struct ThreadIdentity {
    /// What a gate needs to know about a thread.
    struct Cell {
        /// How many gates the thread holds: a thread that holds one never waits for another.
        var heldGates = 0
        /// What a gate signals to wake the thread; made the first time the thread waits.
        var wakeUp: DispatchSemaphore?
        /// Calls to make once the thread lets go of a gate it holds, by the gate's identity.
        var afterRelease: [(gate: UInt, call: () -> Void)] = []
        /// How many times a placeholder stood in for a deallocated object on this thread (it
        /// wraps): a binding that sees it change during its update looks whether its source's
        /// object is gone.
        var placeholdersShown: UInt = 0
        /// How many `bind` closures of a list's rows the thread runs now.
        var bindingRows = 0
        /// The gate (its identity) whose update the thread runs innermost now, 0 for none: a
        /// fire of the other direction of that pair (the echo of its write) is known to be
        /// re-entrant without taking the gate's lock. Its lowest bit (identities are aligned)
        /// is set when the binding updating is the gate's holder: a trigger of the other
        /// direction compares it with its binding's `echoKey`, before it loads its binding.
        var updatingGate: UInt = 0
        /// The bindings (by identity) that a row's `bind` closure fired while they wrote the
        /// rows, to update again once the thread lets their gate go.
        var updatesAfterRows: [UInt] = []
        /// How many such updates, one inside the other, the thread runs now.
        var updatingAfterRows = 0
    }

    let cell: UnsafeMutablePointer<Cell>

    /// The identity a gate stores for its holder.
    var id: UInt { UInt(bitPattern: cell) }

    /// How many gates the thread holds; only the thread itself reads or writes it.
    var heldGates: Int {
        get { cell.pointee.heldGates }
        nonmutating set { cell.pointee.heldGates = newValue }
    }

    /// How many times a placeholder stood in for a deallocated object on this thread.
    var placeholdersShown: UInt {
        get { cell.pointee.placeholdersShown }
        nonmutating set { cell.pointee.placeholdersShown = newValue }
    }

    /// How many `bind` closures of a list's rows the thread runs now.
    var bindingRows: Int {
        get { cell.pointee.bindingRows }
        nonmutating set { cell.pointee.bindingRows = newValue }
    }

    /// Leaves `call` to run once the thread lets go of the gate whose identity is `gate`, which
    /// it holds now (see ``runCalls(afterReleasing:)``).
    func afterReleasing(_ gate: UInt, _ call: @escaping () -> Void) {
        cell.pointee.afterRelease.append((gate, call))
    }

    /// Runs, in order, the calls left for the gate `gate`, which the thread has just let go.
    @inline(__always)
    func runCalls(afterReleasing gate: UInt) {
        guard !cell.pointee.afterRelease.isEmpty else { return }
        runCallsSlowly(afterReleasing: gate)
    }

    @inline(never)
    private func runCallsSlowly(afterReleasing gate: UInt) {
        var ready: [() -> Void] = []
        cell.pointee.afterRelease.removeAll { left in
            guard left.gate == gate else { return false }
            ready.append(left.call)
            return true
        }
        for call in ready { call() }
    }

    /// The semaphore the thread blocks on while it waits for a gate.
    var wakeUp: DispatchSemaphore {
        if let made = cell.pointee.wakeUp { return made }
        let made = DispatchSemaphore(value: 0)
        cell.pointee.wakeUp = made
        return made
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { cell in
            #if canImport(Darwin)
                let cell = cell.assumingMemoryBound(to: Cell.self)
            #else
                guard let cell = cell?.assumingMemoryBound(to: Cell.self) else { return }
            #endif
            cell.deinitialize(count: 1)
            cell.deallocate()
        }
        return key
    }()

    /// The current thread.
    static var current: ThreadIdentity {
        if let cell = pthread_getspecific(key) {
            return ThreadIdentity(cell: cell.assumingMemoryBound(to: Cell.self))
        }
        let cell = UnsafeMutablePointer<Cell>.allocate(capacity: 1)
        cell.initialize(to: Cell())
        pthread_setspecific(key, cell)
        return ThreadIdentity(cell: cell)
    }
}
