import Benchmark
import Foundation
import PropertyBinding
import PropertyBindingControls

/// Benchmark 1 for `NotificationCenter`: one post that updates one property, through a
/// `NotificationTrigger` and through hand-written block observers on the same kind of center.
func registerNotificationBenchmarks() {
    // MARK: Int

    updateBenchmark("Int notification: observer") {
        let (center, model, view) = (NotificationCenter(), Model(), View())
        let token = center.addObserver(forName: .modelDidChange, object: model, queue: nil) {
            [weak model, weak view] _ in
            guard let model, let view else { return }
            view.count = model.count
        }
        return {
            for _ in 0..<updatesPerIteration {
                model.count &+= 1
                center.post(name: .modelDidChange, object: model)
            }
            precondition(view.count == model.count)
            withExtendedLifetime(token) {}
        }
    }
    updateBenchmark("Int notification: observer-keypaths") {
        let (center, model, view, paths) = (NotificationCenter(), Model(), View(), StoredKeyPaths())
        let token = center.addObserver(forName: .modelDidChange, object: model, queue: nil) {
            [weak model, weak view] _ in
            guard let model, let view else { return }
            view[keyPath: paths.viewCount] = model[keyPath: paths.modelCount]
        }
        return {
            for _ in 0..<updatesPerIteration {
                model.count &+= 1
                center.post(name: .modelDidChange, object: model)
            }
            precondition(view.count == model.count)
            withExtendedLifetime(token) {}
        }
    }
    updateBenchmark("Int notification: binding") {
        let (center, model, view) = (NotificationCenter(), Model(), View())
        let binding = Binding(source: Property(model, \.count), destination: Property(view, \.count))
        binding.addTrigger(NotificationTrigger(center: center, name: .modelDidChange, object: model))
        return {
            for _ in 0..<updatesPerIteration {
                model.count &+= 1
                center.post(name: .modelDidChange, object: model)
            }
            precondition(view.count == model.count)
            withExtendedLifetime(binding) {}
        }
    }

    // MARK: String

    updateBenchmark("String notification: observer") {
        let (center, model, view) = (NotificationCenter(), Model(), View())
        let token = center.addObserver(forName: .modelDidChange, object: model, queue: nil) {
            [weak model, weak view] _ in
            guard let model, let view else { return }
            view.text = model.name
        }
        return {
            for index in 0..<updatesPerIteration {
                model.name = names[index & 1]
                center.post(name: .modelDidChange, object: model)
            }
            precondition(view.text == model.name)
            withExtendedLifetime(token) {}
        }
    }
    updateBenchmark("String notification: observer-keypaths") {
        let (center, model, view, paths) = (NotificationCenter(), Model(), View(), StoredKeyPaths())
        let token = center.addObserver(forName: .modelDidChange, object: model, queue: nil) {
            [weak model, weak view] _ in
            guard let model, let view else { return }
            view[keyPath: paths.viewText] = model[keyPath: paths.modelName]
        }
        return {
            for index in 0..<updatesPerIteration {
                model.name = names[index & 1]
                center.post(name: .modelDidChange, object: model)
            }
            precondition(view.text == model.name)
            withExtendedLifetime(token) {}
        }
    }
    updateBenchmark("String notification: binding") {
        let (center, model, view) = (NotificationCenter(), Model(), View())
        let binding = Binding(source: Property(model, \.name), destination: Property(view, \.text))
        binding.addTrigger(NotificationTrigger(center: center, name: .modelDidChange, object: model))
        return {
            for index in 0..<updatesPerIteration {
                model.name = names[index & 1]
                center.post(name: .modelDidChange, object: model)
            }
            precondition(view.text == model.name)
            withExtendedLifetime(binding) {}
        }
    }
}
