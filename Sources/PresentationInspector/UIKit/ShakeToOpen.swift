#if canImport(UIKit)
import UIKit
import ObjectiveC
import PresentationInspectorCore

/// Opens the overlay when the device is shaken.
///
/// `UIWindow` gets a hook on `motionEnded(_:with:)` (a `UIResponder` method: added to
/// `UIWindow`, forwarding to the inherited implementation, so the shake still travels up the
/// responder chain). A shake reaches the window when no responder below it handles the
/// motion without calling `super`. In the simulator: Device ▸ Shake (⌃⌘Z).
enum ShakeToOpen {
    private typealias MotionIMP = @convention(c) (UIWindow, Selector, UIEvent.EventSubtype, UIEvent?) -> Void
    private static let hook = MethodHook(UIWindow.self, #selector(UIResponder.motionEnded(_:with:)), typeEncoding: "v@:q@")

    /// Installs the hook (idempotent).
    static func install() {
        let selector = hook.selector
        hook.install(block: { (window: UIWindow, motion: UIEvent.EventSubtype, event: UIEvent?) in
            if let imp = hook.originalImplementation {
                unsafeBitCast(imp, to: MotionIMP.self)(window, selector, motion, event)
            }
            guard hook.isActive, motion == .motionShake, Thread.isMainThread,
                  HookState.shared.session?.configuration.opensOnShake == true else { return }
            MainActor.assumeIsolated { PresentationInspector.toggle() }
        } as @convention(block) (UIWindow, UIEvent.EventSubtype, UIEvent?) -> Void)
    }

    /// Deactivates the hook.
    static func uninstall() { hook.uninstall() }
}
#endif
