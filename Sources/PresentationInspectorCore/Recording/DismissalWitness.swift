/// The presented controllers of a chain before a dismissal, held weakly, with their presenters:
/// after the transition, the ones whose presenter is gone are what UIKit really dismissed.
struct DismissalWitness<N: PresentationNode> {
    private struct Entry {
        weak var node: N?
        weak var presenter: N?
        let ref: ControllerRef
        let presenterRef: ControllerRef
    }
    private let entries: [Entry]

    /// The presented controllers of `chain` (its first controller is its root), read now.
    init(chain: [N]) {
        entries = chain.dropFirst().compactMap { node in
            guard let presenter = node.presentingNode else { return nil }
            return Entry(node: node, presenter: presenter, ref: node.ref, presenterRef: presenter.ref)
        }
    }

    /// `dismissed` (top first) and `handledBy` (the presenter of the lowest one removed).
    ///
    /// A controller deallocated meanwhile was removed as well. Every controller is read: a chain
    /// with context presentations in several branches is not one stack, and what a dismissal
    /// removes need not be its top.
    func observation() -> Observation {
        var dismissed: [ControllerRef] = []
        var handledBy: ControllerRef?
        for e in entries.reversed() {
            let stays = e.node.map { node in e.presenter.map { node.presentingNode === $0 } ?? false } ?? false
            if !stays { dismissed.append(e.ref); handledBy = e.presenterRef }
        }
        return Observation(dismissed: dismissed, handledBy: handledBy)
    }
}
