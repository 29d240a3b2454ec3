@_spi(Package) import PresentationInspectorCore
@_spi(Package) import PresentationSimulator
import XCTest

/// Perfetto completeness (issue 12, item 3): requests as instants, a track per real thread,
/// every transition on every lane it affects.
final class ExportPerfettoCompletenessTests: XCTestCase {
    private func trace(_ events: [Event]) throws -> [JSONObject] {
        let root = try XCTUnwrap(try JSONParser.parse(Exporter.render(.perfetto, header: ExportFixtures.header, events: events)).objectValue)
        return try XCTUnwrap(root["traceEvents"]?.arrayValue).compactMap(\.objectValue)
    }

    private func threadNames(_ trace: [JSONObject]) -> [String: String] {
        var out: [String: String] = [:]
        for e in trace where e["name"]?.stringValue == "thread_name" {
            out["\(e["pid"]!.intValue!)/\(e["tid"]!.intValue!)"] = e["args"]?.objectValue?["name"]?.stringValue
        }
        return out
    }

    func testEveryPresentAndDismissRequestIsAnInstantOnItsLane() throws {
        let events = try ExportFixtures.demoEvents()
        let t = try trace(events)
        let requests = t.filter { $0["ph"]?.stringValue == "i" && $0["cat"]?.stringValue?.hasPrefix("request,") == true }
        let seqs = Set(requests.compactMap { $0["args"]?.objectValue?["seq"]?.intValue })
        let expected = Set(events.filter { [.present, .dismiss, .interactiveDismiss].contains($0.kind) }.map(\.seq))
        XCTAssertEqual(seqs, expected)
        // #13 of the demo (camera): the rejected share request is there, marked rejected.
        let share = try XCTUnwrap(requests.first { $0["args"]?.objectValue?["seq"]?.intValue == 13 })
        XCTAssertEqual(share["name"]?.stringValue, "present UIActivityViewController (rejected)")
        XCTAssertEqual(share["cat"]?.stringValue, "request,rejection")
    }

    func testTheDismissalOfTwoLevelsShowsOnBothLanes() throws {
        let events = try ExportFixtures.demoEvents()
        let t = try trace(events)
        let names = threadNames(t)
        // #14 dismisses peoplePicker (level 2, animated) and photos (level 1) together.
        let dismissals = t.filter { $0["cat"]?.stringValue == "transition" && $0["args"]?.objectValue?["seq"]?.intValue == 14 }
        let lanes = Set(dismissals.compactMap { names["\($0["pid"]!.intValue!)/\($0["tid"]!.intValue!)"] })
        XCTAssertEqual(lanes, ["camera-window · level 1", "camera-window · level 2"])
    }

    func testATrackPerRealThread() throws {
        let events = try ExportFixtures.demoEvents()
        let t = try trace(events)
        let threadsPid = try XCTUnwrap(t.first { $0["name"]?.stringValue == "process_name" && $0["args"]?.objectValue?["name"]?.stringValue == "threads" }?["pid"]?.intValue)
        let names = threadNames(t).filter { $0.key.hasPrefix("\(threadsPid)/") }
        XCTAssertEqual(Set(names.values), Set(events.map { "thread \($0.thread)" }))
        XCTAssertTrue(names.values.contains("thread com.example.worker"))
        let worker = try XCTUnwrap(names.first { $0.value == "thread com.example.worker" }?.key)
        let onWorker = t.filter { "\($0["pid"]?.intValue ?? -1)/\($0["tid"]?.intValue ?? -1)" == worker && $0["ph"]?.stringValue == "i" }
        XCTAssertEqual(Set(onWorker.compactMap { $0["args"]?.objectValue?["seq"]?.intValue }),
                       Set(events.filter { $0.thread == "com.example.worker" }.map(\.seq)))
        XCTAssertEqual(t.filter { $0["pid"]?.intValue == threadsPid && $0["ph"]?.stringValue == "i" }.count, events.count)
    }
}
