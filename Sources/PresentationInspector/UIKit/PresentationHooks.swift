#if canImport(UIKit)
import UIKit
import ObjectiveC
@_spi(Package) import PresentationInspectorCore

/// The running session, as the hook blocks see it from any thread. `nil` makes every hook
/// pass straight through to UIKit.
final class HookState: Sendable {
    static let shared = HookState()

    private struct State {
        var current: InspectorSession?
        var last: InspectorSession?
        var lastRecordsTitles = true
    }
    private let state = Locked(State())

    /// The recording in progress.
    var session: InspectorSession? {
        get { state.withLock { $0.current } }
        set { state.withLock { $0.current = newValue } }
    }

    /// The recording in progress or, after `stop()`, the one that ran last (still readable).
    var lastSession: InspectorSession? {
        get { state.withLock { $0.last } }
        set {
            state.withLock { s in
                s.last = newValue
                s.lastRecordsTitles = newValue?.configuration.recordsTitles ?? true
            }
        }
    }

    /// `lastSession?.configuration.recordsTitles ?? true`, without retaining the session.
    var recordsTitles: Bool { state.withLock { $0.lastRecordsTitles } }
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

    /// Installs the three hooks and the setters' (idempotent).
    static func install() {
        present.install(block: presentBlock())
        dismiss.install(block: dismissBlock())
        viewWillDisappear.install(block: viewWillDisappearBlock())
        RequestedStyleHook.install()
        SelectedDetentHook.install()
    }

    /// Restores UIKit's implementations (idempotent).
    static func uninstall() {
        present.uninstall()
        dismiss.uninstall()
        viewWillDisappear.uninstall()
        RequestedStyleHook.uninstall()
        SelectedDetentHook.uninstall()
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
                return callOriginal(completion)
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
        // The core decides when UIKit is read (nothing that creates state before the original).
        session.hookedPresent(source: UIKitNode.node(for: source), presented: UIKitNode.node(for: presented), reads: UIKitReads(),
                              animated: animated, context: .current(capturing: stack), completion: completion.map { c in { c() } },
                              original: original)
    }

    // MARK: dismiss

    private static func dismissBlock() -> @convention(block) (UIViewController, Bool, Completion?) -> Void {
        let selector = dismiss.selector
        return { receiver, animated, completion in
            let callOriginal: ((() -> Void)?) -> Void = { wrapped in
                guard let imp = dismiss.originalImplementation else { return }
                unsafeBitCast(imp, to: DismissIMP.self)(receiver, selector, animated, wrapped.map { c in { c() } })
            }
            guard dismiss.isActive, let session = HookState.shared.session else { return callOriginal(completion) }
            let handler = session.handler
            let node = UIKitNode.node(for: receiver)
            let handed = completion.map { c in { c() } }
            // UIKit's forward of a dismiss that passes through unrecorded passes through too.
            if handler.passesExpectedForward(node, completion: handed, original: callOriginal) { return }
            let stack = CapturedCallStack.capture()
            guard Thread.isMainThread else {
                let r = UIKitNode.threadSafeRef(of: receiver)
                if !session.exclusions.excludesCall(r, windowTypeName: nil) {
                    let context = CallContext.current()
                    session.recorder.record(UnresolvedCall.offMainDismiss(receiver: r, animated: animated, thread: context.thread,
                                                                          time: handler.scheduler.now, capturedCallStack: stack))
                }
                return handler.passThroughDismiss(receiver: nil as UIKitNode?, completion: handed, original: callOriginal)
            }
            // A receiver in its `deinit` has a node without a reference: the core reads nothing of it.
            session.hookedDismiss(receiver: node, reads: UIKitReads(), animated: animated, context: .current(capturing: stack),
                                  completion: handed, original: callOriginal)
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
        guard !excluded else { return }
        session.recorder.noteControllerFacts(ControllerFactsReader.facts(involving: [controller],
                                                                         recordsTitles: HookState.shared.recordsTitles))
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

