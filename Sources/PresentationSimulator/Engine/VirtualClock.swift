@_spi(Package) import PresentationInspectorCore

/// Virtual time for simulations: nothing happens until ``advance(by:)`` moves the clock,
/// then timers run in time order (ties in scheduling order).
///
/// Timers live in a binary min-heap ordered by (time, scheduling order), so a run with many
/// pending timers (a scenario of a million steps that never advances time leaves one leak check
/// per dismissal) stays O(n log n) rather than quadratic.
///
/// Not thread-safe: a clock belongs to one simulation and is used on its thread only (its
/// `Sendable` conformance, which `InspectorScheduler` requires, is unchecked for that reason).
public final class VirtualClock: InspectorScheduler, @unchecked Sendable {
    private struct Timer {
        var time: Double
        var order: Int
        var work: () -> Void
        func runsBefore(_ other: Timer) -> Bool { (time, order) < (other.time, other.order) }
    }

    /// Seconds since the simulation started.
    public private(set) var now: Double = 0
    private var heap: [Timer] = []
    private var nextOrder = 0

    public init() {}

    public func schedule(after seconds: Double, _ work: @escaping @Sendable () -> Void) {
        scheduleLocal(after: seconds, work)
    }

    /// Like ``schedule(after:_:)`` for work that stays on the simulation's thread.
    func scheduleLocal(after seconds: Double, _ work: @escaping () -> Void) {
        heap.append(Timer(time: now + max(0, seconds), order: nextOrder, work: work))
        nextOrder += 1
        siftUp(heap.count - 1)
    }

    /// Whether any timer is pending.
    public var hasPendingWork: Bool { !heap.isEmpty }

    /// Drops every pending timer without running it.
    public func cancelAll() { heap.removeAll() }

    /// The time of the next pending timer.
    public var nextDeadline: Double? { heap.first?.time }

    /// Moves time forward by `seconds`, running every timer that falls due on the way.
    public func advance(by seconds: Double) {
        let end = now + max(0, seconds)
        while let first = heap.first, first.time <= end + 1e-9 {
            let t = popFirst()
            now = max(now, t.time)
            t.work()
        }
        now = end
    }

    // MARK: Heap

    private func popFirst() -> Timer {
        let first = heap[0]
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            siftDown(0)
        }
        return first
    }

    private func siftUp(_ index: Int) {
        var i = index
        while i > 0 {
            let parent = (i - 1) / 2
            guard heap[i].runsBefore(heap[parent]) else { return }
            heap.swapAt(i, parent)
            i = parent
        }
    }

    private func siftDown(_ index: Int) {
        var i = index
        while true {
            let l = 2 * i + 1, r = l + 1
            var m = i
            if l < heap.count, heap[l].runsBefore(heap[m]) { m = l }
            if r < heap.count, heap[r].runsBefore(heap[m]) { m = r }
            if m == i { return }
            heap.swapAt(i, m)
            i = m
        }
    }
}
