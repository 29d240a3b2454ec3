#if canImport(UIKit)
import Foundation
import ObjectiveC
@_spi(Package) import PresentationInspectorCore

/// One reversible replacement of an Objective-C instance method, InterposeKit-style but small.
///
/// `install()` puts `replacement` in place and remembers what it replaced:
/// - the class's own implementation (`class_replaceMethod` returns it), restored by
///   `uninstall()` — unless another library hooked the method after us, in which case
///   restoring would drop its hook, so ours stays in place and merely forwards;
/// - nothing, when the class only inherits the method (or nobody implements it): the
///   replacement is added to the class and forwards to the superclass's implementation.
///   Objective-C cannot remove a method, so after `uninstall()` it stays, inactive.
///
/// The replacement block must check ``isActive`` and call ``originalImplementation`` so that
/// an inactive hook behaves exactly like the original. Thread-safe: the lock holds the state.
final class MethodHook: Sendable {
    /// The class whose method is replaced.
    let targetClass: AnyClass
    /// The replaced selector.
    let selector: Selector
    private let typeEncoding: String
    private let state = LockedHookState()

    /// What the lock guards.
    fileprivate struct State {
        /// The installed replacement, once made.
        var replacement: IMP?
        /// The class's own implementation that the replacement took the place of.
        var original: IMP?
        /// Whether the replacement was added to a class that had no implementation of its own.
        var addedToClass = false
        /// Whether `uninstall()` put the original back.
        var restored = false
        /// Whether the replacement should act.
        var active = false
    }

    /// Describes a hook; nothing changes until ``install(block:)``.
    /// - Parameter typeEncoding: used when no class in the hierarchy implements the method.
    init(_ targetClass: AnyClass, _ selector: Selector, typeEncoding: String) {
        self.targetClass = targetClass
        self.selector = selector
        self.typeEncoding = typeEncoding
    }

    /// Whether the replacement should act (installed and not uninstalled).
    var isActive: Bool { state.withLock { state in state.active } }

    /// What the replacement calls to run the original behaviour: the replaced
    /// implementation, else the superclass's, else nil (nobody implements the method).
    var originalImplementation: IMP? {
        let (saved, added) = state.withLock { state in (state.original, state.addedToClass) }
        if let saved { return saved }
        guard added, let superclass = class_getSuperclass(targetClass),
              class_getInstanceMethod(superclass, selector) != nil else { return nil }
        return class_getMethodImplementation(superclass, selector)
    }

    /// Installs the replacement made from `block` (an `@convention(block)` closure taking
    /// the receiver first). Idempotent: a second call only reactivates the first replacement.
    func install(block: @autoclosure () -> Any) {
        state.withLock { state in
            if state.active { return }
            if let replacement = state.replacement {
                // Reinstall: if uninstall put the original back, hook again on top of whatever is
                // there now (possibly another library's hook, which then runs after ours).
                if state.restored, let method = class_getInstanceMethod(targetClass, selector) {
                    state.original = method_setImplementation(method, replacement)
                    state.restored = false
                }
                state.active = true
                return
            }
            let imp = imp_implementationWithBlock(block())
            let existing = class_getInstanceMethod(targetClass, selector)
            let types = existing.flatMap { method_getTypeEncoding($0).map { String(cString: $0) } } ?? typeEncoding
            if class_addMethod(targetClass, selector, imp, types) {
                state.addedToClass = true
            } else {
                state.original = class_replaceMethod(targetClass, selector, imp, types)
            }
            state.replacement = imp
            state.active = true
        }
    }

    /// Installs the hook on a delegate's class for one of its optional delegate methods, unless
    /// the delegate answers that method by message forwarding
    /// (``AppClassPolicy/delegateHookPlan(classImplementsMethod:delegateRespondsToMethod:)``):
    /// a method added to its class would swallow the forwarded call. Returns whether the hook is
    /// installed.
    @discardableResult
    func install(onClassOf delegate: NSObjectProtocol, block: @autoclosure () -> Any) -> Bool {
        let plan = AppClassPolicy.delegateHookPlan(classImplementsMethod: class_getInstanceMethod(targetClass, selector) != nil,
                                                   delegateRespondsToMethod: delegate.responds(to: selector))
        guard plan != .leaveAlone else { return false }
        install(block: block())
        return true
    }

    /// Restores the original implementation when it is safe (see the type's notes); the
    /// replacement stays inactive otherwise. Idempotent.
    func uninstall() {
        state.withLock { state in
            guard state.active else { return }
            state.active = false
            guard !state.addedToClass, let original = state.original, let replacement = state.replacement,
                  let method = class_getInstanceMethod(targetClass, selector),
                  method_getImplementation(method) == replacement else { return }
            method_setImplementation(method, original)
            state.restored = true
        }
    }
}

/// A ``MethodHook``'s state and the lock that guards it: the state is reached only inside
/// ``withLock(_:)``.
private final class LockedHookState: @unchecked Sendable {
    private let lock = NSLock()
    private var state = MethodHook.State()

    func withLock<Result>(_ body: (inout MethodHook.State) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&state)
    }
}
#endif
