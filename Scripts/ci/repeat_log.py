#!/usr/bin/env python3
"""Writes a log of N events by repeating a small log's events (seq renumbered, relatesTo and
time shifted per round), for opening a large report in CI without building the benchmarks.
Usage: repeat_log.py SMALL.jsonl N OUT.jsonl"""
import json, sys

def main():
    src, n, dst = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    with open(src) as f:
        lines = [l for l in f.read().splitlines() if l.strip()]
    header, events = lines[0], [json.loads(l) for l in lines[1:]]
    first = min(e["seq"] for e in events)
    span = max(e["time"] for e in events) + 1
    written = 0
    with open(dst, "w") as out:
        out.write(header + "\n")
        lap = 0
        while written < n:
            for e in events:
                if written >= n:
                    break
                c = dict(e)
                c["seq"] = e["seq"] - first + 1 + lap * len(events)
                c["time"] = round(e["time"] + lap * span, 6)
                if "relatesTo" in c:
                    c["relatesTo"] = e["relatesTo"] - first + 1 + lap * len(events)
                out.write(json.dumps(c, separators=(",", ":")) + "\n")
                written += 1
            lap += 1

if __name__ == "__main__":
    main()
