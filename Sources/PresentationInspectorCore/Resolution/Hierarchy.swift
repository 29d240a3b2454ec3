/// Walks over a hierarchy of ``PresentationNode``s: the relationships DESIGN's rules use.
public enum Hierarchy {
    /// The topmost ancestor through `parent`: a window's root or a presented controller.
    public static func presentationRoot<N: PresentationNode>(of node: N) -> N {
        var c = node
        var guardCount = 0
        while let p = c.parentNode, guardCount < 10_000 { c = p; guardCount += 1 }
        return c
    }

    /// `presentedViewController` as UIKit answers it (rule 5): the controller's own presented
    /// controller, else its parent's, walking up to the presentation root.
    public static func presentedController<N: PresentationNode>(of node: N) -> N? {
        var c: N? = node
        var guardCount = 0
        while let n = c, guardCount < 10_000 {
            if let p = n.ownPresentedNode { return p }
            c = n.parentNode
            guardCount += 1
        }
        return nil
    }

    /// The root of everything this node hangs from, through `parent` and `presentingViewController`.
    public static func ultimateRoot<N: PresentationNode>(of node: N) -> N {
        var r = presentationRoot(of: node)
        var guardCount = 0
        while let p = r.presentingNode, guardCount < 10_000 { r = presentationRoot(of: p); guardCount += 1 }
        return r
    }

    /// The window this node belongs to, if any.
    public static func windowID<N: PresentationNode>(of node: N) -> String? {
        ultimateRoot(of: node).rootOfWindow
    }

    /// The presented controllers hanging from `node` or any of its descendants, in preorder.
    static func presentedInSubtree<N: PresentationNode>(of node: N, into out: inout [N], depth: Int = 0) {
        guard depth < 1_000 else { return }
        if let p = node.ownPresentedNode { out.append(p) }
        for c in node.childNodes { presentedInSubtree(of: c, into: &out, depth: depth + 1) }
    }

    /// The presentation chain that starts at `root`: `root`, then every presented controller in
    /// order (each followed by what it presents). For the usual single chain this is
    /// root → presented → presented…
    public static func chain<N: PresentationNode>(from root: N) -> [N] {
        var out: [N] = []
        var seen = Set<ObjectIdentifier>()
        func visit(_ n: N) {
            guard seen.insert(ObjectIdentifier(n)).inserted, out.count < 10_000 else { return }
            out.append(n)
            var presented: [N] = []
            presentedInSubtree(of: n, into: &presented)
            for p in presented { visit(p) }
        }
        visit(root)
        return out
    }

    /// `node` and every controller presented above it, top first: what a dismissal of `node` removes.
    public static func dismissalSet<N: PresentationNode>(startingAt node: N) -> [N] {
        chain(from: node).reversed()
    }

    /// The ancestors of `node` through `parent`, starting with `node`.
    public static func ancestry<N: PresentationNode>(of node: N) -> [N] {
        var out = [node]
        var c = node
        while let p = c.parentNode, out.count < 10_000 { out.append(p); c = p }
        return out
    }
}
