"""The `pi` commands give pinspect's messages for the same mistakes: each case runs the built
pinspect ($PINSPECT_BINARY, else .build/debug/pinspect) and compares its message with pi's.

pinspect names the command in its message (`pinspect: explain: the event number …`) where pi's
prefix already does (`pi explain: the event number …`): the lines compare after the tool's name."""

import os
import subprocess

import pytest

import presentation_inspector_commands as pic
from presentation_inspector_commands import PiError
from conftest import ROOT

PINSPECT = os.environ.get("PINSPECT_BINARY") or os.path.join(ROOT, ".build", "debug", "pinspect")
DEMO = os.path.join(os.path.dirname(PINSPECT), "InspectorDemo")


@pytest.fixture(scope="module")
def log(tmp_path_factory):
    if not (os.access(PINSPECT, os.X_OK) and os.access(DEMO, os.X_OK)):
        if os.environ.get("PI_REQUIRE_LIVE") == "1":
            pytest.fail(f"pinspect is not built at {PINSPECT}", pytrace=False)
        pytest.skip(f"pinspect is not built at {PINSPECT} (swift build)")
    out = tmp_path_factory.mktemp("parity")
    subprocess.run([DEMO, "--quiet", "--no-color", "--output", str(out)], check=True, stdout=subprocess.DEVNULL)
    return str(out / "events.jsonl")


def pinspect_message(arguments):
    """pinspect's one message (without its `pinspect: ` prefix) and its exit status."""
    run = subprocess.run([PINSPECT] + arguments, capture_output=True, text=True, stdin=subprocess.DEVNULL)
    lines = [line for line in run.stderr.splitlines() if line.startswith("pinspect: ")]
    assert len(lines) == 1, run.stderr
    return lines[0][len("pinspect: "):], run.returncode


def pi_message(argv):
    with pytest.raises(PiError) as raised:
        pic.parse_arguments(argv)
    return str(raised.value)


def pi_line(argv):
    """The error line lldb shows (as presentation_inspector_lldb.pi_command writes it), without `pi `."""
    return f"{argv[0]}: {pi_message(argv)}"


def pinspect_line(command, message):
    """pinspect's message in pi's shape: `COMMAND: message`, the command named once."""
    return message if message.startswith(f"{command}: ") else f"{command}: {message}"


@pytest.mark.parametrize("pi_argv, pinspect_argv", [
    (["explain", "seven"], ["explain", "seven"]),
    (["explain", "-3"], ["explain", "-3"]),
    (["explain", "99999999999999999999999"], ["explain", "99999999999999999999999"]),
    (["graph", "--at", "-1"], ["graph", "--at", "-1"]),
    (["graph", "--at=x"], ["graph", "--at=x"]),
    (["graph", "--at", "99999999999999999999999"], ["graph", "--at", "99999999999999999999999"]),
    (["graph", "--format", "dot", "--format", "mermaid"], ["graph", "--format", "dot", "--format", "mermaid"]),
    (["graph", "--at", "3", "--at=4"], ["graph", "--at", "3", "--at=4"]),
    (["events", "--controller", "a", "--controller", "b"], ["timeline", "--controller", "a", "--controller", "b"]),
    (["explain", "1_0"], ["explain", "1_0"]),
    (["explain", "\uff17"], ["explain", "\uff17"]),
    (["graph", "--at", " 7 "], ["graph", "--at", " 7 "]),
    (["explain", "+3"], ["explain", "+3"]),
    (["graph", "--at", "-0"], ["graph", "--at", "-0"]),
    (["explain", "#-3"], ["explain", "#-3"]),
    (["explain", "1" * 5000], ["explain", "1" * 5000]),
])
def test_argument_mistakes_read_as_pinspect_says_them(log, pi_argv, pinspect_argv):
    message, status = pinspect_message(pinspect_argv + [log])
    assert status == 64
    assert pi_line(pi_argv) == pinspect_line(pi_argv[0], message)


@pytest.mark.parametrize("options, pi_argv", [
    (["--controller", "nosuch"], ["events", "--controller", "nosuch"]),
    (["--kind", "leak-check", "--controller", "camera"], ["events", "--kind", "leak-check", "--controller", "camera"]),
])
def test_a_filter_matching_nothing_reads_as_pinspect_says_it(log, options, pi_argv):
    message, status = pinspect_message(["timeline"] + options + [log])
    assert status == 0
    command = pic.parse_arguments(pi_argv)
    header = '{"format":"presentation-inspector-log","version":1,"created":"2026-01-01T00:00:00.000Z","app":{},"device":{},"dropped":0}\n'
    assert pic.format_events(header, command) == message
