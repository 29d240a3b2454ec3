extension ControllerFacts {
    /// How far a walk up from a controller goes: as deep as a scenario may nest (far beyond any
    /// real hierarchy), so a cycle or a hostile depth cannot keep a hooked call walking.
    static let walkLimit = 1_000
    /// The most children of one container whose facts a call reads.
    static let childLimit = 1_000

    /// The facts of `node` as it stands. `containment` tells its container kind and, for a tab
    /// bar controller, its selected index; `children` says whether its children are listed.
    public static func read<N: PresentationNode>(_ node: N, children withChildren: Bool,
                                                 containment: (N) -> (kind: Container, selected: Int?)) -> ControllerFacts {
        let ref = node.ref
        var f = ControllerFacts(id: ref.id, type: ref.type, title: ref.title)
        let (kind, selected) = containment(node)
        f.container = kind
        f.parent = node.parentNode?.ref.id
        if withChildren, kind != .none {
            f.children = node.childNodes.prefix(childLimit).map(\.ref.id)
            f.selected = kind == .tabBar ? selected : nil
        }
        f.modalPresentationStyle = node.modalPresentationStyle
        f.modalTransitionStyle = node.modalTransitionStyle
        f.definesPresentationContext = node.definesPresentationContext
        f.providesPresentationContextTransitionStyle = node.providesPresentationContextTransitionStyle
        f.isModalInPresentation = node.isModalInPresentation
        f.hasPopoverAnchor = node.hasPopoverAnchor
        f.window = Hierarchy.windowID(of: node)
        f.windowRoot = node.rootOfWindow
        f.horizontalSizeClass = node.horizontalSizeClass
        return f
    }

    /// The facts a hooked call on `nodes` (the source and the presented controller of a present,
    /// the receiver of a dismiss, a swiped sheet) lets the rules read: every controller from each
    /// node up to its window's root, through `parent` and `presentingViewController`, with its
    /// children listed; and those children, without theirs (their type and properties).
    /// Pass the result to ``Recorder/noteControllerFacts(_:)`` before the call.
    public static func involved<N: PresentationNode>(in nodes: [N], containment: (N) -> (kind: Container, selected: Int?)) -> [ControllerFacts] {
        var out: [ControllerFacts] = []
        var seen = Set<ObjectIdentifier>()
        var shallow: [N] = []
        for start in nodes {
            var current: N? = start
            var steps = 0
            while let n = current, steps < walkLimit, seen.insert(ObjectIdentifier(n)).inserted {
                out.append(read(n, children: true, containment: containment))
                shallow.append(contentsOf: n.childNodes.prefix(childLimit))
                current = n.parentNode ?? n.presentingNode
                steps += 1
            }
        }
        for child in shallow where seen.insert(ObjectIdentifier(child)).inserted {
            out.append(read(child, children: false, containment: containment))
        }
        return out
    }
}
