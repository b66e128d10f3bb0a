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

    /// The triggers listening to one sender form a chain through
    /// ``NotificationTrigger/nextOfSender``, in the order they were added: the table keeps its
    /// first, so a sender with one trigger costs one table entry and nothing else. A trigger is
    /// held from `add` to `remove`, which its binding calls when it lets the trigger go
    /// (removal, invalidation, deinit).
    private static func append(_ trigger: NotificationTrigger, to head: NotificationTrigger?) -> NotificationTrigger {
        guard let head else { return trigger }
        var last = head
        while let next = last.nextOfSender { last = next }
        last.nextOfSender = trigger
        return head
    }

    /// Removes `trigger` from the chain that starts at `head`; returns the new head.
    private static func remove(_ trigger: NotificationTrigger, from head: NotificationTrigger?) -> NotificationTrigger?
    {
        guard let head else { return nil }
        defer { trigger.nextOfSender = nil }
        if head === trigger { return head.nextOfSender }
        var previous = head
        while let next = previous.nextOfSender {
            if next === trigger {
                previous.nextOfSender = next.nextOfSender
                break
            }
            previous = next
        }
        return head
    }

    /// The triggers a post reaches, taken under the lock and called outside it: one trigger
    /// (the usual case) needs no array.
    private struct Receivers {
        var first: NotificationTrigger?
        var more: [NotificationTrigger] = []

        mutating func add(chain head: NotificationTrigger?) {
            var trigger = head
            while let current = trigger {
                if first == nil { first = current } else { more.append(current) }
                trigger = current.nextOfSender
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
    // Guarded by `lock`. (Exempting them from the dynamic exclusivity check would save 24 of a
    // post's 12,131 instructions, so they keep it.)
    private var bySender: [UInt: NotificationTrigger] = [:]
    private var anySender: NotificationTrigger?
    /// The sender looked up last and its chain: a sender usually posts again, and hashing its
    /// key costs more than the rest of the look-up. Forgotten whenever the table changes.
    private var lastSender: UInt = 0
    private var lastChain: NotificationTrigger?
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
                // Published before the center can call it: a post on another thread may reach
                // the new observer before `add` returns, and its first look at the table must
                // see the dispatcher as made.
                registrations.add(1, ordering: .releasing)
                // The center holds the dispatcher (and the dispatcher the center) until the last
                // trigger leaves and the observer is removed.
                dispatcher.observer = center.addObserver(forName: name, object: nil, queue: nil) { notification in
                    dispatcher.dispatch(notification)
                }
                dispatchers[key] = dispatcher
            }
            dispatcher.insert(trigger, senderKey: senderKey(sender))
        }
        registrations.add(1, ordering: .releasing)
    }

    /// The key of a sender in the table: its identity, or 0 for any sender.
    static func senderKey(_ sender: AnyObject?) -> UInt {
        sender.map { UInt(bitPattern: ObjectIdentifier($0)) } ?? 0
    }

    /// Stops delivering to `trigger`, registered with the sender whose key is `senderKey`.
    static func remove(
        _ trigger: NotificationTrigger, center: NotificationCenter, name: Notification.Name, senderKey: UInt
    ) {
        let key = Key(center: ObjectIdentifier(center), name: name)
        let unused: NotificationDispatcher? = dispatchers.withLock { dispatchers in
            guard let dispatcher = dispatchers[key], dispatcher.remove(trigger, senderKey: senderKey) else {
                return nil
            }
            dispatchers[key] = nil
            return dispatcher
        }
        if let unused, let observer = unused.observer { center.removeObserver(observer) }
    }

    private func insert(_ trigger: NotificationTrigger, senderKey sender: UInt) {
        lock.withLock {
            forgetLastSender()
            if sender != 0 {
                bySender[sender] = Self.append(trigger, to: bySender[sender])
            } else {
                anySender = Self.append(trigger, to: anySender)
            }
        }
    }

    /// Removes `trigger`; returns whether no trigger is left.
    private func remove(_ trigger: NotificationTrigger, senderKey sender: UInt) -> Bool {
        lock.withLock {
            forgetLastSender()
            if sender != 0 {
                bySender[sender] = Self.remove(trigger, from: bySender[sender])
            } else {
                anySender = Self.remove(trigger, from: anySender)
            }
            return bySender.isEmpty && anySender == nil
        }
    }

    /// Call with `lock` held.
    private func forgetLastSender() {
        lastSender = 0
        lastChain = nil
    }

    /// The triggers of `sender`; call with `lock` held.
    private func chain(of sender: UInt) -> NotificationTrigger? {
        if sender == lastSender { return lastChain }
        let chain = bySender[sender]
        lastSender = sender
        lastChain = chain
        return chain
    }

    private func dispatch(_ notification: Notification) {
        _ = Self.registrations.load(ordering: .acquiring)
        let senderID = objectIdentity(notification.object)
        let receivers: Receivers = lock.withLock {
            var receivers = Receivers()
            if let senderID { receivers.add(chain: chain(of: UInt(bitPattern: senderID))) }
            receivers.add(chain: anySender)
            return receivers
        }
        receivers.forEach { $0.receive(notification) }
    }
}
