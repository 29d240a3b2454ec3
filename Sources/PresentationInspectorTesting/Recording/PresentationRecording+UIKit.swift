#if canImport(UIKit)
@_spi(Package) import PresentationInspector
@_spi(Package) import PresentationInspectorCore

extension PresentationRecording {
    /// Records the app's real `present`/`dismiss` calls made while `body` runs.
    ///
    /// If PresentationInspector is not running, it is started for the duration of `body`
    /// (without shake-to-open or FLEX, allowed in any build configuration) and stopped after;
    /// a running inspector is left as it is. Completions of animated transitions arrive later
    /// on the run loop: use `capture(settling:_:)` to wait for them.
    @MainActor
    public static func capture(_ body: () throws -> Void) rethrows -> PresentationRecording {
        let started = startIfNeeded()
        defer { if started { PresentationInspector.stop() } }
        let before = PresentationInspector.events.last?.seq ?? 0
        try body()
        return fromInspector(after: before)
    }

    /// Records the calls made while `body` runs, then waits `settling` seconds so that animated
    /// transitions complete (0.35 s covers UIKit's default animations).
    @MainActor
    public static func capture(settling seconds: Double = 0.6,
                               _ body: @MainActor () async throws -> Void) async rethrows -> PresentationRecording {
        let started = startIfNeeded()
        defer { if started { PresentationInspector.stop() } }
        let before = PresentationInspector.events.last?.seq ?? 0
        try await body()
        let nanoseconds = seconds.isFinite && seconds > 0 ? UInt64(min(seconds, 60) * 1_000_000_000) : 0
        try? await Task.sleep(nanoseconds: nanoseconds)
        return fromInspector(after: before)
    }

    /// Said once per process when this copy of the package is a second one (an app-hosted test
    /// bundle that links the package while the app does too): its recording would be empty.
    private static let secondCopy = OnceNotice()

    @MainActor
    private static func startIfNeeded() -> Bool {
        if let notice = PresentationInspector.secondCopyNotice {
            if let line = secondCopy.text("PresentationInspectorTesting: nothing is recorded here. " + notice) { print(line) }
            return false
        }
        guard !PresentationInspector.isRunning else { return false }
        var configuration = InspectorConfiguration()
        configuration.opensOnShake = false
        configuration.registersWithFLEX = false
        configuration.allowsReleaseBuilds = true
        return PresentationInspector.start(configuration: configuration)
    }

    private static func fromInspector(after seq: Int) -> PresentationRecording {
        let events = PresentationInspector.events.filter { $0.seq > seq }
        return PresentationRecording(events: events, chains: chainsFromEvents(events))
    }
}
#endif
