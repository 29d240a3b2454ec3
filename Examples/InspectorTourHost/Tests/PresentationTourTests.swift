import XCTest
import InspectorTour

/// Runs ``PresentationTour`` in the host app on the Simulator, one test per stage, in the order
/// of their names (the conformance run last). The stages and their checks live in the
/// InspectorTour library, which the app links (type-checked on Linux by
/// Scripts/ci/50-ios-typecheck.sh); this file only turns a stage's failures into test failures
/// and attaches its reports to the result bundle.
final class PresentationTourTests: XCTestCase {
    @MainActor func test1UIKitStyles() async { record(await PresentationTour.uikitStyles()) }
    @MainActor func test2Alerts() async { record(await PresentationTour.alerts()) }
    @MainActor func test3SwiftUI() async { record(await PresentationTour.swiftUI()) }
    @MainActor func test4DismissFromDeinit() async { record(await PresentationTour.dismissFromDeinit()) }
    @MainActor func test5CompletionDismissingAtOnce() async { record(await PresentationTour.completionDismissingAtOnce()) }
    @MainActor func test6AppearanceCallbacks() async { record(await PresentationTour.appearanceCallbacks()) }
    @MainActor func test7Overlay() async { record(await PresentationTour.overlay()) }
    @MainActor func test8Conformance() async { record(await PresentationTour.conformance()) }

    @MainActor private func record(_ result: TourStageResult, file: StaticString = #filePath, line: UInt = #line) {
        let report = XCTAttachment(string: result.text)
        report.name = result.stage
        report.lifetime = .keepAlways
        add(report)
        for url in result.files where !url.lastPathComponent.hasPrefix("tour-") {
            let attachment = XCTAttachment(contentsOfFile: url)
            attachment.lifetime = .keepAlways
            add(attachment)
        }
        for failure in result.failures { XCTFail(failure, file: file, line: line) }
    }
}
