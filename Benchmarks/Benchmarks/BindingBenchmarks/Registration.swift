import Benchmark
import Foundation

/// Whether this is the short run of `Benchmarks/check` (`BENCHMARK_QUICK=1`).
let isQuickRun = ProcessInfo.processInfo.environment["BENCHMARK_QUICK"] != nil

/// The configuration of a benchmark whose iteration is 1,000 updates: wall clock and
/// allocations, in nanoseconds and plain counts, so that the exported figures need no scaling.
func updateConfiguration(warmupIterations: Int = 20) -> Benchmark.Configuration {
    .init(
        metrics: [.wallClock, .mallocCountTotal],
        timeUnits: .nanoseconds,
        units: [.mallocCountTotal: .count],
        warmupIterations: warmupIterations,
        scalingFactor: .one,
        maxDuration: isQuickRun ? .milliseconds(300) : .seconds(1),
        maxIterations: isQuickRun ? 300 : 1_000
    )
}

/// The configuration of a benchmark whose iteration handles thousands of bindings at once.
func scaleConfiguration(
    metrics: [BenchmarkMetric] = [.wallClock, .mallocCountTotal], maxIterations: Int? = nil
) -> Benchmark.Configuration {
    .init(
        metrics: metrics,
        timeUnits: .nanoseconds,
        units: Dictionary(uniqueKeysWithValues: metrics.filter { $0 != .wallClock }.map { ($0, .count) }),
        warmupIterations: 2,
        scalingFactor: .one,
        maxDuration: isQuickRun ? .seconds(1) : .seconds(3),
        maxIterations: maxIterations ?? (isQuickRun ? 5 : 20)
    )
}

/// Registers a benchmark of 1,000 updates per iteration.
///
/// `make` builds the objects (once, in the benchmark's set-up) and returns the loop that
/// performs ``updatesPerIteration`` updates; the objects are released after the benchmark.
/// The loop is written inside each benchmark so that no call per update is added to any.
func updateBenchmark(_ name: String, warmupIterations: Int = 20, _ make: @escaping () -> () -> Void) {
    var run: (() -> Void)?
    Benchmark(
        name, configuration: updateConfiguration(warmupIterations: warmupIterations),
        closure: { benchmark in
            guard let run else { return }
            benchmark.startMeasurement()
            run()
            benchmark.stopMeasurement()
        },
        setup: { run = make() },
        teardown: { run = nil })
}
