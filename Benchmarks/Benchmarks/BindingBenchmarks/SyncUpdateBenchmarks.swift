import Benchmark
import Foundation
import OpenCombine
import PropertyBinding
import PropertyBindingControls

/// A stored closure, as a hand-written observer keeps it: the call cannot be inlined.
final class Handler {
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
}

/// Benchmarks 1 (custom trigger), 2 and the synchronous baselines: one `Int` or `String` update
/// through a binding fired by hand, and through what users would write instead.
func registerSyncUpdateBenchmarks() {
    // MARK: Int

    updateBenchmark("Int sync update: closure") {
        let (model, view) = (Model(), View())
        let handler: Handler = opaque(
            Handler { [weak model, weak view] in
                guard let model, let view else { return }
                view.count = model.count
            })
        return {
            for _ in 0..<updatesPerIteration {
                model.count &+= 1
                handler.body()
            }
            precondition(view.count == model.count)
        }
    }
    updateBenchmark("Int sync update: keypaths") {
        let (model, view, paths) = (Model(), View(), StoredKeyPaths())
        let (source, destination) = (paths.modelCount, paths.viewCount)
        let handler: Handler = opaque(
            Handler { [weak model, weak view] in
                guard let model, let view else { return }
                view[keyPath: destination] = model[keyPath: source]
            })
        return {
            for _ in 0..<updatesPerIteration {
                model.count &+= 1
                handler.body()
            }
            precondition(view.count == model.count)
        }
    }
    updateBenchmark("Int sync update: combine-subject") {
        let view = View()
        let subject = CurrentValueSubject<Int, Never>(0)
        let cancellable = subject.map { $0 }.assign(to: \.count, on: view)
        var value = 0
        return {
            for _ in 0..<updatesPerIteration {
                value &+= 1
                subject.send(value)
            }
            precondition(view.count == value)
            withExtendedLifetime(cancellable) {}
        }
    }
    updateBenchmark("Int sync update: combine-published") {
        let (model, view) = (PublishedModel(), View())
        let cancellable = model.$count.assign(to: \.count, on: view)
        return {
            for _ in 0..<updatesPerIteration { model.count &+= 1 }
            precondition(view.count == model.count)
            withExtendedLifetime(cancellable) {}
        }
    }
    updateBenchmark("Int sync update: binding (custom trigger)") {
        let (model, view, trigger) = (Model(), View(), ManualTrigger())
        let binding = Binding(source: Property(model, \.count), destination: Property(view, \.count))
        binding.addTrigger(trigger)
        return {
            for _ in 0..<updatesPerIteration {
                model.count &+= 1
                trigger.fire()
            }
            precondition(view.count == model.count)
            withExtendedLifetime(binding) {}
        }
    }

    // MARK: String

    updateBenchmark("String sync update: closure") {
        let (model, view) = (Model(), View())
        let handler: Handler = opaque(
            Handler { [weak model, weak view] in
                guard let model, let view else { return }
                view.text = model.name
            })
        return {
            for index in 0..<updatesPerIteration {
                model.name = names[index & 1]
                handler.body()
            }
            precondition(view.text == model.name)
        }
    }
    updateBenchmark("String sync update: keypaths") {
        let (model, view, paths) = (Model(), View(), StoredKeyPaths())
        let (source, destination) = (paths.modelName, paths.viewText)
        let handler: Handler = opaque(
            Handler { [weak model, weak view] in
                guard let model, let view else { return }
                view[keyPath: destination] = model[keyPath: source]
            })
        return {
            for index in 0..<updatesPerIteration {
                model.name = names[index & 1]
                handler.body()
            }
            precondition(view.text == model.name)
        }
    }
    updateBenchmark("String sync update: combine-subject") {
        let view = View()
        let subject = CurrentValueSubject<String, Never>("")
        let cancellable = subject.map { $0 }.assign(to: \.text, on: view)
        return {
            for index in 0..<updatesPerIteration { subject.send(names[index & 1]) }
            precondition(view.text == names[1])
            withExtendedLifetime(cancellable) {}
        }
    }
    updateBenchmark("String sync update: combine-published") {
        let (model, view) = (PublishedModel(), View())
        let cancellable = model.$name.assign(to: \.text, on: view)
        return {
            for index in 0..<updatesPerIteration { model.name = names[index & 1] }
            precondition(view.text == model.name)
            withExtendedLifetime(cancellable) {}
        }
    }
    updateBenchmark("String sync update: binding (custom trigger)") {
        let (model, view, trigger) = (Model(), View(), ManualTrigger())
        let binding = Binding(source: Property(model, \.name), destination: Property(view, \.text))
        binding.addTrigger(trigger)
        return {
            for index in 0..<updatesPerIteration {
                model.name = names[index & 1]
                trigger.fire()
            }
            precondition(view.text == model.name)
            withExtendedLifetime(binding) {}
        }
    }

    registerSyncTriggerBenchmarks()
}

/// Benchmark 1 for the synchronous trigger kinds of the library: key-path observation and
/// target-action, each compared with the baselines above (same scenario).
private func registerSyncTriggerBenchmarks() {
    updateBenchmark("Int sync update: binding (key-path observation)") {
        let (model, view) = (ObservedModel(), View())
        let binding = Binding(source: Property(model, \.count), destination: Property(view, \.count))
        binding.addTrigger(KeyPathTrigger(model, \.count))
        return {
            for _ in 0..<updatesPerIteration { model.count &+= 1 }
            precondition(view.count == model.count)
            withExtendedLifetime(binding) {}
        }
    }
    updateBenchmark("String sync update: binding (key-path observation)") {
        let (model, view) = (ObservedModel(), View())
        let binding = Binding(source: Property(model, \.name), destination: Property(view, \.text))
        binding.addTrigger(KeyPathTrigger(model, \.name))
        return {
            for index in 0..<updatesPerIteration { model.name = names[index & 1] }
            precondition(view.text == model.name)
            withExtendedLifetime(binding) {}
        }
    }
    updateBenchmark("Int sync update: binding (target-action)") {
        let (slider, view) = (Slider(), View())
        let binding = Binding(source: Property(slider, \.value), destination: Property(view, \.count))
        binding.addTrigger(TargetActionTrigger(control: slider, events: .valueChanged))
        return {
            for _ in 0..<updatesPerIteration {
                slider.value &+= 1
                slider.sendActions(for: .valueChanged)
            }
            precondition(view.count == slider.value)
            withExtendedLifetime(binding) {}
        }
    }
    updateBenchmark("String sync update: binding (target-action)") {
        let (slider, view) = (Slider(), View())
        let binding = Binding(source: Property(slider, \.text), destination: Property(view, \.text))
        binding.addTrigger(TargetActionTrigger(control: slider, events: .valueChanged))
        return {
            for index in 0..<updatesPerIteration {
                slider.text = names[index & 1]
                slider.sendActions(for: .valueChanged)
            }
            precondition(view.text == slider.text)
            withExtendedLifetime(binding) {}
        }
    }
}
