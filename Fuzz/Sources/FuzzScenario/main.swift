// libFuzzer target: scenario files through Scenario.parse, then (when small) through the
// simulator and the hook handler.
//
// Properties (a violation is a crash, saved by libFuzzer):
// - nothing traps whatever the bytes; errors are ScenarioError values with a message;
// - a scenario that parses runs to the end or stops with a ScenarioError, never a trap;
// - every event it records survives a write/read round trip (Invariants).
// Built with -parse-as-library: this file holds declarations only, libFuzzer provides main.
import FuzzSupport
@_spi(Package) import PresentationInspectorCore
@_spi(Package) import PresentationSimulator

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScenario(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: start, count: count))
    let scenario: Scenario
    do {
        scenario = try Scenario.parse(bytes, file: "fuzz.json")
    } catch {
        Invariants.require(!error.message.isEmpty, "an empty error message")
        return 0
    }
    // Keep each execution short: big inputs are the hostile-input tests' job.
    guard scenario.controllers.count <= 64, scenario.steps.count <= 256 else { return 0 }
    let simulation = Simulation(recorder: Recorder(capacity: 4096))
    do {
        try simulation.run(scenario)
    } catch {
        Invariants.require(!error.message.isEmpty, "an empty error message")
    }
    let snapshot = simulation.recorder.snapshot()
    Invariants.require(snapshot.events.map(\.seq) == Array(stride(from: snapshot.droppedCount + 1, through: snapshot.totalRecorded, by: 1)),
                       "sequence numbers are not gapless")
    for event in snapshot.events { Invariants.checkRoundTrip(event) }
    return 0
}
