import Foundation
import PropertyBinding
import Testing

/// Two separate bindings that fire each other (a two-way pair made by hand) have two locks; if a
/// thread inside one update waited for the other, two threads firing both sides at once would
/// deadlock. They must not: a thread inside an update hands the other binding to its owner.
@Suite struct UpdateGateConcurrencyTests {
    /// A value that is safe to read and write from any thread and announces each write.
    final class SharedValue: @unchecked Sendable {
        private let lock = NSLock()
        private var _value = 0
        let center: NotificationCenter
        init(center: NotificationCenter) { self.center = center }
        var value: Int {
            get { lock.withLock { _value } }
            set {
                let changed: Bool = lock.withLock {
                    defer { _value = newValue }
                    return _value != newValue
                }
                if changed { center.post(name: .sharedValueDidChange, object: self) }
            }
        }
    }

    /// Writes 2,000 values into each side, each side from a thread of its own; false when the
    /// threads are not done within a minute (deadlocked).
    private func writeFromTwoThreads(_ left: SharedValue, _ right: SharedValue) -> Bool {
        let done = DispatchGroup()
        for side in [left, right] {
            done.enter()
            Thread {
                for value in 1...2_000 { side.value = side === left ? value : -value }
                done.leave()
            }.start()
        }
        return done.wait(timeout: .now() + 60) == .success
    }

    private func pair(_ center: NotificationCenter) -> (SharedValue, SharedValue, [AnyBinding]) {
        let left = SharedValue(center: center)
        let right = SharedValue(center: center)
        let toRight = Binding(source: Property(left, \.value), destination: Property(right, \.value))
        toRight.addTrigger(NotificationTrigger(center: center, name: .sharedValueDidChange, object: left))
        let toLeft = Binding(source: Property(right, \.value), destination: Property(left, \.value))
        toLeft.addTrigger(NotificationTrigger(center: center, name: .sharedValueDidChange, object: right))
        return (left, right, [toRight, toLeft])
    }

    @Test func twoSeparateBindingsFiredFromBothSidesDoNotDeadlock() {
        let center = NotificationCenter()
        let (left, right, bindings) = pair(center)
        let finished = writeFromTwoThreads(left, right)
        #expect(finished, "the two threads deadlocked")
        guard finished else { return }
        #expect(left.value == right.value)
        withExtendedLifetime(bindings) {}
    }

    @Test func aTwoWayBindingFiredFromBothSidesDoesNotDeadlock() {
        let center = NotificationCenter()
        let left = SharedValue(center: center)
        let right = SharedValue(center: center)
        let pair = TwoWayBinding(
            model: Property(left, \.value), form: Property(right, \.value),
            modelTriggers: [NotificationTrigger(center: center, name: .sharedValueDidChange, object: left)],
            formTriggers: [NotificationTrigger(center: center, name: .sharedValueDidChange, object: right)])
        let finished = writeFromTwoThreads(left, right)
        #expect(finished, "the two threads deadlocked")
        guard finished else { return }
        // The pair's directions share one lock and do not echo: a write that raced with the other
        // side's is not copied back, so settle once, as a form does when editing ends.
        pair.toForm.update()
        #expect(left.value == right.value)
    }
}

extension Notification.Name {
    fileprivate static let sharedValueDidChange = Notification.Name("UpdateGateConcurrencyTests.didChange")
}
