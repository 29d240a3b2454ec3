import XCTest
@_spi(Package) import PresentationInspectorCore
@_spi(Package) import PresentationInspectorTesting
import TestSupport

/// Recordings made on iOS: the checks read what UIKit did (the events' observations), and an
/// app's classes are recorded with their module.
final class ObservedRecordingTests: XCTestCase {
    private let root = ControllerRef(id: "0x1", type: "MyApp.RootViewController")
    private let nav = ControllerRef(id: "0x2", type: "UINavigationController")
    private let sheet = ControllerRef(id: "0x3", type: "MyApp.SheetViewController")

    /// The model predicted the root and a page sheet; UIKit presented from the navigation
    /// controller, and the sheet was full screen when its transition ended.
    private func deviceRecording() -> PresentationRecording {
        var present = Event(seq: 1, time: 0, kind: .present, outcome: .presented, animated: true, window: "w", source: nav,
                            presented: sheet, presenting: root, effectiveStyle: .pageSheet, chain: [root, sheet])
        present.observed = Observation(presenting: nav, outcome: .presented)
        var completed = Event(seq: 2, time: 0.3, kind: .presentCompleted, outcome: .completed, window: "w", relatesTo: 1,
                              presented: sheet, chain: [root, sheet])
        completed.observed = Observation(effectiveStyle: .fullScreen)
        return PresentationRecording(events: [present, completed], chains: [WindowChain(id: "w", level: 0, isKey: true, chain: [root, sheet])])
    }

    func testThePresentingControllerAndStyleAreWhatUIKitDid() {
        let recording = deviceRecording()
        XCTAssertNil(recording.presentedFailure("SheetViewController", by: "UINavigationController", style: .fullScreen))
        XCTAssertNotNil(recording.presentedFailure("SheetViewController", by: "RootViewController"), "the model's guess")
        XCTAssertNotNil(recording.presentedFailure("SheetViewController", style: .pageSheet), "the model's guess")
        let message = recording.presentedFailure("SheetViewController", style: .formSheet) ?? ""
        XCTAssertTrue(message.contains("presenting UINavigationController (0x2) · style fullScreen"), message)
    }

    /// A drift is the model's mistake: a device test asserting no diagnostics does not fail on it.
    func testModelDriftIsNoDiagnosticOfTheApp() throws {
        var recording = deviceRecording()
        try recording.events.change(1) { $0.diagnostics = [.modelDrift(field: "effectiveStyle", predicted: "pageSheet", observed: "fullScreen")] }
        XCTAssertNil(recording.diagnosticsFailure(atLeast: .info))
        try recording.events.change(0) { $0.diagnostics = [.deepChain(depth: 4, limit: 3)] }
        XCTAssertNotNil(recording.diagnosticsFailure(atLeast: .info))
    }

    func testClassesMatchWithOrWithoutTheirModule() {
        let recording = deviceRecording()
        XCTAssertEqual(recording.presentations(of: "SheetViewController").map(\.seq), [1])
        XCTAssertEqual(recording.presentations(of: "MyApp.SheetViewController").map(\.seq), [1])
        XCTAssertEqual(recording.presentations(of: "ViewController").map(\.seq), [], "a whole name, not any suffix")
        XCTAssertNil(recording.chainFailure(["RootViewController", "SheetViewController"]))
        XCTAssertNil(recording.chainFailure(["MyApp.RootViewController", "0x3"]))
    }
}
