/// The controllers of a recording and how they relate: containment, who presents whom, who
/// asked, who provided the context.
///
/// Built from events alone (the recording never holds controllers). Without `at`, it is the
/// history of the whole recording, each edge carrying the seq ranges in which it held; with
/// `at`, it is the state right after that event: only what held then.
@_spi(Package) public struct ChainGraph: Hashable, Sendable {
    /// The four relationships the graph shows.
    @_spi(Package) public enum EdgeKind: String, Hashable, Sendable, CaseIterable {
        /// Container parent → child, from the `ancestry` that present and dismiss events record
        /// (older logs without it: the source lies inside the context provider).
        case container
        /// Presenting controller → presented controller (`presentingViewController`).
        case presentation
        /// Source (original presenter) → presented, only when the source is not the presenting one.
        case source
        /// Context provider → presented, only when it is not the presenting one.
        case context
        /// Attempted presenting controller → presented, for a present UIKit rejected (or would
        /// have): each interval covers only the rejected event (`[seq, seq + 1)`).
        case rejected
    }

    /// A seq range `[start, end)` in which an edge held; `end` is nil while it still holds.
    @_spi(Package) public struct Interval: Hashable, Sendable {
        /// The seq of the event that established the edge.
        @_spi(Package) public var start: Int
        /// The seq of the event that ended it (a dismissal), nil while it holds.
        @_spi(Package) public var end: Int?

        /// Creates an interval.
        @_spi(Package) public init(start: Int, end: Int?) { self.start = start; self.end = end }

        /// Whether the edge held right after event `seq`.
        @_spi(Package) public func contains(_ seq: Int) -> Bool { start <= seq && (end.map { seq < $0 } ?? true) }
    }

    /// A controller.
    @_spi(Package) public struct Node: Hashable, Sendable {
        /// The controller, as the latest event naming it described it.
        @_spi(Package) public var ref: ControllerRef
        /// The window it was first seen in (`(no window)` for detached controllers).
        @_spi(Package) public var window: String
        /// The seq of the first event naming it.
        @_spi(Package) public var firstSeq: Int
        /// It was the root of its window.
        @_spi(Package) public var isWindowRoot: Bool
        /// It provided the context of a context-style presentation (so it defines the context).
        @_spi(Package) public var definesContext: Bool
        /// It was presented (and not dismissed) at the end of the graph's range.
        @_spi(Package) public var isPresented: Bool
        /// At the end of the graph's range it presents a sheet that leaves it interactive (the
        /// sheet rests at or below its largest undimmed detent): the sheet's id. DESIGN "Sheets".
        @_spi(Package) public var interactiveUnder: String? = nil

        /// Creates a node.
        @_spi(Package) public init(ref: ControllerRef, window: String, firstSeq: Int, isWindowRoot: Bool, definesContext: Bool, isPresented: Bool) {
            self.ref = ref; self.window = window; self.firstSeq = firstSeq
            self.isWindowRoot = isWindowRoot; self.definesContext = definesContext; self.isPresented = isPresented
        }
    }

    /// A relationship between two controllers, by id.
    @_spi(Package) public struct Edge: Hashable, Sendable {
        /// Which relationship the edge stands for.
        @_spi(Package) public var kind: EdgeKind
        /// The id of the controller the edge starts at (parent, presenting, source or provider).
        @_spi(Package) public var from: String
        /// The id of the controller the edge points to (child or presented).
        @_spi(Package) public var to: String
        /// For presentation edges: the effective style of the latest presentation.
        @_spi(Package) public var style: PresentationStyle?
        /// For presentation edges to a sheet: the sheet as the latest event recorded it (its detent).
        @_spi(Package) public var sheet: SheetState? = nil
        /// When it held. Container edges hold from their first sighting on.
        @_spi(Package) public var intervals: [Interval]
        /// Whether it held at the end of the graph's range.
        @_spi(Package) public var isActive: Bool { intervals.last.map { $0.end == nil } ?? false }
        /// The seq of the event that first established it.
        @_spi(Package) public var firstSeq: Int { intervals.first?.start ?? 0 }

        /// Creates an edge.
        @_spi(Package) public init(kind: EdgeKind, from: String, to: String, style: PresentationStyle?, intervals: [Interval]) {
            self.kind = kind; self.from = from; self.to = to; self.style = style; self.intervals = intervals
        }
    }

    /// Every controller, in order of first appearance.
    @_spi(Package) public var nodes: [Node]
    /// Every relationship, in order of first appearance.
    @_spi(Package) public var edges: [Edge]
    /// The windows, in order of first appearance.
    @_spi(Package) public var windows: [String]
    /// The seq the graph stands at (nil: the whole recording).
    @_spi(Package) public var seq: Int?
    /// What ``fitted(maxNodes:)`` grouped or left out, for the views' titles (nil: nothing).
    @_spi(Package) public var note: String?

    /// Creates a graph from its parts (``make(events:at:)`` builds one from a recording).
    @_spi(Package) public init(nodes: [Node], edges: [Edge], windows: [String], seq: Int?) {
        self.nodes = nodes; self.edges = edges; self.windows = windows; self.seq = seq
    }

    /// The node with this id.
    @_spi(Package) public func node(_ id: String) -> Node? { nodes.first { $0.ref.id == id } }

    /// The nodes of each window, in order of first appearance (one pass, for views that go
    /// window by window).
    @_spi(Package) public var nodesByWindow: [String: [Node]] {
        var out: [String: [Node]] = [:]
        for n in nodes { out[n.window, default: []].append(n) }
        return out
    }

    /// Builds the graph of a recording, or its state right after event `at`.
    @_spi(Package) public static func make(events: [Event], at seq: Int? = nil) -> ChainGraph {
        var b = ChainGraphBuilder()
        for e in events.sorted(by: { $0.seq < $1.seq }) {
            if let seq, e.seq > seq { break }
            b.consume(e)
        }
        var g = ChainGraph(nodes: b.nodes, edges: b.edges, windows: b.windows, seq: seq)
        for i in g.nodes.indices { g.nodes[i].isPresented = b.presentedNow[g.nodes[i].ref.id] != nil }
        // A presenting controller stays interactive below a sheet that rests undimmed, while
        // everything presented above that sheet rests undimmed too (DESIGN "Sheets").
        var presents: [String: [String]] = [:]
        for (presented, opened) in b.presentedNow { if let edge = opened.first { presents[b.edges[edge].from, default: []].append(presented) } }
        func transparent(_ id: String) -> Bool {
            var pending = [id], seen = Set<String>()
            while let next = pending.popLast() {
                guard seen.insert(next).inserted else { continue }
                guard let edge = b.presentedNow[next]?.first, b.edges[edge].sheet?.background == .interactive else { return false }
                pending += presents[next] ?? []
            }
            return true
        }
        for (presented, opened) in b.presentedNow.sorted(by: { $0.key < $1.key }) {
            guard let edge = opened.first, transparent(presented), let i = b.nodeIndex[b.edges[edge].from] else { continue }
            g.nodes[i].interactiveUnder = presented
        }
        if seq != nil { g = g.stateOnly() }
        return g
    }

    /// Keeps only what held at the end: active edges, window roots and controllers they touch.
    func stateOnly() -> ChainGraph {
        var edges = self.edges.filter { $0.kind != .container && ($0.isActive || ($0.kind == .rejected && $0.intervals.last?.contains(seq ?? -1) == true)) }
        var keep = Set(nodes.filter(\.isWindowRoot).map(\.ref.id))
        for e in edges { keep.insert(e.from); keep.insert(e.to) }
        // The containers of kept controllers stay too, up to the window root, so a source sits
        // under its navigation and tab controllers rather than "not placed".
        var parents: [String: [String]] = [:]
        for e in self.edges where e.kind == .container { parents[e.to, default: []].append(e.from) }
        var pending = Array(keep)
        while let id = pending.popLast() {
            for p in parents[id] ?? [] where keep.insert(p).inserted { pending.append(p) }
        }
        // Containment of kept controllers stays, as far as the log tells it.
        edges += self.edges.filter { $0.kind == .container && keep.contains($0.from) && keep.contains($0.to) }
        let order = Dictionary(self.edges.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        edges.sort { order[$0]! < order[$1]! }
        let nodes = self.nodes.filter { keep.contains($0.ref.id) }
        let used = Set(nodes.map(\.window))
        let windows = self.windows.filter { used.contains($0) }
        return ChainGraph(nodes: nodes, edges: edges, windows: windows, seq: seq)
    }
}

/// The single pass behind ``ChainGraph/make(events:at:)``.
private struct ChainGraphBuilder {
    typealias G = ChainGraph
    var nodes: [G.Node] = []
    var nodeIndex: [String: Int] = [:]
    var edges: [G.Edge] = []
    var edgeIndex: [String: Int] = [:]
    var windows: [String] = []
    var windowSet = Set<String>()
    /// For each controller presented now: the seq of its presentation and the edges it opened.
    var presentedNow: [String: [Int]] = [:]

    mutating func note(_ ref: ControllerRef, _ window: String, _ seq: Int, root: Bool = false) {
        if let i = nodeIndex[ref.id] {
            if root { nodes[i].isWindowRoot = true }
            // Keep the most informative reference (titles appear and change).
            if ref.title != nil { nodes[i].ref = ref }
            return
        }
        if windowSet.insert(window).inserted { windows.append(window) }
        nodes.append(G.Node(ref: ref, window: window, firstSeq: seq, isWindowRoot: root, definesContext: false, isPresented: false))
        nodeIndex[ref.id] = nodes.count - 1
    }

    /// Opens (or reopens) an edge at `seq`; returns its index.
    mutating func open(_ kind: G.EdgeKind, _ from: String, _ to: String, _ seq: Int, style: PresentationStyle? = nil) -> Int {
        let key = "\(kind.rawValue)\u{1F}\(from)\u{1F}\(to)"
        if let i = edgeIndex[key] {
            if style != nil { edges[i].style = style }
            if edges[i].isActive { return i }
            edges[i].intervals.append(G.Interval(start: seq, end: nil))
            return i
        }
        edges.append(G.Edge(kind: kind, from: from, to: to, style: style, intervals: [G.Interval(start: seq, end: nil)]))
        edgeIndex[key] = edges.count - 1
        return edges.count - 1
    }

    mutating func closePresentation(of id: String, at seq: Int) {
        guard let opened = presentedNow.removeValue(forKey: id) else { return }
        for i in opened where edges[i].isActive { edges[i].intervals[edges[i].intervals.count - 1].end = seq }
    }

    mutating func consume(_ e: Event) {
        let window = e.window ?? ChainGraph.noWindowID
        // A chain outside any window starts at a detached controller, not a window's root.
        if let root = e.chain.first { note(root, window, e.seq, root: e.window != nil) }
        for ref in e.chain.dropFirst() { note(ref, window, e.seq) }
        for ref in e.controllers { note(ref, window, e.seq) }
        // Exact containment: each ancestor contains the one below it.
        for (child, parent) in zip(e.ancestry, e.ancestry.dropFirst()) {
            note(child, window, e.seq)
            note(parent, window, e.seq)
            _ = open(.container, parent.id, child.id, e.seq)
        }
        switch e.kind {
        case .present:
            guard let p = e.presented, let source = e.source else { return }
            if e.ancestry.isEmpty, let provider = e.contextProvider ?? e.presenting, provider.id != source.id {
                // Logs without ancestry: the provider contains the source, maybe through unnamed containers.
                _ = open(.container, provider.id, source.id, e.seq)
            }
            if e.outcome == .rejected, let attempted = e.presenting ?? e.source {
                let i = open(.rejected, attempted.id, p.id, e.seq)
                edges[i].intervals[edges[i].intervals.count - 1].end = e.seq + 1
                return
            }
            guard e.outcome == .presented, let presenting = e.presenting else { return }
            closePresentation(of: p.id, at: e.seq)  // presented again without a recorded dismissal
            var opened = [open(.presentation, presenting.id, p.id, e.seq, style: e.effectiveStyle)]
            edges[opened[0]].sheet = e.sheet
            if source.id != presenting.id { opened.append(open(.source, source.id, p.id, e.seq)) }
            if let c = e.contextProvider, c.id != presenting.id { opened.append(open(.context, c.id, p.id, e.seq)) }
            if let c = e.contextProvider, e.effectiveStyle?.isContextStyle == true, let i = nodeIndex[c.id] {
                nodes[i].definesContext = true
            }
            presentedNow[p.id] = opened
        case .dismiss:
            guard e.outcome == .dismissed else { return }
            for ref in e.dismissed { closePresentation(of: ref.id, at: e.seq) }
        case .interactiveDismiss:
            guard e.outcome == .completed else { return }
            for ref in e.dismissed { closePresentation(of: ref.id, at: e.seq) }
        case .presentCompleted, .sheetDetentChanged:
            // The sheet as it stands now (a detent change, or a sheet configured during its transition).
            guard let sheet = e.sheet, let p = e.presented, let edge = presentedNow[p.id]?.first else { return }
            edges[edge].sheet = sheet
        case .dismissCompleted, .leakCheck:
            return
        }
    }
}
