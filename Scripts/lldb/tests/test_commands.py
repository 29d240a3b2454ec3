"""Pure-Python tests of the plugin's argument handling, C expressions and formatting (no lldb)."""

import json
import os
import re

import pytest

import presentation_inspector_commands as pic
from presentation_inspector_commands import Command, PiError
from conftest import ROOT, CAMERA_DISMISS, PICKER_PRESENT, SHARE_REJECTED, events_reply, line


# ---------------------------------------------------------------- arguments

@pytest.mark.parametrize("argv, expected", [
    ([], Command("help", topic=None)),
    (["help"], Command("help", topic=None)),
    (["help", "events"], Command("help", topic="events")),
    (["events", "--help"], Command("help", topic="events")),
    (["chain"], Command("chain", json=False, containers=False)),
    (["chain", "--json"], Command("chain", json=True, containers=False)),
    (["chain", "--containers"], Command("chain", json=False, containers=True)),
    (["events"], Command("events", count=20, kind=None, controller=None, json=False)),
    (["events", "-n", "5"], Command("events", count=5, kind=None, controller=None, json=False)),
    (["events", "-n5", "--kind", "dismiss"], Command("events", count=5, kind="dismiss", controller=None, json=False)),
    (["events", "--count=0", "--controller=peoplePicker", "--json"],
     Command("events", count=0, kind=None, controller="peoplePicker", json=True)),
    (["events", "--kind=interactive-dismiss", "--controller", "UINavigationController"],
     Command("events", count=20, kind="interactive-dismiss", controller="UINavigationController", json=False)),
    (["explain", "12"], Command("explain", seq=12, json=False)),
    (["explain", "#7", "--json"], Command("explain", seq=7, json=True)),
    (["diagnose"], Command("diagnose", severity="info", json=False)),
    (["diagnose", "--severity", "error"], Command("diagnose", severity="error", json=False)),
    (["graph"], Command("graph", format="text", at=None)),
    (["graph", "--format", "mermaid", "--at", "9"], Command("graph", format="mermaid", at=9)),
    (["export", "out/log.jsonl"], Command("export", path="out/log.jsonl", format=None)),
    (["export", "--format", "html", "report"], Command("export", path="report", format="html")),
    (["export", "--scenario", "bug.json"], Command("export", path="bug.json", format=None, scenario=True)),
])
def test_parse_arguments_accepts(argv, expected):
    assert pic.parse_arguments(argv) == expected


@pytest.mark.parametrize("argv, message", [
    (["bogus"], "unknown command 'bogus'"),
    (["events", "-n", "x"], "-n must be a whole number from 0 to 9223372036854775807, found 'x'"),
    (["events", "-n", "-1"], "-n must be a whole number from 0 to 9223372036854775807, found '-1'"),
    (["events", "-n", "99999999999999999999999"], "-n must be a whole number from 0 to 9223372036854775807, found '99999999999999999999999'"),
    (["events", "-n", "3", "--count=4"], "-n was given 2 times with different values ('3', '4'); give it once"),
    (["graph", "--format", "dot", "--format=mermaid"], "--format was given 2 times with different values ('dot', 'mermaid'); give it once"),
    (["events", "-n"], "-n needs a value"),
    (["events", "--kind", "push"], "unknown event kind 'push' (known: present, dismiss"),
    (["events", "--controller", ""], "--controller needs an id, a type name or a title"),
    (["events", "--verbose"], "unknown option '--verbose' (usage: pi events "),
    (["events", "extra"], "takes no arguments, got extra (usage: pi events "),
    (["chain", "--format", "dot"], "unknown option '--format' (usage: pi chain "),
    (["explain"], "needs exactly one SEQ, got 0 (usage: pi explain SEQ"),
    (["explain", "1", "2"], "needs exactly one SEQ, got 2 (usage: pi explain SEQ"),
    (["explain", "seven"], "the event number must be a whole number (#N in other outputs), found 'seven'"),
    (["explain", "0"], "no event #0: sequence numbers start at 1"),
    (["explain", "-3"], "the event number must be 0 or more (#N in other outputs), found -3"),
    (["explain", "99999999999999999999999"], "the event number must be at most 9223372036854775807, found 99999999999999999999999"),
    (["diagnose", "--severity", "fatal"], "unknown severity 'fatal' (known: info, warning, error)"),
    (["graph", "--format", "svg"], "unknown graph format 'svg' (known: text, dot, mermaid)"),
    (["graph", "--at", "0"], "--at: no event #0: sequence numbers start at 1"),
    (["graph", "--at", "-1"], "--at: the event number must be 0 or more (#N in other outputs), found -1"),
    (["export"], "needs exactly one PATH, got 0 (usage: pi export PATH"),
    (["export", "a.jsonl", "b.jsonl"], "needs exactly one PATH, got 2 (usage: pi export PATH"),
    (["export", "--format", "pdf", "x.pdf"], "unknown export format 'pdf'"),
    (["export", ""], "PATH must not be empty"),
    (["export", "--scenario", "--format", "html", "x"], "--scenario writes a scenario file; it takes no --format"),
    (["help", "nope"], "unknown command 'nope'"),
])
def test_parse_arguments_rejects_with_one_line(argv, message):
    with pytest.raises(PiError) as raised:
        pic.parse_arguments(argv)
    text = str(raised.value)
    assert text.startswith(message)
    assert "\n" not in text


# Python's int() takes all of these; an argument must be plain ASCII digits.
NOT_PLAIN_DIGITS = ["1_0", "+3", " 7 ", "7 ", "\uff17", "\u0667", "\u00b2", "0x10", "1e3", "7.0", "-0", "#+3"]


@pytest.mark.parametrize("value", NOT_PLAIN_DIGITS)
def test_integer_arguments_are_plain_ascii_digits(value):
    cases = [(["events", "-n", value], f"-n must be a whole number from 0 to 9223372036854775807, found {value!r}"),
             (["events", f"-n{value}"], f"-n must be a whole number from 0 to 9223372036854775807, found {value!r}"),
             (["explain", value], f"the event number must be a whole number (#N in other outputs), found {value!r}"),
             (["graph", "--at", value], f"--at: the event number must be a whole number (#N in other outputs), found {value!r}"),
             (["graph", f"--at={value}"], f"--at: the event number must be a whole number (#N in other outputs), found {value!r}")]
    for argv, message in cases:
        with pytest.raises(PiError) as raised:
            pic.parse_arguments(argv)
        assert str(raised.value) == message, argv


def test_numbers_past_pythons_digit_limit_read_as_out_of_range():
    """Python refuses int() on more than 4300 digits: the limits still answer, leading zeros count for nothing."""
    huge = "1" * 5000
    cases = [(["explain", huge], f"the event number must be at most 9223372036854775807, found {huge}"),
             (["graph", f"--at=-{huge}"], f"--at: the event number must be 0 or more (#N in other outputs), found -{huge}"),
             (["events", "-n", huge], f"-n must be a whole number from 0 to 9223372036854775807, found {huge!r}")]
    for argv, message in cases:
        with pytest.raises(PiError) as raised:
            pic.parse_arguments(argv)
        assert str(raised.value) == message, argv[:1]
    padded = "0" * 5000 + "3"
    assert pic.parse_arguments(["explain", padded]) == pic.parse_arguments(["explain", "3"])
    assert pic.parse_arguments(["events", "-n", padded]) == pic.parse_arguments(["events", "-n", "3"])


def test_plain_digits_and_the_hash_form_still_parse():
    assert pic.parse_arguments(["events", "-n", "007"]).options["count"] == 7
    assert pic.parse_arguments(["explain", "#10"]).options["seq"] == 10
    assert pic.parse_arguments(["graph", "--at=9223372036854775807"]).options["at"] == 9223372036854775807


def test_help_lists_every_command_and_details_one():
    text = pic.help_text()
    for name in ("chain", "events", "explain", "diagnose", "graph", "export", "help"):
        assert f"pi {name}" in text
    detail = pic.help_text("events")
    assert detail.startswith("usage: pi events [-n N] [--kind K] [--controller ID] [--json]")
    assert "interactive-dismiss" in detail


def test_version_needs_no_process_and_matches_the_core():
    assert pic.parse_arguments(["--version"]) == Command("version")
    assert pic.run(Command("version"), None) == f"pi (PresentationInspector LLDB plugin) {pic.VERSION}, debugger API 1"
    with pytest.raises(PiError, match="takes no arguments"):
        pic.parse_arguments(["--version", "x"])
    swift = os.path.join(ROOT, "Sources", "PresentationInspectorCore", "PresentationInspectorVersion.swift")
    with open(swift, encoding="utf-8") as handle:
        assert re.search(r'public static let current = "([^"]+)"', handle.read()).group(1) == pic.VERSION


def test_help_overview_is_not_cut_and_fits_80_columns():
    text = pic.help_text()
    # The overview once cut the events text at its first colon ("(default 20; -n 0.").
    assert "-n 0." not in text and "(default" not in text
    assert all(len(line) <= 80 for line in text.split("\n")), text
    for name in ("chain", "events", "explain", "diagnose", "graph", "export", "help"):
        assert text.count(f"\n  pi {name} ") + text.count(f"\n  pi {name}\n") == 1


def test_chain_containers_adds_the_graph_after_the_latest_event():
    calls = []

    def call(function, *args):
        calls.append((function,) + args)
        if function == "presentation_inspector_chain":
            return '{"windows":[{"id":"w","level":0,"key":true,"chain":[{"id":"tabs","type":"UITabBarController"}]}]}'
        if function == "presentation_inspector_events":
            return events_reply(CAMERA_DISMISS)
        return "Chains after #14\nwindow w\n   | UINavigationController (nav)\n"
    out = pic.run(pic.parse_arguments(["chain", "--containers"]), call)
    assert calls == [("presentation_inspector_chain",), ("presentation_inspector_events", 1, None, None),
                     ("presentation_inspector_graph", "text", 14)]
    assert out.endswith("\n\nChains after #14\nwindow w\n   | UINavigationController (nav)")
    with pytest.raises(PiError, match="--containers prints text only"):
        pic.parse_arguments(["chain", "--containers", "--json"])


# ---------------------------------------------------------------- C expressions

def decode_c_literal(literal):
    """Reads back a literal made of printable ASCII and 3-digit octal escapes."""
    assert literal[0] == literal[-1] == '"'
    body, out, i = literal[1:-1], bytearray(), 0
    while i < len(body):
        if body[i] == "\\":
            assert re.match(r"[0-7]{3}", body[i + 1:i + 4]), body[i:i + 4]
            out.append(int(body[i + 1:i + 4], 8))
            i += 4
        else:
            assert body[i] not in '"?'
            out.append(ord(body[i]))
            i += 1
    return bytes(out)


@pytest.mark.parametrize("text", ["plain", 'say "hi"', "back\\slash", "new\nline\ttab", "??=trigraph",
                                  "Synthétique №1 ✓ 日本", "\x7f\x01", "12abc", ""])
def test_c_string_literal_round_trips_utf8(text):
    literal = pic.c_string_literal(text)
    assert decode_c_literal(literal) == text.encode("utf-8")
    assert all(0x20 <= ord(c) < 0x7F for c in literal)


def test_c_string_literal_escapes_are_octal_so_digits_after_them_stay_digits():
    # é is C3 A9; a hex escape \xa9 would swallow the "1" that follows.
    assert pic.c_string_literal("é1") == '"\\303\\2511"'


def test_c_call_builds_the_expression():
    assert pic.c_call("presentation_inspector_chain") == "presentation_inspector_chain()"
    assert pic.c_call("presentation_inspector_events", 0, "dismiss", None) == \
        'presentation_inspector_events(0LL, "dismiss", (const char *)0)'
    assert pic.c_call("presentation_inspector_explain", 9007199254740993) == \
        "presentation_inspector_explain(9007199254740993LL)"
    with pytest.raises(TypeError):
        pic.c_argument(True)


def test_prefix_declares_every_entry_point_called():
    declared = set(re.findall(r"\b(presentation_inspector_\w+)\(", pic.PREFIX))
    assert declared == {"presentation_inspector_api_version", "presentation_inspector_chain",
                        "presentation_inspector_events", "presentation_inspector_explain",
                        "presentation_inspector_diagnose", "presentation_inspector_graph",
                        "presentation_inspector_export", "presentation_inspector_export_scenario"}
    assert 'extern "C" void free(void *);' in pic.PREFIX


def test_check_reply_turns_error_text_into_one_line():
    assert pic.check_reply('{"windows":[]}', "f") == '{"windows":[]}'
    with pytest.raises(PiError, match=r"^no event #99 yet: the latest recorded event is #81$"):
        pic.check_reply("pi-error: no event #99 yet: the latest recorded event is #81\n", "f")
    with pytest.raises(PiError, match="f failed"):
        pic.check_reply("pi-error: ", "f")
