"""The `pi` commands: the C expressions that call PresentationInspectorCore's entry points and
the dispatch from a parsed command to its call and formatter. No lldb here, so it is unit-tested
with plain pytest (Scripts/lldb/tests); presentation_inspector_lldb.py is the lldb glue.

The parsing (presentation_inspector_arguments.py) and formatting
(presentation_inspector_formatting.py) halves live beside this file; their public names are
re-exported here so the glue and the tests need one import.
"""

from __future__ import annotations

from collections.abc import Callable

from presentation_inspector_arguments import (  # noqa: F401 - re-exported
    DEFAULT_EVENT_COUNT, EVENT_KINDS, VERSION, EXPORT_FORMATS, GRAPH_FORMATS, SEVERITIES, USAGE, Command, PiError,
    help_text, parse_arguments)
from presentation_inspector_formatting import (  # noqa: F401 - re-exported
    _loads, _severity_rank, dumps, event_summary, format_chain, format_diagnose, format_events, format_explain,
    format_export, format_time, parse_jsonl, ref_label, visible)

API_VERSION = 1
ERROR_PREFIX = "pi-error: "
READ_CHUNK = 1 << 20

PREFIX = """
extern "C" int presentation_inspector_api_version(void);
extern "C" char *presentation_inspector_chain(void);
extern "C" char *presentation_inspector_events(long long limit, const char *kind, const char *controller);
extern "C" char *presentation_inspector_explain(long long seq);
extern "C" char *presentation_inspector_diagnose(void);
extern "C" char *presentation_inspector_graph(const char *format, long long at);
extern "C" char *presentation_inspector_export(const char *path, const char *format);
extern "C" char *presentation_inspector_export_scenario(const char *path);
extern "C" unsigned long strlen(const char *);
extern "C" void free(void *);
"""


def c_string_literal(text: str) -> str:
    """A C string literal for `text`: UTF-8, with everything not plain printable ASCII as
    three-digit octal escapes (a hex escape would swallow the hex digits after it)."""
    out = ['"']
    for byte in text.encode("utf-8"):
        ch = chr(byte)
        if 0x20 <= byte < 0x7F and ch not in '"\\?':
            out.append(ch)
        else:
            out.append(f"\\{byte:03o}")
    out.append('"')
    return "".join(out)


def c_argument(value: int | str | None) -> str:
    """Formats a Python value as a C argument: None → NULL, int → long long, str → literal."""
    if value is None:
        return "(const char *)0"
    if isinstance(value, bool):
        raise TypeError("no bool arguments")
    if isinstance(value, int):
        return f"{value}LL"
    return c_string_literal(value)


def c_call(function: str, *args: int | str | None) -> str:
    """The expression that calls an entry point, e.g. `presentation_inspector_explain(7LL)`."""
    arguments = ", ".join(c_argument(a) for a in args)
    return f"{function}({arguments})"


def check_reply(text: str, function: str) -> str:
    """Returns the reply, or raises PiError with the message of an error reply."""
    if text.startswith(ERROR_PREFIX):
        # The first line, then made visible: the message may quote the app's ids and titles.
        message = text[len(ERROR_PREFIX):].strip().split("\n")[0]
        raise PiError(visible(message) if message else f"{function} failed")
    return text


def run(command: Command, call: Callable[..., str] | None) -> str:
    """Runs a parsed command. `call(function, *args)` calls an entry point in the process and
    returns its reply text (raising PiError for an error reply). Returns the output."""
    if command.name == "help":
        return help_text(command.options.get("topic"))
    if command.name == "version":
        return f"pi (PresentationInspector LLDB plugin) {VERSION}, debugger API {API_VERSION}"
    opts = command.options
    if command.name == "chain":
        data = _loads(call("presentation_inspector_chain"), "chain", exact=opts["json"])
        if not data.get("windows"):
            # The chain entry point answers "no windows" whether or not anything records;
            # the events one fails with the core's "nothing is recording" message when no
            # recorder is installed, and that is the answer the user needs.
            call("presentation_inspector_events", 1, None, None)
        if opts["json"]:
            return dumps(data)
        out = format_chain(data)
        if opts.get("containers"):
            # The latest event (a limit of 1 reads from the newest end), then the graph after it.
            _, latest = parse_jsonl(call("presentation_inspector_events", 1, None, None))
            if not latest:
                return out + "\n\nno events recorded yet: no containers to show"
            out += "\n\n" + call("presentation_inspector_graph", "text", latest[-1][1]["seq"]).rstrip("\n")
        return out
    if command.name == "events":
        return format_events(call("presentation_inspector_events", opts["count"], opts["kind"], opts["controller"]), command)
    if command.name == "explain":
        text = call("presentation_inspector_explain", opts["seq"])
        return text if opts["json"] else format_explain(_loads(text, "explain"))
    if command.name == "diagnose":
        data = _loads(call("presentation_inspector_diagnose"), "diagnose", exact=opts["json"])
        if opts["json"]:
            floor = SEVERITIES.index(opts["severity"])
            data["diagnostics"] = [d for d in data.get("diagnostics", []) if _severity_rank(d) >= floor]
            return dumps(data)
        return format_diagnose(data, opts["severity"])
    if command.name == "graph":
        return call("presentation_inspector_graph", opts["format"], opts["at"] or 0).rstrip("\n")
    if opts.get("scenario"):
        return format_export(_loads(call("presentation_inspector_export_scenario", opts["path"]), "export"))
    return format_export(_loads(call("presentation_inspector_export", opts["path"], opts["format"]), "export"))
