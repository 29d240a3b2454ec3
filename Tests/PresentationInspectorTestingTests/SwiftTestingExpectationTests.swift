import Testing
@_spi(Package) import PresentationInspectorCore
@_spi(Package) import PresentationInspectorTesting

@Suite("PresentationRecording with Swift Testing")
struct SwiftTestingExpectationTests {
    @Test func cleanRunMeetsEveryExpectation() throws {
        let recording = try Fixture.record()
        #expect(recording.expectNoDiagnostics())
        #expect(recording.expectPresented("DetailViewController", by: "UINavigationController", style: .formSheet))
        #expect(recording.expectChain(["UINavigationController", "DetailViewController"], window: "main"))
    }

    /// The deliberately failing example: the recorded issue must carry exactly the message a
    /// user sees, at this file's source location; `withKnownIssue` fails the test if it does not.
    @Test func failingExpectationRecordsUIKitsWordsAtTheCallSite() throws {
        let recording = try Fixture.record(twice: true)
        let line = #line + 2
        withKnownIssue {
            #expect(!recording.expectNoDiagnostics())
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined(separator: "\n")
            return text == Fixture.alreadyPresentingMessage
                && issue.sourceLocation?.fileName == "SwiftTestingExpectationTests.swift"
                && issue.sourceLocation?.line == line
        }
    }

    @Test func presentedAndChainExpectationsFailWithTheRecordedPresents() throws {
        let recording = try Fixture.record()
        withKnownIssue {
            recording.expectPresented("DetailViewController", style: .fullScreen)
        } matching: { issue in
            issue.comments.map(\.rawValue) == ["""
                Expected DetailViewController to be presented in style fullScreen.
                Recorded presents:
                  #1 0.000s present DetailViewController (detail) from ListViewController "Inbox" (list) on UINavigationController (nav) → presented · presenting UINavigationController (nav) · style formSheet
                """]
        }
        withKnownIssue {
            recording.expectChain(["UINavigationController"], window: "main")
        }
    }

    /// "Would crash on iPad" fails a Swift Testing test run in compact width, at its own line.
    @Test func otherSizeClassExpectationRecordsWhatAnIPadWouldRaiseFor() throws {
        let recording = try Fixture.recordAnchorlessPopover()
        let line = #line + 2
        withKnownIssue {
            #expect(!recording.expectNoOtherSizeClassWarnings())
        } matching: { issue in
            issue.comments.map(\.rawValue).joined(separator: "\n") == Fixture.anchorlessPopoverMessage
                && issue.sourceLocation?.line == line
        }
        #expect(try Fixture.recordAnchorlessPopover(checksOtherSizeClass: false).expectNoOtherSizeClassWarnings())
    }

    @Test(arguments: [Severity.info, .warning]) func errorsOnlyThresholdIgnoresWarnings(_ severity: Severity) throws {
        let recording = try Fixture.record(twice: true)
        #expect(recording.expectNoDiagnostics(atLeast: .error))
        #expect(recording.diagnosticsFailure(atLeast: severity) != nil)
    }
}
