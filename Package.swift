// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "PropertyBinding",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "PropertyBinding", targets: ["PropertyBinding"]),
        .library(name: "PropertyBindingTesting", targets: ["PropertyBindingTesting"]),
    ],
    targets: [
        .target(name: "PropertyBinding"),
        .target(name: "PropertyBindingTesting", dependencies: ["PropertyBinding"]),
        .executableTarget(
            name: "PersonForm",
            dependencies: ["PropertyBinding"],
            path: "Samples/PersonForm"
        ),
        .testTarget(name: "PropertyBindingTests", dependencies: ["PropertyBinding", "PropertyBindingTesting"]),
        .testTarget(
            name: "PropertyBindingTestingTests",
            dependencies: ["PropertyBinding", "PropertyBindingTesting"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
