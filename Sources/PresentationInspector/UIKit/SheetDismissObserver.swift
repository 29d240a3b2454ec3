#if canImport(UIKit)
import UIKit
import ObjectiveC
@_spi(Package) import PresentationInspectorCore

/// Sees swipes that UIKit refuses (`isModalInPresentation`, or a delegate answering false to
/// `presentationControllerShouldDismiss`). UIKit starts no transition for them; its only
/// public signal is the delegate's `presentationControllerDidAttemptToDismiss(_:)`.
///
/// After each presentation (once the presentation controller exists):
/// - without a delegate, the presentation controller gets this observer, which implements
///   that one optional method and nothing else, so UIKit's behaviour is that of no delegate —
///   but only for the app's own controllers and plain containers: a system controller's sheet
///   or popover (an image picker, an activity controller, SwiftUI's) is left alone
///   (``AppClassPolicy/mayAdoptPresentation(presented:presentationController:location:)``);
/// - with the app's delegate, the delegate's class gets a ``MethodHook`` on that method
///   (added when the class lacks it: a `void` notification, so answering it changes nothing).
///   Only app classes are hooked, decided by the class's bundle (``AppCodeLocation``), not by
///   a `/System/` prefix, which the Simulator's runtime root does not have. When a delegate
///   class and its superclass are both hooked, only the most derived hook reports, so one
///   refusal is recorded once. `stop()` restores or deactivates these hooks.
///
/// If the app replaces the delegate after presenting, blocked swipes of that sheet are not seen.
final class SheetDismissObserver: NSObject, UIAdaptivePresentationControllerDelegate {
    /// The observer installed on presentation controllers without a delegate (they hold
    /// delegates weakly, so it must outlive them).
    @MainActor static let shared = SheetDismissObserver()

    private static let lock = NSLock()
    private nonisolated(unsafe) static var delegateHooks: [ObjectIdentifier: MethodHook] = [:]
    private typealias AttemptIMP = @convention(c) (AnyObject, Selector, UIPresentationController) -> Void
    private static let attemptSelector = #selector(UIAdaptivePresentationControllerDelegate.presentationControllerDidAttemptToDismiss(_:))

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
        hookDelegateClass(of: delegate)
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

    @MainActor
    private static func report(_ presentationController: UIPresentationController) {
        guard let session = HookState.shared.session else { return }
        let sheet = presentationController.presentedViewController
        let node = UIKitNode.node(for: sheet)
        guard !session.exclusions.excludesCall(node.ref, windowTypeName: UIKitEnvironment.windowTypeName(of: sheet)) else { return }
        session.dismissals.dismissalAttemptBlocked(node)
    }

    /// The names of the classes whose delegate hooks are active.
    private static func activeHookedClassNames() -> Set<String> {
        lock.lock()
        let hooks = Array(delegateHooks.values)
        lock.unlock()
        return Set(hooks.filter(\.isActive).map { NSStringFromClass($0.targetClass) })
    }

    private static func hookDelegateClass(of delegate: UIAdaptivePresentationControllerDelegate) {
        var cls: AnyClass = type(of: delegate)
        // KVO's dynamic subclass can be disposed of; hook the class the app wrote.
        if NSStringFromClass(cls).hasPrefix("NSKVONotifying_"), let superclass = class_getSuperclass(cls) { cls = superclass }
        guard AppClassPolicy.mayHookDelegateClass(AppClasses.hierarchy(of: cls), location: .current) else { return }

        lock.lock()
        let hook: MethodHook
        if let existing = delegateHooks[ObjectIdentifier(cls)] {
            hook = existing
        } else {
            hook = MethodHook(cls, attemptSelector, typeEncoding: "v@:@")
            delegateHooks[ObjectIdentifier(cls)] = hook
        }
        lock.unlock()
        let selector = attemptSelector, hookedName = NSStringFromClass(cls)
        hook.install(onClassOf: delegate, block: { (target: AnyObject, presentationController: UIPresentationController) in
            // A subclass's hook forwarding to its superclass's: the most derived active hook reports.
            if hook.isActive, Thread.isMainThread,
               AppClassPolicy.reportingClass(hierarchy: AppClasses.names(of: type(of: target)), hooked: activeHookedClassNames()) == hookedName {
                MainActor.assumeIsolated { report(presentationController) }
            }
            if let imp = hook.originalImplementation {
                unsafeBitCast(imp, to: AttemptIMP.self)(target, selector, presentationController)
            }
        } as @convention(block) (AnyObject, UIPresentationController) -> Void)
    }
}
#endif
