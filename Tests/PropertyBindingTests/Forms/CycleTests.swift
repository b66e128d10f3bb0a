import Foundation
import PropertyBinding
import Testing

@Suite struct CycleTests {
    final class Node {
        let center: NotificationCenter
        var value = 0 { didSet { center.post(name: .formModelDidChange, object: self) } }
        init(center: NotificationCenter) { self.center = center }
    }

    private func chain(
        _ center: NotificationCenter, last transform: @escaping (Int) -> Int
    ) -> (Node, Node, Node, [AnyBinding]) {
        let a = Node(center: center)
        let b = Node(center: center)
        let c = Node(center: center)
        func link<S: ReadableProperty<Int>>(_ source: S, from node: Node, to target: Node) -> AnyBinding {
            let binding = Binding(source: source, destination: Property(target, \.value))
            binding.addTrigger(NotificationTrigger(center: center, name: .formModelDidChange, object: node))
            return binding
        }
        let bindings = [
            link(Property(a, \.value), from: a, to: b),
            link(Property(b, \.value), from: b, to: c),
            link(Property(c, \.value).map(transform), from: c, to: a),
        ]
        return (a, b, c, bindings)
    }

    @Test func aThreeBindingCycleSettles() {
        let center = NotificationCenter()
        let (a, b, c, bindings) = chain(center) { $0 }
        let failures = Locked<[BindingFailure]>()
        for binding in bindings { binding.onError = { failures.append($0) } }
        a.value = 5
        #expect(b.value == 5 && c.value == 5 && a.value == 5)
        #expect(failures.value.isEmpty)
    }

    @Test func aCycleThatDoesNotSettleIsReportedNotRecursed() {
        let center = NotificationCenter()
        let (a, b, c, bindings) = chain(center) { $0 + 1 }
        let failures = Locked<[BindingFailure]>()
        for binding in bindings { binding.onError = { failures.append($0) } }
        a.value = 1
        // a → b → c → a (2) → the a → b binding is fired again while it runs: reported, not run.
        #expect(b.value == 1 && c.value == 1 && a.value == 2)
        #expect(failures.value.count == 1)
        #expect(failures.value.first?.stage == .reentrant)
        #expect(failures.value.first?.error is UpdateCycleError)
    }

    @Test func aBindingWhoseWriteFiresItselfIsSkippedSilently() {
        final class Pair {
            let center: NotificationCenter
            var value = 0 { didSet { center.post(name: .formModelDidChange, object: self) } }
            var copy = 0 { didSet { center.post(name: .formModelDidChange, object: self) } }
            init(center: NotificationCenter) { self.center = center }
        }
        let center = NotificationCenter()
        let pair = Pair(center: center)
        let binding = Binding(source: Property(pair, \.value), destination: Property(pair, \.copy))
        binding.addTrigger(NotificationTrigger(center: center, name: .formModelDidChange, object: pair))
        let failures = Locked<[BindingFailure]>()
        binding.onError = { failures.append($0) }
        pair.value = 3  // writes copy, whose announcement fires the binding again, inside its own update
        #expect(pair.copy == 3)
        #expect(failures.value.isEmpty)
        #expect(binding.lastError == nil)
    }
}
