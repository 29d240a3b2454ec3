/// Counts that describe a recording at a glance (`pinspect summary`, report and text headers).
@_spi(Package) public struct RecordingSummary: Equatable, Sendable {
    /// The number of events.
    @_spi(Package) public var eventCount: Int
    /// Events per kind, in ``EventKind`` declaration order, kinds that occur only.
    @_spi(Package) public var kinds: [(kind: EventKind, count: Int)]
    /// Events per outcome, in ``Outcome`` declaration order, outcomes that occur only.
    @_spi(Package) public var outcomes: [(outcome: Outcome, count: Int)]
    /// Diagnostics (not events with diagnostics) in all.
    @_spi(Package) public var diagnosticCount: Int
    /// Diagnostics per severity, most severe first, all three severities.
    @_spi(Package) public var severities: [(severity: Severity, count: Int)]
    /// Diagnostics per code, most frequent first (ties by code).
    @_spi(Package) public var codes: [(code: DiagnosticCode, count: Int)]
    /// Windows in order of first appearance.
    @_spi(Package) public var windows: [String]
    /// Distinct controller ids named by any event.
    @_spi(Package) public var controllerCount: Int
    /// The smallest seq, nil without events.
    @_spi(Package) public var firstSeq: Int?
    /// The largest seq, nil without events.
    @_spi(Package) public var lastSeq: Int?
    /// The earliest event time, nil without events.
    @_spi(Package) public var startTime: Double?
    /// The latest event time, nil without events.
    @_spi(Package) public var endTime: Double?
    /// Events the recorder dropped before the log starts (from the header).
    @_spi(Package) public var dropped: Int

    /// Computes the summary.
    @_spi(Package) public init(header: LogHeader, events: [Event]) {
        var meter = WorkMeter()
        self.init(header: header, events: events, meter: &meter)
    }

    /// Computes the summary, counting its steps.
    init(header: LogHeader, events: [Event], meter: inout WorkMeter) {
        var acc = Accumulator()
        for e in events { meter.steps += 1; acc.add(e) }
        self = acc.summary(header: header)
    }

    /// Builds a summary one event at a time, so a log can be summarised while it streams by
    /// (`pinspect summary` keeps no event). Memory grows with the distinct windows and
    /// controllers, not with the events; windows seen are kept in a set beside their ordered
    /// list (`windows.contains` per event would be quadratic in the windows).
    @_spi(Package) public struct Accumulator: Sendable {
        private var eventCount = 0
        private var kindCounts: [EventKind: Int] = [:], outcomeCounts: [Outcome: Int] = [:]
        private var severityCounts: [Severity: Int] = [:], codeCounts: [DiagnosticCode: Int] = [:]
        private var windows: [String] = [], seenWindows = Set<String>(), ids = Set<String>()
        private var firstSeq: Int?, lastSeq: Int?, startTime: Double?, endTime: Double?

        private var lastWindow: String?
        /// The ids inserted most recently, in a small ring checked before hashing.
        private var recentIDs = [String?](repeating: nil, count: 8), recentNext = 0

        /// An empty accumulator.
        @_spi(Package) public init() {}

        private mutating func note(_ id: String) {
            for r in recentIDs where r == id { return }
            ids.insert(id)
            recentIDs[recentNext] = id
            recentNext = (recentNext + 1) & 7
        }

        /// Counts `e`. Cheap per event, as it runs once per event of `pinspect summary`: ids go
        /// straight into the set (no array of the event's controllers first), and a window or id
        /// equal to the one just seen (the common case, and a pointer comparison for the interned
        /// strings the reader hands out) is not hashed again.
        @_spi(Package) public mutating func add(_ e: Event) {
            eventCount += 1
            kindCounts[e.kind, default: 0] += 1
            outcomeCounts[e.outcome, default: 0] += 1
            for d in e.diagnostics { severityCounts[d.severity, default: 0] += 1; codeCounts[d.code, default: 0] += 1 }
            if let w = e.window, w != lastWindow {
                lastWindow = w
                if seenWindows.insert(w).inserted { windows.append(w) }
            }
            for r in [e.source, e.presented, e.presenting, e.contextProvider, e.receiver, e.handledBy] { if let r { note(r.id) } }
            for r in e.dismissed { note(r.id) }
            for r in e.chain { note(r.id) }
            firstSeq = min(firstSeq ?? e.seq, e.seq); lastSeq = max(lastSeq ?? e.seq, e.seq)
            startTime = min(startTime ?? e.time, e.time); endTime = max(endTime ?? e.time, e.time)
        }

        /// The summary of every event added so far.
        @_spi(Package) public func summary(header: LogHeader) -> RecordingSummary {
            RecordingSummary(
                eventCount: eventCount,
                kinds: EventKind.allCases.compactMap { k in kindCounts[k].map { (k, $0) } },
                outcomes: Outcome.allCases.compactMap { o in outcomeCounts[o].map { (o, $0) } },
                diagnosticCount: severityCounts.values.reduce(0, +),
                severities: Severity.allCases.reversed().map { ($0, severityCounts[$0] ?? 0) },
                codes: codeCounts.map { ($0.key, $0.value) }.sorted { ($1.1, $0.0.rawValue) < ($0.1, $1.0.rawValue) },
                windows: windows, controllerCount: ids.count, firstSeq: firstSeq, lastSeq: lastSeq,
                startTime: startTime, endTime: endTime, dropped: header.dropped)
        }
    }

    private init(eventCount: Int, kinds: [(kind: EventKind, count: Int)], outcomes: [(outcome: Outcome, count: Int)],
                 diagnosticCount: Int, severities: [(severity: Severity, count: Int)], codes: [(code: DiagnosticCode, count: Int)],
                 windows: [String], controllerCount: Int, firstSeq: Int?, lastSeq: Int?, startTime: Double?, endTime: Double?, dropped: Int) {
        self.eventCount = eventCount; self.kinds = kinds; self.outcomes = outcomes; self.diagnosticCount = diagnosticCount
        self.severities = severities; self.codes = codes; self.windows = windows; self.controllerCount = controllerCount
        self.firstSeq = firstSeq; self.lastSeq = lastSeq; self.startTime = startTime; self.endTime = endTime; self.dropped = dropped
    }

    /// The number of diagnostics of `severity` or worse.
    @_spi(Package) public func count(atLeast severity: Severity) -> Int {
        severities.filter { $0.severity >= severity }.map(\.count).reduce(0, +)
    }

    /// `82 events, 12 diagnostics (7 errors, 4 warnings, 1 info), 0.000s–23.600s, 6 windows`.
    @_spi(Package) public var oneLine: String {
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
    @_spi(Package) public static func == (a: RecordingSummary, b: RecordingSummary) -> Bool {
        a.eventCount == b.eventCount && a.kinds.elementsEqual(b.kinds, by: ==) && a.outcomes.elementsEqual(b.outcomes, by: ==)
            && a.diagnosticCount == b.diagnosticCount && a.severities.elementsEqual(b.severities, by: ==)
            && a.codes.elementsEqual(b.codes, by: ==) && a.windows == b.windows && a.controllerCount == b.controllerCount
            && a.firstSeq == b.firstSeq && a.lastSeq == b.lastSeq && a.startTime == b.startTime && a.endTime == b.endTime
            && a.dropped == b.dropped
    }

    /// The summary as one JSON object (`pinspect summary --json`).
    @_spi(Package) public var json: String {
        var w = JSONWriter()
        w.beginObject()
        w.field("events", eventCount)
        w.key("kinds"); w.beginObject(); for (k, n) in kinds { w.key(escaping: k.rawValue); w.int(n) }; w.endObject()
        w.key("outcomes"); w.beginObject(); for (o, n) in outcomes { w.key(escaping: o.rawValue); w.int(n) }; w.endObject()
        w.field("diagnostics", diagnosticCount)
        w.key("severities"); w.beginObject(); for (s, n) in severities { w.key(escaping: s.rawValue); w.int(n) }; w.endObject()
        w.key("codes"); w.beginObject(); for (c, n) in codes { w.key(escaping: c.rawValue); w.int(n) }; w.endObject()
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
