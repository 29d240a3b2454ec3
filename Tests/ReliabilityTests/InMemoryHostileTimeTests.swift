import Foundation
@_spi(Package) import PresentationInspectorCore
import XCTest

/// Events built in memory (not read from a log) can carry any time; no exporter may trap on
/// them. Red before PerfettoExporter.micros clamped: a dismissal at -1e308 made a slice
/// duration overflow `Int` in `complete(_:pid:tid:)`.
final class InMemoryHostileTimeTests: XCTestCase {
    func testEveryExporterSurvivesTimesOutsideTheValidRange() throws {
        for t in [1e13, 1e16, 1e308, -1e308, Double.infinity, -Double.infinity, Double.nan] {
            var a = Event(seq: 1, time: 0, kind: .present, outcome: .presented)
            a.presented = ControllerRef(id: "a", type: "A")
            var b = Event(seq: Int.max, time: t, kind: .dismiss, outcome: .dismissed)
            b.dismissed = [ControllerRef(id: "a", type: "A")]
            for format in ExportFormat.allCases {
                let out = Exporter.render(format, header: LogHeader(dropped: Int.max), events: [a, b])
                XCTAssertFalse(out.isEmpty, "\(format) at \(t)")
                if format == .perfetto {
                    XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(out.utf8)), "perfetto at \(t)")
                }
            }
        }
    }
}
