@_spi(Package) import PresentationInspectorCore
@_spi(Package) import PresentationSimulator
import XCTest
import TestSupport

/// The Chrome Trace Event JSON checked against the format's required fields and nesting rules.
final class ExportPerfettoTests: XCTestCase {
    /// Checks one trace; returns the parsed trace events.
    @discardableResult
    private func validate(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> [JSONObject] {
        let root = try XCTUnwrap(try JSONParser.parse(text).objectValue, "top level must be an object", file: file, line: line)
        XCTAssertTrue(["ms", "ns"].contains(root["displayTimeUnit"]?.stringValue ?? ""), file: file, line: line)
        let events = try XCTUnwrap(root["traceEvents"]?.arrayValue, "traceEvents must be an array", file: file, line: line).map {
            try XCTUnwrap($0.objectValue, "every trace event is an object", file: file, line: line)
        }
        var named = Set<String>(), processes = Set<Int>(), used = Set<String>()
        var slices: [String: [(ts: Int, end: Int, name: String)]] = [:]
        for e in events {
            let ph = try XCTUnwrap(e["ph"]?.stringValue, "ph missing", file: file, line: line)
            let name = try XCTUnwrap(e["name"]?.stringValue, "name missing", file: file, line: line)
            XCTAssertFalse(name.isEmpty, file: file, line: line)
            let pid = try XCTUnwrap(e["pid"]?.intValue, "pid must be an integer", file: file, line: line)
            let tid = try XCTUnwrap(e["tid"]?.intValue, "tid must be an integer", file: file, line: line)
            switch ph {
            case "M":
                let args = try XCTUnwrap(e["args"]?.objectValue, file: file, line: line)
                switch name {
                case "process_name": XCTAssertNotNil(args["name"]?.stringValue, file: file, line: line); processes.insert(pid)
                case "thread_name": XCTAssertNotNil(args["name"]?.stringValue, file: file, line: line); named.insert("\(pid)/\(tid)")
                case "process_sort_index", "thread_sort_index": XCTAssertNotNil(args["sort_index"]?.intValue, file: file, line: line)
                default: XCTFail("unexpected metadata \(name)", file: file, line: line)
                }
            case "X":
                let ts = try XCTUnwrap(e["ts"]?.intValue, "X needs an integer ts", file: file, line: line)
                let dur = try XCTUnwrap(e["dur"]?.intValue, "X needs an integer dur", file: file, line: line)
                XCTAssertGreaterThanOrEqual(ts, 0, file: file, line: line)
                XCTAssertGreaterThanOrEqual(dur, 0, file: file, line: line)
                XCTAssertNotNil(e["cat"]?.stringValue, file: file, line: line)
                slices["\(pid)/\(tid)", default: []].append((ts, ts + dur, name))
                used.insert("\(pid)/\(tid)")
            case "i":
                XCTAssertNotNil(e["ts"]?.intValue, file: file, line: line)
                XCTAssertTrue(["g", "p", "t"].contains(e["s"]?.stringValue ?? ""), "instant scope", file: file, line: line)
                used.insert("\(pid)/\(tid)")
            default:
                XCTFail("unexpected phase \(ph)", file: file, line: line)
            }
        }
        XCTAssertTrue(used.isSubset(of: named), "every track used has a thread_name", file: file, line: line)
        for key in used { XCTAssertTrue(processes.contains(Int(try key.split(separator: "/").element(0))!), file: file, line: line) }
        // Nesting: on one track, two complete events are disjoint or one encloses the other.
        for (track, list) in slices {
            var stack: [(ts: Int, end: Int, name: String)] = []
            for s in list.sorted(by: { ($0.ts, -$0.end) < ($1.ts, -$1.end) }) {
                while let top = stack.last, top.end <= s.ts { stack.removeLast() }
                if let top = stack.last {
                    XCTAssertLessThanOrEqual(s.end, top.end, "track \(track): \(s.name) straddles \(top.name)", file: file, line: line)
                }
                stack.append(s)
            }
        }
        return events
    }

    func testDemoTraceFollowsTheFormat() throws {
        let events = try ExportFixtures.demoEvents()
        let trace = try validate(Exporter.render(.perfetto, header: ExportFixtures.header, events: events))
        let diagnostics = events.map(\.diagnostics.count).reduce(0, +)
        XCTAssertEqual(trace.filter { $0["ph"]?.stringValue == "i" && $0["cat"]?.stringValue?.hasPrefix("diagnostic") == true }.count,
                       diagnostics, "one instant per diagnostic")
        let timeline = PresentationTimeline.make(events: events)
        let slices = trace.filter { $0["ph"]?.stringValue == "X" }
        XCTAssertEqual(slices.filter { $0["cat"]?.stringValue == "presented" }.count, timeline.lifetimes.filter { !$0.isWindowRoot }.count)
        // Every transition once on its own lane (plus on the lanes of the others a dismissal removed).
        let transitionSeqs = slices.filter { $0["cat"]?.stringValue == "transition" && $0["args"]?.objectValue?["removedWith"] == nil }
            .compactMap { $0["args"]?.objectValue?["seq"]?.intValue }
        XCTAssertEqual(transitionSeqs.sorted(), timeline.transitions.map(\.seq).sorted())
        let windows = Set(events.compactMap(\.window))
        let processNames = Set(trace.filter { $0["name"]?.stringValue == "process_name" }.compactMap { $0["args"]?.objectValue?["name"]?.stringValue })
        XCTAssertTrue(windows.map { "window \($0)" }.allSatisfy(processNames.contains), "a process (track group) per window")
    }

    func testTimesAreMicrosecondsSinceTheRecordingStarted() throws {
        let events = try ExportFixtures.events(BuiltInScenarios.camera)
        let trace = try validate(Exporter.render(.perfetto, header: ExportFixtures.header, events: events))
        let picker = trace.filter { $0["cat"]?.stringValue == "presented" && ($0["name"]?.stringValue ?? "").contains("peoplePicker") }
        XCTAssertEqual(picker.compactMap { $0["ts"]?.intValue }, [500_000, 1_500_000])
        XCTAssertEqual(picker.compactMap { $0["dur"]?.intValue }, [850_000, 850_000])
        let instant = try XCTUnwrap(trace.first { $0["ph"]?.stringValue == "i" && $0["cat"]?.stringValue?.hasPrefix("diagnostic") == true })
        XCTAssertEqual(instant["name"]?.stringValue, "already-presenting")
        XCTAssertEqual(instant["args"]?.objectValue?["seq"]?.intValue, 9)
    }

    func testOverlappingSlicesFromAnUnorderedClockMoveToAnotherTrack() throws {
        // Device clocks seen from several threads can run backwards between events: B starts
        // before A's dismissal ends, on the same level. The trace must still nest.
        let root = ControllerRef(id: "r", type: "Root"), a = ControllerRef(id: "a", type: "A"), b = ControllerRef(id: "b", type: "B")
        let events = [
            Event(seq: 1, time: 5, kind: .present, outcome: .presented, animated: true, window: "w", source: root, presented: a, presenting: root, chain: [root, a]),
            Event(seq: 2, time: 5.35, kind: .presentCompleted, outcome: .completed, window: "w", relatesTo: 1, presented: a, chain: [root, a]),
            Event(seq: 3, time: 6, kind: .dismiss, outcome: .dismissed, animated: true, window: "w", receiver: a, handledBy: root, dismissed: [a], chain: [root]),
            Event(seq: 4, time: 6.35, kind: .dismissCompleted, outcome: .completed, window: "w", relatesTo: 3, dismissed: [a], chain: [root]),
            Event(seq: 5, time: 5.5, kind: .present, outcome: .presented, animated: false, window: "w", source: root, presented: b, presenting: root, chain: [root, b]),
            Event(seq: 6, time: 7, kind: .dismiss, outcome: .noOp, window: "w", receiver: root, chain: [root, b]),
        ]
        let trace = try validate(Exporter.render(.perfetto, header: ExportFixtures.header, events: events))
        let threadNames = trace.filter { $0["name"]?.stringValue == "thread_name" }.compactMap { $0["args"]?.objectValue?["name"]?.stringValue }
        XCTAssertTrue(threadNames.contains("w · level 1 (overlapping 1)"), "\(threadNames)")
    }

    func testEmptyRecordingIsAValidTrace() throws {
        let trace = try validate(Exporter.render(.perfetto, header: ExportFixtures.header, events: []))
        XCTAssertTrue(trace.isEmpty)
    }
}
