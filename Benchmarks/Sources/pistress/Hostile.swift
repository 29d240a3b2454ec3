@_spi(Package) import BenchKit
import Foundation
@_spi(Package) import PresentationInspectorCore
@_spi(Package) import PresentationSimulator

// Reliability 5: hostile input at full size. Scenario files and logs built to hurt: deep
// nesting, cycles, huge counts, duplicate ids, giant lines. Each case must end with the
// expected answer (a clear error naming the place, or a clean result), and its time and peak
// memory are reported; memory must stay within the case's bound. Smaller versions of the same
// cases run in every `swift test` (Tests/ReliabilityTests).

/// What a hostile case must produce.
enum Expectation {
    /// An error whose description contains every fragment.
    case error([String])
    /// No error.
    case success
}

/// One hostile input: generated into a file, then read in a child process of its own so that
/// its peak memory is measured alone.
struct HostileCase {
    enum Kind: String { case scenario, scenarioRun = "scenario-run", log, logRender = "log-render" }
    var name: String
    var kind: Kind
    var memoryLimitMB: Int
    var expectation: Expectation
    var text: () -> String
}

func scenarioCase(_ name: String, memoryMB: Int, _ expectation: Expectation, run: Bool = false, json: @escaping () -> String) -> HostileCase {
    HostileCase(name: name, kind: run ? .scenarioRun : .scenario, memoryLimitMB: memoryMB, expectation: expectation, text: json)
}

func logCase(_ name: String, memoryMB: Int, _ expectation: Expectation, render: Bool = false, lines: @escaping () -> [String]) -> HostileCase {
    HostileCase(name: name, kind: render ? .logRender : .log, memoryLimitMB: memoryMB, expectation: expectation) {
        lines().joined(separator: "\n") + "\n"
    }
}

/// `pistress hostile-child --kind K --file F`: reads one hostile file and prints what happened.
func runHostileChild(_ o: Options) -> Never {
    guard let kind = HostileCase.Kind(rawValue: o.string("kind", "")), let path = o.optionalString("file") else {
        fail("hostile-child needs --kind and --file")
    }
    let base = Measure.residentBytes()
    let t0 = Measure.nanoseconds()
    var error: String?
    var note = ""
    switch kind {
    case .scenario, .scenarioRun:
        do {
            let s = try Scenario.load(path: path)
            note = "\(s.controllers.count) controllers, \(s.steps.count) steps parsed"
            if kind == .scenarioRun {
                let sim = Simulation(recorder: Recorder(capacity: 10_000))
                try sim.run(s)
                note = "\(s.steps.count) steps run, \(sim.recorder.snapshot().totalRecorded) events"
            }
        } catch let e {
            error = e.description
        }
    case .log, .logRender:
        do {
            var count = 0
            var events: [Event] = []
            let (_, issues) = try LogReader.stream(path: path) { e in
                count += 1
                if kind == .logRender { events.append(e) }
            }
            note = "\(count) events, \(issues.count) issues" + (issues.first.map { " (\($0.description.prefix(120)))" } ?? "")
            if kind == .logRender {
                for format in ExportFormat.allCases {
                    note += "; \(format.rawValue) \(Exporter.render(format, header: LogHeader(), events: events).utf8.count) B"
                }
            }
        } catch let e {
            error = e.description
        }
    }
    let seconds = Double(Measure.nanoseconds() - t0) / 1e9
    Measure.emit(["seconds": seconds, "peak_mb": Double(Measure.peakResidentBytes() - base) / 1_048_576,
                  "error": error ?? "", "failed": error != nil, "note": note])
    exit(0)
}

let headerLine = EventCoding.encode(LogHeader(app: ["name": "hostile"]))

func eventLine(seq: Int, kind: String = "present", extra: String = "") -> String {
    #"{"seq":\#(seq),"time":\#(seq),"thread":"main","kind":"\#(kind)","outcome":"presented","animated":false\#(extra),"diagnostics":[],"chain":[{"id":"root","type":"Root"}]}"#
}

func controllers(_ n: Int, children: (Int) -> String? = { _ in nil }) -> String {
    var parts: [String] = []
    parts.reserveCapacity(n)
    for i in 0..<n {
        if let c = children(i) {
            parts.append(#"{"id":"c\#(i)","type":"ContainerViewController","container":"plain","children":[\#(c)]}"#)
        } else {
            parts.append(#"{"id":"c\#(i)","type":"ViewController"}"#)
        }
    }
    return "[" + parts.joined(separator: ",\n") + "]"
}

func hostileCases(scale: Int) -> [HostileCase] {
    let big = 100_000 * scale / 10  // 100k controllers at scale 10 (the default)
    let steps = 1_000_000 * scale / 10
    let window = #"[{"id":"w","root":"c0"}]"#
    return [
        scenarioCase("scenario-deep-json", memoryMB: 64, .error(["nesting deeper than 256 levels"])) {
            "{\"name\":" + String(repeating: "[", count: 1_000_000) + String(repeating: "]", count: 1_000_000) + "}"
        },
        scenarioCase("scenario-own-child", memoryMB: 64, .error(["controllers[0]", "c0 cannot be its own child"])) {
            #"{"controllers":[{"id":"c0","type":"T","container":"plain","children":["c0"]}],"windows":[]}"#
        },
        scenarioCase("scenario-two-parents", memoryMB: 64, .error(["controllers[1]", "\"c2\" is already a child of \"c0\""])) {
            #"{"controllers":\#(controllers(3) { $0 < 2 ? "\"c2\"" : nil }),"windows":[]}"#
        },
        scenarioCase("scenario-cycle-\(big)", memoryMB: 512, .error(["cycle through", "cannot be its own ancestor"])) {
            #"{"controllers":\#(controllers(big) { "\"c\(($0 + 1) % big)\"" }),"windows":[]}"#
        },
        scenarioCase("scenario-deep-containment-\(big)", memoryMB: 512, .error(["deeper than"])) {
            #"{"controllers":\#(controllers(big) { $0 < big - 1 ? "\"c\($0 + 1)\"" : nil }),"windows":\#(window)}"#
        },
        scenarioCase("scenario-duplicate-ids-\(big)", memoryMB: 512, .error(["controllers[1]", "duplicate controller id \"c0\""])) {
            #"{"controllers":["# + Array(repeating: #"{"id":"c0","type":"T"}"#, count: big).joined(separator: ",") + #"],"windows":[]}"#
        },
        scenarioCase("scenario-duplicate-key", memoryMB: 64, .error(["controllers[0]", "key \"id\"", "appears twice"])) {
            #"{"controllers":[{"id":"a","id":"b","type":"T"}],"windows":[]}"#
        },
        scenarioCase("scenario-flat-\(big)-controllers", memoryMB: 512, .success, run: true) {
            #"{"controllers":\#(controllers(big) { $0 == 0 ? "\"c1\"" : nil }),"windows":\#(window),"steps":[{"present":"c2","from":"c1","animated":false},{"dismiss":"c2","animated":false}]}"#
        },
        scenarioCase("scenario-\(steps)-steps", memoryMB: 1024, .success) {
            let pair = #"{"present":"c2","from":"c1","animated":false},{"dismiss":"c2","animated":false}"#
            return #"{"controllers":\#(controllers(3) { $0 == 0 ? "\"c1\"" : nil }),"windows":\#(window),"steps":["#
                + Array(repeating: pair, count: steps / 2).joined(separator: ",") + "]}"
        },
        scenarioCase("scenario-\(steps / 10)-steps-run", memoryMB: 512, .success, run: true) {
            let pair = #"{"present":"c2","from":"c1","animated":false},{"dismiss":"c2","animated":false}"#
            return #"{"controllers":\#(controllers(3) { $0 == 0 ? "\"c1\"" : nil }),"windows":\#(window),"steps":["#
                + Array(repeating: pair, count: steps / 20).joined(separator: ",") + "]}"
        },
        logCase("log-deep-json-line", memoryMB: 64, .success, lines: {
            [headerLine, eventLine(seq: 1), #"{"seq":2,"x":"# + String(repeating: "[", count: 1_000_000) + "}", eventLine(seq: 3)]
        }),
        logCase("log-100MB-line", memoryMB: 96, .success, lines: {
            [headerLine, eventLine(seq: 1), eventLine(seq: 2, extra: #","title":""# + String(repeating: "x", count: 100 << 20) + "\""), eventLine(seq: 3)]
        }),
        logCase("log-chain-200k", memoryMB: 512, .success, lines: {
            let chain = (0..<200_000).map { #"{"id":"c\#($0)","type":"ViewController"}"# }.joined(separator: ",")
            return [headerLine, eventLine(seq: 1, extra: #","window":"w""#).replacingOccurrences(of: #""chain":[{"id":"root","type":"Root"}]"#, with: "\"chain\":[\(chain)]")]
        }),
        logCase("log-\(steps / 10)-garbage-lines", memoryMB: 512, .success, lines: {
            [headerLine] + Array(repeating: "not json at all", count: steps / 10)
        }),
        logCase("log-duplicate-and-cyclic", memoryMB: 256, .success, render: true, lines: {
            var lines = [headerLine]
            for i in 0..<2_000 {
                // Every seq twice, relatesTo pointing at itself, a chain naming one controller twice.
                let e = #"{"seq":\#(i / 2),"time":\#(i % 7),"kind":"present-completed","outcome":"completed","relatesTo":\#(i / 2),"presented":{"id":"a","type":"A"},"presenting":{"id":"a","type":"A"},"diagnostics":[],"chain":[{"id":"a","type":"A"},{"id":"b","type":"B"},{"id":"a","type":"A"}]}"#
                lines.append(e)
            }
            return lines
        }),
    ]
}

func runHostile(_ o: Options) -> Bool {
    let scale = max(1, o.int("scale", 10))
    let only = o.optionalString("case")
    let dir = NSTemporaryDirectory() + "pistress-hostile-\(getpid())"
    try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    var allOK = true
    for c in hostileCases(scale: scale) where only == nil || c.name.contains(only!) {
        let path = "\(dir)/\(c.name).\(c.kind == .log || c.kind == .logRender ? "jsonl" : "json")"
        let text = c.text()
        guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else { fail("cannot write \(path)", status: 73) }
        let child = Process()
        child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        child.arguments = ["hostile-child", "--kind", c.kind.rawValue, "--file", path]
        let pipe = Pipe()
        child.standardOutput = pipe
        do { try child.run() } catch { fail("cannot start \(CommandLine.arguments[0]): \(error)", status: 70) }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        child.waitUntilExit()
        try? FileManager.default.removeItem(atPath: path)
        let answer = (try? JSONParser.parse(output.trimmingCharacters(in: .whitespacesAndNewlines)))?.objectValue
        var problem = ""
        let failed = answer?["failed"]?.boolValue
        let error = answer?["error"]?.stringValue ?? ""
        let note = answer?["note"]?.stringValue ?? ""
        let peak = answer?["peak_mb"]?.numberValue ?? .nan
        switch (c.expectation, failed) {
        case (_, nil): problem = "the child process ended with status \(child.terminationStatus) (\(child.terminationReason == .uncaughtSignal ? "signal" : "exit")) and no answer"
        case (.error(let fragments), true?):
            let missing = fragments.filter { !error.contains($0) }
            if !missing.isEmpty { problem = "error lacks \(missing): \(error)" }
        case (.error, false?): problem = "expected an error, got success (\(note))"
        case (.success, true?): problem = "unexpected error: \(error)"
        case (.success, false?): break
        }
        if peak > Double(c.memoryLimitMB) { problem += (problem.isEmpty ? "" : "; ") + "peak memory \(Int(peak)) MB over \(c.memoryLimitMB) MB" }
        allOK = allOK && problem.isEmpty
        Measure.emit(["check": "hostile", "case": c.name, "input_bytes": text.utf8.count, "seconds": answer?["seconds"]?.numberValue ?? .nan,
                      "peak_extra_rss_mb": peak, "limit_mb": c.memoryLimitMB, "ok": problem.isEmpty,
                      "answer": String((error.isEmpty ? note : error).prefix(300)), "problem": problem])
    }
    return allOK
}
