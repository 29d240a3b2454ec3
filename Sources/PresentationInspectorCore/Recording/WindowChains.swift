import Foundation

/// Each window's presentation chain as the events name it, walked once and shared by every event
/// until a hooked `present` or `dismiss` may have changed it (issue 10: the walk visits every
/// controller of the window, and a present/dismiss pair used to walk it five times).
///
/// Presentation relationships change only through `present` and `dismiss` (and the swipe that
/// ends in a dismissal), all of which go through the handler and call ``invalidate()`` when they
/// have run, ignored calls included. A window is recognised by its root controller, held weakly:
/// a replaced or deallocated root is a different window. What is shared is the snapshots
/// (``ControllerRef``); the controllers are held weakly.
///
/// The usual present puts one controller on the chain's top, and the usual dismissal takes the
/// top off: then the chain after the call is worked out from the one before (its controllers'
/// snapshots taken again, as a walk would) instead of walking the window again, once checked
/// against what the hierarchy reports (the new top's presenter, the dismissed ones' presenters
/// gone, the one below still presented, what UIKit was seen to dismiss). Anything else walks.
@usableFromInline final class WindowChains: @unchecked Sendable {
    /// A controller of a chain, held weakly.
    @usableFromInline struct WeakNode {
        @usableFromInline weak var node: AnyObject?
        @inlinable init(_ node: AnyObject) { self.node = node }
    }

    /// A chain's controllers as kept: strongly when keeping a node keeps no controller alive
    /// (``PresentationNode/keepsNoControllerAlive``: an adapter, which holds its controller
    /// weakly), weakly otherwise (the simulator's controllers are their own nodes). A weak
    /// reference gives an object a side table, and every retain and release of it then takes
    /// Swift's slow path (callgrind, issue 10: ≈ 1,200 instructions per event on the device path).
    @usableFromInline struct KeptNodes {
        @usableFromInline var strong: [AnyObject] = []
        @usableFromInline var weak: [WeakNode] = []
        @usableFromInline let keepsStrongly: Bool
        /// Bit `i`: the node at `i` was presented by the one at `i - 1` when the chain was walked
        /// or worked out (``Hierarchy/chainWithPresenters(from:)``); from 64 on, not said.
        @usableFromInline var presentedByPrevious: UInt64
        @inlinable init<N: PresentationNode>(_ nodes: [N], presentedByPrevious: UInt64 = 0) {
            keepsStrongly = N.keepsNoControllerAlive
            self.presentedByPrevious = presentedByPrevious
            if keepsStrongly { strong = nodes } else { weak = nodes.map { WeakNode($0) } }
        }
        /// Whether the node at `i` was presented by the one before it (false: not said).
        @inlinable func isPresentedByPrevious(_ i: Int) -> Bool { i > 0 && i < 64 && presentedByPrevious & (1 << UInt64(i)) != 0 }
        @inlinable var count: Int { keepsStrongly ? strong.count : weak.count }
        @inlinable var isEmpty: Bool { count == 0 }
        @inlinable var indices: Range<Int> { 0..<count }
        /// The node at `i`; nil once a weakly held one is gone. Read in place: copying a weak
        /// reference out is a runtime call.
        @inlinable subscript(i: Int) -> AnyObject? { keepsStrongly ? strong[i] : weak[i].node }
        /// The node at `i` while its controller is there: a strongly kept adapter node outlives its
        /// controller, and one that cannot say whether its controller is moving has none (or is
        /// read off the main thread). Nil for a weakly held node that is gone as well.
        @inlinable func live<N: PresentationNode>(_ i: Int, as _: N.Type) -> N? {
            guard let object = self[i] else { return nil }
            let node = unsafeDowncast(object, to: N.self)
            if keepsStrongly, node.isBeingPresentedOrDismissed == nil { return nil }
            return node
        }
        @inlinable mutating func removeLast(_ k: Int) {
            if keepsStrongly { strong.removeLast(k) } else { weak.removeLast(k) }
            if count < 64 { presentedByPrevious &= (1 << UInt64(count)) - 1 }
        }
        /// Appends `node`, presented by the node now last.
        @inlinable mutating func append(presentedByLast node: AnyObject) {
            if count < 64 { presentedByPrevious |= 1 << UInt64(count) }
            if keepsStrongly { strong.append(node) } else { weak.append(WeakNode(node)) }
        }
    }

    /// One window's chain. A class: a present or dismiss on the chain's top changes it in place
    /// (copying an entry copied its weak references, a runtime call each).
    @usableFromInline final class Entry {
        // Guarded by the chains' lock (exclusivity checks off: a runtime call per access).
        /// The root, kept as ``KeptNodes`` keeps nodes.
        @usableFromInline let strongRoot: AnyObject?
        @exclusivity(unchecked) @usableFromInline weak var weakRoot: AnyObject?
        @inlinable var root: AnyObject? { strongRoot ?? weakRoot }
        /// The node type the chain was walked over (`N.self`): the nodes are read back as it.
        @usableFromInline let nodeType: ObjectIdentifier
        @exclusivity(unchecked) @usableFromInline var generation: UInt64
        @exclusivity(unchecked) @usableFromInline var refs: [ControllerRef]
        /// The chain's controllers, in the order of `refs`.
        @exclusivity(unchecked) @usableFromInline var nodes: KeptNodes
        @inlinable init<N: PresentationNode>(root: N, generation: UInt64, nodes: [N], presentedByPrevious: UInt64, refs: [ControllerRef]) {
            if N.keepsNoControllerAlive { strongRoot = root } else { strongRoot = nil; weakRoot = root }
            nodeType = ObjectIdentifier(N.self); self.generation = generation; self.refs = refs
            self.nodes = KeptNodes(nodes, presentedByPrevious: presentedByPrevious)
        }
    }

    /// A chain as one look found it: its snapshots, the generation it is current at, and the
    /// entry that holds its controllers (nil when chains are not shared).
    @usableFromInline struct Chain<N: PresentationNode> {
        @usableFromInline let refs: [ControllerRef]
        @usableFromInline let generation: UInt64
        @usableFromInline let entry: Entry?
        @inlinable init(refs: [ControllerRef], generation: UInt64, entry: Entry?) {
            self.refs = refs; self.generation = generation; self.entry = entry
        }
    }

    /// What a present or dismiss did to a chain's top: the first `kept` controllers stay,
    /// `appended` (if any) goes on top, and `refs` are the new chain's snapshots.
    @usableFromInline struct Change<N: PresentationNode> {
        @usableFromInline let entry: Entry
        @usableFromInline let count: Int
        @usableFromInline let kept: Int
        @usableFromInline let appended: N?
        @usableFromInline let refs: [ControllerRef]
        @inlinable init(entry: Entry, count: Int, kept: Int, appended: N?, refs: [ControllerRef]) {
            self.entry = entry; self.count = count; self.kept = kept; self.appended = appended; self.refs = refs
        }
    }

    @usableFromInline let lock = InspectorLock()
    // Guarded by `lock` (exclusivity checks off, as in ``Recorder``).
    @exclusivity(unchecked) @usableFromInline var generation: UInt64 = 0
    /// The windows looked at most recently (an app has a few).
    @exclusivity(unchecked) @usableFromInline var entries: [Entry] = []
    @usableFromInline static let maximumEntries = 8
    /// Off: every look walks (tests compare both ways).
    @exclusivity(unchecked) @usableFromInline var isSharing = true
    /// Chains worked out from the one before a present or dismiss instead of walked (tests check
    /// that the random runs comparing both ways take this path).
    @exclusivity(unchecked) @usableFromInline var derivedChains = 0

    @usableFromInline init() {}

    /// Something may have changed a chain: the next look walks again.
    @inlinable func invalidate() {
        lock.lock()
        generation &+= 1
        lock.unlock()
    }

    /// The chain that starts at `root` (a window's root, or a detached presentation root).
    @inlinable func chain<N: PresentationNode>(from root: N) -> [ControllerRef] { look(from: root).refs }

    /// The chain that starts at `root`, with what a hooked call's end works the next one out from
    /// (``change(_:afterPresenting:)``, ``change(_:afterDismissing:observed:)``).
    @inlinable func look<N: PresentationNode>(from root: N) -> Chain<N> {
        guard isSharing else { return Chain(refs: Hierarchy.refs(Hierarchy.chain(from: root)), generation: 0, entry: nil) }
        lock.lock()
        let current = generation
        for entry in entries where entry.generation == current && entry.root === root {
            let refs = entry.refs
            lock.unlock()
            return Chain(refs: refs, generation: current, entry: entry)
        }
        lock.unlock()
        // Walked outside the lock; stored with the generation the look started from, so a
        // change made meanwhile makes the next look walk again.
        let (nodes, presentedByPrevious) = Hierarchy.chainWithPresenters(from: root)
        let entry = Entry(root: root, generation: current, nodes: nodes, presentedByPrevious: presentedByPrevious, refs: Hierarchy.refs(nodes))
        lock.lock()
        entries.removeAll { $0.root == nil || $0.root === root }
        if entries.count >= Self.maximumEntries { entries.removeFirst() }
        entries.append(entry)
        lock.unlock()
        return Chain(refs: entry.refs, generation: current, entry: entry)
    }

    /// A hooked call's changes are in place: the next look walks again, unless `change` is given,
    /// worked out from the chain current at generation `base` (``look(from:)`` before the call),
    /// and nothing else invalidated the chains since: then the chain is changed in place.
    /// `end` (when given) is marked ended, with the changed chain when it was applied.
    @inlinable func invalidate<N: PresentationNode>(after base: UInt64, applying change: Change<N>?, ending end: TransitionEnd? = nil) {
        lock.lock()
        let unchanged = generation == base
        generation &+= 1
        if unchanged, let change, change.entry.generation == base, change.entry.nodes.count == change.count,
           entries.contains(where: { $0 === change.entry }) {
            let entry = change.entry
            if change.kept < change.count { entry.nodes.removeLast(change.count - change.kept) }
            // A present's change appends a controller presented by the chain's last (checked).
            if let appended = change.appended { entry.nodes.append(presentedByLast: appended) }
            entry.refs = change.refs
            entry.generation = generation
            derivedChains &+= 1
            end?.chainAfter = (change.refs, generation)
        }
        end?.ended = true
        lock.unlock()
    }

    /// The chain once `presented` has been presented, worked out from `before` (the chain current
    /// before the call): `before` and `presented` when `presented`'s presenter is the chain's last
    /// controller and `presented` presents nothing itself, its children included. Otherwise nil:
    /// the next look walks. Every snapshot is taken again, as a walk would.
    @inlinable func change<N: PresentationNode>(_ before: Chain<N>, afterPresenting presented: N) -> Change<N>? {
        guard let entry = before.entry, let nodes = nodes(of: entry, at: before.generation, as: N.self), !nodes.isEmpty,
              let presenter = presented.presentingNode, presenter === nodes[nodes.count - 1],
              !Hierarchy.presentsAnything(inSubtreeOf: presented) else { return nil }
        var refs: [ControllerRef] = []
        refs.reserveCapacity(nodes.count + 1)
        for i in nodes.indices {
            guard let n = nodes.live(i, as: N.self) else { return nil }
            refs.append(n.ref)
        }
        refs.append(presented.ref)
        return Change(entry: entry, count: nodes.count, kept: nodes.count, appended: presented, refs: refs)
    }

    /// Whether a controller of the chain that starts at `root` is being presented or dismissed,
    /// read from the chain as kept while it is current (what
    /// ``PresentationNode/isTransitionInProgress`` asks, without walking the window); nil when
    /// chains are not shared, a controller is gone, or a node does not say
    /// (``PresentationNode/isBeingPresentedOrDismissed``).
    /// Also the look it took at the chain (nil when it needed none), for the caller to use again.
    @inlinable func transitionCheck<N: PresentationNode>(from root: N) -> (runs: Bool?, look: Chain<N>?) {
        guard isSharing, let rootMoving = root.isBeingPresentedOrDismissed else { return (nil, nil) }
        if rootMoving { return (true, nil) }
        let chain = look(from: root)
        return (transitionRuns(aboveRootOf: chain), chain)
    }

    /// Whether a controller of `chain` other than its root (asked already) is being presented or dismissed.
    @inlinable func transitionRuns<N: PresentationNode>(aboveRootOf chain: Chain<N>) -> Bool? {
        guard let entry = chain.entry, let weak = nodes(of: entry, at: chain.generation, as: N.self) else { return nil }
        // The chain starts at `root`, asked already.
        for i in weak.indices.dropFirst() {
            guard let n = weak[i], let moving = unsafeDowncast(n, to: N.self).isBeingPresentedOrDismissed else { return nil }
            if moving { return true }
        }
        return false
    }

    /// The controllers of `chain` as kept, while it is still current (nil when chains are not shared).
    @inlinable func keptNodes<N: PresentationNode>(of chain: Chain<N>) -> KeptNodes? {
        guard let entry = chain.entry else { return nil }
        return nodes(of: entry, at: chain.generation, as: N.self)
    }

    /// `entry`'s nodes while it is still the chain current at `generation` (read in place, by
    /// index: copying a weakly held one out copies the weak reference, a runtime call).
    @inlinable func nodes<N: PresentationNode>(of entry: Entry, at generation: UInt64, as _: N.Type) -> KeptNodes? {
        lock.lock()
        let weak = entry.nodes, current = entry.generation == generation && entry.nodeType == ObjectIdentifier(N.self)
        lock.unlock()
        return current ? weak : nil
    }

    /// The chain once `dismissed` (top first) have been dismissed, worked out from `before`: its
    /// controllers up to the first dismissed one, when the dismissed ones are its top, none of them
    /// is presented any more, the one below them still is (or is the root), and what UIKit was seen
    /// to dismiss (`observed`, top first) is the same. Otherwise nil: the next look walks.
    @inlinable func change<N: PresentationNode>(_ before: Chain<N>, afterDismissing dismissed: [N],
                                                 observed: [ControllerRef]?) -> Change<N>? {
        guard let entry = before.entry, let nodes = nodes(of: entry, at: before.generation, as: N.self) else { return nil }
        let n = nodes.count, k = dismissed.count
        guard k > 0, k < n, before.refs.count == n else { return nil }
        for j in 0..<k where nodes[n - 1 - j] !== dismissed[j] || dismissed[j].presentingNode != nil { return nil }
        if let observed {
            guard observed.count == k, zip(observed, before.refs[(n - k)...].reversed()).allSatisfy({ $0.id == $1.id }) else { return nil }
        }
        var refs: [ControllerRef] = []
        refs.reserveCapacity(n - k)
        for i in 0..<(n - k) {
            guard let node = nodes.live(i, as: N.self) else { return nil }
            // The one below the dismissed ones is still presented (or is the root).
            if i == n - k - 1, i > 0, node.presentingNode == nil { return nil }
            refs.append(node.ref)
        }
        return Change(entry: entry, count: n, kept: n - k, appended: nil, refs: refs)
    }
}

/// Whether a hooked call's transition ended while UIKit's original implementation was still
/// running (a transition without animation): the chains were invalidated then, after every change
/// the call made, and stay valid when the call returns.
///
/// Guarded by the chains' lock: each step below is one critical section there (a lock of its
/// own, made per call, cost ≈ 250 instructions an event, and a second lock round per step).
@usableFromInline class TransitionEnd: @unchecked Sendable {
    @exclusivity(unchecked) @usableFromInline var ended = false
    @exclusivity(unchecked) @usableFromInline var chainAfter: (refs: [ControllerRef], generation: UInt64)?
    @usableFromInline init() {}

    /// The transition ended: what it changed is in place, and `change` (when given) is what it did
    /// to the chain current at generation `base`.
    @inlinable func mark<N: PresentationNode>(_ chains: WindowChains, after base: UInt64, applying change: WindowChains.Change<N>?) {
        chains.invalidate(after: base, applying: change, ending: self)
    }

    /// The chain the transition left, when it was worked out from the one before and nothing has
    /// invalidated the chains since (what a look would return, without looking).
    @inlinable func chainLeft(_ chains: WindowChains) -> [ControllerRef]? {
        chains.lock.lock()
        defer { chains.lock.unlock() }
        guard let left = chainAfter, chains.generation == left.generation else { return nil }
        return left.refs
    }

    /// The original call returned: its changes invalidate the chains unless its transition
    /// already ended (and invalidated them) inside it. Returns whether it had.
    @inlinable @discardableResult func afterCall(_ chains: WindowChains) -> Bool {
        chains.lock.lock()
        let endedInside = ended
        if !endedInside { chains.generation &+= 1 }
        chains.lock.unlock()
        return endedInside
    }
}

extension Array where Element == ControllerRef {
    /// The chain without the controllers of `removed` (compared by id: ids are unique among the
    /// controllers alive at one time).
    @inlinable func removing(_ removed: [ControllerRef]) -> [ControllerRef] {
        if removed.isEmpty { return self }
        if removed.count <= 16 { return filter { r in !removed.contains { $0.id == r.id } } }
        let ids = Set(removed.map(\.id))
        return filter { !ids.contains($0.id) }
    }
}
