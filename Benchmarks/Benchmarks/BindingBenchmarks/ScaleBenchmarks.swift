import Benchmark
import Foundation
import PropertyBinding
import PropertyBindingControls

/// The number of bindings of the fan-out and memory benchmarks.
let bindingCount = 10_000

/// Benchmarks 4, 5 and 6: one post among 10,000 registered bindings, the set-up and teardown of
/// 10,000, 100,000 and 1,000,000 bindings, and the memory a binding takes.
func registerScaleBenchmarks() {
    registerFanOutBenchmarks()
    registerSetUpBenchmarks()
    registerMemoryBenchmarks()
}

/// The posts of one fan-out iteration (the figures are per post).
let postsPerFanOutIteration = 1_000

/// Registers ``postsPerFanOutIteration`` posts to the first of `count` senders, each sender observed by a binding
/// (or by a block observer) of its own on one center and name.
private func fanOut(_ name: String, count: Int, binding: Bool) {
    updateBenchmark(name, warmupIterations: 20) {
        let center = NotificationCenter()
        let models = (0..<count).map { _ in Model() }
        let views = (0..<count).map { _ in View() }
        let bindings = BindingSet()
        var tokens: [any NSObjectProtocol] = []
        for (model, view) in zip(models, views) {
            if binding {
                let binding = Binding(source: Property(model, \.count), destination: Property(view, \.count))
                binding.addTrigger(NotificationTrigger(center: center, name: .modelDidChange, object: model))
                bindings.add(binding)
            } else {
                tokens.append(
                    center.addObserver(forName: .modelDidChange, object: model, queue: nil) {
                        [weak model, weak view] _ in
                        guard let model, let view else { return }
                        view.count = model.count
                    })
            }
        }
        let (model, view) = (models[0], views[0])
        return {
            for _ in 0..<postsPerFanOutIteration {
                model.count &+= 1
                center.post(name: .modelDidChange, object: model)
            }
            precondition(view.count == model.count && (count == 1 || views[count - 1].count == 0))
            withExtendedLifetime((bindings, tokens)) {}
        }
    }
}

private func registerFanOutBenchmarks() {
    fanOut("Fan-out post: observer, 1 registered", count: 1, binding: false)
    fanOut("Fan-out post: observer, 10000 registered", count: bindingCount, binding: false)
    fanOut("Fan-out post: binding, 1 registered", count: 1, binding: true)
    fanOut("Fan-out post: binding, 10000 registered", count: bindingCount, binding: true)
}

/// The senders and receivers of the set-up and memory benchmarks, made outside the measurement.
private func makeObjects(_ count: Int = bindingCount) -> (models: [Model], views: [View]) {
    ((0..<count).map { _ in Model() }, (0..<count).map { _ in View() })
}

/// The binding counts of the set-up and teardown benchmarks: set-up must stay linear, so the
/// figure per binding at a million must match the one at 10,000.
let setUpCounts = [10_000, 100_000, 1_000_000]

private func registerSetUpBenchmarks() {
    for count in setUpCounts {
        // A million bindings take seconds per iteration: a few iterations are enough.
        let configuration = scaleConfiguration(maxIterations: count >= 1_000_000 ? 3 : nil)
        Benchmark("Set-up and teardown of \(count): observer", configuration: configuration) { benchmark in
            let (models, views) = makeObjects(count)
            let center = NotificationCenter()
            benchmark.startMeasurement()
            var tokens: [any NSObjectProtocol] = []
            tokens.reserveCapacity(count)
            for (model, view) in zip(models, views) {
                tokens.append(
                    center.addObserver(forName: .modelDidChange, object: model, queue: nil) {
                        [weak model, weak view] _ in
                        guard let model, let view else { return }
                        view.count = model.count
                    })
            }
            for model in models {
                model.count = 1
                center.post(name: .modelDidChange, object: model)
            }
            for token in tokens { center.removeObserver(token) }
            tokens.removeAll()
            benchmark.stopMeasurement()
            precondition(views.allSatisfy { $0.count == 1 })
        }
        Benchmark("Set-up and teardown of \(count): binding", configuration: configuration) { benchmark in
            let (models, views) = makeObjects(count)
            let center = NotificationCenter()
            benchmark.startMeasurement()
            let bindings = BindingSet()
            for (model, view) in zip(models, views) {
                let binding = Binding(source: Property(model, \.count), destination: Property(view, \.count))
                binding.addTrigger(NotificationTrigger(center: center, name: .modelDidChange, object: model))
                bindings.add(binding)
            }
            for model in models {
                model.count = 1
                center.post(name: .modelDidChange, object: model)
            }
            bindings.removeAll()
            benchmark.stopMeasurement()
            precondition(views.allSatisfy { $0.count == 1 })
        }
    }
}

private func registerMemoryBenchmarks() {
    let metrics: [BenchmarkMetric] = [.wallClock, .mallocCountTotal, .mallocBytesCount]
    Benchmark("Memory of 10000: observer", configuration: scaleConfiguration(metrics: metrics)) { benchmark in
        let (models, views) = makeObjects()
        let center = NotificationCenter()
        var tokens: [any NSObjectProtocol] = []
        tokens.reserveCapacity(bindingCount)
        benchmark.startMeasurement()
        for (model, view) in zip(models, views) {
            tokens.append(
                center.addObserver(forName: .modelDidChange, object: model, queue: nil) {
                    [weak model, weak view] _ in
                    guard let model, let view else { return }
                    view.count = model.count
                })
        }
        benchmark.stopMeasurement()
        for token in tokens { center.removeObserver(token) }
    }
    Benchmark("Memory of 10000: binding", configuration: scaleConfiguration(metrics: metrics)) { benchmark in
        let (models, views) = makeObjects()
        let center = NotificationCenter()
        let bindings = BindingSet()
        benchmark.startMeasurement()
        for (model, view) in zip(models, views) {
            let binding = Binding(source: Property(model, \.count), destination: Property(view, \.count))
            binding.addTrigger(NotificationTrigger(center: center, name: .modelDidChange, object: model))
            bindings.add(binding)
        }
        benchmark.stopMeasurement()
        bindings.removeAll()
    }
}
