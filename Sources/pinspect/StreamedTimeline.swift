@_spi(Package) import PresentationInspectorCore

/// `pinspect timeline` over a stream of events: the same text and JSON as the
/// timeline made from the whole log, without keeping the log.
///
/// The event lines are put aside as they come (a ``Spool``); ``PresentationTimeline/Builder``
/// hands out each lifetime, transition and marker once it is final, and it is rendered then and
/// put aside too, with its lane and creation number in a small slot. At the end the lanes get
/// their order and the pieces are copied out in the order the whole-log timeline lists them.
/// What stays in memory: the open presentations, 16 bytes per item, and (with --kind or
/// --controller) the seqs of the selected events. Needs the events in seq order, as the recorder
/// writes them; ``inOrder`` says whether they were.
struct StreamedTimeline {
    /// Where a rendered item is in the spool, and the builder's lane number to put in it
    /// (16 bytes: a 1,000,000-event log makes about 1.2 million items).
    private struct Slot {
        var offset: Int
        var length: Int32 = -1  // -1: filtered out, or not rendered
        var lane: Int32 = 0
    }

    /// Stands for the lane number in JSON rendered before the lanes are ordered.
    private static let laneMark = 7_777_777_777
    private static let laneMarkText = Array("\"lane\":\(laneMark)".utf8)

    let json: Bool
    let filter: EventFilterOptions
    private var builder = PresentationTimeline.Builder()
    private var selected = Set<Int>()
    private let lines: Spool
    private let items: Spool
    /// How many events the filter selected.
    private(set) var selectedCount = 0
    private var lifetimes: [Slot] = [], transitions: [Slot] = [], markers: [Slot] = [], reachable: [Slot] = []
    private var lastSeq = Int.min
    private var startTime: Double?, endTime: Double?
    /// Whether every event came in seq order (else the output must come from the sorted log).
    private(set) var inOrder = true

    init(json: Bool, filter: EventFilterOptions) throws {
        self.json = json
        self.filter = filter
        builder.makesMarkers = json
        lines = try Spool()
        items = try Spool()
    }

    mutating func add(_ e: Event) {
        guard inOrder else { return }
        guard e.seq >= lastSeq else { inOrder = false; return }
        lastSeq = e.seq
        startTime = min(startTime ?? e.time, e.time)
        endTime = max(endTime ?? e.time, e.time)
        if filter.matches(e) {
            if filter.isActive { selected.insert(e.seq) }
            selectedCount += 1
            if !json { lines.append(TextExporter.timelineLines(e)) }
        }
        builder.add(e)
        take(builder.drain())
    }

    private mutating func take(_ drained: [PresentationTimeline.Builder.Item]) {
        for item in drained {
            switch item {
            case .lifetime(let n, let l):
                let keep = !filter.isActive || l.presentSeq.map(selected.contains) == true || l.endSeq.map(selected.contains) == true
                    || filter.controller.map(l.controller.isNamed) == true
                Self.put(n, in: &lifetimes, keep ? render(l) : nil, lane: l.lane, items: items, json: json)
            case .transition(let n, let x):
                let keep = !filter.isActive || selected.contains(x.seq)
                Self.put(n, in: &transitions, keep ? render(x) : nil, lane: x.lane, items: items, json: json)
            case .marker(let m):
                guard !filter.isActive || selected.contains(m.seq) else { continue }
                Self.put(markers.count, in: &markers, render(m), lane: m.lane, items: items, json: json)
            case .reachable(let n, let r):
                let keep = !filter.isActive || selected.contains(r.startSeq) || r.endSeq.map(selected.contains) == true
                    || filter.controller.map { r.controller.isNamed($0) || r.sheet.isNamed($0) } == true
                Self.put(n, in: &reachable, keep ? render(r) : nil, lane: r.lane, items: items, json: json)
            }
        }
    }

    private func render(_ l: PresentationTimeline.Lifetime) -> String {
        guard json else { return TextExporter.lifetimeLine(l) }
        var l = l, w = JSONWriter()
        l.lane = Self.laneMark
        TimelineJSON.lifetime(l, &w)
        return w.text
    }

    private func render(_ x: PresentationTimeline.Transition) -> String? {
        guard json else { return TextExporter.transitionLine(x) }
        var x = x, w = JSONWriter()
        x.lane = Self.laneMark
        TimelineJSON.transition(x, &w)
        return w.text
    }

    private func render(_ r: PresentationTimeline.Reachable) -> String {
        guard json else { return TextExporter.reachableLine(r) }
        var r = r, w = JSONWriter()
        r.lane = Self.laneMark
        TimelineJSON.reachable(r, &w)
        return w.text
    }

    private func render(_ m: PresentationTimeline.Marker) -> String {
        var m = m, w = JSONWriter()
        m.lane = Self.laneMark
        TimelineJSON.marker(m, &w)
        return w.text
    }

    /// Static, so that `slots` is the only reference to its array while it grows (a method on
    /// `self` would hold a copy of the arrays, and every append would copy them whole).
    private static func put(_ n: Int, in slots: inout [Slot], _ text: String?, lane: Int, items: Spool, json: Bool) {
        while slots.count <= n { slots.append(Slot(offset: 0)) }
        guard let text else { return }
        let piece = items.append(text)
        slots[n] = Slot(offset: piece.offset, length: Int32(piece.length), lane: Int32(lane))
    }

    /// Where `needle` first occurs in `hay`.
    private static func find(_ needle: [UInt8], in hay: UnsafeBufferPointer<UInt8>) -> Int? {
        guard hay.count >= needle.count else { return nil }
        var i = 0
        while i <= hay.count - needle.count {
            var k = 0
            while k < needle.count, hay[i + k] == needle[k] { k += 1 }
            if k == needle.count { return i }
            i += 1
        }
        return nil
    }

    /// Exits 73 when the spools could not be written or read back (``Spool/check()``).
    func check() throws {
        try lines.check()
        try items.check()
    }

    /// Writes the timeline: what `timeline` printed from the whole log, byte for byte.
    mutating func finish(to out: StreamedOutput) {
        let ending = builder.finish(start: startTime ?? 0, end: endTime ?? 0)
        take(builder.drain())
        if json {
            var w = JSONWriter()
            w.beginObject()
            w.field("startTime", number: ending.startTime); w.field("endTime", number: ending.endTime)
            w.key("lanes"); w.beginArray()
            for l in ending.lanes { TimelineJSON.lane(l, &w) }
            w.endArray()
            out.put(w.text)  // the object is closed below, after the items
            for (key, slots) in [("lifetimes", lifetimes), ("transitions", transitions), ("markers", markers), ("reachable", reachable)] {
                out.put(",\"\(key)\":[")
                var first = true
                for slot in slots where slot.length >= 0 {
                    if !first { out.put(",") }
                    first = false
                    copy(slot, ending, to: out)
                }
                out.put("]")
            }
            out.put("}\n")
            return
        }
        out.put("Timeline\n")
        if selectedCount == 0 { out.put(TextExporter.noEvents) } else { lines.copy(to: out) }
        out.put("\nPresented lifetimes\n")
        // Each lane's lifetimes, then its transitions, in creation order; lanes without lifetimes are not listed.
        var lifetimesByLane = [[Int32]](repeating: [], count: ending.lanes.count)
        var transitionsByLane = [[Int32]](repeating: [], count: ending.lanes.count)
        var reachableByLane = [[Int32]](repeating: [], count: ending.lanes.count)
        for (n, s) in lifetimes.enumerated() where s.length >= 0 { lifetimesByLane[ending.laneIndex[Int(s.lane)]].append(Int32(n)) }
        for (n, s) in transitions.enumerated() where s.length >= 0 { transitionsByLane[ending.laneIndex[Int(s.lane)]].append(Int32(n)) }
        for (n, s) in reachable.enumerated() where s.length >= 0 { reachableByLane[ending.laneIndex[Int(s.lane)]].append(Int32(n)) }
        var any = false
        for (i, lane) in ending.lanes.enumerated() where !lifetimesByLane[i].isEmpty {
            any = true
            out.put(TextExporter.laneHeading(lane))
            for n in lifetimesByLane[i] { copy(lifetimes[Int(n)], ending, to: out) }
            for n in transitionsByLane[i] { copy(transitions[Int(n)], ending, to: out) }
            for n in reachableByLane[i] { copy(reachable[Int(n)], ending, to: out) }
        }
        if !any { out.put(TextExporter.noLifetimes) }
    }

    private func copy(_ slot: Slot, _ ending: PresentationTimeline.Builder.Ending, to out: StreamedOutput) {
        let bytes = items.bytes(Spool.Piece(offset: slot.offset, length: Int(slot.length)))
        bytes.withUnsafeBufferPointer { b in
            // JSON items carry the lane mark where the lane number goes (the first `"lane":`
            // outside a string: inside one, a quote is escaped).
            guard json, let at = Self.find(Self.laneMarkText, in: b) else { out.put(b); return }
            let split = at + 7
            out.put(UnsafeBufferPointer(rebasing: b[0..<split]))
            out.put(String(ending.laneIndex[Int(slot.lane)]))
            out.put(UnsafeBufferPointer(rebasing: b[(split + String(Self.laneMark).utf8.count)...]))
        }
    }
}
