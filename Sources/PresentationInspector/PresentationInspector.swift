#if canImport(UIKit)
import UIKit
@_spi(Package) import PresentationInspectorCore

/// Why an inspector call could not be served.
public enum PresentationInspectorError: Error, CustomStringConvertible, Sendable {
    /// Nothing was ever recorded: `start` was not called or refused to run.
    case notStarted

    /// A sentence saying what went wrong.
    public var description: String {
        switch self {
        case .notStarted: "PresentationInspector was not started (or start() refused to run outside DEBUG)."
        }
    }
}

/// Records every modal presentation of the app, explains it and shows it in an overlay.
///
/// ```swift
/// #if DEBUG
/// PresentationInspector.start()            // e.g. in application(_:didFinishLaunchingWithOptions:)
/// #endif
/// ```
/// Then shake the device (or call ``show()``, or open FLEX ▸ Presentations).
///
/// `start` installs the hooks once; ``stop()`` removes them. Outside `DEBUG` builds `start`
/// does nothing unless ``InspectorConfiguration/allowsReleaseBuilds`` is set.
@MainActor
public enum PresentationInspector {
    private static var chainRefresh: Recorder.Subscription?

    /// Starts recording with `configuration`. Returns whether recording runs (true also
    /// when it was already running; the first configuration stays in effect until ``stop()``).
    @discardableResult
    public static func start(configuration: InspectorConfiguration = InspectorConfiguration()) -> Bool {
        #if DEBUG
        let isDebugBuild = true
        #else
        let isDebugBuild = false
        #endif
        guard ReleaseGate.allowsStart(isDebugBuild: isDebugBuild, configuration: configuration) else {
            print(ReleaseGate.refusalMessage)
            return false
        }
        if HookState.shared.session != nil { return true }
        // A second copy of the package in the process (an app-hosted test bundle linking it again)
        // would hook the same methods and record apart.
        if let notice = InspectorImage.secondCopyNotice {
            print(notice)
            return false
        }

        var configuration = configuration
        // The alert UIKit's shake-to-edit shows for the shake that opens the overlay is not the app's.
        if configuration.opensOnShake { configuration.ignore = ShakeToOpen.alertFilter.ignoring(alsoIgnore: configuration.ignore) }
        let session = InspectorSession(configuration: configuration, header: UIKitEnvironment.logHeader(), scheduler: SystemScheduler())
        if let error = session.liveLogError { print("PresentationInspector: \(error)") }
        let chains = WindowChainCache.make(policy: session.exclusions, handler: session.handler)
        chains.refreshNow()
        let emitter = SignpostEmitter()
        session.activate(windowChains: { chains.current() }, signpostSink: { emitter.emit($0) }, signpostsEnabled: { emitter.isEnabled })
        // Each event only marks the debugger's copy stale: it is made again once per main-queue turn.
        chainRefresh = session.recorder.subscribe { _ in chains.markStale() }
        HookState.shared.session = session
        HookState.shared.lastSession = session
        PresentationHooks.install()
        KeyWindowHistory.shared.start()
        if configuration.opensOnShake { ShakeToOpen.install() }
        #if FLEX && canImport(FLEX)
        if configuration.registersWithFLEX { FLEXIntegration.registerOnce() }
        #endif
        return true
    }

    /// The one-line notice when this copy of the package is a second one in the process (it then
    /// neither hooks nor records); nil in the copy in use.
    @_spi(Package) public static var secondCopyNotice: String? { InspectorImage.secondCopyNotice }

    /// Stops recording: hides the overlay and restores UIKit's original implementations.
    /// The events recorded so far stay available to ``events`` and ``export(format:to:)``.
    public static func stop() {
        guard let session = HookState.shared.session else { return }
        OverlayPresenter.shared.hide()
        HookState.shared.session = nil
        PresentationHooks.uninstall()
        ShakeToOpen.uninstall()
        KeyWindowHistory.shared.stop()
        SheetDismissObserver.uninstallDelegateHooks()
        chainRefresh?.cancel()
        chainRefresh = nil
        session.deactivate()
    }

    /// Whether recording runs.
    public nonisolated static var isRunning: Bool { HookState.shared.session != nil }

    /// The configuration of the running (or last) recording. With ``InspectorConfiguration/opensOnShake``
    /// its `ignore` rule also leaves out the alert UIKit's shake-to-edit shows for the inspector's shake.
    public nonisolated static var configuration: InspectorConfiguration? { HookState.shared.lastSession?.configuration }

    /// The events of the running (or last) recording, oldest first, titles included.
    public nonisolated static var events: [Event] { HookState.shared.lastSession?.events ?? [] }

    /// The events that name the controller with this address (`0x…`).
    public nonisolated static func history(ofControllerID id: String) -> [Event] {
        HookState.shared.lastSession?.history(ofController: id) ?? []
    }

    /// Writes the recording to `url` in `format` (titles removed if the configuration
    /// redacts them).
    public nonisolated static func export(format: ExportFormat, to url: URL) throws {
        guard let session = HookState.shared.lastSession else { throw PresentationInspectorError.notStarted }
        try session.export(format, toFile: url.path)
    }

    /// Shows the overlay (timeline, chain graph, details, export).
    public static func show() { OverlayPresenter.shared.show() }

    /// Hides the overlay.
    public static func hide() { OverlayPresenter.shared.hide() }

    /// Shows the overlay if hidden, hides it otherwise (what a shake does).
    public static func toggle() { toggle(preferring: nil) }

    /// ``toggle()`` showing the overlay in `window`'s scene when it is on screen (a shake's window).
    static func toggle(preferring window: UIWindow?) {
        if OverlayPresenter.shared.isVisible { hide() } else { OverlayPresenter.shared.show(preferring: window) }
    }
}
#endif
