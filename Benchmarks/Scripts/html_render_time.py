#!/usr/bin/env python3
"""Time until headless Chromium has rendered an HTML report (issue 6, docs/PERFORMANCE.md).

Drives Chromium over the DevTools protocol on a pipe (Scripts/ci/report_cdp.py, the client CI
step 35 uses). For each run: navigate to the file, wait for the load event, then wait for two
animation frames (style, layout and a first frame done: the page is usable) and read the page's
own clock. Prints one JSON line with medians over the runs:
  usable_ms  performance.now() at the second frame after load (from navigation start)
  load_ms    loadEventEnd, dcl_ms domContentLoadedEventEnd, fcp_ms first-contentful-paint
  wall_ms    wall clock from the navigate command to that frame, seen from outside
  js_errors  uncaught exceptions reported by the page (any run)
  select_ms, filter_ms  (with --interact) from pressing End (select the last event) and from
             choosing kind=dismiss, to the second frame after it
Usage: html_render_time.py FILE.html [--runs N] [--interact] [--width W] [--chromium PATH]
"""
import json, os, statistics, sys, time
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Scripts", "ci"))
from report_cdp import Browser  # noqa: E402

PROBE = ("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(JSON.stringify({"
         "now: performance.now(), nav: performance.getEntriesByType('navigation')[0].toJSON(), "
         "paint: performance.getEntriesByType('paint').map(p => [p.name, p.startTime])})))))")
# First-contentful-paint is reported once the compositor has presented that frame, which on a
# small report can come after the two animation frames PROBE waits for: the entry was not there
# yet, and the table printed "FCP nan ms". Wait for it (buffered observer, 5 s at most) after the
# usable time has been read, so that time is unchanged; null only if it never comes.
FCP_PROBE = ("new Promise(r => { const get = () => { const e = performance.getEntriesByName('first-contentful-paint')[0];"
             " return e ? e.startTime : null; }; if (get() !== null) return r(get());"
             " new PerformanceObserver((l, o) => { if (get() !== null) { o.disconnect(); r(get()); } })"
             ".observe({type: 'paint', buffered: true}); setTimeout(() => r(get()), 5000); })")
ACTIONS = (("select_ms", "document.dispatchEvent(new KeyboardEvent('keydown', {key: 'End', bubbles: true}))"),
           ("filter_ms", "var s = document.getElementById('f-kind'); s.value = 'dismiss'; s.dispatchEvent(new Event('change'))"))


def main():
    args = sys.argv[1:]
    if not args:
        print(__doc__, file=sys.stderr); sys.exit(64)
    path = os.path.realpath(args[0])
    runs = int(args[args.index("--runs") + 1]) if "--runs" in args else 3
    chromium = args[args.index("--chromium") + 1] if "--chromium" in args else "chromium"
    interact = "--interact" in args
    # Chromium's own headless window unless --width W (then W × 900): the table's figures use the former.
    width = int(args[args.index("--width") + 1]) if "--width" in args else None
    results, errors = [], 0
    b = Browser(chromium)
    try:
        for _ in range(runs):
            page = b.page(width)
            b.events.clear()
            t0 = time.monotonic()
            b.send("Page.navigate", {"url": "file://" + path}, session=page.session)
            b.wait_event("Page.loadEventFired", page.session)
            v = json.loads(page.eval(PROBE))
            wall = (time.monotonic() - t0) * 1000
            paint = dict(v["paint"])
            fcp = paint.get("first-contentful-paint")
            if fcp is None:
                fcp = page.eval(FCP_PROBE)
            results.append({"usable_ms": v["now"], "load_ms": v["nav"]["loadEventEnd"],
                            "dcl_ms": v["nav"]["domContentLoadedEventEnd"], "fcp_ms": fcp, "wall_ms": wall})
            if interact:
                for key, action in ACTIONS:
                    results[-1][key] = page.eval("new Promise(r => { var t0 = performance.now(); %s; "
                                                 "requestAnimationFrame(() => requestAnimationFrame(() => r(performance.now() - t0))); })" % action)
            errors += sum(1 for e in b.events if e.get("method") == "Runtime.exceptionThrown" and e.get("sessionId") == page.session)
            page.close()
    finally:
        b.close()
    def median(k):
        values = [r[k] for r in results if isinstance(r[k], (int, float))]
        return round(statistics.median(values), 1) if values else None
    summary = {k: median(k) for k in results[0]}
    summary.update({"file": path, "bytes": os.path.getsize(path), "runs": runs, "js_errors": errors})
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
