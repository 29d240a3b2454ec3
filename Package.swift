// swift-tools-version:6.1
import PackageDescription

var dependencies: [Package.Dependency] = [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    // `swift package generate-documentation` (Scripts/ci/70-docc.sh); a plugin only, nothing is linked.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
]

// FLEX (Objective-C, UIKit only) is fetched only when the manifest is evaluated on an Apple
// host, and linked only into iOS builds of PresentationInspector with the `FLEX` trait (on by
// default; an app opts out with `traits: []`). Linux resolves nothing new.
var inspectorDependencies: [Target.Dependency] = ["PresentationInspectorCore", "PresentationSimulator"]
#if !os(Linux)
dependencies.append(.package(url: "https://github.com/FLEXTool/FLEX", from: "5.22.10"))
inspectorDependencies.append(.product(name: "FLEX", package: "FLEX", condition: .when(platforms: [.iOS], traits: ["FLEX"])))
#endif

let package = Package(
    name: "PresentationInspector",
    platforms: [.iOS(.v15), .macOS(.v13)],
    products: [
        .library(name: "PresentationInspector", targets: ["PresentationInspector"]),
        .library(name: "PresentationInspectorCore", targets: ["PresentationInspectorCore"]),
        .library(name: "PresentationSimulator", targets: ["PresentationSimulator"]),
        .library(name: "PresentationInspectorTesting", targets: ["PresentationInspectorTesting"]),
        .executable(name: "pinspect", targets: ["pinspect"]),
        .executable(name: "InspectorDemo", targets: ["InspectorDemo"]),
    ],
    traits: [
        .trait(name: "FLEX", description: "Links FLEX into iOS builds and adds the inspector to FLEX's menu."),
        .default(enabledTraits: ["FLEX"]),
    ],
    dependencies: dependencies,
    targets: [
        // The HTML report's stylesheet and scripts, edited as plain files, embedded as bytes
        // (`PackageResources`): no resource bundle to find at run time, on any platform.
        .target(name: "PresentationInspectorCore", resources: [.embedInCode("Export/Resources")]),
        .target(name: "PresentationSimulator", dependencies: ["PresentationInspectorCore"]),
        .target(name: "PresentationInspector", dependencies: inspectorDependencies),
        .target(name: "PresentationInspectorTesting",
                dependencies: ["PresentationInspector", "PresentationInspectorCore", "PresentationSimulator"]),
        .executableTarget(
            name: "InspectorDemo",
            dependencies: ["PresentationInspectorCore", "PresentationSimulator"]),
        .executableTarget(
            name: "pinspect",
            dependencies: [
                "PresentationInspectorCore", "PresentationSimulator",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // `--export-dynamic`: `dladdr` names only exported symbols, and CapturedCallStackTests
        // symbolicate the test functions' own frames (Linux executables export none by default).
        // What the test targets share (reading an array without crashing the test process).
        .target(name: "TestSupport", path: "Tests/Support"),
        .testTarget(name: "PresentationInspectorCoreTests", dependencies: ["PresentationInspectorCore", "PresentationSimulator", "TestSupport"],
                    exclude: ["Golden"],
                    linkerSettings: [.unsafeFlags(["-Xlinker", "--export-dynamic"], .when(platforms: [.linux]))]),
        .testTarget(name: "PresentationSimulatorTests", dependencies: ["PresentationSimulator", "PresentationInspectorCore", "TestSupport"],
                    exclude: ["ConsoleCorpus"]),
        .testTarget(name: "pinspectTests", dependencies: ["PresentationInspectorCore", "PresentationSimulator", "TestSupport"]),
        .testTarget(name: "PresentationInspectorTestingTests",
                    dependencies: ["PresentationInspectorTesting", "PresentationInspectorCore", "PresentationSimulator", "TestSupport"]),
        .testTarget(name: "ReliabilityTests", dependencies: ["PresentationInspectorCore", "PresentationSimulator", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
