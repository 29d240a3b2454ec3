@_spi(Package) import BenchKit
import Foundation
@_spi(Package) import PresentationInspectorCore

// Benchmark 3: JSONL export and import, events/s, against Foundation's JSONEncoder and
// JSONDecoder on the same events (a Codable mirror of Event with the same fields, one JSON
// object per line, converted from and to Event inside the timed region, as ours is).

func runJSONLBenchmark(_ o: Options) {
    if o.string("read", "") != "" { return runImportOnly(o) }
    let n = o.int("events", 100_000)
    let dir = o.string("dir", NSTemporaryDirectory())
    let repeats = o.int("repeats", 3)
    let events = EventMix.events(n)
    let header = LogHeader(app: ["name": "pibench"], device: ["model": "generated"])
    let oursPath = (dir as NSString).appendingPathComponent("pibench-ours-\(getpid()).jsonl")
    let foundationPath = (dir as NSString).appendingPathComponent("pibench-foundation-\(getpid()).jsonl")
    defer {
        try? FileManager.default.removeItem(atPath: oursPath)
        try? FileManager.default.removeItem(atPath: foundationPath)
    }

    var exportOurs: [Double] = [], importOurs: [Double] = []
    var exportFoundation: [Double] = [], importFoundation: [Double] = []
    var oursBytes = 0, foundationBytes = 0
    for _ in 0..<repeats {
        // Ours: LogWriter to text, written to a file; LogReader from the file.
        var t0 = Measure.nanoseconds()
        let text = LogWriter.text(header: header, events: events)
        var t1 = Measure.nanoseconds()
        exportOurs.append(Double(t1 - t0))
        oursBytes = text.utf8.count
        try! text.write(toFile: oursPath, atomically: false, encoding: .utf8)
        t0 = Measure.nanoseconds()
        let read = try! LogReader.read(path: oursPath)
        t1 = Measure.nanoseconds()
        importOurs.append(Double(t1 - t0))
        precondition(read.events.count == n && read.issues.isEmpty, "our import lost events")

        // Foundation: JSONEncoder per event line; JSONDecoder per line.
        t0 = Measure.nanoseconds()
        let data = CodableLog.encode(header: header, events: events)
        t1 = Measure.nanoseconds()
        exportFoundation.append(Double(t1 - t0))
        foundationBytes = data.count
        try! data.write(to: URL(fileURLWithPath: foundationPath))
        t0 = Measure.nanoseconds()
        let decoded = CodableLog.decode(path: foundationPath)
        t1 = Measure.nanoseconds()
        importFoundation.append(Double(t1 - t0))
        precondition(decoded.count == n, "Foundation import lost events")
        if decoded.first != read.events.first { FileHandle.standardError.write(Data("note: first events differ between the two paths\n".utf8)) }
    }
    func rate(_ ns: [Double]) -> Double { Double(n) / (Measure.median(ns) / 1e9) }
    Measure.emit([
        "bench": "jsonl", "events": n, "repeats": repeats,
        "ours_bytes": oursBytes, "foundation_bytes": foundationBytes,
        "ours_export_events_per_s": rate(exportOurs), "ours_import_events_per_s": rate(importOurs),
        "foundation_export_events_per_s": rate(exportFoundation), "foundation_import_events_per_s": rate(importFoundation),
    ])
}

/// `--read FILE`: only our import, of an existing log (`genlog`), `repeats` times; the median
/// rate. With `--repeats 1` it is the run to profile (callgrind `--toggle-collect=*importOnce*`).
func runImportOnly(_ o: Options) {
    let path = o.string("read", "")
    let repeats = o.int("repeats", 3)
    var times: [Double] = []
    var count = 0
    for _ in 0..<repeats {
        let t0 = Measure.nanoseconds()
        count = importOnce(path)
        times.append(Double(Measure.nanoseconds() - t0))
    }
    Measure.emit(["bench": "jsonl-read", "events": count, "repeats": repeats,
                  "ours_import_events_per_s": Double(count) / (Measure.median(times) / 1e9)])
}

@inline(never)
func importOnce(_ path: String) -> Int {
    let read = try! LogReader.read(path: path)
    precondition(read.issues.isEmpty, "import reported issues: \(read.issues.prefix(3))")
    return read.events.count
}

/// Event's log fields as a Codable value: what an app would write with JSONEncoder.
struct CodableEvent: Codable {
    struct Ref: Codable { var id: String; var type: String; var title: String? }
    struct Diag: Codable { var code: String; var severity: String; var message: String }
    var seq: Int
    var time: Double
    var thread: String
    var kind: String
    var outcome: String
    var animated: Bool
    var window: String?
    var relatesTo: Int?
    var source: Ref?, presented: Ref?, presenting: Ref?, contextProvider: Ref?
    var requestedStyle: String?, effectiveStyle: String?, requestedTransition: String?, effectiveTransition: String?
    var explanation: [String]?
    var receiver: Ref?, handledBy: Ref?
    var dismissed: [Ref]?
    var forwarded: Bool?
    var diagnostics: [Diag]
    var chain: [Ref]
    var callSite: String?
    var ancestry: [Ref]?

    init(_ e: Event) {
        func r(_ c: ControllerRef?) -> Ref? { c.map { Ref(id: $0.id, type: $0.type, title: $0.title) } }
        seq = e.seq; time = e.time; thread = e.thread; kind = e.kind.rawValue; outcome = e.outcome.rawValue
        animated = e.animated; window = e.window; relatesTo = e.relatesTo
        source = r(e.source); presented = r(e.presented); presenting = r(e.presenting); contextProvider = r(e.contextProvider)
        requestedStyle = e.requestedStyle?.name; effectiveStyle = e.effectiveStyle?.name
        requestedTransition = e.requestedTransition?.name; effectiveTransition = e.effectiveTransition?.name
        explanation = e.explanation.isEmpty ? nil : e.explanation
        receiver = r(e.receiver); handledBy = r(e.handledBy)
        dismissed = e.dismissed.isEmpty ? nil : e.dismissed.compactMap(r)
        forwarded = e.forwarded
        diagnostics = e.diagnostics.map { Diag(code: $0.code.rawValue, severity: $0.severity.rawValue, message: $0.message) }
        chain = e.chain.compactMap(r)
        callSite = e.callSite
        ancestry = e.ancestry.isEmpty ? nil : e.ancestry.compactMap(r)
    }

    var event: Event? {
        guard let kind = EventKind(rawValue: kind), let outcome = Outcome(rawValue: outcome) else { return nil }
        func c(_ r: Ref?) -> ControllerRef? { r.map { ControllerRef(id: $0.id, type: $0.type, title: $0.title) } }
        return Event(seq: seq, time: time, thread: thread, kind: kind, outcome: outcome, animated: animated, window: window,
                     relatesTo: relatesTo, source: c(source), presented: c(presented), presenting: c(presenting),
                     contextProvider: c(contextProvider), requestedStyle: requestedStyle.flatMap(PresentationStyle.init(name:)),
                     effectiveStyle: effectiveStyle.flatMap(PresentationStyle.init(name:)),
                     requestedTransition: requestedTransition.flatMap(TransitionStyle.init(name:)),
                     effectiveTransition: effectiveTransition.flatMap(TransitionStyle.init(name:)),
                     explanation: explanation ?? [], receiver: c(receiver), handledBy: c(handledBy),
                     dismissed: (dismissed ?? []).compactMap(c), forwarded: forwarded,
                     diagnostics: diagnostics.compactMap { d in
                         Severity(rawValue: d.severity).map { Diagnostic(code: DiagnosticCode(rawValue: d.code), severity: $0, message: d.message) }
                     },
                     chain: chain.compactMap(c), callSite: callSite, ancestry: (ancestry ?? []).compactMap(c))
    }
}

/// The header as a Codable value.
struct CodableHeader: Codable {
    var format: String, version: Int, created: String, app: [String: String], device: [String: String], dropped: Int
}

enum CodableLog {
    static func encode(header: LogHeader, events: [Event]) -> Data {
        let encoder = JSONEncoder()
        var out = Data()
        out.append(try! encoder.encode(CodableHeader(format: header.format, version: header.version, created: header.created,
                                                     app: header.app, device: header.device, dropped: header.dropped)))
        out.append(0x0A)
        for e in events {
            out.append(try! encoder.encode(CodableEvent(e)))
            out.append(0x0A)
        }
        return out
    }

    static func decode(path: String) -> [Event] {
        let data = try! Data(contentsOf: URL(fileURLWithPath: path))
        let decoder = JSONDecoder()
        var events: [Event] = []
        var first = true
        for line in data.split(separator: 0x0A, omittingEmptySubsequences: true) {
            if first { first = false; _ = try! decoder.decode(CodableHeader.self, from: line); continue }
            if let e = try? decoder.decode(CodableEvent.self, from: line).event { events.append(e) }
        }
        return events
    }
}
