#if canImport(UIKit)
import UIKit
import PresentationInspectorCore

/// Facts about the running app the inspector reads from UIKit: windows, window chains,
/// the log header. Main thread only.
@MainActor
enum UIKitEnvironment {
    /// Every window of every connected scene, in scene order.
    static func windows() -> [UIWindow] {
        UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }.flatMap(\.windows)
    }

    /// The key window, if any.
    static func keyWindow() -> UIWindow? { windows().first { $0.isKeyWindow } }

    /// The scene to show the overlay in: the foreground-active one, else any window scene.
    static func activeScene() -> UIWindowScene? {
        let scenes = UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }
        return scenes.first { $0.activationState == .foregroundActive } ?? scenes.first
    }

    /// The class name of the window that holds this controller's view (`nil` for a view in no
    /// window), for ``ExclusionPolicy/excludesCall(_:_:windowTypeName:)``.
    static func windowTypeName(of controller: UIViewController) -> String? {
        (controller.viewIfLoaded?.window).map { NSStringFromClass(type(of: $0)) }
    }

    /// The presentation chain of every window whose class the policy does not exclude; with a
    /// handler, the chains its events name (walked once per change, not once per call).
    static func windowChains(excluding policy: ExclusionPolicy, sharedWith handler: PresentationHooksHandler? = nil) -> [WindowChain] {
        windows().compactMap { window in
            guard let root = window.rootViewController,
                  !policy.windowTypeNames.contains(NSStringFromClass(type(of: window))) else { return nil }
            let node = UIKitNode.node(for: root)
            let chain = handler?.chain(from: node) ?? Hierarchy.chain(from: node).map(\.ref)
            return WindowChain(id: UIKitNode.address(of: window), level: Double(window.windowLevel.rawValue),
                               isKey: window.isKeyWindow, chain: chain)
        }
    }

    /// The log header describing this app and device.
    static func logHeader() -> LogHeader {
        let info = Bundle.main.infoDictionary ?? [:]
        var app: [String: String] = [:]
        app["name"] = (info["CFBundleDisplayName"] ?? info["CFBundleName"]) as? String
        app["bundleID"] = Bundle.main.bundleIdentifier
        app["version"] = info["CFBundleShortVersionString"] as? String
        app["build"] = info["CFBundleVersion"] as? String
        let device = UIDevice.current
        let idiom: String
        switch device.userInterfaceIdiom {
        case .phone: idiom = "phone"
        case .pad: idiom = "pad"
        case .mac: idiom = "mac"
        case .tv: idiom = "tv"
        case .carPlay: idiom = "carPlay"
        default: idiom = "other"
        }
        return LogHeader(app: app, device: ["model": device.model, "system": "\(device.systemName) \(device.systemVersion)", "idiom": idiom])
    }
}

/// The window chains as the debugger entry points and the overlay ask for them, from any
/// thread: fresh on the main thread, elsewhere as of the main thread's last turn after an event
/// (a paused app's main thread cannot be waited for). Events only mark the copy stale; one
/// refresh per main-queue turn makes it again (``DeferredWindowChains``).
enum WindowChainCache {
    static func make(policy: ExclusionPolicy, handler: PresentationHooksHandler?) -> DeferredWindowChains {
        DeferredWindowChains(
            compute: { MainActor.assumeIsolated { UIKitEnvironment.windowChains(excluding: policy, sharedWith: handler) } },
            isMainThread: { Thread.isMainThread },
            scheduleOnMain: { work in DispatchQueue.main.async(execute: work) })
    }
}
#endif
