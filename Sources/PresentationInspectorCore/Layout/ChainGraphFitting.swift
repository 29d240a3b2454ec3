/// Fitting a large graph to what its views can draw: Graphviz and Mermaid choke on thousands
/// of controllers (a 10,000-event log can name 5,000), and nobody reads them one by one.
extension ChainGraph {
    /// The most controllers the graph views (DOT, Mermaid, SVG) draw one by one.
    @_spi(Package) public static let drawnNodeLimit = 200
    /// The most relationships they draw for each controller drawn: a tree has about one, with
    /// its sources and contexts a few. A log can claim thousands between 200 controllers (one
    /// parent after another for each), and each one that skips layers costs the layout a node
    /// per layer skipped.
    @_spi(Package) public static let drawnEdgesPerNode = 4

    /// The graph with at most `maxNodes` nodes, or itself when it already fits.
    ///
    /// First, leaf controllers of one type that hang from the same controllers by the same kinds
    /// of edge (a new sheet per presentation) become one node, `2,500× (sheet0 … sheet2499)`, whose
    /// edges carry all their intervals. If that is not enough, whole windows are left out, last
    /// first, and ``note`` says how many.
    @_spi(Package) public func fitted(maxNodes: Int = ChainGraph.drawnNodeLimit) -> ChainGraph {
        fittingNodes(maxNodes: maxNodes).fittingEdges(maxEdges: max(maxNodes, 1) * Self.drawnEdgesPerNode)
    }

    /// The graph with at most `maxEdges` edges: presentations and rejections first, then
    /// containment, sources and contexts, each in the order they were first seen; ``note`` says
    /// how many are left out.
    private func fittingEdges(maxEdges: Int) -> ChainGraph {
        guard edges.count > maxEdges else { return self }
        let order: [EdgeKind] = [.presentation, .rejected, .container, .source, .context]
        var kept: [Edge] = []
        for kind in order {
            for e in edges where e.kind == kind && kept.count < maxEdges { kept.append(e) }
        }
        var g = self
        g.edges = kept
        g.note = [note, "\(groupedThousands(edges.count - kept.count)) of \(groupedThousands(edges.count)) relationships not drawn: use --at N, or the text listing"]
            .compactMap { $0 }.joined(separator: "; ")
        return g
    }

    private func fittingNodes(maxNodes: Int) -> ChainGraph {
        guard nodes.count > maxNodes else { return self }
        var g = groupingLeaves()
        guard g.nodes.count > maxNodes else { return g }
        // Still too many: keep whole windows, in order, while they fit (at least the first).
        let byWindow = g.nodesByWindow
        var kept = Set<String>(), count = 0
        for w in g.windows {
            let n = byWindow[w]?.count ?? 0
            if !kept.isEmpty && count + n > maxNodes { break }
            kept.insert(w); count += n
        }
        let keptNodes = g.nodes.filter { kept.contains($0.window) }
        let droppedNodes = g.nodes.count - keptNodes.count
        let ids = Set(keptNodes.map(\.ref.id))
        let droppedWindows = g.windows.count - kept.count
        g = ChainGraph(nodes: Array(keptNodes.prefix(max(maxNodes, 1))), edges: g.edges.filter { ids.contains($0.from) && ids.contains($0.to) },
                       windows: g.windows.filter { kept.contains($0) }, seq: seq)
        let cut = keptNodes.count - g.nodes.count
        let kept2 = Set(g.nodes.map(\.ref.id))
        g.edges = g.edges.filter { kept2.contains($0.from) && kept2.contains($0.to) }
        g.note = [self.note, "\(groupedThousands(droppedNodes + cut)) controllers in \(groupedThousands(droppedWindows)) windows not drawn: use --at N, or the text listing"]
            .compactMap { $0 }.joined(separator: "; ")
        return g
    }

    private func groupingLeaves() -> ChainGraph {
        var hasOutgoing = Set<String>()
        var incoming: [String: [String]] = [:]
        for e in edges {
            hasOutgoing.insert(e.from)
            incoming[e.to, default: []].append("\(e.kind.rawValue)\u{1F}\(e.from)")
        }
        // Group key: window, type and the (kind, from) pairs that point at it.
        var members: [String: [Int]] = [:]
        var keyOf: [Int: String] = [:]
        for (i, n) in nodes.enumerated() where !hasOutgoing.contains(n.ref.id) && !n.isWindowRoot {
            let key = ([n.window, n.ref.type] + Set(incoming[n.ref.id] ?? []).sorted()).joined(separator: "\u{1E}")
            members[key, default: []].append(i)
            keyOf[i] = key
        }
        var newID: [String: String] = [:]
        var newNodes: [Node] = []
        var emitted = Set<String>()
        var grouped = 0
        for (i, n) in nodes.enumerated() {
            guard let key = keyOf[i], let group = members[key], group.count > 1 else { newNodes.append(n); continue }
            if !emitted.insert(key).inserted { continue }
            let first = nodes[group[0]], last = nodes[group[group.count - 1]]
            let id = "\(groupedThousands(group.count))× (\(first.ref.id) … \(last.ref.id))"
            for m in group { newID[nodes[m].ref.id] = id }
            grouped += group.count
            newNodes.append(Node(ref: ControllerRef(id: id, type: n.ref.type), window: n.window,
                                 firstSeq: group.map { nodes[$0].firstSeq }.min() ?? n.firstSeq, isWindowRoot: false,
                                 definesContext: group.contains { nodes[$0].definesContext },
                                 isPresented: group.contains { nodes[$0].isPresented }))
        }
        guard grouped > 0 else { return self }
        var newEdges: [Edge] = []
        var edgeAt: [String: Int] = [:]
        for var e in edges {
            e.from = newID[e.from] ?? e.from
            e.to = newID[e.to] ?? e.to
            let key = "\(e.kind.rawValue)\u{1F}\(e.from)\u{1F}\(e.to)"
            if let j = edgeAt[key] {
                newEdges[j].intervals += e.intervals
                if e.style != nil { newEdges[j].style = e.style }
            } else {
                edgeAt[key] = newEdges.count
                newEdges.append(e)
            }
        }
        for j in newEdges.indices { newEdges[j].intervals.sort { $0.start < $1.start } }
        var g = ChainGraph(nodes: newNodes, edges: newEdges, windows: windows, seq: seq)
        g.note = "\(groupedThousands(grouped)) controllers drawn as \(newNodes.count - (nodes.count - grouped)) groups"
        return g
    }
}
