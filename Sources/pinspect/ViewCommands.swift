import Foundation
import ArgumentParser
@_spi(Package) import PresentationInspectorCore

/// `pinspect summary`: counts at a glance.
struct Summary: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Counts of events, outcomes, diagnostics, windows and controllers.",
        discussion: """
        EXAMPLES
          pinspect summary inspector-output/events.jsonl
          pinspect summary --json events.jsonl | jq .diagnostics
        """)

    @OptionGroup var input: LogInput
    @Flag(help: "Print one JSON object instead of text.") var json = false

    func run() throws {
        // Streamed: nothing but the counts is kept, whatever the log's length.
        var acc = RecordingSummary.Accumulator()
        let log = try input.stream { acc.add($0) }
        let s = acc.summary(header: log.header)
        if json {
            try writeStandardOutput(s.json + "\n")
        } else {
            var out = TextExporter.headerText(header: log.header, summary: s)
            out += "kinds: " + s.kinds.map { "\($0.kind.rawValue) \($0.count)" }.joined(separator: ", ") + "\n"
            out += "outcomes: " + s.outcomes.map { "\($0.outcome.rawValue) \($0.count)" }.joined(separator: ", ") + "\n"
            if !s.codes.isEmpty {
                out += "diagnostics by code: " + s.codes.map { "\($0.code) \($0.count)" }.joined(separator: ", ") + "\n"
            }
            out += "windows: " + (s.windows.isEmpty ? "none" : s.windows.map { VisibleText.escaped($0) }.joined(separator: ", ")) + "\n"
            out += "controllers: \(s.controllerCount)\n"
            if let a = s.firstSeq, let b = s.lastSeq { out += "events: #\(a)–#\(b)\n" }
            try writeStandardOutput(out)
        }
        try log.finish()
    }
}

/// `pinspect timeline`: the events in order, then the presented lifetimes per lane.
struct Timeline: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "The timeline: one line per event with its diagnostics, then presented lifetimes per window and level.",
        discussion: """
        --kind and --controller select events as `pi events` does; the lifetimes,
        transitions and markers shown are those the selected events touch.

        The log is streamed (memory does not grow with it) when its events are in
        seq order, as the recorder writes them; what is printed after the events
        waits in a temporary file in $TMPDIR. A log out of order is read whole.

        EXAMPLES
          pinspect timeline inspector-output/events.jsonl
          pinspect simulate scenario.json | pinspect timeline
          pinspect timeline --json events.jsonl > lanes.json
          pinspect timeline --controller Photos --kind present events.jsonl
        """)

    @OptionGroup var input: LogInput
    @OptionGroup var filter: EventFilterOptions
    @Flag(help: "Print the lanes, lifetimes, transitions and markers as JSON.") var json = false

    func run() throws {
        // Streamed when the log is in seq order (as the recorder writes it): memory follows the
        // open presentations, not the log. Out of order, the whole log is read and sorted.
        let out = try StreamedOutput(path: nil)
        var timeline = try StreamedTimeline(json: json, filter: filter)
        let log = try input.stream(rereadable: true) { timeline.add($0) }
        defer { if let copy = log.copy { UnfinishedFiles.remove(copy) } }
        noteDroppedEvents(log.header, name: log.name)
        var selectedNone = timeline.selectedCount == 0
        if timeline.inOrder {
            try timeline.check()
            timeline.finish(to: out)
            try timeline.check()
        } else {
            let log = try input.reload(log)
            let selected = log.events.filter(filter.matches)
            selectedNone = selected.isEmpty
            let t = filter.apply(to: PresentationTimeline.make(events: log.events), selected: Set(selected.map(\.seq)))
            if json {
                out.put(TimelineJSON.encode(t) + "\n")
            } else {
                out.put("Timeline\n" + TextExporter.timeline(events: selected) + "\nPresented lifetimes\n" + TextExporter.lifetimes(t))
            }
        }
        try out.commit()
        if filter.isActive && selectedNone { filter.reportNothingMatched() }
        try log.finish()
    }
}

/// `--format` values of `graph`.
enum GraphFormat: String, CaseIterable, ExpressibleByArgument {
    case dot, mermaid, svg, text
}

/// `pinspect graph`: the chain graph in one of four notations.
struct Graph: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "The chain graph: containers, presentations, sources and context providers.",
        discussion: """
        Without --at, the graph covers the whole recording and each relationship
        is labelled with the events between which it held. With --at SEQ it shows
        the chains as they stood right after that event. svg is drawn by pinspect
        itself (no Graphviz needed).

        EXAMPLES
          pinspect graph events.jsonl
          pinspect graph --format dot --at 12 events.jsonl | dot -Tpng -o chain.png
          pinspect graph --format svg -o chain.svg events.jsonl
          pinspect graph --format mermaid events.jsonl >> notes.md
        """)

    @OptionGroup var input: LogInput
    @Option(help: ArgumentHelp("The notation.", valueName: "format")) var format: GraphFormat = .text
    @Option(help: ArgumentHelp("Show the state right after this event.", valueName: "seq"),
            transform: ArgumentChecks.eventNumber("--at")) var at: Int?
    @OptionGroup var output: OutputOptions

    func run() throws {
        try output.refuseOverwriting(input.path)
        let log = try input.load()
        if let at { _ = try log.requireEvent(at, option: "--at") }
        let g = ChainGraph.make(events: log.events, at: at)
        let text: String = switch format {
        case .dot: DOTExporter.render(g)
        case .mermaid: MermaidExporter.render(g)
        case .svg: SVGRenderer.chainGraph(ChainGraphLayout.make(graph: g), standalone: true) + "\n"
        case .text: TextExporter.chainListing(g)
        }
        try output.write(text)
        try log.finish()
    }
}

/// JSON for `timeline --json`: the whole document, or its items one by one (the streamed
/// timeline writes them as they become final; joined with commas they are the same text).
enum TimelineJSON {
    static func encode(_ t: PresentationTimeline) -> String {
        var w = JSONWriter()
        w.beginObject()
        w.field("startTime", number: t.startTime); w.field("endTime", number: t.endTime)
        w.key("lanes"); w.beginArray()
        for l in t.lanes { lane(l, &w) }
        w.endArray()
        w.key("lifetimes"); w.beginArray()
        for l in t.lifetimes { lifetime(l, &w) }
        w.endArray()
        w.key("transitions"); w.beginArray()
        for x in t.transitions { transition(x, &w) }
        w.endArray()
        w.key("markers"); w.beginArray()
        for m in t.markers { marker(m, &w) }
        w.endArray()
        w.key("reachable"); w.beginArray()
        for r in t.reachable { reachable(r, &w) }
        w.endArray()
        w.endObject()
        return w.text
    }

    /// A time a presenting controller stayed interactive below an undimmed sheet.
    static func reachable(_ r: PresentationTimeline.Reachable, _ w: inout JSONWriter) {
        w.beginObject(); ref("controller", r.controller, &w); ref("sheet", r.sheet, &w); w.field("detent", r.detent)
        w.field("lane", r.lane); w.field("start", number: r.start); w.field("end", number: r.end); w.field("open", r.isOpen)
        w.field("startSeq", r.startSeq)
        if let s = r.endSeq { w.field("endSeq", s) }
        w.endObject()
    }

    private static func ref(_ key: StaticString, _ r: ControllerRef?, _ w: inout JSONWriter) {
        guard let r else { return }
        w.key(key); w.beginObject(); w.field("id", r.id); w.field("type", r.type)
        if let title = r.title { w.field("title", title) }
        w.endObject()
    }

    static func lane(_ l: PresentationTimeline.Lane, _ w: inout JSONWriter) {
        w.beginObject(); w.field("title", l.title); w.field("window", l.key.window); w.field("level", l.key.level)
        w.field("slot", l.key.slot); w.endObject()
    }

    static func lifetime(_ l: PresentationTimeline.Lifetime, _ w: inout JSONWriter) {
        w.beginObject(); ref("controller", l.controller, &w); w.field("lane", l.lane)
        w.field("start", number: l.start); w.field("end", number: l.end); w.field("open", l.isOpen)
        w.field("windowRoot", l.isWindowRoot)
        if let s = l.presentSeq { w.field("presentSeq", s) }
        if let s = l.endSeq { w.field("endSeq", s) }
        if let s = l.style { w.field("style", s.name) }
        ref("presenting", l.presenting, &w)
        w.endObject()
    }

    static func transition(_ x: PresentationTimeline.Transition, _ w: inout JSONWriter) {
        w.beginObject(); w.field("direction", x.direction.rawValue); w.field("lane", x.lane); ref("controller", x.controller, &w)
        w.field("start", number: x.start); w.field("end", number: x.end); w.field("seq", x.seq)
        if let c = x.completedSeq { w.field("completedSeq", c) }
        w.field("animated", x.animated); w.endObject()
    }

    static func marker(_ m: PresentationTimeline.Marker, _ w: inout JSONWriter) {
        w.beginObject(); w.field("seq", m.seq); w.field("time", number: m.time); w.field("lane", m.lane)
        w.field("kind", m.kind.rawValue)
        if let s = m.severity { w.field("severity", s.rawValue) }
        w.field("label", m.label); w.endObject()
    }
}
