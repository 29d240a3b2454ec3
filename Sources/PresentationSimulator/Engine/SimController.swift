import PresentationInspectorCore

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
///
/// Its stored properties skip Swift's run-time exclusivity checks: UIKit's properties have none,
/// the hooks read several of them for every ancestor on every call (callgrind: about a tenth of
/// recording an event went to these checks), and every access is a plain load or store on the
/// main thread, never an `inout` access held across a call.
public final class SimController: PresentationNode {
    public let id: String
    @exclusivity(unchecked) public var type: String { didSet { cachedRef = nil; simulation?.factsDidChange() } }
    @exclusivity(unchecked) public var title: String? { didSet { cachedRef = nil; simulation?.factsDidChange() } }
    /// The last ``ref`` made, until the type or title changes: events name the same snapshot,
    /// which the recorder's pools then match by identity.
    @exclusivity(unchecked) private var cachedRef: ControllerRef?
    public let container: ContainerKind
    @exclusivity(unchecked) public internal(set) var children: [SimController] = []
    /// The selected child of a tab bar controller.
    @exclusivity(unchecked) public internal(set) var selectedIndex = 0
    @exclusivity(unchecked) public internal(set) weak var parent: SimController?
    @exclusivity(unchecked) public internal(set) var presented: SimController?
    @exclusivity(unchecked) public internal(set) weak var presenting: SimController?

    // The properties an adapter in another module reads (the device-path benchmark's, modelling
    // UIKit's) are accessors over private storage: read directly from another module, a stored
    // property gets Swift's run-time exclusivity checks despite `@exclusivity(unchecked)`
    // (Swift 6.3.1), and UIKit's properties have none. In this module the accessors are inlined.
    public var modalPresentationStyle: PresentationStyle { get { storedStyle } set { storedStyle = newValue; simulation?.factsDidChange() } }
    public var modalTransitionStyle: TransitionStyle { get { storedTransition } set { storedTransition = newValue; simulation?.factsDidChange() } }
    public var definesPresentationContext: Bool { get { storedDefinesContext } set { storedDefinesContext = newValue; simulation?.factsDidChange() } }
    public var providesPresentationContextTransitionStyle: Bool {
        get { storedProvidesTransition } set { storedProvidesTransition = newValue; simulation?.factsDidChange() }
    }
    public var isModalInPresentation: Bool { get { storedModal } set { storedModal = newValue; simulation?.factsDidChange() } }
    public var hasPopoverAnchor: Bool { get { storedAnchor } set { storedAnchor = newValue; simulation?.factsDidChange() } }
    @exclusivity(unchecked) private var storedStyle: PresentationStyle = .automatic
    @exclusivity(unchecked) private var storedTransition: TransitionStyle = .coverVertical
    @exclusivity(unchecked) private var storedDefinesContext = false
    @exclusivity(unchecked) private var storedProvidesTransition = false
    @exclusivity(unchecked) private var storedModal = false
    @exclusivity(unchecked) private var storedAnchor = false

    /// The style this controller was presented with, while it is presented.
    public internal(set) var effectiveStyle: PresentationStyle? { get { storedEffectiveStyle } set { storedEffectiveStyle = newValue } }
    /// Whether its present transition has finished.
    public internal(set) var presentationCompleted: Bool { get { storedCompleted } set { storedCompleted = newValue } }
    /// Whether a dismiss transition is removing it.
    public internal(set) var isBeingDismissed: Bool { get { storedDismissing } set { storedDismissing = newValue } }
    @exclusivity(unchecked) private var storedEffectiveStyle: PresentationStyle?
    @exclusivity(unchecked) private var storedCompleted = false
    @exclusivity(unchecked) private var storedDismissing = false

    @exclusivity(unchecked) weak var simulation: Simulation?
    /// Rule 6 up to this controller (its own presented controller aside), kept by the simulation
    /// as UIKit keeps a view's `window` (``Simulation/refreshWindowMembership(below:)``).
    @exclusivity(unchecked) var isInWindowUpToSelf = false
    @exclusivity(unchecked) var windowID: String?
    @exclusivity(unchecked) var sizeClass: SizeClass = .compact
    /// When this controller's facts were last noted (``Simulation/noteFacts(_:)``): the
    /// simulation's facts generation, the recorder's facts epoch, and whether its children were
    /// listed. Unchanged since, they are not read again.
    @exclusivity(unchecked) var factsNoted: (generation: Int, epoch: Int, children: Bool)?
    /// When a call last walked up from this controller to note facts: unchanged since, the walk
    /// is not made again.
    @exclusivity(unchecked) var factsWalked: (generation: Int, epoch: Int)?
    /// The scenario dropped its own reference (`release` step).
    @exclusivity(unchecked) var releasedByScenario = false

    /// Creates a controller; `definesPresentationContext` defaults to true for navigation
    /// controllers, as in UIKit.
    public init(id: String, type: String, title: String? = nil, container: ContainerKind? = nil) {
        self.id = id
        self.type = type
        self.title = title
        let kind = container ?? ContainerKind.implied(byType: type) ?? .none
        self.container = kind
        definesPresentationContext = kind == .navigation
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

    /// Whether `child` is one of ``visibleChildren`` (without building that array: the hooks ask
    /// it for every ancestor on every call).
    func shows(child: SimController) -> Bool {
        switch container {
        case .navigation: children.last === child
        case .tabBar: children.indices.contains(selectedIndex) && children[selectedIndex] === child
        case .split, .plain, .none: children.contains { $0 === child }
        }
    }

    // MARK: PresentationNode

    public var ref: ControllerRef {
        if let r = cachedRef { return r }
        let r = ControllerRef(id: id, type: type, title: title)
        cachedRef = r
        return r
    }
    public var parentNode: SimController? { parent }
    /// ``title`` through this module's own accessor, as an adapter reads UIKit's `title`: read
    /// directly from another module, the stored property got Swift's run-time exclusivity check
    /// despite its `@exclusivity(unchecked)` (callgrind, issue 10), a cost UIKit's getter does not have.
    public var currentTitle: String? { title }
    public var childNodes: [SimController] { children }
    public var presentingNode: SimController? { presenting }
    public var ownPresentedNode: SimController? { presented }
    public var rootOfWindow: String? { windowID }
    public var isViewInWindow: Bool { simulation?.isViewInWindow(self) ?? false }
    public var horizontalSizeClass: SizeClass { sizeClass }
    public var isTransitionInProgress: Bool { simulation?.isTransitionInProgress(for: self) ?? false }

    public func makeLivenessProbe() -> LivenessProbe {
        LivenessProbe { [weak self] in
            guard let c = self else { return false }
            return c.releasedByScenario && c.parent == nil && c.presenting == nil && c.windowID == nil
        }
    }
}
