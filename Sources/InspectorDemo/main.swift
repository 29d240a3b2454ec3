import Foundation
import PresentationInspectorCore
import PresentationSimulator

// InspectorDemo: runs the built-in scenarios through the simulator — the same hook handler
// the UIKit swizzles call — prints a readable timeline, and writes the recording.

let options: DemoOptions
do {
    options = try DemoOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("InspectorDemo: \(error)\nRun InspectorDemo --help for usage.\n".utf8))
    exit(64)
}
if options.help { print(DemoOptions.usage); exit(0) }
if options.list {
    for s in BuiltInScenarios.all { print("\(s.key)\n    \(s.summary)") }
    exit(0)
}

let fm = FileManager.default
do {
    try fm.createDirectory(atPath: options.outputDirectory, withIntermediateDirectories: true)
} catch {
    FileHandle.standardError.write(Data("InspectorDemo: cannot create \(options.outputDirectory): \(error.localizedDescription)\n".utf8))
    exit(73)
}

if let dir = options.writeScenariosDirectory {
    do {
        try fm.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for s in BuiltInScenarios.all {
            let path = (dir as NSString).appendingPathComponent("\(s.key).json")
            try (s.json + "\n").write(toFile: path, atomically: true, encoding: .utf8)
            print("wrote \(path)")
        }
    } catch {
        FileHandle.standardError.write(Data("InspectorDemo: cannot write scenarios: \(error.localizedDescription)\n".utf8))
        exit(73)
    }
}

let selected = options.scenarioKeys.isEmpty ? BuiltInScenarios.all : options.scenarioKeys.compactMap(BuiltInScenarios.named)
let recorder = Recorder(capacity: options.capacity)
let simulation = Simulation(recorder: recorder)
let header = LogHeader(app: ["name": "InspectorDemo", "mode": "simulation"],
                       device: ["model": "simulated", "system": "PresentationSimulator"])
let logPath = (options.outputDirectory as NSString).appendingPathComponent("events.jsonl")
do {
    try recorder.startLiveLog(path: logPath, header: header)
} catch {
    FileHandle.standardError.write(Data("InspectorDemo: \(error)\n".utf8))
    exit(73)
}
let chains = UncheckedBox(simulation)
InspectorRuntime.shared.install(recorder: recorder, header: header, windowChains: { chains.value.windowChains() })

let printer = TimelinePrinter(verbose: options.verbose, color: options.color)
var consoleCursor = 0
for builtIn in selected {
    let before = recorder.snapshot().totalRecorded
    let scenario: Scenario
    do {
        scenario = try builtIn.scenario()
        try simulation.run(scenario)
    } catch {
        FileHandle.standardError.write(Data("InspectorDemo: \(error)\n".utf8))
        exit(70)
    }
    if !options.quiet {
        let events = recorder.events.filter { $0.seq > before }
        let console = simulation.console[consoleCursor...]
        printer.print(scenario: scenario, builtIn: builtIn, events: events, console: Array(console))
    }
    consoleCursor = simulation.console.count
}

prepareDebuggerMode(options, recorder: recorder)
let snapshot = recorder.snapshot()
var written = [logPath]
do {
    // The ring keeps the latest `--capacity` events; events.jsonl (written live) holds them all.
    // The artefacts say how many the ring dropped before their first event.
    var ringHeader = header
    ringHeader.dropped = snapshot.droppedCount
    written += try writeExtraArtifacts(header: ringHeader, events: snapshot.events, directory: options.outputDirectory)
} catch {
    FileHandle.standardError.write(Data("InspectorDemo: cannot write artefacts: \(error)\n".utf8))
    exit(73)
}
printer.printSummary(snapshot: snapshot, files: written)
stopForDebuggerIfRequested(options)
recorder.stopLiveLog()
