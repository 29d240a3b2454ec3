@_spi(Package) import BenchKit
import Foundation
@_spi(Package) import PresentationInspectorCore

/// `pibench genlog`: a realistic log of N events (the built-in scenarios' events repeated,
/// seq renumbered), written in chunks so that memory stays small.
func runGenerateLog(_ o: Options) {
    let n = o.int("events", 1_000_000)
    guard let path = o.optionalString("output") else { fail("genlog needs --output FILE") }
    guard FileManager.default.createFile(atPath: path, contents: nil), let out = FileHandle(forWritingAtPath: path) else {
        fail("cannot write \(path)")
    }
    let header = LogHeader(app: ["name": "pibench", "mode": "generated"], device: ["model": "generated"])
    out.write(Data((EventCoding.encode(header) + "\n").utf8))
    let round = EventMix.oneRound()
    let span = (round.last?.time ?? 0) + 1
    var written = 0
    var bytes = 0
    var lap = 0
    while written < n {
        var chunk = ""
        chunk.reserveCapacity(round.count * 1100)
        for var e in round where written < n {
            written += 1
            e.seq = written
            e.time += Double(lap) * span
            if let r = e.relatesTo { e.relatesTo = r + lap * round.count }
            chunk += EventCoding.encode(e)
            chunk += "\n"
        }
        bytes += chunk.utf8.count
        out.write(Data(chunk.utf8))
        lap += 1
    }
    try? out.close()
    Measure.emit(["bench": "genlog", "events": n, "bytes": bytes, "path": path])
}
