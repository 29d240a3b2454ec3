import ArgumentParser
import Foundation
@_spi(Package) import PresentationInspectorCore
@_spi(Package) import PresentationSimulator

/// `pinspect simulate`: runs a scenario file and writes the log of the run.
struct Simulate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run a scenario file through the presentation simulator and write the JSONL event log.",
        discussion: """
        The scenario format is described in docs/SCENARIOS.md. Errors in the scenario
        name the file, the step and the key, and exit 65. An event log is not a
        scenario: pinspect scenario turns one into a scenario that replays it.

        EXAMPLES
          pinspect simulate scenario.json > events.jsonl
          pinspect simulate scenario.json --output events.jsonl
          pinspect simulate scenario.json | pinspect diagnose
        """)

    @Argument(help: ArgumentHelp("The scenario file (JSON); - reads standard input.", valueName: "scenario")) var scenario: String
    @OptionGroup var output: OutputOptions

    func run() throws {
        try output.refuseOverwriting(scenario)
        try refuseTerminalStandardInput(path: scenario, what: "scenario", example: "scenario.json")
        let name = scenario == "-" ? "<stdin>" : scenario
        let parsed: Scenario
        do {
            parsed = try Scenario.parse(BoundedInput.read(path: scenario, limit: Scenario.maximumFileSize), file: name)
        } catch let error as BoundedInput.Failure {
            report("\(name): \(error.message)")
            throw error == .notFound ? ExitStatus.missingFile : ExitStatus.badData
        } catch let error as ScenarioError {
            report(error.description)
            throw ExitStatus.badData
        }
        let simulation = Simulation()
        do {
            try simulation.run(parsed)
        } catch {
            report(error.description)
            throw ExitStatus.badData
        }
        let snapshot = simulation.recorder.snapshot()
        let header = LogHeader(app: ["name": parsed.name, "mode": "simulation"],
                               device: ["model": "simulated", "system": "PresentationSimulator",
                                        "idiom": parsed.environment.idiom.rawValue],
                               dropped: snapshot.droppedCount)
        try output.write(LogWriter.text(header: header, events: snapshot.events))
    }
}
