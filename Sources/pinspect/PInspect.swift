import ArgumentParser

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
        subcommands: [Summary.self, Timeline.self, Graph.self, Diagnose.self, Convert.self, Explain.self, Simulate.self, Diff.self]
    )
}
