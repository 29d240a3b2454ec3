#!/usr/bin/env python3
"""Refreshes docs/report-screenshot.png (1400 px) and docs/report-screenshot-narrow.png (390 px)
from a report, in headless Chromium over the DevTools protocol (Scripts/ci/report_cdp.py), and
docs/report-screenshot-sheet.png from the drawer scenario's report.

Usage: Scripts/report_screenshots.py REPORT.html [SEQ] [--sheet SHEET_REPORT.html]
  REPORT  the demo's report: `swift run InspectorDemo` writes inspector-output/report.html
  SEQ     the event shown selected (default: none, the page as it first opens, on the first
          error); Scripts/doc_examples.py --screenshots runs this on the build's own report
  SHEET_REPORT  the report of `InspectorDemo --scenario map-drawer`, shown on its drawer's
          present (#1): the sheet's detent, and the map left interactive below it
"""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "ci"))
from report_cdp import Browser  # noqa: E402


def main():
    args = sys.argv[1:]
    sheet = None
    if "--sheet" in args:
        at = args.index("--sheet")
        if at + 1 >= len(args):
            print(__doc__, file=sys.stderr); sys.exit(64)
        sheet = "file://" + os.path.realpath(args[at + 1]) + "#seq=1"
        del args[at:at + 2]
    if not args:
        print(__doc__, file=sys.stderr); sys.exit(64)
    url = "file://" + os.path.realpath(args[0]) + ("#seq=" + args[1] if len(args) > 1 else "")
    docs = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "docs")
    shots = [("report-screenshot.png", 1400, 2240, url), ("report-screenshot-narrow.png", 390, 1700, url)]
    if sheet:
        shots.append(("report-screenshot-sheet.png", 1400, 1700, sheet))
    b = Browser()
    try:
        for name, w, h, page_url in shots:
            p = b.page(w, h)
            p.open(page_url)
            if p.errors():
                sys.exit(f"script errors: {p.errors()}")
            p.screenshot(os.path.join(docs, name))
            print(f"wrote docs/{name}")
            p.close()
    finally:
        b.close()


if __name__ == "__main__":
    main()
