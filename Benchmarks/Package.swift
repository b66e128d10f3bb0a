// swift-tools-version: 6.1
import Foundation
import PackageDescription

// SwiftPM names a path dependency after its folder: the checkout of PropertyBinding may have
// any name.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

// The benchmarks of PropertyBinding: their own package, so the library never depends on the
// benchmark harness. Run with `swift package --package-path Benchmarks benchmark`.
let package = Package(
    name: "PropertyBindingBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
    ],
    targets: [
        .executableTarget(
            name: "BindingBenchmarks",
            dependencies: [
                .product(name: "PropertyBinding", package: root),
                .product(name: "PropertyBindingControls", package: root),
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "OpenCombine", package: "OpenCombine"),
            ],
            path: "Benchmarks/BindingBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // One scenario in a loop, for profiling with `valgrind --tool=callgrind`.
        .executableTarget(
            name: "BindingProfile",
            dependencies: [
                .product(name: "PropertyBinding", package: root),
                .product(name: "PropertyBindingControls", package: root), "HeapStats",
            ]
        ),
        // The heap's bytes in use, for the memory scenarios of BindingProfile. DWARF 4: the
        // valgrind of Debian 12 cannot read the DWARF 5 that clang writes by default.
        .target(name: "HeapStats", cSettings: [.unsafeFlags(["-gdwarf-4"])]),
    ],
    swiftLanguageModes: [.v6]
)
