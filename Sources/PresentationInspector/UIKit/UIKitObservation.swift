#if canImport(UIKit)
import UIKit
@_spi(Package) import PresentationInspectorCore

/// What UIKit itself reports about a presentation, read after `present` returns and again when
/// its transition ends: the facts ``PresentationFacts`` turns into an event's `observed` object
/// beside the model's prediction. The outcome and presenting controller are read by the core
/// through ``UIKitNode`` (`presentingViewController`).
///
/// Every read here is of state UIKit has already set; none asks the app's delegates.
@MainActor
enum UIKitObservation {
    /// The facts of `presented`'s presentation, or nil when it is not presented (a refused
    /// present: reading `presentationController` then would create one). `transitionEnded`: UIKit
    /// has called the present's completion, so the presented view stands where it will stay.
    /// (`isBeingPresented` is no witness: UIViewController.h documents it for the appearance
    /// callbacks only.)
    static func present(_ presented: UIViewController, transitionEnded: Bool) -> Observation? {
        guard let presenting = presented.presentingViewController, let pc = presented.presentationController else { return nil }
        let kind: PresentationFacts.ControllerKind
        if pc is UIPopoverPresentationController {
            kind = .popover
        } else if #available(iOS 15.0, *), pc is UISheetPresentationController {
            kind = .sheet
        } else {
            kind = .other
        }
        var fillsContainer: Bool?
        var adaptedToSheet: Bool?
        // Measured for the kinds that adapt only: another presentation controller's
        // `presentedView` may be the app's override, and its style is its `presentationStyle`.
        if transitionEnded, kind != .other, let container = pc.containerView, let view = pc.presentedView ?? presented.viewIfLoaded {
            let frame = view.convert(view.bounds, to: container)
            let bounds = container.bounds
            fillsContainer = abs(frame.minX - bounds.minX) < 0.5 && abs(frame.minY - bounds.minY) < 0.5
                && abs(frame.width - bounds.width) < 0.5 && abs(frame.height - bounds.height) < 0.5
            // "If the original presentation controller has adapted, this returns the adaptive
            // presentation controller" (UIViewController.h): a popover in compact size classes
            // adapts to a sheet.
            if kind == .popover, #available(iOS 16.0, *) {
                adaptedToSheet = presented.activePresentationController is UISheetPresentationController
            }
        }
        let facts = PresentationFacts(
            presenting: UIKitNode.node(for: presenting).ref,
            presentationControllerClass: UIKitNode.typeName(of: pc),
            kind: kind,
            presentationStyle: PresentationStyle(rawValue: pc.presentationStyle.rawValue),
            transitionEnded: transitionEnded,
            fillsContainer: fillsContainer,
            adaptedToSheet: adaptedToSheet,
            window: presented.viewIfLoaded?.window.map(UIKitNode.address(of:)))
        let o = facts.observation
        return o.isEmpty ? nil : o
    }
}
#endif
