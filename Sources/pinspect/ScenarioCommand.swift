import ArgumentParser
@_spi(Package) import PresentationInspectorCore
@_spi(Package) import PresentationSimulator

/// `pinspect scenario`: a recording becomes a scenario that replays it.
struct ScenarioCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scenario",
        abstract: "Build a scenario that replays a log in the simulator (present, dismiss, swipes, container changes, timing).",
        discussion: """
        Controllers are declared with the facts the log kept about them (container,
        children, selection, presentation properties, window); calls are replayed in
        order at their times; a device event's observations become the step's
        "observed" answers. Where the log lacks a fact, the controller's "comment"
        says so and the documented default stands. A log that starts mid-session
        (its ring dropped the first events) replays too: steps before a
        "startRecording" step rebuild what its first events show. A log that cannot
        be replayed exits 65 naming the event and the missing fact.
        docs/SCENARIOS.md describes the format.

        EXAMPLES
          pinspect scenario device.jsonl -o scenario.json
          pinspect scenario device.jsonl -o scenario.json && pinspect simulate scenario.json -o replay.jsonl && pinspect diff device.jsonl replay.jsonl
        """)

    @OptionGroup var input: LogInput
    @OptionGroup var output: OutputOptions

    func run() throws {
        try output.refuseOverwriting(input.path)
        let log = try input.load()
        let scenario = try replayScenario(of: log)
        try output.write(scenario.jsonText)
        try log.finish()
    }
}
