import Foundation

/// A growable buffer of events that can hand its events over without copying them: moving an
/// `Event` is a memory copy, while copying one retains (and later releases) each of its strings
/// and arrays, a large share of reading a log. Used by one thread at a time.
final class EventBuffer {
    private var base: UnsafeMutablePointer<Event>
    private(set) var count = 0
    private var capacity: Int

    /// An empty buffer with room for `capacity` events.
    init(capacity: Int = 0) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
        adviseHugePages(base, count: self.capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    /// Appends `event`, moved in.
    @inline(__always)
    func append(_ event: consuming Event) {
        if count == capacity { grow() }
        (base + count).initialize(to: event)
        count += 1
    }

    /// Makes room for at least `total` events.
    func reserve(_ total: Int) {
        if total > capacity { grow(to: total) }
    }

    /// Appends the event `initialize` writes into the next slot (uninitialized memory that it
    /// must initialize unless it throws): no copy of the event at all.
    @inline(__always)
    func appendInPlace(_ initialize: (UnsafeMutablePointer<Event>) throws -> Void) rethrows {
        if count == capacity { grow() }
        try initialize(base + count)
        count += 1
    }

    private func grow(to total: Int? = nil) {
        capacity = total ?? capacity * 2
        let bigger = UnsafeMutablePointer<Event>.allocate(capacity: capacity)
        adviseHugePages(bigger, count: capacity)
        bigger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = bigger
    }

    /// Calls `body` with each event in order.
    func forEach(_ body: (Event) -> Void) {
        for k in 0..<count { body(base[k]) }
    }

    /// Moves every event to `destination` (uninitialized memory for ``count`` events); the
    /// buffer is then empty.
    func moveAll(to destination: UnsafeMutablePointer<Event>) {
        destination.moveInitialize(from: base, count: count)
        count = 0
    }

    /// Destroys the events, keeping the capacity.
    func removeAll() {
        base.deinitialize(count: count)
        count = 0
    }
}

/// Asks the kernel to back the 2 MiB-aligned middle of a large buffer about to be written with
/// huge pages. Event buffers are written once, in order, into fresh memory: here a first touch
/// costs a page fault per 4 KiB (24 MiB of them took 8-12 ms, as long as decoding 5,000 events;
/// with huge pages 2 ms). Only advice: where the kernel does not follow it nothing changes.
func adviseHugePages<T>(_ start: UnsafeMutablePointer<T>, count: Int) {
    let huge = 2 << 20
    let bytes = count * MemoryLayout<T>.stride
    guard bytes >= 2 * huge else { return }
    let from = (UInt(bitPattern: start) + UInt(huge - 1)) & ~UInt(huge - 1)
    let to = (UInt(bitPattern: start) + UInt(bytes)) & ~UInt(huge - 1)
    guard to > from, let p = UnsafeMutableRawPointer(bitPattern: from) else { return }
    #if os(Linux)
    _ = madvise(p, Int(to - from), MADV_HUGEPAGE)
    #endif
}
