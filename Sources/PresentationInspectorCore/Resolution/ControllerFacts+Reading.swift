extension ControllerFacts {
    /// How far a walk up from a controller goes: as deep as a scenario may nest (far beyond any
    /// real hierarchy), so a cycle or a hostile depth cannot keep a hooked call walking.
    @_spi(Package) public static let walkLimit = 1_000
    /// The most children of one container whose facts a call reads.
    @_spi(Package) public static let childLimit = 1_000

    /// The facts of `node` as it stands, in window `window` (nil: none). `containment` tells its
    /// container kind and, for a tab bar controller, its selected index; `children` says whether
    /// its children are listed.
    @_spi(Package) public static func read<N: PresentationNode>(_ node: N, children withChildren: Bool, window: String?,
                                                 containment: (N) -> (kind: Container, selected: Int?)) -> ControllerFacts {
        let ref = node.ref
        var f = ControllerFacts(id: ref.id, type: ref.type, title: ref.title)
        let (kind, selected) = containment(node)
        f.container = kind
        f.parent = node.parentNode?.ref.id
        if withChildren, kind != .none {
            // A loop, not `prefix`/`map(\.ref.id)`: unspecialised, those build a key path and ask
            // the runtime for metadata at every call.
            let children = node.childNodes
            var ids: [String] = []
            for i in 0..<min(children.count, childLimit) { ids.append(children[i].ref.id) }
            f.children = ids
            f.selected = kind == .tabBar ? selected : nil
        }
        f.modalPresentationStyle = node.modalPresentationStyle
        f.modalTransitionStyle = node.modalTransitionStyle
        // Recorded when set (a log stays as it was for the many controllers without one).
        if let preferred = node.preferredTransition { f.preferredTransition = .some(preferred) }
        f.definesPresentationContext = node.definesPresentationContext
        f.providesPresentationContextTransitionStyle = node.providesPresentationContextTransitionStyle
        f.isModalInPresentation = node.isModalInPresentation
        f.popoverAnchor = node.popoverAnchor
        f.systemController = node.systemController
        f.preferredStyle = node.alertControllerStyle
        f.window = window
        f.windowRoot = node.rootOfWindow
        f.horizontalSizeClass = node.horizontalSizeClass
        f.verticalSizeClass = node.verticalSizeClass
        return f
    }

    /// The window whose root contains `node` through `parent` (``ControllerFacts/window``).
    @_spi(Package) public static func containmentWindow<N: PresentationNode>(of node: N) -> String? {
        var root = node
        var steps = 0
        while let p = root.parentNode, steps < walkLimit { root = p; steps += 1 }
        return root.rootOfWindow
    }
}
