// swift-tools-version:6.0
// Benchmarks and reliability tools (issue 6): a separate package so that the main package's
// dependency graph stays small. `pibench` measures (Scripts/bench.sh prints the table);
// `pistress` runs the kill test, the soak and the hostile-input checks (Scripts/ci/6x-*.sh).
// Figures: docs/PERFORMANCE.md and docs/RELIABILITY.md.
import PackageDescription

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
            ]),
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
            swiftSettings: [.unsafeFlags(["-Xcc", "-fno-omit-frame-pointer"], .when(platforms: [.linux]))],
            // `pibench callsite` symbolicates its own frames: dladdr names exported symbols only.
            linkerSettings: [.unsafeFlags(["-Xlinker", "--export-dynamic"], .when(platforms: [.linux]))]),
        .executableTarget(
            name: "pistress",
            dependencies: [
                "BenchKit",
                .product(name: "PresentationInspectorCore", package: "PresentationInspector"),
                .product(name: "PresentationSimulator", package: "PresentationInspector"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
