#!/usr/bin/env python3
"""Refreshes docs/report-screenshot.png (1400 px) and docs/report-screenshot-narrow.png (390 px)
from a report, in headless Chromium over the DevTools protocol (Scripts/ci/report_cdp.py).

Usage: Scripts/report_screenshots.py REPORT.html [SEQ]
  REPORT  the demo's report: `swift run InspectorDemo` writes inspector-output/report.html
  SEQ     the event shown selected (default: none, the page as it first opens, on the first
          error); Scripts/doc_examples.py --screenshots runs this on the build's own report
"""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "ci"))
from report_cdp import Browser  # noqa: E402


def main():
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr); sys.exit(64)
    url = "file://" + os.path.realpath(sys.argv[1]) + ("#seq=" + sys.argv[2] if len(sys.argv) > 2 else "")
    docs = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "docs")
    b = Browser()
    try:
        for name, w, h in (("report-screenshot.png", 1400, 2240), ("report-screenshot-narrow.png", 390, 1700)):
            p = b.page(w, h)
            p.open(url)
            if p.errors():
                sys.exit(f"script errors: {p.errors()}")
            p.screenshot(os.path.join(docs, name))
            print(f"wrote docs/{name}")
            p.close()
    finally:
        b.close()


if __name__ == "__main__":
    main()
