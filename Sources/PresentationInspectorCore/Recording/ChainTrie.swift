/// Chains kept as a tree of shared prefixes: a chain is a node, its controllers the path from the
/// root: at a modal stack of 1,000 a full ring would otherwise hold 10,000 chains of 1,000
/// references; here a chain one deeper than another costs one node.
///
/// Node 0 is the empty chain. A node is held by the events naming it, by its children, and by the
/// cache of the last chain stored (given up once nothing else holds it); it leaves with its last
/// holder. Not thread-safe: the
/// ``EventStore`` calls it under the recorder's lock.
struct ChainTrie {
    private var parents: [UInt32] = [0]
    private var refSlots: [UInt32] = [0]
    private var depths: [Int] = [0]
    private var holders: [UInt32] = [0]
    private var freeNodes: [UInt32] = []
    /// (parent node, reference slot) → child node.
    private var children: [UInt64: UInt32] = [:]
    /// The last chain stored and its node: consecutive events of a window mostly name the same
    /// chain, or one a controller longer or shorter, so the common prefix is found against it.
    private var last: [ControllerRef] = []
    private var lastNode: UInt32 = 0

    /// Nodes alive (the empty chain excluded).
    var nodeCount: Int { parents.count - 1 - freeNodes.count }

    /// The node of `chain`, held once more; references are interned in `refs`.
    mutating func retain(_ chain: [ControllerRef], refs: inout InternPool<ControllerRef>) -> UInt32 {
        guard !chain.isEmpty else { return 0 }
        let common = commonPrefixLength(chain, last)
        var node = lastNode
        while depths[Int(node)] > common { node = parents[Int(node)] }
        for i in common..<chain.count {
            let slot = refs.retain(chain[i])
            let key = UInt64(node) << 32 | UInt64(slot)
            if let c = children[key] {
                refs.release(slot)  // the child holds the reference already
                node = c
            } else {
                node = makeNode(parent: node, refSlot: slot)
                children[key] = node
            }
        }
        holders[Int(node)] += 2  // the event, and the cache of the last chain
        let previous = lastNode
        last = chain
        lastNode = node
        release(previous, refs: &refs)
        return node
    }

    /// One holder fewer for `node`; a node without holders leaves, and so on up its path.
    mutating func release(_ node: UInt32, refs: inout InternPool<ControllerRef>) {
        var n = node
        while n != 0 {
            let i = Int(n)
            holders[i] -= 1
            if n == lastNode, holders[i] == 1 {
                // Only the cache is left: the chain leaves with its last event.
                holders[i] = 0
                lastNode = 0
                last = []
            }
            guard holders[i] == 0 else { return }
            let parent = parents[i]
            children[UInt64(parent) << 32 | UInt64(refSlots[i])] = nil
            refs.release(refSlots[i])
            freeNodes.append(n)
            n = parent
        }
    }

    /// The chain `node` stands for, root first.
    func chain(_ node: UInt32, refs: InternPool<ControllerRef>) -> [ControllerRef] {
        var out: [ControllerRef] = []
        out.reserveCapacity(depths[Int(node)])
        var n = node
        while n != 0 {
            if let r = refs[refSlots[Int(n)]] { out.append(r) }
            n = parents[Int(n)]
        }
        out.reverse()
        return out
    }

    private mutating func makeNode(parent: UInt32, refSlot: UInt32) -> UInt32 {
        holders[Int(parent)] += 1
        let depth = depths[Int(parent)] + 1
        if let n = freeNodes.popLast() {
            let i = Int(n)
            parents[i] = parent; refSlots[i] = refSlot; depths[i] = depth; holders[i] = 0
            return n
        }
        parents.append(parent); refSlots.append(refSlot); depths.append(depth); holders.append(0)
        return UInt32(parents.count - 1)
    }

    /// How many leading references `a` and `b` share (the same buffer: all of them).
    private func commonPrefixLength(_ a: [ControllerRef], _ b: [ControllerRef]) -> Int {
        let n = min(a.count, b.count)
        return a.withUnsafeBufferPointer { pa in
            b.withUnsafeBufferPointer { pb in
                if pa.baseAddress == pb.baseAddress { return n }
                var i = 0
                while i < n, pa[i] == pb[i] { i += 1 }
                return i
            }
        }
    }
}
