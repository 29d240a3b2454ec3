import Foundation
@_spi(Package) import PresentationInspectorCore
@_spi(Package) import PresentationSimulator
import XCTest

/// `pinspect diff` end to end, and the portable ``LogDiff`` it prints.
final class CLIDiffTests: XCTestCase {
    private var fx: CLIFixtures!

    override func setUpWithError() throws { fx = try CLIFixtures() }
    override func tearDown() { fx = nil }

    func testALogAgainstItselfIsEquivalent() throws {
        let log = try fx.log(BuiltInScenarios.camera)
        let r = try PInspectBinary.run(["diff", log.path, log.path])
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertTrue(r.stdout.hasPrefix("equivalent: \(log.events.count) events match"), r.stdout)
        let j = try PInspectBinary.run(["diff", "--json", log.path, log.path])
        XCTAssertEqual(j.status, 0)
        XCTAssertTrue(j.stdout.contains("\"equivalent\":true"), j.stdout)
    }

    /// The demo (calendar) log against the same run where UIKit chose another presenting controller.
    func testOneChangedFieldExitsOneAndNamesTheEventAndField() throws {
        let log = try fx.log(BuiltInScenarios.calendar)
        var events = log.events
        let i = try XCTUnwrap(events.firstIndex { $0.kind == .present })
        events[i].presenting = ControllerRef(id: "month", type: "CalendarMonthViewController")
        let other = try fx.write("other.jsonl", LogWriter.text(header: LogHeader(), events: events))
        let r = try PInspectBinary.run(["diff", log.path, other])
        XCTAssertEqual(r.status, 1, r.stdout + r.stderr)
        XCTAssertTrue(r.stdout.contains("#\(events[i].seq) ↔ "), r.stdout)
        XCTAssertTrue(r.stdout.contains("present"), r.stdout)
        XCTAssertTrue(r.stdout.contains("presenting: <UINavigationController: calendarNav> ≠ <CalendarMonthViewController: month>"), r.stdout)
        XCTAssertTrue(r.stdout.contains("1 of \(events.count) matched events differ (1 field)"), r.stdout)
        let j = try PInspectBinary.run(["diff", "--json", log.path, other])
        XCTAssertEqual(j.status, 1)
        XCTAssertTrue(j.stdout.contains("\"field\":\"presenting\""), j.stdout)
    }

    /// Device-like logs: the calendar run with what UIKit was observed doing on its presents.
    private func observedCalendar() throws -> (path: String, events: [Event]) {
        let log = try fx.log(BuiltInScenarios.calendar)
        let events = log.events.map { e -> Event in
            guard e.kind == .present, let presenting = e.presenting else { return e }
            var e = e
            e.observed = Observation(presenting: presenting, effectiveStyle: e.effectiveStyle,
                                     presentationControllerClass: "UIFullscreenPresentationController")
            return e
        }
        return (try fx.write("observed.jsonl", LogWriter.text(header: LogHeader(), events: events)), events)
    }

    func testALogWithObservationsAgainstItselfIsEquivalent() throws {
        let log = try observedCalendar()
        let copy = try fx.write("copy.jsonl", try String(contentsOfFile: log.path, encoding: .utf8))
        let r = try PInspectBinary.run(["diff", log.path, copy])
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertEqual(r.stdout, "equivalent: \(log.events.count) events match\n")
    }

    /// The same predictions, but on one run UIKit chose another presenting controller, and on
    /// another the hooks observed nothing: each field of `observed` is a named difference.
    func testADifferenceOnlyInWhatUIKitDidIsReportedAsObserved() throws {
        let log = try observedCalendar()
        var events = log.events
        let i = try XCTUnwrap(events.firstIndex { $0.observed != nil })
        let chosen = try XCTUnwrap(events[i].observed?.presenting)
        events[i].observed?.presenting = ControllerRef(id: "month", type: "CalendarMonthViewController")
        let other = try fx.write("other.jsonl", LogWriter.text(header: LogHeader(), events: events))
        let r = try PInspectBinary.run(["diff", log.path, other])
        XCTAssertEqual(r.status, 1, r.stdout + r.stderr)
        XCTAssertTrue(r.stdout.contains("#\(events[i].seq) ↔ \(other) #\(events[i].seq) present "), r.stdout)
        XCTAssertTrue(r.stdout.contains(": observed.presenting: \(chosen.consoleDescription) ≠ <CalendarMonthViewController: month>\n"), r.stdout)
        XCTAssertTrue(r.stdout.hasSuffix("1 of \(events.count) matched events differ (1 field; observed: 1); 0 only in \(log.path), 0 only in \(other)\n"), r.stdout)
        let j = try PInspectBinary.run(["diff", "--json", log.path, other])
        XCTAssertEqual(j.status, 1)
        XCTAssertTrue(j.stdout.contains(#""field":"observed.presenting","a":"\#(chosen.consoleDescription)","b":"<CalendarMonthViewController: month>""#), j.stdout)

        events[i].observed = nil
        let unobserved = try fx.write("unobserved.jsonl", LogWriter.text(header: LogHeader(), events: events))
        let u = try PInspectBinary.run(["diff", log.path, unobserved])
        XCTAssertEqual(u.status, 1, u.stdout + u.stderr)
        for field in ["presenting", "effectiveStyle", "presentationControllerClass"] {
            XCTAssertTrue(u.stdout.contains(": observed.\(field): "), "\(field): \(u.stdout)")
        }
        XCTAssertTrue(u.stdout.contains("observed.presentationControllerClass: UIFullscreenPresentationController ≠ not observed\n"), u.stdout)
        XCTAssertTrue(u.stdout.contains("(3 fields; observed: 3)"), u.stdout)

        // A simulation log against a device log: the observations left out, the rest agrees.
        let ignored = try PInspectBinary.run(["diff", "--ignore-observed", log.path, unobserved])
        XCTAssertEqual(ignored.status, 0, ignored.stdout + ignored.stderr)
        XCTAssertEqual(ignored.stdout, "equivalent: \(events.count) events match\n")
    }

    /// Another controller in the window's chain after an event: one statement naming the position.
    func testAChainDifferenceNamesThePositionInTextAndJSON() throws {
        let log = try fx.log(BuiltInScenarios.calendar)
        var events = log.events
        let i = try XCTUnwrap(events.firstIndex { $0.kind == .present && $0.chain.count >= 2 })
        let position = events[i].chain.count
        events[i].chain.insert(ControllerRef(id: "month", type: "CalendarMonthViewController"), at: position - 1)
        let other = try fx.write("other.jsonl", LogWriter.text(header: LogHeader(), events: events))
        let r = try PInspectBinary.run(["diff", log.path, other])
        XCTAssertEqual(r.status, 1, r.stdout + r.stderr)
        let top = try XCTUnwrap(log.events[i].chain.last).consoleDescription
        XCTAssertTrue(r.stdout.contains(": chain from position \(position): [\(top)] ≠ [<CalendarMonthViewController: month>, \(top)]\n"), r.stdout)
        XCTAssertTrue(r.stdout.contains("(1 field; chain: 1)"), r.stdout)
        let j = try PInspectBinary.run(["diff", "--json", log.path, other])
        XCTAssertEqual(j.status, 1)
        XCTAssertTrue(j.stdout.contains(#""field":"chain","position":\#(position),"a":"[\#(top)]""#), j.stdout)
        XCTAssertEqual(try PInspectBinary.run(["diff", "--ignore-chain", log.path, other]).status, 0)
    }

    /// A sheet resting elsewhere: one difference per field of the sheet, left out by --ignore-sheet.
    func testASheetDifferenceNamesItsFields() throws {
        let log = try fx.log(BuiltInScenarios.drawer)
        var events = log.events
        let i = try XCTUnwrap(events.firstIndex { $0.kind == .present && $0.sheet != nil })
        events[i].sheet?.selectedDetent = "large"
        events[i].sheet?.background = .dimmed
        let other = try fx.write("other.jsonl", LogWriter.text(header: LogHeader(), events: events))
        let r = try PInspectBinary.run(["diff", log.path, other])
        XCTAssertEqual(r.status, 1, r.stdout + r.stderr)
        XCTAssertTrue(r.stdout.contains(": sheet.selectedDetent: medium ≠ large\n"), r.stdout)
        XCTAssertTrue(r.stdout.contains(": sheet.background: interactive ≠ dimmed\n"), r.stdout)
        XCTAssertTrue(r.stdout.contains("(2 fields; sheet: 2)"), r.stdout)
        XCTAssertEqual(try PInspectBinary.run(["diff", "--ignore-sheet", log.path, other]).status, 0)
    }

    func testBadInputUsesTheCommonExitCodes() throws {
        let log = try fx.log(BuiltInScenarios.calendar)
        XCTAssertEqual(try PInspectBinary.run(["diff", log.path, fx.path("absent.jsonl")]).status, 66)
        let garbage = try fx.write("garbage.jsonl", "not json\n")
        XCTAssertEqual(try PInspectBinary.run(["diff", garbage, log.path]).status, 65)
        XCTAssertEqual(try PInspectBinary.run(["diff", log.path]).status, 64)
        XCTAssertEqual(try PInspectBinary.run(["diff", "-", "-"]).status, 64)
    }

    func testEventsAlignByKindAndControllerNotBySeqOrTime() throws {
        let a = try ExportLikeRun.events(BuiltInScenarios.camera)
        // Shifted numbering and times, and an unrelated event in front: still equivalent but for it.
        var b = a.map { e -> Event in var e = e; e.seq += 10; e.time += 3; return e }
        b.insert(Event(seq: 1, time: 0, kind: .dismiss, outcome: .noOp, receiver: ControllerRef(id: "x", type: "X")), at: 0)
        let d = LogDiff(a, b)
        XCTAssertTrue(d.differences.isEmpty)
        XCTAssertEqual(d.onlyInB.map(\.seq), [1])
        XCTAssertFalse(d.isEquivalent)
    }

    func testLogsWithoutSharedIdsCompareControllersByType() throws {
        let a = try ExportLikeRun.events(BuiltInScenarios.calendar)
        // A device log of the same flow: addresses instead of scenario ids.
        func readdress(_ r: ControllerRef?) -> ControllerRef? { r.map { ControllerRef(id: "0x" + String($0.id.hashValue & 0xffff, radix: 16), type: $0.type) } }
        let b = a.map { e -> Event in
            var e = e
            e.presenting = readdress(e.presenting); e.presented = readdress(e.presented); e.source = readdress(e.source)
            e.contextProvider = readdress(e.contextProvider); e.receiver = readdress(e.receiver); e.handledBy = readdress(e.handledBy)
            e.dismissed = e.dismissed.compactMap(readdress)
            return e
        }
        let same = LogDiff(a, b)
        XCTAssertFalse(same.comparesByID)
        XCTAssertTrue(same.isEquivalent, same.text(nameA: "a", nameB: "b"))
        var c = b
        let i = try XCTUnwrap(c.firstIndex { $0.kind == .present })
        c[i].effectiveStyle = .overFullScreen
        let diff = LogDiff(a, c)
        XCTAssertEqual(diff.differences.map(\.field), ["effectiveStyle"])
    }
}
