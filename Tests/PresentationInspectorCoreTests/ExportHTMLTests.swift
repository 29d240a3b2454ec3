import Foundation
@_spi(Package) import PresentationInspectorCore
@_spi(Package) import PresentationSimulator
import XCTest
import TestSupport

/// The HTML report: self-contained, data intact and safe, and (when chromium is installed)
/// its script runs without errors and shows the expected numbers.
final class ExportHTMLTests: XCTestCase {
    private func dataBlob(_ html: String) throws -> JSONObject {
        let open = "<script id=\"pi-data\" type=\"application/json\">"
        let start = try XCTUnwrap(html.range(of: open)).upperBound
        let end = try XCTUnwrap(html.range(of: "</script>", range: start..<html.endIndex)).lowerBound
        return try XCTUnwrap(try JSONParser.parse(String(html[start..<end])).objectValue)
    }

    /// The events of the data blob, decoded as the page's script does (HTMLReportData's format).
    private func decodedEvents(_ blob: JSONObject) throws -> [JSONObject] {
        let keys = try XCTUnwrap(blob["k"]?.arrayValue).compactMap(\.stringValue)
        var table: [JSONValue] = []
        func decode(_ v: JSONValue) -> JSONValue {
            switch v {
            case .string(let s) where s.hasPrefix("@@"): return .string(String(s.dropFirst()))
            case .string(let s) where s.hasPrefix("@"):
                guard let n = Int(s.dropFirst(), radix: 36), n < table.count else { XCTFail("bad reference \(s)"); return .null }
                return table[n]
            case .array(let a): return .array(a.map(decode))
            case .object(let o):
                return .object(JSONObject(o.members.map { m in (key: Int(m.key, radix: 36).flatMap { $0 < keys.count ? keys[$0] : nil } ?? "?", value: decode(m.value)) }))
            default: return v
            }
        }
        for x in try XCTUnwrap(blob["t"]?.arrayValue) { table.append(decode(x)) }
        // Events are [shape, values…]; shape N lists the event's key numbers.
        let shapes = try XCTUnwrap(blob["shapes"]?.arrayValue).map { $0.arrayValue?.compactMap(\.numberValue).map { Int($0) } ?? [] }
        return try XCTUnwrap(blob["events"]?.arrayValue).map { e in
            let a = try XCTUnwrap(e.arrayValue)
            let n = Int(a.first?.numberValue ?? -1)
            let shape = try XCTUnwrap(shapes.indices.contains(n) ? shapes[n] : nil)
            XCTAssertEqual(shape.count, a.count - 1)
            let event = JSONObject(zip(shape, a.dropFirst()).map { (key: keys[$0.0], value: decode($0.1)) })
            let labels = refLabels(event)
            return JSONObject(event.members.map { (key: $0.key, value: filled($0.value, labels)) })
        }
    }

    /// The labels of an event's controller references, in member order (as the page lists them).
    private func refLabels(_ event: JSONObject) -> [String] {
        event.members.compactMap { m -> String? in
            guard let r = m.value.objectValue, let id = r["id"]?.stringValue, let type = r["type"]?.stringValue else { return nil }
            return ControllerRef(id: id, type: type, title: r["title"]?.stringValue).label
        }
    }

    /// A value with its templates filled in: `\u{2}` marks a template whose `\u{1}N` stand for
    /// the N-th label; `\u{2}\u{2}` a literal mark. References are never templates.
    private func filled(_ v: JSONValue, _ labels: [String]) -> JSONValue {
        switch v {
        case .string(let s) where s.hasPrefix("\u{2}\u{2}"): return .string(String(s.dropFirst()))
        case .string(let s) where s.hasPrefix("\u{2}"):
            var out = "", chars = Array(s.dropFirst()), i = 0
            while i < chars.count {
                if chars[i] == "\u{1}", i + 1 < chars.count, let n = chars[i + 1].wholeNumberValue, n < labels.count {
                    out += labels[n]; i += 2
                } else { out.append(chars[i]); i += 1 }
            }
            return .string(out)
        case .array(let a): return .array(a.map { filled($0, labels) })
        case .object(let o) where o["id"]?.stringValue == nil || o["type"]?.stringValue == nil:
            return .object(JSONObject(o.members.map { (key: $0.key, value: filled($0.value, labels)) }))
        default: return v
        }
    }

    /// The summary lines, with repeated ones taken from the table and `\u{1}N` placeholders
    /// replaced by the label of the event's N-th controller reference (as the page does).
    private func decodedSummaries(_ blob: JSONObject) throws -> [String] {
        let table = try XCTUnwrap(blob["t"]?.arrayValue)
        let events = try decodedEvents(blob)
        let lines = try XCTUnwrap(blob["summaries"]?.arrayValue).compactMap { v -> String? in
            guard let s = v.stringValue else { return nil }
            if s.hasPrefix("@@") { return String(s.dropFirst()) }
            if s.hasPrefix("@"), let n = Int(s.dropFirst(), radix: 36), n < table.count { return table[n].stringValue }
            return s
        }
        return zip(lines, events).map { line, event in filled(.string(line), refLabels(event)).stringValue ?? line }
    }

    func testReportIsSelfContained() throws {
        let html = Exporter.render(.html, header: ExportFixtures.header, events: try ExportFixtures.demoEvents())
        XCTAssertTrue(html.hasPrefix("<!DOCTYPE html>"))
        XCTAssertTrue(html.contains("Content-Security-Policy\" content=\"default-src 'none'"))
        for forbidden in ["<link", "@import", " src=\"http", " href=\"http", "url(http", "fetch(", "XMLHttpRequest"] {
            XCTAssertFalse(html.contains(forbidden), "the report must not load anything: found \(forbidden)")
        }
        XCTAssertTrue(html.contains("function PITimeline("), "the timeline is drawn on a canvas by the page's script")
        XCTAssertFalse(html.contains("class=\"pi-timeline\""), "no SVG timeline: it cost ~300 bytes per event")
        XCTAssertTrue(html.contains("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"pi-graph\""))
    }

    /// The stylesheet and scripts come from the files in the core's `Export/Resources` (embedded
    /// by SwiftPM), each whole but for its leading comment and final newline, in the page's order.
    func testReportEmbedsEachResourceFileOnceWithoutItsLeadingComment() throws {
        let html = Exporter.render(.html, header: ExportFixtures.header, events: [])
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/PresentationInspectorCore/Export/Resources").standardized
        func body(_ name: String) throws -> (comment: String, body: String) {
            var lines = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            XCTAssertEqual(lines.last, "", "\(name) ends with a newline")
            lines.removeLast()
            let commentLines = name.hasSuffix(".css") ? (lines.firstIndex { $0.hasSuffix("*/") } ?? -1) + 1
                                                      : lines.prefix { $0.hasPrefix("//") }.count
            XCTAssertGreaterThan(commentLines, 0, "\(name) explains itself in a leading comment")
            return (lines[0..<commentLines].joined(separator: "\n"), lines[commentLines...].joined(separator: "\n"))
        }
        let css = try body("report.css")
        XCTAssertTrue(html.contains("<style>\n\(css.body)\n</style>"), "report.css, whole")
        let scripts = try ["timeline.js", "graph.js", "focus.js", "report.js"].map(body)
        XCTAssertTrue(html.contains("<script>\n" + scripts.map(\.body).joined(separator: "\n") + "\n</script>"), "the scripts, whole, in order")
        for (name, file) in zip(["report.css", "timeline.js", "graph.js", "focus.js", "report.js"], [css] + scripts) {
            XCTAssertFalse(html.contains(file.comment), "\(name)'s leading comment is for its readers, not the page")
            XCTAssertEqual(html.components(separatedBy: file.body).count, 2, "\(name) is in the page once")
        }
    }

    func testReportSaysHowTheRecordingBecomesATest() throws {
        let html = Exporter.render(.html, header: ExportFixtures.header, events: try ExportFixtures.demoEvents())
        XCTAssertTrue(html.contains("<code>pinspect test LOG --framework xctest --expect-clean -o BugTests.swift</code>"))
        XCTAssertTrue(html.contains("<code>pinspect scenario LOG</code>"))
    }

    func testEmbeddedDataDecodesToTheSameEvents() throws {
        let events = try ExportFixtures.demoEvents()
        let blob = try dataBlob(Exporter.render(.html, header: ExportFixtures.header, events: events))
        let decoded = try decodedEvents(blob).map { try EventCoding.decodeEvent($0) }
        // Compared in the log's encoding: times such as 20.100000000000001 are written as 20.1.
        XCTAssertEqual(decoded.map(EventCoding.encode), events.map(EventCoding.encode))
        let summaries = try decodedSummaries(blob)
        XCTAssertEqual(summaries.count, events.count)
        // Most lines name the event's own controllers through placeholders, so they repeat.
        XCTAssertGreaterThan(blob["summaries"]?.arrayValue?.filter { $0.stringValue?.hasPrefix("@") == true }.count ?? 0, events.count / 2)
        // …and so do explanation steps: the table holds fewer distinct steps than the events have.
        let steps = Set(events.flatMap(\.explanation)).count
        let tableStrings = try XCTUnwrap(blob["t"]?.arrayValue).filter { $0.stringValue?.hasPrefix("\u{2}") == true }.count
        XCTAssertGreaterThan(tableStrings, 0)
        XCTAssertLessThan(tableStrings, steps)
        for (line, e) in zip(summaries, events) {
            XCTAssertTrue(e.summary.hasPrefix("#\(e.seq) ") && e.summary.hasSuffix(" " + line), "\(line) is \(e.summary) without #seq and time")
        }

        XCTAssertEqual(try EventCoding.decodeHeader(XCTUnwrap(blob["header"]?.objectValue)), ExportFixtures.header)
    }

    func testHostileTitlesCannotBreakOutOfTheDataOrTheMarkup() throws {
        let evil = ControllerRef(id: "x", type: "Evil", title: "</script><script>alert(1)</script><!--")
        let root = ControllerRef(id: "r", type: "Root")
        let events = [Event(seq: 1, time: 0, kind: .present, outcome: .presented, window: "w", source: root, presented: evil,
                            presenting: root, explanation: ["</script>"], chain: [root, evil])]
        let html = Exporter.render(.html, header: ExportFixtures.header, events: events)
        XCTAssertEqual(html.components(separatedBy: "<script").count - 1, 2, "only the data and the code script elements")
        XCTAssertFalse(html.contains("<script>alert"))
        let blob = try dataBlob(html)
        XCTAssertEqual(try decodedEvents(blob).first?["presented"]?.objectValue?["title"]?.stringValue, evil.title)
    }

    /// A title holding the placeholder character itself cannot turn into another controller's
    /// label: such a line is written as it is.
    func testSummaryPlaceholdersSurviveHostileTitles() throws {
        let odd = ControllerRef(id: "odd", type: "Odd", title: "\u{2}\u{1}0 and \u{1}1")
        let root = ControllerRef(id: "r", type: "Root")
        let events = [
            Event(seq: 1, time: 0, kind: .present, outcome: .presented, window: "w", source: root, presented: odd, presenting: root, chain: [root, odd]),
            Event(seq: 2, time: 1, kind: .present, outcome: .presented, window: "w", source: root, presented: root, presenting: root,
                  explanation: ["\u{2}starts with the mark", "\u{2}\u{2}two", "names Root (r) and \u{1}0"], chain: [root]),
        ]
        let blob = try dataBlob(Exporter.render(.html, header: ExportFixtures.header, events: events))
        XCTAssertEqual(try decodedEvents(blob).map { try EventCoding.decodeEvent($0) }.map(EventCoding.encode), events.map(EventCoding.encode))
        let summaries = try decodedSummaries(blob)
        for (line, e) in zip(summaries, events) {
            XCTAssertTrue(e.summary.hasSuffix(" " + line), "\(line.debugDescription) is not the end of \(e.summary.debugDescription)")
        }
    }

    func testLargeRecordingsFallBackToTheFinalStateGraph() throws {
        let events = ExportFixtures.largeRecording(events: 10_000)
        XCTAssertGreaterThanOrEqual(events.count, 10_000)
        let html = Exporter.render(.html, header: ExportFixtures.header, events: events)
        XCTAssertTrue(html.contains("data-graph-history=\"false\""))
        XCTAssertTrue(html.contains("too many to draw at once"))
        XCTAssertEqual(try dataBlob(html)["events"]?.arrayValue?.count, events.count)
        // The whole page stays compact (issue 12's goal: ≤ 400 bytes per event): repeated
        // references, steps and keys are written once, and the timeline is a few numbers per mark.
        XCTAssertLessThan(html.utf8.count, 400 * events.count, "bytes of page per event")
    }

    /// The timeline data (HTMLReportTimeline's delta-encoded arrays) decodes to the timeline's own
    /// markers, transitions and lifetimes, as the page's script reads it.
    func testTimelineDataDecodesToTheTimeline() throws {
        let events = try ExportFixtures.demoEvents()
        let timeline = PresentationTimeline.make(events: events)
        let data = try XCTUnwrap(try dataBlob(Exporter.render(.html, header: ExportFixtures.header, events: events))["timeline"]?.objectValue)
        func ints(_ key: String) throws -> [Int] { try XCTUnwrap(data[key]?.arrayValue).map { Int($0.numberValue ?? .nan) } }
        let start = try XCTUnwrap(data["start"]?.numberValue)
        func micros(_ t: Double) -> Int { Int(((t - start) * 1_000_000).rounded()) }

        let kindCodes: [PresentationTimeline.MarkerKind: Int] = [.request: 0, .rejection: 1, .diagnostic: 2, .interactive: 3, .detent: 4]
        let marks = try ints("marks")
        XCTAssertEqual(marks.count, timeline.markers.count * 5)
        var time = 0, seq = 0
        for (i, m) in timeline.markers.enumerated() {
            time += marks[i * 5 + 1]; seq += marks[i * 5 + 4]
            XCTAssertEqual([marks[i * 5], time, marks[i * 5 + 2], seq], [m.lane, micros(m.time), kindCodes[m.kind] ?? -1, m.seq])
        }
        let segs = try ints("segs")
        XCTAssertEqual(segs.count, timeline.transitions.count * 5)
        time = 0; seq = 0
        for (i, t) in timeline.transitions.enumerated() {
            time += segs[i * 5 + 1]; seq += segs[i * 5 + 4]
            XCTAssertEqual([segs[i * 5], time, time + segs[i * 5 + 2], seq], [t.lane, micros(t.start), micros(t.end), t.seq])
        }
        let bars = try ints("bars")
        XCTAssertEqual(bars.count, timeline.lifetimes.count * 6)
        XCTAssertEqual(try ints("lanes").count, timeline.lanes.count * 3)
        // The rejected present #13 was attempted on photos (level 1 of camera-window): drawn there.
        let rejection = try XCTUnwrap(timeline.markers.first { $0.seq == 13 })
        XCTAssertEqual(try timeline.lanes.element(rejection.lane).title, "camera-window · level 1")
        // The times a presenter stays interactive below an undimmed sheet (the map under its drawer).
        let reach = try ints("reach"), detents = try XCTUnwrap(data["detents"]?.arrayValue).compactMap(\.stringValue)
        let ctl = try XCTUnwrap(data["ctl"]?.arrayValue).compactMap(\.stringValue)
        XCTAssertEqual(reach.count, timeline.reachable.count * 6)
        XCTAssertFalse(timeline.reachable.isEmpty)
        time = 0; seq = 0
        for (i, r) in timeline.reachable.enumerated() {
            time += reach[i * 6 + 1]; seq += reach[i * 6 + 3]
            XCTAssertEqual([reach[i * 6], time, time + reach[i * 6 + 2], seq], [r.lane, micros(r.start), micros(r.end), r.startSeq])
            XCTAssertEqual(detents[reach[i * 6 + 4]], r.detent)
            XCTAssertEqual(ctl[reach[i * 6 + 5]], r.controller.title.map { "\(r.controller.type) “\($0)”" } ?? r.controller.type)
        }
    }

    // MARK: Headless chromium (docs/RELIABILITY.md, "Tool traps")

    /// Loads the page headless; returns the DOM after the script ran and the console lines.
    private func load(_ html: String, fragment: String = "") throws -> (dom: String, console: [String]) {
        let path = NSTemporaryDirectory() + "pi-report-\(getpid())-\(UUID().uuidString).html"
        try html.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        guard let r = try runTool("chromium", ["--headless", "--no-sandbox", "--disable-gpu", "--enable-logging=stderr",
                                               "--virtual-time-budget=3000", "--dump-dom", "file://\(path)\(fragment)"]) else {
            throw XCTSkip("chromium is not installed; CI installs it and Scripts/ci/30-exports.sh fails without it")
        }
        XCTAssertEqual(r.status, 0, r.error)
        let console = r.error.split(separator: "\n").map(String.init).filter { $0.contains(":CONSOLE") }
        return (r.output, console)
    }

    private func attribute(_ name: String, in dom: String) -> String? {
        guard let r = dom.range(of: "\(name)=\"") else { return nil }
        return String(dom[r.upperBound...].prefix { $0 != "\"" })
    }

    private func text(ofID id: String, in dom: String) -> String? {
        guard let r = dom.range(of: "id=\"\(id)\">") else { return nil }
        return String(dom[r.upperBound...].prefix { $0 != "<" })
    }

    func testReportScriptRunsAndShowsTheCounts() throws {
        let events = try ExportFixtures.demoEvents()
        let summary = RecordingSummary(header: ExportFixtures.header, events: events)
        let page = try load(Exporter.render(.html, header: ExportFixtures.header, events: events))
        XCTAssertEqual(page.console.filter { $0.contains("Uncaught") }, [], "script errors")
        XCTAssertEqual(attribute("data-ready", in: page.dom), "true")
        XCTAssertEqual(text(ofID: "stat-events", in: page.dom), String(events.count))
        XCTAssertEqual(text(ofID: "stat-diagnostics", in: page.dom), String(summary.diagnosticCount))
        XCTAssertEqual(text(ofID: "stat-errors", in: page.dom), String(summary.count(atLeast: .error)))
        XCTAssertEqual(text(ofID: "shown-count", in: page.dom), "\(events.count) shown")
    }

    /// "1 event · 1 diagnostic (1 error, …) · 1 window · 1 controller": counts agree in number.
    func testTheHeadersCountsAgreeInNumber() throws {
        let error = Diagnostic(code: .activeController, severity: .error, message: "Application tried to present modally an active controller <A: a>.")
        let one = Event(seq: 1, time: 0, kind: .present, outcome: .rejected, window: "w", presented: ControllerRef(id: "a", type: "A"), diagnostics: [error])
        let page = try load(Exporter.render(.html, header: ExportFixtures.header, events: [one]))
        XCTAssertEqual(page.console.filter { $0.contains("Uncaught") }, [], "script errors")
        for (id, noun) in [("stat-events", "event"), ("stat-diagnostics", "diagnostic"), ("stat-errors", "error"), ("stat-warnings", "warnings")] {
            XCTAssertEqual(text(ofID: id + "-noun", in: page.dom), noun, id)
        }
        XCTAssertTrue(page.dom.contains("info) · 1 window · 1 controller"), String(page.dom.prefix(3000)))
        let events = try ExportFixtures.demoEvents(), summary = RecordingSummary(header: ExportFixtures.header, events: events)
        let demo = try load(Exporter.render(.html, header: ExportFixtures.header, events: events))
        XCTAssertEqual(text(ofID: "stat-events-noun", in: demo.dom), "events")
        XCTAssertTrue(demo.dom.contains("info) · \(summary.windows.count) windows · \(summary.controllerCount) controllers"),
                      "\(summary.windows.count) windows, \(summary.controllerCount) controllers")
    }

    func testTheReportShowsALogsControlCharactersAsEscapes() throws {
        var events = try ExportFixtures.demoEvents()
        let i = try XCTUnwrap(events.firstIndex { $0.maxSeverity == .error })  // the event the page opens on
        let hostile = "A\u{1B}]0;x\u{7}B\nC\u{9B}D\u{202E}E"
        events[i].thread = "worker" + hostile
        events[i].window = "w" + hostile
        events[i].explanation += ["Step" + hostile]
        try events[i].diagnostics.change(0) { $0.message = "Message" + hostile }
        if let source = events[i].source { events[i].source = ControllerRef(id: source.id, type: source.type, title: "Title" + hostile) }
        let page = try load(Exporter.render(.html, header: ExportFixtures.header, events: events))
        XCTAssertEqual(page.console.filter { $0.contains("Uncaught") }, [], "script errors")
        XCTAssertEqual(attribute("data-selected", in: page.dom), String(events[i].seq))
        let shown = #"A\u{1B}]0;x\u{7}B\nC\u{9B}D\u{202E}E"#
        for what in ["worker", "w", "Step", "Message", "Title"] {
            XCTAssertTrue(page.dom.contains(what + shown), "\(what) is not shown escaped")
        }
        let raw = page.dom.unicodeScalars.filter { VisibleText.isEscaped($0, keepingLineBreaks: true) }
        let context = page.dom.firstIndex(of: "\u{1B}").map { String(page.dom[..<$0].suffix(200)) } ?? ""
        XCTAssertEqual(raw.map { String($0.value, radix: 16) }, [], "raw in the page: \(context)")
    }

    func testTheReportOpensOnTheFirstErrorElseTheFirstWarning() throws {
        let events = try ExportFixtures.demoEvents()
        let opened = try load(Exporter.render(.html, header: ExportFixtures.header, events: events))
        XCTAssertEqual(attribute("data-selected", in: opened.dom), String(try XCTUnwrap(events.first { $0.maxSeverity == .error }).seq))
        XCTAssertTrue(opened.dom.contains("class=\"diag-links\""), "the header lists the diagnostics")
        let noErrors = events.filter { $0.maxSeverity != .error }
        let warned = try load(Exporter.render(.html, header: ExportFixtures.header, events: noErrors))
        XCTAssertEqual(attribute("data-selected", in: warned.dom), String(try XCTUnwrap(noErrors.first { $0.maxSeverity == .warning }).seq))
        let clean = try load(Exporter.render(.html, header: ExportFixtures.header, events: events.filter { $0.diagnostics.isEmpty }))
        XCTAssertEqual(attribute("data-selected", in: clean.dom), "", "nothing to lead with: nothing selected")
    }

    func testFiltersSelectionAndKeyboardWork() throws {
        let events = try ExportFixtures.demoEvents()
        let html = Exporter.render(.html, header: ExportFixtures.header, events: events)
        let dismissals = events.filter { $0.kind == .dismiss }.count
        let filtered = try load(html, fragment: "#kind=dismiss")
        XCTAssertEqual(text(ofID: "shown-count", in: filtered.dom), "\(dismissals) of \(events.count) shown")

        // Selecting a rejected present shows its explanation and UIKit's message.
        let rejected = try XCTUnwrap(events.first { $0.outcome == .rejected && $0.kind == .present })
        let detail = try load(html, fragment: "#seq=\(rejected.seq)")
        XCTAssertEqual(attribute("data-selected", in: detail.dom), String(rejected.seq))
        XCTAssertTrue(detail.dom.contains("#\(rejected.seq) present → rejected"))
        XCTAssertTrue(detail.dom.contains("Why (explanation steps)"))
        let message = try rejected.diagnostics.element(0).message.replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
        XCTAssertTrue(detail.dom.contains(message), "diagnostic message shown")

        // From the first event, j j j k: the third; n: the first event with diagnostics; End: the last one the filter shows.
        let keys = try load(html, fragment: "#seq=\(events[0].seq)&keys=j,j,j,k")
        XCTAssertEqual(attribute("data-selected", in: keys.dom), String(try events.element(2).seq))
        let next = try load(html, fragment: "#seq=\(events[0].seq)&keys=n")
        XCTAssertEqual(attribute("data-selected", in: next.dom), String(try XCTUnwrap(events.dropFirst().first { !$0.diagnostics.isEmpty }).seq))
        let end = try load(html, fragment: "#severity=error&keys=End")
        XCTAssertEqual(attribute("data-selected", in: end.dom), String(try XCTUnwrap(events.last { $0.maxSeverity == .error }).seq))
        XCTAssertEqual((keys.console + next.console + end.console).filter { $0.contains("Uncaught") }, [])
    }

    func testTenThousandEventsRenderOnlyTheVisibleRows() throws {
        let events = ExportFixtures.largeRecording(events: 10_000)
        let page = try load(Exporter.render(.html, header: ExportFixtures.header, events: events))
        XCTAssertEqual(page.console.filter { $0.contains("Uncaught") }, [])
        XCTAssertEqual(attribute("data-ready", in: page.dom), "true")
        XCTAssertEqual(text(ofID: "stat-events", in: page.dom), String(events.count))
        let rows = try XCTUnwrap(Int(attribute("data-rendered-rows", in: page.dom) ?? ""))
        XCTAssertGreaterThan(rows, 5)
        XCTAssertLessThan(rows, 200, "the list is virtualised")
    }
}
