import Foundation

/// Every window's presentation chain as the debugger entry points and the overlay read them,
/// refreshed after events without walking the windows inside each event.
///
/// Reading UIKit is allowed on the main thread only, and a debugger may read the chains from
/// another thread while the main thread is paused, so a copy is kept for such readers, made
/// outside the recording of events:
/// - ``markStale()`` (called for each recorded event) only sets a flag and, if none is pending
///   yet, schedules one refresh on the main thread: a burst of events costs one refresh, run
///   after the hooked calls have returned;
/// - ``current()`` on the main thread computes the chains fresh, and elsewhere
///   answers with the copy made by the last refresh (the chains as of the main thread's last turn).
///
/// `compute` is called on the main thread only (as `isMainThread` tells): by ``current()``,
/// ``refreshNow()`` and the scheduled refresh.
@_spi(Package) public final class DeferredWindowChains: @unchecked Sendable {
    private struct State {
        var chains: [WindowChain] = []
        var isStale = true
        var refreshIsScheduled = false
    }
    private let state = Locked(State())
    private let compute: @Sendable () -> [WindowChain]
    private let isMainThread: @Sendable () -> Bool
    private let scheduleOnMain: @Sendable (@escaping @Sendable () -> Void) -> Void

    /// Creates the cache; nothing is computed until the first refresh or read.
    /// - Parameters:
    ///   - compute: every window's chain; called on the main thread only.
    ///   - isMainThread: whether the caller runs on the main thread (UIKit: `Thread.isMainThread`).
    ///   - scheduleOnMain: runs work on the main thread later (UIKit: `DispatchQueue.main.async`).
    @_spi(Package) public init(compute: @escaping @Sendable () -> [WindowChain],
                isMainThread: @escaping @Sendable () -> Bool = { Thread.isMainThread },
                scheduleOnMain: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void) {
        self.compute = compute
        self.isMainThread = isMainThread
        self.scheduleOnMain = scheduleOnMain
    }

    /// The chains may have changed (an event was recorded): schedules one refresh on the main
    /// thread unless one is pending already. Computes nothing itself.
    @_spi(Package) public func markStale() {
        let schedule = state.withLock { s in
            s.isStale = true
            defer { s.refreshIsScheduled = true }
            return !s.refreshIsScheduled
        }
        // Held strongly until the refresh runs (a turn of the main queue).
        if schedule { scheduleOnMain { [self] in scheduledRefresh() } }
    }

    /// Whether something changed since the copy for other threads was made.
    @_spi(Package) public var isStaleForOtherThreads: Bool {
        state.withLock { $0.isStale }
    }

    /// Computes the chains and keeps them for readers on other threads; call on the main thread.
    @discardableResult
    @_spi(Package) public func refreshNow() -> [WindowChain] {
        // Cleared before computing: a change made meanwhile marks the copy stale again.
        state.withLock { $0.isStale = false }
        let fresh = compute()
        state.withLock { $0.chains = fresh }
        return fresh
    }

    /// Fresh chains on the main thread; elsewhere the copy made by the last refresh.
    @_spi(Package) public func current() -> [WindowChain] {
        if isMainThread() { return refreshNow() }
        return state.withLock { $0.chains }
    }

    private func scheduledRefresh() {
        let stale = state.withLock { s in
            s.refreshIsScheduled = false
            return s.isStale
        }
        if stale { refreshNow() }
    }
}
