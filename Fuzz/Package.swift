// swift-tools-version:5.4
// libFuzzer targets for the log reader, the views on what it accepts, and the scenario parser
// (docs/RELIABILITY.md).
//
// A separate package so that the main manifest stays clean: tools 5.4 has no `--defsym main=`
// entry-point renaming, so `-sanitize=fuzzer` links without a shim (docs/RELIABILITY.md, "Tool
// traps"). Scripts/ci/61-fuzz.sh builds them and runs a bounded session (FUZZ_SECONDS).
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
            name: "FuzzViews",
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
