import Foundation

/// One recording, from `start` to `stop`: the recorder, the hook handler, the
/// interactive-dismissal monitor and the signpost planner built from an
/// ``InspectorConfiguration``, plus exports that honour its redaction setting.
///
/// The iOS layer creates one in `PresentationInspector.start(configuration:)` and feeds it
/// from its UIKit hooks; tests drive it with simulated controllers. Everything it decides
/// is portable.
@_spi(Package) public final class InspectorSession: @unchecked Sendable {
    /// The settings this session was started with.
    @_spi(Package) public let configuration: InspectorConfiguration
    /// Which calls are left out (built-in exclusions plus the app's predicate).
    @_spi(Package) public let exclusions: ExclusionPolicy
    /// The ring buffer of events.
    @_spi(Package) public let recorder: Recorder
    /// The entry point hooked calls go through.
    @_spi(Package) public let handler: PresentationHooksHandler
    /// Explains dismissal transitions no `dismiss` call accounts for (swipes).
    @_spi(Package) public let dismissals: InteractiveDismissMonitor
    /// Maps events to os_signposts.
    @_spi(Package) public let signposts = SignpostPlanner()
    /// The header of this session's logs (without the drop count; see ``exportHeader()``).
    @_spi(Package) public let header: LogHeader
    /// Why the live log file could not be opened, if it could not; recording goes on without it.
    @_spi(Package) public let liveLogError: LiveLogError?

    private let lock = InspectorLock()
    private var subscriptions: [Recorder.Subscription] = []
    private var isActive = false

    /// Creates a session. Nothing is observed until ``activate(windowChains:signpostSink:signpostsEnabled:)``.
    @_spi(Package) public init(configuration: InspectorConfiguration, header: LogHeader, scheduler: any InspectorScheduler) {
        self.configuration = configuration
        self.header = header
        exclusions = configuration.exclusionPolicy
        recorder = Recorder(capacity: configuration.capacity)
        handler = PresentationHooksHandler(recorder: recorder, scheduler: scheduler, configuration: configuration.handlerConfiguration)
        dismissals = InteractiveDismissMonitor(handler: handler)
        var logError: LiveLogError?
        if let path = configuration.liveLogPath {
            do { try recorder.startLiveLog(path: path, header: header) } catch let e as LiveLogError { logError = e } catch {
                logError = LiveLogError(path: path, reason: "\(error)")
            }
        }
        liveLogError = logError
    }

    /// Starts following the recorder and publishes this session to ``InspectorRuntime``
    /// (for the debugger entry points and the overlay). `signpostSink`, when given, receives
    /// the signposts of every event on the recording thread while `signpostsEnabled` (when
    /// given) answers true: on iOS, while Instruments records signposts. Planning a signpost
    /// builds the event's summary line (about 12,000 instructions, device-path benchmark), so an
    /// app that nobody profiles does not pay for it. Calling it twice does nothing.
    @_spi(Package) public func activate(windowChains: (@Sendable () -> [WindowChain])?,
                         signpostSink: (@Sendable (SignpostAction) -> Void)? = nil,
                         signpostsEnabled: (@Sendable () -> Bool)? = nil) {
        lock.lock()
        guard !isActive else { lock.unlock(); return }
        isActive = true
        lock.unlock()

        dismissals.start()
        var subs: [Recorder.Subscription] = []
        if let signpostSink, configuration.emitsSignposts {
            let planner = signposts, redacts = configuration.redactsTitlesInExports
            subs.append(recorder.subscribe { event in
                // An interval begun while disabled and ended while enabled ends nothing (the
                // planner drops ends it has no begin for); one left open is forgotten past its limit.
                if let signpostsEnabled, !signpostsEnabled() { return }
                // Signposts leave the app (Instruments traces), so they follow the export rule.
                for action in planner.actions(for: redacts ? TitleRedaction.redact(event) : event) { signpostSink(action) }
            })
        }
        lock.lock(); subscriptions = subs; lock.unlock()
        InspectorRuntime.shared.install(recorder: recorder, header: header, windowChains: windowChains)
    }

    /// Stops following the recorder, closes the live log and withdraws from
    /// ``InspectorRuntime`` (if this session is still the one installed there). The recorded
    /// events stay readable.
    @_spi(Package) public func deactivate() {
        lock.lock()
        guard isActive else { lock.unlock(); return }
        isActive = false
        let subs = subscriptions
        subscriptions = []
        lock.unlock()
        for s in subs { s.cancel() }
        dismissals.stop()
        recorder.stopLiveLog()
        if InspectorRuntime.shared.recorder === recorder { InspectorRuntime.shared.uninstall() }
    }

    /// Whether ``activate(windowChains:signpostSink:signpostsEnabled:)`` ran and ``deactivate()`` did not.
    @_spi(Package) public var isActivated: Bool {
        lock.lock(); defer { lock.unlock() }
        return isActive
    }

    // MARK: Reading and exporting

    /// The retained events, oldest first, as recorded (titles included).
    @_spi(Package) public var events: [Event] { recorder.events }

    /// The events of this controller (by id): those that name it, oldest first.
    @_spi(Package) public func history(ofController id: String) -> [Event] {
        recorder.events.filter { $0.controllers.contains { $0.id == id } }
    }

    /// The header to export, with the ring's current drop count.
    @_spi(Package) public func exportHeader() -> LogHeader {
        var h = header
        h.dropped = recorder.droppedCount
        return h
    }

    /// The events to export: all retained ones, titles removed when the configuration asks.
    @_spi(Package) public func exportEvents() -> [Event] {
        let events = recorder.events
        return configuration.redactsTitlesInExports ? TitleRedaction.redact(events) : events
    }

    /// The recording rendered in `format` (``Exporter``), redacted when the configuration asks.
    @_spi(Package) public func render(_ format: ExportFormat) -> String {
        Exporter.render(format, header: exportHeader(), events: exportEvents())
    }

    /// Writes the recording in `format` to `path` atomically.
    @_spi(Package) public func export(_ format: ExportFormat, toFile path: String) throws {
        try Exporter.write(format, header: exportHeader(), events: exportEvents(), to: path)
    }
}
