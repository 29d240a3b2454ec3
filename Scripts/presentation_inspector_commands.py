"""The plain-Python half of PresentationInspector's LLDB commands: argument parsing, the C
expressions that call the entry points, and output formatting. No lldb here, so it is
unit-tested with plain pytest (Tests/lldb); presentation_inspector_lldb.py is the lldb glue.
"""

import json
import math

API_VERSION = 1
ERROR_PREFIX = "pi-error: "
SEVERITIES = ("info", "warning", "error")
EVENT_KINDS = ("present", "dismiss", "interactive-dismiss", "present-completed", "dismiss-completed", "leak-check")
GRAPH_FORMATS = ("text", "dot", "mermaid")
EXPORT_FORMATS = ("jsonl", "html", "perfetto", "dot", "mermaid", "text")
DEFAULT_EVENT_COUNT = 20
READ_CHUNK = 1 << 20

PREFIX = """
extern "C" int presentation_inspector_api_version(void);
extern "C" char *presentation_inspector_chain(void);
extern "C" char *presentation_inspector_events(long long limit, const char *kind, const char *controller);
extern "C" char *presentation_inspector_explain(long long seq);
extern "C" char *presentation_inspector_diagnose(void);
extern "C" char *presentation_inspector_graph(const char *format, long long at);
extern "C" char *presentation_inspector_export(const char *path, const char *format);
extern "C" unsigned long strlen(const char *);
extern "C" void free(void *);
"""

USAGE = {
    "chain": ("pi chain [--json]", "The live presentation chain of every window: root, then each presented controller."),
    "events": ("pi events [-n N] [--kind K] [--controller ID] [--json]",
               "The latest N recorded events (default %d; -n 0: all), optionally only kind K (%s) or events naming "
               "controller ID (an id or a type name). --json prints the log lines unchanged (header first)."
               % (DEFAULT_EVENT_COUNT, ", ".join(EVENT_KINDS))),
    "explain": ("pi explain SEQ [--json]", "Why event #SEQ went as it did: source, presenting controller, context "
                "provider, styles, the resolver's steps, diagnostics."),
    "diagnose": ("pi diagnose [--severity info|warning|error] [--json]",
                 "Every recorded diagnostic (UIKit's wording), oldest first; --severity sets the minimum."),
    "graph": ("pi graph [--format text|dot|mermaid] [--at SEQ]",
              "The presentation chains as a graph (as they stood after event SEQ with --at)."),
    "export": ("pi export PATH [--format %s]" % "|".join(EXPORT_FORMATS),
               "Writes the recording to PATH in the debugged process's file system (relative to its current "
               "directory); the format follows the extension (.jsonl .html .json .dot .mmd .txt) unless given."),
    "help": ("pi help [COMMAND]", "This help, or one command's."),
}


class PiError(Exception):
    """A failure reported to the user as one line (never a traceback)."""


# ---------------------------------------------------------------- arguments

class Command(object):
    """A parsed `pi` command line: the subcommand and its options."""

    def __init__(self, name, **options):
        self.name = name
        self.options = options

    def __eq__(self, other):
        return isinstance(other, Command) and (self.name, self.options) == (other.name, other.options)

    def __repr__(self):
        return "Command(%r, %r)" % (self.name, self.options)


def _parse_int(text, what, minimum):
    value = text[1:] if what == "SEQ" and text.startswith("#") else text
    try:
        number = int(value, 10)
    except ValueError:
        raise PiError("%s must be a whole number, got %r" % (what, text))
    if number < minimum:
        raise PiError("%s must be %d or more, got %d" % (what, minimum, number))
    return number


def _choice(value, choices, what):
    if value not in choices:
        raise PiError("unknown %s %r (known: %s)" % (what, value, ", ".join(choices)))
    return value


def parse_arguments(argv):
    """Parses `pi` arguments (already split) into a Command; raises PiError on bad input."""
    if not argv:
        return Command("help", topic=None)
    name, rest = argv[0], list(argv[1:])
    if name in ("-h", "--help"):
        return Command("help", topic=None)
    if name not in USAGE:
        raise PiError("unknown command %r (commands: %s; see `pi help`)" % (name, ", ".join(USAGE)))
    if "-h" in rest or "--help" in rest:
        return Command("help", topic=name)
    takes_value = {"chain": (), "events": ("-n", "--count", "--kind", "--controller"), "explain": (),
                   "diagnose": ("--severity",), "graph": ("--format", "--at"), "export": ("--format",),
                   "help": ()}[name]
    flags = {"chain": ("--json",), "events": ("--json",), "explain": ("--json",), "diagnose": ("--json",),
             "graph": (), "export": (), "help": ()}[name]
    options, positional = {}, []
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
                    raise PiError("%s needs a value (usage: %s)" % (key, USAGE[name][0]))
                value = rest[i]
            options["-n" if key == "--count" else key] = value
        elif key in flags and value is None:
            options[key] = True
        elif arg.startswith("-") and not _looks_negative_number(arg):
            raise PiError("unknown option %r for `pi %s` (usage: %s)" % (arg, name, USAGE[name][0]))
        else:
            positional.append(arg)
        i += 1
    return _build(name, options, positional)


def _looks_negative_number(arg):
    return len(arg) > 1 and arg[1:].isdigit()


def _build(name, options, positional):
    want = {"explain": 1, "export": 1, "help": None}.get(name, 0)
    if want is not None and len(positional) != want:
        if want == 0:
            raise PiError("`pi %s` takes no arguments, got %s (usage: %s)" % (name, " ".join(positional), USAGE[name][0]))
        raise PiError("`pi %s` needs exactly one %s (usage: %s)" % (name, "SEQ" if name == "explain" else "PATH", USAGE[name][0]))
    as_json = bool(options.get("--json"))
    if name == "help":
        if len(positional) > 1:
            raise PiError("usage: %s" % USAGE["help"][0])
        topic = positional[0] if positional else None
        if topic is not None:
            _choice(topic, tuple(USAGE), "command")
        return Command("help", topic=topic)
    if name == "chain":
        return Command("chain", json=as_json)
    if name == "events":
        count = _parse_int(options.get("-n", str(DEFAULT_EVENT_COUNT)), "-n", 0)
        kind = options.get("--kind")
        if kind is not None:
            _choice(kind, EVENT_KINDS, "event kind")
        controller = options.get("--controller")
        if controller is not None and not controller:
            raise PiError("--controller needs an id or a type name")
        return Command("events", count=count, kind=kind, controller=controller, json=as_json)
    if name == "explain":
        return Command("explain", seq=_parse_int(positional[0], "SEQ", 1), json=as_json)
    if name == "diagnose":
        severity = options.get("--severity", "info")
        return Command("diagnose", severity=_choice(severity, SEVERITIES, "severity"), json=as_json)
    if name == "graph":
        fmt = _choice(options.get("--format", "text"), GRAPH_FORMATS, "graph format")
        at = _parse_int(options["--at"], "--at", 1) if "--at" in options else None
        return Command("graph", format=fmt, at=at)
    fmt = options.get("--format")
    if fmt is not None:
        _choice(fmt, EXPORT_FORMATS, "export format")
    if not positional[0]:
        raise PiError("PATH must not be empty")
    return Command("export", path=positional[0], format=fmt)


def help_text(topic=None):
    """`pi help` output: every command, or one command's usage."""
    if topic is not None:
        usage, text = USAGE[topic]
        return "usage: %s\n  %s" % (usage, text)
    lines = ["PresentationInspector: the app's modal presentations, from a paused process.", ""]
    for name in USAGE:
        lines.append("  %-62s %s" % (USAGE[name][0], USAGE[name][1].split(": ")[0].split(". ")[0].rstrip(".") + "."))
    lines += ["", "Errors are one line. The app must link PresentationInspectorCore and be stopped (breakpoint or "
              "`process interrupt`).", "`pi help COMMAND` for details."]
    return "\n".join(lines)


# ---------------------------------------------------------------- C calls

def c_string_literal(text):
    """A C string literal for `text`: UTF-8, with everything not plain printable ASCII as
    three-digit octal escapes (a hex escape would swallow the hex digits after it)."""
    out = ['"']
    for byte in text.encode("utf-8"):
        ch = chr(byte)
        if 0x20 <= byte < 0x7F and ch not in '"\\?':
            out.append(ch)
        else:
            out.append("\\%03o" % byte)
    out.append('"')
    return "".join(out)


def c_argument(value):
    """Formats a Python value as a C argument: None → NULL, int → long long, str → literal."""
    if value is None:
        return "(const char *)0"
    if isinstance(value, bool):
        raise TypeError("no bool arguments")
    if isinstance(value, int):
        return "%dLL" % value
    return c_string_literal(value)


def c_call(function, *args):
    """The expression that calls an entry point, e.g. `presentation_inspector_explain(7LL)`."""
    return "%s(%s)" % (function, ", ".join(c_argument(a) for a in args))


def check_reply(text, function):
    """Returns the reply, or raises PiError with the message of an error reply."""
    if text.startswith(ERROR_PREFIX):
        message = text[len(ERROR_PREFIX):].strip().splitlines()
        raise PiError(message[0] if message else "%s failed" % function)
    return text


def _loads(text, what):
    try:
        return json.loads(text)
    except ValueError as error:
        raise PiError("the process answered %s with malformed JSON (%s); are plugin and library the same version?" % (what, error))


# ---------------------------------------------------------------- formatting

def format_time(seconds):
    """`1.350s`, as the Swift side prints times."""
    scaled = seconds * 1000  # rounded half away from zero, like Swift's rounded()
    ms = int(math.floor(abs(scaled) + 0.5)) * (-1 if scaled < 0 else 1)
    sign = "-" if ms < 0 else ""
    return "%s%d.%03ds" % (sign, abs(ms) // 1000, abs(ms) % 1000)


def ref_label(ref):
    """`Type "Title" (id)` or `Type (id)`, as ControllerRef.label."""
    if not ref:
        return "?"
    if ref.get("title"):
        return '%s "%s" (%s)' % (ref.get("type", "?"), ref["title"], ref.get("id", "?"))
    return "%s (%s)" % (ref.get("type", "?"), ref.get("id", "?"))


def _dismissed_refs(event):
    refs = event.get("dismissedControllers")
    if refs:
        return refs
    return [{"id": i, "type": "?"} if isinstance(i, str) else i for i in event.get("dismissed", [])]


def event_summary(event):
    """One line per event: `#7 3.350s present X from Y on Z → presented  [code, …]`."""
    kind = event.get("kind", "?")
    text = "#%s %s %s" % (event.get("seq", "?"), format_time(event.get("time", 0)), kind)
    if kind == "present":
        text += " %s from %s" % (ref_label(event.get("presented")), ref_label(event.get("source")))
        presenting, source = event.get("presenting"), event.get("source") or {}
        if presenting and presenting.get("id") != source.get("id"):
            text += " on %s" % ref_label(presenting)
    elif kind in ("dismiss", "interactive-dismiss"):
        text += " via %s" % ref_label(event.get("receiver"))
        if event.get("dismissed"):
            text += " removing %s" % ", ".join(ref_label(r) for r in _dismissed_refs(event))
    elif kind == "present-completed":
        text += " %s" % ref_label(event.get("presented"))
    else:
        text += " %s" % ", ".join(ref_label(r) for r in _dismissed_refs(event))
    text += " → %s" % event.get("outcome", "?")
    if event.get("thread", "main") != "main":
        text += " [thread %s]" % event["thread"]
    codes = [d.get("code", "?") for d in event.get("diagnostics", [])]
    if codes:
        text += "  [%s]" % ", ".join(codes)
    return text


def format_chain(data):
    """`pi chain`: each window, then its chain, one controller a line, indented by depth."""
    windows = data.get("windows", [])
    if not windows:
        return "no windows (nothing has installed a window-chain provider in InspectorRuntime.shared)"
    lines = []
    for window in windows:
        level = window.get("level", 0)
        level_text = ("%g" % level) if isinstance(level, (int, float)) else str(level)
        chain = window.get("chain", [])
        lines.append("window %s (%slevel %s): %d presented" % (window.get("id", "?"), "key, " if window.get("key") else "",
                                                                level_text, max(0, len(chain) - 1)))
        for depth, ref in enumerate(chain):
            lines.append("  %s%s%s" % ("   " * (depth - 1) if depth > 1 else "", "└─ " if depth else "", ref_label(ref)))
    return "\n".join(lines)


def parse_jsonl(text):
    """Splits an events reply into (header, [(line, event)]); raises PiError on a bad line."""
    lines = [line for line in text.split("\n") if line]
    if not lines:
        raise PiError("the process returned an empty log")
    header = _loads(lines[0], "events (header)")
    if header.get("format") != "presentation-inspector-log":
        raise PiError("the process returned something other than a presentation-inspector-log")
    return header, [(line, _loads(line, "events")) for line in lines[1:]]


def format_events(text, command):
    """`pi events`: summaries (or the raw lines with --json), with a note on dropped events."""
    if command.options.get("json"):
        return text.rstrip("\n")
    header, events = parse_jsonl(text)
    lines = []
    if header.get("dropped"):
        lines.append("(%d older events were dropped by the ring buffer)" % header["dropped"])
    if not events:
        lines.append("no matching events" if command.options.get("kind") or command.options.get("controller")
                     else "no events recorded yet")
    lines += [event_summary(e) for _, e in events]
    count = command.options.get("count")
    if count and len(events) == count:
        lines.append("(the latest %d; `pi events -n 0` shows all)" % count)
    return "\n".join(lines)


def format_explain(event):
    """`pi explain`: the event's controllers, styles, reasoning and diagnostics."""
    lines = [event_summary(event)]

    def fact(name, value):
        if value not in (None, "", []):
            lines.append("  %-18s %s" % (name + ":", value))

    def style(requested, effective):
        if requested is None:
            return None
        return requested if requested == effective or effective is None else "%s → %s" % (requested, effective)

    kind = event.get("kind")
    if kind == "present":
        fact("source", ref_label(event.get("source")) + "  (the receiver of present)")
        fact("presented", ref_label(event.get("presented")))
        fact("presenting", ref_label(event.get("presenting")) if event.get("presenting") else None)
        fact("context provider", ref_label(event.get("contextProvider")) if event.get("contextProvider") else None)
        fact("style", style(event.get("requestedStyle"), event.get("effectiveStyle")))
        fact("transition", style(event.get("requestedTransition"), event.get("effectiveTransition")))
    elif kind in ("dismiss", "interactive-dismiss"):
        fact("receiver", ref_label(event.get("receiver")) if event.get("receiver") else None)
        handled = event.get("handledBy")
        if handled:
            fact("handled by", ref_label(handled) + ("  (forwarded)" if event.get("forwarded") else ""))
        fact("dismissed", ", ".join(ref_label(r) for r in _dismissed_refs(event)))
    elif event.get("relatesTo") is not None:
        fact("belongs to", "#%s" % event["relatesTo"])
    fact("animated", "yes" if event.get("animated") else "no")
    fact("thread", event.get("thread"))
    fact("window", event.get("window"))
    fact("call site", event.get("callSite"))
    fact("chain after", " → ".join(ref_label(r) for r in event.get("chain", [])))
    if event.get("explanation"):
        lines.append("why:")
        lines += ["  %d. %s" % (i + 1, step) for i, step in enumerate(event["explanation"])]
    if event.get("diagnostics"):
        lines.append("diagnostics:")
        lines += ["  %s %s: %s" % (d.get("severity"), d.get("code"), d.get("message")) for d in event["diagnostics"]]
    return "\n".join(lines)


def _severity_rank(diagnostic):
    """0 info, 1 warning, 2 error; a severity this plugin does not know counts as error."""
    severity = diagnostic.get("severity")
    return SEVERITIES.index(severity) if severity in SEVERITIES else len(SEVERITIES) - 1


def format_diagnose(data, minimum="info"):
    """`pi diagnose`: a count by severity, then each diagnostic with its event."""
    floor = SEVERITIES.index(minimum)
    found = [d for d in data.get("diagnostics", []) if _severity_rank(d) >= floor]
    counts = dict((s, sum(1 for d in found if d.get("severity") == s)) for s in SEVERITIES)
    head = "%d diagnostic%s%s in %d events (%d errors, %d warnings, %d info)" % (
        len(found), "" if len(found) == 1 else "s", " of severity %s or worse" % minimum if floor else "",
        data.get("events", 0), counts["error"], counts["warning"], counts["info"])
    if data.get("dropped"):
        head += "; %d older events were dropped by the ring buffer" % data["dropped"]
    lines = [head]
    for d in found:
        lines.append("%-7s #%s %s %s" % (d.get("severity"), d.get("seq"), format_time(d.get("time", 0)), d.get("code")))
        lines.append("        %s" % d.get("message"))
        lines.append("        event: %s" % d.get("summary", ""))
    return "\n".join(lines)


def format_export(data):
    """`pi export`: where the file went."""
    return "wrote %d events as %s to %s (%d bytes, in the debugged process's file system)" % (
        data.get("events", 0), data.get("format", "?"), data.get("path", "?"), data.get("bytes", 0))


def run(command, call):
    """Runs a parsed command. `call(function, *args)` calls an entry point in the process and
    returns its reply text (raising PiError for an error reply). Returns the output."""
    if command.name == "help":
        return help_text(command.options.get("topic"))
    opts = command.options
    if command.name == "chain":
        text = call("presentation_inspector_chain")
        return json.dumps(_loads(text, "chain"), indent=2, ensure_ascii=False) if opts["json"] else format_chain(_loads(text, "chain"))
    if command.name == "events":
        return format_events(call("presentation_inspector_events", opts["count"], opts["kind"], opts["controller"]), command)
    if command.name == "explain":
        text = call("presentation_inspector_explain", opts["seq"])
        return text if opts["json"] else format_explain(_loads(text, "explain"))
    if command.name == "diagnose":
        data = _loads(call("presentation_inspector_diagnose"), "diagnose")
        if opts["json"]:
            floor = SEVERITIES.index(opts["severity"])
            data["diagnostics"] = [d for d in data.get("diagnostics", []) if _severity_rank(d) >= floor]
            return json.dumps(data, indent=2, ensure_ascii=False)
        return format_diagnose(data, opts["severity"])
    if command.name == "graph":
        return call("presentation_inspector_graph", opts["format"], opts["at"] or 0).rstrip("\n")
    return format_export(_loads(call("presentation_inspector_export", opts["path"], opts["format"]), "export"))

