import Foundation
@_spi(Package) @testable import PresentationInspectorCore

/// What a stand-in for UIKit saw read, and when: before or after UIKit's own `present` ran.
final class UIKitReadLog {
    /// Set by the stand-in's original `present` as its first act.
    var originalHasRun = false
    /// Getters that create UIKit state (or, for an alert controller, change how it presents),
    /// called before the original: `presentationController` and `sheetPresentationController`
    /// always, `popoverPresentationController` unless the style is already `.popover` (then the
    /// read returns the controller UIKit makes for that style, which apps configure before presenting).
    var creatingReadsBeforeOriginal: [String] = []
    /// `popoverPresentationController` reads after the original.
    var popoverReadsAfterOriginal = 0
    /// Reads of anything (facts, window, title) of a controller that cannot be read.
    var readsOfUnreadable: [String] = []
}

/// A view controller as UIKit shows it to the inspector's adapter, which counts the getters that
/// create state: it answers the resolver like `UIKitNode` and reads its popover presentation
/// controller under the same rule (``PopoverReading``).
final class StandInController: PresentationNode {
    let log: UIKitReadLog
    let ref: ControllerRef
    var parentNode: StandInController?
    var childNodes: [StandInController] = []
    weak var presenter: StandInController?
    var ownPresentedNode: StandInController?
    var rootOfWindow: String?
    var modalPresentationStyle: PresentationStyle = .automatic
    var modalTransitionStyle: TransitionStyle = .coverVertical
    var definesPresentationContext = false
    var providesPresentationContextTransitionStyle = false
    var isModalInPresentation = false
    var isViewInWindow = true
    var horizontalSizeClass: SizeClass = .compact
    var verticalSizeClass: SizeClass = .regular
    var isBeingPresentedOrDismissed = false
    var systemController: SystemControllerKind?
    var alertControllerStyle: AlertControllerStyle?
    /// Its deallocation has begun (a call from its `deinit`): an adapter must read nothing of it.
    var isDeallocating = false

    /// UIKit's popover presentation controller for it, once one exists.
    var popover: (anchored: Bool, delegateSetsAnchor: Bool)?
    /// The popover presentation controller UIKit makes when it presents this controller, if none
    /// exists yet (nil: none, as for an action sheet on an iPhone).
    var popoverMadeWhenPresented: (anchored: Bool, delegateSetsAnchor: Bool)?

    init(_ id: String, log: UIKitReadLog, window: String? = nil) {
        self.log = log
        ref = ControllerRef(id: id, type: "StandIn")
        rootOfWindow = window
    }

    var presentingNode: StandInController? { presenter }

    func addChild(_ c: StandInController) { childNodes.append(c); c.parentNode = self }

    /// `popoverPresentationController`, as Apple documents it: made on first read before the
    /// presentation when the style is `.popover`; nil for other styles.
    func popoverPresentationController() -> (anchored: Bool, delegateSetsAnchor: Bool)? {
        if log.originalHasRun {
            log.popoverReadsAfterOriginal += 1
        } else if modalPresentationStyle != .popover {
            log.creatingReadsBeforeOriginal.append("popoverPresentationController of \(ref.id)")
        }
        if popover == nil, presenter == nil, modalPresentationStyle == .popover { popover = (false, false) }
        return popover
    }

    /// `presentationController` and `sheetPresentationController`: made on first read.
    func presentationController() {
        if !log.originalHasRun { log.creatingReadsBeforeOriginal.append("presentationController of \(ref.id)") }
    }

    var popoverAnchor: PopoverAnchorState {
        PopoverReading.anchor(style: modalPresentationStyle, isPresented: presenter != nil) { popoverPresentationController()?.anchored }
    }

    var popoverAnchorIsSetByDelegate: Bool {
        guard PopoverReading.mayRead(style: modalPresentationStyle, isPresented: presenter != nil) else { return false }
        return popoverPresentationController()?.delegateSetsAnchor ?? false
    }

    /// The sheet it is presented in: `sheetPresentationController`, which UIKit makes on first read.
    var sheetState: SheetState? {
        presentationController()
        return nil
    }

    /// The popover presentation controller UIKit's exception names, read under the same rule.
    var popoverPresentationControllerRef: ControllerRef? {
        guard PopoverReading.mayRead(style: modalPresentationStyle, isPresented: presenter != nil), popoverPresentationController() != nil else {
            return nil
        }
        return ControllerRef(id: ref.id + ".popover", type: "UIPopoverPresentationController")
    }

    func makeLivenessProbe() -> LivenessProbe { LivenessProbe { false } }

    /// UIKit's `present` as the stand-in performs it: the original has run from its first act.
    func original(presenting p: StandInController) -> ((() -> Void)?) -> Void {
        { [self] completion in
            log.originalHasRun = true
            ownPresentedNode = p
            p.presenter = self
            if p.popover == nil { p.popover = p.popoverMadeWhenPresented }
            completion?()
        }
    }
}

/// The adapter's reads over stand-ins, as `UIKitReads` makes them over UIKit: facts through the
/// nodes, UIKit's answer through the presentation controller.
struct StandInReads: HookedControllerReads {
    func isReadable(_ node: StandInController) -> Bool { !node.isDeallocating }

    func windowTypeName(of node: StandInController) -> String? {
        if node.isDeallocating { node.log.readsOfUnreadable.append("window of \(node.ref.id)") }
        return nil
    }

    func facts(involving nodes: [StandInController]) -> [ControllerFacts] {
        nodes.map { node in
            if node.isDeallocating { node.log.readsOfUnreadable.append("facts of \(node.ref.id)") }
            return ControllerFacts.read(node, children: true, window: nil) { _ in (.none, nil) }
        }
    }

    func observation(ofPresented presented: StandInController, transitionEnded: Bool) -> Observation? {
        presented.presentationController()
        return nil
    }

    func presentDidReturn(_ presented: StandInController) { presented.presentationController() }
}
