/// Chrome Trace Event JSON (the "JSON Object Format"), which Perfetto and `chrome://tracing` open.
///
/// Each window is a process (`pid`), each timeline lane a thread (`tid`) inside it. Presented
/// lifetimes and transitions are complete events (`"ph":"X"`) that nest properly on their
/// track; a dismissal's transition shows on the lane of every controller it removed. Requests
/// (present, dismiss, swipe-down, rejected or not) and diagnostics are thread-scoped instant
/// events (`"ph":"i"`) on their lane. A last process, "threads", has one track per thread the
/// calls were made on (`main`, or a worker's name from the log) with an instant per event.
/// Times are microseconds since the recording started.
@_spi(Package) public enum PerfettoExporter {
    /// The trace as JSON text.
    @_spi(Package) public static func render(header: LogHeader, events: [Event]) -> String {
        let t = PresentationTimeline.make(events: events)
        var lines: [String] = []
        var pidOf: [String: Int] = [:]
        var windowOrder: [String] = []
        for lane in t.lanes where pidOf[lane.key.window] == nil {
            windowOrder.append(lane.key.window)
            pidOf[lane.key.window] = windowOrder.count
        }
        for (i, w) in windowOrder.enumerated() {
            lines.append(metadata("process_name", pid: i + 1, tid: 0, ["name": .string("window \(VisibleText.escaped(w))")]))
            lines.append(metadata("process_sort_index", pid: i + 1, tid: 0, ["sort_index": .int(i)]))
        }

        // Slices per lane, longest first among those starting together, so parents precede children.
        var slicesByLane = [[Slice]](repeating: [], count: t.lanes.count)
        for l in t.lifetimes {
            var args: [(String, Arg)] = [("controller", .string(l.controller.consoleDescription))]
            if let s = l.presentSeq { args.append(("presentSeq", .int(s))) }
            if let s = l.endSeq { args.append(("endSeq", .int(s))) }
            if let s = l.style { args.append(("style", .string(s.name))) }
            if let p = l.presenting { args.append(("presenting", .string(p.consoleDescription))) }
            if l.isOpen { args.append(("stillPresentedAtEnd", .bool(true))) }
            slicesByLane[l.lane].append(Slice(name: l.controller.label, category: l.isWindowRoot ? "window-root" : "presented",
                                              start: micros(l.start), end: micros(l.end), args: args))
        }
        // Lanes whose lifetime a dismissal ended, beside the top one its transition sits on.
        var lanesEndedBy: [Int: [Int]] = [:]
        for l in t.lifetimes { if let s = l.endSeq { lanesEndedBy[s, default: []].append(l.lane) } }
        for tr in t.transitions {
            var args: [(String, Arg)] = [("seq", .int(tr.seq)), ("animated", .bool(tr.animated))]
            if let c = tr.completedSeq { args.append(("completedSeq", .int(c))) }
            slicesByLane[tr.lane].append(Slice(name: "\(tr.direction.rawValue) \(VisibleText.escaped(tr.controller.type))", category: "transition",
                                               start: micros(tr.start), end: micros(tr.end), args: args))
            guard tr.direction == .dismiss else { continue }
            var done: Set<Int> = [tr.lane]
            for lane in lanesEndedBy[tr.seq] ?? [] where done.insert(lane).inserted && slicesByLane.indices.contains(lane) {
                slicesByLane[lane].append(Slice(name: "\(tr.direction.rawValue) \(VisibleText.escaped(tr.controller.type))", category: "transition",
                                                start: micros(tr.start), end: micros(tr.end),
                                                args: args + [("removedWith", .string(tr.controller.consoleDescription))]))
            }
        }

        var nextTid = 1
        var tidOfLane: [Int] = []
        for (laneIndex, lane) in t.lanes.enumerated() {
            let pid = pidOf[lane.key.window]!
            let tracks = nestedTracks(slicesByLane[laneIndex])
            let base = nextTid
            tidOfLane.append(base)
            for (k, track) in tracks.enumerated() {
                let tid = nextTid
                nextTid += 1
                let name = lane.title + (k > 0 ? " (overlapping \(k))" : "")
                lines.append(metadata("thread_name", pid: pid, tid: tid, ["name": .string(name)]))
                lines.append(metadata("thread_sort_index", pid: pid, tid: tid, ["sort_index": .int(tid)]))
                for s in track { lines.append(complete(s, pid: pid, tid: tid)) }
            }
            if tracks.isEmpty {
                lines.append(metadata("thread_name", pid: pid, tid: base, ["name": .string(lane.title)]))
                lines.append(metadata("thread_sort_index", pid: pid, tid: base, ["sort_index": .int(base)]))
                nextTid += 1
            }
        }

        let bySeq = Dictionary(events.map { ($0.seq, $0) }, uniquingKeysWith: { a, _ in a })
        for m in t.markers {
            guard let e = bySeq[m.seq] else { continue }
            if e.kind == .present || e.kind == .dismiss || e.kind == .interactiveDismiss {
                lines.append(instant(name: requestName(e), category: "request,\(m.kind.rawValue)", e,
                                     pid: pidOf[t.lanes[m.lane].key.window]!, tid: tidOfLane[m.lane]))
            }
            for d in e.diagnostics {
                var w = JSONWriter(reservingCapacity: 256)
                w.beginObject()
                w.field("name", d.code.description)
                w.field("cat", "diagnostic,\(d.severity.rawValue)")
                w.field("ph", "i")
                w.field("s", "t")
                w.field("ts", micros(e.time))
                w.field("pid", pidOf[t.lanes[m.lane].key.window]!)
                w.field("tid", tidOfLane[m.lane])
                w.key("args"); w.beginObject()
                w.field("seq", e.seq); w.field("severity", d.severity.rawValue); w.field("message", d.message)
                if let fix = d.fix { w.field("fix", fix) }
                w.field("event", e.summary)
                w.endObject()
                w.endObject()
                lines.append(w.text)
            }
        }

        lines += threadTracks(events, pid: windowOrder.count + 1)

        var other = JSONWriter()
        other.beginObject()
        other.field("format", header.format)
        other.field("version", header.version)
        for k in header.app.keys.sorted() { other.key(escaping: "app.\(k)"); other.string(header.app[k]!) }
        for k in header.device.keys.sorted() { other.key(escaping: "device.\(k)"); other.string(header.device[k]!) }
        if header.dropped > 0 { other.field("dropped", header.dropped) }
        other.endObject()
        return "{\"displayTimeUnit\":\"ms\",\"otherData\":\(other.text),\"traceEvents\":[\n" + lines.joined(separator: ",\n") + "\n]}\n"
    }

    /// One track per thread the events name, in order of appearance, with an instant per event.
    private static func threadTracks(_ events: [Event], pid: Int) -> [String] {
        guard !events.isEmpty else { return [] }
        var lines = [metadata("process_name", pid: pid, tid: 0, ["name": .string("threads")]),
                     metadata("process_sort_index", pid: pid, tid: 0, ["sort_index": .int(pid)])]
        var tidOf: [String: Int] = [:]
        for e in events.sorted(by: { $0.seq < $1.seq }) {
            let tid: Int
            if let known = tidOf[e.thread] {
                tid = known
            } else {
                tid = tidOf.count + 1
                tidOf[e.thread] = tid
                lines.append(metadata("thread_name", pid: pid, tid: tid, ["name": .string("thread \(VisibleText.escaped(e.thread))")]))
                lines.append(metadata("thread_sort_index", pid: pid, tid: tid, ["sort_index": .int(tid)]))
            }
            lines.append(instant(name: requestName(e), category: "thread,\(e.kind.rawValue)", e, pid: pid, tid: tid))
        }
        return lines
    }

    /// `present UIActivityViewController (rejected)`.
    private static func requestName(_ e: Event) -> String {
        let subject = e.presented ?? e.dismissed.first ?? e.receiver
        var s = e.kind.rawValue + (subject.map { " " + VisibleText.escaped($0.type) } ?? "")
        if e.outcome != .presented && e.outcome != .dismissed && e.outcome != .completed { s += " (\(e.outcome.rawValue))" }
        return s
    }

    private static func instant(name: String, category: String, _ e: Event, pid: Int, tid: Int) -> String {
        var w = JSONWriter(reservingCapacity: 256)
        w.beginObject()
        w.field("name", name); w.field("cat", category); w.field("ph", "i"); w.field("s", "t")
        w.field("ts", micros(e.time)); w.field("pid", pid); w.field("tid", tid)
        w.key("args"); w.beginObject()
        w.field("seq", e.seq); w.field("outcome", e.outcome.rawValue); w.field("thread", e.thread); w.field("event", e.summary)
        w.endObject()
        w.endObject()
        return w.text
    }

    /// Seconds to whole microseconds; durations are differences of these, so nesting is exact.
    /// Clamped to ±10¹² s first so that a duration (the difference of two of these) cannot
    /// overflow `Int` even for times built in memory past ValueRanges.time.
    static func micros(_ seconds: Double) -> Int { clampedInt(min(max(seconds, -1e12), 1e12) * 1_000_000) }

    struct Slice {
        var name: String
        var category: String
        var start: Int
        var end: Int
        var args: [(String, Arg)]
    }

    enum Arg {
        case string(String), int(Int), bool(Bool)
    }

    /// Splits slices into as few tracks as needed so that on each track every two slices are
    /// either disjoint or one contains the other (the format's nesting rule).
    static func nestedTracks(_ slices: [Slice]) -> [[Slice]] {
        let sorted = slices.enumerated().sorted { a, b in
            (a.element.start, -a.element.end, a.offset) < (b.element.start, -b.element.end, b.offset)
        }.map(\.element)
        var tracks: [[Slice]] = []
        var stacks: [[Int]] = []  // per track: ends of the open enclosing slices
        for s in sorted {
            var placed = false
            for k in tracks.indices {
                var stack = stacks[k]
                while let top = stack.last, top <= s.start { stack.removeLast() }
                if let top = stack.last, s.end > top { continue }  // would straddle the enclosing slice
                stack.append(s.end)
                stacks[k] = stack
                tracks[k].append(s)
                placed = true
                break
            }
            if !placed { tracks.append([s]); stacks.append([s.end]) }
        }
        return tracks
    }

    private static func metadata(_ name: String, pid: Int, tid: Int, _ args: [String: Arg]) -> String {
        var w = JSONWriter(reservingCapacity: 128)
        w.beginObject()
        w.field("name", name); w.field("ph", "M"); w.field("pid", pid); w.field("tid", tid)
        w.key("args"); writeArgs(args.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }, &w)
        w.endObject()
        return w.text
    }

    private static func complete(_ s: Slice, pid: Int, tid: Int) -> String {
        var w = JSONWriter(reservingCapacity: 256)
        w.beginObject()
        w.field("name", s.name); w.field("cat", s.category); w.field("ph", "X")
        w.field("ts", s.start); w.field("dur", max(0, s.end - s.start))
        w.field("pid", pid); w.field("tid", tid)
        w.key("args"); writeArgs(s.args, &w)
        w.endObject()
        return w.text
    }

    private static func writeArgs(_ args: [(String, Arg)], _ w: inout JSONWriter) {
        w.beginObject()
        for (k, v) in args {
            w.key(escaping: k)
            switch v {
            case .string(let s): w.string(s)
            case .int(let n): w.int(n)
            case .bool(let b): w.bool(b)
            }
        }
        w.endObject()
    }
}
