#if canImport(UIKit)
import UIKit
import ObjectiveC
@_spi(Package) import PresentationInspectorCore

/// Sees swipes that UIKit refuses (`isModalInPresentation`, or a delegate answering false to
/// `presentationControllerShouldDismiss`). UIKit starts no transition for them; its only
/// public signal is the delegate's `presentationControllerDidAttemptToDismiss(_:)`. Sees the user
/// drag a sheet to another detent the same way: UIKit tells only the sheet's delegate
/// (`sheetPresentationControllerDidChangeSelectedDetentIdentifier(_:)`, "Called when the selected
/// detent of the sheet changes in response to user interaction"); the app's own changes are seen
/// by ``SelectedDetentHook``.
///
/// After each presentation (once the presentation controller exists):
/// - without a delegate, the presentation controller gets this observer, which implements
///   that one optional method and nothing else, so UIKit's behaviour is that of no delegate —
///   but only for the app's own controllers and plain containers: a system controller's sheet
///   or popover (an image picker, an activity controller, SwiftUI's) is left alone
///   (``AppClassPolicy/mayAdoptPresentation(presented:presentationController:location:)``);
///   for a sheet it also implements the detent notification, another `void` one;
/// - with the app's delegate, the delegate's class gets a ``MethodHook`` on that method, and for a
///   sheet on the detent notification (added when the class lacks them: `void` notifications, so
///   answering them changes nothing). The app's delegate is never replaced.
///   Only app classes are hooked, decided by the class's bundle (``AppCodeLocation``), not by
///   a `/System/` prefix, which the Simulator's runtime root does not have. When a delegate
///   class and its superclass are both hooked, only the most derived hook reports, so one
///   refusal is recorded once. `stop()` restores or deactivates these hooks.
///
/// If the app replaces the delegate after presenting, blocked swipes of that sheet are not seen.
final class SheetDismissObserver: NSObject, UISheetPresentationControllerDelegate {
    /// The observer installed on presentation controllers without a delegate (they hold
    /// delegates weakly, so it must outlive them).
    @MainActor static let shared = SheetDismissObserver()

    private static let lock = NSLock()
    /// The delegate classes' hooks, by class and selector.
    private nonisolated(unsafe) static var delegateHooks: [DelegateHookKey: MethodHook] = [:]
    private typealias NotificationIMP = @convention(c) (AnyObject, Selector, UIPresentationController) -> Void
    private static let attemptSelector = #selector(UIAdaptivePresentationControllerDelegate.presentationControllerDidAttemptToDismiss(_:))
    private static let detentSelector = #selector(UISheetPresentationControllerDelegate.sheetPresentationControllerDidChangeSelectedDetentIdentifier(_:))

    private struct DelegateHookKey: Hashable {
        let cls: ObjectIdentifier
        let selector: String
    }

    /// Starts observing refused dismissals of `presentationController`'s sheet.
    @MainActor
    static func observe(_ presentationController: UIPresentationController) {
        guard let delegate = presentationController.delegate else {
            let presented = AppClasses.hierarchy(of: type(of: presentationController.presentedViewController))
            guard AppClassPolicy.mayAdoptPresentation(presented: presented, presentationController: AppClasses.hierarchy(of: type(of: presentationController)),
                                                      location: .current) else { return }
            presentationController.delegate = shared
            return
        }
        guard delegate !== shared else { return }
        hookDelegateClass(of: delegate, selector: attemptSelector) { report($0) }
        if presentationController is UISheetPresentationController {
            hookDelegateClass(of: delegate, selector: detentSelector) { pc in
                if let sheet = pc as? UISheetPresentationController { reportDetent(of: sheet) }
            }
        }
    }

    /// Deactivates every delegate-class hook (restoring replaced implementations).
    static func uninstallDelegateHooks() {
        lock.lock()
        let hooks = Array(delegateHooks.values)
        lock.unlock()
        for h in hooks { h.uninstall() }
    }

    func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) {
        Self.report(presentationController)
    }

    func sheetPresentationControllerDidChangeSelectedDetentIdentifier(_ sheetPresentationController: UISheetPresentationController) {
        Self.reportDetent(of: sheetPresentationController)
    }

    /// The sheet came to rest at another detent (the user's drag, or the app's setter): reported
    /// for its presented controller, once it is presented and unless the session excludes it.
    @MainActor
    static func reportDetent(of sheet: UISheetPresentationController) {
        guard let session = HookState.shared.session else { return }
        let presented = sheet.presentedViewController
        guard ControllerFactsReader.isPresented(presented) else { return }
        let node = UIKitNode.node(for: presented)
        guard !session.exclusions.excludesCall(node.ref, windowTypeName: UIKitEnvironment.windowTypeName(of: presented)) else { return }
        session.handler.sheetDetentChanged(sheet: node)
    }

    @MainActor
    private static func report(_ presentationController: UIPresentationController) {
        guard let session = HookState.shared.session else { return }
        let sheet = presentationController.presentedViewController
        let node = UIKitNode.node(for: sheet)
        guard !session.exclusions.excludesCall(node.ref, windowTypeName: UIKitEnvironment.windowTypeName(of: sheet)) else { return }
        session.dismissals.dismissalAttemptBlocked(node)
    }

    /// The names of the classes whose delegate hooks of `selector` are active.
    private static func activeHookedClassNames(for selector: Selector) -> Set<String> {
        let name = NSStringFromSelector(selector)
        lock.lock()
        let hooks = delegateHooks.filter { $0.key.selector == name }.map(\.value)
        lock.unlock()
        return Set(hooks.filter(\.isActive).map { NSStringFromClass($0.targetClass) })
    }

    /// Hooks `selector` (a `void` notification taking the presentation controller) on the app
    /// delegate's class, calling `reporting` before the app's own implementation.
    private static func hookDelegateClass(of delegate: UIAdaptivePresentationControllerDelegate, selector: Selector,
                                          reporting: @escaping @MainActor (UIPresentationController) -> Void) {
        var cls: AnyClass = type(of: delegate)
        // KVO's dynamic subclass can be disposed of; hook the class the app wrote.
        if NSStringFromClass(cls).hasPrefix("NSKVONotifying_"), let superclass = class_getSuperclass(cls) { cls = superclass }
        guard AppClassPolicy.mayHookDelegateClass(AppClasses.hierarchy(of: cls), location: .current) else { return }

        let key = DelegateHookKey(cls: ObjectIdentifier(cls), selector: NSStringFromSelector(selector))
        lock.lock()
        let hook: MethodHook
        if let existing = delegateHooks[key] {
            hook = existing
        } else {
            hook = MethodHook(cls, selector, typeEncoding: "v@:@")
            delegateHooks[key] = hook
        }
        lock.unlock()
        let hookedName = NSStringFromClass(cls)
        hook.install(onClassOf: delegate, block: { (target: AnyObject, presentationController: UIPresentationController) in
            // A subclass's hook forwarding to its superclass's: the most derived active hook reports.
            if hook.isActive, Thread.isMainThread,
               AppClassPolicy.reportingClass(hierarchy: AppClasses.names(of: type(of: target)),
                                             hooked: activeHookedClassNames(for: selector)) == hookedName {
                let handed = MainThreadValue(presentationController)
                MainActor.assumeIsolated { reporting(handed.value) }
            }
            if let imp = hook.originalImplementation {
                unsafeBitCast(imp, to: NotificationIMP.self)(target, selector, presentationController)
            }
        } as @convention(block) (AnyObject, UIPresentationController) -> Void)
    }
}
#endif
