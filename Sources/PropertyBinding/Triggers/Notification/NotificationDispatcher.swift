import Foundation
import Synchronization

/// The one observer that a center has for a notification name, shared by every
/// ``NotificationTrigger`` of that center and name; it finds the triggers of a post's sender
/// in a table keyed by the sender's identity.
///
/// One observer per name, not per trigger: a center keeps a few hundred bytes per observer,
/// and a trigger costs a table entry here. A post still reaches only the triggers of its
/// sender (and those of any sender), whatever the number of triggers of other senders.
///
/// Each trigger holds its dispatcher from its creation (and reads its center and name there);
/// the dispatcher observes its center while it has triggers registered, and is shared through a
/// table that holds it weakly, so it goes with its last trigger.
final class NotificationDispatcher: @unchecked Sendable {
    private struct Key: Hashable {
        let center: ObjectIdentifier
        let name: Notification.Name
    }

    /// A dispatcher in the table of dispatchers, held weakly: its triggers hold it.
    private struct Entry {
        weak var dispatcher: NotificationDispatcher?
    }

    /// The triggers listening to one sender, in the order they were added: one needs no list,
    /// so a sender with one trigger costs one table entry (one word) and nothing else; adding
    /// and removing one take constant time however many a sender has. A trigger is held from
    /// `add` to `remove`, which its binding calls when it lets the trigger go (removal,
    /// invalidation, deinit).
    private enum SenderTriggers {
        /// The sender's one trigger.
        case one(NotificationTrigger)
        /// Two triggers or more, in a box: the table's entries stay one word.
        case several(Several)

        final class Several {
            var triggers = SlotList<NotificationTrigger>()
        }

        /// Adds `trigger` last.
        mutating func add(_ trigger: NotificationTrigger) {
            switch self {
            case .one(let first):
                let several = Several()
                several.triggers.append(first)
                several.triggers.append(trigger)
                self = .several(several)
            case .several(let several):
                several.triggers.append(trigger)
            }
        }

        /// Removes `trigger`; false when no trigger is left (the group is then to be dropped).
        mutating func remove(_ trigger: NotificationTrigger) -> Bool {
            switch self {
            case .one(let only):
                return only !== trigger
            case .several(let several):
                several.triggers.remove(trigger)
                if several.triggers.count == 1, let only = several.triggers.first { self = .one(only) }
                return !several.triggers.isEmpty
            }
        }

        /// The triggers a post reaches, as they are now; call with the lock held.
        var receivers: Receivers {
            switch self {
            case .one(let trigger): .one(trigger)
            case .several(let several): .several(several.triggers)
            }
        }
    }

    /// The triggers a post reaches, taken under the lock and called outside it.
    private enum Receivers {
        case none
        case one(NotificationTrigger)
        case several(SlotList<NotificationTrigger>)

        /// Calls `body` with each trigger, in order.
        func forEach(_ body: (NotificationTrigger) -> Void) {
            switch self {
            case .none: break
            case .one(let trigger): body(trigger)
            case .several(let triggers): triggers.forEach(body)
            }
        }
    }

    /// The dispatchers alive, by center and name.
    private static let dispatchers = Locked<[Key: Entry]>([:])
    /// Advanced after every registration and read before every dispatch, so that a post that
    /// reaches a trigger sees the trigger as it was made. The center's own lock orders the two
    /// already, but it is not visible to the thread sanitizer; this atomic is.
    private static let registrations = Atomic<Int>(0)

    /// The center observed.
    let center: NotificationCenter
    /// The name of the notifications dispatched.
    let name: Notification.Name
    private let lock = StateLock()
    // Guarded by `lock`. (Exempting them from the dynamic exclusivity check saves a negligible
    // share of a post, so they keep it: Benchmarks/README.md.)
    private var bySender: [UInt: SenderTriggers] = [:]
    private var anySender = SlotList<NotificationTrigger>()
    /// The sender looked up last and its triggers: a sender usually posts again, and hashing its
    /// key costs more than the rest of the look-up. Forgotten whenever the table changes.
    private var lastSender: UInt = 0
    private var lastSenderTriggers: SenderTriggers?
    /// The center's observer while triggers are registered. Guarded by the `dispatchers` lock,
    /// which also orders adding and removing it.
    private var observer: (any NSObjectProtocol)?

    private init(center: NotificationCenter, name: Notification.Name) {
        self.center = center
        self.name = name
    }

    deinit {
        // Its entry, unless a new dispatcher of the same center and name took it meanwhile.
        let key = Key(center: ObjectIdentifier(center), name: name)
        Self.dispatchers.withLock { dispatchers in
            if dispatchers[key]?.dispatcher == nil { dispatchers[key] = nil }
        }
    }

    /// The dispatcher of `name` on `center`: the one alive, or a new one.
    static func of(center: NotificationCenter, name: Notification.Name) -> NotificationDispatcher {
        let key = Key(center: ObjectIdentifier(center), name: name)
        return dispatchers.withLock { dispatchers in
            if let existing = dispatchers[key]?.dispatcher { return existing }
            let dispatcher = NotificationDispatcher(center: center, name: name)
            dispatchers[key] = Entry(dispatcher: dispatcher)
            return dispatcher
        }
    }

    /// The key of a sender in the table: its identity, or 0 for any sender.
    static func senderKey(_ sender: AnyObject?) -> UInt {
        sender.map { UInt(bitPattern: ObjectIdentifier($0)) } ?? 0
    }

    /// Starts delivering the posts from the sender whose key is `senderKey` (any sender for 0) to
    /// `trigger`, which is held until it is removed; observes the center from the first trigger.
    func add(_ trigger: NotificationTrigger, senderKey: UInt) {
        Self.dispatchers.withLock { _ in
            lock.withLock {
                forgetLastSender()
                if senderKey == 0 {
                    anySender.append(trigger)
                } else if var group = bySender[senderKey] {
                    // Read and written back, not changed in place: the dictionary's in-place
                    // accessor allocates its frame, three allocations a binding.
                    group.add(trigger)
                    bySender[senderKey] = group
                } else {
                    bySender[senderKey] = .one(trigger)
                }
            }
            guard observer == nil else { return }
            // Published before the center can call it: a post on another thread may reach the
            // new observer before `add` returns, and its first look at the table must see the
            // trigger as added.
            Self.registrations.add(1, ordering: .releasing)
            // The center holds the dispatcher (and the dispatcher the center) until the last
            // trigger leaves and the observer is removed.
            observer = center.addObserver(forName: name, object: nil, queue: nil) { notification in
                self.dispatch(notification)
            }
        }
        Self.registrations.add(1, ordering: .releasing)
    }

    /// Stops delivering to `trigger`, registered with the sender whose key is `senderKey`; stops
    /// observing the center when no trigger is left.
    func remove(_ trigger: NotificationTrigger, senderKey: UInt) {
        let removed: (any NSObjectProtocol)? = Self.dispatchers.withLock { _ in
            let isEmpty: Bool = lock.withLock {
                forgetLastSender()
                if senderKey == 0 {
                    anySender.remove(trigger)
                } else if var group = bySender[senderKey] {
                    if group.remove(trigger) {
                        bySender[senderKey] = group
                    } else {
                        bySender.removeValue(forKey: senderKey)
                    }
                }
                return bySender.isEmpty && anySender.isEmpty
            }
            guard isEmpty, let observer else { return nil }
            // Removed under the lock: a trigger added next must not find a second observer
            // registered before this one is gone (it would receive each post twice).
            center.removeObserver(observer)
            self.observer = nil
            return observer
        }
        // The observer (which holds this dispatcher) is released outside the lock.
        withExtendedLifetime(removed) {}
    }

    /// Call with `lock` held.
    private func forgetLastSender() {
        lastSender = 0
        lastSenderTriggers = nil
    }

    /// The triggers of `sender`; call with `lock` held.
    private func group(of sender: UInt) -> SenderTriggers? {
        if sender == lastSender { return lastSenderTriggers }
        let group = bySender[sender]
        lastSender = sender
        lastSenderTriggers = group
        return group
    }

    private func dispatch(_ notification: Notification) {
        _ = Self.registrations.load(ordering: .acquiring)
        let senderID = objectIdentity(notification.object)
        let (ofSender, ofAnySender): (Receivers, SlotList<NotificationTrigger>?) = lock.withLock {
            let ofSender = senderID.flatMap { group(of: UInt(bitPattern: $0)) }?.receivers ?? .none
            return (ofSender, anySender.isEmpty ? nil : anySender)
        }
        ofSender.forEach { $0.receive(notification) }
        ofAnySender?.forEach { $0.receive(notification) }
    }
}
