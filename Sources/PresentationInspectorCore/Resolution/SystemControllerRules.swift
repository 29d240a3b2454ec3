/// What rule 1 and the preferred transition read of a presented controller, read once: the answers
/// in another size class or iOS version decide over these values, not over the controller (plain
/// values, which unspecialised code reads without asking the runtime for anything).
struct StyleInputs: Sendable {
    let requested: PresentationStyle
    let systemController: SystemControllerKind?
    let alertStyle: AlertControllerStyle?
    let preferredTransition: TransitionStyle?
    /// Whether a popover's delegate chooses its adaptation; read of popovers only.
    let popoverDelegateAdaptsStyle: Bool

    init<N: PresentationNode>(_ presented: N) {
        requested = presented.modalPresentationStyle
        systemController = presented.systemController
        alertStyle = presented.alertControllerStyle
        preferredTransition = presented.preferredTransition
        popoverDelegateAdaptsStyle = requested == .popover && presented.popoverDelegateAdaptsStyle
    }
}

/// UIKit's own rules for its system controllers (DESIGN "System controllers"): the style an
/// alert, action sheet or share sheet is shown with, UIKit's message when a popover among them
/// has no anchor, and the fixes that work for alerts.
///
/// Where Apple does not document a system controller's style, the model keeps rule 1's
/// reading and says so: the style is then recorded as observed only.
enum SystemControllerRules {
    /// Rule 1 for `presented` in `sizeClass` (compact when the width or the height is:
    /// `PresentReads.sizeClass`), with the system controllers' own rules: the style,
    /// the step that says why, and whether the model predicts it (false: observed only).
    static func effectiveStyle<N: PresentationNode>(of presented: N, sizeClass: SizeClass, version: SystemVersion)
        -> (style: PresentationStyle, step: ExplanationStep, predicted: Bool) {
        effectiveStyle(StyleInputs(presented), sizeClass: sizeClass, version: version)
    }

    /// Rule 1 over what it reads of the presented controller (``StyleInputs``).
    static func effectiveStyle(_ inputs: StyleInputs, sizeClass: SizeClass, version: SystemVersion)
        -> (style: PresentationStyle, step: ExplanationStep, predicted: Bool) {
        let requested = inputs.requested
        guard let kind = inputs.systemController else {
            let (style, step) = PresentationResolver.effectiveStyleStep(requested, sizeClass: sizeClass, version: version)
            if requested == .popover, sizeClass == .compact, inputs.popoverDelegateAdaptsStyle {
                return (style, .text("The popover's delegate implements adaptivePresentationStyle(for:traitCollection:), which UIKit asks in a compact size class (\"Returning UIModalPresentationNone will indicate that an adaptation should not happen\", UIPresentationController.h): it may keep a real popover, which needs an anchor as on an iPad. The model reads \(style.name) by rule 1, and the style UIKit uses is recorded as observed only."), false)
            }
            return (style, step, true)
        }
        switch kind {
        case .groupActivitySharingController:
            if let style = UIKitVersions.groupActivitySharingStyle.value(at: version) {
                return (style, .text("A GroupActivitySharingController is always a \(style.name) (Apple: \"This property always sets the presentation style for the view controller to pageSheet\")."), true)
            }
            let (style, _) = PresentationResolver.effectiveStyleStep(requested, sizeClass: sizeClass, version: version)
            return (style, .text("GroupActivitySharingController exists from iOS 15.4; before, the model reads \(style.name) by rule 1, observed only."), false)
        case .alertController where inputs.alertStyle == .actionSheet:
            if sizeClass == .regular {
                return (.popover, .text("A UIAlertController of style actionSheet is a popover in regular width and height (UIKit: \"The modalPresentationStyle of a UIAlertController with this style is UIModalPresentationPopover\"): it needs an anchor."), true)
            }
            return (.custom, .text("A UIAlertController of style actionSheet is shown by UIKit's own action-sheet presentation in compact width or height (custom); Apple does not document the style UIKit reports: it is recorded as observed only."), false)
        case .alertController:
            return (.custom, .text("A UIAlertController of style alert is shown modally by UIKit's own alert presentation (custom) in every width: never a sheet, never adapted; Apple does not document the style UIKit reports: it is recorded as observed only."), false)
        case .activityViewController where sizeClass == .regular:
            return (.popover, .text("A UIActivityViewController is a popover in regular width and height (Apple: \"On iPad, you must present the view controller in a popover\"): it needs an anchor."), true)
        case .activityViewController:
            let (style, _) = PresentationResolver.effectiveStyleStep(requested, sizeClass: sizeClass, version: version)
            return (style, .text("A UIActivityViewController is presented modally in compact width or height (Apple: \"On iPhone and iPod touch, you must present it modally\"); the model reads \(style.name) by rule 1, and the style UIKit uses is recorded as observed only."), false)
        default:
            let (style, _) = PresentationResolver.effectiveStyleStep(requested, sizeClass: sizeClass, version: version)
            return (style, .text("\(kind.name)'s presentation style is not modelled (Apple does not document it): the model reads \(style.name) by rule 1, and the style UIKit uses is recorded as observed only."), false)
        }
    }

    /// Whether `presented`, shown with `style`, needs an anchor: a real popover, or a popover whose
    /// delegate chooses its adaptation (it may keep the popover in a compact size class).
    static func needsAnchor<N: PresentationNode>(_ presented: N, style: PresentationStyle) -> Bool {
        if style == .popover { return true }
        // Rule 1 adapts a compact popover to a form sheet: any other style needs no read of the delegate.
        guard style == .formSheet else { return false }
        return presented.systemController == nil && presented.modalPresentationStyle == .popover && presented.popoverDelegateAdaptsStyle
    }

    /// The popover presentation controller of `presented` (snapshot `p`), as UIKit's exception names
    /// it: the one the adapter read, else a `UIPopoverPresentationController` named by its controller
    /// (`<UIPopoverPresentationController: p.popoverPresentationController>`), the class reports from
    /// iOS 8 to 17 name for a plain popover (DESIGN rule 10).
    static func popoverPresentationController<N: PresentationNode>(of presented: N, _ p: ControllerRef) -> ControllerRef {
        presented.popoverPresentationControllerRef
            ?? ControllerRef(id: p.id + ".popoverPresentationController", type: "UIPopoverPresentationController")
    }

    /// `popover-without-anchor` for `presented` (snapshot `p`, popover presentation controller
    /// `popoverController`) shown from `presenting`, in UIKit's words for its kind. (Before iOS 10,
    /// outside the supported range, action sheets and share sheets used a plain popover's words:
    /// DESIGN "System controllers".)
    static func popoverWithoutAnchor<N: PresentationNode>(_ presented: N, _ p: ControllerRef, popoverController: ControllerRef,
                                                          presenting: ControllerRef) -> Diagnostic {
        switch presented.systemController {
        case .alertController where presented.alertControllerStyle == .actionSheet:
            return .actionSheetWithoutAnchor(p, from: presenting)
        case .activityViewController:
            return .activityViewControllerWithoutAnchor(p)
        default:
            return .popoverWithoutAnchor(popoverController: popoverController)
        }
    }

    /// The fix that works for an alert the checks reject: present it from the top of the key
    /// window's chain, or queue it until what is up (another alert, a running transition) is gone.
    /// `current` is what the presenting controller already presents, `top` the top of the
    /// source's window chain (once a running dismissal ends), `presentingIsLeaving` whether the
    /// presenting controller is being dismissed; nil for a rejection that is not an alert's own mistake.
    static func alertFix<N: PresentationNode>(for d: Diagnostic, alert p: ControllerRef, source s: ControllerRef,
                                             current: N?, top: ControllerRef?, presentingIsLeaving: Bool = false) -> String? {
        let alert = p.consoleDescription
        let topClause = top.map { "\($0.consoleDescription) (the top of the key window's chain)" }
            ?? "the top of the key window's chain (its root's presentedViewController, followed to the end)"
        switch d.code {
        case .alreadyPresenting:
            guard let current else { return nil }
            let q = current.ref.consoleDescription
            if current.isBeingDismissed {
                return "alert \(alert) was presented while \(q) is being dismissed: present it from the completion handler of that dismissal"
            }
            if current.systemController == .alertController {
                return "alert \(alert) was presented while alert \(q) is up: queue it and present it once \(q) is dismissed (from the handler of \(q)'s action, which runs after its dismissal), or fold both messages into one alert"
            }
            return "present alert \(alert) from \(topClause), which shows it above \(q), or queue it until \(q) is dismissed"
        case .presentationInProgress:
            return "alert \(alert) was presented while another presentation runs (from \(s.consoleDescription)): queue it and present it from the completion of that presentation, from \(topClause)"
        case .notInWindowHierarchy where presentingIsLeaving:
            return "alert \(alert) was presented from \(s.consoleDescription), which is being dismissed: present it from \(topClause), which stays, from the completion of that dismissal"
        case .notInWindowHierarchy:
            return "alert \(alert) was presented from \(s.consoleDescription), which is no longer in a window (dismissed, covered by a full-screen presentation, or not yet shown): present it from \(topClause) instead, or queue it until a controller in the window can show it"
        default:
            return nil
        }
    }
}

extension Diagnostic {
    /// UIKit's exception for an action sheet without an anchor, shown as a popover from `presenting`:
    /// "Your application has presented a UIAlertController (<P>) of style UIAlertControllerStyleActionSheet from …".
    static func actionSheetWithoutAnchor(_ p: ControllerRef, from presenting: ControllerRef) -> Diagnostic {
        Diagnostic(code: .popoverWithoutAnchor, severity: .error,
                   message: "Your application has presented a UIAlertController (\(p.consoleDescription)) of style UIAlertControllerStyleActionSheet from \(presenting.type) (\(presenting.consoleDescription)). The modalPresentationStyle of a UIAlertController with this style is UIModalPresentationPopover. You must provide location information for this popover through the alert controller's popoverPresentationController. You must provide either a sourceView and sourceRect or a barButtonItem.  If this information is not known when you present the alert controller, you may provide it in the UIPopoverPresentationControllerDelegate method -prepareForPopoverPresentation.")
    }

    /// UIKit's exception for a share sheet without an anchor, shown as a popover:
    /// "Your application has presented a UIActivityViewController (<P>). In its current trait environment, …".
    static func activityViewControllerWithoutAnchor(_ p: ControllerRef) -> Diagnostic {
        Diagnostic(code: .popoverWithoutAnchor, severity: .error,
                   message: "Your application has presented a UIActivityViewController (\(p.consoleDescription)). In its current trait environment, the modalPresentationStyle of a UIActivityViewController with this style is UIModalPresentationPopover. You must provide location information for this popover through the view controller's popoverPresentationController. You must provide either a sourceView and sourceRect or a barButtonItem.  If this information is not known when you present the view controller, you may provide it in the UIPopoverPresentationControllerDelegate method -prepareForPopoverPresentation.")
    }
}
