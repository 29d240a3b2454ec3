#if canImport(UIKit)
import UIKit
import PresentationInspectorCore

/// What UIKit itself reports about a presentation, read after `present` returns and again when
/// its transition ends: the facts an event's `observed` object holds beside the model's
/// prediction. The presenting controller and the outcome are read by the core through
/// ``UIKitNode`` (`presentingViewController`); this adds what only UIKit's objects know.
///
/// Every read is one UIKit promises not to change anything with, except
/// `adaptivePresentationStyle(for:)`, which asks the app's presentation delegate (as UIKit does
/// itself when traits change); docs/IOS.md lists how exact each field is.
@MainActor
enum UIKitObservation {
    /// The facts of `presented`'s presentation, or nil when it is not presented (a refused
    /// present: reading `presentationController` then would create one).
    static func present(_ presented: UIViewController, source: UIViewController) -> Observation? {
        guard presented.presentingViewController != nil, let pc = presented.presentationController else { return nil }
        var o = Observation()
        o.presentationControllerClass = UIKitNode.typeName(of: pc)
        let style = effectiveStyle(of: pc, presented: presented)
        o.effectiveStyle = style
        // UIKit applies a context provider's transition style without exposing it: the
        // presented controller's own style is a fact only outside context presentations.
        if let style, !style.isContextStyle {
            o.effectiveTransition = TransitionStyle(rawValue: presented.modalTransitionStyle.rawValue)
        }
        if let window = presented.viewIfLoaded?.window { o.window = UIKitNode.address(of: window) }
        if let style, style.isContextStyle, let covered = coveredController(by: pc, source: source) {
            let ref = UIKitNode.node(for: covered).ref
            o.covered = ref
            o.contextProvider = ref
        }
        return o.isEmpty ? nil : o
    }

    /// The style in effect: the presentation controller's own, or in a compact width what it
    /// adapts to (its delegate answering `.none` keeps the original).
    static func effectiveStyle(of pc: UIPresentationController, presented: UIViewController) -> PresentationStyle? {
        var style = pc.presentationStyle
        let traits = pc.traitCollection.horizontalSizeClass == .unspecified ? presented.traitCollection : pc.traitCollection
        if traits.horizontalSizeClass == .compact {
            let adapted = pc.adaptivePresentationStyle(for: traits)
            if adapted != .none { style = adapted }
        }
        return PresentationStyle(rawValue: style.rawValue)
    }

    /// The controller whose view a context presentation covers: of the source and its
    /// ancestors, the deepest whose view has the container view's frame in the window. Exact
    /// unless an ancestor's view has the very same frame (then the deepest is reported).
    static func coveredController(by pc: UIPresentationController, source: UIViewController) -> UIViewController? {
        guard let container = pc.containerView, let window = container.window else { return nil }
        let target = container.convert(container.bounds, to: window)
        var candidate: UIViewController? = source
        while let vc = candidate {
            if let view = vc.viewIfLoaded, view.window === window {
                let frame = view.convert(view.bounds, to: window)
                if abs(frame.minX - target.minX) < 0.5, abs(frame.minY - target.minY) < 0.5,
                   abs(frame.width - target.width) < 0.5, abs(frame.height - target.height) < 0.5 {
                    return vc
                }
            }
            candidate = vc.parent
        }
        return nil
    }
}
#endif
