// swift-tools-version:6.1
// An app-shaped client: it imports only the products an app imports (PresentationInspector, and
// PresentationInspectorTesting in its tests) and uses only their public surface, so the build
// fails when something an app needs is no longer public. CI builds and runs it
// (Scripts/ci/34-app-shaped-client.sh). Being another package, it sees none of the `package`
// declarations the main package's own targets share.
import PackageDescription

let package = Package(
    name: "AppShapedClient",
    platforms: [.iOS(.v15), .macOS(.v13)],
    dependencies: [.package(name: "PresentationInspector", path: "../..")],
    targets: [
        .executableTarget(
            name: "AppShapedClient",
            dependencies: [
                .product(name: "PresentationInspector", package: "PresentationInspector"),
                .product(name: "PresentationInspectorTesting", package: "PresentationInspector"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
