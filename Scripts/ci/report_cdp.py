"""A minimal Chrome DevTools Protocol client over --remote-debugging-pipe (no port, no
websocket library): enough to open a page, run script in it and collect uncaught exceptions.
Used by Scripts/ci/report_browser.py (CI step 35), Scripts/report_screenshots.py and
Benchmarks/Scripts/html_render_time.py."""
import base64
import json, os, subprocess, time


class Browser:
    def __init__(self, chromium="chromium"):
        to_r, to_w = os.pipe()
        from_r, from_w = os.pipe()

        def child_fds():  # Chromium reads commands on fd 3 and writes replies on fd 4.
            os.dup2(to_r, 3); os.dup2(from_w, 4)
        self.proc = subprocess.Popen(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
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
            chunk = self.inp.read(1 << 20)
            if not chunk:
                raise RuntimeError("chromium closed the pipe")
            self.buf += chunk
        msg, self.buf = self.buf.split(b"\0", 1)
        return json.loads(msg)

    def send(self, method, params=None, session=None, timeout=120):
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
                    raise RuntimeError(f"{method}: {r['error']}")
                return r.get("result", {})
            self.events.append(r)
        raise RuntimeError(f"{method}: timeout")

    def wait_event(self, name, session, timeout=120):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for i, e in enumerate(self.events):
                if e.get("method") == name and e.get("sessionId") == session:
                    return self.events.pop(i)
            self.events.append(self._read())
        raise RuntimeError(f"{name}: timeout")

    def page(self, width=1280, height=900):
        """A new tab of that size (mobile emulation below 600 px wide); width None keeps
        headless Chromium's own window size (what the benchmark table was measured at)."""
        return Page(self, width, height, mobile=width is not None and width < 600)

    def close(self):
        try:
            self.send("Browser.close", timeout=5)
        except BaseException:
            pass
        self.proc.kill(); self.proc.wait()


class Page:
    """One tab. `open` navigates and waits for load plus two animation frames."""

    def __init__(self, browser, width=1280, height=900, mobile=False):
        self.b = browser
        self.target = browser.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = browser.send("Target.attachToTarget", {"targetId": self.target, "flatten": True})["sessionId"]
        for m in ("Page.enable", "Runtime.enable"):
            browser.send(m, session=self.session)
        if width is not None:
            browser.send("Emulation.setDeviceMetricsOverride",
                         {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile},
                         session=self.session)

    def open(self, url):
        self.b.events.clear()
        t0 = time.monotonic()
        self.b.send("Page.navigate", {"url": url}, session=self.session)
        self.b.wait_event("Page.loadEventFired", self.session)
        self.frames(2)
        return (time.monotonic() - t0) * 1000

    def eval(self, expression):
        r = self.b.send("Runtime.evaluate", {"expression": expression, "awaitPromise": True,
                                             "returnByValue": True}, session=self.session)
        if "exceptionDetails" in r:
            raise RuntimeError(f"{expression[:80]}…: {r['exceptionDetails'].get('exception', {}).get('description')}")
        return r["result"].get("value")

    def frames(self, n=2):
        expr = "new Promise(r => " + "requestAnimationFrame(() => " * n + "r(performance.now())" + ")" * n + ")"
        return self.eval(expr)

    def key(self, key):
        """A key press as the page sees it (the report listens on document for keydown)."""
        self.eval("document.dispatchEvent(new KeyboardEvent('keydown', {key: %s, bubbles: true})), 0" % json.dumps(key))

    def mouse(self, kind, x, y, buttons=1, modifiers=0):
        """A real mouse event at client (x, y): kind is mousePressed, mouseMoved or mouseReleased."""
        self.b.send("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": "left",
                                                 "buttons": buttons if kind != "mouseReleased" else 0,
                                                 "clickCount": 1, "modifiers": modifiers}, session=self.session)

    def drag(self, x0, y0, x1, y1, steps=5):
        self.mouse("mousePressed", x0, y0)
        for i in range(1, steps + 1):
            self.mouse("mouseMoved", x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps)
        self.mouse("mouseReleased", x1, y1)

    def click(self, x, y):
        self.mouse("mousePressed", x, y); self.mouse("mouseReleased", x, y)

    def errors(self):
        """Uncaught exceptions and console errors this tab reported since `open`, as text."""
        out = []
        for e in self.b.events:
            if e.get("sessionId") != self.session:
                continue
            if e.get("method") == "Runtime.exceptionThrown":
                d = e["params"]["exceptionDetails"]
                out.append(str(d.get("exception", {}).get("description", d.get("text")))[:300])
            if e.get("method") == "Runtime.consoleAPICalled" and e["params"].get("type") == "error":
                out.append(json.dumps(e["params"]["args"])[:300])
        return out

    def screenshot(self, path):
        data = self.b.send("Page.captureScreenshot", {"format": "png"}, session=self.session)["data"]
        with open(path, "wb") as f:
            f.write(base64.b64decode(data))

    def close(self):
        self.b.send("Target.closeTarget", {"targetId": self.target})
