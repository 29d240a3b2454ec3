/// The report's stylesheet and scripts, and its legends and help texts, kept apart from the page
/// assembly.
///
/// The stylesheet and the scripts are plain files in `Export/Resources` (where editors and
/// JavaScript tools read them), embedded by SwiftPM (`resources: [.embedInCode(…)]` in
/// Package.swift: the bytes become `PackageResources`, so the report needs no resource bundle on
/// any platform). Each file's leading comment explains it to its readers and is left out of the
/// page, as is its final newline.
enum HTMLReportAssets {
    #if SWIFT_PACKAGE
    /// report.css: the page's stylesheet.
    static let css = pageText(PackageResources.report_css, comment: .block)
    /// timeline.js: the timeline canvas (`PITimeline`).
    static let timelineScript = pageText(PackageResources.timeline_js, comment: .lines)
    /// graph.js: the chain graph's view (`PIGraph`).
    static let graphScript = pageText(PackageResources.graph_js, comment: .lines)
    /// focus.js: the problem-first views (the diagnostics list, the graph's focus mode).
    static let focusScript = pageText(PackageResources.focus_js, comment: .lines)
    /// report.js: the page's own script, which uses the three above.
    static let pageScript = pageText(PackageResources.report_js, comment: .lines)
    #else
    // Compiled without SwiftPM (the iOS type-check hands swiftc the sources alone), there are no
    // embedded bytes: a report made by such a build says so on its page instead of half working.
    static let css = ""
    static let timelineScript = ""
    static let graphScript = ""
    static let focusScript = ""
    static let pageScript = "document.body.prepend('This PresentationInspector was built without SwiftPM, which embeds the scripts of the report: build it as a Swift package.')"
    #endif

    /// How a file's leading comment is written.
    enum LeadingComment {
        /// `//` lines (JavaScript).
        case lines
        /// One `/* … */` block starting on the first line (CSS).
        case block
    }

    /// A file's text as the page embeds it: without its leading comment and its final newline.
    static func pageText(_ bytes: [UInt8], comment: LeadingComment) -> String {
        var lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        switch comment {
        case .lines:
            while let first = lines.first, first.hasPrefix("//") { lines.removeFirst() }
        case .block:
            if lines.first == "/*", let end = lines.firstIndex(where: { $0.hasSuffix("*/") }) { lines.removeFirst(end + 1) }
        }
        if lines.last == "" { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    static let timelineLegend = #"""
    <span class="swatch" style="background:#d0d7de"></span>window root<span class="swatch" style="background:#b6e3ff;border:1px solid #54aeff"></span>presented<span class="swatch" style="background:#2da44e99"></span>present transition<span class="swatch" style="background:#fb8f4499"></span>dismiss transition<span class="swatch" style="background:#1a7f37;height:4px"></span>still interactive below an undimmed sheet &nbsp; <span style="color:#0969da">●</span> request <span style="color:#8250df">▼</span> swipe-down <span style="color:#1a7f37">■</span> detent change <span class="sev-error">✕</span> rejection <span class="sev-error">◆</span> error <span class="sev-warning">◆</span> warning <span class="sev-info">◆</span> info
    """#

    static let timelineHelp = #"""
    Drag across the timeline to zoom to that time range · <kbd>+</kbd>/<kbd>-</kbd>/<kbd>0</kbd> zoom, Ctrl-wheel or pinch zooms around the pointer · <kbd>←</kbd>/<kbd>→</kbd> or Shift-drag pan · click a window's row to fold its lanes · hover for details
    """#

    static let graphLegend = #"""
    <span class="line" style="border-top:2px solid #8c959f"></span>container → child<span class="line" style="border-top:3px solid #0969da"></span>presenting → presented<span class="line" style="border-top:2px dashed #8250df"></span>source → presented (when not the presenting one)<span class="line" style="border-top:3px dotted #1a7f37"></span>context provider → presented (when not the presenting one) · double border: window root · green border: defines the presentation context · green dashed border: still interactive below an undimmed sheet · blue fill: presented
    """#

    static let keyboardHelp = #"""
    <kbd>↑</kbd>/<kbd>↓</kbd> or <kbd>k</kbd>/<kbd>j</kbd> previous/next event · <kbd>PgUp</kbd>/<kbd>PgDn</kbd> · <kbd>Home</kbd>/<kbd>End</kbd> · <kbd>n</kbd>/<kbd>p</kbd> next/previous event with diagnostics · <kbd>d</kbd> first diagnostic · timeline: <kbd>+</kbd>/<kbd>-</kbd>/<kbd>0</kbd> zoom, <kbd>←</kbd>/<kbd>→</kbd> pan · <kbd>/</kbd> search · <kbd>Esc</kbd> clear filters
    """#
}
