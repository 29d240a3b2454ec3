/// A layered (top to bottom) layout of a ``ChainGraph``: window roots at the top, containers
/// above their children, presenting controllers above what they present. Each window is laid
/// out on its own, side by side. Nodes never overlap: within a layer they are placed left to
/// right with a gap, and layers are stacked by their tallest node.
@_spi(Package) public struct ChainGraphLayout: Hashable, Sendable {
    /// Sizes and gaps.
    @_spi(Package) public struct Options: Hashable, Sendable {
        /// Space between two nodes of one layer.
        @_spi(Package) public var horizontalGap: Double
        /// Space between two layers.
        @_spi(Package) public var layerGap: Double
        /// Space between two windows' boxes.
        @_spi(Package) public var windowGap: Double
        /// Space around the whole drawing.
        @_spi(Package) public var margin: Double
        /// Space between a node's border and its text, and inside window boxes.
        @_spi(Package) public var nodePadding: Double
        /// Room above each window's nodes for its title.
        @_spi(Package) public var windowTitleHeight: Double

        /// Creates options with defaults suited to a browser.
        @_spi(Package) public init(horizontalGap: Double = 28, layerGap: Double = 56, windowGap: Double = 48, margin: Double = 16,
                    nodePadding: Double = 10, windowTitleHeight: Double = 22) {
            self.horizontalGap = horizontalGap; self.layerGap = layerGap; self.windowGap = windowGap
            self.margin = margin; self.nodePadding = nodePadding; self.windowTitleHeight = windowTitleHeight
        }
    }

    /// A placed node.
    @_spi(Package) public struct PlacedNode: Hashable, Sendable {
        /// The graph node placed.
        @_spi(Package) public var node: ChainGraph.Node
        /// Label lines: type, title (quoted) when there is one, id.
        @_spi(Package) public var lines: [String]
        /// Where it is drawn.
        @_spi(Package) public var frame: LayoutRect
        /// Its layer, 0 at the top.
        @_spi(Package) public var layer: Int
    }

    /// One cubic Bézier piece of an edge's path.
    @_spi(Package) public struct CurveSegment: Hashable, Sendable {
        /// The first control point.
        @_spi(Package) public var control1: LayoutPoint
        /// The second control point.
        @_spi(Package) public var control2: LayoutPoint
        /// Where the piece ends.
        @_spi(Package) public var end: LayoutPoint
    }

    /// A placed edge: a smooth path from `start` through the gaps between nodes to `end`.
    ///
    /// Edges that skip layers pass through reserved slots in the layers in between, so they
    /// never cross a node box.
    @_spi(Package) public struct PlacedEdge: Hashable, Sendable {
        /// The graph edge placed.
        @_spi(Package) public var edge: ChainGraph.Edge
        /// Where the path starts (on the border of the `from` node).
        @_spi(Package) public var start: LayoutPoint
        /// Consecutive cubic pieces; the last one ends at the arrow tip.
        @_spi(Package) public var segments: [CurveSegment]
        /// Where a label goes (next to the arrow tip).
        @_spi(Package) public var labelPosition: LayoutPoint
        /// The arrow tip.
        @_spi(Package) public var end: LayoutPoint { segments.last?.end ?? start }
    }

    /// A window's box around its nodes.
    @_spi(Package) public struct WindowBox: Hashable, Sendable {
        /// The window's id.
        @_spi(Package) public var window: String
        /// Where it is drawn.
        @_spi(Package) public var frame: LayoutRect
    }

    /// The graph laid out.
    @_spi(Package) public var graph: ChainGraph
    /// The size of the whole drawing.
    @_spi(Package) public var size: LayoutSize
    /// Every node with its frame.
    @_spi(Package) public var nodes: [PlacedNode]
    /// Every edge with its path.
    @_spi(Package) public var edges: [PlacedEdge]
    /// A box per window, left to right.
    @_spi(Package) public var windows: [WindowBox]

    /// The placed node with this id.
    @_spi(Package) public func node(_ id: String) -> PlacedNode? { nodes.first { $0.node.ref.id == id } }

    /// The label lines of a node.
    @_spi(Package) public static func lines(for ref: ControllerRef) -> [String] {
        var lines = [capped(ref.type)]
        if let t = ref.title, !t.isEmpty { lines.append("\"\(capped(t, ChainGraph.labelLimit - 2))\"") }
        lines.append(capped(ref.id))
        return lines
    }

    /// The line a node gets while it stays interactive below an undimmed sheet it presents.
    @_spi(Package) public static let interactiveLine = "still interactive (sheet undimmed)"

    /// Lays out a graph.
    /// Graphs larger than ``ChainGraph/drawnNodeLimit`` are laid out fitted (``ChainGraph/fitted(maxNodes:)``).
    @_spi(Package) public static func make(graph fullGraph: ChainGraph, options o: Options = Options()) -> ChainGraphLayout {
        let graph = fullGraph.fitted()
        var placed: [PlacedNode] = []
        var placedEdges: [PlacedEdge] = []
        var boxes: [WindowBox] = []
        var left = o.margin
        var bottom = o.margin
        let byWindow = graph.nodesByWindow
        for window in graph.windows {
            let members = byWindow[window] ?? []
            guard !members.isEmpty else { continue }
            let ids = Set(members.map(\.ref.id))
            let edges = graph.edges.filter { ids.contains($0.from) && ids.contains($0.to) }
            let top = o.margin + o.windowTitleHeight
            var group = LayeredGroup(members: members, edges: edges, options: o)
            let (nodes, routed) = group.place(left: left + o.nodePadding, top: top)
            // Edge labels (font 10, clipped at 200 points) stay inside the window's box.
            let labelsRight = routed.compactMap { e in
                ChainGraph.edgeLabel(e.edge, seq: graph.seq).map { e.labelPosition.x + min(TextMetrics.width(of: $0) * 0.85, 200) }
            }.max() ?? left
            let maxX = max(nodes.map(\.frame.maxX).max() ?? left, left + TextMetrics.width(of: ChainGraph.windowHeading(window)) + 16, labelsRight)
            let maxY = nodes.map(\.frame.maxY).max() ?? top
            boxes.append(WindowBox(window: window, frame: LayoutRect(x: left, y: o.margin, width: maxX + o.nodePadding - left,
                                                                     height: maxY + o.nodePadding - o.margin)))
            placed += nodes
            placedEdges += routed
            left = maxX + o.nodePadding + o.windowGap
            bottom = max(bottom, maxY + o.nodePadding)
        }
        // Edges between windows (a controller presented in another window than it was first seen in).
        let byID = Dictionary(placed.map { ($0.node.ref.id, $0) }, uniquingKeysWith: { a, _ in a })
        for e in graph.edges {
            guard let a = byID[e.from], let b = byID[e.to], a.node.window != b.node.window else { continue }
            placedEdges.append(LayeredGroup.direct(e, from: a.frame, to: b.frame))
        }
        let width = (boxes.map(\.frame.maxX).max() ?? 0) + o.margin
        return ChainGraphLayout(graph: graph, size: LayoutSize(width: max(width, 2 * o.margin), height: bottom + o.margin),
                                nodes: placed, edges: placedEdges, windows: boxes)
    }
}
