import ArgumentParser
import PresentationInspectorCore

/// `pinspect`: reads PresentationInspector event logs (and runs scenarios) on any machine.
@main
struct PInspect: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pinspect",
        abstract: "Analyse PresentationInspector event logs: summaries, timelines, chain graphs, diagnostics, exports.",
        discussion: """
        Every command that reads a log takes a file path, or - for standard input
        (the default).

        EXIT CODES
          0   ok
          1   findings: diagnose found diagnostics at or above --fail-on,
              or diff found differences
          64  usage: bad arguments, or --at/explain names an event not in the log
          65  bad data: the log (or scenario) is invalid, or bad lines were
              skipped; valid events around a bad line are still used, and the
              file and first bad line are named
          66  missing file
          73  the output file could not be written

        EXAMPLES
          pinspect summary inspector-output/events.jsonl
          pinspect diagnose --fail-on error events.jsonl
          pinspect convert --to html -o report.html events.jsonl
          pinspect simulate scenario.json | pinspect timeline -
        """,
        version: PresentationInspectorVersion.current,
        subcommands: [Summary.self, Timeline.self, Graph.self, Diagnose.self, Convert.self, Explain.self, Simulate.self, Diff.self,
                      ScenarioCommand.self, TestCommand.self]
    )

    /// Argument parsing reads `explain -1 LOG` as an unknown option followed by a log where the
    /// event number should be, and blames the log; name the event number instead.
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == "explain",
           let negative = arguments.dropFirst().first(where: { $0.count > 1 && $0.hasPrefix("-") && Int($0) != nil }) {
            report("explain: the event number must be 0 or more (#N in other outputs), found \(negative)")
            Self.exit(withError: ExitStatus.usage)
        }
        Self.main(arguments)
    }
}
