import Foundation

// Thread-safe models, unlocked views and a thread runner shared by the reliability tests.

/// A model that any thread may read and write (the model is the user's, so it brings its own
/// lock); it remembers every value it has held and announces each change on `center`.
final class LockedModel: @unchecked Sendable {
    private let lock = NSLock()
    // Guarded by `lock`.
    private var _value: Int
    private var _history: Set<Int>
    let center: NotificationCenter?

    init(_ value: Int = 0, center: NotificationCenter? = nil) {
        _value = value
        _history = [value]
        self.center = center
    }

    var value: Int {
        get { lock.withLock { _value } }
        set {
            let changed: Bool = lock.withLock {
                defer {
                    _value = newValue
                    _history.insert(newValue)
                }
                return _value != newValue
            }
            if changed { center?.post(name: .lockedModelDidChange, object: self) }
        }
    }

    /// Every value the model has held.
    var history: Set<Int> { lock.withLock { _history } }
}

/// A view with no lock at all: only bindings touch it, one update at a time, and a test reads it
/// after joining the threads that fired them.
final class UnlockedView: @unchecked Sendable {
    var value = 0
    var writes: [Int] = []

    init(_ value: Int = 0) {
        self.value = value
    }
}

/// Writes an `UnlockedView`, recording each value written.
extension UnlockedView {
    var recordedValue: Int {
        get { value }
        set {
            value = newValue
            writes.append(newValue)
        }
    }
}

/// A flag and a counter that any thread may use.
final class SharedCounter: @unchecked Sendable {
    private let lock = NSLock()
    // Guarded by `lock`.
    private var count = 0
    private var _isSet = false

    /// Returns the next number of a sequence shared by every thread.
    func next() -> Int {
        lock.withLock {
            count += 1
            return count
        }
    }

    var isSet: Bool {
        get { lock.withLock { _isSet } }
        set { lock.withLock { _isSet = newValue } }
    }
}

/// Runs each body on its own thread and waits for all of them, at most `timeout` seconds.
///
/// - Returns: whether every thread finished in time (false means a deadlock or a hang).
func runOnThreads(timeout: Int = 60, _ bodies: [@Sendable () -> Void]) -> Bool {
    let finished = DispatchSemaphore(value: 0)
    for body in bodies {
        let thread = Thread {
            body()
            finished.signal()
        }
        thread.stackSize = 1 << 20
        thread.start()
    }
    let deadline = DispatchTime.now() + .seconds(timeout)
    return bodies.allSatisfy { _ in finished.wait(timeout: deadline) == .success }
}

extension Notification.Name {
    /// Posted by a ``LockedModel`` with a center after each change.
    static let lockedModelDidChange = Notification.Name("ReliabilityTests.lockedModelDidChange")
}
