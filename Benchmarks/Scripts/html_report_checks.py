#!/usr/bin/env python3
"""Behaviour checks of the HTML report in headless Chromium over the DevTools protocol (CI step
35). Each check prints one line; any failure exits 1.

Usage: html_report_checks.py DEMO.html LARGE.html [HUGE.html] [--at-report AT.html --at SEQ]
  DEMO   the demo's report (has diagnostics)
  LARGE  a 10,000-event report: selection scroll in both directions, virtualised list
  HUGE   a 100,000-event report: opens with no script error
"""
import json, os, sys
# The DevTools client CI step 35 uses too (Scripts/ci/report_cdp.py).
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Scripts", "ci"))
from report_cdp import Browser as Chromium  # noqa: E402

failures = []


def check(name, ok, detail=""):
    print(("ok    " if ok else "FAIL  ") + name + (f"  ({detail})" if detail else ""))
    if not ok:
        failures.append(name)


def url(path, fragment=""):
    return "file://" + os.path.realpath(path) + fragment


def ready(page):
    return page.eval("document.body.dataset.ready") == "true"


def key(page, k):
    page.eval(f"document.dispatchEvent(new KeyboardEvent('keydown', {{key: {json.dumps(k)}, bubbles: true}})); true")


def main():
    args = sys.argv[1:]
    at_report = at = None
    if "--at-report" in args:
        i = args.index("--at-report"); at_report = args[i + 1]; del args[i:i + 2]
    if "--at" in args:
        i = args.index("--at"); at = args[i + 1]; del args[i:i + 2]
    if len(args) < 2:
        print(__doc__, file=sys.stderr); sys.exit(64)
    demo, large = args[0], args[1]
    huge = args[2] if len(args) > 2 else None
    chrome = Chromium()
    try:
        # 1. Hash round trip: selection and filters go into the address and come back from it.
        p = chrome.page()
        p.open(url(demo))
        check("demo opens", ready(p))
        key(p, "d")
        first_diag = p.eval("document.body.dataset.selected")
        check("d selects an event with diagnostics", bool(first_diag) and
              p.eval("!!document.querySelector('#detail .diag')"), f"selected #{first_diag}")
        key(p, "j")
        sel = p.eval("document.body.dataset.selected")
        check("selection is in the address", p.eval("location.hash") == f"#seq={sel}", p.eval("location.hash"))
        p.eval("var k=document.getElementById('f-kind'); k.value='present'; k.dispatchEvent(new Event('change')); true")
        h = p.eval("location.hash")
        check("a filter is in the address", "kind=present" in h and f"seq={sel}" in h, h)
        p.close()
        p = chrome.page()
        p.open(url(demo, h))
        check("the address restores selection and filter",
              p.eval("document.body.dataset.selected") == sel and p.eval("document.getElementById('f-kind').value") == "present",
              p.eval("document.body.dataset.selected + ' ' + document.getElementById('f-kind').value"))
        w0 = p.eval("document.getElementById('timeline').scrollWidth")
        key(p, "+"); key(p, "+")
        w1 = p.eval("document.getElementById('timeline').scrollWidth")
        check("+ zooms the timeline in", w1 > w0 * 1.5, f"{w0} → {w1} px")
        key(p, "-")
        w2 = p.eval("document.getElementById('timeline').scrollWidth")
        check("- zooms out", w0 < w2 < w1, f"{w2} px")
        key(p, "0")
        check("0 restores the width", p.eval("document.getElementById('timeline').scrollWidth") == w0)
        check("lane labels stay at the left edge", p.eval(
            "(function(){var t=document.getElementById('timeline'); t.scrollLeft=300;"
            "var a=document.querySelector('#timeline .pi-sticky text').getBoundingClientRect().left - t.getBoundingClientRect().left;"
            "return a>=0 && a<20})()"))
        check("demo: no script errors", not p.errors(), "; ".join(p.errors()))
        p.close()

        # 2. 390 px: nothing scrolls sideways.
        p = chrome.page(390, 844)
        p.open(url(demo, "#seq=13"))
        w = p.eval("[document.scrollingElement.scrollWidth, innerWidth]")
        check("390 px wide: no sideways scroll", w[0] <= w[1], f"scrollWidth {w[0]}, innerWidth {w[1]}")
        p.close()

        # 3. Selection scroll on 10,000 events, down then up, in the list and the timeline.
        p = chrome.page()
        p.open(url(large))
        check("10k report opens", ready(p))
        visible = ("(function(){var r=document.querySelector('#list .row.selected'); if(!r) return false;"
                   "var a=r.getBoundingClientRect(), b=document.getElementById('list').getBoundingClientRect();"
                   "return a.top>=b.top-1 && a.bottom<=b.bottom+1})()")
        in_timeline = ("(function(){var m=document.querySelector('#timeline .pi-selected'); if(!m) return 'no mark';"
                       "var a=m.getBoundingClientRect(), b=document.getElementById('timeline').getBoundingClientRect();"
                       "return a.right>=b.left && a.left<=b.right && a.bottom>=b.top && a.top<=b.bottom})()")
        key(p, "End")
        check("End: the selected row is scrolled into the list", p.eval(visible))
        check("End: its timeline mark is scrolled into view", p.eval(in_timeline) is True, str(p.eval(in_timeline)))
        key(p, "Home")
        check("Home: the selected row is scrolled back up", p.eval(visible) and p.eval("document.getElementById('list').scrollTop") == 0)
        check("Home: its timeline mark is scrolled back", p.eval(in_timeline) is True, str(p.eval(in_timeline)))
        rows = p.eval("document.querySelectorAll('#list .row').length")
        check("the list is virtualised", 0 < rows < 200, f"{rows} rows in the DOM")
        check("10k: no script errors", not p.errors(), "; ".join(p.errors()))
        p.close()

        if at_report and at:
            p = chrome.page()
            p.open(url(at_report))
            check(f"convert --at {at}: opens with #{at} selected", p.eval("document.body.dataset.selected") == at,
                  p.eval("document.body.dataset.selected"))
            p.close()

        if huge:
            p = chrome.page()
            p.open(url(huge))
            check("100k report opens", ready(p))
            check("100k: no script errors", not p.errors(), "; ".join(p.errors()))
            p.close()
    finally:
        chrome.close()
    if failures:
        print(f"{len(failures)} report checks failed", file=sys.stderr); sys.exit(1)


if __name__ == "__main__":
    main()
