@_spi(Package) import PresentationInspectorCore
@_spi(Package) import PresentationInspectorTesting
@_spi(Package) import PresentationSimulator
import Testing
import XCTest

// The two 10-line examples of the Testing article (PresentationInspectorTesting.docc/Testing.md),
// kept verbatim so that the documentation compiles and passes.

private let inboxJSON = Fixture.scenario

final class InboxTests: XCTestCase {
    func testDetailIsASheetOverTheNavigationController() throws {
        let sim = Simulation()
        try sim.load(Scenario.parse(inboxJSON))
        let recording = PresentationRecording.capture(in: sim) {
            sim.present(sim.controller("detail")!, from: sim.controller("list")!)
            sim.advance(by: 0.5)
        }
        XCTAssertNoPresentationDiagnostics(recording)
        XCTAssertPresented(recording, "DetailViewController", by: "UINavigationController", style: .formSheet)
    }
}

@Test func detailIsASheetOverTheNavigationController() throws {
    let sim = Simulation()
    try sim.load(Scenario.parse(inboxJSON))
    let recording = PresentationRecording.capture(in: sim) {
        sim.present(sim.controller("detail")!, from: sim.controller("list")!)
        sim.advance(by: 0.5)
    }
    recording.expectNoDiagnostics()
    recording.expectChain(["UINavigationController", "DetailViewController"])
}

/// The README's snippet: a whole scenario captured and asserted on.
final class ReadmeExampleTests: XCTestCase {
    func testReadmeSnippet() throws {
        let scenario = try BuiltInScenarios.named("calendar-new-event")!.scenario()
        let recording = try PresentationRecording.capture(running: scenario)  // on iOS: .capture { … }
        XCTAssertNoPresentationDiagnostics(recording)                          // Swift Testing: recording.expectNoDiagnostics()
        XCTAssertFalse(recording.events.isEmpty)
    }
}
