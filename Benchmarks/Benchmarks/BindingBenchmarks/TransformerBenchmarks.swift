import Benchmark
import Foundation
import OpenCombine
import PropertyBinding
import PropertyBindingControls

/// Benchmarks 2 and 3: one update through `StringToNumberTransformer`, through a chain of three
/// closure transformers, and one change of a two-way pair whose echo the loop guard stops.
func registerTransformerBenchmarks() {
    // MARK: Text to number

    let texts = ["42", "1234"]
    updateBenchmark("Number transformer: formatter") {
        let (model, view, formatter) = (Model(), View(), NumberFormatter())
        let handler: Handler = opaque(
            Handler { [weak model, weak view] in
                guard let model, let view, let number = formatter.number(from: view.text) else { return }
                model.count = number.intValue
            })
        return {
            for index in 0..<updatesPerIteration {
                view.text = texts[index & 1]
                handler.body()
            }
            precondition(model.count == 1234)
        }
    }
    updateBenchmark("Number transformer: binding") {
        let (model, view, trigger) = (Model(), View(), ManualTrigger())
        let number = StringToNumberTransformer<Int>(property: Property(view, \.text), formatter: NumberFormatter())
        let binding = Binding(source: number, destination: Property(model, \.count))
        binding.addTrigger(trigger)
        return {
            for index in 0..<updatesPerIteration {
                view.text = texts[index & 1]
                trigger.fire()
            }
            precondition(model.count == 1234)
            withExtendedLifetime(binding) {}
        }
    }

    // MARK: Three closures

    updateBenchmark("Chain of 3 closures: closure") {
        let (model, view) = (Model(), View())
        let handler: Handler = opaque(
            Handler { [weak model, weak view] in
                guard let model, let view else { return }
                view.count = ((model.count &+ 1) &* 3) &- 2
            })
        return {
            for _ in 0..<updatesPerIteration {
                model.count &+= 1
                handler.body()
            }
            precondition(view.count == ((model.count &+ 1) &* 3) &- 2)
        }
    }
    updateBenchmark("Chain of 3 closures: combine-subject") {
        let view = View()
        let subject = CurrentValueSubject<Int, Never>(0)
        let cancellable = subject.map { $0 &+ 1 }.map { $0 &* 3 }.map { $0 &- 2 }.assign(to: \.count, on: view)
        var value = 0
        return {
            for _ in 0..<updatesPerIteration {
                value &+= 1
                subject.send(value)
            }
            precondition(view.count == ((value &+ 1) &* 3) &- 2)
            withExtendedLifetime(cancellable) {}
        }
    }
    updateBenchmark("Chain of 3 closures: binding") {
        let (model, view, trigger) = (Model(), View(), ManualTrigger())
        let source = Property(model, \.count).map { $0 &+ 1 }.map { $0 &* 3 }.map { $0 &- 2 }
        let binding = Binding(source: source, destination: Property(view, \.count))
        binding.addTrigger(trigger)
        return {
            for _ in 0..<updatesPerIteration {
                model.count &+= 1
                trigger.fire()
            }
            precondition(view.count == ((model.count &+ 1) &* 3) &- 2)
            withExtendedLifetime(binding) {}
        }
    }

    // MARK: Two-way

    updateBenchmark("Two-way echo: closure") {
        let (model, view) = (Model(), EchoView())
        var isUpdating = false
        let toView: Handler = opaque(
            Handler { [weak model, weak view] in
                guard !isUpdating, let model, let view else { return }
                isUpdating = true
                view.count = model.count
                isUpdating = false
            })
        let toModel: Handler = opaque(
            Handler { [weak model, weak view] in
                guard !isUpdating, let model, let view else { return }
                isUpdating = true
                model.count = view.count
                isUpdating = false
            })
        view.didChange = { toModel.body() }
        return {
            for _ in 0..<updatesPerIteration {
                model.count &+= 1
                toView.body()
            }
            precondition(view.count == model.count)
        }
    }
    updateBenchmark("Two-way echo: binding") {
        let (model, view) = (Model(), EchoView())
        let (modelChanged, viewChanged) = (ManualTrigger(), ManualTrigger())
        let pair = TwoWayBinding(
            model: Property(model, \.count), form: Property(view, \.count), modelTriggers: [modelChanged],
            formTriggers: [viewChanged])
        view.didChange = { viewChanged.fire() }
        return {
            for _ in 0..<updatesPerIteration {
                model.count &+= 1
                modelChanged.fire()
            }
            precondition(view.count == model.count)
            withExtendedLifetime(pair) {}
        }
    }
}
