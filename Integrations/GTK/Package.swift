// swift-tools-version: 6.0
import Foundation
import PackageDescription

// A package by path is known by its folder's name: the repository root's, wherever it is checked out.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized
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
            dependencies: ["CGTK", "PropertyBindingGTK", core]
        ),
    ],
    swiftLanguageModes: [.v6]
)
