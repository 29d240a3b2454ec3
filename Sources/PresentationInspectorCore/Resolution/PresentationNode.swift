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
    /// `children`, in order (navigation: bottom to top).
    var childNodes: [Self] { get }
    /// The controller this one was presented by (`presentingViewController`), if it was presented.
    var presentingNode: Self? { get }
    /// The controller this one presents itself — not one inherited from a parent (see rule 5).
    var ownPresentedNode: Self? { get }
    /// The id of the window this controller is the root of, or nil if it is no window's root.
    var rootOfWindow: String? { get }
    /// The controllers presented by this controller or by any of its descendants (through
    /// `children`), in preorder: what a window's chain is made of.
    /// The default asks every descendant for its ``childNodes`` and ``ownPresentedNode``; an
    /// adapter may walk its own controllers instead and make a node only for those presented.
    func presentedNodesInSubtree() -> [Self]

    var modalPresentationStyle: PresentationStyle { get }
    var modalTransitionStyle: TransitionStyle { get }
    /// `preferredTransition` (iOS 18 and later) when set and its kind is known: it replaces
    /// ``modalTransitionStyle`` from iOS 18 (`pinspect uikit-versions`). Nil by default.
    var preferredTransition: TransitionStyle? { get }
    var definesPresentationContext: Bool { get }
    var providesPresentationContextTransitionStyle: Bool { get }
    var isModalInPresentation: Bool { get }
    /// What is known now of the popover anchor (`sourceView`, `sourceItem` or `barButtonItem`).
    /// An adapter over UIKit reads the popover presentation controller only when that creates
    /// nothing (`PopoverReading`) and answers ``PopoverAnchorState/unknown`` otherwise; the
    /// resolver asks only for a controller shown as a popover.
    var popoverAnchor: PopoverAnchorState { get }
    /// Whether the popover's delegate implements `prepareForPopoverPresentation(_:)`, where apps
    /// set the anchor as documented: the anchor is then unknown when `present` is called. False
    /// by default; read under the same rule as ``popoverAnchor``.
    var popoverAnchorIsSetByDelegate: Bool { get }
    /// Whether the popover's delegate implements `adaptivePresentationStyle(for:traitCollection:)`
    /// (or `adaptivePresentationStyle(for:)`): it chooses the style in a compact size class, where
    /// `.none` keeps a real popover. False by default; read under the same rule as ``popoverAnchor``.
    var popoverDelegateAdaptsStyle: Bool { get }
    /// Which system controller this is (DESIGN "System controllers"); nil for any other, the default.
    var systemController: SystemControllerKind? { get }
    /// `UIAlertController.preferredStyle` for an alert controller; nil otherwise, the default.
    var alertControllerStyle: AlertControllerStyle? { get }
    /// The iOS version the app runs on; nil (the default) when unknown: the model then follows
    /// the newest behaviour it knows.
    var systemVersion: SystemVersion? { get }
    /// The sheet this controller is presented in, as its sheet presentation controller holds it
    /// (the configuration; the model adds its reading), nil when it is not presented
    /// as a sheet, and by default. Asked only of a controller that is presented: on a device,
    /// reading `sheetPresentationController` before UIKit made one creates it.
    var sheetState: SheetState? { get }

    /// Whether this controller's view is currently in a window (`viewIfLoaded?.window != nil`).
    var isViewInWindow: Bool { get }
    /// The horizontal size class this controller is displayed in.
    var horizontalSizeClass: SizeClass { get }
    /// The vertical size class this controller is displayed in (compact: an iPhone in landscape).
    var verticalSizeClass: SizeClass { get }
    /// Whether this controller is being presented or dismissed now (`isBeingPresented ||
    /// isBeingDismissed`). A transition runs in a window while its root or one of the controllers
    /// presented in it answers true.
    var isBeingPresentedOrDismissed: Bool { get }
    /// Whether this controller is being dismissed now (`isBeingDismissed`): its view is leaving
    /// the window, and a present on it is refused as not in the window hierarchy (DESIGN rule 4).
    /// False by default: a node that cannot tell counts every running transition as a presentation.
    var isBeingDismissed: Bool { get }
    /// The popover presentation controller UIKit names when this controller is shown as a popover
    /// without an anchor (its class and address, for rule 10's message), when the adapter could
    /// read it without creating it; nil (the default) when unknown, and the message then names it
    /// by this controller (`<UIPopoverPresentationController: id.popoverPresentationController>`).
    var popoverPresentationControllerRef: ControllerRef? { get }

    /// A weak probe used by leak checks after dismissal.
    func makeLivenessProbe() -> LivenessProbe
}

extension PresentationNode {
    /// Walks ``childNodes`` and ``ownPresentedNode`` from this controller down, in preorder.
    public func presentedNodesInSubtree() -> [Self] {
        var out: [Self] = []
        Hierarchy.presentedInSubtree(of: self, into: &out)
        return out
    }

    /// False: the anchor, if any, is set before `present` is called.
    public var popoverAnchorIsSetByDelegate: Bool { false }
    /// False: UIKit adapts a popover by its own rules.
    public var popoverDelegateAdaptsStyle: Bool { false }
    /// Nil: no preferred transition.
    public var preferredTransition: TransitionStyle? { nil }
    /// Nil: a plain controller.
    public var systemController: SystemControllerKind? { nil }
    /// Nil: not an alert controller.
    public var alertControllerStyle: AlertControllerStyle? { nil }
    /// Nil: the newest behaviour the model knows.
    public var systemVersion: SystemVersion? { nil }
    /// Nil: not presented as a sheet.
    public var sheetState: SheetState? { nil }
    /// False: not known to be dismissed.
    public var isBeingDismissed: Bool { false }
    /// Nil: the popover presentation controller is named by the controller it belongs to.
    public var popoverPresentationControllerRef: ControllerRef? { nil }
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
