import Foundation
@_spi(Package) import PresentationInspectorCore
@_spi(Package) import PresentationSimulator
import XCTest
import TestSupport

/// Every subcommand end to end, through the built binary.
final class CLICommandTests: XCTestCase {
    private var fx: CLIFixtures!

    override func setUpWithError() throws { fx = try CLIFixtures() }
    override func tearDown() { fx = nil }

    func testHelpDocumentsExitCodesAndAnExampleForEverySubcommand() throws {
        let top = try PInspectBinary.run(["--help"])
        XCTAssertEqual(top.status, 0)
        for needle in ["EXIT CODES", "64", "65", "66", "summary", "timeline", "graph", "diagnose", "convert", "explain", "simulate"] {
            XCTAssertTrue(top.stdout.contains(needle), "top-level help lacks \(needle)")
        }
        for sub in ["summary", "timeline", "graph", "diagnose", "convert", "explain", "simulate"] {
            let r = try PInspectBinary.run([sub, "--help"])
            XCTAssertEqual(r.status, 0, sub)
            XCTAssertTrue(r.stdout.contains("EXAMPLES") && r.stdout.contains("pinspect \(sub) "), "\(sub) --help has no example")
        }
    }

    func testSimulateWritesTheLogToStandardOutputOrAFile() throws {
        let scenario = try fx.scenario(BuiltInScenarios.camera)
        let r = try PInspectBinary.run(["simulate", scenario])
        XCTAssertEqual(r.status, 0, r.stderr)
        let read = try LogReader.read(text: r.stdout)
        XCTAssertEqual(read.events.map(EventCoding.encode), try ExportLikeRun.events(BuiltInScenarios.camera).map(EventCoding.encode))
        XCTAssertEqual(read.header.app["name"], "Camera: photo library and people picker")
        let out = fx.path("out.jsonl")
        let f = try PInspectBinary.run(["simulate", scenario, "--output", out])
        XCTAssertEqual(f.status, 0)
        XCTAssertEqual(f.stdout, "")
        XCTAssertEqual(try LogReader.read(path: out).events, read.events)
        let piped = try PInspectBinary.run(["simulate", "-"], stdin: Data(BuiltInScenarios.camera.json.utf8))
        XCTAssertEqual(try LogReader.read(text: piped.stdout).events, read.events)
    }

    func testSimulateReportsScenarioErrorsAndMissingFiles() throws {
        let bad = """
        { "name": "bad", "controllers": [ { "id": "root", "type": "Root" } ],
          "windows": [ { "id": "main", "root": "root" } ], "steps": [ { "present": "ghost", "from": "root" } ] }
        """
        let path = try fx.write("bad.json", bad)
        let r = try PInspectBinary.run(["simulate", path])
        XCTAssertEqual(r.status, 65)
        XCTAssertThrowsError(try Scenario.parse(bad, file: path)) { error in
            XCTAssertEqual(r.stderr, "pinspect: \((error as! ScenarioError).description)\n")
        }
        XCTAssertEqual(r.stdout, "")
        let missing = try PInspectBinary.run(["simulate", fx.path("nope.json")])
        XCTAssertEqual(missing.status, 66)
        XCTAssertTrue(missing.stderr.contains("nope.json: no such file"))
        let garbage = try PInspectBinary.run(["simulate", try fx.write("g.json", "{ not json")])
        XCTAssertEqual(garbage.status, 65)
        XCTAssertTrue(garbage.stderr.contains("g.json:1:"), garbage.stderr)
    }

    func testSummaryTextAndJSON() throws {
        let (log, events) = try fx.log(BuiltInScenarios.diagnostics)
        let r = try PInspectBinary.run(["summary", log])
        XCTAssertEqual(r.status, 0, r.stderr)
        let s = RecordingSummary(header: LogHeader(), events: events)
        XCTAssertTrue(r.stdout.contains(s.oneLine), r.stdout)
        let j = try PInspectBinary.run(["summary", "--json", log])
        let o = try XCTUnwrap(try JSONParser.parse(j.stdout).objectValue)
        XCTAssertEqual(o["events"]?.intValue, events.count)
        XCTAssertEqual(o["diagnostics"]?.intValue, s.diagnosticCount)
        XCTAssertEqual(o["severities"]?.objectValue?["error"]?.intValue, s.count(atLeast: .error))
        let stdin = try PInspectBinary.run(["summary"], stdin: try Data(contentsOf: URL(fileURLWithPath: log)))
        XCTAssertEqual(stdin.status, 0)
        XCTAssertEqual(stdin.stdout, r.stdout)
    }

    func testTimelineTextAndJSON() throws {
        let (log, events) = try fx.log(BuiltInScenarios.camera)
        let r = try PInspectBinary.run(["timeline", log])
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(r.stdout.split(separator: "\n").filter { $0.hasPrefix("  #") }.count, events.count)
        XCTAssertTrue(r.stdout.contains("camera-window · level 2"))
        let j = try PInspectBinary.run(["timeline", "--json", log])
        let o = try XCTUnwrap(try JSONParser.parse(j.stdout).objectValue)
        XCTAssertEqual(o["lanes"]?.arrayValue?.count, 3)
        XCTAssertEqual(o["lifetimes"]?.arrayValue?.count, 4)
    }

    func testGraphInEveryFormatAndAtAnEvent() throws {
        let (log, events) = try fx.log(BuiltInScenarios.camera)
        let header = LogHeader(app: ["name": "camera-people-picker", "mode": "simulation"])
        for (format, prefix) in [("dot", "digraph"), ("mermaid", "---\ntitle"), ("svg", "<?xml"), ("text", "Chains (whole")] {
            let r = try PInspectBinary.run(["graph", "--format", format, log])
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertTrue(r.stdout.hasPrefix(prefix), "\(format): \(r.stdout.prefix(40))")
        }
        let at = try PInspectBinary.run(["graph", "--format", "dot", "--at", "7", log])
        XCTAssertEqual(at.stdout, Exporter.render(.dot, header: header, events: events, at: 7))
        let text = try PInspectBinary.run(["graph", "--at", "7", log])
        XCTAssertTrue(text.stdout.hasPrefix("Chains after #7"))
        let out = fx.path("g.svg")
        XCTAssertEqual(try PInspectBinary.run(["graph", "--format", "svg", "-o", out, log]).status, 0)
        XCTAssertTrue(try String(contentsOfFile: out, encoding: .utf8).contains("class=\"pi-graph\""))
        let missing = try PInspectBinary.run(["graph", "--at", "999", log])
        XCTAssertEqual(missing.status, 64)
        XCTAssertTrue(missing.stderr.contains("no event #999"), missing.stderr)
        XCTAssertEqual(try PInspectBinary.run(["graph", "--format", "png", log]).status, 64)
    }

    func testDiagnoseGatesOnTheRequestedSeverity() throws {
        let (log, events) = try fx.log(BuiltInScenarios.diagnostics)
        let findings = events.flatMap(\.diagnostics)
        let r = try PInspectBinary.run(["diagnose", log])
        XCTAssertEqual(r.status, 1, "warnings exist, default --fail-on warning")
        for code in Set(findings.map(\.code.rawValue)) { XCTAssertTrue(r.stdout.contains(" \(code): "), code) }
        // One line per finding, its fix indented below it, and the tally.
        XCTAssertEqual(r.stdout.split(separator: "\n").filter { !$0.hasPrefix("  fix: ") }.count, findings.count + 1)
        XCTAssertEqual(r.stdout.split(separator: "\n").filter { $0.hasPrefix("  fix: ") }.count, findings.count)
        XCTAssertEqual(try PInspectBinary.run(["diagnose", "--fail-on", "error", log]).status, 1)
        let j = try PInspectBinary.run(["diagnose", "--json", log])
        XCTAssertEqual(try JSONParser.parse(j.stdout).arrayValue?.count, findings.count)

        let clean = try fx.log(BuiltInScenarios.calendar).path
        let c = try PInspectBinary.run(["diagnose", "--fail-on", "info", clean])
        XCTAssertEqual(c.status, 0)
        XCTAssertTrue(c.stdout.hasPrefix("no findings"))

        // Only an info finding: passes a warning gate, fails an info gate.
        let infoOnly = try fx.write("info.json", """
            { "name": "info", "controllers": [ { "id": "root", "type": "Root" } ],
              "windows": [ { "id": "main", "root": "root", "key": true } ], "steps": [ { "dismiss": "root" } ] }
            """)
        let infoLog = fx.path("info.jsonl")
        XCTAssertEqual(try PInspectBinary.run(["simulate", infoOnly, "-o", infoLog]).status, 0)
        XCTAssertEqual(try PInspectBinary.run(["diagnose", infoLog]).status, 0)
        XCTAssertEqual(try PInspectBinary.run(["diagnose", "--fail-on", "info", infoLog]).status, 1)
        XCTAssertEqual(try PInspectBinary.run(["diagnose", "--fail-on", "fatal", infoLog]).status, 64)
    }

    func testConvertToEveryFormat() throws {
        let (log, events) = try fx.log(BuiltInScenarios.tabContext)
        let expectations = ["html": "<!DOCTYPE html>", "perfetto": "{\"displayTimeUnit\"", "jsonl": "{\"format\":\"presentation-inspector-log\"",
                            "dot": "digraph", "mermaid": "---", "text": "PresentationInspector recording"]
        for (format, prefix) in expectations {
            let r = try PInspectBinary.run(["convert", "--to", format, log])
            XCTAssertEqual(r.status, 0, "\(format): \(r.stderr)")
            XCTAssertTrue(r.stdout.hasPrefix(prefix), "\(format): \(r.stdout.prefix(40))")
        }
        let out = fx.path("report.html")
        XCTAssertEqual(try PInspectBinary.run(["convert", "--to", "html", "--output", out, log]).status, 0)
        XCTAssertTrue(try String(contentsOfFile: out, encoding: .utf8).contains("\"events\":["))
        let jsonl = try PInspectBinary.run(["convert", "--to", "jsonl", log])
        XCTAssertEqual(try LogReader.read(text: jsonl.stdout).events.map(EventCoding.encode), events.map(EventCoding.encode))
        let unwritable = try PInspectBinary.run(["convert", "--to", "dot", "-o", fx.path("no/such/dir/x.dot"), log])
        XCTAssertEqual(unwritable.status, 73)
        XCTAssertTrue(unwritable.stderr.contains("cannot write"))
        XCTAssertEqual(try PInspectBinary.run(["convert", log]).status, 64, "--to is required")
        XCTAssertEqual(try PInspectBinary.run(["convert", "--to", "pdf", log]).status, 64)
    }

    func testExplainTellsWhyInProse() throws {
        let (log, events) = try fx.log(BuiltInScenarios.camera)
        let rejected = try XCTUnwrap(events.first { $0.outcome == .rejected })
        let r = try PInspectBinary.run(["explain", String(rejected.seq), log])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.hasPrefix(rejected.summary))
        XCTAssertTrue(r.stdout.contains("1. present was called on PhotoLibraryViewController"))
        XCTAssertTrue(r.stdout.contains("What went wrong:\n- warning already-presenting: Attempt to present"))
        let completion = try XCTUnwrap(events.first { $0.kind == .presentCompleted })
        let c = try PInspectBinary.run(["explain", String(completion.seq), log])
        XCTAssertTrue(c.stdout.contains("finished at"), c.stdout)
        let j = try PInspectBinary.run(["explain", "--json", String(rejected.seq), log])
        let o = try XCTUnwrap(try JSONParser.parse(j.stdout).objectValue)
        XCTAssertEqual(o["steps"]?.arrayValue?.count, rejected.explanation.count + 1)
        XCTAssertEqual(o["diagnostics"]?.arrayValue?.count, 1)
        XCTAssertEqual(try PInspectBinary.run(["explain", "999", log]).status, 64)
        XCTAssertEqual(try PInspectBinary.run(["explain", "seven", log]).status, 64)
    }

    func testVersionValueNamesAndAllowedValuesListedOnce() throws {
        let v = try PInspectBinary.run(["--version"])
        XCTAssertEqual(v.status, 0)
        XCTAssertEqual(v.stdout, PresentationInspectorVersion.current + "\n")
        let convert = try PInspectBinary.run(["convert", "--help"]).stdout
        XCTAssertTrue(convert.contains("--to <format>"), convert)
        // The option's own help names no format: ArgumentParser lists the values after it.
        let toHelp = try XCTUnwrap(convert.components(separatedBy: "--to <format>").last?.components(separatedBy: "(values:").first)
        XCTAssertFalse(toHelp.contains("mermaid"), toHelp)
        let diagnose = try PInspectBinary.run(["diagnose", "--help"]).stdout
        XCTAssertTrue(diagnose.contains("--fail-on <severity>"), diagnose)
        XCTAssertEqual(diagnose.components(separatedBy: "warning,").count - 1, 1, diagnose)
        for sub in ["", "summary", "timeline", "graph", "diagnose", "convert", "explain", "simulate"] {
            let help = try PInspectBinary.run(sub.isEmpty ? ["--help"] : [sub, "--help"]).stdout
            for line in help.split(separator: "\n") { XCTAssertLessThanOrEqual(line.count, 80, "\(sub): \(line)") }
        }
    }

    func testDiagnoseCountsArePluralised() throws {
        let (log, events) = try fx.log(BuiltInScenarios.diagnostics)
        let last = try PInspectBinary.run(["diagnose", log]).stdout.split(separator: "\n").last.map(String.init) ?? ""
        let inner = try XCTUnwrap(last.split(separator: "(").dropFirst().first?.split(separator: ")").first, last)
        let parts = inner.components(separatedBy: ", ")
        XCTAssertFalse(parts.isEmpty)
        for severity in [Severity.error, .warning] {
            let n = events.flatMap(\.diagnostics).filter { $0.severity == severity }.count
            guard n > 0 else { continue }
            XCTAssertTrue(parts.contains("\(n) \(severity.rawValue)\(n == 1 ? "" : "s")"), last)
        }
        let infos = events.flatMap(\.diagnostics).filter { $0.severity == .info }.count
        if infos > 0 { XCTAssertTrue(parts.contains("\(infos) info"), last) }
    }

    func testConvertToSVGIsTheGraphSVG() throws {
        let (log, events) = try fx.log(BuiltInScenarios.camera)
        let at = String(events[events.count / 2].seq)
        let convert = try PInspectBinary.run(["convert", "--to", "svg", "--at", at, log])
        XCTAssertEqual(convert.status, 0, convert.stderr)
        XCTAssertTrue(convert.stdout.hasPrefix("<?xml"))
        XCTAssertEqual(convert.stdout, try PInspectBinary.run(["graph", "--format", "svg", "--at", at, log]).stdout)
        XCTAssertNotEqual(convert.stdout, try PInspectBinary.run(["convert", "--to", "svg", log]).stdout)
    }

    func testTimelineFiltersByKindAndControllerTitle() throws {
        let (log, events) = try fx.log(BuiltInScenarios.camera)
        let title = try XCTUnwrap(events.lazy.flatMap(\.controllers).first { $0.title != nil }?.title)
        let r = try PInspectBinary.run(["timeline", "--kind", "present", "--controller", title, log])
        XCTAssertEqual(r.status, 0, r.stderr)
        let listed = try r.stdout.components(separatedBy: "\nPresented lifetimes").element(0).split(separator: "\n").dropFirst()
            .filter { $0.hasPrefix("  #") }.map { Int($0.dropFirst(3).prefix { $0.isNumber })! }
        let expected = events.filter { $0.kind == .present && ($0.controllers + $0.chain + $0.ancestry).contains { $0.title == title } }
            .map(\.seq)
        XCTAssertFalse(expected.isEmpty)
        XCTAssertEqual(listed, expected)
        XCTAssertEqual(try PInspectBinary.run(["timeline", "--kind", "nope", log]).status, 64)
        let all = try PInspectBinary.run(["timeline", "--json", log]).stdout
        let some = try PInspectBinary.run(["timeline", "--json", "--kind", "dismiss", log]).stdout
        XCTAssertLessThan(some.count, all.count)
    }

    func testALogFromATerminalIsRefusedNotAwaited() throws {
        // `script` gives pinspect a terminal as standard input; without the check it would wait
        // there until the test's watchdog killed it. The message repeats the command as typed.
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else { throw XCTSkip("no script(1)") }
        let (log, _) = try fx.log(BuiltInScenarios.camera)
        let cases: [(arguments: String, example: String)] = [
            ("summary", "pinspect summary events.jsonl, or ... | pinspect summary)"),
            ("explain 1", "pinspect explain 1 events.jsonl, or ... | pinspect explain 1)"),
            ("convert --to text -", "pinspect convert --to text events.jsonl, or ... | pinspect convert --to text)"),
            ("diff \(log) -", "pinspect diff \(log) events.jsonl"),
            ("simulate -", "no scenario given and standard input is a terminal: name the scenario file, or pipe one in (pinspect simulate scenario.json"),
        ]
        for (arguments, example) in cases {
            let (status, text) = try PInspectBinary.watched("/usr/bin/script", ["-qec", PInspectBinary.path + " " + arguments, "/dev/null"],
                                                            mergingOutput: true)
            XCTAssertEqual(status, 64, "\(arguments): \(text)")
            XCTAssertTrue(text.contains("standard input is a terminal"), "\(arguments): \(text)")
            XCTAssertTrue(text.contains(example), "\(arguments): \(text)")
        }
        // Piped input is still read.
        let piped = try PInspectBinary.run(["summary"], stdin: try Data(contentsOf: URL(fileURLWithPath: log)))
        XCTAssertEqual(piped.status, 0, piped.stderr)
    }

    func testUnknownSubcommandIsAUsageError() throws {
        let r = try PInspectBinary.run(["frobnicate"])
        XCTAssertEqual(r.status, 64)
        XCTAssertFalse(r.stderr.isEmpty)
    }
}

/// The same in-process run `pinspect simulate` performs.
enum ExportLikeRun {
    static func events(_ s: BuiltInScenario) throws -> [Event] {
        let simulation = Simulation()
        try simulation.run(try s.scenario())
        return simulation.recorder.events
    }
}
