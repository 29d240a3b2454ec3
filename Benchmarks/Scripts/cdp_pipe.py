"""A minimal Chrome DevTools protocol client over --remote-debugging-pipe (no port, no
websocket library): Chromium reads commands on fd 3 and writes replies on fd 4, each message
ending in a NUL byte. Used by html_report_checks.py (CI) and shaped like html_render_time.py."""
import json, os, subprocess, time


class Chromium:
    def __init__(self, chromium="chromium"):
        to_r, to_w = os.pipe()
        from_r, from_w = os.pipe()

        def child_fds():
            os.dup2(to_r, 3); os.dup2(from_w, 4)
        self.proc = subprocess.Popen([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
                                      "--no-first-run", "--disable-extensions", "about:blank"],
                                     pass_fds=(3, 4, to_r, from_w), preexec_fn=child_fds,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_r); os.close(from_w)
        self.out = os.fdopen(to_w, "wb", buffering=0)
        self.inp = os.fdopen(from_r, "rb", buffering=0)
        self.buf = b""
        self.next_id = 0
        self.events = []

    def _read(self):
        while b"\0" not in self.buf:
            chunk = self.inp.read(65536)
            if not chunk:
                raise SystemExit("chromium closed the pipe")
            self.buf += chunk
        msg, self.buf = self.buf.split(b"\0", 1)
        return json.loads(msg)

    def send(self, method, params=None, session=None, timeout=60):
        self.next_id += 1
        mid = self.next_id
        m = {"id": mid, "method": method, "params": params or {}}
        if session:
            m["sessionId"] = session
        self.out.write(json.dumps(m).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            r = self._read()
            if r.get("id") == mid:
                if "error" in r:
                    raise SystemExit(f"{method}: {r['error']}")
                return r.get("result", {})
            self.events.append(r)
        raise SystemExit(f"{method}: timeout")

    def wait_event(self, name, session, timeout=60):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for i, e in enumerate(self.events):
                if e.get("method") == name and e.get("sessionId") == session:
                    return self.events.pop(i)
            self.events.append(self._read())
        raise SystemExit(f"{name}: timeout")

    def page(self, width=1280, height=900):
        """A new tab of the given size; returns its Page."""
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        self.send("Page.enable", session=session)
        self.send("Runtime.enable", session=session)
        self.send("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600}, session=session)
        return Page(self, target, session)

    def close(self):
        try:
            self.send("Browser.close", timeout=5)
        except BaseException:
            pass
        self.proc.kill(); self.proc.wait()


class Page:
    def __init__(self, chrome, target, session):
        self.chrome, self.target, self.session = chrome, target, session

    def open(self, url):
        """Navigates and waits for the load event and two frames."""
        self.chrome.send("Page.navigate", {"url": url}, session=self.session)
        self.chrome.wait_event("Page.loadEventFired", self.session, timeout=120)
        return self.eval("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))")

    def eval(self, expression):
        r = self.chrome.send("Runtime.evaluate", {"expression": expression, "awaitPromise": True, "returnByValue": True},
                             session=self.session, timeout=120)
        if "exceptionDetails" in r:
            raise SystemExit(f"evaluate {expression!r}: {r['exceptionDetails']}")
        return r["result"].get("value")

    def errors(self):
        """Uncaught exceptions and console errors the page reported so far."""
        out = []
        for e in self.chrome.events:
            if e.get("sessionId") != self.session:
                continue
            if e.get("method") == "Runtime.exceptionThrown":
                out.append(json.dumps(e["params"]["exceptionDetails"])[:300])
            if e.get("method") == "Runtime.consoleAPICalled" and e["params"].get("type") == "error":
                out.append(json.dumps(e["params"]["args"])[:300])
        return out

    def screenshot(self, path):
        import base64
        data = self.chrome.send("Page.captureScreenshot", {"format": "png"}, session=self.session)["data"]
        with open(path, "wb") as f:
            f.write(base64.b64decode(data))

    def close(self):
        self.chrome.send("Target.closeTarget", {"targetId": self.target})
