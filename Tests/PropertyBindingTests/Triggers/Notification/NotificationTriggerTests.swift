import Foundation
import PropertyBinding
import Testing

extension NotificationTriggerTests {
    final class Sender {}
    final class Counter { var count = 0 }

    /// A binding that counts its updates: each update writes `count + 1`.
    static func counting(_ counter: Counter) -> Binding<
        ReadOnlyTransformer<Property<Counter, Int>, Int>, Property<Counter, Int>
    > {
        Binding(source: Property(counter, \.count).map { $0 + 1 }, destination: Property(counter, \.count))
    }

    static let didChange = Notification.Name("NotificationTriggerTests.didChange")
    static let otherName = Notification.Name("NotificationTriggerTests.otherName")
}

@Suite struct NotificationTriggerTests {
    // MARK: Sender filtering

    @Test func firesForItsSenderOnly() {
        let center = NotificationCenter()
        let sender = Sender()
        let counter = Counter()
        let binding = Self.counting(counter)
        binding.addTrigger(NotificationTrigger(center: center, name: Self.didChange, object: sender))
        center.post(name: Self.didChange, object: sender)
        #expect(counter.count == 1)
        center.post(name: Self.didChange, object: Sender())
        center.post(name: Self.didChange, object: nil)
        center.post(name: Self.otherName, object: sender)
        #expect(counter.count == 1)
    }

    @Test func withoutASenderFiresForAnySender() {
        let center = NotificationCenter()
        let counter = Counter()
        let binding = Self.counting(counter)
        let trigger = NotificationTrigger(center: center, name: Self.didChange)
        binding.addTrigger(trigger)
        #expect(trigger.object == nil)
        center.post(name: Self.didChange, object: Sender())
        center.post(name: Self.didChange, object: nil)
        center.post(name: Self.otherName, object: nil)
        #expect(counter.count == 2)
    }

    @Test func aReleasedSenderStopsFiringAndNeverWidensToAllSenders() {
        let center = NotificationCenter()
        let counter = Counter()
        let binding = Self.counting(counter)
        weak var released: Sender?
        let trigger: NotificationTrigger
        do {
            let sender = Sender()
            released = sender
            trigger = NotificationTrigger(center: center, name: Self.didChange, object: sender)
            binding.addTrigger(trigger)
            center.post(name: Self.didChange, object: sender)
            #expect(counter.count == 1)
        }
        // The trigger (and the center's observer) must not keep the sender alive.
        #expect(released == nil)
        #expect(trigger.object == nil)
        center.post(name: Self.didChange, object: nil)
        for _ in 0..<20 { center.post(name: Self.didChange, object: Sender()) }
        #expect(counter.count == 1)
    }

    @Test func aSenderReleasedBeforeTheTriggerIsAddedNeverFires() {
        let center = NotificationCenter()
        let counter = Counter()
        let binding = Self.counting(counter)
        var sender: Sender? = Sender()
        let trigger = NotificationTrigger(center: center, name: Self.didChange, object: sender)
        sender = nil
        binding.addTrigger(trigger)
        center.post(name: Self.didChange, object: nil)
        center.post(name: Self.didChange, object: Sender())
        #expect(counter.count == 0)
    }

    // MARK: Teardown

    @Test func observesOnlyWhileAddedToABinding() {
        let center = NotificationCenter()
        let counter = Counter()
        let binding = Self.counting(counter)
        let trigger = NotificationTrigger(center: center, name: Self.didChange)
        #expect(!trigger.isObserving)
        binding.addTrigger(trigger)
        #expect(trigger.isObserving && trigger.delegate === binding)
        binding.removeTrigger(trigger)
        #expect(!trigger.isObserving)
        center.post(name: Self.didChange, object: nil)
        #expect(counter.count == 0)
    }

    @Test func invalidateRemovesTheObserver() {
        let center = NotificationCenter()
        let counter = Counter()
        let binding = Self.counting(counter)
        let trigger = NotificationTrigger(center: center, name: Self.didChange)
        binding.addTrigger(trigger)
        binding.invalidate()
        #expect(!trigger.isObserving)
        center.post(name: Self.didChange, object: nil)
        #expect(counter.count == 0)
    }

    @Test func releasingTheBindingRemovesTheObserver() {
        let center = NotificationCenter()
        let counter = Counter()
        let trigger = NotificationTrigger(center: center, name: Self.didChange)
        weak var released: AnyBinding?
        do {
            let binding = Self.counting(counter)
            released = binding
            binding.addTrigger(trigger)
        }
        #expect(released == nil)
        #expect(!trigger.isObserving)
        center.post(name: Self.didChange, object: nil)
        #expect(counter.count == 0)
    }

    @Test func aRemovedTriggerCanServeAnotherBinding() {
        let center = NotificationCenter()
        let first = Counter()
        let second = Counter()
        let trigger = NotificationTrigger(center: center, name: Self.didChange)
        let a = Self.counting(first)
        let b = Self.counting(second)
        a.addTrigger(trigger)
        a.removeTrigger(trigger)
        b.addTrigger(trigger)
        center.post(name: Self.didChange, object: nil)
        #expect(first.count == 0 && second.count == 1)
    }

    // MARK: Details

    @Test func keepsTheLastNotificationForItsUserInfo() {
        let center = NotificationCenter()
        let counter = Counter()
        let binding = Self.counting(counter)
        let trigger = NotificationTrigger(center: center, name: Self.didChange)
        binding.addTrigger(trigger)
        center.post(name: Self.didChange, object: nil, userInfo: ["key": "value"])
        #expect(trigger.lastNotification?.userInfo?["key"] as? String == "value")
    }

    @Test func theLastNotificationDoesNotKeepItsSenderAlive() {
        let center = NotificationCenter()
        let counter = Counter()
        let binding = Self.counting(counter)
        let trigger = NotificationTrigger(center: center, name: Self.didChange)
        binding.addTrigger(trigger)
        weak var released: Sender?
        do {
            let sender = Sender()
            released = sender
            center.post(name: Self.didChange, object: sender, userInfo: ["key": 1])
            #expect(trigger.lastNotification?.object as? Sender === sender)
        }
        #expect(released == nil)
        #expect(trigger.lastNotification?.object == nil)
        #expect(trigger.lastNotification?.userInfo?["key"] as? Int == 1)
        #expect(trigger.lastNotification?.name == Self.didChange)
    }

    @Test func observesTheDefaultCenterUnlessGiven() {
        let name = Notification.Name("NotificationTriggerTests.default.\(UUID())")
        let trigger = NotificationTrigger(name: name)
        #expect(trigger.center === NotificationCenter.default)
        let counter = Counter()
        let binding = Self.counting(counter)
        binding.addTrigger(trigger)
        NotificationCenter.default.post(name: name, object: nil)
        binding.invalidate()
        NotificationCenter.default.post(name: name, object: nil)
        #expect(counter.count == 1)
    }

    @Test func updatesSynchronouslyOnThePostingThread() {
        let center = NotificationCenter()
        let counter = Counter()
        let binding = Self.counting(counter)
        binding.addTrigger(NotificationTrigger(center: center, name: Self.didChange))
        let done = DispatchSemaphore(value: 0)
        let posted = Locked(false)
        DispatchQueue.global().async {
            center.post(name: Self.didChange, object: nil)
            posted.withLock { $0 = true }
            done.signal()
        }
        done.wait()
        // The post returned only after the update ran on that thread.
        #expect(posted.value && counter.count == 1)
    }
}

/// The triggers of one center and name share one observer on the center, which hands each post
/// to the triggers of its sender.
@Suite struct NotificationTriggerSharingTests {
    typealias Sender = NotificationTriggerTests.Sender
    typealias Counter = NotificationTriggerTests.Counter
    static let didChange = Notification.Name("NotificationTriggerSharingTests.didChange")

    @Test func manyTriggersOfOneNameEachHearTheirOwnSenderOnly() {
        let center = NotificationCenter()
        let senders = (0..<50).map { _ in Sender() }
        let counters = (0..<50).map { _ in Counter() }
        let anyCounter = Counter()
        let bindings = BindingSet()
        for (sender, counter) in zip(senders, counters) {
            let binding = NotificationTriggerTests.counting(counter)
            binding.addTrigger(NotificationTrigger(center: center, name: Self.didChange, object: sender))
            bindings.add(binding)
        }
        let anySender = NotificationTriggerTests.counting(anyCounter)
        anySender.addTrigger(NotificationTrigger(center: center, name: Self.didChange))
        bindings.add(anySender)

        center.post(name: Self.didChange, object: senders[7])
        center.post(name: Self.didChange, object: senders[7])
        center.post(name: Self.didChange, object: senders[42])
        #expect(counters.map(\.count) == (0..<50).map { $0 == 7 ? 2 : $0 == 42 ? 1 : 0 })
        #expect(anyCounter.count == 3)

        bindings.removeAll()
        center.post(name: Self.didChange, object: senders[7])
        #expect(counters[7].count == 2 && anyCounter.count == 3)
    }

    @Test func triggersAddedAndRemovedBetweenPostsOfOneSenderAreHeardAndForgotten() {
        let center = NotificationCenter()
        let sender = Sender()
        let (first, second) = (Counter(), Counter())
        let firstBinding = NotificationTriggerTests.counting(first)
        firstBinding.addTrigger(NotificationTrigger(center: center, name: Self.didChange, object: sender))
        center.post(name: Self.didChange, object: sender)

        // The sender posts again after a second trigger joined it, then after the first left.
        let secondBinding = NotificationTriggerTests.counting(second)
        secondBinding.addTrigger(NotificationTrigger(center: center, name: Self.didChange, object: sender))
        center.post(name: Self.didChange, object: sender)
        #expect(first.count == 2 && second.count == 1)

        firstBinding.invalidate()
        center.post(name: Self.didChange, object: sender)
        #expect(first.count == 2 && second.count == 2)

        secondBinding.invalidate()
        center.post(name: Self.didChange, object: sender)
        #expect(first.count == 2 && second.count == 2)
    }

    @Test func aTriggerAddedAfterEveryOtherLeftStillHears() {
        let center = NotificationCenter()
        let sender = Sender()
        let first = Counter()
        let firstBinding = NotificationTriggerTests.counting(first)
        firstBinding.addTrigger(NotificationTrigger(center: center, name: Self.didChange, object: sender))
        firstBinding.invalidate()

        let second = Counter()
        let secondBinding = NotificationTriggerTests.counting(second)
        secondBinding.addTrigger(NotificationTrigger(center: center, name: Self.didChange, object: sender))
        center.post(name: Self.didChange, object: sender)
        #expect(first.count == 0 && second.count == 1)
        withExtendedLifetime(secondBinding) {}
    }

    /// A sender's address can be reused by a new object once it is gone: the trigger of the old
    /// sender must not fire for the new one.
    @Test func aNewObjectAtAGoneSendersAddressDoesNotFireItsTrigger() throws {
        let center = NotificationCenter()
        let counter = Counter()
        let binding = NotificationTriggerTests.counting(counter)
        var sender: Sender? = Sender()
        let address = ObjectIdentifier(sender!)
        binding.addTrigger(NotificationTrigger(center: center, name: Self.didChange, object: sender))
        sender = nil

        var reused: Sender?
        var kept: [Sender] = []
        for _ in 0..<10_000 {
            let candidate = Sender()
            if ObjectIdentifier(candidate) == address {
                reused = candidate
                break
            }
            kept.append(candidate)
        }
        // The allocator hands a freed block of the same size back at once (checked here).
        let impostor = try #require(reused, "no new object took the old address")
        center.post(name: Self.didChange, object: impostor)
        #expect(counter.count == 0)
        withExtendedLifetime((binding, kept)) {}
    }

    @Test func neitherTheCenterNorTheTriggerKeepsTheSenderAlive() {
        let center = NotificationCenter()
        let counter = Counter()
        let binding = NotificationTriggerTests.counting(counter)
        weak var gone: Sender?
        do {
            let sender = Sender()
            gone = sender
            binding.addTrigger(NotificationTrigger(center: center, name: Self.didChange, object: sender))
            center.post(name: Self.didChange, object: sender)
        }
        #expect(gone == nil)
        #expect(counter.count == 1)
        withExtendedLifetime(binding) {}
    }

    // MARK: Size and the shared dispatcher

    /// Every binding of a notification has a trigger: this pins its size (the center and name
    /// are read from the dispatcher the triggers of one center and name share), so that it cannot
    /// grow back unnoticed.
    @Test func aTriggerIsOneSmallAllocation() throws {
        let center = NotificationCenter()
        let sender = Sender()
        let trigger = NotificationTrigger(center: center, name: Self.didChange, object: sender)
        #expect(trigger.center === center)
        #expect(trigger.name == Self.didChange)
        #expect(trigger.object === sender)
        let size = try #require(
            allocationSize { NotificationTrigger(center: center, name: Self.didChange, object: sender) })
        #expect(size <= 72)
    }

    @Test func triggersStoppedAndStartedAgainWhileOthersLiveHearEachPostOnce() {
        let center = NotificationCenter()
        let sender = Sender()
        let (first, second) = (Counter(), Counter())
        let kept = NotificationTrigger(center: center, name: Self.didChange, object: sender)
        let firstBinding = NotificationTriggerTests.counting(first)
        firstBinding.addTrigger(kept)
        firstBinding.removeTrigger(kept)  // the last trigger leaves: the center is not observed
        center.post(name: Self.didChange, object: sender)
        #expect(first.count == 0)

        let secondBinding = NotificationTriggerTests.counting(second)
        secondBinding.addTrigger(NotificationTrigger(center: center, name: Self.didChange, object: sender))
        firstBinding.addTrigger(kept)
        center.post(name: Self.didChange, object: sender)
        #expect(first.count == 1 && second.count == 1)
        for _ in 0..<3 {
            firstBinding.removeTrigger(kept)
            firstBinding.addTrigger(kept)
        }
        center.post(name: Self.didChange, object: sender)
        #expect(first.count == 2 && second.count == 2)
        withExtendedLifetime(secondBinding) {}
    }

    @Test func aCenterGoesWithItsLastTrigger() {
        weak var gone: NotificationCenter?
        do {
            let center = NotificationCenter()
            gone = center
            let counter = Counter()
            let binding = NotificationTriggerTests.counting(counter)
            binding.addTrigger(NotificationTrigger(center: center, name: Self.didChange))
            center.post(name: Self.didChange, object: nil)
            #expect(counter.count == 1)
            binding.invalidate()
        }
        #expect(gone == nil)
    }
}
