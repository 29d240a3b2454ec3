#!/usr/bin/env python3
"""Time until headless Chromium has rendered an HTML report (issue 6, docs/PERFORMANCE.md).

Drives Chromium over the DevTools protocol on a pipe (--remote-debugging-pipe: no port, no
websocket library). For each run: navigate to the file, wait for the load event, then wait for
two animation frames (style, layout and a first frame done: the page is usable) and read the
page's own clock. Prints one JSON line with medians over the runs:
  usable_ms  performance.now() at the second frame after load (from navigation start)
  load_ms    loadEventEnd, dcl_ms domContentLoadedEventEnd, fcp_ms first-contentful-paint
  wall_ms    wall clock from the navigate command to that frame, seen from outside
  js_errors  uncaught exceptions reported by the page (any run)
  select_ms, filter_ms  (with --interact) from pressing End (select the last event) and from
             choosing kind=dismiss, to the second frame after it
Usage: html_render_time.py FILE.html [--runs N] [--interact] [--chromium PATH]
"""
import json, os, statistics, subprocess, sys, time

def main():
    args = sys.argv[1:]
    if not args:
        print(__doc__, file=sys.stderr); sys.exit(64)
    path = os.path.realpath(args[0])
    runs = int(args[args.index("--runs") + 1]) if "--runs" in args else 3
    chromium = args[args.index("--chromium") + 1] if "--chromium" in args else "chromium"
    interact = "--interact" in args

    to_chrome_r, to_chrome_w = os.pipe()
    from_chrome_r, from_chrome_w = os.pipe()
    # Chromium reads commands on fd 3 and writes replies on fd 4.
    def child_fds():
        os.dup2(to_chrome_r, 3); os.dup2(from_chrome_w, 4)
    proc = subprocess.Popen([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
                             "--no-first-run", "--disable-extensions", "about:blank"],
                            pass_fds=(3, 4, to_chrome_r, from_chrome_w), preexec_fn=child_fds,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(to_chrome_r); os.close(from_chrome_w)
    out = os.fdopen(to_chrome_w, "wb", buffering=0)
    inp = os.fdopen(from_chrome_r, "rb", buffering=0)
    buf = b""
    next_id = [0]
    events = []

    def read_message():
        nonlocal buf
        while b"\0" not in buf:
            chunk = inp.read(65536)
            if not chunk:
                raise SystemExit("chromium closed the pipe")
            buf += chunk
        msg, buf = buf.split(b"\0", 1)
        return json.loads(msg)

    def send(method, params=None, session=None, timeout=60):
        next_id[0] += 1
        mid = next_id[0]
        m = {"id": mid, "method": method, "params": params or {}}
        if session: m["sessionId"] = session
        out.write(json.dumps(m).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            r = read_message()
            if r.get("id") == mid:
                if "error" in r: raise SystemExit(f"{method}: {r['error']}")
                return r.get("result", {})
            events.append(r)
        raise SystemExit(f"{method}: timeout")

    def wait_event(name, session, timeout=60):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for i, e in enumerate(events):
                if e.get("method") == name and e.get("sessionId") == session:
                    return events.pop(i)
            events.append(read_message())
        raise SystemExit(f"{name}: timeout")

    results, errors = [], 0
    try:
        for _ in range(runs):
            target = send("Target.createTarget", {"url": "about:blank"})["targetId"]
            session = send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
            send("Page.enable", session=session)
            send("Runtime.enable", session=session)
            events.clear()
            t0 = time.monotonic()
            send("Page.navigate", {"url": "file://" + path}, session=session)
            wait_event("Page.loadEventFired", session)
            probe = ("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(JSON.stringify({"
                     "now: performance.now(), nav: performance.getEntriesByType('navigation')[0].toJSON(), "
                     "paint: performance.getEntriesByType('paint').map(p => [p.name, p.startTime])})))))")
            value = send("Runtime.evaluate", {"expression": probe, "awaitPromise": True, "returnByValue": True},
                         session=session)["result"]["value"]
            wall = (time.monotonic() - t0) * 1000
            errors += sum(1 for e in events if e.get("method") == "Runtime.exceptionThrown")
            events.clear()
            v = json.loads(value)
            paint = dict(v["paint"])
            results.append({"usable_ms": v["now"], "load_ms": v["nav"]["loadEventEnd"],
                            "dcl_ms": v["nav"]["domContentLoadedEventEnd"],
                            "fcp_ms": paint.get("first-contentful-paint", float("nan")), "wall_ms": wall})
            if interact:
                for key, action in (("select_ms", "document.dispatchEvent(new KeyboardEvent('keydown', {key: 'End', bubbles: true}))"),
                                    ("filter_ms", "var s = document.getElementById('f-kind'); s.value = 'dismiss'; s.dispatchEvent(new Event('change'))")):
                    timed = ("new Promise(r => { var t0 = performance.now(); %s; "
                             "requestAnimationFrame(() => requestAnimationFrame(() => r(performance.now() - t0))); })" % action)
                    results[-1][key] = send("Runtime.evaluate", {"expression": timed, "awaitPromise": True, "returnByValue": True},
                                            session=session)["result"]["value"]
                errors += sum(1 for e in events if e.get("method") == "Runtime.exceptionThrown")
                events.clear()
            send("Target.closeTarget", {"targetId": target})
    finally:
        try:
            send("Browser.close", timeout=5)
        except BaseException:
            pass
        proc.kill(); proc.wait()
    summary = {k: round(statistics.median(r[k] for r in results), 1) for k in results[0]}
    summary.update({"file": path, "bytes": os.path.getsize(path), "runs": runs, "js_errors": errors})
    print(json.dumps(summary))

if __name__ == "__main__":
    main()
