import BenchKit
import Foundation
import PresentationInspectorCore

// Benchmark 2: memory per retained event, and memory once the ring is full.
//
// A recorder with capacity N is filled with N realistic events (the built-in scenarios run
// again and again: every kind of event and diagnostic). Heap in use (glibc mallinfo2) and RSS
// are read before the recorder exists and after it is full; the difference over N is the cost
// of one retained event, ring slot included. Then another `overfill` events are recorded into
// the full ring: heap and RSS must not grow.

func runMemoryBenchmark(_ o: Options) {
    let n = o.int("events", 100_000)
    let overfill = o.int("overfill", n)
    _ = EventMix.scenarios  // parse the scenarios before the first reading
    let warm = Recorder(capacity: 1_000)
    EventMix.runOnce(into: warm)  // warm up lazily allocated runtime state
    Measure.trimHeap()
    let heap0 = Measure.heapInUse(), rss0 = Measure.residentBytes()

    let recorder = Recorder(capacity: n)
    EventMix.record(atLeast: n, into: recorder)
    Measure.trimHeap()
    let heap1 = Measure.heapInUse(), rss1 = Measure.residentBytes()
    let full = recorder.snapshot()

    EventMix.record(atLeast: full.totalRecorded + overfill, into: recorder)
    Measure.trimHeap()
    let heap2 = Measure.heapInUse(), rss2 = Measure.residentBytes()
    let after = recorder.snapshot()
    precondition(after.events.count == n && after.droppedCount == after.totalRecorded - n, "ring accounting")

    Measure.emit([
        "bench": "memory", "events": n, "retained": full.events.count, "overfill": after.totalRecorded - full.totalRecorded,
        "event_stride_bytes": MemoryLayout<Event?>.stride,
        "heap_bytes_per_event": Double(heap1 - heap0) / Double(n), "rss_bytes_per_event": Double(rss1 - rss0) / Double(n),
        "heap_growth_when_full_bytes": heap2 - heap1, "rss_growth_when_full_bytes": rss2 - rss1,
        "heap_full_bytes": heap1 - heap0, "rss_full_bytes": rss1 - rss0,
    ])
    withExtendedLifetime(recorder) {}
}
