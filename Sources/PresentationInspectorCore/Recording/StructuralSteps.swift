import Foundation

/// Steps compared as data rather than as sentences: what the recorder uses to keep one copy of
/// an explanation that many events share (``ExplanationStep``'s own `==` renders both sentences,
/// so that a step read back from a log equals the step it was written from).
struct StructuralSteps: Hashable {
    let steps: [ExplanationStep]

    static func == (a: StructuralSteps, b: StructuralSteps) -> Bool {
        a.steps.count == b.steps.count && zip(a.steps, b.steps).allSatisfy { $0.isStructurallyEqual(to: $1) }
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(steps.count)
        for s in steps { s.structuralHash(into: &hasher) }
    }
}

extension ExplanationStep {
    /// Same case, same payload (a `.text` step never equals a structured one here).
    func isStructurallyEqual(to other: ExplanationStep) -> Bool {
        // One case at a time rather than `switch (self, other)`: the tuple copied both steps.
        switch self {
        case .presentCalled(let a0, let a1): if case .presentCalled(let b0, let b1) = other { return a0 == b0 && a1 == b1 }
        case .walkedUp(let a0, let a1, let a2): if case .walkedUp(let b0, let b1, let b2) = other { return a0 == b0 && a1 == b1 && a2 == b2 }
        case .ownRoot(let a0, let a1): if case .ownRoot(let b0, let b1) = other { return a0 == b0 && a1 == b1 }
        case .automaticStyle(let a0, let a1): if case .automaticStyle(let b0, let b1) = other { return a0 == b0 && a1 == b1 }
        case .popoverAdapts: if case .popoverAdapts = other { return true }
        case .styleAsIs(let a0, let a1): if case .styleAsIs(let b0, let b1) = other { return a0 == b0 && a1 == b1 }
        case .contextFound(let a0, let a1, let a2): if case .contextFound(let b0, let b1, let b2) = other { return a0 == b0 && a1 == b1 && a2 == b2 }
        case .contextNotFound(let a0, let a1, let a2): if case .contextNotFound(let b0, let b1, let b2) = other { return a0 == b0 && a1 == b1 && a2 == b2 }
        case .notContextStyle(let a0, let a1): if case .notContextStyle(let b0, let b1) = other { return a0 == b0 && a1 == b1 }
        case .presentingIsNotSource(let a0, let a1): if case .presentingIsNotSource(let b0, let b1) = other { return a0 == b0 && a1 == b1 }
        case .sourcePresents: if case .sourcePresents = other { return true }
        case .transitionFromProvider(let a0, let a1, let a2): if case .transitionFromProvider(let b0, let b1, let b2) = other { return a0 == b0 && a1 == b1 && a2 == b2 }
        case .transitionOwnProviderDeclines(let a0, let a1): if case .transitionOwnProviderDeclines(let b0, let b1) = other { return a0 == b0 && a1 == b1 }
        case .transitionOwn(let a0): if case .transitionOwn(let b0) = other { return a0 == b0 }
        case .preferredTransition(let a0, let a1): if case .preferredTransition(let b0, let b1) = other { return a0 == b0 && a1 == b1 }
        case .alreadyPresented(let a0, let a1): if case .alreadyPresented(let b0, let b1) = other { return a0 == b0 && a1 == b1 }
        case .activeChild(let a0, let a1): if case .activeChild(let b0, let b1) = other { return a0 == b0 && a1 == b1 }
        case .activeRoot(let a0, let a1): if case .activeRoot(let b0, let b1) = other { return a0 == b0 && a1 == b1 }
        case .presentingNotInWindow(let a0, let a1): if case .presentingNotInWindow(let b0, let b1) = other { return a0 == b0 && a1 == b1 }
        case .transitionRunning: if case .transitionRunning = other { return true }
        case .dismissalNotCounted: if case .dismissalNotCounted = other { return true }
        case .alreadyPresenting(let a0, let a1, let a2): if case .alreadyPresenting(let b0, let b1, let b2) = other { return a0 == b0 && a1 == b1 && a2 == b2 }
        case .notInWindow(let a0): if case .notInWindow(let b0) = other { return a0 == b0 }
        case .popoverWithoutAnchor(let a0, let a1): if case .popoverWithoutAnchor(let b0, let b1) = other { return a0 == b0 && a1 == b1 }
        case .checksPassed(let a0): if case .checksPassed(let b0) = other { return a0 == b0 }
        case .nothingChanges: if case .nothingChanges = other { return true }
        case .detachedSource(let a0): if case .detachedSource(let b0) = other { return a0 == b0 }
        case .dismissCalled(let a0): if case .dismissCalled(let b0) = other { return a0 == b0 }
        case .dismissDuringTransition(let a0, let a1): if case .dismissDuringTransition(let b0, let b1) = other { return a0 == b0 && a1 == b1 }
        case .dismissesOwn(let a0, let a1): if case .dismissesOwn(let b0, let b1) = other { return a0 == b0 && a1 == b1 }
        case .dismissInherited(let a0, let a1, let a2): if case .dismissInherited(let b0, let b1, let b2) = other { return a0 == b0 && a1 == b1 && a2 == b2 }
        case .removed(let a0): if case .removed(let b0) = other { return a0 == b0 }
        case .forwarded(let a0, let a1, let a2, let a3): if case .forwarded(let b0, let b1, let b2, let b3) = other { return a0 == b0 && a1 == b1 && a2 == b2 && a3 == b3 }
        case .nothingToDismiss(let a0): if case .nothingToDismiss(let b0) = other { return a0 == b0 }
        case .swipedDown(let a0): if case .swipedDown(let b0) = other { return a0 == b0 }
        case .swipeBlocked(let a0): if case .swipeBlocked(let b0) = other { return a0 == b0 }
        case .swipeCancelled: if case .swipeCancelled = other { return true }
        case .swipeCompletes(let a0, let a1): if case .swipeCompletes(let b0, let b1) = other { return a0 == b0 && a1 == b1 }
        case .text(let a0): if case .text(let b0) = other { return a0 == b0 }
        }
        return false
    }

    /// A hash consistent with ``isStructurallyEqual(to:)``.
    func structuralHash(into hasher: inout Hasher) {
        switch self {
        case .presentCalled(let a0, let a1): hasher.combine(0 as UInt8); hasher.combine(a0); hasher.combine(a1)
        case .walkedUp(let a0, let a1, let a2): hasher.combine(1 as UInt8); hasher.combine(a0); hasher.combine(a1); hasher.combine(a2)
        case .ownRoot(let a0, let a1): hasher.combine(2 as UInt8); hasher.combine(a0); hasher.combine(a1)
        case .automaticStyle(let a0, let a1): hasher.combine(3 as UInt8); hasher.combine(a0); hasher.combine(a1)
        case .popoverAdapts: hasher.combine(4 as UInt8)
        case .styleAsIs(let a0, let a1): hasher.combine(5 as UInt8); hasher.combine(a0); hasher.combine(a1)
        case .contextFound(let a0, let a1, let a2): hasher.combine(6 as UInt8); hasher.combine(a0); hasher.combine(a1); hasher.combine(a2)
        case .contextNotFound(let a0, let a1, let a2): hasher.combine(7 as UInt8); hasher.combine(a0); hasher.combine(a1); hasher.combine(a2)
        case .notContextStyle(let a0, let a1): hasher.combine(8 as UInt8); hasher.combine(a0); hasher.combine(a1)
        case .presentingIsNotSource(let a0, let a1): hasher.combine(9 as UInt8); hasher.combine(a0); hasher.combine(a1)
        case .sourcePresents: hasher.combine(10 as UInt8)
        case .transitionFromProvider(let a0, let a1, let a2): hasher.combine(11 as UInt8); hasher.combine(a0); hasher.combine(a1); hasher.combine(a2)
        case .transitionOwnProviderDeclines(let a0, let a1): hasher.combine(12 as UInt8); hasher.combine(a0); hasher.combine(a1)
        case .transitionOwn(let a0): hasher.combine(13 as UInt8); hasher.combine(a0)
        case .alreadyPresented(let a0, let a1): hasher.combine(14 as UInt8); hasher.combine(a0); hasher.combine(a1)
        case .activeChild(let a0, let a1): hasher.combine(15 as UInt8); hasher.combine(a0); hasher.combine(a1)
        case .activeRoot(let a0, let a1): hasher.combine(16 as UInt8); hasher.combine(a0); hasher.combine(a1)
        case .transitionRunning: hasher.combine(17 as UInt8)
        case .alreadyPresenting(let a0, let a1, let a2): hasher.combine(18 as UInt8); hasher.combine(a0); hasher.combine(a1); hasher.combine(a2)
        case .notInWindow(let a0): hasher.combine(19 as UInt8); hasher.combine(a0)
        case .popoverWithoutAnchor(let a0, let a1): hasher.combine(20 as UInt8); hasher.combine(a0); hasher.combine(a1)
        case .checksPassed(let a0): hasher.combine(21 as UInt8); hasher.combine(a0)
        case .nothingChanges: hasher.combine(22 as UInt8)
        case .detachedSource(let a0): hasher.combine(23 as UInt8); hasher.combine(a0)
        case .dismissCalled(let a0): hasher.combine(24 as UInt8); hasher.combine(a0)
        case .dismissDuringTransition(let a0, let a1): hasher.combine(25 as UInt8); hasher.combine(a0); hasher.combine(a1)
        case .dismissesOwn(let a0, let a1): hasher.combine(26 as UInt8); hasher.combine(a0); hasher.combine(a1)
        case .dismissInherited(let a0, let a1, let a2): hasher.combine(27 as UInt8); hasher.combine(a0); hasher.combine(a1); hasher.combine(a2)
        case .removed(let a0): hasher.combine(28 as UInt8); hasher.combine(a0)
        case .forwarded(let a0, let a1, let a2, let a3): hasher.combine(29 as UInt8); hasher.combine(a0); hasher.combine(a1); hasher.combine(a2); hasher.combine(a3)
        case .nothingToDismiss(let a0): hasher.combine(30 as UInt8); hasher.combine(a0)
        case .swipedDown(let a0): hasher.combine(31 as UInt8); hasher.combine(a0)
        case .swipeBlocked(let a0): hasher.combine(32 as UInt8); hasher.combine(a0)
        case .swipeCancelled: hasher.combine(33 as UInt8)
        case .swipeCompletes(let a0, let a1): hasher.combine(34 as UInt8); hasher.combine(a0); hasher.combine(a1)
        case .text(let a0): hasher.combine(35 as UInt8); hasher.combine(a0)
        case .preferredTransition(let a0, let a1): hasher.combine(36 as UInt8); hasher.combine(a0); hasher.combine(a1)
        case .presentingNotInWindow(let a0, let a1): hasher.combine(37 as UInt8); hasher.combine(a0); hasher.combine(a1)
        case .dismissalNotCounted: hasher.combine(38 as UInt8)
        }
    }
}
