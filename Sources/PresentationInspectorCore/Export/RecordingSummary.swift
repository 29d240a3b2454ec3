/// Counts that describe a recording at a glance (`pinspect summary`, report and text headers).
public struct RecordingSummary: Equatable, Sendable {
    /// The number of events.
    public var eventCount: Int
    /// Events per kind, in ``EventKind`` declaration order, kinds that occur only.
    public var kinds: [(kind: EventKind, count: Int)]
    /// Events per outcome, in ``Outcome`` declaration order, outcomes that occur only.
    public var outcomes: [(outcome: Outcome, count: Int)]
    /// Diagnostics (not events with diagnostics) in all.
    public var diagnosticCount: Int
    /// Diagnostics per severity, most severe first, all three severities.
    public var severities: [(severity: Severity, count: Int)]
    /// Diagnostics per code, most frequent first (ties by code).
    public var codes: [(code: DiagnosticCode, count: Int)]
    /// Windows in order of first appearance.
    public var windows: [String]
    /// Distinct controller ids named by any event.
    public var controllerCount: Int
    /// The smallest seq, nil without events.
    public var firstSeq: Int?
    /// The largest seq, nil without events.
    public var lastSeq: Int?
    /// The earliest event time, nil without events.
    public var startTime: Double?
    /// The latest event time, nil without events.
    public var endTime: Double?
    /// Events the recorder dropped before the log starts (from the header).
    public var dropped: Int

    /// Computes the summary.
    public init(header: LogHeader, events: [Event]) {
        var meter = WorkMeter()
        self.init(header: header, events: events, meter: &meter)
    }

    /// Computes the summary, counting its steps: windows seen are kept in a set beside their
    /// ordered list (issue 10: `windows.contains` per event was quadratic in the windows).
    init(header: LogHeader, events: [Event], meter: inout WorkMeter) {
        eventCount = events.count
        var kindCounts: [EventKind: Int] = [:], outcomeCounts: [Outcome: Int] = [:]
        var severityCounts: [Severity: Int] = [:], codeCounts: [DiagnosticCode: Int] = [:]
        var windows: [String] = [], seenWindows = Set<String>(), ids = Set<String>()
        for e in events {
            meter.steps += 1
            kindCounts[e.kind, default: 0] += 1
            outcomeCounts[e.outcome, default: 0] += 1
            for d in e.diagnostics { severityCounts[d.severity, default: 0] += 1; codeCounts[d.code, default: 0] += 1 }
            if let w = e.window, seenWindows.insert(w).inserted { windows.append(w) }
            for r in e.controllers { ids.insert(r.id) }
            for r in e.chain { ids.insert(r.id) }
        }
        kinds = EventKind.allCases.compactMap { k in kindCounts[k].map { (k, $0) } }
        outcomes = Outcome.allCases.compactMap { o in outcomeCounts[o].map { (o, $0) } }
        severities = Severity.allCases.reversed().map { ($0, severityCounts[$0] ?? 0) }
        diagnosticCount = severityCounts.values.reduce(0, +)
        codes = codeCounts.map { ($0.key, $0.value) }.sorted { ($1.1, $0.0.rawValue) < ($0.1, $1.0.rawValue) }
        self.windows = windows
        controllerCount = ids.count
        firstSeq = events.lazy.map(\.seq).min(); lastSeq = events.lazy.map(\.seq).max()
        startTime = events.lazy.map(\.time).min(); endTime = events.lazy.map(\.time).max()
        dropped = header.dropped
    }

    /// The number of diagnostics of `severity` or worse.
    public func count(atLeast severity: Severity) -> Int {
        severities.filter { $0.severity >= severity }.map(\.count).reduce(0, +)
    }

    /// `82 events, 12 diagnostics (7 errors, 4 warnings, 1 info), 0.000s–23.600s, 6 windows`.
    public var oneLine: String {
        var s = "\(eventCount) event\(eventCount == 1 ? "" : "s"), \(diagnosticCount) diagnostic\(diagnosticCount == 1 ? "" : "s")"
        let parts = severities.filter { $0.count > 0 }.map { sev, n in
            "\(n) \(sev.rawValue)\(n == 1 || sev == .info ? "" : "s")"
        }
        if !parts.isEmpty { s += " (" + parts.joined(separator: ", ") + ")" }
        if let a = startTime, let b = endTime { s += ", \(formatTime(a))–\(formatTime(b))" }
        s += ", \(windows.count) window\(windows.count == 1 ? "" : "s")"
        return s
    }

    /// Field-by-field equality (tuples are not Equatable, so it is spelled out).
    public static func == (a: RecordingSummary, b: RecordingSummary) -> Bool {
        a.eventCount == b.eventCount && a.kinds.elementsEqual(b.kinds, by: ==) && a.outcomes.elementsEqual(b.outcomes, by: ==)
            && a.diagnosticCount == b.diagnosticCount && a.severities.elementsEqual(b.severities, by: ==)
            && a.codes.elementsEqual(b.codes, by: ==) && a.windows == b.windows && a.controllerCount == b.controllerCount
            && a.firstSeq == b.firstSeq && a.lastSeq == b.lastSeq && a.startTime == b.startTime && a.endTime == b.endTime
            && a.dropped == b.dropped
    }

    /// The summary as one JSON object (`pinspect summary --json`).
    public var json: String {
        var w = JSONWriter()
        w.beginObject()
        w.field("events", eventCount)
        w.key("kinds"); w.beginObject(); for (k, n) in kinds { w.field(k.rawValue, n) }; w.endObject()
        w.key("outcomes"); w.beginObject(); for (o, n) in outcomes { w.field(o.rawValue, n) }; w.endObject()
        w.field("diagnostics", diagnosticCount)
        w.key("severities"); w.beginObject(); for (s, n) in severities { w.field(s.rawValue, n) }; w.endObject()
        w.key("codes"); w.beginObject(); for (c, n) in codes { w.field(c.rawValue, n) }; w.endObject()
        w.key("windows"); w.beginArray(); for x in windows { w.string(x) }; w.endArray()
        w.field("controllers", controllerCount)
        if let v = firstSeq { w.field("firstSeq", v) }
        if let v = lastSeq { w.field("lastSeq", v) }
        if let v = startTime { w.field("startTime", number: v) }
        if let v = endTime { w.field("endTime", number: v) }
        w.field("dropped", dropped)
        w.endObject()
        return w.text
    }
}
