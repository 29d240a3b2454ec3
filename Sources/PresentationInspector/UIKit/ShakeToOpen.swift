#if canImport(UIKit)
import UIKit
import ObjectiveC
@_spi(Package) import PresentationInspectorCore

/// Opens the overlay when the device is shaken.
///
/// `UIApplication.sendEvent(_:)` gets a ``MethodHook`` (as FLEX hooks it for its keyboard
/// shortcuts): every event passes through it before any responder sees it, so a shake is seen
/// even when an app `UIWindow` subclass or a view controller overrides `motionEnded` without
/// calling `super`. `UIWindow.motionEnded(_:with:)` keeps a hook too (added to `UIWindow`,
/// forwarding to the inherited implementation), which only notes that a shake's end reached the
/// window during the dispatch: that tells the end of a shake from its beginning, which
/// ``ShakeEventPairing`` otherwise infers by pairing events. The original runs first.
/// In the simulator: Device ▸ Shake (⌃⌘Z).
///
/// The alert UIKit's shake-to-edit shows for the same shake is not recorded (``ShakeAlertFilter``,
/// installed as part of the session's `ignore` rule by `start`): alerts presented while a shake
/// is dispatched are left out, and one found on screen afterwards stays left out while it lives.
enum ShakeToOpen {
    /// What the session's `ignore` rule asks about alerts shown for a shake.
    static let alertFilter = ShakeAlertFilter()
    private typealias SendEventIMP = @convention(c) (UIApplication, Selector, UIEvent) -> Void
    private typealias MotionIMP = @convention(c) (UIWindow, Selector, UIEvent.EventSubtype, UIEvent?) -> Void
    private static let sendEventHook = MethodHook(UIApplication.self, #selector(UIApplication.sendEvent(_:)), typeEncoding: "v@:@")
    private static let motionEndedHook = MethodHook(UIWindow.self, #selector(UIResponder.motionEnded(_:with:)), typeEncoding: "v@:q@")
    @MainActor private static var pairing = ShakeEventPairing()
    /// Set by the window hook while a dispatch runs.
    @MainActor private static var shakeEndReachedWindow = false
    /// The window the shake's end reached during the dispatch: the overlay opens in its scene.
    @MainActor private static weak var shakeWindow: UIWindow?

    /// Installs the hooks (idempotent); a shake in progress is forgotten.
    @MainActor
    static func install() {
        pairing = ShakeEventPairing()
        let motionSelector = motionEndedHook.selector
        motionEndedHook.install(block: { (window: UIWindow, motion: UIEvent.EventSubtype, event: UIEvent?) in
            if motionEndedHook.isActive, motion == .motionShake, Thread.isMainThread {
                MainActor.assumeIsolated {
                    shakeEndReachedWindow = true
                    shakeWindow = window
                }
            }
            if let imp = motionEndedHook.originalImplementation {
                unsafeBitCast(imp, to: MotionIMP.self)(window, motionSelector, motion, event)
            }
        } as @convention(block) (UIWindow, UIEvent.EventSubtype, UIEvent?) -> Void)

        let selector = sendEventHook.selector
        sendEventHook.install(block: { (application: UIApplication, event: UIEvent) in
            // Touches arrive many times a second: the cheap checks first.
            let isShake = Thread.isMainThread && event.type == .motion && event.subtype == .motionShake && sendEventHook.isActive
            let opens = isShake && HookState.shared.session?.configuration.opensOnShake == true
            let alertsBefore = opens ? MainActor.assumeIsolated { presentedAlerts() } : []
            if isShake {
                MainActor.assumeIsolated {
                    shakeEndReachedWindow = false
                    shakeWindow = nil
                }
            }
            if opens { alertFilter.beginShakeDispatch() }
            if let imp = sendEventHook.originalImplementation {
                unsafeBitCast(imp, to: SendEventIMP.self)(application, selector, event)
            }
            if opens { alertFilter.endShakeDispatch() }
            guard opens else { return }
            MainActor.assumeIsolated { keepAlertsShown(since: alertsBefore) }
            let timestamp = event.timestamp
            MainActor.assumeIsolated {
                if pairing.shakeEventDispatched(at: timestamp, reachedWindow: shakeEndReachedWindow) {
                    PresentationInspector.toggle(preferring: shakeWindow)
                }
            }
        } as @convention(block) (UIApplication, UIEvent) -> Void)
    }

    /// The alerts presented in the known scenes' windows.
    @MainActor
    private static func presentedAlerts() -> [UIAlertController] {
        var alerts: [UIAlertController] = []
        for window in UIKitEnvironment.windows() {
            var controller = window.rootViewController?.presentedViewController
            while let c = controller {
                if let alert = c as? UIAlertController { alerts.append(alert) }
                controller = c.presentedViewController
            }
        }
        return alerts
    }

    /// Keeps the alerts the shake's dispatch showed out of the recording while they live.
    @MainActor
    private static func keepAlertsShown(since before: [UIAlertController]) {
        for alert in presentedAlerts() where !before.contains(where: { $0 === alert }) {
            let probe = LivenessProbe { [weak alert] in alert != nil }
            alertFilter.keep(alertID: UIKitNode.address(of: alert), isAlive: { probe.isLeaked() })
        }
    }

    /// Deactivates the hooks.
    static func uninstall() {
        sendEventHook.uninstall()
        motionEndedHook.uninstall()
    }
}
#endif
