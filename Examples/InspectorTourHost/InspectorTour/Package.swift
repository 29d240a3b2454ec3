// swift-tools-version:6.1
import PackageDescription

// The Simulator tests' tour as a library of its own: the host app links it, the test bundle
// imports it (and links nothing: the app's copy runs). It depends on the repository's package
// without traits, so FLEX, an Objective-C module, is not linked: a test bundle importing a
// module that imports an Objective-C package module fails to build ("missing required module").
// On Linux only the portable checks build (the rest is UIKit), and their tests run:
// `swift test --package-path Examples/InspectorTourHost/InspectorTour` (CI's step 51).
let package = Package(
    name: "InspectorTour",
    platforms: [.iOS(.v15)],
    products: [
        .library(name: "InspectorTour", targets: ["InspectorTour"]),
    ],
    dependencies: [
        .package(name: "PresentationInspector", path: "../../..", traits: []),
    ],
    targets: [
        // The version table (`UIKitVersions`) is shared by the package's own targets (`@_spi(Package)`).
        .target(name: "InspectorTour",
                dependencies: [.product(name: "PresentationInspector", package: "PresentationInspector"),
                               .product(name: "PresentationInspectorCore", package: "PresentationInspector")]),
        // The tests build synthetic events, whose initialisers the package's own targets share
        // (`@_spi(Package)`): not part of what an app sees.
        .testTarget(name: "InspectorTourTests",
                    dependencies: ["InspectorTour", .product(name: "PresentationInspector", package: "PresentationInspector"),
                                   .product(name: "PresentationInspectorCore", package: "PresentationInspector"),
                                   .product(name: "PresentationSimulator", package: "PresentationInspector")]),
    ],
    swiftLanguageModes: [.v6]
)
