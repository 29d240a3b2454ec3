@_spi(Package) import PresentationInspectorCore

/// How a container shows its children (rule 6).
public enum ContainerKind: String, Sendable, CaseIterable {
    /// Not a container.
    case none
    /// `UINavigationController`: only the top child is visible.
    case navigation
    /// `UITabBarController`: only the selected child is visible.
    case tabBar
    /// `UISplitViewController`: every child is visible.
    case split
    /// A custom container: every child is visible.
    case plain

    /// The container kind implied by a UIKit class name, if any.
    public static func implied(byType type: String) -> ContainerKind? {
        switch type {
        case "UINavigationController": .navigation
        case "UITabBarController": .tabBar
        case "UISplitViewController": .split
        default: nil
        }
    }
}

/// A simulated view controller. Relationships follow UIKit's ownership: a parent retains its
/// children, a presenting controller retains its presented controller, back references are weak.
public final class SimController: PresentationNode {
    /// The scenario's id for this controller; recorded as the snapshot's id.
    public let id: String
    /// The class name recorded for this controller.
    public var type: String { didSet { simulation?.factsDidChange() } }
    /// `title`.
    public var title: String? { didSet { simulation?.factsDidChange() } }
    /// How this controller shows its children, fixed at creation.
    public let container: ContainerKind
    /// `children`, in order (navigation: bottom to top).
    public internal(set) var children: [SimController] = []
    /// The selected child of a tab bar controller.
    public internal(set) var selectedIndex = 0
    /// `parent`: the container this controller is a child of.
    public internal(set) weak var parent: SimController?
    /// `presentedViewController`, when this controller presents one itself.
    public internal(set) var presented: SimController?
    /// `presentingViewController`, while this controller is presented.
    public internal(set) weak var presenting: SimController?

    /// `modalPresentationStyle`.
    public var modalPresentationStyle: PresentationStyle = .automatic { didSet { simulation?.factsDidChange() } }
    /// `modalTransitionStyle`.
    public var modalTransitionStyle: TransitionStyle = .coverVertical { didSet { simulation?.factsDidChange() } }
    /// `preferredTransition` (iOS 18 and later).
    public var preferredTransition: TransitionStyle? { didSet { simulation?.factsDidChange() } }
    /// `definesPresentationContext`.
    public var definesPresentationContext: Bool { didSet { simulation?.factsDidChange() } }
    /// `providesPresentationContextTransitionStyle`.
    public var providesPresentationContextTransitionStyle = false { didSet { simulation?.factsDidChange() } }
    /// `isModalInPresentation`.
    public var isModalInPresentation = false { didSet { simulation?.factsDidChange() } }
    /// Its popover's anchor (`sourceView`, `sourceItem` or `barButtonItem`): missing by default;
    /// unknown where the scenario says the app's anchor cannot be seen (an action sheet on an iPhone).
    public var popoverAnchor = PopoverAnchorState.missing { didSet { simulation?.factsDidChange() } }
    /// Whether ``popoverAnchor`` is anchored; setting it says anchored or missing.
    public var hasPopoverAnchor: Bool {
        get { popoverAnchor == .anchored }
        set { popoverAnchor = newValue ? .anchored : .missing }
    }

    /// `sheetPresentationController.detents`, by identifier, smallest first (UIKit's default: `[large]`).
    public var detents: [String] = [SheetState.large]
    /// `sheetPresentationController.selectedDetentIdentifier`.
    public var selectedDetent: String?
    /// `sheetPresentationController.largestUndimmedDetentIdentifier`.
    public var largestUndimmedDetent: String?
    /// `sheetPresentationController.prefersGrabberVisible`.
    public var prefersGrabberVisible = false
    /// `sheetPresentationController.prefersEdgeAttachedInCompactHeight`.
    public var prefersEdgeAttachedInCompactHeight = false
    /// `sheetPresentationController.prefersPageSizing` (iOS 17 and later); nil: the version's default
    /// (`pinspect uikit-versions`).
    public var prefersPageSizing: Bool?

    /// Which system controller it is: implied by its type, or declared for a subclass.
    public var systemController: SystemControllerKind? { didSet { simulation?.factsDidChange() } }
    /// `UIAlertController.preferredStyle`, for an alert controller.
    public var preferredStyle: AlertControllerStyle? { didSet { simulation?.factsDidChange() } }

    /// The style this controller was presented with, while it is presented.
    public internal(set) var effectiveStyle: PresentationStyle?
    /// Whether its present transition has finished.
    public internal(set) var presentationCompleted = false
    /// Whether a dismiss transition is removing it.
    public internal(set) var isBeingDismissed = false
    /// How many times it has been presented: the end of a transition settles the presentation it
    /// began with, not a later one (a sheet swiped away during its dismissal and presented again).
    var presentationSerial = 0

    weak var simulation: Simulation?
    var windowID: String?
    var sizeClass: SizeClass = .compact
    /// The scenario environment's vertical size class.
    var verticalSizeClassValue: SizeClass = .regular
    /// The scenario environment's iOS version.
    var version: SystemVersion? {
        didSet { pageSizingDefault = UIKitVersions.prefersPageSizingDefault.value(at: UIKitVersions.rulesVersion(for: version)) }
    }
    /// `prefersPageSizing`'s default in that version, looked up once (every present of a sheet reads it).
    private var pageSizingDefault = UIKitVersions.prefersPageSizingDefault.value(at: UIKitVersions.newestModelled)
    /// When this controller's facts were last noted (``Simulation/noteFacts(_:)``): the
    /// simulation's facts generation, the recorder's facts epoch, and whether its children were
    /// listed. Unchanged since, they are not read again.
    var factsNoted: (generation: Int, epoch: Int, children: Bool)?
    /// When a call last walked up from this controller to note facts: unchanged since, the walk
    /// is not made again.
    var factsWalked: (generation: Int, epoch: Int)?
    /// The scenario dropped its own reference (`release` step).
    var releasedByScenario = false

    /// Creates a controller; `definesPresentationContext` defaults to true for navigation
    /// controllers, as in UIKit.
    public init(id: String, type: String, title: String? = nil, container: ContainerKind? = nil) {
        self.id = id
        self.type = type
        self.title = title
        let kind = container ?? ContainerKind.implied(byType: type) ?? .none
        self.container = kind
        definesPresentationContext = kind == .navigation
        systemController = SystemControllerKind(name: type)
    }

    // Its children lose their parent (a weak reference) with it: their facts change.
    deinit { simulation?.factsDidChange() }

    /// The children whose views are shown: navigation top, tab bar selection, all others.
    public var visibleChildren: [SimController] {
        switch container {
        case .navigation: children.last.map { [$0] } ?? []
        case .tabBar: children.indices.contains(selectedIndex) ? [children[selectedIndex]] : []
        case .split, .plain, .none: children
        }
    }

    /// Whether `child` is one of ``visibleChildren``.
    func shows(child: SimController) -> Bool {
        switch container {
        case .navigation: children.last === child
        case .tabBar: children.indices.contains(selectedIndex) && children[selectedIndex] === child
        case .split, .plain, .none: children.contains { $0 === child }
        }
    }

    // MARK: PresentationNode

    public var ref: ControllerRef { ControllerRef(id: id, type: type, title: title) }
    public var parentNode: SimController? { parent }
    public var childNodes: [SimController] { children }
    public var presentingNode: SimController? { presenting }
    public var ownPresentedNode: SimController? { presented }
    public var rootOfWindow: String? { windowID }
    public var isViewInWindow: Bool { simulation?.isViewInWindow(self) ?? false }
    public var horizontalSizeClass: SizeClass { sizeClass }
    public var verticalSizeClass: SizeClass { verticalSizeClassValue }
    /// ``preferredStyle``, for an alert controller.
    public var alertControllerStyle: AlertControllerStyle? { systemController == .alertController ? preferredStyle : nil }
    /// The scenario environment's iOS version.
    public var systemVersion: SystemVersion? { version }
    /// Its sheet's configuration while it is presented as a sheet (a page or form sheet, or a
    /// popover adapted to one), nil otherwise.
    public var sheetState: SheetState? {
        guard presenting != nil, effectiveStyle?.isSheet == true else { return nil }
        let pageSizing = prefersPageSizing ?? pageSizingDefault
        return SheetState(detents: detents, selectedDetent: selectedDetent, largestUndimmedDetent: largestUndimmedDetent,
                          prefersGrabberVisible: prefersGrabberVisible, prefersEdgeAttachedInCompactHeight: prefersEdgeAttachedInCompactHeight,
                          prefersPageSizing: pageSizing)
    }
    /// Presented and its transition not finished, or being dismissed.
    public var isBeingPresentedOrDismissed: Bool { isBeingDismissed || (presenting != nil && !presentationCompleted) }

    @_spi(Package) public func makeLivenessProbe() -> LivenessProbe {
        LivenessProbe { [weak self] in
            guard let c = self else { return false }
            return c.releasedByScenario && c.parent == nil && c.presenting == nil && c.windowID == nil
        }
    }
}
