// The walks are `@inlinable` so that they are specialised for the node type of the module that
// records (the simulator's, the UIKit adapter's): unspecialised, every array and optional of a
// generic node asked the runtime for its metadata (issue 10 profile: a fifth of recording).

/// Walks over a hierarchy of ``PresentationNode``s: the relationships DESIGN's rules use.
public enum Hierarchy {
    /// The topmost ancestor through `parent`: a window's root or a presented controller.
    @inlinable public static func presentationRoot<N: PresentationNode>(of node: N) -> N {
        var c = node
        var guardCount = 0
        while let p = c.parentNode, guardCount < 10_000 { c = p; guardCount += 1 }
        return c
    }

    /// `presentedViewController` as UIKit answers it (rule 5): the controller's own presented
    /// controller, else its parent's, walking up to the presentation root.
    @inlinable public static func presentedController<N: PresentationNode>(of node: N) -> N? {
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
    @inlinable public static func ultimateRoot<N: PresentationNode>(of node: N) -> N {
        var r = presentationRoot(of: node)
        var guardCount = 0
        while let p = r.presentingNode, guardCount < 10_000 { r = presentationRoot(of: p); guardCount += 1 }
        return r
    }

    /// The window this node belongs to, if any.
    @inlinable public static func windowID<N: PresentationNode>(of node: N) -> String? {
        ultimateRoot(of: node).rootOfWindow
    }

    /// The presented controllers hanging from `node` or any of its descendants, in preorder, each
    /// with the controller that presented it (the one whose ``PresentationNode/ownPresentedNode`` it is).
    @inlinable static func presentedInSubtree<N: PresentationNode>(of node: N, into out: inout [(presented: N, presenter: N)], depth: Int = 0) {
        guard depth < 1_000 else { return }
        if let p = node.ownPresentedNode { out.append((p, node)) }
        for c in node.childNodes { presentedInSubtree(of: c, into: &out, depth: depth + 1) }
    }

    /// Whether `node` or any of its descendants presents a controller (``presentedInSubtree(of:into:depth:)``
    /// found something), without collecting them.
    @inlinable static func presentsAnything<N: PresentationNode>(inSubtreeOf node: N, depth: Int = 0) -> Bool {
        guard depth < 1_000 else { return false }
        if node.ownPresentedNode != nil { return true }
        for c in node.childNodes where presentsAnything(inSubtreeOf: c, depth: depth + 1) { return true }
        return false
    }

    /// The presentation chain that starts at `root`: `root`, then every presented controller in
    /// order (each followed by what it presents). For the usual single chain this is
    /// root → presented → presented…
    @inlinable public static func chain<N: PresentationNode>(from root: N) -> [N] { chainWithPresenters(from: root).nodes }

    /// ``chain(from:)``, and which of its controllers were presented by the controller before them
    /// in it: bit `i` for the controller at `i` (from 64 on, not said). The window chains keep it,
    /// so that a dismissal's witness need not ask each controller for its presenter again.
    @inlinable static func chainWithPresenters<N: PresentationNode>(from root: N) -> (nodes: [N], presentedByPrevious: UInt64) {
        // Depth first with an explicit stack (a recursive visitor captured its state in boxes and
        // made an array per level; every recorded event needs a chain, issue 10).
        var out: [N] = []
        out.reserveCapacity(8)
        var mask: UInt64 = 0
        var pending: [(node: N, presenter: N?)] = [(root, nil)]
        var found: [(presented: N, presenter: N)] = []
        var seen = Set<ObjectIdentifier>()  // only once the chain is long: a scan is cheaper before
        while let (n, presenter) = pending.popLast(), out.count < 10_000 {
            let repeated = out.count < 16 ? out.contains(where: { $0 === n }) : !seen.insert(ObjectIdentifier(n)).inserted
            if repeated { continue }
            if out.count < 64, let presenter, let last = out.last, last === presenter { mask |= 1 << UInt64(out.count) }
            out.append(n)
            if out.count == 16 { seen = Set(out.map { ObjectIdentifier($0) }) }
            found.removeAll(keepingCapacity: true)
            presentedInSubtree(of: n, into: &found)
            for f in found.reversed() { pending.append((f.presented, f.presenter)) }
        }
        return (out, mask)
    }

    /// The snapshots of `nodes`, in order.
    @inlinable public static func refs<N: PresentationNode>(_ nodes: [N]) -> [ControllerRef] {
        var out: [ControllerRef] = []
        out.reserveCapacity(nodes.count)
        // By index: `for n in nodes` retained and released every node (callgrind; a node with
        // weak references to it takes the slow, side-table path each time).
        for i in nodes.indices { out.append(nodes[i].ref) }
        return out
    }

    /// The snapshots of `nodes`, in order, with `ref` for `known` (taken already) wherever it occurs.
    @inlinable static func refs<N: PresentationNode>(_ nodes: [N], reusing ref: ControllerRef, of known: N) -> [ControllerRef] {
        var out: [ControllerRef] = []
        out.reserveCapacity(nodes.count)
        for i in nodes.indices { out.append(nodes[i] === known ? ref : nodes[i].ref) }
        return out
    }

    /// `node` and every controller presented above it, top first: what a dismissal of `node` removes.
    @inlinable public static func dismissalSet<N: PresentationNode>(startingAt node: N) -> [N] {
        // The usual dismissal removes one controller that presents nothing: no walk, no arrays.
        if !presentsAnything(inSubtreeOf: node) { return [node] }
        return chain(from: node).reversed()
    }

    /// The ancestors of `node` through `parent`, starting with `node`.
    @inlinable public static func ancestry<N: PresentationNode>(of node: N) -> [N] {
        var out: [N] = []
        out.reserveCapacity(8)
        out.append(node)
        // Each parent is asked of the array's last element and moved into the array: keeping the
        // current node in a variable as well retained and released every one (see `refs`).
        while out.count < 10_000, let p = out[out.count - 1].parentNode { out.append(p) }
        return out
    }

    /// The snapshots of ``ancestry(of:)``, with `first` for `node`'s own (taken already): no array
    /// of nodes, and one snapshot fewer.
    @inlinable static func ancestryRefs<N: PresentationNode>(of node: N, first: ControllerRef) -> [ControllerRef] {
        var out: [ControllerRef] = []
        out.reserveCapacity(8)
        out.append(first)
        if let up = node.ancestorRefs(limit: 10_000 - 1) {
            out.append(contentsOf: up.refs)
        } else {
            _ = node.walkUp(limit: 10_000 - 1) { out.append($0) }
        }
        return out
    }
}

/// Membership in a group of nodes: a scan for the usual few, a hash set for many.
@usableFromInline struct NodeSet<N: PresentationNode> {
    @usableFromInline let nodes: [N]
    @usableFromInline let ids: Set<ObjectIdentifier>?

    @inlinable init(_ nodes: [N]) {
        self.nodes = nodes
        ids = nodes.count > 16 ? Set(nodes.map { ObjectIdentifier($0) }) : nil
    }

    @inlinable func contains(_ node: N) -> Bool {
        if let ids { return ids.contains(ObjectIdentifier(node)) }
        return nodes.contains { $0 === node }
    }
}
