#if canImport(UIKit)
import UIKit
import ObjectiveC
@_spi(Adapter) import PresentationInspectorCore

/// The running session, as the hook blocks see it from any thread. `nil` makes every hook
/// pass straight through to UIKit.
final class HookState: @unchecked Sendable {
    static let shared = HookState()
    private let lock = AdapterLock()
    // Guarded by `lock`, so without Swift's run-time exclusivity checks (every hooked call and
    // every snapshot reads them; a runtime call per access).
    @exclusivity(unchecked) private var current: InspectorSession?
    @exclusivity(unchecked) private var last: InspectorSession?

    /// The recording in progress.
    var session: InspectorSession? {
        get { lock.lock(); defer { lock.unlock() }; return current }
        set { lock.lock(); current = newValue; lock.unlock() }
    }

    /// The recording in progress or, after `stop()`, the one that ran last (still readable).
    var lastSession: InspectorSession? {
        get { lock.lock(); defer { lock.unlock() }; return last }
        set { lock.lock(); last = newValue; lastRecordsTitles = newValue?.configuration.recordsTitles ?? true; lock.unlock() }
    }
    @exclusivity(unchecked) private var lastRecordsTitles = true

    /// `lastSession?.configuration.recordsTitles ?? true` without retaining the session (every
    /// `UIKitNode.ref` reads it).
    var recordsTitles: Bool {
        lock.lock(); defer { lock.unlock() }
        return lastRecordsTitles
    }
}

/// Hands a value the hook received on the main thread to a main-actor closure running at
/// once on that same thread (the compiler cannot see that no other thread is involved).
struct MainThreadValue<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// The `UIViewController` hooks: `present(_:animated:completion:)`,
/// `dismiss(animated:completion:)` and `viewWillDisappear(_:)` (for dismissals no call
/// explains: swipes). Each hook only adapts UIKit to the core — ``PresentationHooksHandler``
/// and ``InteractiveDismissMonitor`` decide what is recorded.
///
/// Blind spot: a class that overrides `present` or `dismiss` without calling `super` never
/// reaches these hooks (its calls are seen only when UIKit detaches a controller, through
/// `viewWillDisappear`).
enum PresentationHooks {
    typealias Completion = @convention(block) () -> Void
    // `presented` is optional: Objective-C can pass nil, and UIKit's own exception must be what the app sees.
    private typealias PresentIMP = @convention(c) (UIViewController, Selector, UIViewController?, Bool, Completion?) -> Void
    private typealias DismissIMP = @convention(c) (UIViewController, Selector, Bool, Completion?) -> Void
    private typealias DisappearIMP = @convention(c) (UIViewController, Selector, Bool) -> Void

    static let present = MethodHook(UIViewController.self, #selector(UIViewController.present(_:animated:completion:)), typeEncoding: "v@:@B@?")
    static let dismiss = MethodHook(UIViewController.self, #selector(UIViewController.dismiss(animated:completion:)), typeEncoding: "v@:B@?")
    static let viewWillDisappear = MethodHook(UIViewController.self, #selector(UIViewController.viewWillDisappear(_:)), typeEncoding: "v@:B")

    /// Installs the three hooks (idempotent).
    static func install() {
        present.install(block: presentBlock())
        dismiss.install(block: dismissBlock())
        viewWillDisappear.install(block: viewWillDisappearBlock())
    }

    /// Restores UIKit's implementations (idempotent).
    static func uninstall() {
        present.uninstall()
        dismiss.uninstall()
        viewWillDisappear.uninstall()
    }

    // Call sites: each hook block captures the stack first thing (`CapturedCallStack.capture()`:
    // return addresses, a few hundred nanoseconds) and the event carries it; the app frame is
    // symbolicated only when someone reads the event's `callSite`. The block's own frames are
    // skipped then, by symbol, which holds however the compiler inlined them.

    // MARK: present

    private static func presentBlock() -> @convention(block) (UIViewController, UIViewController?, Bool, Completion?) -> Void {
        let selector = present.selector
        return { source, presented, animated, completion in
            let callOriginal: ((() -> Void)?) -> Void = { wrapped in
                guard let imp = present.originalImplementation else { return }
                unsafeBitCast(imp, to: PresentIMP.self)(source, selector, presented, animated, wrapped.map { c in { c() } })
            }
            guard present.isActive, let session = HookState.shared.session, let presented else { return callOriginal(completion) }
            let stack = CapturedCallStack.capture()
            guard Thread.isMainThread else {
                let s = UIKitNode.threadSafeRef(of: source), p = UIKitNode.threadSafeRef(of: presented)
                if !session.exclusions.excludesCall(s, p, windowTypeName: nil) {
                    let context = CallContext.current()
                    session.recorder.record(UnresolvedCall.offMainPresent(source: s, presented: p, animated: animated, thread: context.thread,
                                                                          time: session.handler.scheduler.now, capturedCallStack: stack))
                }
                callOriginal(completion)
                // A chain may have changed without the handler: the window chains it keeps are walked again.
                session.handler.hierarchyDidChange()
                return
            }
            let handed = MainThreadValue(completion)
            MainActor.assumeIsolated {
                handlePresent(session, source: source, presented: presented, animated: animated, stack: stack, completion: handed.value,
                              original: callOriginal)
            }
        }
    }

    @MainActor
    private static func handlePresent(_ session: InspectorSession, source: UIViewController, presented: UIViewController, animated: Bool,
                                      stack: CapturedCallStack, completion: Completion?, original: ((() -> Void)?) -> Void) {
        let s = UIKitNode.node(for: source), p = UIKitNode.node(for: presented)
        let window = UIKitEnvironment.windowTypeName(of: source)
        let refs = (source: s.ref, presented: p.ref)
        guard !session.exclusions.excludesCall(refs.source, refs.presented, windowTypeName: window) else {
            original(completion.map { c in { c() } })
            // The chain changed without the handler (which also reads transitions from it): walked again.
            session.handler.hierarchyDidChange()
            return
        }
        // Called on the main thread right after UIKit's present returns and when its transition ends.
        // Not for a call made from a `deinit`: a weak reference to a deallocating controller traps.
        let deallocating = UIKitNode.isDeallocating(source) || UIKitNode.isDeallocating(presented)
        // The nodes are captured, not the controllers weakly: a node holds its controller weakly,
        // and a weak capture is a runtime call to make, to read (with an exclusivity check) and to destroy.
        let observe: (() -> Observation?)? = deallocating ? nil : { [s, p] in
            guard Thread.isMainThread, let source = s.controller, let presented = p.controller else { return nil }
            let handed = MainThreadValue((source, presented))
            return MainActor.assumeIsolated { UIKitObservation.present(handed.value.1, source: handed.value.0) }
        }
        session.handler.handlePresent(source: s, presented: p, checkedRefs: refs, sourceViewInWindow: window != nil, animated: animated,
                                      context: .current(capturing: stack),
                                      completion: completion.map { c in { c() } }, observe: observe, original: original)
        // Only now: reading presentationController before presenting would create it too early.
        // Sheets (swipe down) and popovers (tap outside) are the presentations a user can refuse.
        if presented.presentingViewController != nil, let pc = presented.presentationController,
           pc is UISheetPresentationController || pc is UIPopoverPresentationController {
            SheetDismissObserver.observe(pc)
        }
    }

    // MARK: dismiss

    private static func dismissBlock() -> @convention(block) (UIViewController, Bool, Completion?) -> Void {
        let selector = dismiss.selector
        return { receiver, animated, completion in
            let callOriginal: ((() -> Void)?) -> Void = { wrapped in
                guard let imp = dismiss.originalImplementation else { return }
                unsafeBitCast(imp, to: DismissIMP.self)(receiver, selector, animated, wrapped.map { c in { c() } })
            }
            // Inside a dismiss that passed through unrecorded, UIKit's forwarded re-entry passes through too.
            guard dismiss.isActive, let session = HookState.shared.session, !PassThroughDismissScope.isActive else { return callOriginal(completion) }
            let stack = CapturedCallStack.capture()
            guard Thread.isMainThread else {
                let r = UIKitNode.threadSafeRef(of: receiver)
                if !session.exclusions.excludesCall(r, windowTypeName: nil) {
                    let context = CallContext.current()
                    session.recorder.record(UnresolvedCall.offMainDismiss(receiver: r, animated: animated, thread: context.thread,
                                                                          time: session.handler.scheduler.now, capturedCallStack: stack))
                }
                // The chain changes without the handler, now and when the transition ends: walked again.
                let handler = session.handler
                PassThroughDismissScope.run { callOriginal({ handler.hierarchyDidChange(); completion?() }) }
                handler.hierarchyDidChange()
                return
            }
            let handed = MainThreadValue(completion)
            MainActor.assumeIsolated {
                let completion = handed.value
                let node = UIKitNode.node(for: receiver)
                let window = UIKitEnvironment.windowTypeName(of: receiver)
                let ref = node.ref
                guard !session.exclusions.excludesCall(ref, windowTypeName: window) else {
                    // As off the main thread: the chain changes without the handler.
                    let handler = session.handler
                    PassThroughDismissScope.run { callOriginal({ handler.hierarchyDidChange(); completion?() }) }
                    handler.hierarchyDidChange()
                    return
                }
                session.handler.handleDismiss(receiver: node, checkedRef: ref, animated: animated, context: .current(capturing: stack),
                                              completion: completion.map { c in { c() } }, original: callOriginal)
            }
        }
    }

    // MARK: viewWillDisappear (dismissals without a dismiss call)

    private static func viewWillDisappearBlock() -> @convention(block) (UIViewController, Bool) -> Void {
        let selector = viewWillDisappear.selector
        return { controller, animated in
            if viewWillDisappear.isActive, Thread.isMainThread, let session = HookState.shared.session {
                MainActor.assumeIsolated { observeDisappearance(session, controller) }
            }
            guard let imp = viewWillDisappear.originalImplementation else { return }
            unsafeBitCast(imp, to: DisappearIMP.self)(controller, selector, animated)
        }
    }

    /// A presented controller (not a child of one) starting its dismissal transition: report
    /// it to the monitor before UIKit detaches it, and its end through the coordinator.
    @MainActor
    private static func observeDisappearance(_ session: InspectorSession, _ controller: UIViewController) {
        guard controller.isBeingDismissed, controller.parent == nil, controller.presentingViewController != nil else { return }
        let node = UIKitNode.node(for: controller)
        let window = UIKitEnvironment.windowTypeName(of: controller)
        // Checked by class name: the monitor needs no snapshot (title, locks) unless the app's
        // predicate does, or the dismissal turns out to have no call behind it.
        let excluded = session.exclusions.excludesCall(typeName: node.typeName, windowTypeName: window)
            ?? session.exclusions.excludesCall(node.ref, windowTypeName: window)
        guard !excluded else {
            session.handler.hierarchyDidChange()  // a chain changes without the monitor
            return
        }
        let coordinator = controller.transitionCoordinator
        let attribution = session.dismissals.dismissalWillBegin(node, checkedID: node.id, isInteractive: coordinator?.isInteractive ?? false)
        guard attribution != .ignored else { return }
        let ended: @MainActor (Bool) -> Void = { cancelled in session.dismissals.dismissalDidEnd(node, cancelled: cancelled) }
        // A non-animated dismissal has no coordinator and is done by the next run-loop turn.
        if let coordinator, coordinator.animate(alongsideTransition: nil, completion: { context in ended(context.isCancelled) }) {
            return
        }
        DispatchQueue.main.async { ended(false) }
    }
}
#endif
