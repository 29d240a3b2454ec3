#!/usr/bin/env python3
"""Large logs for the graph checks (Scripts/ci/31-large-graphs.sh).

  graph_logs.py realistic DEMO.jsonl N OUT   the demo log repeated to N events (seq, relatesTo, time shifted)
  graph_logs.py synthetic N OUT              N events: a new sheet per round presented on a root and
                                             dismissed, a rejected double present every tenth round,
                                             in 25 windows (many distinct controllers)
"""
import json
import sys


def realistic(demo, n, out):
    lines = open(demo, encoding="utf-8").read().splitlines()
    header, events = lines[0], [json.loads(l) for l in lines[1:] if l.strip()]
    span = max(e["time"] for e in events) + 1
    seq = lap = 0
    with open(out, "w", encoding="utf-8") as f:
        f.write(header + "\n")
        while seq < n:
            for e in events:
                if seq >= n:
                    break
                seq += 1
                e2 = dict(e, seq=seq, time=round(e["time"] + lap * span, 6))
                if e.get("relatesTo") is not None:
                    e2["relatesTo"] = e["relatesTo"] + lap * len(events)
                f.write(json.dumps(e2, separators=(",", ":"), ensure_ascii=False) + "\n")
            lap += 1


def synthetic(n, out):
    ref = lambda i, t: {"id": i, "type": t}
    header = {"format": "presentation-inspector-log", "version": 1, "created": "2000-01-01T00:00:00.000Z",
              "app": {"name": "graph_logs", "mode": "generated"}, "device": {"model": "generated"}, "dropped": 0}
    seq, rnd, t = 0, 0, 0.0
    with open(out, "w", encoding="utf-8") as f:
        f.write(json.dumps(header) + "\n")

        def emit(**e):
            nonlocal seq
            seq += 1
            base = {"seq": seq, "time": round(t, 6), "thread": "main", "animated": True, "diagnostics": []}
            base.update(e)
            f.write(json.dumps(base, separators=(",", ":")) + "\n")

        while seq < n:
            w = "w%d" % (rnd % 25)
            root = ref("root%d" % (rnd % 25), "RootViewController")
            sheet = ref("sheet%d" % rnd, "SheetViewController")
            present = dict(kind="present", window=w, source=root, presented=sheet, presenting=root,
                           contextProvider=root, requestedStyle="automatic", effectiveStyle="pageSheet",
                           requestedTransition="coverVertical", effectiveTransition="coverVertical")
            emit(outcome="presented", chain=[root, sheet], ancestry=[root], **present)
            if rnd % 10 == 0:
                emit(outcome="rejected", chain=[root, sheet], ancestry=[root],
                     diagnostics=[{"code": "already-presented", "severity": "error",
                                   "message": "Application tried to present modally a view controller <SheetViewController: %s> that is already being presented by <RootViewController: %s>." % (sheet["id"], root["id"])}],
                     **present)
            t += 0.5
            emit(kind="dismiss", outcome="dismissed", window=w, receiver=sheet, handledBy=root,
                 dismissed=[sheet["id"]], dismissedControllers=[sheet], forwarded=True, chain=[root], ancestry=[sheet])
            t += 0.5
            rnd += 1


if __name__ == "__main__":
    if sys.argv[1] == "realistic":
        realistic(sys.argv[2], int(sys.argv[3]), sys.argv[4])
    else:
        synthetic(int(sys.argv[2]), sys.argv[3])
