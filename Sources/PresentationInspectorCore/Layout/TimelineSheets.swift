/// The timeline builder's view of sheets (DESIGN "Sheets"): each open presentation's presenter
/// and sheet, and the times a presenter stays interactive below a sheet it presents.
///
/// A presenter stays interactive while its sheet rests undimmed (its `background` is
/// `interactive`) and everything presented above that sheet rests undimmed too: any other
/// presentation above it (a dimmed sheet, a full-screen cover) takes the presenter out of reach.
/// Each method returns the times that ended.
struct TimelineSheets: Sendable {
    typealias Item = PresentationTimeline.Builder.Item

    private struct Open {
        var controller: ControllerRef
        var presenting: ControllerRef
        var sheet: SheetState?
        /// The presenting controller's lane, where its time within reach is drawn.
        var presenterLane: Int
    }

    /// Every open presentation, by the presented controller's id.
    private var open: [String: Open] = [:]
    /// The open presentations each controller presents, by its id.
    private var above: [String: [String]] = [:]
    /// The times a presenter stays interactive now, by the sheet's id: creation number and time.
    private var spans: [String: (Int, PresentationTimeline.Reachable)] = [:]
    private var spanCount = 0

    /// `p` was presented by `presenting`, in `sheet` (nil: no sheet).
    mutating func presented(_ p: ControllerRef, by presenting: ControllerRef, sheet: SheetState?, presenterLane: Int,
                            at time: Double, seq: Int) -> [Item] {
        open[p.id] = Open(controller: p, presenting: presenting, sheet: sheet, presenterLane: presenterLane)
        above[presenting.id, default: []].append(p.id)
        return refresh(from: p.id, at: time, seq: seq)
    }

    /// The sheet of the presented `id` is now `sheet` (a detent change, or the end of its transition).
    mutating func changed(_ id: String, to sheet: SheetState, at time: Double, seq: Int) -> [Item] {
        guard open[id] != nil else { return [] }
        open[id]?.sheet = sheet
        return refresh(from: id, at: time, seq: seq)
    }

    /// The presented `id` left the screen.
    mutating func removed(_ id: String, at time: Double, seq: Int) -> [Item] {
        guard let gone = open.removeValue(forKey: id) else { return [] }
        above[gone.presenting.id]?.removeAll { $0 == id }
        var out = end(id, at: time, seq: seq)
        out += refresh(from: gone.presenting.id, at: time, seq: seq)
        return out
    }

    /// The recording ends at `time`: what is still within reach stays open.
    mutating func finish(at time: Double) -> [Item] {
        let out = spans.values.sorted { $0.0 < $1.0 }.map { n, r -> Item in
            var r = r
            r.end = max(r.start, time)
            return .reachable(n, r)
        }
        spans = [:]
        return out
    }

    /// Whether `id`'s sheet leaves what is below it within reach: it rests undimmed, and so does
    /// everything presented above it.
    private func isTransparent(_ id: String) -> Bool {
        var pending = [id], seen = Set<String>()
        while let next = pending.popLast() {
            guard seen.insert(next).inserted else { continue }
            guard open[next]?.sheet?.background == .interactive else { return false }
            pending += above[next] ?? []
        }
        return true
    }

    /// Brings the time within reach below `id`'s sheet up to date, then that of each sheet below
    /// it (a presentation above a sheet takes what is below that sheet out of reach as well).
    private mutating func refresh(from id: String, at time: Double, seq: Int) -> [Item] {
        var out: [Item] = []
        var next: String? = id, steps = 0
        while let current = next, let o = open[current], steps < 10_000 {
            steps += 1
            let detent = o.sheet?.restingDetent ?? "?"
            let within = isTransparent(current)
            if !(within && spans[current]?.1.detent == detent) {
                out += end(current, at: time, seq: seq)
                if within {
                    spans[current] = (spanCount, PresentationTimeline.Reachable(
                        controller: o.presenting, sheet: o.controller, detent: detent, lane: o.presenterLane,
                        start: time, end: time, isOpen: true, startSeq: seq, endSeq: nil))
                    spanCount += 1
                }
            }
            next = o.presenting.id
        }
        return out
    }

    /// Ends the time within reach below `id`'s sheet, if there is one.
    private mutating func end(_ id: String, at time: Double, seq: Int) -> [Item] {
        guard let (n, r) = spans.removeValue(forKey: id) else { return [] }
        var ended = r
        ended.end = max(r.start, time)
        ended.isOpen = false
        ended.endSeq = seq
        return [.reachable(n, ended)]
    }
}
