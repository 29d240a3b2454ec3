// swift-tools-version:5.4
// libFuzzer targets for the log reader, the views on what it accepts, and the scenario parser
// (docs/RELIABILITY.md).
//
// A separate package so that the main manifest stays clean: tools 5.4 has no `--defsym main=`
// entry-point renaming, so `-sanitize=fuzzer` links without a shim (docs/RELIABILITY.md, "Tool
// traps"). Scripts/ci/61-fuzz.sh builds them and runs a bounded session (FUZZ_SECONDS).
import Foundation
import PackageDescription

// The fuzz targets are the project's own code, apart only for their linking: they join the main
// package's package name, so that its `package` declarations (the readers' internals) are
// visible to them. SwiftPM names a package after its folder, as the identity of the path
// dependency below (lowercased, other characters than letters, digits and `_` as `_`).
let mainFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent
let mainPackageName = String(mainFolder.lowercased().map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
let inMainPackage: [SwiftSetting] = [.unsafeFlags(["-package-name", mainPackageName])]

let package = Package(
    name: "PresentationInspectorFuzz",
    dependencies: [.package(name: "PresentationInspector", path: "..")],
    targets: [
        .target(
            name: "FuzzSupport",
            dependencies: [.product(name: "PresentationInspectorCore", package: "PresentationInspector")],
            swiftSettings: inMainPackage),
        .executableTarget(
            name: "FuzzLogReader",
            dependencies: ["FuzzSupport", .product(name: "PresentationInspectorCore", package: "PresentationInspector")],
            swiftSettings: inMainPackage),
        .executableTarget(
            name: "FuzzViews",
            dependencies: ["FuzzSupport", .product(name: "PresentationInspectorCore", package: "PresentationInspector")],
            swiftSettings: inMainPackage),
        .executableTarget(
            name: "FuzzScenario",
            dependencies: [
                "FuzzSupport",
                .product(name: "PresentationInspectorCore", package: "PresentationInspector"),
                .product(name: "PresentationSimulator", package: "PresentationInspector"),
            ],
            swiftSettings: inMainPackage),
    ]
)
