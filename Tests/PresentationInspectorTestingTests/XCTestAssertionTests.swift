import XCTest
@_spi(Package) import PresentationInspectorCore
@_spi(Package) import PresentationInspectorTesting
@_spi(Package) import PresentationSimulator

final class XCTestAssertionTests: XCTestCase {
    func testCleanRunPassesEveryAssertion() throws {
        let recording = try Fixture.record()
        XCTAssertEqual(recording.events.map(\.kind), [.present, .presentCompleted])
        XCTAssertNoPresentationDiagnostics(recording)
        XCTAssertPresented(recording, "DetailViewController", by: "UINavigationController", style: .formSheet)
        XCTAssertPresented(recording, "DetailViewController", by: "nav")
        XCTAssertPresentationChain(recording, ["UINavigationController", "DetailViewController"], window: "main")
    }

    func testChecksReturnMessagesWhenTheyFail() throws {
        let recording = try Fixture.record(twice: true)
        let message = try XCTUnwrap(recording.diagnosticsFailure(atLeast: .warning))
        XCTAssertEqual(message, Fixture.alreadyPresentingMessage)
        XCTAssertNil(recording.diagnosticsFailure(atLeast: .error))
        XCTAssertNotNil(recording.presentedFailure("DetailViewController", style: .fullScreen))
        XCTAssertNotNil(recording.presentedFailure("UIActivityViewController"))
        XCTAssertNotNil(recording.presentedFailure("DetailViewController", by: "ListViewController"))
        XCTAssertEqual(recording.chainFailure(["UINavigationController"]), """
            Expected the chain UINavigationController after the run.
            Chains after the run:
              window main: UINavigationController (nav) → DetailViewController (detail)
            """)
    }

    func testChainFailureShowsEachWindowOnOneLine() {
        let recording = PresentationRecording(events: [], chains: [
            WindowChain(id: "main\nfake", level: 0, isKey: true, chain: [ControllerRef(id: "nav", type: "Nav\u{1B}[2J")]),
        ])
        XCTAssertEqual(recording.chainFailure(["Other"]), #"""
            Expected the chain Other after the run.
            Chains after the run:
              window main\nfake: Nav\u{1B}[2J (nav)
            """#)
    }

    /// The deliberately failing example: the assertion's real failure is captured (on Apple
    /// platforms by `XCTExpectFailure`, elsewhere by intercepting `recordFailure`) and its text
    /// and location are checked.
    func testFailingAssertionReportsUIKitsWordsAtTheCallSite() throws {
        let recording = try Fixture.record(twice: true)
        let failures = captureFailures {
            XCTAssertNoPresentationDiagnostics(recording); let line = #line
            expectedLine = UInt(line)
        }
        XCTAssertEqual(failures.count, 1)
        let failure = try XCTUnwrap(failures.first)
        #if canImport(ObjectiveC)
        XCTAssertTrue(failure.description.hasSuffix(Fixture.alreadyPresentingMessage), failure.description)
        #else
        XCTAssertEqual(failure.description, "failed - " + Fixture.alreadyPresentingMessage)  // XCTFail's own prefix
        #endif
        XCTAssertTrue(failure.file.hasSuffix("XCTestAssertionTests.swift"), failure.file)
        XCTAssertEqual(failure.line, expectedLine)
    }

    /// "Would crash on iPad", caught by a test that runs in compact width; the switch turns it off.
    func testOtherSizeClassAssertionFailsOnWhatAnIPadWouldRaiseFor() throws {
        let recording = try Fixture.recordAnchorlessPopover()
        XCTAssertPresented(recording, "MenuViewController", style: .formSheet)
        XCTAssertEqual(recording.otherSizeClassWarnings.map(\.diagnostic.code), [.otherSizeClass])
        XCTAssertEqual(recording.otherSizeClassFailure(), Fixture.anchorlessPopoverMessage)
        let failures = captureFailures {
            XCTAssertNoOtherSizeClassWarnings(recording); let line = #line
            expectedLine = UInt(line)
        }
        XCTAssertEqual(failures.count, 1)
        let failure = try XCTUnwrap(failures.first)
        XCTAssertTrue(failure.description.hasSuffix(Fixture.anchorlessPopoverMessage), failure.description)
        XCTAssertEqual(failure.line, expectedLine)

        let off = try Fixture.recordAnchorlessPopover(checksOtherSizeClass: false)
        XCTAssertNil(off.otherSizeClassFailure())
        XCTAssertNoOtherSizeClassWarnings(off)
        XCTAssertNoOtherSizeClassWarnings(try Fixture.record(twice: true), "other findings are not this assertion's")
    }

    // MARK: capturing failures

    private struct Failure { var description: String; var file: String; var line: UInt }
    private var capturing: [Failure]?
    private var expectedLine: UInt = 0

    private func captureFailures(_ body: () -> Void) -> [Failure] {
        #if canImport(ObjectiveC)
        var out: [Failure] = []
        XCTExpectFailure("the example must fail") { body() } issueMatcher: { issue in
            out.append(Failure(description: issue.compactDescription,
                               file: issue.sourceCodeContext.location?.fileURL.path ?? "",
                               line: UInt(issue.sourceCodeContext.location?.lineNumber ?? 0)))
            return true
        }
        return out
        #else
        capturing = []
        body()
        defer { capturing = nil }
        return capturing ?? []
        #endif
    }

    #if !canImport(ObjectiveC)
    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        if capturing != nil {
            capturing?.append(Failure(description: description, file: filePath, line: UInt(lineNumber)))
        } else {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }
    #endif
}

/// The `other-ios-version` note (info) reaches a test's failure text like any diagnostic.
final class OtherIOSVersionFailureTests: XCTestCase {
    func testAnInfoLevelCheckNamesTheVersionsAndTheFix() throws {
        let recording = try PresentationRecording.capture(running: try BuiltInScenarios.sheetsByVersion.scenario())
        XCTAssertNil(recording.diagnosticsFailure(atLeast: .warning), "a note, not a warning")
        let text = try XCTUnwrap(recording.diagnosticsFailure(atLeast: .info))
        XCTAssertTrue(text.contains("info other-ios-version"), text)
        XCTAssertTrue(text.contains("a pageSheet (page-sized) on iOS 15–17, a formSheet (smaller; sized by preferredContentSize) on iOS 18 and later"), text)
        XCTAssertTrue(text.contains("set <UINavigationController: prefsNav>'s modalPresentationStyle explicitly"), text)
    }
}
