@_spi(Package) import BenchKit
import Foundation
@_spi(Package) import PresentationInspectorCore

/// `pibench html`: renders the HTML report of N realistic events with `Exporter.render(.html…)`
/// and writes it; Scripts/bench.sh then times headless Chromium on the file.
func runHTMLBenchmark(_ o: Options) {
    let n = o.int("events", 1_000)
    guard let path = o.optionalString("output") else { fail("html needs --output FILE") }
    let events = EventMix.events(n)
    let header = LogHeader(app: ["name": "pibench"], device: ["model": "generated"])
    let t0 = Measure.nanoseconds()
    let html = Exporter.render(.html, header: header, events: events)
    let t1 = Measure.nanoseconds()
    try! html.write(toFile: path, atomically: true, encoding: .utf8)
    Measure.emit(["bench": "html", "events": n, "bytes": html.utf8.count, "render_ms": Double(t1 - t0) / 1e6, "path": path])
}
