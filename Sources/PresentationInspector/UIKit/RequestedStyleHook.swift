#if canImport(UIKit)
import UIKit
import ObjectiveC
@_spi(Package) import PresentationInspectorCore

/// Remembers the `modalPresentationStyle` an app sets on each controller, because UIKit's getter
/// answers `.automatic` with the concrete style it maps to (UIViewController.h): the hook of
/// `setModalPresentationStyle:` records the value on the controller (an associated number) and
/// calls UIKit's own setter with it, unchanged. ``RequestedStyleReading`` turns it and what the
/// getter reads into the style the app asked for.
enum RequestedStyleHook {
    private typealias SetterIMP = @convention(c) (UIViewController, Selector, Int) -> Void

    static let setter = MethodHook(UIViewController.self, #selector(setter: UIViewController.modalPresentationStyle), typeEncoding: "v@:q")
    private static let key = AssociationKey()

    /// Installs the hook (idempotent).
    static func install() {
        let selector = setter.selector
        setter.install(block: { (controller: UIViewController, raw: Int) in
            if setter.isActive {
                objc_setAssociatedObject(controller, key.pointer, NSNumber(value: raw), .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
            }
            guard let imp = setter.originalImplementation else { return }
            unsafeBitCast(imp, to: SetterIMP.self)(controller, selector, raw)
        } as @convention(block) (UIViewController, Int) -> Void)
    }

    /// Restores UIKit's setter (idempotent); values already recorded stay with their controllers.
    static func uninstall() { setter.uninstall() }

    /// The style the app asked for on `vc` (``RequestedStyleReading``). Reads only the getter,
    /// the class's methods and `storyboard`: nothing that creates UIKit state.
    @MainActor static func requestedStyle(of vc: UIViewController) -> PresentationStyle {
        let read = PresentationStyle(rawValue: vc.modalPresentationStyle.rawValue) ?? .custom
        let seen = (objc_getAssociatedObject(vc, key.pointer) as? NSNumber).flatMap { PresentationStyle(rawValue: $0.intValue) }
        let getter = #selector(getter: UIViewController.modalPresentationStyle)
        let overrides = class_getMethodImplementation(type(of: vc), getter) != class_getMethodImplementation(UIViewController.self, getter)
        return RequestedStyleReading.requested(seenSet: seen, read: read, classOverridesGetter: overrides,
                                               fromStoryboard: vc.storyboard != nil, version: UIKitNode.runningVersion)
    }

    /// `preferredTransition` where its kind can be told (iOS 18 and later): `zoom` when the
    /// transition's class names a zoom, nil otherwise (not set, or a kind the public API does not
    /// expose; docs/IOS.md lists it among what a device must confirm).
    @MainActor static func preferredTransition(of vc: UIViewController) -> TransitionStyle? {
        guard #available(iOS 18.0, *), let transition = vc.preferredTransition else { return nil }
        return NSStringFromClass(type(of: transition)).localizedCaseInsensitiveContains("zoom") ? .zoom : nil
    }
}
#endif
