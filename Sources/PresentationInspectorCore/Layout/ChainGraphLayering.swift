/// The layered (Sugiyama-style) placement of one window's nodes: cycle breaking, longest-path
/// layering, virtual nodes for edges that skip layers, barycentre ordering, left-to-right
/// placement and edge routing through the virtual nodes.
struct LayeredGroup {
    typealias Options = ChainGraphLayout.Options

    let members: [ChainGraph.Node]
    let edges: [ChainGraph.Edge]
    let o: Options

    /// Real nodes first (`0..<members.count`), virtual nodes after them.
    private var layer: [Int] = []
    private var size: [LayoutSize] = []
    private var up: [[Int]] = []
    private var down: [[Int]] = []
    /// Per edge: the virtual nodes it passes through, top to bottom (empty for direct edges).
    private var chains: [[Int]] = []
    private var endpoints: [(Int, Int)?] = []
    private var lines: [[String]] = []

    /// The width reserved in a layer for an edge passing through it.
    static let virtualWidth = 14.0

    init(members: [ChainGraph.Node], edges: [ChainGraph.Edge], options: Options) {
        self.members = members; self.edges = edges; self.o = options
    }

    var realCount: Int { members.count }

    mutating func place(left: Double, top: Double) -> ([ChainGraphLayout.PlacedNode], [ChainGraphLayout.PlacedEdge]) {
        buildLayers()
        var layers = [[Int]](repeating: [], count: (layer.max() ?? 0) + 1)
        for i in layer.indices { layers[layer[i]].append(i) }
        order(&layers)
        let (frames, bands) = coordinates(layers, left: left, top: top)
        let nodes = (0..<realCount).map {
            ChainGraphLayout.PlacedNode(node: members[$0], lines: lines[$0], frame: frames[$0], layer: layer[$0])
        }
        var routed: [ChainGraphLayout.PlacedEdge] = []
        for (k, e) in edges.enumerated() {
            guard let (a, b) = endpoints[k] else { continue }
            if chains[k].isEmpty && layer[b] != layer[a] + 1 {
                routed.append(Self.direct(e, from: frames[a], to: frames[b]))
            } else {
                routed.append(Self.through(e, from: frames[a], to: frames[b], via: chains[k].map { (frames[$0].midX, bands[layer[$0]]) }))
            }
        }
        return (nodes, routed)
    }

    /// Layers real nodes by longest path over the acyclic edges and adds virtual nodes.
    private mutating func buildLayers() {
        let index = Dictionary(members.enumerated().map { ($1.ref.id, $0) }, uniquingKeysWith: { a, _ in a })
        var out = [[Int]](repeating: [], count: realCount)
        endpoints = edges.map { e in
            guard let a = index[e.from], let b = index[e.to], a != b else { return nil }
            out[a].append(b)
            return (a, b)
        }
        let forward = Self.acyclic(out)
        layer = [Int](repeating: 0, count: realCount)
        var indegree = [Int](repeating: 0, count: realCount)
        for targets in forward { for b in targets { indegree[b] += 1 } }
        var queue = (0..<realCount).filter { indegree[$0] == 0 }
        var head = 0
        while head < queue.count {
            let a = queue[head]; head += 1
            for b in forward[a] {
                layer[b] = max(layer[b], layer[a] + 1)
                indegree[b] -= 1
                if indegree[b] == 0 { queue.append(b) }
            }
        }
        lines = members.map { ChainGraphLayout.lines(for: $0.ref) + ($0.interactiveUnder != nil ? [ChainGraphLayout.interactiveLine] : []) }
        size = lines.map { l in
            let widest = l.map { TextMetrics.width(of: $0) }.max() ?? 0
            return LayoutSize(width: widest + 2 * o.nodePadding, height: Double(l.count) * TextMetrics.lineHeight + o.nodePadding)
        }
        up = [[Int]](repeating: [], count: realCount)
        down = [[Int]](repeating: [], count: realCount)
        chains = []
        for pair in endpoints {
            guard let (a, b) = pair, layer[b] > layer[a] else { chains.append([]); continue }
            var chain: [Int] = []
            var previous = a
            for l in (layer[a] + 1)..<layer[b] {
                let v = layer.count
                layer.append(l); size.append(LayoutSize(width: Self.virtualWidth, height: 0))
                up.append([previous]); down.append([])
                down[previous].append(v)
                chain.append(v)
                previous = v
            }
            down[previous].append(b); up[b].append(previous)
            chains.append(chain)
        }
    }

    /// Barycentre sweeps (down, up, down, up) to reduce crossings; ties keep the current order.
    private func order(_ layers: inout [[Int]]) {
        var position = [Double](repeating: 0, count: layer.count)
        func renumber() { for l in layers { for (k, i) in l.enumerated() { position[i] = Double(k) } } }
        renumber()
        guard layers.count > 1 else { return }
        for sweep in 0..<4 {
            let downward = sweep % 2 == 0
            let range = downward ? Array(1..<layers.count) : Array((0..<(layers.count - 1)).reversed())
            for l in range {
                let keyed = layers[l].map { i -> (Int, Double) in
                    let n = (downward ? up[i] : down[i]).filter { layer[$0] == (downward ? l - 1 : l + 1) }
                    return (i, n.isEmpty ? position[i] : n.map { position[$0] }.reduce(0, +) / Double(n.count))
                }
                layers[l] = keyed.enumerated().sorted { ($0.element.1, $0.offset) < ($1.element.1, $1.offset) }.map(\.element.0)
                renumber()
            }
        }
    }

    /// Frames for every node (virtual ones are thin slots) and the vertical band of each layer.
    private func coordinates(_ layers: [[Int]], left: Double, top: Double) -> ([LayoutRect], [(Double, Double)]) {
        var frames = [LayoutRect](repeating: LayoutRect(x: 0, y: 0, width: 0, height: 0), count: layer.count)
        var bands: [(Double, Double)] = []
        var y = top
        for l in layers {
            let height = l.map { size[$0].height }.max() ?? 0
            var cursor = left
            for i in l {
                var x = cursor
                let parents = up[i].filter { layer[$0] < layer[i] }
                if !parents.isEmpty {
                    let centre = parents.map { frames[$0].midX }.reduce(0, +) / Double(parents.count)
                    x = max(cursor, centre - size[i].width / 2)
                }
                frames[i] = LayoutRect(x: x, y: y + (height - size[i].height) / 2, width: size[i].width, height: size[i].height)
                cursor = x + size[i].width + (i < realCount ? o.horizontalGap : o.horizontalGap / 2)
            }
            bands.append((y, y + height))
            y += height + o.layerGap
        }
        return (frames, bands)
    }

    /// Keeps the edges that do not close a cycle (depth-first search drops back edges).
    static func acyclic(_ out: [[Int]]) -> [[Int]] {
        var state = [UInt8](repeating: 0, count: out.count)  // 0 new, 1 on stack, 2 done
        var kept = [[Int]](repeating: [], count: out.count)
        for start in out.indices where state[start] == 0 {
            var stack: [(node: Int, next: Int)] = [(start, 0)]
            state[start] = 1
            while var top = stack.popLast() {
                guard top.next < out[top.node].count else { state[top.node] = 2; continue }
                let b = out[top.node][top.next]
                top.next += 1
                stack.append(top)
                if state[b] == 1 { continue }  // back edge: dropped
                if !kept[top.node].contains(b) { kept[top.node].append(b) }
                if state[b] == 0 { state[b] = 1; stack.append((b, 0)) }
            }
        }
        return kept
    }

    /// Spreads the ends of different kinds apart so parallel edges stay distinguishable.
    static func shift(_ k: ChainGraph.EdgeKind) -> Double {
        switch k {
        case .container, .presentation: 0
        case .source: -9
        case .context: 9
        case .rejected: 4
        }
    }

    /// A downward edge from the bottom of `a` through the slots `via` to the top of `b`.
    static func through(_ e: ChainGraph.Edge, from a: LayoutRect, to b: LayoutRect, via: [(x: Double, band: (Double, Double))]) -> ChainGraphLayout.PlacedEdge {
        let s = shift(e.kind)
        var points = [LayoutPoint(x: a.midX + s, y: a.maxY)]
        for v in via {
            points.append(LayoutPoint(x: v.x, y: v.band.0))
            points.append(LayoutPoint(x: v.x, y: v.band.1))
        }
        let end = LayoutPoint(x: b.midX + s, y: b.y)
        points.append(end)
        var segments: [ChainGraphLayout.CurveSegment] = []
        for k in 1..<points.count {
            let p = points[k - 1], q = points[k]
            let dy = (q.y - p.y) / 2
            segments.append(.init(control1: LayoutPoint(x: p.x, y: p.y + dy), control2: LayoutPoint(x: q.x, y: q.y - dy), end: q))
        }
        // The label sits beside the middle of the last piece, clear of the arrowhead (at the tip
        // it started under it: "ageSheet").
        let p = points[points.count - 2]
        let label = LayoutPoint(x: max(p.x, end.x) + 8, y: (p.y + end.y) / 2 + 3)
        return .init(edge: e, start: points[0], segments: segments, labelPosition: label)
    }

    /// A single curve: upwards for an edge that closes a cycle, sideways within a layer.
    static func direct(_ e: ChainGraph.Edge, from a: LayoutRect, to b: LayoutRect) -> ChainGraphLayout.PlacedEdge {
        let s = shift(e.kind)
        let start: LayoutPoint, end: LayoutPoint, c1: LayoutPoint, c2: LayoutPoint
        if b.y >= a.maxY {
            return through(e, from: a, to: b, via: [])
        } else if a.y >= b.maxY {
            start = LayoutPoint(x: a.midX + s, y: a.y)
            end = LayoutPoint(x: b.midX + s, y: b.maxY)
            let dy = (start.y - end.y) / 2
            c1 = LayoutPoint(x: start.x + 40, y: start.y - dy); c2 = LayoutPoint(x: end.x + 40, y: end.y + dy)
        } else {
            let rightward = b.midX >= a.midX
            start = LayoutPoint(x: rightward ? a.maxX : a.x, y: a.midY + s / 2)
            end = LayoutPoint(x: rightward ? b.x : b.maxX, y: b.midY + s / 2)
            let dx = (end.x - start.x) / 2
            c1 = LayoutPoint(x: start.x + dx, y: start.y - 24); c2 = LayoutPoint(x: end.x - dx, y: end.y - 24)
        }
        // The midpoint of a cubic Bézier: (P0 + 3 P1 + 3 P2 + P3) / 8.
        let mid = LayoutPoint(x: (start.x + 3 * c1.x + 3 * c2.x + end.x) / 8, y: (start.y + 3 * c1.y + 3 * c2.y + end.y) / 8)
        return .init(edge: e, start: start, segments: [.init(control1: c1, control2: c2, end: end)], labelPosition: mid)
    }
}
