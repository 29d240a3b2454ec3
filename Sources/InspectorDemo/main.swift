import Foundation
@_spi(Package) import PresentationInspectorCore
@_spi(Package) import PresentationSimulator

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
// Ctrl-C or a kill while the demo runs removes the files it had not finished (exit 130, 143).
UnfinishedFiles.removeOnInterrupt()

if let dir = options.writeScenariosDirectory {
    // This mode writes the scenario files and nothing else.
    exit(writeScenarios(into: dir))
}

do {
    try fm.createDirectory(atPath: options.outputDirectory, withIntermediateDirectories: true)
} catch {
    FileHandle.standardError.write(Data("InspectorDemo: cannot create \(options.outputDirectory): \(error.localizedDescription)\n".utf8))
    exit(73)
}

let selected = options.scenarioKeys.isEmpty ? BuiltInScenarios.all : options.scenarioKeys.compactMap(BuiltInScenarios.named)
let recorder = Recorder(capacity: options.capacity)
let simulation = Simulation(recorder: recorder)
let header = LogHeader(app: ["name": "InspectorDemo", "mode": "simulation"],
                       device: ["model": "simulated", "system": "PresentationSimulator"])
let logPath = (options.outputDirectory as NSString).appendingPathComponent("events.jsonl")
// The live log grows under a temporary name and replaces events.jsonl only when the run is
// complete: a failed or interrupted run leaves the previous log whole.
let liveLogPath = (options.outputDirectory as NSString).appendingPathComponent(".events.jsonl.\(getpid()).partial")
let artifactNames = ["events.jsonl"] + extraArtifactNames
let replaced = Set(artifactNames.filter { fm.fileExists(atPath: (options.outputDirectory as NSString).appendingPathComponent($0)) })
UnfinishedFiles.register(liveLogPath)
do {
    try recorder.startLiveLog(path: liveLogPath, header: header)
} catch {
    FileHandle.standardError.write(Data("InspectorDemo: \(error)\n".utf8))
    UnfinishedFiles.remove(liveLogPath)
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
        UnfinishedFiles.remove(liveLogPath)
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
recorder.stopLiveLog()
let renameError = UnfinishedFiles.finish(liveLogPath) { rename(liveLogPath, logPath) == 0 ? 0 : errno }
if renameError != 0 {
    FileHandle.standardError.write(Data("InspectorDemo: cannot write \(logPath): \(String(cString: strerror(renameError)))\n".utf8))
    UnfinishedFiles.remove(liveLogPath)
    exit(73)
}
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
printer.printSummary(snapshot: snapshot, files: written.map { path in
    replaced.contains((path as NSString).lastPathComponent) ? "replaced \(path) (the previous run's)" : "wrote \(path)"
})
stopForDebuggerIfRequested(options)
