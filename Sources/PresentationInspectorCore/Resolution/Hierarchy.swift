/// Walks over a hierarchy of ``PresentationNode``s: the relationships DESIGN's rules use.
///
/// Every walk is bounded (10,000 steps, 1,000 levels), so a cycle in a broken hierarchy ends.
///
/// The walks are `@inlinable`: every present and dismiss walks the window, and unspecialised
/// (called from the module that defines the node type) each array and optional of a generic node
/// asked the runtime for its type metadata, a fifth of recording's instructions (callgrind).
@_spi(Package) public enum Hierarchy {
    /// The most steps any walk takes.
    @_spi(Package) public static let stepLimit = 10_000

    /// The topmost ancestor through `parent`: a window's root or a presented controller.
    @inlinable @_spi(Package) public static func presentationRoot<N: PresentationNode>(of node: N) -> N {
        var c = node
        var steps = 0
        while let p = c.parentNode, steps < stepLimit { c = p; steps += 1 }
        return c
    }

    /// `presentedViewController` as UIKit answers it (rule 5): the controller's own presented
    /// controller, else its parent's, walking up to the presentation root.
    @inlinable @_spi(Package) public static func presentedController<N: PresentationNode>(of node: N) -> N? {
        var c: N? = node
        var steps = 0
        while let n = c, steps < stepLimit {
            if let p = n.ownPresentedNode { return p }
            c = n.parentNode
            steps += 1
        }
        return nil
    }

    /// The root of everything this node hangs from, through `parent` and `presentingViewController`.
    @inlinable @_spi(Package) public static func ultimateRoot<N: PresentationNode>(of node: N) -> N {
        var r = presentationRoot(of: node)
        var steps = 0
        while let p = r.presentingNode, steps < stepLimit { r = presentationRoot(of: p); steps += 1 }
        return r
    }

    /// How many presentations the node's view sits above its window's root: 0 inside the root's
    /// own tree, one more than its presenting controller's level inside a presented controller's
    /// tree. Controllers presented in different branches of one container (two navigation
    /// controllers of a split, each defining its context) share a level.
    @inlinable public static func presentationLevel<N: PresentationNode>(of node: N) -> Int {
        var r = presentationRoot(of: node)
        var level = 0
        while let p = r.presentingNode, level < stepLimit { r = presentationRoot(of: p); level += 1 }
        return level
    }

    /// The window this node belongs to, if any.
    @inlinable @_spi(Package) public static func windowID<N: PresentationNode>(of node: N) -> String? {
        ultimateRoot(of: node).rootOfWindow
    }

    /// Appends the presented controllers hanging from `node` or any of its descendants to `out`,
    /// in preorder.
    @inlinable @_spi(Package) public static func presentedInSubtree<N: PresentationNode>(of node: N, into out: inout [N], depth: Int = 0) {
        guard depth < 1_000 else { return }
        if let p = node.ownPresentedNode { out.append(p) }
        for c in node.childNodes { presentedInSubtree(of: c, into: &out, depth: depth + 1) }
    }

    /// The presentation chain that starts at `root`: `root`, then every presented controller in
    /// order (each followed by what it presents). For the usual single chain this is
    /// root → presented → presented…; with presentations in several branches (two navigation
    /// controllers of a split, each presenting over its own context), each branch's
    /// presentations follow in the order of the branches.
    @inlinable @_spi(Package) public static func chain<N: PresentationNode>(from root: N) -> [N] {
        var out: [N] = []
        var seen = Set<ObjectIdentifier>()
        // Preorder: a controller, then each controller presented in its subtree, each followed by
        // its own chain. Plain recursion and indexing: unspecialised, `popLast` and `+=` on an
        // array of nodes asked the runtime for their metadata at every step (callgrind).
        func visit(_ node: N, depth: Int) {
            guard depth < 1_000, out.count < stepLimit, seen.insert(ObjectIdentifier(node)).inserted else { return }
            out.append(node)
            let found = node.presentedNodesInSubtree()
            for i in 0..<found.count { visit(found[i], depth: depth + 1) }
        }
        visit(root, depth: 0)
        return out
    }

    /// Whether a present or dismiss transition runs in the window whose chain is `chain`: its root
    /// or one of its presented controllers is being presented or dismissed. Read over a chain the
    /// caller walked anyway, so that the check costs no walk of its own.
    @inlinable @_spi(Package) public static func transitionRuns<N: PresentationNode>(in chain: [N]) -> Bool {
        for i in 0..<chain.count where chain[i].isBeingPresentedOrDismissed { return true }
        return false
    }

    /// Which transitions run in the window whose chain is `chain`: whether one of its controllers
    /// is being presented, and whether one is being dismissed. A present checks only the first
    /// (DESIGN rule 4: "while a presentation is in progress"); a dismiss checks either (rule 7).
    @inlinable @_spi(Package) public static func runningTransitions<N: PresentationNode>(in chain: [N]) -> (presentation: Bool, dismissal: Bool) {
        var presentation = false, dismissal = false
        for i in 0..<chain.count where chain[i].isBeingPresentedOrDismissed {
            if chain[i].isBeingDismissed { dismissal = true } else { presentation = true }
        }
        return (presentation, dismissal)
    }

    /// The snapshots of `nodes`, in order.
    @inlinable @_spi(Package) public static func refs<N: PresentationNode>(_ nodes: [N]) -> [ControllerRef] {
        // A loop, not `map`: unspecialised, `map` asks the runtime for the array's metadata.
        var out: [ControllerRef] = []
        out.reserveCapacity(nodes.count)
        for i in 0..<nodes.count { out.append(nodes[i].ref) }
        return out
    }

    /// `node` and every controller presented above it, top first: what a dismissal of `node` removes.
    @inlinable @_spi(Package) public static func dismissalSet<N: PresentationNode>(startingAt node: N) -> [N] {
        let up = chain(from: node)
        var out: [N] = []
        out.reserveCapacity(up.count)
        for i in stride(from: up.count - 1, through: 0, by: -1) { out.append(up[i]) }
        return out
    }

    /// The ancestors of `node` through `parent`, starting with `node`.
    @inlinable @_spi(Package) public static func ancestry<N: PresentationNode>(of node: N) -> [N] {
        var out = [node]
        while out.count < stepLimit, let p = out[out.count - 1].parentNode { out.append(p) }
        return out
    }
}
