@_spi(Package) import BenchKit
import Foundation
@_spi(Package) import PresentationInspectorCore
@_spi(Package) import PresentationSimulator

// Reliability 4: the soak. N events through one recorder from several threads (each driving
// its own simulation, as windows on different run loops would), with three live subscribers
// and a live log, the ring far smaller than N. RSS is sampled as it runs and must stay flat
// once the ring is full; at the end every event is accounted for: delivered to each
// subscriber in sequence order, retained in the ring, or counted as dropped, and the exported
// log's header says how many were dropped.

/// A subscriber that checks the delivery order and counts what it saw.
final class CountingSubscriber: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    private var last = 0
    private var outOfOrder = 0
    private var recent: [Event] = []  // like an overlay: the last 256 events
    private var recentHead = 0

    func receive(_ e: Event) {
        lock.lock()
        count += 1
        if e.seq != last + 1 { outOfOrder += 1 }
        last = e.seq
        if recent.count < 256 { recent.append(e) } else { recent[recentHead] = e; recentHead = (recentHead + 1) % 256 }
        lock.unlock()
    }

    var figures: (count: Int, last: Int, outOfOrder: Int) {
        lock.lock(); defer { lock.unlock() }
        return (count, last, outOfOrder)
    }
}

/// RSS and heap readings taken while the soak runs.
final class MemorySamples: @unchecked Sendable {
    private let lock = NSLock()
    private var taken: [(events: Int, rss: Int, heap: Int)] = []

    init() { take(events: 0) }

    func take(events: Int) {
        let rss = Measure.residentBytes(), heap = Measure.heapInUse()
        lock.lock(); taken.append((events, rss, heap)); lock.unlock()
    }

    var samples: [(events: Int, rss: Int, heap: Int)] {
        lock.lock(); defer { lock.unlock() }
        return taken
    }
}

func runSoak(_ o: Options) -> Bool {
    let total = o.int("events", 1_000_000)
    let threads = max(1, o.int("threads", 4))
    let capacity = o.int("capacity", Recorder.defaultCapacity)
    let sampleEvery = max(1, total / 20)
    let logPath = o.string("live-log", "/dev/null")

    let recorder = Recorder(capacity: capacity)
    try! recorder.startLiveLog(path: logPath, header: LogHeader(app: ["name": "pistress", "mode": "soak"]))
    let subscribers = (0..<3).map { _ in CountingSubscriber() }
    let subscriptions = subscribers.map { s in recorder.subscribe { s.receive($0) } }

    // Each thread drives its own hierarchy; pairs make four events each.
    let perThread = (total + threads * 4 - 1) / (threads * 4)
    let memory = MemorySamples()
    let sampler = recorder.subscribe { e in
        if e.seq % sampleEvery == 0 { memory.take(events: e.seq) }
    }
    let t0 = Measure.nanoseconds()
    DispatchQueue.concurrentPerform(iterations: threads) { t in
        let h = DeepHierarchy(depth: 5 + t, recorder: recorder, configuration: HandlerConfiguration(leakCheckDelay: nil))
        for _ in 0..<perThread {
            h.simulation.present(h.presented, from: h.leaf, animated: false)
            h.simulation.dismiss(h.presented, animated: false)
        }
    }
    let seconds = Double(Measure.nanoseconds() - t0) / 1e9
    recorder.stopLiveLog()
    withExtendedLifetime(sampler) {}
    withExtendedLifetime(subscriptions) {}

    // Accounting.
    let snapshot = recorder.snapshot()
    var problems: [String] = []
    let recorded = snapshot.totalRecorded
    if recorded != threads * perThread * 4 { problems.append("recorded \(recorded) events, expected \(threads * perThread * 4)") }
    if snapshot.events.count != min(capacity, recorded) { problems.append("ring holds \(snapshot.events.count), expected \(min(capacity, recorded))") }
    if snapshot.droppedCount != recorded - snapshot.events.count { problems.append("dropped \(snapshot.droppedCount) ≠ recorded − retained") }
    if snapshot.events.map(\.seq) != Array(stride(from: snapshot.droppedCount + 1, through: recorded, by: 1)) {
        problems.append("retained events are not the last \(snapshot.events.count) sequence numbers")
    }
    for (i, s) in subscribers.enumerated() {
        let f = s.figures
        if f.count != recorded || f.last != recorded || f.outOfOrder != 0 {
            problems.append("subscriber \(i): saw \(f.count) events (last seq \(f.last), \(f.outOfOrder) out of order), expected \(recorded)")
        }
    }
    // The exported log names the drop, and a reader can tell what is missing.
    let exportPath = NSTemporaryDirectory() + "pistress-soak-\(getpid()).jsonl"
    var header = LogHeader(app: ["name": "pistress"])
    header.dropped = snapshot.droppedCount
    try! LogWriter.write(header: header, events: snapshot.events, to: exportPath)
    if let read = try? LogReader.read(path: exportPath) {
        if read.header.dropped + read.events.count != recorded || read.events.first?.seq != read.header.dropped + 1 {
            problems.append("exported log: header.dropped \(read.header.dropped) + \(read.events.count) events ≠ \(recorded)")
        }
    } else {
        problems.append("the exported log does not import")
    }
    try? FileManager.default.removeItem(atPath: exportPath)

    // Memory: flat once the ring is full. Compare the first sample taken after the ring filled
    // (and a warm-up of one more ring) with the last one.
    let taken = memory.samples
    let steady = taken.filter { $0.events >= 2 * capacity }
    let rssGrowth = (steady.last?.rss ?? 0) - (steady.first?.rss ?? 0)
    let heapGrowth = (steady.last?.heap ?? 0) - (steady.first?.heap ?? 0)
    let limit = o.int("max-growth-bytes", 8 << 20)
    if steady.count >= 2, rssGrowth > limit { problems.append("RSS grew by \(rssGrowth) bytes after the ring was full (limit \(limit))") }
    if steady.count >= 2, heapGrowth > limit { problems.append("heap grew by \(heapGrowth) bytes after the ring was full (limit \(limit))") }

    Measure.emit([
        "check": "soak", "events": recorded, "threads": threads, "capacity": capacity, "subscribers": subscribers.count + 1,
        "seconds": seconds, "events_per_s": Double(recorded) / seconds, "dropped": snapshot.droppedCount,
        "rss_first_mb": Double(steady.first?.rss ?? 0) / 1_048_576, "rss_last_mb": Double(steady.last?.rss ?? 0) / 1_048_576,
        "rss_growth_bytes": rssGrowth, "heap_growth_bytes": heapGrowth, "peak_rss_mb": Double(Measure.peakResidentBytes()) / 1_048_576,
        "rss_samples_mb": taken.map { String(format: "%.1f", Double($0.rss) / 1_048_576) }.joined(separator: " "),
        "ok": problems.isEmpty, "problems": problems.joined(separator: "; "),
    ])
    return problems.isEmpty
}
