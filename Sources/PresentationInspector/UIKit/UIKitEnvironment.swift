#if canImport(UIKit)
import UIKit
@_spi(Package) import PresentationInspectorCore

/// Facts about the running app the inspector reads from UIKit: windows, scenes, window chains,
/// the log header. Main thread only.
@MainActor
enum UIKitEnvironment {
    /// The app's `UIApplication`; nil in an app extension.
    ///
    /// `UIApplication.shared` is unavailable to app extensions (`NS_EXTENSION_UNAVAILABLE_IOS`) and
    /// this package compiles for them (`-application-extension`); availability cannot be chosen at
    /// run time, so in an app the same object is asked for by its Objective-C name. An extension
    /// (its bundle ends in `.appex`) never asks: Apple forbids it the shared application.
    static var application: UIApplication? {
        let selector = NSSelectorFromString("sharedApplication")
        guard !AppCodeLocation.current.isAppExtension, UIApplication.responds(to: selector) else { return nil }
        return UIApplication.perform(selector)?.takeUnretainedValue() as? UIApplication
    }

    /// The window scenes the inspector knows: the app's connected ones; in an app extension, which
    /// has no list of its scenes, those of the windows that became key since `start`.
    static func windowScenes() -> [UIWindowScene] {
        guard let application else { return KeyWindowHistory.shared.scenes() }
        return application.connectedScenes.compactMap { $0 as? UIWindowScene }
    }

    /// Every window of every known scene.
    static func windows() -> [UIWindow] { windowScenes().flatMap(\.windows) }

    /// The scene for the inspector's own windows and for the device's traits (``SceneChoice``):
    /// `preferring`'s scene when it is on screen (the window a shake reached), else the
    /// foreground scene whose key window became key last. Nil when no scene is in the foreground.
    static func currentScene(preferring window: UIWindow? = nil) -> UIWindowScene? {
        var scenes = windowScenes()
        if let preferredScene = window?.windowScene, !scenes.contains(where: { $0 === preferredScene }) { scenes.append(preferredScene) }
        let history = KeyWindowHistory.shared
        let candidates = scenes.map { scene in
            SceneChoice.Candidate(activation: activation(of: scene), hasKeyWindow: scene.keyWindow != nil,
                                  keyOrder: scene.keyWindow.flatMap(history.order(of:)))
        }
        let preferred = window?.windowScene.flatMap { scene in scenes.firstIndex { $0 === scene } }
        return SceneChoice.choose(candidates, preferred: preferred).map { scenes[$0] }
    }

    /// The key window of ``currentScene(preferring:)`` (each scene has its own key window).
    static func keyWindow() -> UIWindow? { currentScene()?.keyWindow }

    private static func activation(of scene: UIScene) -> SceneChoice.Activation {
        switch scene.activationState {
        case .foregroundActive: .foregroundActive
        case .foregroundInactive: .foregroundInactive
        case .background: .background
        default: .unattached
        }
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
            let nodes = Hierarchy.chain(from: node)
            let chain = handler?.chain(from: node) ?? nodes.map(\.ref)
            return WindowChain(id: UIKitNode.address(of: window), level: Double(window.windowLevel.rawValue),
                               isKey: window.isKeyWindow, chain: chain, levels: nodes.map { Hierarchy.presentationLevel(of: $0) },
                               sheets: SheetRules.states(ofChain: nodes))
        }
    }

    /// The log header describing this app and device.
    static func logHeader() -> LogHeader {
        var header = LogHeader.currentApp()
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
        header.device = ["model": device.model, "system": "\(device.systemName) \(device.systemVersion)", "idiom": idiom]
        return header
    }
}

/// The order in which windows became key (`UIWindow.didBecomeKeyNotification`: since iOS 15,
/// key in their scene), kept weakly, from `start` to `stop`: which scene the user was in last.
@MainActor
final class KeyWindowHistory {
    static let shared = KeyWindowHistory()

    private struct Entry {
        weak var window: UIWindow?
        var order: Int
    }

    private var entries: [ObjectIdentifier: Entry] = [:]
    private var counter = 0
    private var observer: NSObjectProtocol?

    /// Starts counting; the scenes' current key windows count as key now, in no particular order.
    func start() {
        guard observer == nil else { return }
        for window in UIKitEnvironment.windowScenes().compactMap(\.keyWindow) { note(window) }
        observer = NotificationCenter.default.addObserver(forName: UIWindow.didBecomeKeyNotification, object: nil, queue: .main) { notification in
            let window = notification.object as? UIWindow
            MainActor.assumeIsolated { if let window { KeyWindowHistory.shared.note(window) } }
        }
    }

    /// Stops counting and forgets.
    func stop() {
        if let observer { NotificationCenter.default.removeObserver(observer) }
        observer = nil
        entries = [:]
    }

    /// Notes that `window` became key (or that the user acted in it) now.
    func note(_ window: UIWindow) {
        counter += 1
        entries = entries.filter { $0.value.window != nil }
        entries[ObjectIdentifier(window)] = Entry(window: window, order: counter)
    }

    /// When `window` last became key, if it was seen.
    func order(of window: UIWindow) -> Int? {
        entries[ObjectIdentifier(window)].flatMap { $0.window === window ? $0.order : nil }
    }

    /// The scenes of the windows seen, without repeats.
    func scenes() -> [UIWindowScene] {
        var result: [UIWindowScene] = []
        for entry in entries.values.sorted(by: { $0.order < $1.order }) {
            if let scene = entry.window?.windowScene, !result.contains(where: { $0 === scene }) { result.append(scene) }
        }
        return result
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
