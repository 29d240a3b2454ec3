/// The report's timeline as compact data for the page's canvas (Resources/timeline.js draws
/// it): at 100,000 events an SVG element per mark would be most of the file and of the page's
/// start-up time, while these flat number arrays cost a few bytes per mark.
///
/// Layout of the JSON object:
/// - `start`, `end`: the recording's first and last time, seconds;
/// - `windows`: window ids in lane order; `lanes`: `[window index, level, slot]` per lane, flat;
/// - `ctl`: window roots' labels (`Type “title”`), each once;
/// - `bars`: `[lane, Δstart, duration, ctl or -1, presentSeq or -1, flags]` per lifetime
///   (flags: 1 window root, 2 still open at the end); a presented controller's label is not
///   repeated here: the page takes it from its `present` event (`presentSeq`);
/// - `segs`: `[lane, Δstart, duration, direction (0 present, 1 dismiss), Δseq]` per transition;
/// - `marks`: `[lane, Δtime, kind, severity, Δseq]` per marker (kind: 0 request, 1 rejection,
///   2 diagnostic, 3 swipe-down, 4 detent change; severity: -1 none, 0 info, 1 warning, 2 error);
/// - `reach` (only when there is one): `[lane, Δstart, duration, Δseq, detent, ctl]` per time a
///   presenting controller stayed interactive below an undimmed sheet (`seq`: the event that began
///   it, whose presented controller is the sheet; `detent`: index into `detents`; `ctl`: the
///   presenting controller's label, in `ctl`).
/// Times are integer microseconds after `start`; every Δ is against the previous entry of the
/// same array (entries are in event order, so the deltas are short numbers).
enum HTMLReportTimeline {
    static func json(_ t: PresentationTimeline) -> String {
        var out = "{\"start\":" + HTMLReportData.number(t.startTime) + ",\"end\":" + HTMLReportData.number(t.endTime)
        var windowIndex: [String: Int] = [:], windows: [String] = []
        var lanes: [Int] = []
        for l in t.lanes {
            let w: Int
            if let known = windowIndex[l.key.window] { w = known } else { w = windows.count; windows.append(l.key.window); windowIndex[l.key.window] = w }
            lanes += [w, l.key.level, l.key.slot]
        }
        out += ",\"windows\":" + strings(windows) + ",\"lanes\":" + ints(lanes)

        var ctlIndex: [String: Int] = [:], ctl: [String] = []
        func controller(_ r: ControllerRef) -> Int {
            let label = r.title.map { "\(r.type) “\($0)”" } ?? r.type
            if let known = ctlIndex[label] { return known }
            ctl.append(label); ctlIndex[label] = ctl.count - 1
            return ctl.count - 1
        }
        func micros(_ time: Double) -> Int { clampedInt((time - t.startTime) * 1_000_000) }

        var bars: [Int] = [], previous = 0
        bars.reserveCapacity(t.lifetimes.count * 6)
        for l in t.lifetimes {
            let start = micros(l.start)
            bars += [l.lane, start &- previous, max(0, micros(l.end) &- start), l.presentSeq == nil ? controller(l.controller) : -1,
                     l.presentSeq ?? -1, (l.isWindowRoot ? 1 : 0) | (l.isOpen ? 2 : 0)]
            previous = start
        }
        var segs: [Int] = [], previousSeq = 0
        previous = 0
        segs.reserveCapacity(t.transitions.count * 5)
        for s in t.transitions {
            let start = micros(s.start)
            segs += [s.lane, start &- previous, max(0, micros(s.end) &- start), s.direction == .present ? 0 : 1, s.seq &- previousSeq]
            previous = start; previousSeq = s.seq
        }
        var marks: [Int] = []
        previous = 0; previousSeq = 0
        marks.reserveCapacity(t.markers.count * 5)
        for m in t.markers {
            let time = micros(m.time)
            marks += [m.lane, time &- previous, kindCode(m.kind), severityCode(m.severity), m.seq &- previousSeq]
            previous = time; previousSeq = m.seq
        }
        // The times a presenting controller stayed interactive below an undimmed sheet.
        var reach: [Int] = [], detents: [String] = [], detentIndex: [String: Int] = [:]
        previous = 0; previousSeq = 0
        for r in t.reachable {
            let start = micros(r.start)
            let d: Int
            if let known = detentIndex[r.detent] { d = known } else { d = detents.count; detents.append(r.detent); detentIndex[r.detent] = d }
            reach += [r.lane, start &- previous, max(0, micros(r.end) &- start), r.startSeq &- previousSeq, d, controller(r.controller)]
            previous = start; previousSeq = r.startSeq
        }
        out += ",\"ctl\":" + strings(ctl) + ",\n\"bars\":" + ints(bars) + ",\n\"segs\":" + ints(segs) + ",\n\"marks\":" + ints(marks)
        if !reach.isEmpty { out += ",\n\"reach\":" + ints(reach) + ",\"detents\":" + strings(detents) }
        out += "}"
        return out.replacingAll("<", with: "\\u003c")
    }

    static func kindCode(_ k: PresentationTimeline.MarkerKind) -> Int {
        switch k {
        case .request: 0
        case .rejection: 1
        case .diagnostic: 2
        case .interactive: 3
        case .detent: 4
        }
    }

    static func severityCode(_ s: Severity?) -> Int {
        switch s {
        case nil: -1
        case .info: 0
        case .warning: 1
        case .error: 2
        }
    }

    private static func ints(_ values: [Int]) -> String {
        var o = "["
        o.reserveCapacity(values.count * 4)
        for (i, v) in values.enumerated() {
            if i > 0 { o += "," }
            o += String(v)
        }
        return o + "]"
    }

    private static func strings(_ values: [String]) -> String {
        var o = "["
        for (i, v) in values.enumerated() {
            if i > 0 { o += "," }
            JSONWriter.appendQuoted(v, to: &o)
        }
        return o + "]"
    }
}
