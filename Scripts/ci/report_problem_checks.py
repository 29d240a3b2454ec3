"""Checks that the report leads with the problem (run by report_browser.py, CI step 35): the first
error selected on open with its mark in view, every diagnostic listed in the header as a link,
bar labels never cut inside their first word, no timeline mark hidden, no "+N" badge over another,
time axis labels whole (a short recording's first one too), the chain graph's focus mode readable
(node text >= 10 CSS px, never cut) at 1280 and 390 px with the whole graph one click away, list
rows keeping the outcome at 390 px, and counts that agree in number ("1 window")."""
import re

FIRST_ROW = "(function(){var r=document.querySelector('#list .row'); return r ? Number(r.dataset.seq) : null})()"
FOCUS_TEXT = """Array.from(document.querySelectorAll('#graph-focus svg text')).map(function (t) {
  return parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a; })"""
AUDIT_ROWS = """(function(){var t=document.getElementById('timeline'), out={bars:[], marks:0, drawn:0, crowded:0, badges:0, overlaps:[], ticks:[]};
  function meet(a, b) { return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h; }
  for (var y=0; ; y+=t.clientHeight/2) { t.scrollTop=y; t.dispatchEvent(new Event('scroll'));
    piTimeline.select(Number(document.body.dataset.selected), false); var a=piTimeline.audit();
    out.bars=out.bars.concat(a.bars); out.marks+=a.marks; out.drawn+=a.drawn; out.crowded+=a.crowded; out.badges+=a.badges.length;
    a.badges.forEach(function (b, i) { a.badges.slice(i + 1).forEach(function (c) { if (meet(b, c)) out.overlaps.push([b, c]); }); });
    a.ticks.forEach(function (k, i) { out.ticks.push({text: k.text, left: k.left - a.plotLeft, overlapsNext: i + 1 < a.ticks.length && k.right > a.ticks[i + 1].left}); });
    if (y + t.clientHeight >= t.scrollHeight) break; }
  t.scrollTop=0; return out;})()"""
# Whether every text of the focused graph's nodes is whole: none ends with "…".
FOCUS_CUT = "Array.from(document.querySelectorAll('#graph-focus .pi-focus-node text')).map(t => t.textContent).filter(t => t.endsWith('…'))"


def cut_inside_first_word(bar):
    """Whether a label ending in "…" stops before a whole word of the bar's names (or is empty
    on a wide bar): "UIN…" from UINavigationController is, "People…" from PeoplePicker is not."""
    label = bar["label"]
    if not label:
        return True
    if not label.endswith("…"):
        return False
    head = label[:-1].rstrip()
    for name in (bar["full"], bar["id"]):
        k = name.find(head)
        if len(head) >= 3 and k >= 0:
            nxt = name[k + len(head):k + len(head) + 1]
            last = head[-1]
            if nxt in ("", " ", "“", "”", '"') or (nxt.isupper() and (last.islower() or last.isdigit())):
                return False
    return True


def problem_checks(b, demo, check, opened):
    p = b.page()
    opened(p, demo, "first open (no address)")
    sel = p.eval("document.body.dataset.selected")
    info = p.eval(f"piTimeline.markInfo({sel or 0})")
    p.eval("var s=document.getElementById('f-severity'); s.value='error'; s.dispatchEvent(new Event('change')); 0")
    first_error = p.eval(FIRST_ROW)
    check("first open selects the first error", sel and int(sel) == first_error, f"#{sel}, first error #{first_error}")
    check("first open: its window is unfolded and its mark in view", bool(info and info["visible"] and info["drawn"]), str(info))
    p.eval("var s=document.getElementById('f-severity'); s.value=''; s.dispatchEvent(new Event('change')); 0")

    links = p.eval("Array.from(document.querySelectorAll('#diag-links-box li button')).map(b => Number(b.dataset.seq))")
    total = int(p.eval("document.getElementById('stat-diagnostics').textContent"))
    check("the header lists every diagnostic as a link", len(links) == min(total, 40) and total > 0, f"{len(links)} links, {total} diagnostics")
    severities = p.eval("Array.from(document.querySelectorAll('#diag-links-box li .sev')).map(s => s.textContent.trim())")
    rank = {"error": 0, "warning": 1, "info": 2}
    ranks = [rank.get(s, 3) for s in severities]
    check("the header lists errors first, then warnings, then info", ranks == sorted(ranks) and ranks[:1] == [0], ", ".join(severities[:6]))
    if links:
        p.eval("document.querySelectorAll('#diag-links-box li button')[%d].click(); 0" % (len(links) - 1))
        check("a diagnostic's link selects its event", p.eval("document.body.dataset.selected") == str(links[-1]), p.eval("document.body.dataset.selected"))

    # Every zoom the timeline is seen at: whole, and zoomed in twice.
    bad, bars, hidden = [], 0, []
    badges, overlaps, ticks = 0, [], []
    for zoom_keys in ([], ["+", "+"], ["+", "+", "+", "+"]):
        p.key("0")
        for k in zoom_keys:
            p.key(k)
        p.frames()
        a = p.eval(AUDIT_ROWS)
        wide = [x for x in a["bars"] if x["w"] >= 60]
        bars += len(wide)
        bad += [f"{x['label']!r} of {x['full']!r} ({x['w']:.0f} px)" for x in wide if cut_inside_first_word(x)]
        if a["marks"] != a["drawn"] + a["crowded"]:
            hidden.append(f"zoom {zoom_keys}: {a}")
        badges += a["badges"]; overlaps += a["overlaps"]; ticks += a["ticks"]
    p.key("0")
    check("no two \"+N\" badges overlap", badges > 0 and not overlaps, f"{badges} badges; overlapping: {overlaps[:2]}")
    axis_checks(ticks, "1280 px")
    check("no bar label of a bar >= 60 px is cut before its first word", bars > 0 and not bad, f"{bars} bars; " + "; ".join(bad[:4]))
    check("no timeline mark is hidden: each is drawn or counted on a crowded neighbour", not hidden, "; ".join(hidden[:2]))

    # Each diagnostic's mark, brought into view without selecting it, is drawn or in a "+N" badge.
    lost = [s for s in sorted(set(links)) if not (p.eval(f"piTimeline.show({s}), piTimeline.markInfo({s})") or {}).get("drawn")]
    check("every diagnostic's mark can be found in the timeline", not lost, f"not drawn: {lost}")

    p.eval(f"location.hash = 'seq={sel}'"); p.frames()
    focus_checks(p, "1280 px")
    p.eval("document.getElementById('graph-mode').click(); 0")
    whole = p.eval("[document.body.dataset.graphMode, !document.getElementById('graph').hidden, "
                   "document.querySelector('#graph svg').getBoundingClientRect().width]")
    check("the whole graph is one click away", whole[0] == "whole" and whole[1] and whole[2] > 100, str(whole))
    p.eval("document.getElementById('graph-mode').click(); 0")
    check("and focus one click back", p.eval("document.body.dataset.graphMode") == "focus")
    check("problem checks: no script errors", not p.errors(), "; ".join(p.errors()[:3]))
    p.close()

    n = b.page(390, 844)
    opened(n, demo, "390 px, first open")
    focus_checks(n, "390 px")
    a = n.eval(AUDIT_ROWS)
    check("390 px: no two \"+N\" badges overlap", a["badges"] > 0 and not a["overlaps"], f"{a['badges']} badges; overlapping: {a['overlaps'][:2]}")
    axis_checks(a["ticks"], "390 px")
    rows = n.eval("""Array.from(document.querySelectorAll('#list .row')).filter(r => r.getBoundingClientRect().top <
        document.getElementById('list').getBoundingClientRect().bottom).map(function (r) {
      var o = r.querySelector('.outcome'), rb = r.getBoundingClientRect(), ob = o && o.getBoundingClientRect();
      return [Number(r.dataset.seq), o ? o.textContent : '', !!o && ob.width > 0 && ob.right <= rb.right + 0.5]; })""")
    missing = [r for r in rows if not (r[1].startswith("→ ") and r[2])]
    check("390 px: list rows keep the outcome", rows and not missing, f"{len(rows)} rows; without: {missing[:3]}")
    n.close()


def axis_checks(ticks, what):
    """The time axis labels: none under the lane titles (the first tick of a short recording sits
    just right of them), none over the next."""
    under = [t["text"] for t in ticks if t["left"] < 0]
    over = [t["text"] for t in ticks if t["overlapsNext"]]
    _check(f"{what}: every time axis label is whole, right of the lane titles, apart from the next", ticks and not under and not over,
           f"{len(ticks)} labels; under the titles: {under[:3]}; overlapping: {over[:3]}")


def short_checks(b, short, opened):
    """A recording of under a second in one window: its first time axis label (0.0s) is whole,
    and the header counts "1 window", "1 controller"-style, as pinspect does."""
    for width in (1280, 390):
        p = b.page(width, 900)
        opened(p, short, f"short recording, {width} px")
        axis_checks(p.eval(AUDIT_ROWS)["ticks"], f"short recording, {width} px")
        stats = p.eval("document.querySelector('.stats').textContent")
        _check(f"short recording, {width} px: the header's counts agree in number", "1 window ·" in stats and "1 windows" not in stats
               and "1 errors" not in stats and "1 events" not in stats, stats)
        p.close()


def focus_checks(p, what):
    sizes = p.eval(FOCUS_TEXT)
    mode = p.eval("document.body.dataset.graphMode")
    check_ok = mode == "focus" and sizes and min(sizes) >= 10
    _check(f"{what}: the chain graph opens focused on the selection, node text >= 10 px", check_ok,
           f"mode {mode}, {len(sizes or [])} texts, smallest {min(sizes) if sizes else None}")
    width = p.eval("[document.querySelector('#graph-focus svg').getBoundingClientRect().right, document.getElementById('graph-focus').getBoundingClientRect().right]")
    _check(f"{what}: the focused graph fits its box", width[0] <= width[1] + 0.5, str(width))
    cut = p.eval(FOCUS_CUT)
    _check(f"{what}: the focused graph's node texts are whole (roles wrap, never cut)", not cut, str(cut[:3]))


_check = None


def bind(check):
    """report_browser.py's `check`, for the helpers above."""
    global _check
    _check = check
