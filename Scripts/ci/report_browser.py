#!/usr/bin/env python3
"""The HTML report as a person uses it, in headless Chromium over the DevTools protocol (CI
step 35; issue 12). Every check prints one line; the run exits 1 if any failed.

Usage: report_browser.py DEMO.html [--large 10K.html] [--huge 100K.html]
                         [--at-report AT.html --at SEQ] [--short SHORT.html] [--chromium PATH]
  DEMO   the InspectorDemo's report: opening on the first error, the header's diagnostic
         links, bar labels, no hidden mark, the chain graph's focus mode at 1280 and 390 px
         (report_problem_checks.py), first-diagnostic key, hash round trip, timeline zoom,
         drag-select, sticky labels, folding lane groups, hover, click, the rejection of #13
         on the lane it was attempted at, the chain graph fitting and zooming, 390 px
  SHORT  a recording of one window under a second: its first time axis label whole, counts in
         the singular where they are 1
  10K    selection scrolls the list and the timeline both ways; the list is virtualised
  100K   opens without script errors and stays usable; times are printed, never judged here
         (CI machines vary; Scripts/bench.sh's table holds the goals)
"""
import json, os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from report_cdp import Browser  # noqa: E402
import report_problem_checks  # noqa: E402

failures = []


def check(name, ok, detail=""):
    print(("report_browser: ok    " if ok else "report_browser: FAIL  ") + name + (f"  ({detail})" if detail else ""))
    if not ok:
        failures.append(name)
    return ok


def url(path, fragment=""):
    return "file://" + os.path.realpath(path) + fragment


def opened(page, path, what, fragment=""):
    page.open("about:blank")  # the same file with another hash would not load again
    ms = page.open(url(path, fragment))
    errs = page.errors()
    check(f"{what}: opens without script errors", not errs and page.eval("document.body.dataset.ready") == "true",
          "; ".join(errs[:3]) or f"second frame after {ms:.0f} ms")
    return ms


def timed(page, action_js):
    """Milliseconds from running action_js to the second frame after it (the change is shown)."""
    return page.eval("""new Promise(r => { var t0 = performance.now(); %s;
      requestAnimationFrame(() => requestAnimationFrame(() => r(performance.now() - t0))); })""" % action_js)


ROW_VISIBLE = ("(function(){var r=document.querySelector('#list .row.selected'); if(!r) return false;"
               "var a=r.getBoundingClientRect(), b=document.getElementById('list').getBoundingClientRect();"
               "return a.top>=b.top-1 && a.bottom<=b.bottom+1})()")
CANVAS = "document.querySelector('#timeline canvas').getBoundingClientRect().toJSON()"


def mark(page, seq):
    return page.eval(f"piTimeline.markInfo({int(seq)})")


def demo_checks(b, demo):
    p = b.page()
    opened(p, demo, "demo")
    texts = p.eval("Array.from(document.querySelectorAll('#list .row .text')).map(t => t.textContent)")
    some = next((t for t in texts if t.startswith("present ")), None)
    check("list rows show whole summaries (placeholders filled in)", texts and not any("\x01" in t for t in texts) and
          some is not None and " (" in some, some or "no rows")
    p.key("d")
    first_diag = p.eval("document.body.dataset.selected")
    check("d selects the first event with diagnostics", bool(first_diag) and p.eval("!!document.querySelector('#detail .diag')"),
          f"#{first_diag}")

    # The address follows selection and filters, and gives them back on load.
    p.key("j")
    sel = p.eval("document.body.dataset.selected")
    check("the selection is in the address", p.eval("location.hash") == f"#seq={sel}", p.eval("location.hash"))
    p.eval("var k=document.getElementById('f-kind'); k.value='present'; k.dispatchEvent(new Event('change')); true")
    h = p.eval("location.hash")
    check("a filter is in the address", "kind=present" in h and f"seq={sel}" in h, h)
    opened(p, demo, "reload with the hash", h)
    back = p.eval("[document.body.dataset.selected, document.getElementById('f-kind').value]")
    check("the address restores selection and filter", back == [sel, "present"], f"{h} → {back}")

    # The controller menu is filled when first used, and then filters the list (and goes into the address).
    n0 = p.eval("document.getElementById('f-controller').options.length")
    p.eval("var c=document.getElementById('f-controller'); c.focus(); c.value='photos'; c.dispatchEvent(new Event('change')); 0")
    shown = p.eval("[document.getElementById('f-controller').options.length, document.getElementById('shown-count').textContent, location.hash]")
    check("the controller menu fills on first use and filters", n0 == 1 and shown[0] > 10 and " of " in shown[1] and "controller=photos" in shown[2],
          f"{n0} option(s) at load, then {shown}")
    opened(p, demo, "reload with a controller in the hash", "#controller=photos")
    back = p.eval("[document.getElementById('f-controller').value, document.getElementById('shown-count').textContent]")
    check("the address restores the controller filter", back[0] == "photos" and " of " in back[1], str(back))

    # Timeline zoom with + - 0: the scrollable width grows, shrinks and comes back.
    opened(p, demo, "demo again")
    width = "[document.getElementById('timeline').scrollWidth, Number(document.body.dataset.zoom)]"
    w0 = p.eval(width)
    p.key("+"); p.key("+"); w1 = p.eval(width)
    p.key("-"); w2 = p.eval(width)
    p.key("0"); w3 = p.eval(width)
    check("+ zooms the timeline in, - out, 0 back", w1[0] > w0[0] * 1.5 and w0[0] < w2[0] < w1[0] and w3 == w0,
          f"{w0} → {w1} → {w2} → {w3} ([scrollWidth, zoom])")

    # Drag across 20 % of the plot: the view zooms to that range (about 5×).
    c = p.eval(CANVAS)
    x0, x1, y = c["left"] + 200 + 0.3 * (c["width"] - 200), c["left"] + 200 + 0.5 * (c["width"] - 200), c["top"] + 60
    p.drag(x0, y, x1, y); p.frames()
    z = p.eval("piTimeline.state().zoom")
    check("dragging across the timeline zooms to that range", 3 < z < 8, f"zoom {z:.2f} after dragging over {x1 - x0:.0f} px")

    # Lane labels are sticky: scrolled sideways, the canvas (labels drawn at its left) stays put.
    p.eval("var t=document.getElementById('timeline'); t.scrollLeft = t.scrollWidth / 2; 0"); p.frames()
    left = p.eval(f"[{CANVAS}.left, document.getElementById('timeline').getBoundingClientRect().left, document.getElementById('timeline').scrollLeft]")
    check("lane labels stay at the left edge when the timeline scrolls", left[2] > 0 and abs(left[0] - left[1]) <= 2, str(left))
    p.key("0"); p.frames()

    # Window groups fold: a click on a window's header row hides its lanes, another shows them.
    p.eval("document.getElementById('timeline').scrollTop = 0"); p.frames()
    rows0 = p.eval("piTimeline.state().rows")
    c = p.eval(CANVAS)
    p.click(c["left"] + 30, c["top"] + 24 + 11); p.frames()
    s1 = p.eval("piTimeline.state()")
    p.click(c["left"] + 30, c["top"] + 24 + 11); p.frames()
    rows2 = p.eval("piTimeline.state().rows")
    check("a click on a window's row folds its lanes and unfolds them", s1["rows"] < rows0 and len(s1["collapsed"]) == 1 and rows2 == rows0,
          f"rows {rows0} → {s1['rows']} (folded {s1['collapsed']}) → {rows2}")

    # #13 is a present rejected on photos (level 1 of camera-window): drawn there, not on the root lane.
    p.eval("location.hash = 'seq=13'"); p.frames()
    m = mark(p, 13)
    check("a rejection is drawn on the lane it was attempted at", m and m["lane"] == "camera-window · level 1", str(m and m["lane"]))
    if m and m["drawn"]:
        p.mouse("mouseMoved", m["drawn"]["x"], m["drawn"]["y"]); p.frames()
        tip = p.eval("(function(){var t=document.querySelector('.tl-tip'); return t && !t.hidden ? t.textContent : ''})()")
        check("hovering a mark shows its event", tip.startswith("#13 "), tip[:80])
        p.key("Home"); p.click(m["drawn"]["x"], m["drawn"]["y"]); p.frames()
        check("clicking a mark selects its event", p.eval("document.body.dataset.selected") == "13", p.eval("document.body.dataset.selected"))
    else:
        check("the mark of #13 is drawn in view", False, str(m))

    # The whole chain graph (one click from the focus on the selection) fits its box, zooms in
    # with the button and fits again.
    p.eval("document.getElementById('graph-mode').click(); 0")
    g = p.eval("(function(){var b=document.getElementById('graph'), s=b.querySelector('svg'); return [s.getBoundingClientRect().width, b.clientWidth]})()")
    check("the chain graph fits its box", g[0] <= g[1] + 1, f"svg {g[0]:.0f} px in a {g[1]} px box")
    p.eval("piGraph.fit(); document.getElementById('graph-zoom-in').click(); 0")
    zin = p.eval("piGraph.state().zoom")
    p.eval("document.getElementById('graph-fit').click(); 0")
    check("the chain graph zooms in and fits again", zin > 1.2 and abs(p.eval("piGraph.state().zoom") - 1) < 0.01, f"zoom {zin:.2f}")
    check("demo: no script errors during the checks", not p.errors(), "; ".join(p.errors()[:3]))
    p.close()

    # 390 px: nothing wider than the screen.
    n = b.page(390, 844)
    opened(n, demo, "390 px", "#seq=13")
    sw = n.eval("[document.scrollingElement.scrollWidth, innerWidth]")
    wide = n.eval("""Array.from(document.querySelectorAll('body *')).filter(e => !(e.parentElement && e.parentElement.closest('svg'))
        && e.getBoundingClientRect().right > innerWidth + 0.5)
      .slice(0, 5).map(e => e.tagName + (e.id ? '#' + e.id : ''))""")
    check("390 px: no sideways scroll", sw[0] <= sw[1] and not wide, f"scrollWidth {sw[0]}, innerWidth {sw[1]}, too wide: {wide}")
    n.close()


def scroll_checks(p, what):
    """End then Home, zoomed in: the selected row and its timeline mark come into view each
    time, the timeline scrolling right and down, then left and up."""
    for _ in range(4):
        p.key("+")
    st = []
    for k in ("End", "Home"):
        p.key(k); p.frames()
        sel = p.eval("document.body.dataset.selected")
        m = mark(p, sel)
        st.append(p.eval("[document.getElementById('timeline').scrollLeft, document.getElementById('timeline').scrollTop]"))
        check(f"{what}: {k} selects #{sel}; its row is in the list", p.eval(ROW_VISIBLE))
        check(f"{what}: {k}: its timeline mark is in view", bool(m and m["visible"]), str(m))
    check(f"{what}: the timeline scrolled to the last event and back, sideways and down/up", st[0][0] > st[1][0] and st[0][1] > st[1][1],
          f"[scrollLeft, scrollTop]: End {st[0]}, Home {st[1]}")
    p.key("0")


def large_checks(b, path, what, timing=False):
    p = b.page()
    ms = opened(p, path, what)
    n = p.eval("Number(document.getElementById('stat-events').textContent)")
    scroll_checks(p, what)
    rows = p.eval("document.querySelectorAll('#list .row').length")
    check(f"{what}: the list is virtualised", 0 < rows < 200, f"{rows} rows in the DOM for {n} events")
    # Zoomed all the way in and back: still no error (the drawing never holds more than the view).
    for _ in range(25):
        p.key("+")
    p.key("0")
    sel = timed(p, "document.dispatchEvent(new KeyboardEvent('keydown', {key: 'End', bubbles: true}))")
    flt = timed(p, "var s = document.getElementById('f-kind'); s.value = 'dismiss'; s.dispatchEvent(new Event('change'))")
    check(f"{what}: no script errors", not p.errors(), "; ".join(p.errors()[:3]))
    print(json.dumps({"report": what, "events": n, "bytes": os.path.getsize(path), "open_ms": round(ms), "select_ms": round(sel, 1), "filter_ms": round(flt, 1)}))
    p.close()


def main():
    args = sys.argv[1:]
    opts = {}
    for flag in ("--large", "--huge", "--at-report", "--at", "--short", "--chromium"):
        if flag in args:
            i = args.index(flag); opts[flag] = args[i + 1]; del args[i:i + 2]
    if len(args) != 1:
        print(__doc__, file=sys.stderr); sys.exit(64)
    b = Browser(opts.get("--chromium", "chromium"))
    report_problem_checks.bind(check)
    try:
        report_problem_checks.problem_checks(b, args[0], check, opened)
        demo_checks(b, args[0])
        if "--short" in opts:
            report_problem_checks.short_checks(b, opts["--short"], opened)
        if "--at-report" in opts and "--at" in opts:
            p = b.page()
            opened(p, opts["--at-report"], f"convert --at {opts['--at']}")
            check(f"convert --at {opts['--at']} opens with #{opts['--at']} selected", p.eval("document.body.dataset.selected") == opts["--at"])
            p.close()
        if "--large" in opts:
            large_checks(b, opts["--large"], "10k")
        if "--huge" in opts:
            large_checks(b, opts["--huge"], "100k")
    finally:
        b.close()
    if failures:
        print(f"report_browser: {len(failures)} checks failed", file=sys.stderr); sys.exit(1)


if __name__ == "__main__":
    main()
