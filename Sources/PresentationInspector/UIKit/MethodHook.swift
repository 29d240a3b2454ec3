#if canImport(UIKit)
import Foundation
import ObjectiveC
@_spi(Adapter) import PresentationInspectorCore

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
/// an inactive hook behaves exactly like the original. Thread-safe.
final class MethodHook: @unchecked Sendable {
    /// The class whose method is replaced.
    let targetClass: AnyClass
    /// The replaced selector.
    let selector: Selector

    private let lock = AdapterLock()
    // Guarded by `lock` (run-time exclusivity checks off: each hooked call reads `active` and `original`).
    @exclusivity(unchecked) private var replacement: IMP?
    @exclusivity(unchecked) private var original: IMP?
    @exclusivity(unchecked) private var addedToClass = false
    @exclusivity(unchecked) private var restored = false
    @exclusivity(unchecked) private var active = false
    private let typeEncoding: String

    /// Describes a hook; nothing changes until ``install(block:)``.
    /// - Parameter typeEncoding: used when no class in the hierarchy implements the method.
    init(_ targetClass: AnyClass, _ selector: Selector, typeEncoding: String) {
        self.targetClass = targetClass
        self.selector = selector
        self.typeEncoding = typeEncoding
    }

    /// Whether the replacement should act (installed and not uninstalled).
    var isActive: Bool {
        lock.lock(); defer { lock.unlock() }
        return active
    }

    /// What the replacement calls to run the original behaviour: the replaced
    /// implementation, else the superclass's, else nil (nobody implements the method).
    var originalImplementation: IMP? {
        lock.lock()
        let saved = original, added = addedToClass
        lock.unlock()
        if let saved { return saved }
        guard added, let superclass = class_getSuperclass(targetClass),
              class_getInstanceMethod(superclass, selector) != nil else { return nil }
        return class_getMethodImplementation(superclass, selector)
    }

    /// Installs the replacement made from `block` (an `@convention(block)` closure taking
    /// the receiver first). Idempotent: a second call only reactivates the first replacement.
    func install(block: @autoclosure () -> Any) {
        lock.lock(); defer { lock.unlock() }
        if active { return }
        if let replacement {
            // Reinstall: if uninstall put the original back, hook again on top of whatever is
            // there now (possibly another library's hook, which then runs after ours).
            if restored, let m = class_getInstanceMethod(targetClass, selector) {
                original = method_setImplementation(m, replacement)
                restored = false
            }
            active = true
            return
        }
        let imp = imp_implementationWithBlock(block())
        let types = class_getInstanceMethod(targetClass, selector).flatMap { method_getTypeEncoding($0).map { String(cString: $0) } } ?? typeEncoding
        if class_addMethod(targetClass, selector, imp, types) {
            addedToClass = true
        } else {
            original = class_replaceMethod(targetClass, selector, imp, types)
        }
        replacement = imp
        active = true
    }

    /// Restores the original implementation when it is safe (see the type's notes); the
    /// replacement stays inactive otherwise. Idempotent.
    func uninstall() {
        lock.lock(); defer { lock.unlock() }
        guard active else { return }
        active = false
        guard !addedToClass, let original, let replacement,
              let m = class_getInstanceMethod(targetClass, selector), method_getImplementation(m) == replacement else { return }
        method_setImplementation(m, original)
        restored = true
    }
}
#endif
