#!/usr/bin/env python3
"""Checks Scripts/bench.sh's results against the budgets of Benchmarks/Thresholds.json.

Usage: check_thresholds.py RESULTS.jsonl [--thresholds FILE] [--smoke]

Prints one line per budget: its figure in this run, its limit, and whether it holds. A budget whose
status is "enforced" fails the check (exit 1) when exceeded: against its goal, or with --smoke
(CI's tiny sizes) against its "smoke" limit, and it is skipped on a smoke run when it has none. A
budget whose status is "goal, not yet met" is reported and never fails the check. A budget whose
figure the run did not measure is reported as such. Exit 2 on a bad thresholds file.
"""

import argparse
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
STATUSES = ("enforced", "goal, not yet met")


def figures(rows):
    """Every figure a budget can name, from the run's results (absent when not measured)."""

    def find(bench, **kv):
        return [r for r in rows if r.get("bench") == bench and all(r.get(k) == v for k, v in kv.items())]

    def one(bench, **kv):
        found = find(bench, **kv)
        return found[-1] if found else None

    out = {}
    for depth in (5, 50):
        sim, dev = one("record", mode="simulator", depth=depth), one("record", mode="device", depth=depth)
        if sim and dev:
            # A present is two events (the call and its completion); a pair is four events.
            out[f"device_ns_per_present_depth_{depth}"] = 2 * (dev["ns_per_pair_median"] - sim["ns_per_pair_median"]) / 4
        c = {m: one("record-callgrind", mode=m, depth=depth) for m in ("simulator", "inspector", "swiftlog", "device")}
        per = {m: c[m]["instructions"] / c[m]["pairs"] for m in c if c[m]}
        if "simulator" in per and "inspector" in per:
            recording = per["inspector"] - per["simulator"]
            log = per["swiftlog"] - per["simulator"] if "swiftlog" in per else 0
            if log > 0:
                out[f"record_instructions_vs_swiftlog_depth_{depth}"] = recording / log
            # The device path (hooks, call site, facts, observations, leak checks) against the
            # recorder alone, both over the same simulated UIKit: a ratio of instruction counts.
            if "device" in per and recording > 0:
                out[f"device_instructions_vs_recording_depth_{depth}"] = (per["device"] - per["simulator"]) / recording
    memory = find("memory")
    if memory:
        out["memory_heap_bytes_per_event"] = max(r["heap_bytes_per_event"] for r in memory)
        out["memory_growth_when_full"] = max(max(r["heap_growth_when_full_bytes"], 0) / max(1, r["heap_full_bytes"])
                                             for r in memory)
    stack = find("memory-stack")
    if stack:
        out["memory_stack_mib"] = max(r["heap_full_bytes"] for r in stack) / 2**20
    j = one("jsonl")
    if j:
        out["jsonl_import_events_per_s"] = j["ours_import_events_per_s"]
        out["jsonl_import_vs_jsondecoder"] = j["ours_import_events_per_s"] / j["foundation_import_events_per_s"]
        out["jsonl_export_vs_jsonencoder"] = j["ours_export_events_per_s"] / j["foundation_export_events_per_s"]
    for cmd in ("summary", "diagnose"):
        p, q = one("cli", name=f"pinspect-{cmd}"), one("cli", name=f"jq-{cmd}")
        if p and q:
            out[f"pinspect_{cmd}_speedup_vs_jq"] = q["ms"] / max(1, p["ms"])
    rss = [r["peak_rss_kib"] / 1024 for r in find("cli") if r.get("name", "").startswith("pinspect-") and r.get("peak_rss_kib")]
    if rss:
        out["pinspect_peak_rss_mib"] = max(rss)
    reports = find("html")
    if reports:
        largest = max(reports, key=lambda r: r["events"])
        out["report_bytes_per_event"] = largest["bytes"] / largest["events"]
    for n in (10000, 100000):
        r = one("html-render", events=n)
        if r:
            # A page that threw is not usable, whatever its time.
            out[f"report_usable_ms_{n}"] = r["usable_ms"] if r.get("js_errors", 0) == 0 else float("inf")
            if n == 100000 and "select_ms" in r:
                out["report_select_filter_ms"] = max(r["select_ms"], r["filter_ms"])
    return out


def limit_text(limit):
    (op, value), = limit.items()
    return f"{'≤' if op == 'at_most' else '≥'} {value:,}"


def holds(value, limit):
    (op, bound), = limit.items()
    return value <= bound if op == "at_most" else value >= bound


def load_budgets(path):
    """The budgets of the thresholds file, checked for shape (a clear error names the budget)."""
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    budgets = data.get("budgets")
    if not isinstance(budgets, list):
        raise ValueError(f"{path}: no 'budgets' list")
    for i, b in enumerate(budgets):
        where = f"{path}: budgets[{i}] ({b.get('id', '?')})"
        for key in ("id", "figure", "goal", "status"):
            if key not in b:
                raise ValueError(f"{where}: no '{key}'")
        if b["status"] not in STATUSES:
            raise ValueError(f"{where}: status {b['status']!r} is not one of {STATUSES}")
        for key in ("goal", "smoke"):
            if key in b:
                limit = b[key]
                if (not isinstance(limit, dict) or len(limit) != 1 or next(iter(limit)) not in ("at_most", "at_least")
                        or not isinstance(next(iter(limit.values())), (int, float))):
                    raise ValueError(f"{where}: '{key}' must be {{\"at_most\": N}} or {{\"at_least\": N}}")
    return budgets


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("results")
    parser.add_argument("--thresholds", default=os.path.join(HERE, "..", "Thresholds.json"))
    parser.add_argument("--smoke", action="store_true", help="CI's tiny sizes: enforce the smoke limits")
    args = parser.parse_args()
    try:
        budgets = load_budgets(args.thresholds)
    except (OSError, ValueError) as e:
        print(f"check_thresholds: {e}", file=sys.stderr)
        return 2
    with open(args.results, encoding="utf-8") as f:
        rows = [json.loads(line) for line in f if line.strip()]
    have = figures(rows)
    exceeded = []
    for b in budgets:
        value = have.get(b["figure"])
        enforced = b["status"] == "enforced"
        limit = b.get("smoke") if args.smoke and enforced else b["goal"]
        shown = "not measured" if value is None else f"{value:,.2f}{' ' + b.get('unit', '') if b.get('unit') else ''}"
        if value is None:
            verdict = "not measured in this run"
        elif enforced and limit is None:
            verdict = f"goal {limit_text(b['goal'])}: checked on full runs only"
        elif enforced:
            ok = holds(value, limit)
            verdict = f"{'ok' if ok else 'EXCEEDED'} ({'smoke limit' if args.smoke else 'goal'} {limit_text(limit)})"
            if not ok:
                exceeded.append(b["id"])
        else:
            met = holds(value, b["goal"])
            # A smoke run's sizes are too small to say that a goal is met.
            verdict = (f"goal {limit_text(b['goal'])}, not yet met: reported, not enforced"
                       + (" (met in this run)" if met and not args.smoke else ""))
        print(f"  {b['id']:32s} {shown:>22s}  {verdict}")
    if exceeded:
        print(f"check_thresholds: budgets exceeded: {', '.join(exceeded)} ({args.thresholds})")
        return 1
    print(f"check_thresholds: every enforced budget holds ({sum(b['status'] == 'enforced' for b in budgets)} enforced, "
          f"{sum(b['status'] != 'enforced' for b in budgets)} goals not yet met, reported)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
