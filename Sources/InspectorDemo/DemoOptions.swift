import Foundation
import PresentationSimulator

/// InspectorDemo's command line (kept dependency-free: the demo shows the core alone).
struct DemoOptions {
    var outputDirectory = "inspector-output"
    var scenarioKeys: [String] = []
    var writeScenariosDirectory: String?
    var capacity = 0
    var quiet = false
    var verbose = false
    var list = false
    var help = false
    var color = isatty(1) != 0 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil

    struct UsageError: Error, CustomStringConvertible { var description: String }

    static let usage = """
    USAGE: InspectorDemo [options]

    Runs the built-in presentation scenarios through the simulator, prints a timeline of who
    presented what, from where, why, and what went wrong, and writes the recording.

    OPTIONS:
      --output DIR            Where to write events.jsonl and the other artefacts (default: inspector-output)
      --scenario KEY          Run only this scenario (repeatable); see --list
      --list                  List the built-in scenarios and exit
      --write-scenarios DIR   Also write the built-in scenarios as JSON files (inputs for `pinspect simulate`)
      --capacity N            Ring-buffer capacity (default 10000)
      --verbose               Print every explanation step
      --quiet                 Print only the summary
      --no-color              Plain output
      --break-for-debugger    Stop at a breakpoint symbol after the run (see docs/LLDB.md)
      --debugger-synthetic-events=N
                              Record N synthetic events before the debugger stop (large-log tests)
      -h, --help              Show this help

    EXAMPLE:
      swift run InspectorDemo --scenario camera-people-picker --verbose
    """

    static func parse(_ args: [String]) throws -> DemoOptions {
        var o = DemoOptions()
        var i = 0
        func value(_ flag: String) throws -> String {
            i += 1
            guard i < args.count else { throw UsageError(description: "\(flag) needs a value") }
            return args[i]
        }
        while i < args.count {
            let a = args[i]
            switch a {
            case "--output": o.outputDirectory = try value(a)
            case "--scenario":
                let key = try value(a)
                guard BuiltInScenarios.named(key) != nil else {
                    throw UsageError(description: "unknown scenario \"\(key)\" (known: \(BuiltInScenarios.all.map(\.key).joined(separator: ", ")))")
                }
                o.scenarioKeys.append(key)
            case "--write-scenarios": o.writeScenariosDirectory = try value(a)
            case "--capacity":
                let v = try value(a)
                guard let n = Int(v), n > 0 else { throw UsageError(description: "--capacity needs a positive integer, got \"\(v)\"") }
                o.capacity = n
            case "--quiet": o.quiet = true
            case "--verbose": o.verbose = true
            case "--no-color": o.color = false
            case "--list": o.list = true
            case "-h", "--help": o.help = true
            default:
                // Debugger-mode flags (`--break-for-debugger`, `--debugger-…=VALUE`) are read by DebuggerMode.swift.
                if a.hasPrefix("--break-for-debugger") || a.hasPrefix("--debugger-") { break }
                throw UsageError(description: "unknown option \"\(a)\"")
            }
            i += 1
        }
        return o
    }
}

/// Lets the single-threaded demo hand its simulation to the runtime's chain provider.
final class UncheckedBox<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
