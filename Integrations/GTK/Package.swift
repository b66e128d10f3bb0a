// swift-tools-version: 6.0
import PackageDescription

// The core, the repository's root package. SwiftPM knows a package by path by its folder's name:
// a root folder named "gtk" clashes with this one (the ci script then tests a copy).
let core = Target.Dependency.product(name: "PropertyBinding", package: "PropertyBinding")

let package = Package(
    name: "PropertyBindingGTK",
    products: [
        .library(name: "PropertyBindingGTK", targets: ["PropertyBindingGTK"]),
        .executable(name: "PersonFormGTK", targets: ["PersonFormGTK"]),
    ],
    dependencies: [
        .package(name: "PropertyBinding", path: "../..")
    ],
    targets: [
        .systemLibrary(name: "CGTK", pkgConfig: "gtk4", providers: [.apt(["libgtk-4-dev"])]),
        .target(name: "CGTKShims", dependencies: ["CGTK"]),
        .target(
            name: "PropertyBindingGTK",
            dependencies: ["CGTK", "CGTKShims", core]
        ),
        .executableTarget(
            name: "PersonFormGTK",
            dependencies: ["CGTK", "PropertyBindingGTK", core]
        ),
        .executableTarget(
            name: "GTKBenchmark",
            dependencies: ["CGTK", "CGTKShims", "PropertyBindingGTK", core]
        ),
        .testTarget(
            name: "PropertyBindingGTKTests",
            dependencies: ["CGTK", "CGTKShims", "PropertyBindingGTK", core]
        ),
    ],
    swiftLanguageModes: [.v6]
)
