extension PresentationTimeline {
    /// The single pass behind ``PresentationTimeline/make(events:)``, usable one event at a time so a
    /// log can be laid out while it streams by (`pinspect timeline`).
    ///
    /// Whatever is final leaves the builder at once (``drain()``): a lifetime when it ends, a
    /// transition when it completes, a marker when it is made. The builder keeps only what is still
    /// open, so its memory follows the open presentations, not the log. Items carry the builder's
    /// own lane numbers, in order of creation; ``finish(start:end:)`` gives the lanes in their final
    /// order and the renumbering.
    @_spi(Package) public struct Builder: Sendable {
        typealias T = PresentationTimeline
        static let noWindow = "(no window)"

        /// Something final: a lifetime or transition with its number in order of creation, or a marker.
        @_spi(Package) public enum Item: Sendable {
            /// A lifetime that ended (or was still open when the recording ended), and its creation number.
            case lifetime(Int, Lifetime)
            /// A transition that completed (or never did, at the end), and its creation number.
            case transition(Int, Transition)
            /// A marker, in the order markers are made.
            case marker(Marker)
            /// A time a presenting controller stayed interactive below a sheet, once it ended (or
            /// was still open when the recording ended), and its creation number.
            case reachable(Int, Reachable)
        }

        /// The lanes in their final order, and what the builder's lane numbers become.
        @_spi(Package) public struct Ending: Sendable {
            /// Lanes, window by window (in order of appearance), then by level and slot.
            @_spi(Package) public var lanes: [Lane]
            /// The final index of each of the builder's lane numbers.
            @_spi(Package) public var laneIndex: [Int]
            /// The earliest event time.
            @_spi(Package) public var startTime: Double
            /// The latest event time (at least `startTime`).
            @_spi(Package) public var endTime: Double
        }

        /// Whether markers are made (a text timeline needs none).
        @_spi(Package) public var makesMarkers = true
        /// Steps taken, so tests can check the work grows linearly.
        var steps = 0

        var laneKeys: [T.LaneKey] = []
        var laneIndex: [T.LaneKey: Int] = [:]
        /// Windows in order of appearance, and each one's position there, so that ordering
        /// lanes does not search the list (which would be quadratic in the windows).
        var windowOrder: [String: Int] = [:]
        /// Lifetimes not yet final, by creation number.
        var lifetimes: [Int: T.Lifetime] = [:]
        var lifetimeCount = 0
        /// Transitions not yet complete, by creation number.
        var transitions: [Int: T.Transition] = [:]
        var transitionCount = 0
        /// The open presentations' sheets, and the times their presenters stay interactive.
        var sheets = TimelineSheets()
        private var retired: [Item] = []

        /// An empty builder.
        @_spi(Package) public init() {}

        /// The items that became final since the last call.
        @_spi(Package) public mutating func drain() -> [Item] {
            defer { retired.removeAll(keepingCapacity: true) }
            return retired
        }
        /// Open presented-lifetime index by controller id (window roots are kept apart).
        var open: [String: Int] = [:]
        var levelOf: [String: Int] = [:]
        /// Lane of the controller's most recent lifetime, for markers after it ended.
        var lastLane: [String: Int] = [:]
        /// The slots of each (window, level).
        var slots: [String: SlotPool] = [:]
        /// The open lifetime of each window's root.
        var rootLifetime: [String: Int] = [:]
        /// Open transition index by the seq of the operation awaiting completion.
        var pendingTransition: [Int: Int] = [:]
        /// Controllers whose lifetimes end when the dismissal with this seq completes.
        var pendingRemoval: [Int: [String]] = [:]

        mutating func lane(_ window: String, _ level: Int, _ slot: Int) -> Int {
            steps += 1
            let key = T.LaneKey(window: window, level: level, slot: slot)
            if let i = laneIndex[key] { return i }
            if windowOrder[window] == nil { windowOrder[window] = windowOrder.count }
            laneKeys.append(key)
            laneIndex[key] = laneKeys.count - 1
            return laneKeys.count - 1
        }

        /// The lowest free slot at a level; marks it taken.
        mutating func takeSlot(window: String, level: Int) -> Int {
            slots["\(window)\u{1F}\(level)", default: SlotPool()].take()
        }

        mutating func freeSlot(of lifetime: T.Lifetime) {
            let key = laneKeys[lifetime.lane]
            slots["\(key.window)\u{1F}\(key.level)"]?.release(key.slot)
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
                if lifetimes[i]!.controller.id == root.id { return }
                var old = lifetimes.removeValue(forKey: i)!
                old.end = e.time; old.isOpen = false; old.endSeq = e.seq
                retired.append(.lifetime(i, old))
            }
            let l = lane(window, 0, 0)
            rootLifetime[window] = begin(T.Lifetime(controller: root, lane: l, start: e.time, end: e.time, isOpen: true,
                                                    isWindowRoot: true, presentSeq: nil, endSeq: nil, presenting: nil, style: nil))
            if lastLane[root.id] == nil { lastLane[root.id] = l }
        }

        /// A new lifetime; returns its creation number.
        mutating func begin(_ l: T.Lifetime) -> Int {
            lifetimes[lifetimeCount] = l
            lifetimeCount += 1
            return lifetimeCount - 1
        }

        /// A new transition; returns its creation number.
        mutating func begin(_ x: T.Transition) -> Int {
            transitions[transitionCount] = x
            transitionCount += 1
            return transitionCount - 1
        }

        /// Takes the next event (in `seq` order).
        @_spi(Package) public mutating func add(_ e: Event) {
            steps += 1
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
            case .sheetDetentChanged:
                if let p = e.presented, let sheet = e.sheet { retired += sheets.changed(p.id, to: sheet, at: e.time, seq: e.seq) }
                let l = e.presented.flatMap { lastLane[$0.id] } ?? rootLane(e, window: window)
                mark(e, lane: l, kind: .detent)
            }
        }

        mutating func present(_ e: Event, window: String) {
            guard e.outcome == .presented, let p = e.presented else {
                mark(e, lane: attemptedLane(e, window: window), kind: e.outcome == .rejected ? .rejection : .request)
                return
            }
            if let i = open[p.id] { close(i, at: e.time, seq: e.seq) }  // seen again without a dismissal: restart
            let level = presentedLevel(e, presented: p)
            let slot = takeSlot(window: window, level: level)
            let l = lane(window, level, slot)
            levelOf[p.id] = level
            open[p.id] = begin(T.Lifetime(controller: p, lane: l, start: e.time, end: e.time, isOpen: true, isWindowRoot: false,
                                          presentSeq: e.seq, endSeq: nil, presenting: e.presenting, style: e.effectiveStyle))
            lastLane[p.id] = l
            pendingTransition[e.seq] = begin(T.Transition(direction: .present, lane: l, controller: p, start: e.time, end: e.time,
                                                          seq: e.seq, completedSeq: nil, animated: e.animated))
            mark(e, lane: l, kind: .request)
            if let presenting = e.presenting {
                let below = lastLane[presenting.id] ?? rootLane(e, window: window)
                retired += sheets.presented(p, by: presenting, sheet: e.sheet, presenterLane: below, at: e.time, seq: e.seq)
            }
        }

        /// The level a presented controller takes: one above the level of the controller whose
        /// tree its presenting controller belongs to (DESIGN.md, "Event log": `chain` lists a
        /// window's branches one after the other, so a position in it is no level).
        func presentedLevel(_ e: Event, presented p: ControllerRef) -> Int {
            guard let presenting = e.presenting else { return 1 }
            // The presenting controller is itself presented, or the window's root.
            if let l = levelOf[presenting.id], open[presenting.id] != nil { return l + 1 }
            if presenting.id == e.chain.first?.id { return 1 }
            // A context provider is an ancestor of the source: the tree it sits in is the one the
            // source's ancestry ends at.
            if e.ancestry.contains(where: { $0.id == presenting.id }), let top = e.ancestry.last {
                if let l = levelOf[top.id], open[top.id] != nil { return l + 1 }
                if top.id == e.chain.first?.id { return 1 }
            }
            // A log without ancestry: the position in the chain, right for a single branch.
            return max(1, e.chain.firstIndex { $0.id == p.id } ?? 1)
        }

        /// Where a present that did not happen is drawn: on the lane of the controller it was
        /// attempted on (the one that would have presented, else the caller), so a rejection sits
        /// at the level it was tried at rather than on the window's root lane.
        mutating func attemptedLane(_ e: Event, window: String) -> Int {
            let root = rootLane(e, window: window)
            for ref in [e.presenting, e.source].compactMap({ $0 }) {
                if let i = open[ref.id] { return lifetimes[i]!.lane }
                if let r = rootLifetime[window], lifetimes[r]!.controller.id == ref.id { return root }
            }
            return root
        }

        mutating func dismiss(_ e: Event, window: String) {
            let top = e.dismissed.first.flatMap { open[$0.id] }
            let l = top.map { lifetimes[$0]!.lane } ?? rootLane(e, window: window)
            if e.outcome == .dismissed, let topRef = e.dismissed.first {
                pendingTransition[e.seq] = begin(T.Transition(direction: .dismiss, lane: l, controller: topRef, start: e.time, end: e.time,
                                                              seq: e.seq, completedSeq: nil, animated: e.animated))
                pendingRemoval[e.seq] = e.dismissed.map(\.id)
            }
            mark(e, lane: l, kind: e.outcome == .rejected ? .rejection : .request)
        }

        mutating func interactive(_ e: Event, window: String) {
            let l = e.receiver.flatMap { open[$0.id] }.map { lifetimes[$0]!.lane } ?? rootLane(e, window: window)
            if e.outcome == .completed {
                for ref in e.dismissed { if let i = open[ref.id] { close(i, at: e.time, seq: e.seq) } }
            }
            mark(e, lane: l, kind: .interactive)
        }

        mutating func completed(_ e: Event) {
            if let p = e.presented, let sheet = e.sheet { retired += sheets.changed(p.id, to: sheet, at: e.time, seq: e.seq) }
            if let op = e.relatesTo, let t = pendingTransition.removeValue(forKey: op) {
                var x = transitions.removeValue(forKey: t)!
                x.end = max(x.start, e.time)
                x.completedSeq = e.seq
                retired.append(.transition(t, x))
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
            var l = lifetimes.removeValue(forKey: i)!
            l.end = max(l.start, time)
            l.isOpen = false
            l.endSeq = seq
            open[l.controller.id] = nil
            if !l.isWindowRoot { freeSlot(of: l) }
            retired.append(.lifetime(i, l))
            if !l.isWindowRoot { retired += sheets.removed(l.controller.id, at: time, seq: seq) }
        }

        mutating func mark(_ e: Event, lane: Int, kind: T.MarkerKind) {
            guard makesMarkers else { return }
            var k = kind
            if k == .request, !e.diagnostics.isEmpty { k = .diagnostic }
            retired.append(.marker(T.Marker(seq: e.seq, time: e.time, lane: lane, kind: k, severity: e.maxSeverity, label: e.summary)))
        }

        /// Ends the recording at `end`: what is still open becomes final (``drain()`` gives it, in
        /// creation order), and the lanes are sorted (window order, then level, then slot).
        @_spi(Package) public mutating func finish(start: Double, end: Double) -> Ending {
            for (n, l) in lifetimes.sorted(by: { $0.key < $1.key }) {
                var l = l
                l.end = max(l.start, end)
                retired.append(.lifetime(n, l))
            }
            for (n, x) in transitions.sorted(by: { $0.key < $1.key }) {
                var x = x
                x.end = max(x.start, end)
                retired.append(.transition(n, x))
            }
            retired += sheets.finish(at: end)
            lifetimes = [:]
            transitions = [:]
            let order = laneKeys.indices.sorted { a, b in
                let ka = laneKeys[a], kb = laneKeys[b]
                return (windowOrder[ka.window]!, ka.level, ka.slot) < (windowOrder[kb.window]!, kb.level, kb.slot)
            }
            steps += laneKeys.count
            var newIndex = [Int](repeating: 0, count: laneKeys.count)
            for (n, old) in order.enumerated() { newIndex[old] = n }
            let lanes = order.map { i in
                let k = laneKeys[i]
                let level = k.level == 0 ? "root" : "level \(k.level)"
                return T.Lane(key: k, title: "\(VisibleText.escaped(k.window)) · \(level)" + (k.slot > 0 ? " (\(k.slot + 1))" : ""))
            }
            return Ending(lanes: lanes, laneIndex: newIndex, startTime: start, endTime: max(start, end))
        }
    }
}

/// The slots of one timeline level: the lowest free one is taken, in logarithmic time however
/// many presentations are open at once.
struct SlotPool {
    /// Whether each slot made so far is taken.
    private var taken: [Bool] = []
    /// The freed slots, highest first (the lowest is the last).
    private var free: [Int] = []

    /// Takes the lowest free slot.
    mutating func take() -> Int {
        if let slot = free.popLast() {
            taken[slot] = true
            return slot
        }
        taken.append(true)
        return taken.count - 1
    }

    /// Frees `slot`; a slot not taken stays as it is.
    mutating func release(_ slot: Int) {
        guard slot >= 0, slot < taken.count, taken[slot] else { return }
        taken[slot] = false
        var low = 0, high = free.count
        while low < high {
            let mid = (low + high) / 2
            if free[mid] > slot { low = mid + 1 } else { high = mid }
        }
        free.insert(slot, at: low)
    }
}
