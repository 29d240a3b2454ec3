#!/usr/bin/env python3
"""Prints Scripts/bench.sh's results (JSON lines) as one Markdown table with ratios and goals."""
import json, os, platform, subprocess, sys

rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip().startswith("{")]

def find(bench, **kw):
    return [r for r in rows if r.get("bench") == bench and all(r.get(k) == v for k, v in kw.items())]

def one(bench, **kw):
    m = find(bench, **kw)
    return m[-1] if m else None

def fmt(x, unit=""):
    if x is None: return "–"
    if isinstance(x, str): return x
    a = abs(x)
    s = f"{x:,.0f}" if a >= 100 else f"{x:,.1f}" if a >= 10 else f"{x:,.2f}"
    return s + unit

table = []
def row(name, ours, base, ratio, goal, met):
    table.append((name, ours, base, ratio, goal, "✓" if met is True else "✗" if met is False else "–"))

# 1. Recording
for depth in (5, 50):
    w = {m: one("record", mode=m, depth=depth) for m in ("simulator", "inspector", "swiftlog")}
    if all(w.values()):
        rec = (w["inspector"]["ns_per_pair_median"] - w["simulator"]["ns_per_pair_median"]) / 4
        log = (w["swiftlog"]["ns_per_pair_median"] - w["simulator"]["ns_per_pair_median"]) / 4
        row(f"Recording, depth {depth}: ns per event (median; pair ÷ 4)", fmt(rec, " ns"), fmt(log, " ns") + " swift-log",
            fmt(rec / log, "×"), "≤ 2,000 ns, ≤ 0.5×", rec <= 2000 and rec / log <= 0.5)
    c = {m: one("record-callgrind", mode=m, depth=depth) for m in ("simulator", "inspector", "swiftlog")}
    if all(c.values()):
        per = {m: c[m]["instructions"] / c[m]["pairs"] for m in c}
        rec, log = (per["inspector"] - per["simulator"]) / 4, (per["swiftlog"] - per["simulator"]) / 4
        row(f"Recording, depth {depth}: instructions per event (callgrind)", fmt(rec), fmt(log) + " swift-log",
            fmt(rec / log, "×"), "≤ 0.5×", rec / log <= 0.5)
        row(f"  simulator alone (what UIKit would cost), depth {depth}", fmt(per["simulator"] / 4), "", "", "", None)

# 2. Memory
for r in find("memory"):
    row(f"Memory per retained event, {r['events']:,} events", fmt(r["heap_bytes_per_event"], " B heap"),
        fmt(r["rss_bytes_per_event"], " B RSS"), "", "≤ 1,024 B", r["heap_bytes_per_event"] <= 1024)
    row(f"  growth while {r['overfill']:,} more events replace them", fmt(r["heap_growth_when_full_bytes"] / 1024, " KiB heap"),
        fmt(r["rss_growth_when_full_bytes"] / 1024, " KiB RSS"), "", "flat", r["heap_growth_when_full_bytes"] < 0.01 * r["heap_full_bytes"])

# 3. JSONL
j = one("jsonl")
if j:
    row(f"JSONL export, events/s ({j['events']:,} events, {j['ours_bytes'] / j['events']:.0f} B each)",
        fmt(j["ours_export_events_per_s"]), fmt(j["foundation_export_events_per_s"]) + " JSONEncoder",
        fmt(j["ours_export_events_per_s"] / j["foundation_export_events_per_s"], "×"), "", None)
    row("JSONL import, events/s", fmt(j["ours_import_events_per_s"]), fmt(j["foundation_import_events_per_s"]) + " JSONDecoder",
        fmt(j["ours_import_events_per_s"] / j["foundation_import_events_per_s"], "×"), "≥ 1,000,000/s",
        j["ours_import_events_per_s"] >= 1e6)

# 4. pinspect vs jq
agree = one("cli-agree")
for cmd in ("summary", "diagnose"):
    p, q = one("cli", name=f"pinspect-{cmd}"), one("cli", name=f"jq-{cmd}")
    if p and q:
        row(f"pinspect {cmd}, {p['events']:,}-event log ({p['bytes'] / 1e9:.2f} GB)", fmt(p["ms"] / 1000, " s"),
            fmt(q["ms"] / 1000, " s") + " jq", fmt(q["ms"] / p["ms"], "× faster"), "≥ 3× faster", q["ms"] / p["ms"] >= 3)
if agree is not None:
    row("  pinspect and jq agree on the counts", "yes" if agree["same_counts"] else "NO", "", "", "same", agree["same_counts"])

# 5. HTML
for n in (1000, 10000, 100000):
    g, r = one("html", events=n), one("html-render", events=n)
    if g and r:
        goal = {10000: 1000, 100000: 3000}.get(n)
        row(f"HTML report, {n:,} events: usable in Chromium (2nd frame after load)", fmt(r["usable_ms"], " ms"),
            f"{g['bytes'] / 1e6:.1f} MB, built in {g['render_ms']:.0f} ms", f"FCP {r['fcp_ms']:.0f} ms",
            f"≤ {goal:,} ms ({r['usable_ms'] / goal:.2f}× of it)" if goal else "", (r["usable_ms"] <= goal and r["js_errors"] == 0) if goal else None)
        if "select_ms" in r and n == 100000:
            worst = max(r["select_ms"], r["filter_ms"])
            row("  selecting an event (End); filtering (kind)", f"{r['select_ms']:.0f} ms; {r['filter_ms']:.0f} ms", "", "",
                f"≤ 100 ms ({worst / 100:.2f}× of it)", worst <= 100)
        if n >= 10000:
            per = g["bytes"] / n
            row(f"  report size per event ({n:,} events)", f"{per:,.0f} B", "", "", f"≤ 400 B ({per / 400:.2f}× of it)", per <= 400)

def machine():
    model = "?"
    try:
        for l in subprocess.run(["lscpu"], capture_output=True, text=True).stdout.splitlines():
            if l.startswith("Model name:"): model = l.split(":", 1)[1].strip()
    except OSError:
        pass
    return f"{os.cpu_count()} CPUs ({model}), {platform.system()} {platform.release()}"

print(f"\nMachine: {machine()}\n")
head = ("Benchmark", "Ours", "Baseline", "Ratio", "Goal", "Met")
print("| " + " | ".join(head) + " |")
print("|" + "|".join(["---"] * len(head)) + "|")
for r in table:
    print("| " + " | ".join(r) + " |")
