/// The self-contained HTML report: one file, no network access, an inline SVG chain graph, and
/// a script that draws the timeline on a canvas and shows a virtualised, filterable event list
/// with a detail panel.
///
/// The events and the timeline travel inside the page as compact JSON (the log's own encoding,
/// compacted), so the page needs nothing else; the script builds everything else from them.
@_spi(Package) public enum HTMLReport {
    /// Above this many controllers the history graph is replaced by the final state (a graph
    /// of thousands of boxes helps nobody; `pinspect graph --at SEQ` shows any moment).
    @_spi(Package) public static let maximumGraphNodes = 400

    /// The whole page. With `at`, the page opens with that event selected (and the chain graph
    /// as it stood right after it) unless the address names another one.
    @_spi(Package) public static func render(header: LogHeader, events: [Event], at: Int? = nil) -> String {
        let sorted = events.sorted { $0.seq < $1.seq }
        let summary = RecordingSummary(header: header, events: sorted)
        let timeline = PresentationTimeline.make(events: sorted)

        var graph = ChainGraph.make(events: sorted)
        var graphNote = "Whole recording. Select an event to see the chains as they stood right after it."
        var graphIsHistory = true
        if graph.nodes.count > maximumGraphNodes {
            graph = ChainGraph.make(events: sorted, at: sorted.last?.seq)
            graphIsHistory = false
            graphNote = "The recording names \(summary.controllerCount) controllers, too many to draw at once: this is the state after the last event. Run pinspect graph --at SEQ for any other moment."
        }
        let graphSVG = graph.nodes.count > maximumGraphNodes
            ? "<p class=\"note\">The final state alone has \(graph.nodes.count) controllers; run <code>pinspect graph --at SEQ</code>.</p>"
            : SVGRenderer.chainGraph(ChainGraphLayout.make(graph: graph))

        var out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        // No network: the page may load nothing from anywhere.
        out += "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">\n"
        out += "<title>\(esc(title(header))) — PresentationInspector report</title>\n"
        out += "<style>\n\(HTMLReportAssets.css)\n</style>\n</head>\n"
        out += "<body data-ready=\"false\" data-graph-history=\"\(graphIsHistory)\"\(at.map { " data-at=\"\($0)\"" } ?? "")>\n"
        out += "<header class=\"top\">\n<h1>PresentationInspector report <span class=\"sub\">\(esc(title(header)))</span></h1>\n"
        out += "<p class=\"meta\">\(esc(metaLine(header)))</p>\n"
        // The script fills in the counts, and the nouns where a count is 1.
        out += "<p class=\"stats\"><b id=\"stat-events\">…</b> <span id=\"stat-events-noun\">events</span> · <b id=\"stat-diagnostics\">…</b> <span id=\"stat-diagnostics-noun\">diagnostics</span>"
        out += " <button type=\"button\" class=\"link\" id=\"first-diagnostic\" title=\"Select the first event with a diagnostic (key d)\">first</button>"
        out += " (<span class=\"sev sev-error\" id=\"stat-errors\">…</span> <span id=\"stat-errors-noun\">errors</span>, <span class=\"sev sev-warning\" id=\"stat-warnings\">…</span> <span id=\"stat-warnings-noun\">warnings</span>,"
        out += " <span class=\"sev sev-info\" id=\"stat-infos\">…</span> info) · \(ProblemFocus.counted(summary.windows.count, "window")) · \(ProblemFocus.counted(summary.controllerCount, "controller"))"
        if let a = summary.startTime, let b = summary.endTime { out += " · \(formatTime(a))–\(formatTime(b))" }
        if header.dropped > 0 { out += " · <span class=\"sev sev-warning\">\(header.dropped) earlier events dropped by the ring buffer</span>" }
        out += "</p>\n<p class=\"note\" id=\"replay-hint\">A bug in this recording becomes a test: <code>pinspect test LOG --framework xctest --expect-clean -o BugTests.swift</code> on the exported log (<code>pinspect scenario LOG</code> writes the replay scenario alone; docs/CLI.md, \u{201C}A recording becomes a test\u{201D}).</p>"
        out += "\n<div id=\"diag-links-box\" class=\"diag-box\" hidden></div>\n<noscript><p class=\"note\">The timeline, the event list and the details need JavaScript; the chain graph below is static.</p></noscript>\n</header>\n"

        out += "<section id=\"timeline-section\" class=\"card\">\n<h2>Timeline</h2>\n"
        out += "<p class=\"legend\">\(HTMLReportAssets.timelineLegend)</p>\n"
        out += "<div class=\"scroll\" id=\"timeline\" tabindex=\"-1\">\(sorted.isEmpty ? "<p class=\"note\">No events.</p>" : "<p class=\"note\">The timeline is drawn by the page's script.</p>")</div>\n"
        out += "<p class=\"keys\">\(HTMLReportAssets.timelineHelp)</p>\n</section>\n"

        out += "<main class=\"split\">\n<section id=\"list-section\" class=\"card\">\n<h2>Events <span class=\"sub\" id=\"shown-count\"></span></h2>\n"
        out += "<div class=\"filters\" role=\"group\" aria-label=\"Filters\">\n"
        out += "<label>Kind <select id=\"f-kind\"><option value=\"\">all</option>"
        for k in EventKind.allCases { out += "<option value=\"\(k.rawValue)\">\(k.rawValue)</option>" }
        out += "</select></label>\n<label>Severity <select id=\"f-severity\"><option value=\"\">any</option>"
        out += "<option value=\"info\">info or worse</option><option value=\"warning\">warning or worse</option>"
        out += "<option value=\"error\">error</option><option value=\"none\">no diagnostics</option></select></label>\n"
        out += "<label>Controller <select id=\"f-controller\"><option value=\"\">any</option></select></label>\n"
        out += "<label class=\"grow\">Search <input id=\"f-text\" type=\"search\" placeholder=\"text in summary or message  ( / )\"></label>\n</div>\n"
        out += "<div id=\"list\" class=\"list\" tabindex=\"0\" role=\"listbox\" aria-label=\"Events\"><div id=\"list-spacer\"></div></div>\n"
        out += "<p class=\"keys\">\(HTMLReportAssets.keyboardHelp)</p>\n</section>\n"
        out += "<section id=\"detail-section\" class=\"card\" aria-live=\"polite\">\n<h2>Details</h2>\n<div id=\"detail\"><p class=\"note\">Select an event in the list, the timeline or with the arrow keys.</p></div>\n</section>\n</main>\n"

        out += "<section id=\"graph-section\" class=\"card\">\n<h2>Chain graph <span class=\"sub\" id=\"graph-state\"></span></h2>\n"
        out += "<p class=\"legend\">\(HTMLReportAssets.graphLegend)</p>\n<p class=\"note\" id=\"graph-note\">\(esc(graphNote))</p>\n"
        out += "<p class=\"graph-switch\"><button type=\"button\" class=\"link\" id=\"graph-mode\" hidden></button></p>\n"
        out += "<div class=\"graph-box focus-box\" id=\"graph-focus\" hidden></div>\n"
        out += "<div class=\"graph-box\" id=\"graph\">\(graphSVG)</div>\n"
        out += "<p class=\"keys\">Whole graph scaled to fit: <button type=\"button\" class=\"link\" id=\"graph-zoom-in\">zoom in</button> · <button type=\"button\" class=\"link\" id=\"graph-zoom-out\">out</button> · <button type=\"button\" class=\"link\" id=\"graph-fit\">fit</button> · Ctrl-wheel or pinch zooms, drag pans, double-click fits</p>\n</section>\n"

        let timelineJSON = sorted.isEmpty ? nil : HTMLReportTimeline.json(timeline)
        out += "<script id=\"pi-data\" type=\"application/json\">\(HTMLReportData.json(header: header, events: sorted, timeline: timelineJSON))</script>\n"
        out += "<script>\n\(HTMLReportAssets.timelineScript)\n\(HTMLReportAssets.graphScript)\n\(HTMLReportAssets.focusScript)\n\(HTMLReportAssets.pageScript)\n</script>\n</body>\n</html>\n"
        return out
    }

    private static func title(_ h: LogHeader) -> String {
        h.app["name"] ?? h.app["bundleID"] ?? "recording"
    }

    private static func metaLine(_ h: LogHeader) -> String {
        var parts: [String] = []
        if !h.created.isEmpty { parts.append("recorded \(h.created)") }
        for (k, v) in h.app.sorted(by: { $0.key < $1.key }) where k != "name" { parts.append("\(k): \(v)") }
        for (k, v) in h.device.sorted(by: { $0.key < $1.key }) { parts.append("\(k): \(v)") }
        parts.append("log format \(h.format) v\(h.version)")
        return parts.joined(separator: " · ")
    }

    static func esc(_ s: String) -> String { SVGRenderer.esc(s) }
}

extension String {
    /// Replaces every occurrence of one ASCII character, working on the UTF-8 bytes (linear;
    /// a multi-megabyte report is scanned in milliseconds).
    func replacingAll(_ target: Character, with replacement: String) -> String {
        guard let t = target.asciiValue else { return split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement) }
        guard utf8.contains(t) else { return self }
        var out: [UInt8] = []
        out.reserveCapacity(utf8.count + 64)
        let r = Array(replacement.utf8)
        for b in utf8 { if b == t { out += r } else { out.append(b) } }
        return String(decoding: out, as: UTF8.self)
    }
}
