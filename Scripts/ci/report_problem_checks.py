"""Checks that the report leads with the problem (run by report_browser.py, CI step 35): the first
error selected on open with its mark in view, every diagnostic listed in the header as a link,
bar labels never cut inside their first word, no timeline mark hidden, the chain graph's focus
mode readable (node text >= 10 CSS px) at 1280 and 390 px with the whole graph one click away,
and list rows keeping the outcome at 390 px."""
import re

FIRST_ROW = "(function(){var r=document.querySelector('#list .row'); return r ? Number(r.dataset.seq) : null})()"
FOCUS_TEXT = """Array.from(document.querySelectorAll('#graph-focus svg text')).map(function (t) {
  return parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a; })"""
AUDIT_ROWS = """(function(){var t=document.getElementById('timeline'), out={bars:[], marks:0, drawn:0, crowded:0};
  for (var y=0; ; y+=t.clientHeight/2) { t.scrollTop=y; t.dispatchEvent(new Event('scroll'));
    piTimeline.select(Number(document.body.dataset.selected), false); var a=piTimeline.audit();
    out.bars=out.bars.concat(a.bars); out.marks+=a.marks; out.drawn+=a.drawn; out.crowded+=a.crowded;
    if (y + t.clientHeight >= t.scrollHeight) break; }
  t.scrollTop=0; return out;})()"""


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
    p.key("0")
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
    rows = n.eval("""Array.from(document.querySelectorAll('#list .row')).filter(r => r.getBoundingClientRect().top <
        document.getElementById('list').getBoundingClientRect().bottom).map(function (r) {
      var o = r.querySelector('.outcome'), rb = r.getBoundingClientRect(), ob = o && o.getBoundingClientRect();
      return [Number(r.dataset.seq), o ? o.textContent : '', !!o && ob.width > 0 && ob.right <= rb.right + 0.5]; })""")
    missing = [r for r in rows if not (r[1].startswith("→ ") and r[2])]
    check("390 px: list rows keep the outcome", rows and not missing, f"{len(rows)} rows; without: {missing[:3]}")
    n.close()


def focus_checks(p, what):
    sizes = p.eval(FOCUS_TEXT)
    mode = p.eval("document.body.dataset.graphMode")
    check_ok = mode == "focus" and sizes and min(sizes) >= 10
    _check(f"{what}: the chain graph opens focused on the selection, node text >= 10 px", check_ok,
           f"mode {mode}, {len(sizes or [])} texts, smallest {min(sizes) if sizes else None}")
    width = p.eval("[document.querySelector('#graph-focus svg').getBoundingClientRect().right, document.getElementById('graph-focus').getBoundingClientRect().right]")
    _check(f"{what}: the focused graph fits its box", width[0] <= width[1] + 0.5, str(width))


_check = None


def bind(check):
    """report_browser.py's `check`, for the helpers above."""
    global _check
    _check = check
