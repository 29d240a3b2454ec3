import ArgumentParser
@_spi(Package) import PresentationInspectorCore

/// `pinspect diagnose`: every finding, and a CI gate.
struct Diagnose: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List every diagnostic; exit 1 when any is at or above --fail-on (a CI gate for logs from UI tests).",
        discussion: """
        Bad lines in the log make the exit status 65 even when findings were
        printed: a log that cannot be trusted fails the gate too.

        EXAMPLES
          pinspect diagnose events.jsonl
          pinspect diagnose --fail-on error UITests/events.jsonl || exit 1
          pinspect diagnose --fail-on none events.jsonl   # report only, exit 0
          pinspect diagnose --json events.jsonl |
            jq '.[] | select(.severity == "error")'
        """)

    @OptionGroup var input: LogInput
    @Option(help: ArgumentHelp("Exit 1 when a diagnostic of this severity or worse exists; none only reports.", valueName: "severity"))
    var failOn: FailLevel = .warning
    @Flag(help: "Print a JSON array of findings instead of text.") var json = false

    func run() throws {
        // Streamed: each event's findings are rendered as it goes by and put aside in a spool
        // file, with only their place and seq kept in memory, so memory does not grow with the
        // findings' text; they are printed in seq order.
        var acc = RecordingSummary.Accumulator()
        let spool = try Spool()
        var flagged: [(seq: Int, piece: Spool.Piece)] = []
        var inOrder = true
        var findingCount = 0, gate = 0
        let name = input.path == "-" ? "<stdin>" : input.path
        let log = try input.stream { e in
            acc.add(e)
            guard !e.diagnostics.isEmpty else { return }
            var text = ""
            var w = JSONWriter(reservingCapacity: 256)
            for d in e.withFixes().diagnostics {
                findingCount += 1
                if failOn.gates(d.severity) { gate += 1 }
                if json {
                    w.beginObject()
                    w.field("seq", e.seq); w.field("time", number: e.time); w.field("kind", e.kind.rawValue)
                    w.field("severity", d.severity.rawValue); w.field("code", d.code.rawValue); w.field("message", d.message)
                    if let fix = d.fix { w.field("fix", fix) }
                    if let window = e.window { w.field("window", window) }
                    w.field("event", e.summary)
                    w.endObject()
                } else {
                    text += "\(name) #\(e.seq) \(formatTime(e.time)) \(d.severity.rawValue) \(d.code): \(VisibleText.escaped(d.message))\n"
                    if let fix = d.fix { text += "  fix: \(VisibleText.escaped(fix))\n" }
                }
            }
            if let last = flagged.last, last.seq > e.seq { inOrder = false }
            flagged.append((e.seq, spool.append(json ? w.text : text)))
        }
        try spool.check()
        noteDroppedEvents(log.header, name: log.name)
        // In seq order (stable, as the sort of the kept texts was); a log in order needs no sort.
        if !inOrder { flagged = flagged.enumerated().sorted { ($0.element.seq, $0.offset) < ($1.element.seq, $1.offset) }.map(\.element) }
        let out = try StreamedOutput(path: nil)
        if json {
            out.put("[")
            for (i, f) in flagged.enumerated() {
                if i > 0 { out.put(",") }
                spool.bytes(f.piece).withUnsafeBufferPointer { out.put($0) }
            }
            out.put("]\n")
        } else {
            if inOrder {
                spool.copy(to: out)
            } else {
                for f in flagged { spool.bytes(f.piece).withUnsafeBufferPointer { out.put($0) } }
            }
            let s = acc.summary(header: log.header)
            let parts = s.severities.filter { $0.count > 0 }.map { counted($0.count, $0.severity.rawValue) }
            out.put(findingCount == 0 ? "no findings in \(log.eventCount) events\n"
                : "\(findingCount) finding\(findingCount == 1 ? "" : "s") (\(parts.joined(separator: ", "))); " + (failOn == .none ? "--fail-on none: not gating\n" : "\(gate) at or above \(failOn.rawValue)\n"))
        }
        try spool.check()
        try out.commit()
        try log.finish()
        if gate > 0 { throw ExitStatus.findings }
    }
}

/// "1 error", "4 errors", "3 info": ``ProblemFocus/counted(_:_:)``, the overlay's wording.
func counted(_ n: Int, _ noun: String) -> String { ProblemFocus.counted(n, noun) }

/// `--to` values of `convert`.
enum ConvertFormat: String, CaseIterable, ExpressibleByArgument {
    case html, perfetto, jsonl, dot, mermaid, text, otlp
    case svg

    /// The exporter's format; nil for svg, which pinspect draws itself (as `graph --format svg`).
    var exportFormat: ExportFormat? {
        switch self {
        case .svg: nil
        case .html: .html
        case .perfetto: .perfetto
        case .jsonl: .jsonl
        case .dot: .dot
        case .mermaid: .mermaid
        case .text: .text
        case .otlp: .otlp
        }
    }
}

/// `pinspect convert`: any export format.
struct Convert: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Convert a log to a report, a trace, a graph or a clean log.",
        discussion: """
        html is a self-contained report; perfetto is Chrome Trace Event JSON;
        otlp is OpenTelemetry traces (OTLP/JSON ExportTraceServiceRequest);
        svg is the chain graph `graph --format svg` draws; jsonl rewrites the log
        with only its valid events (a way to repair a log with bad lines). jsonl
        streams the log (memory does not grow with it); the other formats lay out
        the whole recording and read it whole. --at
        gives dot, mermaid, svg and text the chain state after that event, cuts
        perfetto, otlp and jsonl to the events up to it, and opens html with it
        selected.

        EXAMPLES
          pinspect convert --to html -o report.html events.jsonl
          pinspect convert --to perfetto -o trace.json events.jsonl  # ui.perfetto.dev
          pinspect convert --to dot --at 7 events.jsonl | dot -Tsvg > chain.svg
        """)

    @OptionGroup var input: LogInput
    @Option(help: ArgumentHelp("The output format.", valueName: "format")) var to: ConvertFormat
    @Option(help: ArgumentHelp("For graph formats: the state right after this event.", valueName: "seq"),
            transform: ArgumentChecks.eventNumber("--at")) var at: Int?
    @OptionGroup var output: OutputOptions

    func run() throws {
        try output.refuseOverwriting(input.path)
        if to == .jsonl { return try streamJSONL() }
        let log = try input.load()
        if let at { _ = try log.requireEvent(at, option: "--at") }
        if let format = to.exportFormat {
            try output.write(Exporter.render(format, header: log.header, events: log.events, at: at))
        } else {
            let g = ChainGraph.make(events: log.events, at: at)
            try output.write(SVGRenderer.chainGraph(ChainGraphLayout.make(graph: g), standalone: true) + "\n")
        }
        try log.finish()
    }
}

extension Convert {
    /// `--to jsonl`, streamed: each valid event is written again as it is read, so
    /// memory does not grow with the log. With `--at`, the events go to a spool until the log
    /// shows that event exists (nothing is written when it does not).
    func streamJSONL() throws {
        let out = try StreamedOutput(path: output.output)
        let spool = at == nil ? nil : try Spool()
        var found = false, first: Int?, last: Int?
        let log = try input.stream(header: { h in out.put(EventCoding.encode(h) + "\n") }) { e in
            if let at {
                first = min(first ?? e.seq, e.seq); last = max(last ?? e.seq, e.seq)
                if e.seq == at { found = true }
                if e.seq <= at { spool?.append(EventCoding.encode(e) + "\n") }
            } else {
                out.put(EventCoding.encode(e) + "\n")
            }
        }
        if let at, let spool {
            guard found else {
                let range = first.map { "it has #\($0)–#\(last!)" } ?? "it has no events"
                report("--at: \(log.name) has no event #\(at) (\(range))")
                throw ExitStatus.usage
            }
            try spool.check()
            spool.copy(to: out)
            try spool.check()
        }
        try out.commit()
        try log.finish()
    }
}

/// `pinspect explain`: one event in prose.
struct Explain: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Explain one event in prose: why UIKit picked the presenting controller, what went wrong.",
        discussion: """
        EXAMPLES
          pinspect explain 7 events.jsonl
          pinspect explain --json 13 events.jsonl
        """)

    @Argument(help: ArgumentHelp("The event's sequence number (#N in other outputs; `#7` reads as 7).", valueName: "seq"),
              transform: ArgumentChecks.eventNumber("explain")) var seq: Int
    @OptionGroup var input: LogInput
    @Flag(help: "Print a JSON object instead of text.") var json = false

    func run() throws {
        let log = try input.load()
        let e = try log.requireEvent(seq, option: "explain").withFixes()
        let steps = EventProse.steps(for: e, in: log.events)
        if json {
            var w = JSONWriter()
            w.beginObject()
            w.field("seq", e.seq); w.field("summary", e.summary)
            if let v = e.rulesVersion { w.field("rulesIOS", v.description) }
            w.key("steps"); w.beginArray(); for s in steps { w.string(s) }; w.endArray()
            w.key("diagnostics"); w.beginArray()
            for d in e.diagnostics {
                w.beginObject(); w.field("code", d.code.rawValue); w.field("severity", d.severity.rawValue)
                w.field("message", d.message); if let fix = d.fix { w.field("fix", fix) }; w.endObject()
            }
            w.endArray()
            if let sheet = e.sheet {
                // The sheet as its sheet presentation controller holds it, and the model's reading.
                w.key("sheet"); w.beginObject()
                for f in sheet.fields { w.key(escaping: f.name); w.string(f.value) }
                w.endObject()
            }
            if let o = e.observed, !o.isEmpty {
                // What UIKit reported, as the text form shows it (controller labels, style names).
                w.key("observed"); w.beginObject()
                for f in o.fields { w.key(escaping: f.name); w.string(f.value) }
                w.endObject()
            }
            w.endObject()
            try writeStandardOutput(w.text + "\n")
        } else {
            var out = e.summary + "\n"
            if let v = e.rulesVersion { out += "UIKit rules of iOS \(v) (pinspect uikit-versions lists what changes between versions)\n" }
            out += "\n"
            for (i, s) in steps.enumerated() { out += wrap("\(i + 1). \(s)", indent: "   ") + "\n" }
            if let sheet = e.sheet {
                out += "\nSheet (its sheet presentation controller; appearance and background are the model's reading):\n"
                for f in sheet.fields { out += "- \(f.name): \(f.value)\n" }
            }
            if let o = e.observed, !o.isEmpty {
                out += "\nObserved (what UIKit reported; the steps above are the model's prediction):\n"
                for f in o.fields { out += "- \(f.name): \(VisibleText.escaped(f.value))\n" }
            }
            if !e.diagnostics.isEmpty {
                out += "\nWhat went wrong:\n"
                for d in e.diagnostics { out += EventProse.diagnosticLines(d, wrap: { wrap($0, indent: "  ") }) }
            }
            try writeStandardOutput(out)
        }
        try log.finish()
    }

    /// Wraps at 100 columns, continuing lines with `indent`.
    private func wrap(_ s: String, indent: String) -> String {
        var lines: [String] = []
        var line = ""
        for word in s.split(separator: " ", omittingEmptySubsequences: false) {
            if !line.isEmpty, line.count + 1 + word.count > 100 {
                lines.append(line)
                line = indent + word
            } else {
                line += (line.isEmpty ? "" : " ") + word
            }
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }
}
