@_spi(Package) import BenchKit
import Foundation
@_spi(Package) import PresentationInspectorCore
@_spi(Package) import PresentationSimulator

// Benchmark 2: memory per retained event, and memory once the ring is full.
//
// A recorder with capacity N is filled with N realistic events (the built-in scenarios run
// again and again: every kind of event and diagnostic). Heap in use (glibc mallinfo2) and RSS
// are read before the recorder exists and after it is full; the difference over N is the cost
// of one retained event, ring slot included. Then another `overfill` events are recorded into
// the full ring: heap and RSS must not grow.

func runMemoryBenchmark(_ o: Options) {
    if o.optionalString("stack-depth") != nil { return runModalStackMemoryBenchmark(o) }
    let n = o.int("events", 100_000)
    let overfill = o.int("overfill", n)
    _ = EventMix.eventsPerRound  // parse the scenarios and run them once before the first reading
    let warm = Recorder(capacity: 1_000)
    EventMix.runOnce(into: warm)  // warm up lazily allocated runtime state
    Measure.trimHeap()
    let heap0 = Measure.heapInUse(), rss0 = Measure.residentBytes()

    let recorder = Recorder(capacity: n)
    EventMix.record(atLeast: n, into: recorder)
    // A full ring holds what its dropped events said (the carried facts: one entry per controller
    // the dropped events named). They arrive with the first drops, not with the events: once a
    // whole round of the mix has been replaced every controller of the mix is among them, and
    // they stay that size however many events follow. Read the full heap from there.
    EventMix.runOnce(into: recorder)
    Measure.trimHeap()
    let heap1 = Measure.heapInUse(), rss1 = Measure.residentBytes()
    // Counters only: a snapshot held here would keep the replaced events alive.
    let (retained, totalFull) = { () -> (Int, Int) in let s = recorder.snapshot(); return (s.events.count, s.totalRecorded) }()

    EventMix.record(atLeast: overfill, into: recorder)
    Measure.trimHeap()
    let heap2 = Measure.heapInUse(), rss2 = Measure.residentBytes()
    let after = recorder.snapshot()
    precondition(after.events.count == n && after.droppedCount == after.totalRecorded - n, "ring accounting")

    // Where the bytes go, estimated from the retained events' contents (Swift strings of more
    // than 15 UTF-8 bytes and arrays live on the heap with a 32-byte header).
    var explanationBytes = 0, refArrayBytes = 0, otherArrayBytes = 0
    for e in after.events {
        if !e.explanation.isEmpty { explanationBytes += 32 + 16 * e.explanation.count + e.explanation.reduce(0) { $0 + ($1.utf8.count > 15 ? 32 + $1.utf8.count : 0) } }
        for refs in [e.chain, e.ancestry, e.dismissed] where !refs.isEmpty { refArrayBytes += 32 + MemoryLayout<ControllerRef>.stride * refs.count }
        if !e.diagnostics.isEmpty { otherArrayBytes += 32 + e.diagnostics.reduce(0) { $0 + MemoryLayout<Diagnostic>.stride + 32 + $1.message.utf8.count } }
    }
    Measure.emit([
        "bench": "memory", "events": n,
        "est_explanation_bytes_per_event": Double(explanationBytes) / Double(n), "est_ref_array_bytes_per_event": Double(refArrayBytes) / Double(n),
        "est_diagnostic_bytes_per_event": Double(otherArrayBytes) / Double(n), "retained": retained, "overfill": after.totalRecorded - totalFull,
        "event_stride_bytes": MemoryLayout<Event?>.stride,
        "heap_bytes_per_event": Double(heap1 - heap0) / Double(n), "rss_bytes_per_event": Double(rss1 - rss0) / Double(n),
        "heap_growth_when_full_bytes": heap2 - heap1, "rss_growth_when_full_bytes": rss2 - rss1,
        "heap_full_bytes": heap1 - heap0, "rss_full_bytes": rss1 - rss0,
    ])
    withExtendedLifetime(recorder) {}
}

/// `pibench memory --stack-depth D --events N`: memory once a recorder of capacity N is full at a
/// modal stack D deep. A window's root presents a controller, which presents the next, D deep
/// (each present recorded); then a sheet is presented on top and dismissed again until N events
/// have been recorded, so every retained event was recorded with a chain of about D controllers.
/// The heap is read before the simulation exists and when the ring is full (its D controllers
/// are counted too: about 0.5 KB each). Leak checks are off (nothing to check: nothing is freed).
func runModalStackMemoryBenchmark(_ o: Options) {
    let depth = o.int("stack-depth", 1_000), n = o.int("events", Recorder.defaultCapacity)
    let warm = Recorder(capacity: 1_000)
    EventMix.runOnce(into: warm)
    Measure.trimHeap()
    let heap0 = Measure.heapInUse(), rss0 = Measure.residentBytes()

    let recorder = Recorder(capacity: n)
    let sim = Simulation(recorder: recorder, configuration: HandlerConfiguration(leakCheckDelay: nil))
    let root = SimController(id: "root", type: "RootViewController", title: "Root")
    try! sim.add(root)
    try! sim.addWindow(id: "main", root: root, isKey: true)
    var top = root
    for level in 0..<depth {
        let c = SimController(id: "modal\(level)", type: "ModalViewController", title: "Level \(level)")
        c.modalPresentationStyle = .fullScreen
        try! sim.add(c)
        sim.present(c, from: top, animated: false)
        top = c
    }
    let sheet = SimController(id: "sheet", type: "SheetViewController", title: "Sheet")
    try! sim.add(sheet)
    // Until event n is in (one event read back; a snapshot per round made the loop quadratic).
    while recorder.event(seq: n) == nil {
        sim.present(sheet, from: top, animated: false)
        sim.dismiss(sheet, animated: false)
    }
    Measure.trimHeap()
    let heap1 = Measure.heapInUse(), rss1 = Measure.residentBytes()
    let s = recorder.snapshot()
    let chain = s.events.last?.chain.count ?? 0
    Measure.emit(["bench": "memory-stack", "stack_depth": depth, "events": n, "retained": s.events.count, "last_chain": chain,
                  "heap_full_bytes": heap1 - heap0, "rss_full_bytes": rss1 - rss0,
                  "heap_bytes_per_event": Double(heap1 - heap0) / Double(max(1, s.events.count))])
    withExtendedLifetime((sim, recorder)) {}
}
