#if canImport(UIKit)
import UIKit
@_spi(Package) import PresentationInspectorCore

/// The overlay's window. Its Objective-C name is fixed so that
/// ``ExclusionPolicy/overlayWindowTypeName`` matches it whatever the module is called.
@objc(PresentationInspectorOverlayWindow)
final class OverlayWindow: UIWindow {}

/// Shows and hides the overlay in its own window at `UIWindow.Level.alert - 2`: above the app's
/// windows and the status bar, including the app's `UIAlertController`s (UIKit presents them in
/// the presenting controller's window, so the overlay can show an alert's presentation while it is
/// on screen); below `.alert`-level windows (FLEX's at `alert - 1`, an app's own alert window).
///
/// The window is made visible without being made key, so the app's key window keeps its
/// first responder and keyboard. If UIKit makes it key anyway (a tap on a text field in it),
/// the previous key window gets key status back when the overlay hides.
@MainActor
final class OverlayPresenter {
    static let shared = OverlayPresenter()

    private var window: OverlayWindow?
    private weak var previousKeyWindow: UIWindow?

    /// Whether the overlay is on screen.
    var isVisible: Bool { window.map { !$0.isHidden } ?? false }

    /// The scene the overlay is shown in, while it is.
    var scene: UIWindowScene? { window?.windowScene }

    /// Shows the overlay in the scene the user is in (``UIKitEnvironment/currentScene(preferring:)``;
    /// `preferring`: the window a shake reached); nothing if no scene is in the foreground.
    func show(preferring preferredWindow: UIWindow? = nil) {
        guard window == nil, let scene = UIKitEnvironment.currentScene(preferring: preferredWindow) else { return }
        previousKeyWindow = scene.keyWindow
        let w = OverlayWindow(windowScene: scene)
        w.windowLevel = UIWindow.Level(rawValue: UIWindow.Level.alert.rawValue - 2)
        let root = InspectorRootController(model: OverlayModel(), onClose: { PresentationInspector.hide() })
        root.appRootController = previousKeyWindow?.rootViewController
        w.rootViewController = root
        // Over the app, the overlay is all VoiceOver reads until it closes, and it starts there.
        w.accessibilityViewIsModal = true
        w.isHidden = false
        window = w
        UIAccessibility.post(notification: .screenChanged, argument: root.view)
    }

    /// Hides the overlay and releases its window.
    func hide() {
        guard let w = window else { return }
        let wasKey = w.isKeyWindow
        w.isHidden = true
        w.rootViewController = nil
        window = nil
        if wasKey, let previous = previousKeyWindow, !previous.isHidden { previous.makeKey() }
    }
}

/// The recording as the overlay shows it: a snapshot of the events refreshed (coalesced, on
/// the main queue) whenever the recorder records, and the selected event.
@MainActor
final class OverlayModel {
    private(set) var events: [Event] = []
    private(set) var droppedCount = 0
    /// The seq the user picked; nil follows the latest event.
    var selectedSeq: Int? { didSet { notify() } }
    private var observers: [Int: () -> Void] = [:]
    private var nextObserver = 0
    private var subscription: Recorder.Subscription?
    private var reloadPending = false

    /// Follows the running (or last) session, if any.
    init() {
        reload()
        subscription = HookState.shared.lastSession?.recorder.subscribe { [weak self] _ in
            DispatchQueue.main.async { self?.scheduleReload() }
        }
    }

    /// Whether a session exists at all.
    var hasSession: Bool { HookState.shared.lastSession != nil }

    /// The selected event, else the first problem (as the HTML report opens), else the latest one.
    var selectedEvent: Event? {
        if let s = selectedSeq, let e = events.first(where: { $0.seq == s }) { return e }
        return ProblemFocus.firstProblem(in: events) ?? events.last
    }

    /// Calls `observer` after every change until ``removeObserver(_:)`` with the returned token
    /// (the overlay's screens observe while on screen).
    func addObserver(_ observer: @escaping () -> Void) -> Int {
        nextObserver += 1
        observers[nextObserver] = observer
        return nextObserver
    }

    /// Stops calling the observer registered with `token`.
    func removeObserver(_ token: Int) { observers[token] = nil }

    /// Forgets every recorded event.
    func clear() {
        HookState.shared.lastSession?.recorder.reset()
        selectedSeq = nil
        reload()
    }

    private func scheduleReload() {
        guard !reloadPending else { return }
        reloadPending = true
        // Many events arrive in bursts (a dismissal of a chain): redraw once per burst.
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.15) { [weak self] in
            self?.reloadPending = false
            self?.reload()
        }
    }

    private func reload() {
        let snapshot = HookState.shared.lastSession?.recorder.snapshot()
        events = snapshot?.events ?? []
        droppedCount = snapshot?.droppedCount ?? 0
        notify()
    }

    private func notify() { for o in observers.values { o() } }
}
#endif
