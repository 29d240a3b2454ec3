#if canImport(UIKit)
import UIKit
import ObjectiveC
import PresentationInspectorCore

/// Opens the overlay when the device is shaken.
///
/// `UIApplication.sendEvent(_:)` gets a ``MethodHook`` (as FLEX hooks it for its keyboard
/// shortcuts): every event passes through it before any responder sees it, so a shake is seen
/// even when an app `UIWindow` subclass or a view controller overrides `motionEnded` without
/// calling `super`. The original runs first; UIKit's two events of a shake (began, ended) are
/// paired by ``ShakeEventPairing`` into one toggle. In the simulator: Device ▸ Shake (⌃⌘Z).
enum ShakeToOpen {
    private typealias SendEventIMP = @convention(c) (UIApplication, Selector, UIEvent) -> Void
    private static let hook = MethodHook(UIApplication.self, #selector(UIApplication.sendEvent(_:)), typeEncoding: "v@:@")
    @MainActor private static var pairing = ShakeEventPairing()

    /// Installs the hook (idempotent); a shake in progress is forgotten.
    @MainActor
    static func install() {
        pairing = ShakeEventPairing()
        let selector = hook.selector
        hook.install(block: { (application: UIApplication, event: UIEvent) in
            if let imp = hook.originalImplementation {
                unsafeBitCast(imp, to: SendEventIMP.self)(application, selector, event)
            }
            // Touches arrive many times a second: the cheap checks first.
            guard Thread.isMainThread, event.type == .motion, event.subtype == .motionShake, hook.isActive,
                  HookState.shared.session?.configuration.opensOnShake == true else { return }
            let timestamp = event.timestamp
            MainActor.assumeIsolated {
                if pairing.shakeEventDispatched(at: timestamp) { PresentationInspector.toggle() }
            }
        } as @convention(block) (UIApplication, UIEvent) -> Void)
    }

    /// Deactivates the hook.
    static func uninstall() { hook.uninstall() }
}
#endif
