"""Helpers for the live tests: find lldb's Python module and the demo binary, drive a debugger
session through the SB API, and run lldb-16 in batch mode like a user would."""

import json
import os
import shutil
import subprocess
import time

import pytest

from conftest import ROOT, PLUGIN_DIR

PLUGIN = os.path.join(PLUGIN_DIR, "presentation_inspector_lldb.py")
BREAKPOINT = "inspector_demo_debugger_stop"
LLDB = os.environ.get("PI_LLDB", "lldb-16")
REQUIRED = os.environ.get("PI_REQUIRE_LIVE") == "1"  # CI: a missing prerequisite fails instead of skipping


def _unavailable(reason):
    if REQUIRED:
        pytest.fail(f"live LLDB tests cannot run: {reason}", pytrace=False)
    pytest.skip(reason)


def import_lldb():
    """lldb's Python module (PYTHONPATH=$(lldb-16 -P) is found automatically)."""
    import sys
    if not shutil.which(LLDB):
        _unavailable(f"{LLDB} is not installed (apt-get install lldb-16 python3-lldb-16 liblldb-16-dev)")
    path = subprocess.run([LLDB, "-P"], capture_output=True, text=True, stdin=subprocess.DEVNULL).stdout.strip()
    if path and path not in sys.path:
        sys.path.append(path)
    server = "/usr/lib/llvm-16/bin/lldb-server"
    if "LLDB_DEBUGSERVER_PATH" not in os.environ and os.path.exists(server):
        os.environ["LLDB_DEBUGSERVER_PATH"] = server
    try:
        import lldb
    except ImportError as error:
        _unavailable(f"cannot import lldb from {path} ({error})")
    return lldb


def demo_binary():
    """The InspectorDemo to debug: $PI_DEMO_BINARY, else the default debug build."""
    path = os.environ.get("PI_DEMO_BINARY") or os.path.join(ROOT, ".build", "debug", "InspectorDemo")
    if not os.access(path, os.X_OK):
        _unavailable(f"no InspectorDemo at {path} (build it; set PI_DEMO_BINARY)")
    return path


def read_log(path):
    """(lines, events) of a JSONL log, header excluded from events."""
    with open(path, encoding="utf-8") as handle:
        lines = handle.read().rstrip("\n").split("\n")
    return lines, [json.loads(line) for line in lines[1:]]


def mentions(event, wanted, titles=False):
    """Python twin of Event.names(controller:): a controller the event names, or one in its chain
    or ancestry, whose id is `wanted` exactly or whose title or type name is `wanted` ignoring
    case (`titles` is accepted for old callers; titles always match)."""
    refs = [event.get(k) for k in ("source", "presented", "presenting", "contextProvider", "receiver", "handledBy")]
    refs = [r for r in refs if r] + event.get("dismissedControllers", [])
    folded = wanted.casefold()
    return any(r.get("id") == wanted or r.get("type", "").casefold() == folded or (r.get("title") or "").casefold() == folded
               for r in refs + event.get("chain", []) + event.get("ancestry", []))


class Session:
    """A debugger with the plugin loaded; optionally the demo launched and stopped at `breakpoint`
    (a function of the executable: the demo's debugger-mode stop unless told, e.g. `main`)."""

    def __init__(self, lldb, workdir, executable=None, args=(), stop_at_breakpoint=True, stop_at_entry=False,
                 breakpoint=BREAKPOINT):
        self.lldb = lldb
        self.debugger = lldb.SBDebugger.Create()
        self.debugger.SetAsync(False)
        self.process = None
        ok, out, err = self.run(f"command script import {PLUGIN}")
        assert ok, err
        if executable is None:
            return
        self.target = self.debugger.CreateTarget(executable)
        assert self.target.IsValid(), executable
        if stop_at_breakpoint:
            module = self.target.GetExecutable().GetFilename()
            assert self.target.BreakpointCreateByName(breakpoint, module).GetNumLocations() == 1
        info = lldb.SBLaunchInfo(list(args))
        info.SetWorkingDirectory(str(workdir))
        info.AddOpenFileAction(1, os.path.join(str(workdir), "stdout.txt"), False, True)
        if stop_at_entry:
            info.SetLaunchFlags(lldb.eLaunchFlagStopAtEntry)
        error = lldb.SBError()
        self.process = self.target.Launch(info, error)
        assert error.Success(), error.GetCString()

    def stopped_at_breakpoint(self):
        thread = self.process.GetSelectedThread()
        return (self.process.GetState() == self.lldb.eStateStopped
                and thread.GetStopReason() == self.lldb.eStopReasonBreakpoint
                and thread.GetFrameAtIndex(0).GetFunctionName() == BREAKPOINT)

    def run(self, command):
        """(succeeded, output, error) of one command line."""
        result = self.lldb.SBCommandReturnObject()
        self.debugger.GetCommandInterpreter().HandleCommand(command, result)
        return result.Succeeded(), result.GetOutput() or "", result.GetError() or ""

    def pi(self, arguments):
        """The output of a `pi` command that must succeed."""
        ok, out, err = self.run(f"pi {arguments}")
        assert ok, f"pi {arguments} failed: {err}"
        assert err == "", err
        return out.rstrip("\n")

    def pi_error(self, arguments):
        """The one error line of a `pi` command that must fail."""
        ok, out, err = self.run(f"pi {arguments}")
        assert not ok, f"pi {arguments} unexpectedly succeeded: {out[:500]}"
        lines = err.rstrip("\n").split("\n")
        assert len(lines) == 1 and "Traceback" not in err, err
        assert lines[0].startswith("error: pi"), lines[0]
        return lines[0]

    def close(self):
        if self.process is not None and self.process.IsValid():
            self.process.Kill()
        self.lldb.SBDebugger.Destroy(self.debugger)


def wait_for_state(lldb, debugger, process, states, seconds=10.0):
    """In async mode the public state changes as the debugger's listener takes events."""
    listener, event = debugger.GetListener(), lldb.SBEvent()
    deadline = time.time() + seconds
    while process.GetState() not in states and time.time() < deadline:
        listener.WaitForEvent(1, event)
    return process.GetState()


def lldb_batch(executable, demo_args, commands, cwd, timeout=120):
    """Runs lldb-16 --batch as a user would; returns (exit code, output, {command: output})."""
    argv = [LLDB, "--batch", "-o", f"command script import {PLUGIN}", "-o", f"breakpoint set -n {BREAKPOINT}", "-o", "run"]
    for command in commands:
        argv += ["-o", command]
    argv += ["-o", "process kill", "-k", "bt", "--", executable] + list(demo_args)
    done = subprocess.run(argv, cwd=str(cwd), stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, timeout=timeout)
    sections, current = {}, None
    for line in done.stdout.split("\n"):
        if line.startswith("(lldb) "):
            current = line[len("(lldb) "):]
            sections[current] = []
        elif current is not None:
            sections[current].append(line)
    return done.returncode, done.stdout, {k: "\n".join(v).strip("\n") for k, v in sections.items()}
