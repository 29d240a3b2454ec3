@_spi(Package) import BenchKit
import Foundation
import Logging
@_spi(Package) import PresentationInspectorCore
@_spi(Package) import PresentationSimulator

// Benchmark 1: recording cost per present+dismiss pair through the hook handler.
//
// Three workloads run on the same simulated hierarchy, one present and one dismiss per pair
// (non-animated, so each pair makes four events: present, present-completed, dismiss,
// dismiss-completed):
//   simulator  the simulation alone: the handler lets every call through unrecorded
//              (`ignore` returns true), so this is what UIKit itself would cost;
//   inspector  the same calls resolved, explained and recorded by PresentationHooksHandler;
//   swiftlog   the simulation alone plus the same facts logged with swift-log's Logger and
//              metadata into an in-memory handler (one log call per event);
//   device     the device path (DevicePath.swift): the calls go through models of the iOS hooks
//              (call stack captured, adapter nodes that cost what UIKitNode costs, a real
//              InspectorSession with leak checks, observations and signposts on) to the simulation
//              as UIKit's own work; the call stack is unwound as Darwin's `backtrace()` unwinds it
//              (frame pointers);
//   device-glibc  the same with glibc's `backtrace()` (DWARF unwinding: what Linux pays, no device).
//   uikit-reads  the simulation alone plus only the reads of UIKit's own state that the device path
//              must make per present (the source's `view.window`; each ancestor's `parent` and
//              `title`), as the model prices them: the floor under the device row, which grows
//              with depth whatever the inspector does (callgrind only, `--once`).
// Recording cost = inspector − simulator; logging cost = swiftlog − simulator; device path = device − simulator.

/// The workload a `record` run measures.
enum RecordMode: String, CaseIterable {
    case simulator, inspector, swiftlog, device
    case deviceGlibc = "device-glibc"
    case uikitReads = "uikit-reads"

    /// The modes the wall-clock run interleaves (`uikit-reads` is counted with callgrind only).
    static let timed: [RecordMode] = [.simulator, .inspector, .swiftlog, .device, .deviceGlibc]
}

/// One present+dismiss workload, ready to run.
final class PairWorkload {
    let mode: RecordMode
    let hierarchy: DeepHierarchy
    let logger: Logger
    let store: InMemoryLogStore
    /// The device path's hooks (`device` mode only).
    let device: DevicePath?
    private var seq = 0
    private var presentCompletion: () -> Void = {}
    private var dismissCompletion: () -> Void = {}

    init(mode: RecordMode, depth: Int) {
        self.mode = mode
        var ignoreAll: (@Sendable (ControllerRef) -> Bool)?
        if mode != .inspector { ignoreAll = { _ in true } }
        // Leak checks are off: in the simulator they would pile up as virtual-clock timers.
        let configuration = HandlerConfiguration(leakCheckDelay: nil, ignore: ignoreAll)
        hierarchy = DeepHierarchy(depth: depth, recorder: Recorder(), configuration: configuration)
        let store = InMemoryLogStore(capacity: Recorder.defaultCapacity)
        self.store = store
        logger = Logger(label: "presentation", factory: { (_: String) -> any LogHandler in InMemoryLogHandler(store: store) })
        switch mode {
        case .device: device = DevicePath(simulation: hierarchy.simulation, unwinder: .framePointers)
        case .deviceGlibc: device = DevicePath(simulation: hierarchy.simulation, unwinder: .glibc)
        default: device = nil
        }
        if mode == .swiftlog {
            presentCompletion = { [unowned self] in self.logPresentCompleted() }
            dismissCompletion = { [unowned self] in self.logDismissCompleted() }
        }
    }

    /// Runs `pairs` present+dismiss pairs. Named for callgrind's `--toggle-collect`; it defines
    /// no closure of its own so that nothing inside it toggles collection again.
    @inline(never)
    func measuredPairs(_ pairs: Int) { runPairs(pairs) }

    /// The same pairs, outside callgrind's `--toggle-collect='*measuredPairs*'`: what runs once
    /// per process (generic metadata instantiated on first use, lazily created state) is not a
    /// cost per event, and counted in it made the figure depend on the number of pairs.
    /// (Not optimised: with the same body as `measuredPairs`, the two were merged into one.)
    @inline(never) @_optimize(none)
    func warmUpPairs(_ pairs: Int) { runPairs(pairs) }

    @inline(__always)
    private func runPairs(_ pairs: Int) {
        switch mode {
        case .simulator, .inspector:
            for _ in 0..<pairs { plainPair() }
        case .uikitReads:
            for _ in 0..<pairs { readingPair() }
        case .swiftlog:
            for _ in 0..<pairs { loggedPair() }
        case .device, .deviceGlibc:
            // An app calls `present` from deep in its stack (the run loop, event dispatch, its
            // own code): the capture walks `CapturedCallStack.maximumFrames`, not this tool's few.
            AppStack.run(depth: AppStack.framesBelowCapture) { for _ in 0..<pairs { devicePair() } }
        }
    }

    /// One pair through the device path; the leak checks the previous pair's dismissal scheduled
    /// run in the loop (after the present, so they find the controller in use again, as a
    /// controller that is reused or gone is found on a device).
    @inline(never)
    private func devicePair() {
        let h = hierarchy, d = device!
        d.present(h.presented, from: h.leaf)
        d.runScheduledWork()
        d.dismiss(h.presented)
    }

    @inline(never)
    private func plainPair() {
        let h = hierarchy
        h.simulation.present(h.presented, from: h.leaf, animated: false)
        h.simulation.dismiss(h.presented, animated: false)
    }

    /// A plain pair, plus what the device path reads of UIKit's own state for the present (the
    /// simulator's accessors, as `DeviceNode` reads them): the source's window, then each
    /// ancestor's parent and title. No snapshot, node or event: the part no inspector can save.
    @inline(never)
    private func readingPair() {
        let h = hierarchy
        var reads = h.leaf.isViewInWindow ? 1 : 0
        var c = h.leaf
        while let p = c.parentNode {
            if p.title != nil { reads &+= 1 }
            c = p
        }
        readSink &+= reads
        h.simulation.present(h.presented, from: h.leaf, animated: false)
        h.simulation.dismiss(h.presented, animated: false)
    }
    /// Where `readingPair` puts what it read, so that the reads are not optimised away.
    private(set) var readSink = 0

    @inline(never)
    private func loggedPair() {
        let h = hierarchy
        h.simulation.present(h.presented, from: h.leaf, animated: false, completion: presentCompletion)
        logPresent()
        h.simulation.dismiss(h.presented, animated: false, completion: dismissCompletion)
        logDismiss()
    }

    // MARK: The swift-log baseline: the facts our events hold, as metadata.

    private func ref(_ c: SimController?) -> Logger.MetadataValue {
        guard let c else { return "nil" }
        return .string(c.title.map { "\(c.type) \"\($0)\" (\(c.id))" } ?? "\(c.type) (\(c.id))")
    }

    private func chain() -> Logger.MetadataValue {
        .array(Hierarchy.chain(from: Hierarchy.ultimateRoot(of: hierarchy.leaf)).map { .string($0.id) })
    }

    private func common(_ kind: String, _ outcome: String) -> Logger.Metadata {
        seq += 1
        return [
            "seq": "\(seq)", "time": "\(hierarchy.simulation.clock.now)", "thread": "main", "kind": .string(kind),
            "outcome": .string(outcome), "animated": "false", "window": .string(Hierarchy.windowID(of: hierarchy.leaf) ?? "nil"),
        ]
    }

    @inline(never)
    func logPresent() {
        let h = hierarchy
        let presenting = h.presented.presentingNode
        var m = common("present", presenting == nil ? "rejected" : "presented")
        m["source"] = ref(h.leaf)
        m["presented"] = ref(h.presented)
        m["presenting"] = ref(presenting)
        m["contextProvider"] = ref(presenting)
        m["requestedStyle"] = .string(h.presented.modalPresentationStyle.name)
        m["effectiveStyle"] = .string(h.presented.effectiveStyle?.name ?? "nil")
        m["requestedTransition"] = .string(h.presented.modalTransitionStyle.name)
        m["effectiveTransition"] = .string(h.presented.modalTransitionStyle.name)
        m["chain"] = chain()
        logger.info("present", metadata: m)
    }

    @inline(never)
    func logPresentCompleted() {
        var m = common("present-completed", "completed")
        m["presented"] = ref(hierarchy.presented)
        m["presenting"] = ref(hierarchy.presented.presentingNode)
        m["chain"] = chain()
        logger.info("present-completed", metadata: m)
    }

    @inline(never)
    func logDismiss() {
        var m = common("dismiss", "dismissed")
        m["receiver"] = ref(hierarchy.presented)
        m["handledBy"] = ref(hierarchy.simulation.windows.first?.root)
        m["dismissed"] = .array([ref(hierarchy.presented)])
        m["forwarded"] = "true"
        m["chain"] = chain()
        logger.info("dismiss", metadata: m)
    }

    @inline(never)
    func logDismissCompleted() {
        var m = common("dismiss-completed", "completed")
        m["dismissed"] = .array([ref(hierarchy.presented)])
        m["chain"] = chain()
        logger.info("dismiss-completed", metadata: m)
    }

    /// Whether the last recorded present says what the simulation holds: presented, with the
    /// leaf's every ancestor (types, nearest first) as its ancestry, and no diagnostic. A fast
    /// path that recorded less would otherwise pass unnoticed (nil: the mode records nothing).
    /// (`record` prints it as `faithful`: yes, no or n/a.)
    var lastPresentIsFaithful: Bool? {
        let recorder: Recorder
        switch mode {
        case .inspector: recorder = hierarchy.simulation.recorder
        case .device, .deviceGlibc: recorder = device!.session.recorder
        case .simulator, .swiftlog, .uikitReads: return nil
        }
        guard let e = recorder.snapshot().events.last(where: { $0.kind == .present }) else { return false }
        let expected = Hierarchy.ancestry(of: hierarchy.leaf).map(\.type)
        return e.outcome == .presented && e.ancestry.map(\.type) == expected && e.diagnostics.isEmpty
    }

    /// Events recorded (inspector, device) or log entries written (swiftlog) so far.
    var recordedCount: Int {
        switch mode {
        case .inspector: hierarchy.simulation.recorder.snapshot().totalRecorded
        case .swiftlog: store.total
        case .device, .deviceGlibc: device!.session.recorder.snapshot().totalRecorded
        case .simulator, .uikitReads: 0
        }
    }
}

/// Frames an app's stack has below a hooked call.
enum AppStack {
    /// Enough that every capture fills `CapturedCallStack.maximumFrames` (32), as one made from
    /// an app's action handler does (UIApplicationMain, the run loop, event dispatch, the app).
    static let framesBelowCapture = CapturedCallStack.maximumFrames

    /// Runs `body` below `depth` more frames of this function.
    @inline(never)
    static func run(depth: Int, _ body: () -> Void) {
        if depth <= 0 { return body() }
        run(depth: depth - 1, body)
        frameKept &+= 1  // work after the call: it stays a call, not a jump
    }
    nonisolated(unsafe) private static var frameKept = 0
}

/// A bounded in-memory log, like the recorder's ring: the last `capacity` entries.
final class InMemoryLogStore: @unchecked Sendable {
    private let lock = NSLock()
    private var ring: [LogEvent?]
    private var next = 0
    private(set) var total = 0

    init(capacity: Int) { ring = Array(repeating: nil, count: capacity) }

    func append(_ e: LogEvent) {
        lock.lock()
        ring[next] = e
        next = (next + 1) % ring.count
        total += 1
        lock.unlock()
    }
}

/// A swift-log handler that keeps every entry (message and metadata) in an ``InMemoryLogStore``.
struct InMemoryLogHandler: LogHandler {
    let store: InMemoryLogStore
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .info

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var e = event
        if !metadata.isEmpty { e.metadata = metadata.merging(event.metadata ?? [:]) { $1 } }
        store.append(e)
    }
}

/// `pibench record`: per-pair nanoseconds (median over batches), the three modes interleaved
/// in rounds so that machine noise hits them alike; or, with `--once`, one run of one mode for
/// callgrind.
func runRecordBenchmark(_ o: Options) {
    let depth = o.int("depth", 5)
    let pairs = o.int("pairs", 500)
    if o.flag("once") {
        guard let mode = RecordMode(rawValue: o.string("mode", "inspector")) else { fail("--mode: \(RecordMode.allCases.map(\.rawValue).joined(separator: ", "))") }
        let w = PairWorkload(mode: mode, depth: depth)
        let warmUp = max(1, pairs / 10)
        w.warmUpPairs(warmUp)  // lazily initialised state, not counted by callgrind
        w.measuredPairs(pairs)
        Measure.emit(["bench": "record-once", "mode": mode.rawValue, "depth": depth, "measured_pairs": pairs,
                      "recorded": w.recordedCount, "pending_work": w.device?.scheduler.pendingCount ?? 0,
                      "captured_frames": w.device?.fewestCapturedFrames ?? 0, "faithful": w.lastPresentIsFaithful.map { $0 ? "yes" : "no" } ?? "n/a"])
        return
    }
    let batches = o.int("batches", 41)
    let workloads = RecordMode.timed.map { PairWorkload(mode: $0, depth: depth) }
    for w in workloads { w.device?.activate(); w.measuredPairs(pairs) }  // warm-up: fill rings, fault pages in
    var samples: [RecordMode: [Double]] = [:]
    for _ in 0..<batches {
        for w in workloads {
            w.device?.activate()  // the hooks' global state is this workload's (not timed)
            let t0 = Measure.nanoseconds()
            w.measuredPairs(pairs)
            let t1 = Measure.nanoseconds()
            samples[w.mode, default: []].append(Double(t1 - t0) / Double(pairs))
        }
    }
    for w in workloads {
        let s = samples[w.mode]!
        Measure.emit(["bench": "record", "mode": w.mode.rawValue, "depth": depth, "pairs_per_batch": pairs, "batches": batches,
                      "ns_per_pair_median": Measure.median(s), "ns_per_pair_p10": Measure.percentile(s, 10),
                      "ns_per_pair_p90": Measure.percentile(s, 90), "recorded": w.recordedCount,
                      "pending_work": w.device?.scheduler.pendingCount ?? 0,
                      "captured_frames": w.device?.fewestCapturedFrames ?? 0, "faithful": w.lastPresentIsFaithful.map { $0 ? "yes" : "no" } ?? "n/a"])
    }
}
