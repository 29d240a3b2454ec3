"""Wall time of `pi` commands on a 10,085-event recording (InspectorDemo in debugger mode with
10,000 synthetic events): run by hand or from Scripts/bench.sh, never asserted in tests.

    PYTHONPATH=$(lldb-16 -P) python3 Scripts/bench/lldb_graph_at.py [.build/debug/InspectorDemo]
"""

import os
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "lldb", "tests"))

from live_support import Session, demo_binary, import_lldb  # noqa: E402

COMMANDS = ["graph --at 10000", "graph --at 10080", "graph --format dot --at 10080", "graph", "chain --containers",
            "events -n 20 --controller Photos"]


def main():
    if len(sys.argv) > 1:
        os.environ["PI_DEMO_BINARY"] = sys.argv[1]
    lldb = import_lldb()
    workdir = tempfile.mkdtemp(prefix="pi-bench-")
    args = ["--quiet", "--no-color", "--output", "out", "--break-for-debugger", "--debugger-synthetic-events=10000"]
    session = Session(lldb, workdir, demo_binary(), args)
    try:
        assert session.stopped_at_breakpoint()
        print("%-40s %8s %10s" % ("pi command (10,085 events recorded)", "seconds", "bytes"))
        for command in COMMANDS:
            start = time.perf_counter()
            ok, out, err = session.run("pi " + command)
            elapsed = time.perf_counter() - start
            print("%-40s %8.3f %10s" % (command, elapsed, len(out) if ok else "error: " + err.strip()[:60]))
    finally:
        session.close()


if __name__ == "__main__":
    main()
