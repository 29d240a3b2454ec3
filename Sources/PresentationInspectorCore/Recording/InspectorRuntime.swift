import Foundation

/// The process-wide state that out-of-band readers use: the debugger entry points, the
/// overlay, exports. Whatever drives recording (the UIKit hooks in an app, the simulator in
/// the demo) installs its recorder and a provider of the live window chains here.
@_spi(Package) public final class InspectorRuntime: @unchecked Sendable {
    /// The one instance.
    @_spi(Package) public static let shared = InspectorRuntime()

    private let lock = InspectorLock()
    private var _recorder: Recorder?
    private var _header = LogHeader()
    private var _chains: (@Sendable () -> [WindowChain])?

    private init() {}

    /// Installs the active recorder, the log header describing this process, and a
    /// provider of the live window chains (called on the thread that asks; the provider
    /// must be safe to call there, e.g. by hopping to the main thread).
    @_spi(Package) public func install(recorder: Recorder, header: LogHeader, windowChains: (@Sendable () -> [WindowChain])?) {
        lock.lock(); defer { lock.unlock() }
        _recorder = recorder
        _header = header
        _chains = windowChains
    }

    /// Removes everything installed.
    @_spi(Package) public func uninstall() {
        lock.lock(); defer { lock.unlock() }
        _recorder = nil
        _chains = nil
    }

    /// The active recorder, if recording was started.
    @_spi(Package) public var recorder: Recorder? {
        lock.lock(); defer { lock.unlock() }
        return _recorder
    }

    /// The header to write at the top of exported logs (with the current drop count).
    @_spi(Package) public var header: LogHeader {
        lock.lock()
        var h = _header
        let r = _recorder
        lock.unlock()
        h.dropped = r?.droppedCount ?? 0
        return h
    }

    /// The live window chains, or an empty list when no provider is installed.
    @_spi(Package) public func windowChains() -> [WindowChain] {
        lock.lock()
        let provider = _chains
        lock.unlock()
        return provider?() ?? []
    }
}
