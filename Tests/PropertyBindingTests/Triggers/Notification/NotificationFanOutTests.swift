import Foundation
import PropertyBinding
import Testing

/// Many triggers of one center and name, for one sender or for any: removing some, in any
/// order, leaves exactly the others, which a post reaches in the order they were added.
@Suite struct NotificationFanOutTests {
    final class Sender {}

    /// Where each binding writes its number, in the order the post reaches them.
    final class Log {
        var order: [Int] = []
    }

    final class Slot {
        let number: Int
        let log: Log
        var value = 0 {
            didSet { log.order.append(number) }
        }
        init(_ number: Int, log: Log) {
            self.number = number
            self.log = log
        }
    }

    final class Source {
        var value = 0
    }

    static let didChange = Notification.Name("NotificationFanOutTests.didChange")

    /// Removes every third binding in the order `order` gives, posts once, and checks who heard.
    private func check(anySender: Bool, removing order: (inout [Int]) -> Void) {
        let center = NotificationCenter()
        let postedBy = Sender()
        let source = Source()
        let log = Log()
        let bindings = BindingSet()
        var all: [AnyBinding] = []
        let slots = (0..<300).map { Slot($0, log: log) }
        for slot in slots {
            let binding = Binding(source: Property(source, \.value), destination: Property(slot, \.value))
            binding.addTrigger(
                NotificationTrigger(center: center, name: Self.didChange, object: anySender ? nil : postedBy))
            bindings.add(binding)
            all.append(binding)
        }
        var removed = Array(stride(from: 0, to: 300, by: 3))
        order(&removed)
        for number in removed { bindings.remove(all[number]) }

        source.value = 1
        center.post(name: Self.didChange, object: postedBy)
        #expect(log.order == (0..<300).filter { $0 % 3 != 0 })
        #expect(bindings.count == 200)
        withExtendedLifetime(slots) {}
    }

    @Test func removingFromOneSendersTriggersInAnyOrderLeavesTheOthersInOrder() {
        check(anySender: false) { _ in }
        check(anySender: false) { $0.reverse() }
        var generator = SplitMix64(seed: 300)
        check(anySender: false) { $0.shuffle(using: &generator) }
    }

    @Test func removingFromAnySendersTriggersInAnyOrderLeavesTheOthersInOrder() {
        check(anySender: true) { _ in }
        check(anySender: true) { $0.reverse() }
        var generator = SplitMix64(seed: 300)
        check(anySender: true) { $0.shuffle(using: &generator) }
    }
}
