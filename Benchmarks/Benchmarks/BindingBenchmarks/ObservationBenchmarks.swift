import Benchmark
import Foundation
import Observation
import PropertyBinding
import PropertyBindingControls

/// A model observed with Swift Observation.
@Observable final class ObservableModel: @unchecked Sendable {
    var count = 0
    var name = ""
}

/// Observes `model.count` the way a user writes it by hand: `withObservationTracking` calls
/// back before the value is stored, once, so the copy is scheduled on a queue and registers again.
final class HandWrittenObserver: @unchecked Sendable {
    let model: ObservableModel
    let view: View
    let queue: DispatchQueue
    let copiesText: Bool

    init(model: ObservableModel, view: View, queue: DispatchQueue, copiesText: Bool) {
        (self.model, self.view, self.queue, self.copiesText) = (model, view, queue, copiesText)
        observe()
    }

    func observe() {
        withObservationTracking {
            if copiesText { _ = model.name } else { _ = model.count }
        } onChange: { [weak self] in
            guard let self else { return }
            self.queue.async {
                self.observe()
                if self.copiesText { self.view.text = self.model.name } else { self.view.count = self.model.count }
            }
        }
    }
}

/// Benchmark 1 for Swift Observation: one change, delivered later on a queue. An update is a
/// change made on the queue and a wait for its delivery (`queue.sync {}`), so the figures
/// include one queue hop; the baseline pays the same hop.
func registerObservationBenchmarks() {
    for copiesText in [false, true] {
        let kind = copiesText ? "String" : "Int"
        updateBenchmark("\(kind) Swift Observation: hand-written") {
            let (model, view) = (ObservableModel(), View())
            let queue = DispatchQueue(label: "benchmark.observation")
            let observer = HandWrittenObserver(model: model, view: view, queue: queue, copiesText: copiesText)
            return changes(of: model, shownOn: view, queue: queue, copiesText: copiesText, keeping: observer)
        }
        updateBenchmark("\(kind) Swift Observation: binding") {
            let (model, view) = (ObservableModel(), View())
            let queue = DispatchQueue(label: "benchmark.observation")
            let binding: AnyBinding
            if copiesText {
                let text = Binding(source: Property(model, \.name), destination: Property(view, \.text))
                text.addTrigger(ObservationTrigger(model, \.name, queue: queue))
                binding = text
            } else {
                let count = Binding(source: Property(model, \.count), destination: Property(view, \.count))
                count.addTrigger(ObservationTrigger(model, \.count, queue: queue))
                binding = count
            }
            return changes(of: model, shownOn: view, queue: queue, copiesText: copiesText, keeping: binding)
        }
    }
}

/// The loop of both Swift Observation benchmarks: each update is a change made on `queue` and a
/// wait for its delivery; `observer` (the hand-written observer or the binding) is kept alive.
private func changes(
    of model: ObservableModel, shownOn view: View, queue: DispatchQueue, copiesText: Bool, keeping observer: AnyObject
) -> () -> Void {
    {
        for index in 0..<updatesPerIteration {
            queue.sync { if copiesText { model.name = names[index & 1] } else { model.count &+= 1 } }
            queue.sync {}
        }
        queue.sync {
            precondition(copiesText ? view.text == model.name : view.count == model.count)
        }
        withExtendedLifetime(observer) {}
    }
}
