import Foundation
import Synchronization

/// The one observer that a center has for a notification name, shared by every
/// ``NotificationTrigger`` of that center and name; it finds the triggers of a post's sender
/// in a table keyed by the sender's identity.
///
/// One observer per name, not per trigger: a center keeps a few hundred bytes per observer,
/// and a trigger costs a table entry here. A post still reaches only the triggers of its
/// sender (and those of any sender), whatever the number of triggers of other senders.
final class NotificationDispatcher: @unchecked Sendable {
    private struct Key: Hashable {
        let center: ObjectIdentifier
        let name: Notification.Name
    }

    /// The triggers listening to one sender: the first inline, so a sender with one trigger
    /// costs no array. A trigger is held from `add` to `remove`, which its binding calls when
    /// it lets the trigger go (removal, invalidation, deinit).
    private struct Listeners {
        var first: NotificationTrigger?
        var more: [NotificationTrigger] = []

        var isEmpty: Bool { first == nil }

        mutating func insert(_ trigger: NotificationTrigger) {
            if first == nil {
                first = trigger
            } else {
                more.append(trigger)
            }
        }

        mutating func remove(_ trigger: NotificationTrigger) {
            if first === trigger {
                first = more.isEmpty ? nil : more.removeFirst()
            } else {
                more.removeAll { $0 === trigger }
            }
        }

        func forEach(_ body: (NotificationTrigger) -> Void) {
            if let first { body(first) }
            for trigger in more { body(trigger) }
        }
    }

    /// The dispatchers in use, by center and name; a dispatcher leaves when its last trigger does.
    private static let dispatchers = Locked<[Key: NotificationDispatcher]>([:])
    /// Advanced after every registration and read before every dispatch, so that a post that
    /// reaches a trigger sees the trigger as it was made. The center's own lock orders the two
    /// already, but it is not visible to the thread sanitizer; this atomic is.
    private static let registrations = Atomic<Int>(0)

    private let center: NotificationCenter
    private let name: Notification.Name
    private let lock = StateLock()
    // Guarded by `lock`.
    private var bySender: [ObjectIdentifier: Listeners] = [:]
    private var anySender = Listeners()
    private var count = 0
    // Set once, under the `dispatchers` lock.
    private var observer: (any NSObjectProtocol)?

    private init(center: NotificationCenter, name: Notification.Name) {
        self.center = center
        self.name = name
    }

    /// Starts delivering the posts of `name` on `center` from `sender` (any sender when nil) to
    /// `trigger`, which is held until it is removed.
    static func add(
        _ trigger: NotificationTrigger, center: NotificationCenter, name: Notification.Name, sender: AnyObject?
    ) {
        let key = Key(center: ObjectIdentifier(center), name: name)
        dispatchers.withLock { dispatchers in
            let dispatcher: NotificationDispatcher
            if let existing = dispatchers[key] {
                dispatcher = existing
            } else {
                dispatcher = NotificationDispatcher(center: center, name: name)
                // The center holds the dispatcher (and the dispatcher the center) until the last
                // trigger leaves and the observer is removed.
                dispatcher.observer = center.addObserver(forName: name, object: nil, queue: nil) { notification in
                    dispatcher.dispatch(notification)
                }
                dispatchers[key] = dispatcher
            }
            dispatcher.insert(trigger, sender: sender.map(ObjectIdentifier.init))
        }
        registrations.add(1, ordering: .releasing)
    }

    /// Stops delivering to `trigger`, registered with the sender whose identity is `senderID`.
    static func remove(
        _ trigger: NotificationTrigger, center: NotificationCenter, name: Notification.Name, senderID: ObjectIdentifier?
    ) {
        let key = Key(center: ObjectIdentifier(center), name: name)
        let unused: NotificationDispatcher? = dispatchers.withLock { dispatchers in
            guard let dispatcher = dispatchers[key], dispatcher.remove(trigger, sender: senderID) else { return nil }
            dispatchers[key] = nil
            return dispatcher
        }
        if let unused, let observer = unused.observer { center.removeObserver(observer) }
    }

    private func insert(_ trigger: NotificationTrigger, sender: ObjectIdentifier?) {
        lock.withLock {
            if let sender {
                bySender[sender, default: Listeners()].insert(trigger)
            } else {
                anySender.insert(trigger)
            }
            count += 1
        }
    }

    /// Removes `trigger`; returns whether no trigger is left.
    private func remove(_ trigger: NotificationTrigger, sender: ObjectIdentifier?) -> Bool {
        lock.withLock {
            if let sender {
                bySender[sender]?.remove(trigger)
                if bySender[sender]?.isEmpty == true { bySender[sender] = nil }
            } else {
                anySender.remove(trigger)
            }
            count -= 1
            return count == 0
        }
    }

    private func dispatch(_ notification: Notification) {
        _ = Self.registrations.load(ordering: .acquiring)
        let senderID = objectIdentity(notification.object)
        let (ofSender, ofAny) = lock.withLock {
            (senderID.flatMap { bySender[$0] }, anySender.isEmpty ? nil : anySender)
        }
        ofSender?.forEach { $0.receive(notification) }
        ofAny?.forEach { $0.receive(notification) }
    }
}

/// The identity of `value` when it is an object, or nil for a value. Opening the existential
/// is a metadata check; `value as AnyObject` would go through the bridging machinery.
func objectIdentity(_ value: Any?) -> ObjectIdentifier? {
    func identity<T>(_ value: T) -> ObjectIdentifier? {
        guard T.self is AnyClass else { return nil }
        return ObjectIdentifier(unsafeBitCast(value, to: AnyObject.self))
    }
    switch value {
    case .some(let value): return identity(value)
    case .none: return nil
    }
}

/// `value` as an object, or nil for a value; see ``objectIdentity(_:)``.
func objectValue(_ value: Any) -> AnyObject? {
    func object<T>(_ value: T) -> AnyObject? {
        guard T.self is AnyClass else { return nil }
        return unsafeBitCast(value, to: AnyObject.self)
    }
    return object(value)
}
