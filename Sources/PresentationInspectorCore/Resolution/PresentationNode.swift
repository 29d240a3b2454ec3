/// The resolver's read-only view of one view controller.
///
/// The simulator implements it over its model objects; on iOS an adapter implements it over
/// `UIViewController` (holding it weakly). Everything the resolver decides comes from these
/// properties, so the same rules run in tests on Linux and inside an app.
public protocol PresentationNode: AnyObject {
    /// The snapshot recorded for this controller.
    var ref: ControllerRef { get }
    /// `parent`: the container controller this one is a child of.
    var parentNode: Self? { get }
    /// ``parentNode`` and its ``ref``, for the walks up the containment that snapshot every
    /// ancestor. The default asks the two; an adapter answers both from one read of its
    /// controller and of the parent controller it reads (a weak load and a lock fewer per level:
    /// a present from 50 levels deep walks 50, callgrind, issue 10).
    func parentWithRef() -> (node: Self, ref: ControllerRef)?
    /// Walks up `parent` from this node to its root: hands `visit` each ancestor's snapshot,
    /// nearest first, at most `limit` of them, and answers the last node reached. The default
    /// asks ``parentWithRef()`` of each; the resolver asks it only of a node that does not answer
    /// ``ancestorRefs(limit:)``.
    func walkUp(limit: Int, _ visit: (ControllerRef) -> Void) -> Self
    /// Every ancestor's snapshot as one array (nearest first, at most `limit`) and the root
    /// reached, when the node collects them itself: an adapter that keeps its last walk up from
    /// this node answers that walk's very array while every level reads the same, and the resolver
    /// then shares its last ancestry without looking at each snapshot. Nil (the default): the
    /// resolver collects them through ``walkUp(limit:_:)``.
    func ancestorRefs(limit: Int) -> (refs: [ControllerRef], root: Self)?
    /// `children`, in order (navigation: bottom to top).
    var childNodes: [Self] { get }
    /// The controller this one was presented by (`presentingViewController`), if it was presented.
    var presentingNode: Self? { get }
    /// The controller this one presents itself — not one inherited from a parent (see rule 5).
    var ownPresentedNode: Self? { get }
    /// The id of the window this controller is the root of, or nil if it is no window's root.
    var rootOfWindow: String? { get }

    var modalPresentationStyle: PresentationStyle { get }
    var modalTransitionStyle: TransitionStyle { get }
    var definesPresentationContext: Bool { get }
    var providesPresentationContextTransitionStyle: Bool { get }
    var isModalInPresentation: Bool { get }
    /// Whether a popover presentation has a `sourceView` or `barButtonItem`.
    var hasPopoverAnchor: Bool { get }

    /// Whether this controller's view is currently in a window (`viewIfLoaded?.window != nil`).
    var isViewInWindow: Bool { get }
    /// The horizontal size class this controller is displayed in.
    var horizontalSizeClass: SizeClass { get }
    /// Whether a present or dismiss transition is running in this controller's window.
    var isTransitionInProgress: Bool { get }
    /// Whether this controller itself is being presented or dismissed (UIKit's
    /// `isBeingPresented || isBeingDismissed`), or nil when the node does not say (the default).
    ///
    /// With it, the hook handler answers ``isTransitionInProgress`` from the window's chain it
    /// keeps (a transition runs when one of the chain's controllers is in one), instead of
    /// walking every controller of the window at each call.
    var isBeingPresentedOrDismissed: Bool? { get }

    /// Whether keeping a node keeps no controller alive: true for an adapter that holds its
    /// controller weakly (`UIKitNode`), false (the default) for a node that is the controller
    /// itself (the simulator's). The hook handler's caches then hold such nodes strongly instead
    /// of weakly: a weak reference gives an object a side table, and its every retain and release
    /// then takes Swift's slow path.
    static var keepsNoControllerAlive: Bool { get }

    /// A weak probe used by leak checks after dismissal.
    func makeLivenessProbe() -> LivenessProbe
}

extension PresentationNode {
    /// ``parentNode``, then its ``ref``.
    @inlinable public func parentWithRef() -> (node: Self, ref: ControllerRef)? {
        guard let p = parentNode else { return nil }
        return (p, p.ref)
    }

    /// ``parentWithRef()`` of each ancestor in turn.
    @inlinable public func walkUp(limit: Int, _ visit: (ControllerRef) -> Void) -> Self {
        var current = self, visited = 0
        while visited < limit, let up = current.parentWithRef() { visit(up.ref); current = up.node; visited += 1 }
        return current
    }

    /// Nil: the resolver walks with ``walkUp(limit:_:)``.
    @inlinable public func ancestorRefs(limit: Int) -> (refs: [ControllerRef], root: Self)? { nil }

    /// Nil: the node does not say, and ``isTransitionInProgress`` is asked instead.
    public var isBeingPresentedOrDismissed: Bool? { nil }

    /// False: a node may be the controller itself, which the handler's caches must not keep alive.
    public static var keepsNoControllerAlive: Bool { false }
}

/// Tells, some time after a dismissal, whether the dismissed controller is still alive and
/// detached — that is, leaked. Holds the controller weakly.
///
/// Call ``isLeaked()`` on the thread that owns the controller (the main thread on iOS).
public struct LivenessProbe: @unchecked Sendable {
    private let check: () -> Bool

    /// `check` returns true when the controller is still alive and not back in a hierarchy.
    public init(_ check: @escaping () -> Bool) { self.check = check }

    /// True when the controller is still alive and detached.
    public func isLeaked() -> Bool { check() }
}
