import Benchmark
import Foundation
import PropertyBinding
import PropertyBindingControls

/// The delegate protocol of ``Knob``: told after each turn.
protocol KnobDelegate: AnyObject {
    func knobDidTurn(_ knob: Knob)
}

/// A control with a delegate, kept in a ``DelegateSlot`` as the library's own controls do.
final class Knob: @unchecked Sendable {
    var value = 0
    var text = ""
    let delegateSlot = DelegateSlot<any KnobDelegate>()

    /// Tells the delegate (or the proxy in front of it) that the knob turned.
    func turned() { delegateSlot.receiver?.knobDidTurn(self) }
}

extension DelegateCallback {
    static let knobDidTurn: DelegateCallback = "knobDidTurn"
}

/// The proxy a ``DelegationTrigger`` installs on a knob: the README's recipe.
final class KnobDelegateProxy: DelegateProxy<Knob, any KnobDelegate>, KnobDelegate {
    init(_ knob: Knob) { super.init(knob, slot: \.delegateSlot) }
    func knobDidTurn(_ knob: Knob) {
        forward { $0.knobDidTurn(knob) }
        fire(.knobDidTurn)
    }
}

/// The hand-written delegate: what a user writes without the library.
final class CopyingDelegate: KnobDelegate {
    weak var view: View?
    let copiesText: Bool
    init(view: View, copiesText: Bool) {
        self.view = view
        self.copiesText = copiesText
    }
    func knobDidTurn(_ knob: Knob) {
        guard let view else { return }
        if copiesText { view.text = knob.text } else { view.count = knob.value }
    }
}

/// Benchmark 1 for delegation: one update per delegate callback, through a
/// ``DelegationTrigger`` and its proxy; its baselines are those of the other synchronous
/// triggers, and a hand-written delegate (`delegate`).
func registerDelegationBenchmarks() {
    updateBenchmark("Int sync update: delegate") {
        let (knob, view) = (Knob(), View())
        let delegate = CopyingDelegate(view: view, copiesText: false)
        knob.delegateSlot.delegate = delegate
        return {
            for _ in 0..<updatesPerIteration {
                knob.value &+= 1
                knob.turned()
            }
            precondition(view.count == knob.value)
            withExtendedLifetime(delegate) {}
        }
    }
    updateBenchmark("Int sync update: binding (delegation)") {
        let (knob, view) = (Knob(), View())
        let binding = Binding(source: Property(knob, \.value), destination: Property(view, \.count))
        binding.addTrigger(DelegationTrigger(proxy: KnobDelegateProxy(knob), callbacks: [.knobDidTurn]))
        return {
            for _ in 0..<updatesPerIteration {
                knob.value &+= 1
                knob.turned()
            }
            precondition(view.count == knob.value)
            withExtendedLifetime(binding) {}
        }
    }
    updateBenchmark("String sync update: delegate") {
        let (knob, view) = (Knob(), View())
        let delegate = CopyingDelegate(view: view, copiesText: true)
        knob.delegateSlot.delegate = delegate
        return {
            for index in 0..<updatesPerIteration {
                knob.text = names[index & 1]
                knob.turned()
            }
            precondition(view.text == knob.text)
            withExtendedLifetime(delegate) {}
        }
    }
    updateBenchmark("String sync update: binding (delegation)") {
        let (knob, view) = (Knob(), View())
        let binding = Binding(source: Property(knob, \.text), destination: Property(view, \.text))
        binding.addTrigger(DelegationTrigger(proxy: KnobDelegateProxy(knob), callbacks: [.knobDidTurn]))
        return {
            for index in 0..<updatesPerIteration {
                knob.text = names[index & 1]
                knob.turned()
            }
            precondition(view.text == knob.text)
            withExtendedLifetime(binding) {}
        }
    }
}
