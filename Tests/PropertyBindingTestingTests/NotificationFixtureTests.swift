import Foundation
import PropertyBinding
import PropertyBindingControls
import PropertyBindingTesting
import Testing

@Suite struct NotificationFixtureTests {
    @Test func postDeliversFromTheSenderWithTheUserInfo() {
        let center = NotificationFixture()
        let person = Person()
        let received = Locked<[Notification]>([])
        let observer = center.addObserver(forName: .personDidChange, object: person, queue: nil) { notification in
            received.withLock { $0.append(notification) }
        }
        defer { center.removeObserver(observer) }

        center.post(.personDidChange, from: person, userInfo: ["field": "name"])

        #expect(received.value.count == 1)
        #expect(received.value.first?.object as AnyObject? === person)
        #expect(received.value.first?.userInfo?["field"] as? String == "name")
    }

    @Test func recordsEveryNotificationWhoeverPostsIt() {
        let center = NotificationFixture()
        let person = Person()
        let field = TextField()

        center.post(.personDidChange, from: person, userInfo: ["field": "age"])
        center.post(name: .textDidChange, object: field)  // Foundation's own post
        center.post(.textDidChange)

        #expect(center.notifications.map(\.name) == [.personDidChange, .textDidChange, .textDidChange])
        #expect(center.notifications[0].sender === person)
        #expect(center.notifications[0].wasSent(by: person))
        #expect(center.notifications[0].userInfo?["field"] as? String == "age")
        #expect(center.notifications[2].senderID == nil)
        #expect(center.notifications(named: .textDidChange).count == 2)
        #expect(center.notifications(named: .textDidChange, from: field).count == 1)
        #expect(center.notifications(named: .personDidChange, from: field).isEmpty)
        #expect(center.notifications[0].description == "\(Notification.Name.personDidChange.rawValue) from Person")

        center.removeAllNotifications()
        #expect(center.notifications.isEmpty)
    }

    @Test func recordingHoldsTheSenderWeakly() {
        let center = NotificationFixture()
        let leaks = LeakTracker.leaks { tracker in
            center.post(.personDidChange, from: tracker.track(Person()))
        }
        #expect(leaks.isEmpty)
        #expect(center.notifications.count == 1)
        #expect(center.notifications[0].senderID != nil && center.notifications[0].sender == nil)
    }

    @Test func aTriggerItMakesFiresABindingAndIsCounted() {
        let center = NotificationFixture()
        let person = Person()
        let field = TextField()
        let binding = Binding(source: Property(person, \.name), destination: Property(field, \.text))
        let trigger = center.trigger(for: .personDidChange, from: person)
        #expect(trigger.center === center)
        #expect(center.observerCount() == 0)  // not observing until added to a binding

        binding.addTrigger(trigger)
        person.name = "Ann"
        center.post(.personDidChange, from: person)

        #expect(field.text == "Ann")
        #expect(center.observerCount() == 1)
        #expect(center.observerCount(for: .personDidChange) == 1)
        #expect(center.observerCount(for: .personDidChange, from: person) == 1)
        #expect(center.observerCount(for: .textDidChange) == 0)
        #expect(center.observerCount(for: .personDidChange, from: Person()) == 0)

        binding.removeTrigger(trigger)
        #expect(center.observerCount() == 0)
    }

    @Test func tracksTheTriggersOfBindingsAndSetsMadeElsewhere() {
        let center = NotificationFixture()
        let otherCenter = NotificationCenter()
        let person = Person()
        let field = TextField()
        let showName = Binding(source: Property(person, \.name), destination: Property(field, \.text))
        showName.addTrigger(NotificationTrigger(center: center, name: .personDidChange, object: person))
        let storeName = Binding(source: Property(field, \.text), destination: Property(person, \.name))
        storeName.addTrigger(NotificationTrigger(center: center, name: .textDidChange, object: field))
        storeName.addTrigger(NotificationTrigger(center: otherCenter, name: .textDidChange, object: field))
        let bindings = BindingSet()
        bindings.add(showName, storeName)
        #expect(center.observerCount() == 0)  // not known yet

        center.track(bindings)
        center.track(showName)  // tracking twice counts once
        #expect(center.observerCount() == 2)  // the trigger on the other center is not counted
        #expect(center.observerCount(for: .textDidChange, from: field) == 1)

        bindings.remove(storeName)
        #expect(center.observerCount() == 1)
        bindings.removeAll()
        #expect(center.observerCount() == 0)
    }

    @Test func aReleasedTriggerIsNoLongerCounted() {
        let center = NotificationFixture()
        let person = Person()
        do {
            let binding = Binding(source: Property(person, \.name), destination: Property(TextField(), \.text))
            binding.addTrigger(center.trigger(for: .personDidChange, from: person))
            #expect(center.observerCount() == 1)
        }
        #expect(center.observerCount() == 0)
    }

    @Test func parallelFixturesDoNotSeeEachOthersNotifications() async {
        let counts = await withTaskGroup(of: (Int, Int, Int).self) { group in
            for index in 0..<4 {
                group.addTask {
                    let center = NotificationFixture()
                    let person = Person()
                    let field = TextField()
                    let binding = Binding(
                        source: Property(person, \.age).map { "\($0)" }, destination: Property(field, \.text))
                    binding.addTrigger(center.trigger(for: .personDidChange))
                    for step in 1...50 {
                        person.age = index * 1000 + step
                        center.post(.personDidChange, from: person)
                    }
                    return (index, center.notifications.count, Int(field.text) ?? -1)
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(counts.count == 4)
        for (index, seen, last) in counts {
            #expect(seen == 50)
            #expect(last == index * 1000 + 50)
        }
    }
}

/// A value behind a lock, for collecting what handlers report from other threads.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var _value: Value
    init(_ value: Value) { _value = value }
    var value: Value { lock.withLock { _value } }
    func withLock<Result>(_ body: (inout Value) -> Result) -> Result { lock.withLock { body(&_value) } }
}

extension NotificationFixtureTests {
    @Test func aNewObjectAtAGoneSendersAddressSentNothing() {
        // The allocator reuses the address of a released sender at once, and with it the
        // ObjectIdentifier the recording keeps.
        let center = NotificationFixture()
        var misattributed = 0
        for _ in 0..<100 {
            center.post(.personDidChange, from: Person())
            let newcomer = Person()
            if !center.notifications(named: .personDidChange, from: newcomer).isEmpty { misattributed += 1 }
            if center.notifications.last?.wasSent(by: newcomer) == true { misattributed += 1 }
            center.removeAllNotifications()
        }
        #expect(misattributed == 0)
        let person = Person()
        center.post(.personDidChange, from: person)
        #expect(center.notifications(named: .personDidChange, from: person).count == 1)
    }
}
