/// What happened over time, grouped into lanes: presented controllers' lifetimes, their
/// transitions and markers for requests, rejections and diagnostics. No geometry: the
/// timeline layout, the Perfetto exporter and the text exporter all read this.
public struct PresentationTimeline: Hashable, Sendable {
    /// Identifies a lane: a window, a presentation level (0 is the window's root) and a slot
    /// (more than one slot when two presentations at the same level overlap in time, which
    /// happens when a child container defines the context).
    public struct LaneKey: Hashable, Sendable {
        /// The window id (`(no window)` for detached controllers).
        public var window: String
        /// The presentation level: 0 for the window root, 1 for what it presents, and so on.
        public var level: Int
        /// 0, or the index of an extra lane for overlapping presentations at this level.
        public var slot: Int
    }

    /// One horizontal lane.
    public struct Lane: Hashable, Sendable {
        /// Which window, level and slot the lane shows.
        public var key: LaneKey
        /// `calendar · root`, `calendar · level 1`, `shop · level 1 (2)`.
        public var title: String
    }

    /// A controller's time on screen: a window root from its first sighting, a presented
    /// controller from its `present` to the end of its dismissal.
    public struct Lifetime: Hashable, Sendable {
        /// The controller on screen.
        public var controller: ControllerRef
        /// Index into ``PresentationTimeline/lanes``.
        public var lane: Int
        /// Seconds since the recording started.
        public var start: Double
        /// Seconds since the recording started (the recording's end when still open).
        public var end: Double
        /// Still on screen when the recording ends.
        public var isOpen: Bool
        /// Whether this is a window's root rather than a presented controller.
        public var isWindowRoot: Bool
        /// The `present` event that started it (nil for window roots).
        public var presentSeq: Int?
        /// The event that removed it, when it was removed.
        public var endSeq: Int?
        /// The controller that presented it.
        public var presenting: ControllerRef?
        /// The effective presentation style.
        public var style: PresentationStyle?
    }

    /// Which way a transition runs.
    public enum Direction: String, Hashable, Sendable {
        /// A present transition, or a dismiss transition.
        case present, dismiss
    }

    /// A present or dismiss transition, from the call to its completion.
    public struct Transition: Hashable, Sendable {
        /// Present or dismiss.
        public var direction: Direction
        /// Index into ``PresentationTimeline/lanes``.
        public var lane: Int
        /// The controller moving (the top-most one for a dismissal).
        public var controller: ControllerRef
        /// Seconds since the recording started.
        public var start: Double
        /// Seconds since the recording started (the recording's end when still open).
        public var end: Double
        /// The `present` or `dismiss` event.
        public var seq: Int
        /// The completion event, if it was recorded.
        public var completedSeq: Int?
        /// Whether the call asked for animation.
        public var animated: Bool
    }

    /// What a marker stands for.
    public enum MarkerKind: String, Hashable, Sendable {
        /// A present or dismiss call that went through.
        case request
        /// A present or dismiss that UIKit refused.
        case rejection
        /// An event with diagnostics (and not a rejection).
        case diagnostic
        /// A swipe-down of a sheet.
        case interactive
    }

    /// A point event on a lane.
    public struct Marker: Hashable, Sendable {
        /// The event the marker stands for.
        public var seq: Int
        /// The event's time, seconds since the recording started.
        public var time: Double
        /// Index into ``PresentationTimeline/lanes``.
        public var lane: Int
        /// What the marker stands for.
        public var kind: MarkerKind
        /// The most severe diagnostic of the event, if any.
        public var severity: Severity?
        /// A one-line description (the event summary).
        public var label: String
    }

    /// Lanes, window by window (in order of appearance), then by level and slot.
    public var lanes: [Lane] = []
    /// Every lifetime, in order of appearance.
    public var lifetimes: [Lifetime] = []
    /// Every present and dismiss transition, in order of the calls.
    public var transitions: [Transition] = []
    /// Markers in seq order.
    public var markers: [Marker] = []
    /// The earliest event time.
    public var startTime: Double = 0
    /// The latest event time (at least `startTime`).
    public var endTime: Double = 0

    /// Builds the timeline of a recording. Events are taken in `seq` order.
    public static func make(events: [Event]) -> PresentationTimeline {
        var builder = TimelineBuilder()
        let sorted = events.sorted { $0.seq < $1.seq }
        for e in sorted { builder.consume(e) }
        return builder.finish(start: sorted.map(\.time).min() ?? 0, end: sorted.map(\.time).max() ?? 0)
    }
}

/// The single pass behind ``PresentationTimeline/make(events:)``.
private struct TimelineBuilder {
    typealias T = PresentationTimeline
    static let noWindow = "(no window)"

    var laneKeys: [T.LaneKey] = []
    var laneIndex: [T.LaneKey: Int] = [:]
    var windowOrder: [String] = []
    var lifetimes: [T.Lifetime] = []
    var transitions: [T.Transition] = []
    var markers: [T.Marker] = []
    /// Open presented-lifetime index by controller id (window roots are kept apart).
    var open: [String: Int] = [:]
    var levelOf: [String: Int] = [:]
    /// Lane of the controller's most recent lifetime, for markers after it ended.
    var lastLane: [String: Int] = [:]
    /// Slots in use per (window, level): the controller id holding each.
    var slots: [String: [Int: String]] = [:]
    /// The open lifetime of each window's root.
    var rootLifetime: [String: Int] = [:]
    /// Open transition index by the seq of the operation awaiting completion.
    var pendingTransition: [Int: Int] = [:]
    /// Controllers whose lifetimes end when the dismissal with this seq completes.
    var pendingRemoval: [Int: [String]] = [:]

    mutating func lane(_ window: String, _ level: Int, _ slot: Int) -> Int {
        let key = T.LaneKey(window: window, level: level, slot: slot)
        if let i = laneIndex[key] { return i }
        if !windowOrder.contains(window) { windowOrder.append(window) }
        laneKeys.append(key)
        laneIndex[key] = laneKeys.count - 1
        return laneKeys.count - 1
    }

    /// The lowest free slot at a level; marks it taken by `id`.
    mutating func takeSlot(window: String, level: Int, id: String) -> Int {
        let k = "\(window)\u{1F}\(level)"
        var used = slots[k] ?? [:]
        var slot = 0
        while used[slot] != nil { slot += 1 }
        used[slot] = id
        slots[k] = used
        return slot
    }

    mutating func freeSlot(of lifetime: T.Lifetime) {
        let key = laneKeys[lifetime.lane]
        slots["\(key.window)\u{1F}\(key.level)"]?[key.slot] = nil
    }

    mutating func rootLane(_ e: Event, window: String) -> Int {
        noteRoot(e, window: window)
        return lane(window, 0, 0)
    }

    /// Starts (or replaces) the window root's lifetime from the event's chain.
    mutating func noteRoot(_ e: Event, window: String) {
        guard let root = e.chain.first else { _ = lane(window, 0, 0); return }
        // Only present and dismiss calls name the window's chain reliably; completions and
        // leak checks may run after the controller left its window.
        guard e.kind == .present || e.kind == .dismiss || rootLifetime[window] == nil else { return }
        if let i = rootLifetime[window] {
            if lifetimes[i].controller.id == root.id { return }
            lifetimes[i].end = e.time; lifetimes[i].isOpen = false; lifetimes[i].endSeq = e.seq
        }
        let l = lane(window, 0, 0)
        lifetimes.append(T.Lifetime(controller: root, lane: l, start: e.time, end: e.time, isOpen: true,
                                    isWindowRoot: true, presentSeq: nil, endSeq: nil, presenting: nil, style: nil))
        rootLifetime[window] = lifetimes.count - 1
        if lastLane[root.id] == nil { lastLane[root.id] = l }
    }

    mutating func consume(_ e: Event) {
        let window = e.window ?? Self.noWindow
        noteRoot(e, window: window)
        switch e.kind {
        case .present: present(e, window: window)
        case .presentCompleted, .dismissCompleted: completed(e)
        case .dismiss: dismiss(e, window: window)
        case .interactiveDismiss: interactive(e, window: window)
        case .leakCheck:
            if !e.diagnostics.isEmpty {
                let l = e.dismissed.first.flatMap { lastLane[$0.id] } ?? rootLane(e, window: window)
                mark(e, lane: l, kind: .diagnostic)
            }
        }
    }

    mutating func present(_ e: Event, window: String) {
        guard e.outcome == .presented, let p = e.presented else {
            mark(e, lane: attemptedLane(e, window: window), kind: e.outcome == .rejected ? .rejection : .request)
            return
        }
        if let i = open[p.id] { close(i, at: e.time, seq: e.seq) }  // seen again without a dismissal: restart
        let level: Int
        if let presenting = e.presenting, let l = levelOf[presenting.id], open[presenting.id] != nil {
            level = l + 1
        } else if e.presenting?.id == e.chain.first?.id {
            level = 1
        } else {
            level = max(1, e.chain.firstIndex { $0.id == p.id } ?? 1)
        }
        let slot = takeSlot(window: window, level: level, id: p.id)
        let l = lane(window, level, slot)
        levelOf[p.id] = level
        lifetimes.append(T.Lifetime(controller: p, lane: l, start: e.time, end: e.time, isOpen: true, isWindowRoot: false,
                                    presentSeq: e.seq, endSeq: nil, presenting: e.presenting, style: e.effectiveStyle))
        open[p.id] = lifetimes.count - 1
        lastLane[p.id] = l
        transitions.append(T.Transition(direction: .present, lane: l, controller: p, start: e.time, end: e.time,
                                        seq: e.seq, completedSeq: nil, animated: e.animated))
        pendingTransition[e.seq] = transitions.count - 1
        mark(e, lane: l, kind: .request)
    }

    /// Where a present that did not happen is drawn: on the lane of the controller it was
    /// attempted on (the one that would have presented, else the caller), so a rejection sits
    /// at the level it was tried at rather than on the window's root lane.
    mutating func attemptedLane(_ e: Event, window: String) -> Int {
        let root = rootLane(e, window: window)
        for ref in [e.presenting, e.source].compactMap({ $0 }) {
            if let i = open[ref.id] { return lifetimes[i].lane }
            if let r = rootLifetime[window], lifetimes[r].controller.id == ref.id { return root }
        }
        return root
    }

    mutating func dismiss(_ e: Event, window: String) {
        let top = e.dismissed.first.flatMap { open[$0.id] }
        let l = top.map { lifetimes[$0].lane } ?? rootLane(e, window: window)
        if e.outcome == .dismissed, let topRef = e.dismissed.first {
            transitions.append(T.Transition(direction: .dismiss, lane: l, controller: topRef, start: e.time, end: e.time,
                                            seq: e.seq, completedSeq: nil, animated: e.animated))
            pendingTransition[e.seq] = transitions.count - 1
            pendingRemoval[e.seq] = e.dismissed.map(\.id)
        }
        mark(e, lane: l, kind: e.outcome == .rejected ? .rejection : .request)
    }

    mutating func interactive(_ e: Event, window: String) {
        let l = e.receiver.flatMap { open[$0.id] }.map { lifetimes[$0].lane } ?? rootLane(e, window: window)
        if e.outcome == .completed {
            for ref in e.dismissed { if let i = open[ref.id] { close(i, at: e.time, seq: e.seq) } }
        }
        mark(e, lane: l, kind: .interactive)
    }

    mutating func completed(_ e: Event) {
        if let op = e.relatesTo, let t = pendingTransition.removeValue(forKey: op) {
            transitions[t].end = max(transitions[t].start, e.time)
            transitions[t].completedSeq = e.seq
        }
        if let op = e.relatesTo, let ids = pendingRemoval.removeValue(forKey: op) {
            for id in ids { if let i = open[id] { close(i, at: e.time, seq: op) } }
        }
        if !e.diagnostics.isEmpty {
            let ref = e.presented ?? e.dismissed.first
            let l = ref.flatMap { lastLane[$0.id] } ?? rootLane(e, window: e.window ?? Self.noWindow)
            mark(e, lane: l, kind: .diagnostic)
        }
    }

    mutating func close(_ i: Int, at time: Double, seq: Int) {
        lifetimes[i].end = max(lifetimes[i].start, time)
        lifetimes[i].isOpen = false
        lifetimes[i].endSeq = seq
        open[lifetimes[i].controller.id] = nil
        if !lifetimes[i].isWindowRoot { freeSlot(of: lifetimes[i]) }
    }

    mutating func mark(_ e: Event, lane: Int, kind: T.MarkerKind) {
        var k = kind
        if k == .request, !e.diagnostics.isEmpty { k = .diagnostic }
        markers.append(T.Marker(seq: e.seq, time: e.time, lane: lane, kind: k, severity: e.maxSeverity, label: e.summary))
    }

    /// Sorts lanes (window order, then level, then slot), renumbers references, closes what is open.
    mutating func finish(start: Double, end: Double) -> T {
        for i in lifetimes.indices where lifetimes[i].isOpen { lifetimes[i].end = max(lifetimes[i].start, end) }
        for (_, t) in pendingTransition { transitions[t].end = max(transitions[t].start, end) }
        let order = laneKeys.indices.sorted { a, b in
            let ka = laneKeys[a], kb = laneKeys[b]
            let wa = windowOrder.firstIndex(of: ka.window)!, wb = windowOrder.firstIndex(of: kb.window)!
            return (wa, ka.level, ka.slot) < (wb, kb.level, kb.slot)
        }
        var newIndex = [Int](repeating: 0, count: laneKeys.count)
        for (n, old) in order.enumerated() { newIndex[old] = n }
        var t = T()
        t.lanes = order.map { i in
            let k = laneKeys[i]
            let level = k.level == 0 ? "root" : "level \(k.level)"
            return T.Lane(key: k, title: "\(k.window) · \(level)" + (k.slot > 0 ? " (\(k.slot + 1))" : ""))
        }
        t.lifetimes = lifetimes.map { var l = $0; l.lane = newIndex[l.lane]; return l }
        t.transitions = transitions.map { var x = $0; x.lane = newIndex[x.lane]; return x }
        t.markers = markers.map { var m = $0; m.lane = newIndex[m.lane]; return m }
        t.startTime = start
        t.endTime = max(start, end)
        return t
    }
}
