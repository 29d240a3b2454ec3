// swift-tools-version:5.4
// libFuzzer targets for the log reader and the scenario parser (issue 6, docs/RELIABILITY.md).
//
// A separate package so that the main manifest stays clean: tools 5.4 has no `--defsym main=`
// entry-point renaming, so `-sanitize=fuzzer` links without a shim (TOOLING.md §4). Build and run
// with Scripts/fuzz.sh; CI runs a bounded session in Scripts/ci/61-fuzz.sh.
import PackageDescription

let package = Package(
    name: "PresentationInspectorFuzz",
    dependencies: [.package(name: "PresentationInspector", path: "..")],
    targets: [
        .target(
            name: "FuzzSupport",
            dependencies: [.product(name: "PresentationInspectorCore", package: "PresentationInspector")]),
        .executableTarget(
            name: "FuzzLogReader",
            dependencies: ["FuzzSupport", .product(name: "PresentationInspectorCore", package: "PresentationInspector")]),
        .executableTarget(
            name: "FuzzScenario",
            dependencies: [
                "FuzzSupport",
                .product(name: "PresentationInspectorCore", package: "PresentationInspector"),
                .product(name: "PresentationSimulator", package: "PresentationInspector"),
            ]),
    ]
)
