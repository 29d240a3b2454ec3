#!/usr/bin/env python3
"""Prints Scripts/bench.sh's results (JSON lines) as one Markdown table with ratios and goals."""
import json, os, platform, subprocess, sys

rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip().startswith("{")]

# The goals, from the thresholds file (Benchmarks/Thresholds.json, which CI's bench smoke checks).
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Thresholds.json"), encoding="utf-8") as f:
    GOAL = {b["id"]: next(iter(b["goal"].values())) for b in json.load(f)["budgets"]}

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

def at_most(value, limit, text):
    """A goal `value ≤ limit`: its text with the margin, and whether it is met."""
    return f"{text} ({value / limit:.2f}× of it)", value <= limit

def at_least(value, limit, text):
    """A goal `value ≥ limit`: its text with the margin, and whether it is met."""
    return f"{text} ({value / limit:.2f}× of it)", value >= limit

def both(*goals):
    return "; ".join(g[0] for g in goals), all(g[1] for g in goals)

notes = []

# 1. Recording
for depth in (5, 50):
    w = {m: one("record", mode=m, depth=depth) for m in ("simulator", "inspector", "swiftlog", "device", "device-glibc")}
    if w["simulator"] and w["inspector"] and w["swiftlog"]:
        rec = (w["inspector"]["ns_per_pair_median"] - w["simulator"]["ns_per_pair_median"]) / 4
        log = (w["swiftlog"]["ns_per_pair_median"] - w["simulator"]["ns_per_pair_median"]) / 4
        row(f"Recording, depth {depth}: ns per event (median; pair ÷ 4)", fmt(rec, " ns"), fmt(log, " ns") + " swift-log¹",
            fmt(rec / log, "×"), "", None)
    if w["simulator"] and w["device"]:
        dev = (w["device"]["ns_per_pair_median"] - w["simulator"]["ns_per_pair_median"]) / 4
        row(f"  device path, depth {depth}: ns per event (call site captured, UIKitNode-like adapter, leak checks on)²",
            fmt(dev, " ns"), "", "", "", None)
        # A present is two events: the call and its completion.
        row(f"  device path, depth {depth}: ns per present (the call and its completion)²", fmt(2 * dev, " ns"), "", "", "", None)
    if w["simulator"] and w["device-glibc"]:
        dev = (w["device-glibc"]["ns_per_pair_median"] - w["simulator"]["ns_per_pair_median"]) / 4
        row(f"    the same with glibc's `backtrace()` (DWARF unwinding: Linux's cost, no device's)³", fmt(dev, " ns"), "", "", "", None)
    c = {m: one("record-callgrind", mode=m, depth=depth) for m in ("simulator", "inspector", "swiftlog", "device", "device-glibc", "uikit-reads")}
    if c["simulator"] and c["inspector"] and c["swiftlog"]:
        per = {m: c[m]["instructions"] / c[m]["pairs"] for m in c if c[m]}
        rec, log = (per["inspector"] - per["simulator"]) / 4, (per["swiftlog"] - per["simulator"]) / 4
        row(f"Recording, depth {depth}: instructions per event (callgrind)", fmt(rec), fmt(log) + " swift-log¹",
            fmt(rec / log, "×"), *at_most(rec / log, GOAL[f"recording-instructions-depth-{depth}"], f"≤ {GOAL[f'recording-instructions-depth-{depth}']}× swift-log"))
        if "device" in per:
            device = (per["device"] - per["simulator"]) / 4
            goal = GOAL.get(f"device-vs-recording-instructions-depth-{depth}")
            row(f"  device path, depth {depth}: instructions per event (callgrind)²", fmt(device), fmt(rec) + " recording alone",
                fmt(device / rec, "×"), *(at_most(device / rec, goal, f"≤ {goal}× recording alone") if goal else ("", None)))
        if "device-glibc" in per:
            row(f"    the same with glibc's `backtrace()`³", fmt((per["device-glibc"] - per["simulator"]) / 4), "", "", "", None)
        if "uikit-reads" in per:
            row(f"    of which UIKit's own reads (the source's window; each ancestor's parent and title), as modelled⁴",
                fmt((per["uikit-reads"] - per["simulator"]) / 4), "", "", "", None)
        row(f"  simulator alone, depth {depth}: the model of UIKit's present/dismiss (our resolver runs as that model: half of it at depth 5, three fifths at 50), "
            "subtracted from every row above; not UIKit's cost", fmt(per["simulator"] / 4), "", "", "", None)
cs = one("callsite")
if cs:
    row(f"  call site per call: CapturedCallStack.capture() ({cs['frames']} frames) vs Thread.callStackSymbols + parsing",
        fmt(cs["capture_ns"], " ns"), fmt(cs["callstacksymbols_ns"], " ns") + " callStackSymbols",
        fmt(cs["callstacksymbols_ns"] / cs["capture_ns"], "× faster"), "", None)
    if "frame_pointer_capture_ns" in cs:
        # The walk stops where glibc's start-up frames (no frame pointers) begin, so it walks fewer
        # frames than glibc's unwinder here: compare per frame.
        per_frame = (cs["capture_ns"] / cs["frames"]) / (cs["frame_pointer_capture_ns"] / cs["frame_pointer_frames"])
        row(f"  call site per call, unwound as Darwin's `backtrace()` does (frame pointers; the same callers as glibc's)³",
            fmt(cs["frame_pointer_capture_ns"], " ns") + f" ({cs['frame_pointer_frames']} frames)",
            fmt(cs["capture_ns"], " ns") + f" glibc's ({cs['frames']} frames)", fmt(per_frame, "× faster per frame"), "", None)
    row("  call site read: first read (dladdr + demangle); later reads of the same site", fmt(cs["first_read_ns"], " ns"),
        fmt(cs["cached_read_ns"], " ns") + " cached", "", "", None)
if any(one("record", mode="swiftlog", depth=d) for d in (5, 50)):
    notes.append("¹ swift-log logs fewer facts than an event holds (no explanation, no ancestry, no diagnostics) but pays for "
                 "a metadata dictionary per entry (a `Logger.info` with the references, styles and the chain, into an in-memory "
                 "ring of 10,000 entries).")
if any(one("record", mode="device", depth=d) for d in (5, 50)):
    notes.append("² `pibench record --mode device`: calls go through models of the iOS hooks (stack captured per call from "
                 "32 frames deep, as an app's action handler calls, unwound as Darwin's `backtrace()` does: frame pointers; "
                 "nodes costing what `UIKitNode` costs: locks, an associated-object lookup, a title read per `ref`; the "
                 "controller facts each hook reads for a replay, as `ControllerFactsReader` reads them) into a "
                 "real `InspectorSession` with its defaults (observations, leak checks after 2 s run inside the loop, "
                 "signposts set up with Instruments not recording, the window-chain cache marked stale per event and refreshed on the next main-queue turn, run inside the loop), "
                 "minus the simulator alone.")
if any(one("record", mode="device-glibc", depth=d) for d in (5, 50)) or (cs and "frame_pointer_capture_ns" in cs):
    notes.append("³ Darwin's `backtrace()` follows frame pointers, which every Darwin binary keeps; glibc's unwinds with DWARF "
                 "call-frame tables (about 1,700 instructions a frame), because Swift on Linux omits frame pointers unless built "
                 "with `-Xcc -fno-omit-frame-pointer` (as `pibench` is). The device rows unwind as Darwin does "
                 "(`pi_frame_pointer_backtrace`, Benchmarks/Sources/CFramePointers); `pibench callsite` checks that it finds "
                 "the callers glibc's finds. `--mode device-glibc` is the same path with glibc's `backtrace()`.")
if any(one("record-callgrind", mode="uikit-reads", depth=d) for d in (5, 50)):
    notes.append("⁴ `pibench record --once --mode uikit-reads`: the simulation plus only the reads of UIKit's own state the "
                 "device path makes per present (the source's `view.window`, which the simulation works out by walking up "
                 "its containment; each ancestor's `parent` and `title`), through "
                 "the simulator's properties as `DeviceNode` reads them: a floor under the device rows that grows with depth "
                 "whatever the inspector does.")

# 2. Memory
for r in find("memory"):
    row(f"Memory per retained event, {r['events']:,} events", fmt(r["heap_bytes_per_event"], " B heap"),
        fmt(r["rss_bytes_per_event"], " B RSS"), "", *at_most(r["heap_bytes_per_event"], GOAL["memory-per-event"], f"≤ {GOAL['memory-per-event']} B"))
    growth = r["heap_growth_when_full_bytes"] / max(1, r["heap_full_bytes"])
    row(f"  growth while {r['overfill']:,} more events replace them", fmt(r["heap_growth_when_full_bytes"] / 1024, " KiB heap"),
        fmt(r["rss_growth_when_full_bytes"] / 1024, " KiB RSS"), f"{growth * 100:.2f}% of the heap",
        *at_most(max(growth, 0), GOAL["memory-flat-when-full"], f"flat (< {GOAL['memory-flat-when-full']:.0%})"))
for r in find("memory-stack"):
    mib = r["heap_full_bytes"] / 2**20
    row(f"Memory at a modal stack of {r['stack_depth']:,} (full {r['events']:,} ring)", fmt(mib, " MiB heap"),
        fmt(r["rss_full_bytes"] / 2**20, " MiB RSS"), fmt(r["heap_bytes_per_event"], " B/event"), *at_most(mib, GOAL["memory-modal-stack"], f"≤ {GOAL['memory-modal-stack']} MiB"))

# 3. JSONL
j = one("jsonl")
if j:
    row(f"JSONL export, events/s ({j['events']:,} events, {j['ours_bytes'] / j['events']:.0f} B each)",
        fmt(j["ours_export_events_per_s"]), fmt(j["foundation_export_events_per_s"]) + " JSONEncoder",
        fmt(j["ours_export_events_per_s"] / j["foundation_export_events_per_s"], "×"),
        *at_least(j["ours_export_events_per_s"] / j["foundation_export_events_per_s"], GOAL["export-vs-jsonencoder"],
                  f"≥ {GOAL['export-vs-jsonencoder']}× JSONEncoder"))
    row("JSONL import, events/s", fmt(j["ours_import_events_per_s"]), fmt(j["foundation_import_events_per_s"]) + " JSONDecoder",
        fmt(j["ours_import_events_per_s"] / j["foundation_import_events_per_s"], "×"),
        *at_least(j["ours_import_events_per_s"], GOAL["import-rate"], f"≥ {GOAL['import-rate']:,}/s"))

# 4. pinspect vs jq
agree = one("cli-agree")
for cmd, goal in (("summary", GOAL["pinspect-summary-vs-jq"]), ("diagnose", GOAL["pinspect-diagnose-vs-jq"])):
    p, q = one("cli", name=f"pinspect-{cmd}"), one("cli", name=f"jq-{cmd}")
    if p and q:
        speedup = q["ms"] / max(1, p["ms"])
        row(f"pinspect {cmd}, {p['events']:,}-event log ({p['bytes'] / 1e9:.2f} GB)", fmt(p["ms"] / 1000, " s"),
            fmt(q["ms"] / 1000, " s") + " jq", fmt(speedup, "× faster"), *at_least(speedup, goal, f"≥ {goal}× faster"))
if agree is not None:
    row("  pinspect and jq agree on the counts", "yes" if agree["same_counts"] else "NO", "", "", "same", agree["same_counts"])
for cmd in ("summary", "diagnose", "timeline", "convert"):
    p = one("cli", name=f"pinspect-{cmd}")
    if p and p.get("peak_rss_kib"):
        mib = p["peak_rss_kib"] / 1024
        row(f"  pinspect {cmd}: peak RSS ({p['events']:,}-event log)", fmt(mib, " MiB"), "",
            f"{fmt(p['ms'] / 1000, ' s')}" if cmd in ("timeline", "convert") else "", *at_most(mib, GOAL["pinspect-peak-rss"], f"≤ {GOAL['pinspect-peak-rss']} MiB"))

# 5. HTML
for n in (1000, 10000, 100000):
    g, r = one("html", events=n), one("html-render", events=n)
    if g and r:
        goal = {10000: GOAL["report-usable-10000"], 100000: GOAL["report-usable-100000"]}.get(n)
        fcp = r.get("fcp_ms")
        met = (r["usable_ms"] <= goal and r["js_errors"] == 0) if goal else None
        row(f"HTML report, {n:,} events: usable in Chromium (2nd frame after load)", fmt(r["usable_ms"], " ms"),
            f"{g['bytes'] / 1e6:.1f} MB, built in {g['render_ms']:.0f} ms",
            f"FCP {fcp:.0f} ms" if isinstance(fcp, (int, float)) else "FCP –",
            f"≤ {goal:,} ms ({r['usable_ms'] / goal:.2f}× of it)" if goal else "", met)
        if "select_ms" in r and n == 100000:
            worst = max(r["select_ms"], r["filter_ms"])
            limit = GOAL["report-select-filter"]
            row("  selecting an event (End); filtering (kind)", f"{r['select_ms']:.0f} ms; {r['filter_ms']:.0f} ms", "", "",
                f"≤ {limit} ms ({worst / limit:.2f}× of it)", worst <= limit)
        if n >= 10000:
            per = g["bytes"] / n
            limit = GOAL["report-size-per-event"]
            row(f"  report size per event ({n:,} events)", f"{per:,.0f} B", "", "", f"≤ {limit} B ({per / limit:.2f}× of it)", per <= limit)

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
for n in notes:
    print("\n" + n)
