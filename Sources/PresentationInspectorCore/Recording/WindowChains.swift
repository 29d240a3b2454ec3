import Foundation

/// Each window's presentation chain as the events name it, walked once and shared by every event
/// until a hooked `present` or `dismiss` may have changed it (issue 10: the walk visits every
/// controller of the window, and a present/dismiss pair used to walk it five times).
///
/// Presentation relationships change only through `present` and `dismiss` (and the swipe that
/// ends in a dismissal), all of which go through the handler and call ``invalidate()`` when they
/// have run, ignored calls included. A window is recognised by its root controller, held weakly:
/// a replaced or deallocated root is a different window. What is shared is the snapshots
/// (``ControllerRef``), never the controllers.
@usableFromInline final class WindowChains: @unchecked Sendable {
    @usableFromInline struct Entry {
        @usableFromInline weak var root: AnyObject?
        @usableFromInline var generation: UInt64
        @usableFromInline var refs: [ControllerRef]
        @usableFromInline init(root: AnyObject, generation: UInt64, refs: [ControllerRef]) {
            self.root = root; self.generation = generation; self.refs = refs
        }
    }

    @usableFromInline let lock = NSLock()
    // Guarded by `lock` (exclusivity checks off, as in ``Recorder``).
    @exclusivity(unchecked) @usableFromInline var generation: UInt64 = 0
    /// The windows looked at most recently (an app has a few).
    @exclusivity(unchecked) @usableFromInline var entries: [Entry] = []
    @usableFromInline static let maximumEntries = 8
    /// Off: every look walks (tests compare both ways).
    @exclusivity(unchecked) @usableFromInline var isSharing = true

    @usableFromInline init() {}

    /// Something may have changed a chain: the next look walks again.
    @inlinable func invalidate() {
        lock.lock()
        generation &+= 1
        lock.unlock()
    }

    /// The chain that starts at `root` (a window's root, or a detached presentation root).
    @inlinable func chain<N: PresentationNode>(from root: N) -> [ControllerRef] {
        guard isSharing else { return Hierarchy.refs(Hierarchy.chain(from: root)) }
        lock.lock()
        let current = generation
        // Indexed in place: `first(where:)` copied each entry out, its weak reference included.
        for i in entries.indices where entries[i].generation == current && entries[i].root === root {
            let refs = entries[i].refs
            lock.unlock()
            return refs
        }
        lock.unlock()
        // Walked outside the lock; stored with the generation it started from, so a change made
        // meanwhile makes the next look walk again.
        let refs = Hierarchy.refs(Hierarchy.chain(from: root))
        lock.lock()
        entries.removeAll { $0.root == nil || $0.root === root }
        if entries.count >= Self.maximumEntries { entries.removeFirst() }
        entries.append(Entry(root: root, generation: current, refs: refs))
        lock.unlock()
        return refs
    }
}

/// Whether a hooked call's transition ended while UIKit's original implementation was still
/// running (a transition without animation): the chains were invalidated then, after every change
/// the call made, and stay valid when the call returns.
@usableFromInline final class TransitionEnd: @unchecked Sendable {
    @usableFromInline let lock = NSLock()
    @exclusivity(unchecked) @usableFromInline var ended = false  // guarded by `lock`
    @usableFromInline init() {}

    /// The transition ended: what it changed is in place.
    @inlinable func mark(_ chains: WindowChains) {
        chains.invalidate()
        lock.lock(); ended = true; lock.unlock()
    }

    /// The original call returned: its changes invalidate the chains unless its transition
    /// already ended (and invalidated them) inside it.
    @inlinable func afterCall(_ chains: WindowChains) {
        lock.lock(); let done = ended; lock.unlock()
        if !done { chains.invalidate() }
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
