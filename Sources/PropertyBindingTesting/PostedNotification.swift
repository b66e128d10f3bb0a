import Foundation

/// A notification a ``NotificationFixture`` saw posted: its name, its sender (held weakly, so
/// recording never keeps a model alive) and its user info.
///
/// ```swift
/// center.post(.personDidChange, from: person, userInfo: ["field": "name"])
/// center.notifications.last?.name                 // .personDidChange
/// center.notifications.last?.sender === person    // true
/// ```
public struct PostedNotification: CustomStringConvertible, @unchecked Sendable {
    /// The notification's name.
    public let name: Notification.Name
    /// The identity of the sender, or nil for a notification posted without one; it stays set
    /// after the sender is gone.
    public let senderID: ObjectIdentifier?
    private weak var _sender: AnyObject?
    /// The user info posted with the notification (its values are held strongly).
    public let userInfo: [AnyHashable: Any]?

    init(_ notification: Notification) {
        name = notification.name
        let sender = notification.object.map { $0 as AnyObject }
        senderID = sender.map(ObjectIdentifier.init)
        _sender = sender
        userInfo = notification.userInfo
    }

    /// The sender, or nil when there was none or it has been deallocated since.
    public var sender: AnyObject? { _sender }

    /// Whether `object` sent this notification. Once the sender has been deallocated no object
    /// did: a new object may reuse its address, and so its `ObjectIdentifier`.
    public func wasSent(by object: AnyObject) -> Bool {
        _sender === object
    }

    /// The name, and the sender's type when there was one: `PersonDidChange from Person`.
    public var description: String {
        guard senderID != nil else { return name.rawValue }
        return "\(name.rawValue) from \(_sender.map { "\(type(of: $0))" } ?? "a deallocated object")"
    }
}
