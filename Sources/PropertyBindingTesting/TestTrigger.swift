import Foundation
import PropertyBinding

/// A trigger a test fires by hand, which counts how often it was started, stopped and fired.
///
/// ```swift
/// let trigger = TestTrigger()
/// binding.addTrigger(trigger)
/// trigger.fire()                                  // the binding updates, on this thread
/// bindings.removeAll()
/// #expect(!trigger.isObserving && trigger.stopCount == 1)
/// ```
///
/// It can be fired from any thread, which makes it a stand-in for triggers that deliver on
/// another thread or later.
public final class TestTrigger: Trigger, @unchecked Sendable {
    private let lock = NSLock()
    // Guarded by `lock`.
    private weak var _delegate: (any TriggerDelegate)?
    private var _isObserving = false
    private var _startCount = 0
    private var _stopCount = 0
    private var _fireCount = 0

    /// Creates a trigger that is not yet observing.
    public init() {}

    /// The binding told when this trigger fires; held weakly.
    public var delegate: (any TriggerDelegate)? {
        get { lock.withLock { _delegate } }
        set { lock.withLock { _delegate = newValue } }
    }

    /// Whether the trigger was started and not stopped since: it belongs to a live binding.
    public var isObserving: Bool { lock.withLock { _isObserving } }

    /// How many times ``startObserving()`` was called.
    public var startCount: Int { lock.withLock { _startCount } }

    /// How many times ``stopObserving()`` was called.
    public var stopCount: Int { lock.withLock { _stopCount } }

    /// How many times ``fire()`` was called, whether or not a binding listened.
    public var fireCount: Int { lock.withLock { _fireCount } }

    /// Marks the trigger as observing and counts the start; a binding calls it when the trigger
    /// is added.
    public func startObserving() {
        lock.withLock {
            _isObserving = true
            _startCount += 1
        }
    }

    /// Marks the trigger as no longer observing and counts the stop; a binding calls it when the
    /// trigger is removed or the binding is invalidated.
    public func stopObserving() {
        lock.withLock {
            _isObserving = false
            _stopCount += 1
        }
    }

    /// Tells the delegate that the trigger fired; the binding updates synchronously, on the
    /// calling thread. Nothing happens without a delegate.
    public func fire() {
        let delegate: (any TriggerDelegate)? = lock.withLock {
            _fireCount += 1
            return _delegate
        }
        delegate?.triggerDidFire(self)
    }
}
