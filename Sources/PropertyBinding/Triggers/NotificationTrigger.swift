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
    private let state = Locked(State())

    private struct State {
        weak var delegate: (any TriggerDelegate)?
        var observer: (any NSObjectProtocol)?
        // The latest notification, kept in parts: a kept notification would keep its sender
        // (the model) alive, so an object sender is held weakly; a value sender is kept as is.
        var hasFired = false
        var lastUserInfo: [AnyHashable: Any]?
        weak var lastSender: AnyObject?
        var lastValueSender: Any?
    }

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
        get { state.withLock { $0.delegate } }
        set { state.withLock { $0.delegate = newValue } }
    }

    /// The sender this trigger listens to; nil for any sender, or once the sender is gone.
    public var object: AnyObject? { sender }

    /// Whether an observer is registered on the center now.
    public var isObserving: Bool { state.withLock { $0.observer != nil } }

    /// The notification that fired this trigger last, so an update can read its `userInfo`.
    /// Its `object` is nil once a sender that is an object has been deallocated.
    public var lastNotification: Notification? {
        state.withLock { state in
            guard state.hasFired else { return nil }
            return Notification(
                name: name, object: state.lastSender ?? state.lastValueSender, userInfo: state.lastUserInfo)
        }
    }

    /// Adds the observer to the center (once).
    public func startObserving() {
        let sender = self.sender
        if filtersSender && sender == nil { return }
        state.withLock { state in
            guard state.observer == nil else { return }
            state.observer = center.addObserver(forName: name, object: Self.registeredSender(sender), queue: nil) {
                [weak self] notification in
                self?.receive(notification)
            }
        }
    }

    /// The object to register with the center: the sender itself where the center holds it by
    /// identity only (Apple's Foundation, and swift-corelibs-foundation from Swift 6.2), so the
    /// center's table, keyed by name then sender, finds this observer without visiting the
    /// observers of other senders. Older corelibs centers keep the object alive; there the
    /// trigger observes every sender and matches the sender itself.
    private static func registeredSender(_ sender: AnyObject?) -> AnyObject? {
        #if canImport(Darwin) || compiler(>=6.2)
            sender
        #else
            nil
        #endif
    }

    /// Removes the observer from the center.
    public func stopObserving() {
        let removed: (any NSObjectProtocol)? = state.withLock { state in
            defer { state.observer = nil }
            return state.observer
        }
        if let removed { center.removeObserver(removed) }
    }

    private func receive(_ notification: Notification) {
        guard filtersSender else {
            let object = notification.object
            if let object, type(of: object) is AnyClass {
                fire(notification.userInfo, sender: object as AnyObject, valueSender: nil)
            } else {
                fire(notification.userInfo, sender: nil, valueSender: object)
            }
            return
        }
        // A center matches senders by address: once ours is gone, another object may live at
        // that address. While ours is alive, no other can, so a match is ours.
        guard let sender = self.sender else { return }
        #if !(canImport(Darwin) || compiler(>=6.2))
            guard let object = notification.object, type(of: object) is AnyClass, object as AnyObject === sender
            else { return }
        #endif
        fire(notification.userInfo, sender: sender, valueSender: nil)
    }

    private func fire(_ userInfo: [AnyHashable: Any]?, sender: AnyObject?, valueSender: Any?) {
        let delegate: (any TriggerDelegate)? = state.withLock { state in
            state.hasFired = true
            state.lastUserInfo = userInfo
            state.lastSender = sender
            state.lastValueSender = valueSender
            return state.delegate
        }
        delegate?.triggerDidFire(self)
    }
}
