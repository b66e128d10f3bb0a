import Foundation

/// A meeting point for a fixed number of threads: each ``arrive(timeout:)`` blocks until all
/// have arrived, so a test can hold two threads inside their updates at the same moment.
final class ThreadMeeting: @unchecked Sendable {
    private let condition = NSCondition()
    private let parties: Int
    // Guarded by `condition`.
    private var arrived = 0

    init(_ parties: Int) { self.parties = parties }

    /// Waits for every party, at most `timeout` seconds; returns whether they all came.
    @discardableResult
    func arrive(timeout: TimeInterval = 5) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        arrived += 1
        if arrived >= parties {
            condition.broadcast()
            return true
        }
        let deadline = Date(timeIntervalSinceNow: timeout)
        while arrived < parties {
            if !condition.wait(until: deadline) { return arrived >= parties }
        }
        return true
    }
}

/// A destination whose setter runs a hook: code "inside an update", as a view's setter is.
final class HookedView: @unchecked Sendable {
    private let lock = NSLock()
    // Guarded by `lock`.
    private var _value = 0
    private var _hook: (@Sendable (Int) -> Void)?

    var hook: (@Sendable (Int) -> Void)? {
        get { lock.withLock { _hook } }
        set { lock.withLock { _hook = newValue } }
    }

    var value: Int {
        get { lock.withLock { _value } }
        set {
            lock.withLock { _value = newValue }
            hook?(newValue)
        }
    }
}

/// A source any thread may read and write.
final class SharedSource: @unchecked Sendable {
    private let lock = NSLock()
    // Guarded by `lock`.
    private var _value: Int

    init(_ value: Int) { _value = value }

    var value: Int {
        get { lock.withLock { _value } }
        set { lock.withLock { _value = newValue } }
    }
}
