import Foundation

/// A trigger that fires when a `NotificationCenter` posts a notification of a name, from any
/// sender or from one object.
///
/// ```swift
/// let center = NotificationCenter()
/// binding.addTrigger(NotificationTrigger(center: center, name: .personDidChange, object: person))
/// center.post(name: .personDidChange, object: person)   // the binding updates, on this thread
/// ```
///
/// The observer is added when the trigger is added to a binding and removed when it is
/// removed or the binding is invalidated. The binding updates synchronously on the thread
/// that posts. The sender filter is held weakly; once the sender is gone the trigger fires no
/// more (it never widens to every sender).
public final class NotificationTrigger: Trigger, @unchecked Sendable {
    /// The center observed.
    public let center: NotificationCenter
    /// The name of the notifications that fire this trigger.
    public let name: Notification.Name
    private let filtersSender: Bool
    private weak let sender: AnyObject?
    private let lock = NSLock()
    // Guarded by `lock`.
    private weak var _delegate: (any TriggerDelegate)?
    private var observer: (any NSObjectProtocol)?
    // The latest notification, its sender held weakly: keeping it would keep the model alive.
    private var _lastNotification: Notification?
    private weak var lastSender: AnyObject?

    /// Creates a trigger for notifications named `name` posted on `center`; with an `object`,
    /// only those it sends.
    ///
    /// - Parameters:
    ///   - center: The center to observe; `.default` unless given.
    ///   - name: The notification name.
    ///   - object: The sender to listen to (held weakly), or nil for any sender.
    public init(center: NotificationCenter = .default, name: Notification.Name, object: AnyObject? = nil) {
        self.center = center
        self.name = name
        self.filtersSender = object != nil
        self.sender = object
    }

    deinit {
        stopObserving()
    }

    /// The binding told when this trigger fires.
    public var delegate: (any TriggerDelegate)? {
        get { lock.withLock { _delegate } }
        set { lock.withLock { _delegate = newValue } }
    }

    /// The sender this trigger listens to; nil for any sender, or once the sender is gone.
    public var object: AnyObject? { sender }

    /// Whether an observer is registered on the center now.
    public var isObserving: Bool { lock.withLock { observer != nil } }

    /// The notification that fired this trigger last, so an update can read its `userInfo`.
    /// Its `object` is nil once a sender that is an object has been deallocated.
    public var lastNotification: Notification? {
        lock.withLock {
            guard let notification = _lastNotification, notification.object == nil, let lastSender else {
                return _lastNotification
            }
            return Notification(name: notification.name, object: lastSender, userInfo: notification.userInfo)
        }
    }

    /// Adds the observer to the center (once).
    public func startObserving() {
        let sender = self.sender
        if filtersSender && sender == nil { return }
        lock.lock()
        defer { lock.unlock() }
        guard observer == nil else { return }
        // The sender is matched here, not by the center: corelibs' center keeps the object of
        // an observation alive, which would keep the model alive as long as the binding.
        observer = center.addObserver(forName: name, object: nil, queue: nil) { [weak self] notification in
            guard let self else { return }
            if self.filtersSender {
                guard let sender = self.sender, let object = notification.object as AnyObject?, object === sender
                else { return }
            }
            self.fire(notification)
        }
    }

    /// Removes the observer from the center.
    public func stopObserving() {
        let removed: (any NSObjectProtocol)? = lock.withLock {
            defer { observer = nil }
            return observer
        }
        if let removed { center.removeObserver(removed) }
    }

    private func fire(_ notification: Notification) {
        let delegate: (any TriggerDelegate)? = lock.withLock {
            if let object = notification.object, type(of: object) is AnyClass {
                lastSender = object as AnyObject
                _lastNotification = Notification(name: notification.name, object: nil, userInfo: notification.userInfo)
            } else {
                lastSender = nil
                _lastNotification = notification
            }
            return _delegate
        }
        delegate?.triggerDidFire(self)
    }
}
