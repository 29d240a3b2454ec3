@_spi(Package) import BenchKit
import Foundation
@_spi(Package) import PresentationInspectorCore
@_spi(Package) import PresentationSimulator

// Reliability 2: the kill test. A writer records events into a live log (Recorder.startLiveLog:
// one write(2) per line, no user-space buffer) until it is killed with SIGKILL. Every file left
// behind must import with LogReader, keeping every complete line and losing at most the last,
// partial one, which the reader must report.

/// `pistress livelog`: records present/dismiss pairs forever. Every `big-every`-th pair gives
/// the presented controller a title of `big-bytes` bytes, so that some lines are long enough
/// for a kill to land inside their write(2).
func runLiveLogWriter(_ o: Options) -> Never {
    guard let path = o.optionalString("output") else { fail("livelog needs --output FILE") }
    let pauseMicros = o.int("pause-us", 0)
    let bigEvery = o.int("big-every", 2)
    let bigBytes = o.int("big-bytes", 2 << 20)
    let recorder = Recorder(capacity: 1_000)
    let h = DeepHierarchy(depth: 5, recorder: recorder, configuration: HandlerConfiguration(leakCheckDelay: nil))
    do {
        try recorder.startLiveLog(path: path, header: LogHeader(app: ["name": "pistress", "mode": "kill-test"]))
    } catch {
        fail("\(error)", status: 73)
    }
    if let cut = o.optionalString("cut-at"), let bytes = UInt64(cut) {
        // The file-size limit cuts the write(2) that crosses it at exactly that byte, and the
        // next write kills the process with SIGXFSZ: a death in the middle of a line.
        var limit = rlimit(rlim_cur: rlim_t(bytes), rlim_max: rlim_t(bytes))
        #if os(Linux)
        let resource = Int32(RLIMIT_FSIZE.rawValue)
        #else
        let resource = RLIMIT_FSIZE
        #endif
        guard setrlimit(resource, &limit) == 0 else { fail("setrlimit: \(String(cString: strerror(errno)))", status: 71) }
    }
    print("ready"); fflush(nil)
    let bigTitle = String(repeating: "x", count: max(0, bigBytes))
    var pair = 0
    while true {
        pair += 1
        h.presented.title = bigEvery > 0 && pair % bigEvery == 0 ? bigTitle : "Detail \(pair)"
        h.simulation.present(h.presented, from: h.leaf, animated: false)
        h.simulation.dismiss(h.presented, animated: false)
        if pauseMicros > 0 { usleep(UInt32(pauseMicros)) }
    }
}

/// What a cut log holds, byte for byte and as LogReader saw it.
struct CutLogReport {
    var path: String
    var ok = false
    var problem: String?
    var bytes = 0
    var completeLines = 0
    var partialBytes = 0
    var events = 0
    var truncatedReported = false
    var partialImported = false

    func emit() {
        Measure.emit(["check": "cut-log", "file": path, "ok": ok, "bytes": bytes, "complete_lines": completeLines,
                      "partial_bytes": partialBytes, "events": events, "truncated_reported": truncatedReported,
                      "partial_line_parsed": partialImported, "problem": problem ?? ""])
    }
}

/// Checks one log that a kill may have cut. `allowEmpty` accepts a file killed before its header.
func checkCutLog(_ path: String, allowEmpty: Bool = false) -> CutLogReport {
    var r = CutLogReport(path: path)
    guard let data = FileManager.default.contents(atPath: path) else {
        r.problem = "missing"
        r.ok = allowEmpty
        return r
    }
    let bytes = [UInt8](data)
    r.bytes = bytes.count
    r.completeLines = bytes.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    r.partialBytes = bytes.count - ((bytes.lastIndex(of: 0x0A) ?? -1) + 1)
    let result: LogReadResult
    do {
        result = try LogReader.read(path: path)
    } catch {
        if case .empty = error, allowEmpty { r.ok = true; r.problem = "empty: killed before the header was written"; return r }
        if r.completeLines == 0, allowEmpty { r.ok = true; r.problem = "killed while writing the header: \(error)"; return r }
        r.problem = "does not import: \(error)"
        return r
    }
    r.events = result.events.count
    r.truncatedReported = result.truncatedLastLine
    let completeEvents = max(0, r.completeLines - 1)  // minus the header line
    r.partialImported = r.partialBytes > 0 && r.events == completeEvents + 1
    // Every complete line imported, in order, without gaps; at most the partial line lost.
    let seqs = result.events.map(\.seq)
    if seqs != Array(stride(from: 1, through: seqs.count, by: 1)) {
        r.problem = "sequence numbers are not 1…n: the log lost or reordered a complete line"
    } else if r.events != completeEvents && !r.partialImported {
        r.problem = "\(r.events) events imported but the file holds \(completeEvents) complete event lines"
    } else if r.partialBytes > 0 && !r.partialImported && !r.truncatedReported {
        r.problem = "the last line is partial (\(r.partialBytes) bytes) but the reader did not report it"
    } else if r.partialBytes == 0 && r.truncatedReported {
        r.problem = "a truncated line was reported in a file that ends with a newline"
    } else if result.issues.count > (r.truncatedReported ? 1 : 0) {
        r.problem = "unexpected issues: \(result.issues.map(\.description))"
    } else {
        r.ok = true
    }
    return r
}

/// `pistress checklog FILE...`
func runCheckLogs(_ paths: [String]) -> Bool {
    guard !paths.isEmpty else { fail("checklog needs files") }
    var allOK = true
    for p in paths {
        let r = checkCutLog(p)
        r.emit()
        allOK = allOK && r.ok
    }
    return allOK
}

/// `pistress killtest`: spawns the writer (and, optionally, the real InspectorDemo), waits a
/// random moment, kills it with SIGKILL and checks the log it left.
func runKillTest(_ o: Options) -> Bool {
    guard let writer = o.optionalString("writer") else { fail("killtest needs --writer PATH (pistress itself)") }
    let runs = o.int("runs", 50)
    let demo = o.optionalString("demo")
    let demoRuns = demo == nil ? 0 : o.int("demo-runs", 10)
    let cutRuns = o.int("cut-runs", 20)
    let dir = o.string("dir", NSTemporaryDirectory() + "pistress-kill-\(getpid())")
    try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    var generator = SystemRandomNumberGenerator()
    var failures = 0, partial = 0, partialParsed = 0, totalEvents = 0, maxDelay = 0
    var demoStates: [String: Int] = [:]

    var cutPartial = 0
    for i in 0..<(runs + demoRuns + cutRuns) {
        let isDemo = i >= runs && i < runs + demoRuns
        let isCut = i >= runs + demoRuns
        let path: String
        let process = Process()
        if isCut {
            path = "\(dir)/cut-\(i).jsonl"
            try? FileManager.default.removeItem(atPath: path)
            process.executableURL = URL(fileURLWithPath: writer)
            process.arguments = ["livelog", "--output", path, "--big-every", "0", "--cut-at", String(Int.random(in: 2_000...400_000, using: &generator))]
        } else if isDemo {
            let out = "\(dir)/demo-\(i)"
            try? FileManager.default.removeItem(atPath: out)
            path = "\(out)/events.jsonl"
            process.executableURL = URL(fileURLWithPath: demo!)
            process.arguments = ["--output", out, "--quiet", "--no-color"]
        } else {
            path = "\(dir)/writer-\(i).jsonl"
            try? FileManager.default.removeItem(atPath: path)
            process.executableURL = URL(fileURLWithPath: writer)
            process.arguments = ["livelog", "--output", path]
        }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { fail("cannot start \(process.executableURL!.path): \(error)", status: 70) }
        // The writer: wait until its log exists, then a random moment up to 400 ms. The demo runs
        // for a few tens of milliseconds in all: kill it anywhere in its first 60 ms.
        var stillRunning = true
        if isCut {
            // It dies by itself (SIGXFSZ) once the log reaches the limit; SIGKILL after 20 s.
            let deadline = Date().addingTimeInterval(20)
            while process.isRunning, Date() < deadline { usleep(2_000) }
            stillRunning = process.isRunning
            if stillRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        } else {
            if !isDemo {
                let deadline = Date().addingTimeInterval(10)
                while !FileManager.default.fileExists(atPath: path), Date() < deadline { usleep(1_000) }
            }
            let delay = isDemo ? Int.random(in: 0...60_000, using: &generator) : Int.random(in: 1_000...400_000, using: &generator)
            maxDelay = max(maxDelay, delay)
            usleep(UInt32(delay))
            stillRunning = process.isRunning
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        var r = checkCutLog(path, allowEmpty: isDemo)
        if isCut {
            if stillRunning || process.terminationReason != .uncaughtSignal || process.terminationStatus != SIGXFSZ {
                r.ok = false
                r.problem = "the size-limited writer did not die of SIGXFSZ (status \(process.terminationStatus))"
            }
            if r.partialBytes > 0 { cutPartial += 1 }
        }
        if isDemo {
            let state = !stillRunning ? "finished before the kill" : r.problem ?? (r.events > 0 ? "killed while recording" : "killed before the first event")
            demoStates[state, default: 0] += 1
        }
        if r.partialBytes > 0, !isCut { partial += 1 }
        if r.partialImported { partialParsed += 1 }
        totalEvents += r.events
        if !r.ok { failures += 1; r.emit() }
    }
    Measure.emit(["check": "kill-test", "writer_runs": runs, "demo_runs": demoRuns, "cut_runs": cutRuns, "failures": failures,
                  "partial_last_lines_sigkill": partial, "partial_last_lines_cut": cutPartial,
                  "partial_lines_that_parsed": partialParsed, "events_imported": totalEvents,
                  "demo_outcomes": demoStates.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: "; ")])
    if failures == 0 { try? FileManager.default.removeItem(atPath: dir) }
    return failures == 0
}
