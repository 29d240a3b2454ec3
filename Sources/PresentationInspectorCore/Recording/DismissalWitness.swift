/// The presented controllers of a chain before a dismissal, with their presenters: after the
/// transition, the ones whose presenter is gone are what UIKit really dismissed.
///
/// Held by the dismissal's completion only, so until the transition ends, as UIKit itself holds
/// the controllers it dismisses. Strongly: a weak reference gives an object a side table, and
/// then every retain and release of it takes the runtime's slow path. An adapter's node holds its
/// controller weakly, so keeping the node keeps no app controller alive.
struct DismissalWitness<N: PresentationNode> {
    private struct Entry {
        let node: N
        let presenter: N
        let ref: ControllerRef
        let presenterRef: ControllerRef
    }
    private let entries: [Entry]

    /// The presented controllers of `chain` (its first controller is its root), read now.
    init(chain: [N]) {
        // A loop, not `dropFirst`/`compactMap`: unspecialised, those ask the runtime for metadata.
        var entries: [Entry] = []
        for i in 1..<max(1, chain.count) {
            guard let presenter = chain[i].presentingNode else { continue }
            entries.append(Entry(node: chain[i], presenter: presenter, ref: chain[i].ref, presenterRef: presenter.ref))
        }
        self.entries = entries
    }

    /// `dismissed` (top first) and `handledBy` (the presenter of the lowest one removed).
    ///
    /// A node whose controller is gone answers no presenter: removed as well. Every controller is read: a chain
    /// with context presentations in several branches is not one stack, and what a dismissal
    /// removes need not be its top.
    func observation() -> Observation {
        var dismissed: [ControllerRef] = []
        var handledBy: ControllerRef?
        for i in stride(from: entries.count - 1, through: 0, by: -1) {
            let e = entries[i]
            let stays = e.node.presentingNode === e.presenter
            if !stays { dismissed.append(e.ref); handledBy = e.presenterRef }
        }
        return Observation(dismissed: dismissed, handledBy: handledBy)
    }
}
