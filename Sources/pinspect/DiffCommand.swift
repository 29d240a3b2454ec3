import ArgumentParser
@_spi(Package) import PresentationInspectorCore

/// `pinspect diff`: what two recordings of the same flow disagree on.
struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Compare two logs event by event; exit 1 when they differ (like diff).",
        discussion: """
        Events are aligned by kind and controller (the presented controller of a
        present, the receiver of a dismiss), not by seq or time. Controllers are
        compared by id when the logs share ids, otherwise by type (a simulator log
        against a device log). Compared: outcome, presenting, contextProvider,
        styles, transitions, handledBy, the dismissed set and diagnostic codes;
        then each field of `observed` (what UIKit was seen doing), shown as
        `observed.FIELD` with `not observed` where one event lacks it; then the
        window's chain after the event, from the first position (root 1) where
        the two chains part; then the sheet each event records, shown as
        `sheet.FIELD` (its detents and what it leaves interactive). A simulation
        log has no observations: against a device log, --ignore-observed
        compares the rest.

        EXAMPLES
          pinspect diff before.jsonl after.jsonl
          pinspect diff --ignore-observed simulated.jsonl device.jsonl
          pinspect diff --json before.jsonl after.jsonl | jq '.differences'
        """)

    @Argument(help: ArgumentHelp("The first log (JSONL); - reads standard input (for one of the two).", valueName: "a"))
    var a: String
    @Argument(help: ArgumentHelp("The second log (JSONL); - reads standard input.", valueName: "b"))
    var b: String
    @Flag(help: "Print a JSON object instead of text.") var json = false
    @Flag(help: "Leave out `observed` (what UIKit was seen doing).") var ignoreObserved = false
    @Flag(help: "Leave out the window's chain after each event.") var ignoreChain = false
    @Flag(help: "Leave out the sheet each event records (`sheet`).") var ignoreSheet = false

    func validate() throws {
        if a == "-" && b == "-" { throw ValidationError("only one of the two logs can be standard input") }
    }

    func run() throws {
        var inputA = LogInput(), inputB = LogInput()
        inputA.path = a
        inputB.path = b
        let logA = try inputA.load(), logB = try inputB.load()
        var extras = LogDiff.Extras.all
        if ignoreObserved { extras.remove(.observed) }
        if ignoreChain { extras.remove(.chain) }
        if ignoreSheet { extras.remove(.sheet) }
        let diff = LogDiff(logA.events, logB.events, comparing: extras)
        try writeStandardOutput(json ? diff.json() + "\n" : diff.text(nameA: logA.name, nameB: logB.name))
        try logA.finish()
        try logB.finish()
        if !diff.isEquivalent { throw ExitStatus.findings }
    }
}
