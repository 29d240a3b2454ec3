#!/usr/bin/env python3
"""Example outputs in the docs, made by the current build: every block marked

    <!-- example: COMMAND [| lines=N] [| tail=M] -->
    ```
    …output…
    ```

in README.md, docs/CLI.md, docs/LLDB.md, docs/DESIGN.md and the DocC article DebuggingWithLLDB.md is the output of
COMMAND, run in a fresh folder where
`InspectorDemo --quiet` wrote inspector-output/ (so the commands read as the docs say). COMMAND is

  pinspect ARGS      the built pinspect (its stdout, then its stderr)
  InspectorDemo ARGS the built demo, in an empty folder (a first run)
  pi ARGS            in lldb-16, the demo stopped in debugger mode (`--quiet --break-for-debugger`,
                     as docs/LLDB.md launches it); the block shows `(lldb) pi ARGS` and the reply

`lines=N` keeps the first N lines and `tail=M` the last M, with "…" between; timestamps read
2026-01-01T00:00:00.000Z.

Usage: Scripts/doc_examples.py [--check] [--screenshots] [--bin DIR]
  (default)      rewrite the blocks in place
  --check        rewrite nothing; exit 1, with a diff, when a block is not what the build prints
                 (CI step 73: a changed number fails until the docs are regenerated)
  --screenshots  also refresh docs/report-screenshot*.png from the same run's report (and the
                 sheet one from the drawer scenario's)
  --bin DIR      where pinspect and InspectorDemo are (default: swift build --show-bin-path)
"""
import difflib, os, re, shlex, subprocess, sys, tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
DOCS = ["README.md", "docs/CLI.md", "docs/LLDB.md", "docs/DESIGN.md",
        "Sources/PresentationInspectorCore/PresentationInspectorCore.docc/DebuggingWithLLDB.md"]
BLOCK = re.compile(r"(<!-- example: (.*?) -->\n```[a-z]*\n)(.*?)(```)", re.S)
STAMP = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z")
LLDB = os.environ.get("PI_LLDB", "lldb-16")
BREAKPOINT = "inspector_demo_debugger_stop"


def parse(spec):
    parts = [p.strip() for p in spec.split("|")]
    options = dict(p.split("=", 1) for p in parts[1:])
    return parts[0], int(options.get("lines", 0)), int(options.get("tail", 0))


def cut(text, lines, tail):
    rows = text.strip("\n").split("\n")
    if (lines or tail) and len(rows) > lines + tail:
        rows = rows[:lines] + ["…"] + (rows[-tail:] if tail else [])
    return "\n".join(rows) + "\n"


def run_local(command, work, bindir):
    argv = shlex.split(command)
    if argv[0] == "InspectorDemo":  # as a first run: in a folder of its own
        work = tempfile.mkdtemp(dir=work)
    argv[0] = os.path.join(bindir, argv[0])
    r = subprocess.run(argv, cwd=work, capture_output=True, text=True, stdin=subprocess.DEVNULL)
    return r.stdout + r.stderr


def run_pi(commands, work, bindir):
    """Replies of `pi …` commands, from one lldb-16 session on the demo in debugger mode."""
    argv = [LLDB, "--batch", "-o", "command script import " + os.path.join(ROOT, "Scripts", "lldb", "presentation_inspector_lldb.py"),
            "-o", "breakpoint set -n " + BREAKPOINT, "-o", "run"]
    for c in commands:
        argv += ["-o", c]
    argv += ["-o", "process kill", "--", os.path.join(bindir, "InspectorDemo"), "--quiet", "--break-for-debugger"]
    env = dict(os.environ, LLDB_DEBUGSERVER_PATH=os.environ.get("LLDB_DEBUGSERVER_PATH", "/usr/lib/llvm-16/bin/lldb-server"))
    out = subprocess.run(argv, cwd=work, capture_output=True, text=True, stdin=subprocess.DEVNULL, env=env).stdout
    replies, current = {}, None
    for line in out.split("\n"):
        if line.startswith("(lldb) "):
            current = line[len("(lldb) "):].strip()
            if current in commands:
                replies[current] = []
            else:
                current = None
        elif current is not None:
            replies[current].append(line)
    missing = [c for c in commands if c not in replies]
    if missing:
        sys.exit("doc_examples: lldb gave no reply to %s:\n%s" % (missing, out[-2000:]))
    return {c: "(lldb) %s\n%s" % (c, "\n".join(replies[c]).strip("\n")) for c in commands}


def main():
    args = sys.argv[1:]
    check, shots = "--check" in args, "--screenshots" in args
    bindir = os.path.abspath(args[args.index("--bin") + 1]) if "--bin" in args else subprocess.run(
        ["swift", "build", "--show-bin-path"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    texts = {d: open(os.path.join(ROOT, d), encoding="utf-8").read() for d in DOCS}
    specs = [parse(m.group(2)) for d in DOCS for m in BLOCK.finditer(texts[d])]
    with tempfile.TemporaryDirectory() as work:
        subprocess.run([os.path.join(bindir, "InspectorDemo"), "--quiet", "--no-color"], cwd=work, check=True,
                       stdout=subprocess.DEVNULL)
        pis = [c for c, _, _ in specs if c.startswith("pi ")]
        replies = run_pi(pis, work, bindir) if pis else {}
        outputs = {}
        for command, lines, tail in specs:
            raw = replies[command] if command.startswith("pi ") else run_local(command, work, bindir)
            outputs[(command, lines, tail)] = cut(STAMP.sub("2026-01-01T00:00:00.000Z", raw), lines, tail)
        if shots:
            # The drawer scenario alone, for the screenshot of a sheet's detent and what stays interactive.
            subprocess.run([os.path.join(bindir, "InspectorDemo"), "--quiet", "--no-color", "--scenario", "map-drawer",
                            "--output", "sheet"], cwd=work, check=True, stdout=subprocess.DEVNULL)
            subprocess.run([sys.executable, os.path.join(ROOT, "Scripts", "report_screenshots.py"),
                            os.path.join(work, "inspector-output", "report.html"),
                            "--sheet", os.path.join(work, "sheet", "report.html")], check=True)
    stale = []
    for d in DOCS:
        def fill(m):
            new = outputs[parse(m.group(2))]
            if new != m.group(3):
                stale.append((d, m.group(2), m.group(3), new))
            return m.group(1) + new + m.group(4)
        updated = BLOCK.sub(fill, texts[d])
        if not check and updated != texts[d]:
            with open(os.path.join(ROOT, d), "w", encoding="utf-8") as f:
                f.write(updated)
    for d, spec, old, new in stale:
        print("%s: %s the example `%s`" % (d, "stale:" if check else "updated", spec))
        if check:
            sys.stdout.writelines(difflib.unified_diff(old.splitlines(True), new.splitlines(True), "in the doc", "from the build"))
    if check and stale:
        print("doc_examples: %d example(s) differ from the build; run python3 Scripts/doc_examples.py" % len(stale))
        sys.exit(1)
    print("doc_examples: %d example(s) %s" % (len(specs), "match the build" if check else "written"))


if __name__ == "__main__":
    main()
