#!/usr/bin/env python3
"""Drives an HTML report in headless Chromium over the DevTools protocol and checks what a
person would do with it (issue 12): it opens without script errors, selecting an event scrolls
it into view in the list and the timeline in both directions, the address hash follows every
selection and filter and restores them on load, the timeline zooms with + - 0, and at 390 px
the page does not scroll sideways.

Usage: report_browser.py REPORT.html [--quick] [--chromium PATH]
  --quick  only "opens without errors" plus one selection and one filter, timed (for the
           100,000-event report; prints the times, never fails on them: CI machines vary).
Prints one line per check; exits 1 on the first failure.
"""
import json, os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from report_cdp import Browser, Page  # noqa: E402


def fail(msg):
    print(f"report_browser: FAIL {msg}", file=sys.stderr)
    sys.exit(1)


def ok(msg):
    print(f"report_browser: ok   {msg}")


VISIBLE = """(function (sel, boxSel) {
  var el = document.querySelector(sel), box = document.querySelector(boxSel);
  if (!el || !box) return null;
  var a = el.getBoundingClientRect(), b = box.getBoundingClientRect();
  return a.bottom > b.top && a.top < b.bottom && a.right > b.left && a.left < b.right;
})(%s, %s)"""


def visible(page, sel, box):
    return page.eval(VISIBLE % (json.dumps(sel), json.dumps(box)))


def check_open(page, url, what):
    ms = page.open(url)
    errs = page.errors()
    if errs:
        fail(f"{what}: script errors: {errs[:3]}")
    if page.eval("document.body.dataset.ready") != "true":
        fail(f"{what}: the script did not finish (body data-ready is not true)")
    return ms


def timed(page, action_js):
    """Milliseconds from running action_js to the second frame after it (the change is shown)."""
    return page.eval("""new Promise(r => { var t0 = performance.now(); %s;
      requestAnimationFrame(() => requestAnimationFrame(() => r(performance.now() - t0))); })""" % action_js)


def main():
    args = sys.argv[1:]
    if not args:
        print(__doc__, file=sys.stderr); sys.exit(64)
    path = os.path.realpath(args[0])
    quick = "--quick" in args
    chromium = args[args.index("--chromium") + 1] if "--chromium" in args else "chromium"
    url = "file://" + path
    b = Browser(chromium)
    try:
        page = Page(b)
        ms = check_open(page, url, "desktop")
        n = page.eval("Number(document.getElementById('stat-events').textContent)")
        ok(f"opens without script errors: {n} events, second frame after {ms:.0f} ms (wall)")
        if quick:
            sel = timed(page, "document.dispatchEvent(new KeyboardEvent('keydown', {key: 'End', bubbles: true}))")
            flt = timed(page, "var s = document.getElementById('f-kind'); s.value = 'dismiss'; s.dispatchEvent(new Event('change'))")
            if page.errors():
                fail("script errors while selecting or filtering")
            print(json.dumps({"events": n, "select_ms": round(sel, 1), "filter_ms": round(flt, 1)}))
            return

        # Selection scrolls the list both ways: End reaches the last row, Home the first.
        page.key("End"); page.frames()
        last = page.eval("document.body.dataset.selected")
        if not last or not visible(page, "#list .row.selected", "#list"):
            fail(f"End selected #{last} but its row is not visible in the list")
        page.key("Home"); page.frames()
        first = page.eval("document.body.dataset.selected")
        if first == last or not visible(page, "#list .row.selected", "#list"):
            fail(f"Home selected #{first} but its row is not visible in the list")
        ok(f"selection scrolls the list down (#{last}) and back up (#{first})")
        # …and the timeline, when it draws events as elements (a canvas timeline draws them itself).
        for seq in (last, first):
            page.eval(f"location.hash = 'seq={seq}'"); page.frames()
            if page.eval(f"!!document.querySelector('#timeline [data-seq=\"{seq}\"]')"):
                if not visible(page, f"#timeline [data-seq=\"{seq}\"]", "#timeline"):
                    fail(f"#{seq} is selected but its timeline mark is scrolled out of view")
        ok("the timeline scrolls to the selected event both ways")

        # The address follows selection and filters, and gives them back on load.
        page.key("Home"); page.key("j"); page.frames()
        sel = page.eval("document.body.dataset.selected")
        h = page.eval("location.hash")
        if f"seq={sel}" not in h:
            fail(f"selected #{sel} but the address hash is {h!r}")
        page.eval("var s = document.getElementById('f-kind'); s.value = 'present'; s.dispatchEvent(new Event('change')), 0")
        h = page.eval("location.hash")
        if "kind=present" not in h:
            fail(f"filtered kind=present but the address hash is {h!r}")
        page.open("about:blank")
        check_open(page, url + h, "reload with hash")
        back = page.eval("[document.body.dataset.selected, document.getElementById('f-kind').value]")
        if back != [sel, "present"]:
            fail(f"loading {h!r} restored {back}, expected [{sel!r}, 'present']")
        ok(f"hash round trip: {h}")

        # Zoom: + widens the timeline's drawing, 0 brings it back.
        width = ("(function () { var t = document.getElementById('timeline'); "
                 "var c = t.querySelector('canvas, svg'); var z = Number(document.body.dataset.zoom || 0); "
                 "return [t.scrollWidth, c ? c.getBoundingClientRect().width : 0, z]; })()")
        w0 = page.eval(width)
        page.key("+"); page.key("+"); page.frames()
        w1 = page.eval(width)
        page.key("0"); page.frames()
        w2 = page.eval(width)
        if not (w1[0] > w0[0] or w1[1] > w0[1] or w1[2] > w0[2]):
            fail(f"+ did not zoom the timeline: before {w0}, after {w1} ([scrollWidth, drawing width, data-zoom])")
        if w2 != w0:
            fail(f"0 did not reset the zoom: {w0} at first, {w2} after 0")
        ok(f"zoom: + {w0} → {w1}, 0 → {w2}")
        if page.errors():
            fail(f"script errors during the checks: {page.errors()[:2]}")
        page.close()

        # 390 px: nothing wider than the screen.
        narrow = Page(b, width=390, height=844, mobile=True)
        check_open(narrow, url, "390 px")
        sw = narrow.eval("[document.scrollingElement.scrollWidth, innerWidth]")
        if sw[0] > sw[1]:
            wide = narrow.eval("""Array.from(document.querySelectorAll('body *')).filter(e => e.getBoundingClientRect().right > innerWidth + 0.5)
              .slice(0, 5).map(e => e.tagName + (e.id ? '#' + e.id : '') + '.' + e.className)""")
            fail(f"at 390 px the page scrolls sideways: scrollWidth {sw[0]} > {sw[1]}; too wide: {wide}")
        ok(f"390 px: scrollWidth {sw[0]} ≤ innerWidth {sw[1]}")
        narrow.close()
    finally:
        b.close()


if __name__ == "__main__":
    main()
