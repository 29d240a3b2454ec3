#if canImport(UIKit)
import UIKit
@_spi(Package) import PresentationInspectorCore

/// ``HookedControllerReads`` over UIKit: each read on the main thread, through the node's weak
/// reference (a node made for a controller in its `deinit` has none, and nothing is read).
struct UIKitReads: HookedControllerReads {
    func isReadable(_ node: UIKitNode) -> Bool {
        guard let vc = node.controller else { return false }
        return !UIKitNode.isDeallocating(vc)
    }

    func windowTypeName(of node: UIKitNode) -> String? {
        guard Thread.isMainThread, let vc = node.controller else { return nil }
        let handed = MainThreadValue(vc)
        return MainActor.assumeIsolated { UIKitEnvironment.windowTypeName(of: handed.value) }
    }

    func facts(involving nodes: [UIKitNode]) -> [ControllerFacts] {
        ControllerFactsReader.facts(involving: nodes.compactMap(\.controller), recordsTitles: HookState.shared.recordsTitles)
    }

    func observation(ofPresented presented: UIKitNode, transitionEnded: Bool) -> Observation? {
        guard Thread.isMainThread, let vc = presented.controller else { return nil }
        let handed = MainThreadValue(vc)
        return MainActor.assumeIsolated { UIKitObservation.present(handed.value, transitionEnded: transitionEnded) }
    }

    /// Sheets (swipe down) and popovers (tap outside) are the presentations a user can refuse.
    func presentDidReturn(_ presented: UIKitNode) {
        guard Thread.isMainThread, let vc = presented.controller else { return }
        let handed = MainThreadValue(vc)
        MainActor.assumeIsolated {
            let vc = handed.value
            if vc.presentingViewController != nil, let pc = vc.presentationController,
               pc is UISheetPresentationController || pc is UIPopoverPresentationController {
                SheetDismissObserver.observe(pc)
            }
        }
    }
}
#endif
