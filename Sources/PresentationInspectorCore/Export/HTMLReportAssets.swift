/// The report's stylesheet, legends and script, kept apart from the page assembly.
enum HTMLReportAssets {
    static let css = #"""
    :root { --fg:#24292f; --muted:#57606a; --line:#d0d7de; --bg:#ffffff; --soft:#f6f8fa; --accent:#0969da;
            --error:#cf222e; --warning:#9a6700; --info:#1b7c83; --row:26px; }
    * { box-sizing: border-box; }
    body { margin: 0; padding: 12px 16px 24px; font: 14px/1.45 -apple-system, "Segoe UI", Helvetica, Arial, sans-serif;
           color: var(--fg); background: #eef1f4; }
    h1 { font-size: 20px; margin: 0 0 4px; } h2 { font-size: 15px; margin: 0 0 8px; }
    .sub { color: var(--muted); font-weight: normal; font-size: 13px; }
    .meta, .note, .keys, .legend { color: var(--muted); font-size: 12px; margin: 2px 0 6px; }
    .stats { margin: 4px 0 10px; }
    .card { background: var(--bg); border: 1px solid var(--line); border-radius: 8px; padding: 10px 12px; margin-bottom: 12px; }
    .scroll { overflow: auto; max-height: clamp(300px, 70vh, 720px); border: 1px solid var(--line); border-radius: 6px; background: #fff; }
    .split { display: grid; grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); gap: 12px; }
    @media (max-width: 900px) { .split { grid-template-columns: minmax(0, 1fr); } }
    .filters { display: flex; flex-wrap: wrap; gap: 6px 12px; margin-bottom: 8px; font-size: 12px; color: var(--muted); }
    .filters label { display: flex; gap: 4px; align-items: center; min-width: 0; max-width: 100%; }
    .filters select { min-width: 0; max-width: 100%; flex: 1 1 auto; }
    #f-controller { width: 16em; }  /* its options arrive on first use: no jump then */
    .fix { margin-top: 2px; color: var(--fg); } .fix b { color: #1a7f37; }
    @media (max-width: 600px) {
      body { padding: 8px 6px 16px; } .card { padding: 8px; } h1 { font-size: 17px; }
      .filters label:not(.grow) { flex: 1 1 45%; } .filters .grow { flex-basis: 100%; }
      .row { gap: 4px; padding: 0 4px; } .row .seq { width: 3.6em; } .row .time { display: none; }
      .keys { display: none; }
    }
    .filters .grow { flex: 1 1 200px; } .filters .grow input { flex: 1; min-width: 120px; }
    select, input { font: inherit; font-size: 12px; padding: 2px 4px; }
    .list { position: relative; height: clamp(240px, 52vh, 560px); overflow-y: auto; border: 1px solid var(--line);
            border-radius: 6px; outline: none; }
    .list:focus { border-color: var(--accent); box-shadow: 0 0 0 2px #54aeff55; }
    #list-spacer { position: relative; width: 100%; }
    .row { position: absolute; left: 0; right: 0; height: var(--row); display: flex; gap: 8px; align-items: center;
           padding: 0 8px; font: 12px/var(--row) ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
           white-space: nowrap; overflow: hidden; cursor: pointer; border-bottom: 1px solid #f0f2f4; }
    .row:hover { background: var(--soft); }
    .row.selected { background: #ddf4ff; box-shadow: inset 3px 0 0 var(--accent); }
    .row .seq { color: var(--muted); width: 4.5em; text-align: right; flex: none; }
    .row .time { color: var(--muted); width: 6.5em; flex: none; }
    .row .text { overflow: hidden; text-overflow: ellipsis; flex: 1; min-width: 0; }
    .row .outcome { flex: none; color: var(--fg); }
    .diag-box { max-height: 10.5em; overflow-y: auto; margin: -4px 0 10px; padding: 4px 8px; background: #fff;
                border: 1px solid var(--line); border-radius: 6px; font-size: 12px; }
    .diag-links { margin: 0; padding-left: 0; list-style: none; } .diag-links li { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
    .focus-box { cursor: default; padding: 4px; } .pi-focus { display: block; max-width: none; }
    .graph-switch { margin: 0 0 4px; font-size: 13px; }
    [hidden] { display: none !important; }
    .badge { display: inline-block; padding: 0 6px; border-radius: 10px; font-size: 11px; line-height: 18px;
             border: 1px solid var(--line); background: var(--soft); flex: none; }
    .sev { font-weight: 600; } .sev-error { color: var(--error); } .sev-warning { color: var(--warning); } .sev-info { color: var(--info); }
    .badge.sev-error { background: #ffebe9; border-color: #ff818266; } .badge.sev-warning { background: #fff8c5; border-color: #d4a72c66; }
    .badge.sev-info { background: #e6fffa; border-color: #1b7c8366; }
    #detail table { border-collapse: collapse; width: 100%; font-size: 12px; margin-bottom: 8px; }
    #detail th { text-align: left; color: var(--muted); font-weight: normal; padding: 2px 8px 2px 0; vertical-align: top; width: 9.5em; }
    #detail td { padding: 2px 0; font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; word-break: break-word; }
    #detail ol { padding-left: 20px; margin: 4px 0 8px; } #detail li { margin-bottom: 4px; }
    #detail h3 { font-size: 14px; margin: 0 0 6px; } #detail h4 { font-size: 13px; margin: 10px 0 4px; }
    .diag { border-left: 3px solid var(--line); padding: 2px 8px; margin: 4px 0; background: var(--soft); font-size: 12px; }
    .diag.sev-error { border-color: var(--error); } .diag.sev-warning { border-color: #d4a72c; } .diag.sev-info { border-color: var(--info); }
    .diag .msg { color: var(--fg); font-weight: normal; font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
    button.link { border: none; background: none; color: var(--accent); cursor: pointer; padding: 0; font: inherit; text-decoration: underline; }
    #timeline { position: relative; cursor: crosshair; user-select: none; max-height: none; overscroll-behavior: contain; }
    .tl-canvas { position: sticky; top: 0; left: 0; display: block; }
    .tl-spacer { pointer-events: none; }
    .tl-tip { position: fixed; z-index: 10; max-width: min(520px, 90vw); padding: 4px 8px; border-radius: 4px; background: #24292f; color: #fff;
              font: 11px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; pointer-events: none; white-space: normal; }
    .graph-box { border: 1px solid var(--line); border-radius: 6px; background: #fff; overflow: hidden; cursor: grab; user-select: none; }
    .pi-graph .pi-inactive { opacity: 0.12; }
    .pi-graph .pi-hl rect { stroke: #bf3989 !important; stroke-width: 3px !important; }
    .pi-graph .pi-hl.pi-inactive { opacity: 0.6; }  /* named by the event, though not in a chain then */
    .swatch { display: inline-block; width: 18px; height: 10px; border-radius: 2px; vertical-align: middle; margin: 0 3px 0 8px; }
    .line { display: inline-block; width: 22px; height: 0; vertical-align: middle; margin: 0 3px 0 8px; border-top-width: 2px; }
    kbd { font: 11px ui-monospace, monospace; border: 1px solid var(--line); border-bottom-width: 2px; border-radius: 4px; padding: 0 4px; background: var(--soft); }
    """#

    static let timelineLegend = #"""
    <span class="swatch" style="background:#d0d7de"></span>window root<span class="swatch" style="background:#b6e3ff;border:1px solid #54aeff"></span>presented<span class="swatch" style="background:#2da44e99"></span>present transition<span class="swatch" style="background:#fb8f4499"></span>dismiss transition &nbsp; <span style="color:#0969da">●</span> request <span style="color:#8250df">▼</span> swipe-down <span class="sev-error">✕</span> rejection <span class="sev-error">◆</span> error <span class="sev-warning">◆</span> warning <span class="sev-info">◆</span> info
    """#

    static let timelineHelp = #"""
    Drag across the timeline to zoom to that time range · <kbd>+</kbd>/<kbd>-</kbd>/<kbd>0</kbd> zoom, Ctrl-wheel or pinch zooms around the pointer · <kbd>←</kbd>/<kbd>→</kbd> or Shift-drag pan · click a window's row to fold its lanes · hover for details
    """#

    static let graphLegend = #"""
    <span class="line" style="border-top:2px solid #8c959f"></span>container → child<span class="line" style="border-top:3px solid #0969da"></span>presenting → presented<span class="line" style="border-top:2px dashed #8250df"></span>source → presented (when not the presenting one)<span class="line" style="border-top:3px dotted #1a7f37"></span>context provider → presented (when not the presenting one) · double border: window root · green border: defines the presentation context · blue fill: presented
    """#

    static let keyboardHelp = #"""
    <kbd>↑</kbd>/<kbd>↓</kbd> or <kbd>k</kbd>/<kbd>j</kbd> previous/next event · <kbd>PgUp</kbd>/<kbd>PgDn</kbd> · <kbd>Home</kbd>/<kbd>End</kbd> · <kbd>n</kbd>/<kbd>p</kbd> next/previous event with diagnostics · <kbd>d</kbd> first diagnostic · timeline: <kbd>+</kbd>/<kbd>-</kbd>/<kbd>0</kbd> zoom, <kbd>←</kbd>/<kbd>→</kbd> pan · <kbd>/</kbd> search · <kbd>Esc</kbd> clear filters
    """#
}
