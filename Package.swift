// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "PropertyBinding",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "PropertyBinding", targets: ["PropertyBinding"]),
        .library(name: "PropertyBindingControls", targets: ["PropertyBindingControls"]),
        .library(name: "PropertyBindingTesting", targets: ["PropertyBindingTesting"]),
    ],
    targets: [
        .target(name: "PropertyBinding"),
        .target(name: "PropertyBindingControls", dependencies: ["PropertyBinding"]),
        .target(name: "PropertyBindingTesting", dependencies: ["PropertyBinding", "PropertyBindingControls"]),
        .executableTarget(
            name: "PersonForm",
            dependencies: ["PropertyBinding", "PropertyBindingControls"],
            path: "Samples/PersonForm"
        ),
        .testTarget(
            name: "PropertyBindingTests",
            dependencies: ["PropertyBinding", "PropertyBindingControls", "PropertyBindingTesting"]
        ),
        .testTarget(
            name: "PropertyBindingTestingTests",
            dependencies: ["PropertyBinding", "PropertyBindingControls", "PropertyBindingTesting"]
        ),
        // Only the core's public API: a toolkit of its own, as an adapter outside the library is.
        .testTarget(name: "ToolkitSeamTests", dependencies: ["PropertyBinding"]),
    ],
    swiftLanguageModes: [.v6]
)
