import ArgumentParser
@_spi(Package) import PresentationInspectorCore

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
          64  usage: bad arguments, an option given twice with different values,
              --at/explain naming an event not in the log, or an output file
              that is one of the inputs (refused: nothing is overwritten)
          65  bad data: the log (or scenario) is invalid or a directory, or bad
              lines were skipped (also when --at/explain names an event that may
              be on one); valid events around a bad line are still used, and
              the file and first bad line are named
          66  missing file
          73  the output file could not be written (the reason is named; an
              existing file is replaced only by a complete new one)
          130 interrupted (Ctrl-C, SIGINT), 143 terminated (SIGTERM): the
              output being written is removed, an existing file is untouched

        EXAMPLES
          pinspect summary inspector-output/events.jsonl
          pinspect diagnose --fail-on error events.jsonl
          pinspect convert --to html -o report.html events.jsonl
          pinspect simulate scenario.json | pinspect timeline -
        """,
        version: PresentationInspectorVersion.current,
        subcommands: [Summary.self, Timeline.self, Graph.self, Diagnose.self, Convert.self, Explain.self, Simulate.self, Diff.self,
                      ScenarioCommand.self, TestCommand.self, UIKitVersionsCommand.self]
    )

    /// Mistakes argument parsing would misreport are reported first (``ArgumentChecks``).
    static func main() {
        // Ctrl-C or a kill while a file is written removes its temporary file (exit 130, 143).
        UnfinishedFiles.removeOnInterrupt()
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let mistake = ArgumentChecks.mistake(in: arguments) {
            report(mistake)
            Self.exit(withError: ExitStatus.usage)
        }
        // ParsableCommand.main, with its messages written as every output is (they quote the
        // arguments): help on standard output, errors on standard error.
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
        } catch {
            let message = fullMessage(for: error), code = exitCode(for: error)
            if !message.isEmpty {
                var text = visibleOutput(message + "\n")
                _ = text.withUTF8 { writeAll(code == .success ? 1 : 2, UnsafeRawBufferPointer($0)) }
            }
            Self.exit(withError: code)
        }
    }
}
