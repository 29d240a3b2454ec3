"""`pi` command lines: the commands' usage, argument parsing into a Command, and `pi help`.
Plain Python (no lldb), unit-tested with pytest in Scripts/lldb/tests."""

from __future__ import annotations

import re
import textwrap
from collections.abc import Sequence
from typing import Any

# The release this plugin belongs to: PresentationInspectorVersion.current in the core (a test
# keeps them equal).
VERSION = "0.12.0"
SEVERITIES = ("info", "warning", "error")
EVENT_KINDS = ("present", "dismiss", "interactive-dismiss", "present-completed", "dismiss-completed", "leak-check",
               "sheet-detent-changed")
GRAPH_FORMATS = ("text", "dot", "mermaid")
EXPORT_FORMATS = ("jsonl", "html", "perfetto", "dot", "mermaid", "text", "otlp")
DEFAULT_EVENT_COUNT = 20

# One line each for the `pi help` overview (the detail texts are too long to cut safely).
SUMMARY = {
    "chain": "The live chain of every window (--containers: with containers).",
    "events": "The latest recorded events, filtered by kind or controller.",
    "explain": "Why one event went as it did.",
    "diagnose": "Every recorded diagnostic.",
    "graph": "The chains as a graph, now or after an event.",
    "export": "Writes the recording to a file in the process.",
    "help": "This help, or one command's.",
}

USAGE = {
    "chain": ("pi chain [--containers] [--json]",
              "The live presentation chain of every window: root, then each presented controller. --containers "
              "adds the chains as recorded after the latest event: containers (navigation, tab, split "
              "controllers and their children), styles, sources, context providers and since which event."),
    "events": ("pi events [-n N] [--kind K] [--controller ID] [--json]",
               f"The latest N recorded events (default {DEFAULT_EVENT_COUNT}; -n 0: all), optionally only kind K "
               f"({', '.join(EVENT_KINDS)}) or events naming "
               "controller ID: its id (exactly), or its title or type name (ignoring case), e.g. Photos. --json prints the log lines unchanged (header first)."),
    "explain": ("pi explain SEQ [--json]", "Why event #SEQ went as it did: source, presenting controller, context "
                "provider, styles, the resolver's steps, diagnostics."),
    "diagnose": ("pi diagnose [--severity info|warning|error] [--json]",
                 "Every recorded diagnostic (UIKit's wording), oldest first; --severity sets the minimum."),
    "graph": ("pi graph [--format text|dot|mermaid] [--at SEQ]",
              "The presentation chains as a graph (as they stood after event SEQ with --at)."),
    "export": (f"pi export PATH [--format {'|'.join(EXPORT_FORMATS)}]",
               "Writes the recording to PATH in the debugged process's file system (relative to its current "
               "directory); the format follows the extension (.jsonl .html .json .dot .mmd .txt) unless given. "
               "`pi export --scenario PATH` writes the scenario that replays it (`pinspect test` makes it a test)."),
    "help": ("pi help [COMMAND]", "This help, or one command's."),
}


class PiError(Exception):
    """A failure reported to the user as one line (never a traceback)."""


class Command:
    """A parsed `pi` command line: the subcommand and its options."""

    def __init__(self, name: str, **options: Any) -> None:
        self.name = name
        self.options = options

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Command) and (self.name, self.options) == (other.name, other.options)

    def __repr__(self) -> str:
        return f"Command({self.name!r}, {self.options!r})"


INT64_MAX = (1 << 63) - 1

# Plain ASCII decimal digits, and the same after a minus sign. Python's int() also takes a
# sign, underscores, surrounding spaces and non-ASCII digits (full-width, Arabic-Indic…).
_DIGITS = re.compile(r"[0-9]+")
_NEGATIVE_DIGITS = re.compile(r"-[0-9]+")


def _magnitude(digits: str) -> int:
    """The value of plain ASCII digits, capped above INT64_MAX: Python refuses int() on more than
    4300 digits, and anything past 19 significant digits is out of range anyway."""
    significant = digits.lstrip("0")
    return int(significant or "0", 10) if len(significant) <= 19 else INT64_MAX + 1


def event_number(text: str, what: str | None = None) -> int:
    """An event number (#N in other outputs) given to `what` (an option such as --at; None for
    the command's own SEQ, which the `pi <command>: ` prefix already names), with pinspect's
    messages for the same mistakes; 0 is refused as sequence numbers start at 1."""
    value = text[1:] if text.startswith("#") else text
    lead = f"{what}: " if what else ""
    if _NEGATIVE_DIGITS.fullmatch(value) and _magnitude(value[1:]) > 0:
        raise PiError(f"{lead}the event number must be 0 or more (#N in other outputs), found {text}")
    if not _DIGITS.fullmatch(value):
        raise PiError(f"{lead}the event number must be a whole number (#N in other outputs), found {text!r}")
    number = _magnitude(value)
    if number > INT64_MAX:
        raise PiError(f"{lead}the event number must be at most {INT64_MAX}, found {text}")
    if number == 0:
        raise PiError(f"{lead}no event #0: sequence numbers start at 1")
    return number


def _parse_count(text: str, what: str) -> int:
    """A count given to option `what` (-n): plain ASCII digits, from 0 to INT64_MAX."""
    number = _magnitude(text) if _DIGITS.fullmatch(text) else None
    if number is None or number > INT64_MAX:
        raise PiError(f"{what} must be a whole number from 0 to {INT64_MAX}, found {text!r}")
    return number


def _choice(value: str, choices: Sequence[str], what: str) -> str:
    if value not in choices:
        raise PiError(f"unknown {what} {value!r} (known: {', '.join(choices)})")
    return value


def parse_arguments(argv: Sequence[str]) -> Command:
    """Parses `pi` arguments (already split) into a Command; raises PiError on bad input."""
    if not argv:
        return Command("help", topic=None)
    name, rest = argv[0], list(argv[1:])
    if name in ("-h", "--help"):
        return Command("help", topic=None)
    if name == "--version":
        if rest:
            raise PiError("--version takes no arguments")
        return Command("version")
    if name not in USAGE:
        raise PiError(f"unknown command {name!r} (commands: {', '.join(USAGE)}; see `pi help`)")
    if "-h" in rest or "--help" in rest:
        return Command("help", topic=name)
    takes_value = {"chain": (), "events": ("-n", "--count", "--kind", "--controller"), "explain": (),
                   "diagnose": ("--severity",), "graph": ("--format", "--at"), "export": ("--format",),
                   "help": ()}[name]
    flags = {"chain": ("--json", "--containers"), "events": ("--json",), "explain": ("--json",), "diagnose": ("--json",),
             "graph": (), "export": ("--scenario",), "help": ()}[name]
    options, positional, given = {}, [], {}
    i = 0
    while i < len(rest):
        arg = rest[i]
        key, value = arg, None
        if arg.startswith("--") and "=" in arg:
            key, value = arg.split("=", 1)
        elif arg.startswith("-n") and len(arg) > 2 and not arg.startswith("--"):
            key, value = "-n", arg[2:]
        if key in takes_value:
            if value is None:
                i += 1
                if i >= len(rest):
                    raise PiError(f"{key} needs a value (usage: {USAGE[name][0]})")
                value = rest[i]
            key = "-n" if key == "--count" else key
            given.setdefault(key, []).append(value)
            options[key] = value
        elif key in flags and value is None:
            options[key] = True
        elif arg.startswith("-") and not _looks_negative_number(arg):
            raise PiError(f"unknown option {arg!r} (usage: {USAGE[name][0]})")
        else:
            positional.append(arg)
        i += 1
    for key, values in given.items():
        distinct = list(dict.fromkeys(values))
        if len(distinct) > 1:
            quoted = ", ".join(f"'{v}'" for v in distinct)
            raise PiError(f"{key} was given {len(values)} times with different values ({quoted}); give it once")
    return _build(name, options, positional)


def _looks_negative_number(arg: str) -> bool:
    return _NEGATIVE_DIGITS.fullmatch(arg) is not None


def _build(name: str, options: dict[str, Any], positional: list[str]) -> Command:
    want = {"explain": 1, "export": 1, "help": None}.get(name, 0)
    if want is not None and len(positional) != want:
        if want == 0:
            raise PiError(f"takes no arguments, got {' '.join(positional)} (usage: {USAGE[name][0]})")
        raise PiError(f"needs exactly one {'SEQ' if name == 'explain' else 'PATH'}, got {len(positional)} "
                      f"(usage: {USAGE[name][0]})")
    as_json = bool(options.get("--json"))
    if name == "help":
        if len(positional) > 1:
            raise PiError(f"usage: {USAGE['help'][0]}")
        topic = positional[0] if positional else None
        if topic is not None:
            _choice(topic, tuple(USAGE), "command")
        return Command("help", topic=topic)
    if name == "chain":
        if as_json and options.get("--containers"):
            raise PiError(f"--containers prints text only; use it without --json (usage: {USAGE['chain'][0]})")
        return Command("chain", json=as_json, containers=bool(options.get("--containers")))
    if name == "events":
        count = _parse_count(options.get("-n", str(DEFAULT_EVENT_COUNT)), "-n")
        kind = options.get("--kind")
        if kind is not None:
            _choice(kind, EVENT_KINDS, "event kind")
        controller = options.get("--controller")
        if controller is not None and not controller:
            raise PiError("--controller needs an id, a type name or a title")
        return Command("events", count=count, kind=kind, controller=controller, json=as_json)
    if name == "explain":
        return Command("explain", seq=event_number(positional[0]), json=as_json)
    if name == "diagnose":
        severity = options.get("--severity", "info")
        return Command("diagnose", severity=_choice(severity, SEVERITIES, "severity"), json=as_json)
    if name == "graph":
        fmt = _choice(options.get("--format", "text"), GRAPH_FORMATS, "graph format")
        at = event_number(options["--at"], "--at") if "--at" in options else None
        return Command("graph", format=fmt, at=at)
    fmt = options.get("--format")
    if fmt is not None:
        _choice(fmt, EXPORT_FORMATS, "export format")
    if not positional[0]:
        raise PiError("PATH must not be empty")
    if options.get("--scenario"):
        if fmt is not None:
            raise PiError("--scenario writes a scenario file; it takes no --format")
        return Command("export", path=positional[0], format=None, scenario=True)
    return Command("export", path=positional[0], format=fmt)


def help_text(topic: str | None = None) -> str:
    """`pi help` output: every command, or one command's usage."""
    if topic is not None:
        usage, text = USAGE[topic]
        body = textwrap.fill(text, 80, initial_indent="  ", subsequent_indent="  ",
                             break_on_hyphens=False, break_long_words=False)
        return f"usage: {usage}\n{body}"
    lines = ["PresentationInspector: the app's modal presentations, from a paused process.", ""]
    for name in USAGE:
        lines.append(f"  {USAGE[name][0]}\n      {SUMMARY[name]}")
    lines += ["", "Errors are one line. The app must link PresentationInspectorCore and be stopped",
              "(at a breakpoint or with `process interrupt`). `pi help COMMAND` for details;",
              "`pi --version` for the plugin's version."]
    return "\n".join(lines)
