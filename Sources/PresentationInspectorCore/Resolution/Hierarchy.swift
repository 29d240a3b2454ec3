/// Walks over a hierarchy of ``PresentationNode``s: the relationships DESIGN's rules use.
///
/// Every walk is bounded (10,000 steps, 1,000 levels), so a cycle in a broken hierarchy ends.
public enum Hierarchy {
    /// The most steps any walk takes.
    static let stepLimit = 10_000

    /// The topmost ancestor through `parent`: a window's root or a presented controller.
    public static func presentationRoot<N: PresentationNode>(of node: N) -> N {
        var c = node
        var steps = 0
        while let p = c.parentNode, steps < stepLimit { c = p; steps += 1 }
        return c
    }

    /// `presentedViewController` as UIKit answers it (rule 5): the controller's own presented
    /// controller, else its parent's, walking up to the presentation root.
    public static func presentedController<N: PresentationNode>(of node: N) -> N? {
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
    public static func ultimateRoot<N: PresentationNode>(of node: N) -> N {
        var r = presentationRoot(of: node)
        var steps = 0
        while let p = r.presentingNode, steps < stepLimit { r = presentationRoot(of: p); steps += 1 }
        return r
    }

    /// The window this node belongs to, if any.
    public static func windowID<N: PresentationNode>(of node: N) -> String? {
        ultimateRoot(of: node).rootOfWindow
    }

    /// The presented controllers hanging from `node` or any of its descendants, in preorder.
    static func presentedInSubtree<N: PresentationNode>(of node: N, depth: Int = 0) -> [N] {
        guard depth < 1_000 else { return [] }
        var out: [N] = []
        if let p = node.ownPresentedNode { out.append(p) }
        for c in node.childNodes { out += presentedInSubtree(of: c, depth: depth + 1) }
        return out
    }

    /// The presentation chain that starts at `root`: `root`, then every presented controller in
    /// order (each followed by what it presents). For the usual single chain this is
    /// root → presented → presented…; with presentations in several branches (two navigation
    /// controllers of a split, each presenting over its own context), each branch's
    /// presentations follow in the order of the branches.
    public static func chain<N: PresentationNode>(from root: N) -> [N] {
        var out: [N] = []
        var seen = Set<ObjectIdentifier>()
        var pending: [N] = [root]
        while let n = pending.popLast(), out.count < stepLimit {
            guard seen.insert(ObjectIdentifier(n)).inserted else { continue }
            out.append(n)
            pending += presentedInSubtree(of: n).reversed()
        }
        return out
    }

    /// The snapshots of `nodes`, in order.
    public static func refs<N: PresentationNode>(_ nodes: [N]) -> [ControllerRef] {
        nodes.map(\.ref)
    }

    /// `node` and every controller presented above it, top first: what a dismissal of `node` removes.
    public static func dismissalSet<N: PresentationNode>(startingAt node: N) -> [N] {
        chain(from: node).reversed()
    }

    /// The ancestors of `node` through `parent`, starting with `node`.
    public static func ancestry<N: PresentationNode>(of node: N) -> [N] {
        var out = [node]
        while out.count < stepLimit, let p = out[out.count - 1].parentNode { out.append(p) }
        return out
    }
}
