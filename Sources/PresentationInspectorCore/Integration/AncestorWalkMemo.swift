/// Counts title changes seen by adapter nodes (main thread only): a kept walk
/// (``AncestorWalk``) is used only while the count is the one it was made at, so that a node it
/// passes over keeps the last title read (what its snapshots off the main thread report).
@_spi(Adapter) public enum AdapterTitleGeneration {
    // Read and written on the main thread only: a title is read there alone.
    @exclusivity(unchecked) @usableFromInline nonisolated(unsafe) static var current: UInt = 0

    @inlinable static func bump() { current &+= 1 }
}

/// The last walk up from an adapter node: for each ancestor, nearest first, its controller's
/// address, class and title as read, and the snapshot handed out for it; and the root reached.
///
/// A snapshot is made of exactly those three reads (the id is the address, the type the class's
/// name, the title the title), so a walk that reads the same three at every level would make the
/// same snapshots: it answers the kept array instead, without a node or a snapshot per level.
/// That holds even when a controller was freed and another took its address: the reads are what
/// they are, and the kept snapshot says what a fresh one would. No controller is referenced: the
/// addresses are numbers, the root's controller is held weakly and its node not at all (a node
/// lives as long as its controller, see ``AdapterNodeMemory/node(of:_:mayReference:node:)``).
@_spi(Adapter) public final class AncestorWalk<Node: AnyObject>: @unchecked Sendable {
    /// What a walk read of one ancestor.
    @usableFromInline struct Level {
        @usableFromInline let address: UInt
        @usableFromInline let type: ObjectIdentifier
        @usableFromInline let title: String?
        @inlinable init(address: UInt, type: ObjectIdentifier, title: String?) {
            self.address = address
            self.type = type
            self.title = title
        }
    }
    // Main thread only, as the walks.
    @usableFromInline let levels: [Level]
    @usableFromInline let refs: [ControllerRef]
    @usableFromInline let limit: Int
    @usableFromInline let recordsTitles: Bool
    @usableFromInline let generation: UInt
    @exclusivity(unchecked) @usableFromInline weak var rootController: AnyObject?
    @exclusivity(unchecked) @usableFromInline unowned(unsafe) var root: Node?

    @usableFromInline init(levels: [Level], refs: [ControllerRef], limit: Int, recordsTitles: Bool, generation: UInt,
                           rootController: AnyObject, root: Node) {
        self.levels = levels
        self.refs = refs
        self.limit = limit
        self.recordsTitles = recordsTitles
        self.generation = generation
        self.rootController = rootController
        self.root = root
    }
}

extension AdapterNodeMemory {
    /// ``PresentationNode/ancestorRefs(limit:)`` for an adapter on the main thread: walks up from
    /// `start` (this memory's controller, whose node is `startNode`) reading each ancestor's
    /// `parent`, class and (with `recordsTitles`) `title` once, and answers the last walk's very
    /// array while every level reads the same; from the first difference on, each ancestor's
    /// snapshot comes from `step` (the parent's node, from the node below's memory, and its
    /// snapshot with the title given: `.some(title)` with `recordsTitles`, nil without), and the
    /// walk is kept for next time. `node` gives a controller's node (one look-up, where a walk
    /// that matched so far goes on). `mayReference` tells whether the root may be referenced
    /// weakly (see ``node(of:_:mayReference:node:)``): when it may not, the walk is not kept.
    ///
    /// Call on the main thread only. (callgrind, issue 10: a present from 50 levels deep took a
    /// weak load, a snapshot check and a hand-over per level.)
    @inlinable public func ancestors<Controller: AnyObject>(
        from start: Controller, startNode: Child, limit: Int, recordsTitles: Bool,
        mayReference: (Controller) -> Bool = { _ in true },
        parent: (Controller) -> Controller?, title: (Controller) -> String?,
        step: (Child, Controller, String??) -> (node: Child, ref: ControllerRef),
        node: (Controller) -> Child
    ) -> (refs: [ControllerRef], root: Child) {
        var vc = start, matched = 0
        var next: Controller?
        var kept: AncestorWalk<Child>?
        if let walk = lastWalk, walk.limit == limit, walk.recordsTitles == recordsTitles,
           walk.generation == AdapterTitleGeneration.current {
            kept = walk
            let count = walk.levels.count
            // Each read is moved on (`vc = p`), not copied, and the kept levels are compared in
            // place: a copy is a retain and a release more per level.
            walk.levels.withUnsafeBufferPointer { levels in
                while true {
                    if matched == count {
                        if count < limit { next = parent(vc) }
                        break
                    }
                    guard let p = parent(vc) else { break }
                    guard UInt(bitPattern: ObjectIdentifier(p)) == levels[matched].address,
                          ObjectIdentifier(type(of: p)) == levels[matched].type,
                          !recordsTitles || title(p) == levels[matched].title else { next = p; break }
                    vc = p
                    matched += 1
                }
            }
            if matched == count && next == nil {
                // The same walk: the same snapshots. The root's node is the one kept while its
                // controller is the one read.
                if let c = walk.rootController, c === vc, let r = walk.root { return (walk.refs, r) }
                let r = matched == 0 ? startNode : node(vc)
                if mayReference(vc) {
                    walk.rootController = vc
                    walk.root = r
                }
                return (walk.refs, r)
            }
        } else if limit > 0 {
            next = parent(start)
        }
        // A different walk from level `matched` on: the levels below it are the kept walk's.
        var levels: [AncestorWalk<Child>.Level] = [], refs: [ControllerRef] = []
        let capacity = Swift.max(8, (kept?.refs.count ?? 0) + 1)
        levels.reserveCapacity(capacity)
        refs.reserveCapacity(capacity)
        if let kept, matched > 0 {
            levels.append(contentsOf: kept.levels[..<matched])
            refs.append(contentsOf: kept.refs[..<matched])
        }
        var current = matched == 0 ? startNode : node(vc)
        while let p = next, refs.count < limit {
            let t: String? = recordsTitles ? title(p) : nil
            let up = step(current, p, recordsTitles ? .some(t) : nil)
            levels.append(.init(address: UInt(bitPattern: ObjectIdentifier(p)), type: ObjectIdentifier(type(of: p)), title: t))
            refs.append(up.ref)
            current = up.node
            vc = p
            next = refs.count < limit ? parent(vc) : nil
        }
        // The generation now: `step` may have bumped it (a title changed), and the titles kept
        // are the ones just read. Not kept when the root may not be referenced weakly.
        guard mayReference(vc) else {
            lastWalk = nil
            return (refs, current)
        }
        lastWalk = AncestorWalk(levels: levels, refs: refs, limit: limit, recordsTitles: recordsTitles,
                                generation: AdapterTitleGeneration.current, rootController: vc, root: current)
        return (refs, current)
    }
}
