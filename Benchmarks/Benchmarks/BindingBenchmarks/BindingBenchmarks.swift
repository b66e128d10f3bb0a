import Benchmark

/// The benchmarks of PropertyBinding, each next to its baselines; see `Benchmarks/README.md`.
let benchmarks: @Sendable () -> Void = {
    quietErrors()
    registerSyncUpdateBenchmarks()
    registerNotificationBenchmarks()
    registerDelegationBenchmarks()
    registerObservationBenchmarks()
    registerTransformerBenchmarks()
    registerScaleBenchmarks()
    registerListDiffBenchmarks()
}
