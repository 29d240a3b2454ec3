// swift-tools-version:6.0
// Benchmarks and reliability tools (issue 6): a separate package so that the main package's
// dependency graph stays small. `pibench` measures (Scripts/bench.sh prints the table);
// `pistress` runs the kill test, the soak and the hostile-input checks (Scripts/ci/6x-*.sh).
// Figures: docs/PERFORMANCE.md and docs/RELIABILITY.md.
import Foundation
import PackageDescription

// The benchmarks are the project's own code, apart only for their dependencies: they join the
// main package's package name, so that its `package` declarations (the recorder, the readers'
// internals) are visible to them. SwiftPM names a package after its folder, as the identity of
// the path dependency below (lowercased, other characters than letters, digits and `_` as `_`).
let mainFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent
let mainPackageName = String(mainFolder.lowercased().map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
// (`packageAccess: false` keeps SwiftPM from naming them after this package as well.)
let inMainPackage: [SwiftSetting] = [.unsafeFlags(["-package-name", mainPackageName])]

let package = Package(
    name: "PresentationInspectorBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "PresentationInspector", path: ".."),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        .target(name: "CHeapInfo"),
        // The device path's call-site capture unwinds as Darwin's `backtrace()` does (frame
        // pointers); `pibench` keeps its frame pointers for it, as every frame on Darwin has them.
        .target(name: "CFramePointers", cSettings: [.unsafeFlags(["-fno-omit-frame-pointer"])]),
        .target(
            name: "BenchKit",
            dependencies: [
                "CHeapInfo",
                .product(name: "PresentationInspectorCore", package: "PresentationInspector"),
                .product(name: "PresentationSimulator", package: "PresentationInspector"),
            ],
            packageAccess: false,  // no package name of this package: the main one's (above)
            swiftSettings: inMainPackage),
        .executableTarget(
            name: "pibench",
            dependencies: [
                "BenchKit",
                "CFramePointers",
                .product(name: "PresentationInspectorCore", package: "PresentationInspector"),
                .product(name: "PresentationSimulator", package: "PresentationInspector"),
                .product(name: "Logging", package: "swift-log"),
            ],
            // Swift on Linux omits frame pointers unless told to keep them (Darwin's ABI keeps them).
            packageAccess: false,  // no package name of this package: the main one's (above)
            swiftSettings: inMainPackage + [.unsafeFlags(["-Xcc", "-fno-omit-frame-pointer"], .when(platforms: [.linux]))],
            // `pibench callsite` symbolicates its own frames: dladdr names exported symbols only.
            linkerSettings: [.unsafeFlags(["-Xlinker", "--export-dynamic"], .when(platforms: [.linux]))]),
        .executableTarget(
            name: "pistress",
            dependencies: [
                "BenchKit",
                .product(name: "PresentationInspectorCore", package: "PresentationInspector"),
                .product(name: "PresentationSimulator", package: "PresentationInspector"),
            ],
            packageAccess: false,  // no package name of this package: the main one's (above)
            swiftSettings: inMainPackage),
    ],
    swiftLanguageModes: [.v6]
)
