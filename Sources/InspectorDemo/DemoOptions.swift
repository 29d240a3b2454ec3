import Foundation
@_spi(Package) import PresentationInspectorCore
@_spi(Package) import PresentationSimulator

/// InspectorDemo's command line (kept dependency-free: the demo shows the core alone).
///
/// Every option that takes a value accepts both `--option value` and `--option=value`, and every
/// value is checked here, before the demo runs or writes anything.
struct DemoOptions: Equatable {
    /// Where the run's artefacts go (``defaultOutputDirectory`` or, in debugger mode,
    /// ``defaultDebuggerOutputDirectory`` unless `--output` names one; with `--scenario`, a folder
    /// inside it named after the scenarios, so a partial run never replaces the whole one).
    var outputDirectory = defaultOutputDirectory
    /// Whether `--output` was given.
    var outputGiven = false
    var scenarioKeys: [String] = []
    var writeScenariosDirectory: String?
    var capacity = Recorder.defaultCapacity
    var quiet = false
    var verbose = false
    var list = false
    var help = false
    var color = isatty(1) != 0 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
    /// Debugger mode (DebuggerMode.swift): stop at the breakpoint symbol after the run.
    var breakForDebugger = false
    /// Debugger mode: synthetic events recorded before the stop (large-log tests).
    var syntheticEvents = 0

    /// Where a run writes by default; the docs' commands read it.
    static let defaultOutputDirectory = "inspector-output"
    /// Where debugger mode writes by default: its recording differs from a plain run (a reopened
    /// chain, synthetic events), so it never replaces the one the docs' commands read.
    static let defaultDebuggerOutputDirectory = "inspector-output/debugger"

    /// The most synthetic events the debugger mode records.
    static let maximumSyntheticEvents = 10_000_000

    struct UsageError: Error, CustomStringConvertible, Equatable { var description: String }

    static let usage = """
    USAGE: InspectorDemo [options]

    Runs the built-in presentation scenarios through the simulator, prints a timeline of who
    presented what, from where, why, and what went wrong, and writes the recording.

    OPTIONS (a value may follow as the next argument or after =):
      --output DIR            Where to write events.jsonl and the other artefacts (default: inspector-output;
                              with --break-for-debugger: inspector-output/debugger; with --scenario, a folder
                              inside it named after the scenarios); files there are replaced, and the summary
                              says which
      --scenario KEY          Run only this scenario (repeatable; see --list), writing into
                              inspector-output/KEY (KEY+KEY… for several) unless --output is given
      --list                  List the built-in scenarios and exit
      --write-scenarios DIR   Only write the built-in scenarios as JSON files into DIR (inputs for
                              `pinspect simulate`); runs nothing and writes nothing else
      --capacity N            Ring-buffer capacity, 1 to \(Recorder.maximumCapacity) (default \(Recorder.defaultCapacity))
      --verbose               Print every explanation step
      --quiet                 Print only the summary: the counts and the files written
      --no-color              Plain output
      --break-for-debugger    Stop at a breakpoint symbol after the run (see docs/LLDB.md); writes into
                              inspector-output/debugger unless --output is given
      --debugger-synthetic-events N
                              With --break-for-debugger: first record N synthetic events,
                              0 to \(maximumSyntheticEvents) (large-log tests)
      -h, --help              Show this help

    EXAMPLE:
      swift run InspectorDemo --scenario camera-people-picker --verbose   # writes inspector-output/camera-people-picker
    """

    static func parse(_ args: [String]) throws(UsageError) -> DemoOptions {
        var o = DemoOptions()
        var i = 0
        while i < args.count {
            // `--name=value` or `--name value`.
            var name = args[i], inline: String?
            if name.hasPrefix("--"), let eq = name.firstIndex(of: "=") {
                inline = String(name[name.index(after: eq)...])
                name = String(name[..<eq])
            }
            func value() throws(UsageError) -> String {
                if let inline { return inline }
                i += 1
                guard i < args.count else { throw UsageError(description: "\(name) needs a value") }
                return args[i]
            }
            func count(_ range: ClosedRange<Int>) throws(UsageError) -> Int {
                let v = try value()
                guard let n = Int(v), range.contains(n) else {
                    throw UsageError(description: "\(name) needs a whole number from \(range.lowerBound) to \(range.upperBound), got \"\(v)\"")
                }
                return n
            }
            func flag() throws(UsageError) {
                if inline != nil { throw UsageError(description: "\(name) takes no value") }
            }
            switch name {
            case "--output": o.outputDirectory = try value(); o.outputGiven = true
            case "--scenario":
                let key = try value()
                guard BuiltInScenarios.named(key) != nil else {
                    throw UsageError(description: "unknown scenario \"\(key)\" (known: \(BuiltInScenarios.all.map(\.key).joined(separator: ", ")))")
                }
                o.scenarioKeys.append(key)
            case "--write-scenarios": o.writeScenariosDirectory = try value()
            case "--capacity": o.capacity = try count(1...Recorder.maximumCapacity)
            case "--debugger-synthetic-events": o.syntheticEvents = try count(0...maximumSyntheticEvents)
            case "--break-for-debugger": try flag(); o.breakForDebugger = true
            case "--quiet": try flag(); o.quiet = true
            case "--verbose": try flag(); o.verbose = true
            case "--no-color": try flag(); o.color = false
            case "--list": try flag(); o.list = true
            case "-h", "--help": try flag(); o.help = true
            default: throw UsageError(description: "unknown option \"\(args[i])\"")
            }
            i += 1
        }
        if o.syntheticEvents > 0 && !o.breakForDebugger {
            throw UsageError(description: "--debugger-synthetic-events needs --break-for-debugger")
        }
        if o.writeScenariosDirectory != nil {
            let runOptions = [("--output", o.outputGiven), ("--scenario", !o.scenarioKeys.isEmpty),
                              ("--break-for-debugger", o.breakForDebugger), ("--capacity", o.capacity != Recorder.defaultCapacity)]
            if let (name, _) = runOptions.first(where: { $0.1 }) {
                throw UsageError(description: "--write-scenarios only writes the scenario files and runs nothing; \(name) is for a run (run the demo separately)")
            }
        }
        if !o.outputGiven {
            if o.breakForDebugger { o.outputDirectory = defaultDebuggerOutputDirectory }
            // A run of some scenarios must not replace the whole demo's recording, which the docs read.
            if !o.scenarioKeys.isEmpty { o.outputDirectory += "/" + o.scenarioKeys.joined(separator: "+") }
        }
        return o
    }
}

/// Lets the single-threaded demo hand its simulation to the runtime's chain provider.
final class UncheckedBox<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
