// swift-tools-version:6.0
import PackageDescription

var dependencies: [Package.Dependency] = [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
]

let package = Package(
    name: "PresentationInspector",
    platforms: [.iOS(.v15), .macOS(.v13)],
    products: [
        .library(name: "PresentationInspector", targets: ["PresentationInspector"]),
        .library(name: "PresentationInspectorCore", targets: ["PresentationInspectorCore"]),
        .library(name: "PresentationSimulator", targets: ["PresentationSimulator"]),
        .executable(name: "pinspect", targets: ["pinspect"]),
        .executable(name: "InspectorDemo", targets: ["InspectorDemo"]),
    ],
    dependencies: dependencies,
    targets: [
        .target(name: "PresentationInspectorCore"),
        .target(name: "PresentationSimulator", dependencies: ["PresentationInspectorCore"]),
        .target(name: "PresentationInspector", dependencies: ["PresentationInspectorCore"]),
        .executableTarget(
            name: "InspectorDemo",
            dependencies: ["PresentationInspectorCore", "PresentationSimulator"]),
        .executableTarget(
            name: "pinspect",
            dependencies: [
                "PresentationInspectorCore", "PresentationSimulator",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .testTarget(name: "PresentationInspectorCoreTests", dependencies: ["PresentationInspectorCore", "PresentationSimulator"]),
        .testTarget(name: "PresentationSimulatorTests", dependencies: ["PresentationSimulator", "PresentationInspectorCore"]),
        .testTarget(name: "pinspectTests", dependencies: ["PresentationInspectorCore"]),
    ],
    swiftLanguageModes: [.v6]
)
