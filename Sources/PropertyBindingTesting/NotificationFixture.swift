import Foundation
import PropertyBinding

/// A private `NotificationCenter` for one test: it records every notification posted on it,
/// posts from a sender in one call, and counts the notification triggers still observing it, so
/// a test can check that teardown left no observer behind.
///
/// ```swift
/// let center = NotificationFixture()
/// binding.addTrigger(center.trigger(for: .personDidChange, from: person))
/// center.post(.personDidChange, from: person)       // the binding updates
/// bindings.removeAll()
/// #expect(center.observerCount() == 0)
/// ```
///
/// Each fixture is its own center, never `.default`: tests running in parallel, each with its
/// own fixture, do not see each other's notifications.
///
/// ## What is counted
/// Foundation's centers do not tell how many observers they hold, and on Linux their methods
/// cannot be overridden, so the fixture counts the `NotificationTrigger`s it knows about: the
/// ones it made with ``trigger(for:from:)`` and the ones handed to one of the `track` methods
/// (a trigger, a binding or a whole `BindingSet`), as long as they observe this center. Observers added straight
/// to the center with `addObserver(forName:object:queue:using:)` are not counted. Every
/// notification posted on the center is recorded, whoever posts it.
public final class NotificationFixture: NotificationCenter, @unchecked Sendable {
    private struct TrackedTrigger {
        weak var trigger: NotificationTrigger?
    }

    private let lock = NSLock()
    // Guarded by `lock`.
    private var _notifications: [PostedNotification] = []
    private var tracked: [TrackedTrigger] = []
    private var recorder: (any NSObjectProtocol)?

    /// Creates an empty center that records what is posted on it.
    public required init() {
        super.init()
        let recorder = addObserver(forName: nil, object: nil, queue: nil) { [weak self] notification in
            self?.record(notification)
        }
        lock.withLock { self.recorder = recorder }
    }

    deinit {
        if let recorder { removeObserver(recorder) }
    }

    private func record(_ notification: Notification) {
        let posted = PostedNotification(notification)
        lock.withLock { _notifications.append(posted) }
    }

    // MARK: Posting

    /// Posts a notification named `name` from `sender`, with `userInfo`, synchronously.
    ///
    /// ```swift
    /// center.post(.textDidChange, from: ageField, userInfo: ["reason": "typing"])
    /// ```
    public func post(_ name: Notification.Name, from sender: AnyObject? = nil, userInfo: [AnyHashable: Any]? = nil) {
        post(name: name, object: sender, userInfo: userInfo)
    }

    // MARK: Recording

    /// Every notification posted on this center, oldest first.
    public var notifications: [PostedNotification] {
        lock.withLock { _notifications }
    }

    /// The notifications named `name` posted on this center, from `sender` when one is given.
    public func notifications(named name: Notification.Name, from sender: AnyObject? = nil) -> [PostedNotification] {
        notifications.filter { $0.name == name && (sender.map($0.wasSent(by:)) ?? true) }
    }

    /// Forgets the recorded notifications.
    public func removeAllNotifications() {
        lock.withLock { _notifications.removeAll() }
    }

    // MARK: Observers

    /// Makes a trigger for notifications named `name` on this center (from `sender` only, when
    /// one is given) and counts it in ``observerCount(for:from:)``.
    ///
    /// ```swift
    /// showName.addTrigger(center.trigger(for: .personDidChange, from: person))
    /// ```
    public func trigger(for name: Notification.Name, from sender: AnyObject? = nil) -> NotificationTrigger {
        let trigger = NotificationTrigger(center: self, name: name, object: sender)
        track(trigger)
        return trigger
    }

    /// Counts `trigger` in ``observerCount(for:from:)`` while it observes this center; the
    /// trigger is held weakly.
    public func track(_ trigger: NotificationTrigger) {
        lock.withLock {
            tracked.removeAll { $0.trigger == nil }
            guard !tracked.contains(where: { $0.trigger === trigger }) else { return }
            tracked.append(TrackedTrigger(trigger: trigger))
        }
    }

    /// Counts the notification triggers of `binding` that observe this center.
    public func track(_ binding: AnyBinding) {
        for case let trigger as NotificationTrigger in binding.triggers where trigger.center === self {
            track(trigger)
        }
    }

    /// Counts the notification triggers of every binding in `bindings` that observe this center;
    /// call it before tearing the set down.
    public func track(_ bindings: BindingSet) {
        for binding in bindings.bindings { track(binding) }
    }

    /// The number of tracked triggers observing this center now, for notifications named
    /// `name` (any name when nil) from `sender` (any sender when nil).
    ///
    /// ```swift
    /// #expect(center.observerCount(for: .personDidChange, from: person) == 1)
    /// bindings.removeAll()
    /// #expect(center.observerCount() == 0)
    /// ```
    public func observerCount(for name: Notification.Name? = nil, from sender: AnyObject? = nil) -> Int {
        let triggers = lock.withLock { tracked.compactMap(\.trigger) }
        return triggers.filter { trigger in
            trigger.center === self && trigger.isObserving && (name.map { $0 == trigger.name } ?? true)
                && (sender.map { $0 === trigger.object } ?? true)
        }.count
    }
}
