import PresentationInspectorCore

/// Virtual time for simulations: nothing happens until ``advance(by:)`` moves the clock,
/// then timers run in time order (ties in scheduling order).
public final class VirtualClock: InspectorScheduler, @unchecked Sendable {
    private struct Timer { var time: Double; var order: Int; var work: () -> Void }

    /// Seconds since the simulation started.
    public private(set) var now: Double = 0
    private var timers: [Timer] = []
    private var nextOrder = 0

    public init() {}

    public func schedule(after seconds: Double, _ work: @escaping @Sendable () -> Void) {
        scheduleLocal(after: seconds, work)
    }

    /// Like ``schedule(after:_:)`` for work that stays on the simulation's thread.
    func scheduleLocal(after seconds: Double, _ work: @escaping () -> Void) {
        timers.append(Timer(time: now + max(0, seconds), order: nextOrder, work: work))
        nextOrder += 1
    }

    /// Whether any timer is pending.
    public var hasPendingWork: Bool { !timers.isEmpty }

    /// Drops every pending timer without running it.
    public func cancelAll() { timers.removeAll() }

    /// The time of the next pending timer.
    public var nextDeadline: Double? { timers.map(\.time).min() }

    /// Moves time forward by `seconds`, running every timer that falls due on the way.
    public func advance(by seconds: Double) {
        let end = now + max(0, seconds)
        while let i = nextIndex(dueBy: end) {
            let t = timers.remove(at: i)
            now = max(now, t.time)
            t.work()
        }
        now = end
    }

    private func nextIndex(dueBy end: Double) -> Int? {
        var best: Int?
        for (i, t) in timers.enumerated() where t.time <= end + 1e-9 {
            if let b = best, (timers[b].time, timers[b].order) <= (t.time, t.order) { continue }
            best = i
        }
        return best
    }
}
