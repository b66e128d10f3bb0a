import Foundation
import Synchronization

/// A trigger that fires when a `NotificationCenter` posts a notification of a name, from any
/// sender or from one object.
///
/// ```swift
/// let center = NotificationCenter()
/// binding.addTrigger(NotificationTrigger(center: center, name: .personDidChange, object: person))
/// center.post(name: .personDidChange, object: person)   // the binding updates, on this thread
/// ```
///
/// The trigger listens from the moment it is added to a binding until it is removed or the
/// binding is invalidated. The binding updates synchronously on the thread that posts. The
/// sender filter is held weakly; once the sender is gone the trigger fires no more (it never
/// widens to every sender). Neither the center nor the trigger keeps the sender alive, and a
/// post reaches only the triggers of its sender, however many triggers other senders have.
public final class NotificationTrigger: Trigger, @unchecked Sendable {
    /// The dispatcher of this trigger's center and name, which keeps them: shared by the
    /// triggers of one center and name, instead of a copy of both in each.
    private let dispatcher: NotificationDispatcher
    private weak let sender: AnyObject?
    /// The identity of the sender given (0 for any sender), to unregister the trigger even once
    /// the sender is gone.
    private let senderKey: UInt
    // Guarded by `lock`. Declared in this order, so that the trigger fits a 72-byte block:
    // bindings have one trigger each, and applications hundreds of thousands.
    private weak var _delegate: (any TriggerDelegate)?
    /// What the latest notification had besides this trigger's name and sender, when it had
    /// anything: most posts carry neither user info nor another sender, and store nothing.
    private var lastParts: LastParts?
    private let lock = StateLock()
    private var isRegistered = false
    private var hasFired = false

    /// The latest notification, in parts: a kept notification would keep its sender (the model)
    /// alive, so an object sender is held weakly; a value sender is kept as it is.
    private final class LastParts {
        var userInfo: [AnyHashable: Any]?
        weak var sender: AnyObject?
        var valueSender: Any?
    }

    /// Creates a trigger for notifications named `name` posted on `center`; with an `object`,
    /// only those it sends.
    ///
    /// - Parameters:
    ///   - center: The center to observe; `.default` unless given.
    ///   - name: The notification name.
    ///   - object: The sender to listen to (held weakly), or nil for any sender.
    public init(center: NotificationCenter = .default, name: Notification.Name, object: AnyObject? = nil) {
        self.dispatcher = NotificationDispatcher.of(center: center, name: name)
        self.senderKey = NotificationDispatcher.senderKey(object)
        self.sender = object
    }

    /// The center observed.
    public var center: NotificationCenter { dispatcher.center }

    /// The name of the notifications that fire this trigger.
    public var name: Notification.Name { dispatcher.name }

    /// Whether the trigger listens to one sender only.
    private var filtersSender: Bool { senderKey != 0 }

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

    /// Whether the trigger is registered with the center now.
    public var isObserving: Bool { lock.withLock { isRegistered } }

    /// The notification that fired this trigger last, so an update can read its `userInfo`.
    /// Its `object` is nil once a sender that is an object has been deallocated.
    public var lastNotification: Notification? {
        lock.withLock {
            guard hasFired else { return nil }
            let object: Any? = filtersSender ? sender : lastParts?.sender ?? lastParts?.valueSender
            return Notification(name: name, object: object, userInfo: lastParts?.userInfo)
        }
    }

    /// Starts listening to the center (once).
    ///
    /// All the triggers of one center and name share one observer on the center, which hands
    /// each post to the triggers of its sender: the center holds no sender and no trigger.
    public func startObserving() {
        if filtersSender && sender == nil { return }
        let registered: Bool = lock.withLock {
            guard !isRegistered else { return false }
            isRegistered = true
            return true
        }
        if registered { dispatcher.add(self, senderKey: senderKey) }
    }

    /// Stops listening to the center.
    public func stopObserving() {
        let registered: Bool = lock.withLock {
            guard isRegistered else { return false }
            isRegistered = false
            return true
        }
        if registered { dispatcher.remove(self, senderKey: senderKey) }
    }

    /// Called by the dispatcher for a post of this trigger's name from its sender (matched by
    /// identity), or from any sender when the trigger has none.
    func receive(_ notification: Notification) {
        let delegate = lock.withLock { () -> (any TriggerDelegate)? in
            guard isRegistered else { return nil }
            var sender: AnyObject?
            var valueSender: Any?
            if filtersSender {
                // Senders are matched by address: once ours is gone, another object may live
                // at that address. While ours is alive, no other can, so a match is ours. (The
                // last sender is then `sender` itself; nothing to store.)
                guard self.sender != nil else { return nil }
            } else if let object = notification.object {
                sender = objectValue(object)
                if sender == nil { valueSender = object }
            }
            let userInfo = notification.userInfo
            if userInfo != nil || sender != nil || valueSender != nil {
                record(userInfo: userInfo, sender: sender, valueSender: valueSender)
            } else if lastParts != nil {
                lastParts = nil
            }
            hasFired = true
            return _delegate
        }
        delegate?.triggerDidFire(self)
    }

    /// Keeps what ``lastNotification`` rebuilds; call with `lock` held.
    private func record(userInfo: [AnyHashable: Any]?, sender: AnyObject?, valueSender: Any?) {
        let parts = lastParts ?? LastParts()
        parts.userInfo = userInfo
        parts.sender = sender
        parts.valueSender = valueSender
        lastParts = parts
    }
}
