import Foundation
@_spi(Package) import PresentationInspectorCore
@_spi(Package) import PresentationSimulator
import XCTest
import TestSupport

/// OTLP/JSON export: structure, ids, times, status, attributes and hostile numbers.
/// (Scripts/ci/71-otlp.sh checks the same output against opentelemetry-proto's definitions.)
final class OTLPExporterTests: XCTestCase {
    private func spans(_ text: String) throws -> (resource: [String: Any], spans: [[String: Any]]) {
        let doc = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let rs = try XCTUnwrap((doc["resourceSpans"] as? [[String: Any]])?.first)
        let ss = try XCTUnwrap((rs["scopeSpans"] as? [[String: Any]])?.first)
        XCTAssertEqual((ss["scope"] as? [String: Any])?["name"] as? String, "PresentationInspector")
        return (try XCTUnwrap(rs["resource"] as? [String: Any]), try XCTUnwrap(ss["spans"] as? [[String: Any]]))
    }

    private func attribute(_ span: [String: Any], _ key: String) -> Any? {
        let list = span["attributes"] as? [[String: Any]] ?? []
        guard let value = list.first(where: { $0["key"] as? String == key })?["value"] as? [String: Any] else { return nil }
        return value["stringValue"] ?? value["intValue"] ?? value["boolValue"] ?? value["arrayValue"]
    }

    func testOneSpanPerOperationUnderOneRootWithWellFormedIdsAndTimes() throws {
        let events = try ExportFixtures.demoEvents()
        let text = Exporter.render(.otlp, header: ExportFixtures.header, events: events)
        XCTAssertFalse(text.contains("\n"), "one request per line, as otlpjsonfile reads them")
        let (resource, spans) = try spans(text)
        let operations = events.filter { [.present, .dismiss, .interactiveDismiss].contains($0.kind) }
        XCTAssertEqual(spans.count, operations.count + 1)
        let root = try spans.element(0)
        XCTAssertNil(root["parentSpanId"])
        let traceID = try XCTUnwrap(root["traceId"] as? String)
        var spanIDs = Set<String>()
        for s in spans {
            XCTAssertEqual(s["traceId"] as? String, traceID, "one trace per recording")
            let id = try XCTUnwrap(s["spanId"] as? String)
            XCTAssertNotNil(id.wholeMatch(of: /[0-9a-f]{16}/), id)
            spanIDs.insert(id)
            if s["spanId"] as? String != root["spanId"] as? String {
                XCTAssertEqual(s["parentSpanId"] as? String, root["spanId"] as? String)
            }
            let start = try XCTUnwrap(UInt64(XCTUnwrap(s["startTimeUnixNano"] as? String)))
            let end = try XCTUnwrap(UInt64(XCTUnwrap(s["endTimeUnixNano"] as? String)))
            XCTAssertLessThanOrEqual(start, end)
            XCTAssertGreaterThanOrEqual(start, 946_684_800_000_000_000, "header created 2000-01-01 plus the event time")
        }
        XCTAssertNotNil(traceID.wholeMatch(of: /[0-9a-f]{32}/), traceID)
        XCTAssertEqual(spanIDs.count, spans.count, "span ids are unique")
        let resourceKeys = (resource["attributes"] as? [[String: Any]] ?? []).compactMap { $0["key"] as? String }
        XCTAssertTrue(resourceKeys.contains("service.name"))

        // An animated present that completed 0.35 s later spans exactly that time.
        let present = try XCTUnwrap(operations.first { $0.kind == .present && $0.outcome == .presented && $0.animated })
        let span = try XCTUnwrap(spans.first { attribute($0, "presentation.seq") as? String == String(present.seq) })
        let duration = try UInt64(XCTUnwrap(span["endTimeUnixNano"] as? String))! - UInt64(XCTUnwrap(span["startTimeUnixNano"] as? String))!
        XCTAssertEqual(duration, 350_000_000)
        XCTAssertEqual(attribute(span, "presentation.presented.type") as? String, present.presented?.type)
        XCTAssertEqual(attribute(span, "presentation.style.effective") as? String, present.effectiveStyle?.name)
        XCTAssertEqual(span["name"] as? String, "present \(present.presented!.type)")
    }

    func testRejectionsAreZeroLengthWithErrorStatusOnlyForErrorDiagnostics() throws {
        let events = try ExportFixtures.demoEvents()
        let (_, spans) = try spans(Exporter.render(.otlp, header: ExportFixtures.header, events: events))
        var sawError = false, sawWarning = false
        for e in events where e.kind == .present && e.outcome == .rejected {
            let span = try XCTUnwrap(spans.first { attribute($0, "presentation.seq") as? String == String(e.seq) })
            XCTAssertEqual(span["startTimeUnixNano"] as? String, span["endTimeUnixNano"] as? String)
            let status = span["status"] as? [String: Any]
            let spanEvents = span["events"] as? [[String: Any]] ?? []
            XCTAssertEqual(spanEvents.compactMap { $0["name"] as? String }.prefix(e.diagnostics.count), ArraySlice(e.diagnostics.map(\.code.rawValue)))
            if e.maxSeverity == .error {
                sawError = true
                XCTAssertEqual(status?["code"] as? Int, 2)
                XCTAssertEqual(status?["message"] as? String, e.diagnostics.first { $0.severity == .error }?.message)
            } else {
                sawWarning = true
                XCTAssertNil(status, "a warning rejection leaves the status unset")
            }
        }
        XCTAssertTrue(sawError && sawWarning, "the demo rejects presents with errors and with warnings")
    }

    func testOutputIsReproducibleAndIdsDependOnTheHeader() throws {
        let events = try ExportFixtures.demoEvents()
        let a = Exporter.render(.otlp, header: ExportFixtures.header, events: events)
        XCTAssertEqual(a, Exporter.render(.otlp, header: ExportFixtures.header, events: events))
        var other = ExportFixtures.header
        other.created = "2031-05-06T07:08:09.250Z"
        let b = try spans(Exporter.render(.otlp, header: other, events: events)).spans
        XCTAssertNotEqual(try spans(a).spans.element(0)["traceId"] as? String, try b.element(0)["traceId"] as? String)
        XCTAssertEqual(try b.element(0)["startTimeUnixNano"] as? String, "1935817689250000000")
    }

    func testHostileNumbersDoNotTrap() throws {
        let header = LogHeader(format: LogHeader.formatName, version: 1, created: "not a date", app: [:], device: [:], dropped: -5)
        let ref = ControllerRef(id: "a", type: "A")
        let times: [Double] = [.infinity, -.infinity, .nan, -1, 1e300, .greatestFiniteMagnitude, 0]
        let events = times.enumerated().map { i, t in
            Event(seq: i == 0 ? Int.max : Int.min + i, time: t, kind: .present, outcome: .presented, animated: true, source: ref, presented: ref)
        }
        let (resource, spans) = try spans(Exporter.render(.otlp, header: header, events: events))
        XCTAssertEqual(spans.count, times.count + 1)
        for s in spans {
            let start = try XCTUnwrap(UInt64(XCTUnwrap(s["startTimeUnixNano"] as? String)))
            XCTAssertLessThanOrEqual(start, try XCTUnwrap(UInt64(XCTUnwrap(s["endTimeUnixNano"] as? String))))
        }
        let name = (resource["attributes"] as? [[String: Any]])?.first { $0["key"] as? String == "service.name" }
        XCTAssertEqual((name?["value"] as? [String: Any])?["stringValue"] as? String, "unknown_service")
    }

    /// Seq 0 (in the reader's range) and a seq the log repeats (kept by the reader) still give
    /// every span its own id, none its own parent.
    func testSpanIdsStayUniqueForSeqZeroAndRepeatedSeqs() throws {
        let ref = ControllerRef(id: "a", type: "A")
        let events = [0, 0, 1, 1, 1].map { Event(seq: $0, time: 0, kind: .present, outcome: .presented, source: ref, presented: ref) }
        let (_, spans) = try spans(Exporter.render(.otlp, header: ExportFixtures.header, events: events))
        let ids = spans.compactMap { $0["spanId"] as? String }
        XCTAssertEqual(Set(ids).count, events.count + 1, "\(ids)")
        for s in spans { XCTAssertNotEqual(s["spanId"] as? String, s["parentSpanId"] as? String) }
    }
}
