import Foundation
@_spi(Package) import PresentationInspectorCore
@_spi(Package) import PresentationSimulator
import TestSupport
import XCTest

/// `pinspect scenario` and `pinspect test` end to end: a log becomes a scenario and a test.
final class CLIReplayTests: XCTestCase {
    private var fx: CLIFixtures!

    override func setUpWithError() throws { fx = try CLIFixtures() }
    override func tearDown() { fx = nil }

    func testTheScenarioOfALogSimulatesToAnEquivalentLog() throws {
        let log = try fx.log(BuiltInScenarios.camera)
        let scenario = fx.path("replay.json")
        let r = try PInspectBinary.run(["scenario", log.path, "-o", scenario])
        XCTAssertEqual(r.status, 0, r.stderr)
        let replayed = fx.path("replayed.jsonl")
        XCTAssertEqual(try PInspectBinary.run(["simulate", scenario, "-o", replayed]).status, 0)
        let d = try PInspectBinary.run(["diff", log.path, replayed])
        XCTAssertEqual(d.status, 0, d.stdout)
        XCTAssertTrue(d.stdout.hasPrefix("equivalent: \(log.events.count) events match"), d.stdout)
    }

    /// A long session on a device keeps its last 10,000 events: the camera's chain was presented
    /// in the 4 events the ring dropped, with the photo library's `fullScreen`. The replay rebuilds
    /// that chain before it starts recording, and reproduces every kept event.
    func testATenThousandEventLogWhoseRingDroppedItsFirstEventsReplays() throws {
        var session = try BuiltInScenarios.camera.scenario()
        session.steps = [Scenario.Step(.present("photos", from: "camera", animated: true)), Scenario.Step(.advance(0.5)),
                         Scenario.Step(.present("peoplePicker", from: "library", animated: true)), Scenario.Step(.advance(0.5))]
        for _ in 0..<2_500 {
            session.steps += [Scenario.Step(.present("share", from: "contacts", animated: true)), Scenario.Step(.advance(0.5)),
                              Scenario.Step(.dismiss("contacts", animated: true)), Scenario.Step(.advance(0.5))]
        }
        let scenario = try fx.write("session.json", session.jsonText)
        let log = fx.path("session.jsonl")
        XCTAssertEqual(try PInspectBinary.run(["simulate", scenario, "-o", log]).status, 0)
        let recorded = try LogReader.read(text: try String(contentsOfFile: log, encoding: .utf8), name: "session.jsonl")
        XCTAssertEqual(recorded.events.count, 10_000)
        XCTAssertEqual(recorded.header.dropped, 4, "the ring dropped the chain's presents and their ends")
        XCTAssertEqual(recorded.events.first?.chain.map(\.id), ["camera", "photos", "peoplePicker", "share"], "the first kept event presents on the chain the dropped ones built")

        let replay = fx.path("replay.json"), replayed = fx.path("replayed.jsonl")
        let built = try PInspectBinary.run(["scenario", log, "-o", replay])
        XCTAssertEqual(built.status, 0, built.stderr)
        XCTAssertEqual(built.stderr, "", "an exact replay gets no note")
        let text = try String(contentsOfFile: replay, encoding: .utf8)
        XCTAssertTrue(text.contains(#"{"present":"photos","from":"camera","animated":false,"observed":{"presenting":"camera","effectiveStyle":"fullScreen"}}"#), String(text.prefix(3_000)))
        XCTAssertTrue(text.contains(#"{"startRecording":5}"#))
        XCTAssertEqual(try PInspectBinary.run(["simulate", replay, "-o", replayed]).status, 0)
        let d = try PInspectBinary.run(["diff", log, replayed])
        XCTAssertEqual(d.status, 0, String(d.stdout.prefix(2_000)))
        XCTAssertTrue(d.stdout.hasPrefix("equivalent: 10000 events match"), String(d.stdout.prefix(300)))
        let again = try LogReader.read(text: try String(contentsOfFile: replayed, encoding: .utf8), name: "replayed.jsonl")
        XCTAssertEqual(again.events.map(\.seq), recorded.events.map(\.seq), "numbered as the recording")
        XCTAssertEqual(again.header.dropped, 4)
    }

    func testAnOutputThatIsTheInputIsRefusedAndTheInputKept() throws {
        let log = try fx.log(BuiltInScenarios.calendar)
        let before = try String(contentsOfFile: log.path, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: fx.path("link.jsonl"), withDestinationPath: log.path)
        for (input, output) in [(log.path, log.path), (fx.path("link.jsonl"), log.path), (log.path, fx.path("link.jsonl"))] {
            for command in [["scenario"], ["test", "--framework", "xctest", "--expect-clean"]] {
                let r = try PInspectBinary.run(command + [input, "-o", output])
                XCTAssertEqual(r.status, 64, "\(command) \(input) -o \(output): \(r.stderr)")
                XCTAssertTrue(r.stderr.hasPrefix("pinspect: refusing to write \(output): "), r.stderr)
            }
        }
        XCTAssertEqual(try String(contentsOfFile: log.path, encoding: .utf8), before)
    }

    func testALogThatCannotBeReplayedNamesTheEventAndTheFact() throws {
        let bad = try fx.write("bad.jsonl", LogWriter.text(header: LogHeader(), events: [
            Event(seq: 7, time: 0, kind: .present, outcome: .presented, source: ControllerRef(id: "a", type: "A")),
        ]))
        let r = try PInspectBinary.run(["scenario", bad])
        XCTAssertEqual(r.status, 65)
        XCTAssertTrue(r.stderr.contains("event #7: presented: a present event without its presented controller cannot be replayed"), r.stderr)
    }

    /// A log whose ring dropped a present and the swipe that took its sheet away during the
    /// transition, and kept the end; its facts say the sheet is full screen, which no swipe takes
    /// away: the end cannot be replayed, and `scenario` (and `test`) say so on standard error, one
    /// line naming the event and why, and in the scenario's comment; the rest replays.
    func testAnEventTheReplayCannotReproduceIsNamedOnStandardErrorAndInTheComment() throws {
        let log = try fx.write("gap.jsonl", #"""
            {"format":"presentation-inspector-log","version":1,"created":"2026-01-01T00:00:00.000Z","app":{"mode":"simulation"},"device":{},"dropped":2}
            {"seq":3,"time":0.35,"thread":"main","kind":"present-completed","outcome":"completed","animated":true,"window":"main","relatesTo":1,"rulesIOS":"26.2","source":{"id":"root","type":"UIViewController"},"presented":{"id":"sheet","type":"UIViewController"},"effectiveStyle":"pageSheet","diagnostics":[],"chain":[{"id":"sheet","type":"UIViewController"}],"facts":[{"id":"root","type":"UIViewController","container":"none","modalPresentationStyle":"automatic","modalTransitionStyle":"coverVertical","definesPresentationContext":false,"providesPresentationContextTransitionStyle":false,"isModalInPresentation":false,"hasPopoverAnchor":false,"window":"main","windowRoot":"main","horizontalSizeClass":"compact","verticalSizeClass":"regular"},{"id":"sheet","type":"UIViewController","container":"none","modalPresentationStyle":"fullScreen","modalTransitionStyle":"coverVertical","definesPresentationContext":false,"providesPresentationContextTransitionStyle":false,"isModalInPresentation":false,"hasPopoverAnchor":false,"horizontalSizeClass":"compact","verticalSizeClass":"regular"}]}
            {"seq":4,"time":1,"thread":"main","kind":"present","outcome":"presented","animated":false,"window":"main","rulesIOS":"26.2","source":{"id":"root","type":"UIViewController"},"presented":{"id":"other","type":"UIViewController"},"presenting":{"id":"root","type":"UIViewController"},"contextProvider":{"id":"root","type":"UIViewController"},"requestedStyle":"pageSheet","effectiveStyle":"pageSheet","requestedTransition":"coverVertical","effectiveTransition":"coverVertical","diagnostics":[],"chain":[{"id":"root","type":"UIViewController"},{"id":"other","type":"UIViewController"}],"ancestry":[{"id":"root","type":"UIViewController"}],"sheet":{"detents":["large"],"prefersGrabberVisible":false,"prefersEdgeAttachedInCompactHeight":false,"prefersPageSizing":false,"appearance":"sheet","background":"dimmed"},"facts":[{"id":"other","type":"UIViewController","container":"none","modalPresentationStyle":"pageSheet","modalTransitionStyle":"coverVertical","definesPresentationContext":false,"providesPresentationContextTransitionStyle":false,"isModalInPresentation":false,"hasPopoverAnchor":false,"horizontalSizeClass":"compact","verticalSizeClass":"regular"}]}
            {"seq":5,"time":1,"thread":"main","kind":"present-completed","outcome":"completed","animated":false,"window":"main","relatesTo":4,"rulesIOS":"26.2","source":{"id":"root","type":"UIViewController"},"presented":{"id":"other","type":"UIViewController"},"presenting":{"id":"root","type":"UIViewController"},"effectiveStyle":"pageSheet","diagnostics":[],"chain":[{"id":"root","type":"UIViewController"},{"id":"other","type":"UIViewController"}]}
            """# + "\n")
        let note = "pinspect: note: \(log): event #3 is not replayed: its present (#1) and what removed sheet before this end were dropped, and the model refuses them made again\n"
        let r = try PInspectBinary.run(["scenario", log])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stderr, note)
        XCTAssertTrue(r.stdout.contains("The replay does not reproduce event #3: its present (#1) and what removed sheet before this end were dropped"), r.stdout)
        let t = try PInspectBinary.run(["test", log, "--framework", "xctest", "--expect-clean", "-o", fx.path("GapTests.swift")])
        XCTAssertEqual(t.status, 0, t.stderr)
        XCTAssertEqual(t.stderr, note)
        // Without the gap (the sheet a sheet again, so that the swipe is made again) nothing is said.
        let whole = try fx.write("whole.jsonl", try String(contentsOfFile: log, encoding: .utf8)
            .replacingOccurrences(of: #""id":"sheet","type":"UIViewController","container":"none","modalPresentationStyle":"fullScreen""#,
                                  with: #""id":"sheet","type":"UIViewController","container":"none","modalPresentationStyle":"pageSheet""#))
        let w = try PInspectBinary.run(["scenario", whole])
        XCTAssertEqual(w.status, 0, w.stderr)
        XCTAssertEqual(w.stderr, "")
        XCTAssertFalse(w.stdout.contains("does not reproduce"), w.stdout)
    }

    /// The log of a generated session (the wrapped-ring property test's) recorded into a ring
    /// of 8 + seed % 40 events, which wraps.
    private func wrappedLog(seed: UInt64) throws -> String {
        let original = Simulation(recorder: Recorder(capacity: 8 + Int(seed % 40)))
        try original.run(RandomScenarios.make(seed: seed, stepCount: 120))
        let kept = original.recorder.snapshot()
        XCTAssertGreaterThan(kept.droppedCount, 0, "seed \(seed) wraps")
        return try fx.write("seed\(seed).jsonl", LogWriter.text(header: LogHeader(app: ["mode": "simulation"], dropped: kept.droppedCount), events: kept.events))
    }

    /// A replay that differs where no rule of the builder expects it (here a wrapped log whose
    /// kept rejected present was edited to record another transition than the model's) is found
    /// by running the scenario: the event and its first differing field are named on standard
    /// error and in the comment; the exit status stays 0. The log as recorded gets no note.
    func testAKeptEventTheReplayRecordsOtherwiseIsNamed() throws {
        let exact = try wrappedLog(seed: 302)
        let e = try PInspectBinary.run(["scenario", exact])
        XCTAssertEqual(e.status, 0, e.stderr)
        XCTAssertEqual(e.stderr, "")
        XCTAssertFalse(e.stdout.contains("does not reproduce"), String(e.stdout.prefix(3_000)))

        var lines = try String(contentsOfFile: exact, encoding: .utf8).split(separator: "\n").map(String.init)
        let i = try XCTUnwrap(lines.firstIndex { $0.contains(#""kind":"present","outcome":"rejected""#) && $0.contains(#""effectiveTransition":"coverVertical""#) })
        let line = try lines.element(i).replacingOccurrences(of: #""effectiveTransition":"coverVertical""#, with: #""effectiveTransition":"crossDissolve""#)
        lines[i] = line
        let seq = try XCTUnwrap(LogReader.read(text: try lines.element(0) + "\n" + line + "\n", name: "line").events.first?.seq)
        let edited = try fx.write("edited.jsonl", lines.joined(separator: "\n") + "\n")
        let note = "pinspect: note: \(edited): event #\(seq) is not replayed: the replay differs: effectiveTransition: recorded crossDissolve, replayed coverVertical\n"
        let r = try PInspectBinary.run(["scenario", edited])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stderr, note)
        XCTAssertTrue(r.stdout.contains("The replay does not reproduce event #\(seq): the replay differs: effectiveTransition: recorded crossDissolve, replayed coverVertical."), String(r.stdout.prefix(3_000)))
        let t = try PInspectBinary.run(["test", edited, "--framework", "xctest", "--expect-as-recorded", "-o", fx.path("EditedTests.swift")])
        XCTAssertEqual(t.status, 0, t.stderr)
        XCTAssertEqual(t.stderr, note)
    }

    func testAnOldLogReplaysWithCommentsSayingWhatItLacks() throws {
        // A log written before controllers' facts were logged.
        var events = try fx.log(BuiltInScenarios.calendar).events
        for i in events.indices { events[i].facts = [] }
        let old = try fx.write("old.jsonl", LogWriter.text(header: LogHeader(), events: events))
        let r = try PInspectBinary.run(["scenario", old])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("The log keeps no controller facts"), r.stdout)
        XCTAssertTrue(r.stdout.contains(#""comment":"The log keeps no facts about it: declared with UIKit's defaults"#), r.stdout)
        XCTAssertNoThrow(try Scenario.parse(r.stdout, file: "old-replay.json"))
    }

    func testTestWritesTheChosenFrameworkAndExpectation() throws {
        let log = try fx.log(BuiltInScenarios.diagnostics)
        let x = try PInspectBinary.run(["test", log.path, "--framework", "xctest", "--expect-clean", "-o", fx.path("Sheet-bug_tests.swift")])
        XCTAssertEqual(x.status, 0, x.stderr)
        let xc = try String(contentsOfFile: fx.path("Sheet-bug_tests.swift"), encoding: .utf8)
        XCTAssertTrue(xc.contains("final class SheetBugTests: XCTestCase"), xc)
        XCTAssertTrue(xc.contains("XCTAssertNoPresentationDiagnostics(recording, atLeast: .info)"), xc)
        let s = try PInspectBinary.run(["test", log.path, "--framework", "swift-testing", "--expect-as-recorded"])
        XCTAssertEqual(s.status, 0, s.stderr)
        XCTAssertTrue(s.stdout.contains("@Suite struct ReplayTests"), s.stdout)
        XCTAssertTrue(s.stdout.contains("let differences = Self.differences(recorded.facts, replayed[i])"), s.stdout)
        XCTAssertTrue(s.stdout.contains(#"(#line, 2, ["present", "preview", "rejected", "labTabs", "labTabs", "formSheet", "coverVertical", "-", "", "presentation-in-progress"]),"#), s.stdout)
        let neither = try PInspectBinary.run(["test", log.path, "--framework", "xctest"])
        XCTAssertEqual(neither.status, 64)
        XCTAssertTrue(neither.stderr.contains("choose one of --expect-clean and --expect-as-recorded"), neither.stderr)
    }
}
