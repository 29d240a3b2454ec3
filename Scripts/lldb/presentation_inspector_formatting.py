"""What `pi` prints: the entry points' JSON replies turned into text for a person.
Plain Python (no lldb), unit-tested with pytest in Scripts/lldb/tests."""

import json
import math

from presentation_inspector_arguments import SEVERITIES, PiError


def _loads(text, what):
    try:
        return json.loads(text)
    except ValueError as error:
        raise PiError("the process answered %s with malformed JSON (%s); are plugin and library the same version?" % (what, error))


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


def nothing_matched(kind, controller):
    """pinspect's words for filters that selected no event; None without filters."""
    given = (["--kind %s" % kind] if kind else []) + (["--controller '%s'" % controller] if controller else [])
    if not given:
        return None
    text = " with ".join(given) + " matched no event"
    if controller:
        text += " (a controller is named by its id, exactly, or its title or type name, ignoring case)"
    return text


def format_events(text, command):
    """`pi events`: summaries (or the raw lines with --json), with a note on dropped events."""
    if command.options.get("json"):
        return text.rstrip("\n")
    header, events = parse_jsonl(text)
    lines = []
    if header.get("dropped"):
        lines.append("(%d older events were dropped by the ring buffer)" % header["dropped"])
    if not events:
        lines.append(nothing_matched(command.options.get("kind"), command.options.get("controller"))
                     or "no events recorded yet")
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
    observed = event.get("observed")
    if isinstance(observed, dict) and observed:
        # Observation first: what UIKit reported, beside the model's prediction above.
        lines.append("observed (what UIKit reported; the facts above are the model's prediction):")
        for name, value in observed.items():
            if isinstance(value, dict):
                value = ref_label(value)
            elif isinstance(value, list):
                value = ", ".join(ref_label(v) if isinstance(v, dict) else str(v) for v in value) or "nothing"
            lines.append("  %-18s %s" % (str(name) + ":", value))
    if event.get("explanation"):
        lines.append("why:")
        lines += ["  %d. %s" % (i + 1, step) for i, step in enumerate(event["explanation"])]
    if event.get("diagnostics"):
        lines.append("diagnostics:")
        for d in event["diagnostics"]:
            lines.append("  %s %s: %s" % (d.get("severity"), d.get("code"), d.get("message")))
            if d.get("fix"):
                lines.append("    fix: %s" % d["fix"])
    return "\n".join(lines)


def _severity_rank(diagnostic):
    """0 info, 1 warning, 2 error; a severity this plugin does not know counts as error."""
    severity = diagnostic.get("severity")
    return SEVERITIES.index(severity) if severity in SEVERITIES else len(SEVERITIES) - 1


def _counted(n, noun):
    """"1 error", "4 errors": as pinspect writes counts."""
    return "%d %s%s" % (n, noun, "" if n == 1 else "s")


def format_diagnose(data, minimum="info"):
    """`pi diagnose`: a count by severity, then each diagnostic with its event."""
    floor = SEVERITIES.index(minimum)
    found = [d for d in data.get("diagnostics", []) if _severity_rank(d) >= floor]
    counts = dict((s, sum(1 for d in found if d.get("severity") == s)) for s in SEVERITIES)
    head = "%d diagnostic%s%s in %d events (%s, %s, %d info)" % (
        len(found), "" if len(found) == 1 else "s", " of severity %s or worse" % minimum if floor else "",
        data.get("events", 0), _counted(counts["error"], "error"), _counted(counts["warning"], "warning"), counts["info"])
    if data.get("dropped"):
        head += "; %d older events were dropped by the ring buffer" % data["dropped"]
    lines = [head]
    for d in found:
        lines.append("%-7s #%s %s %s" % (d.get("severity"), d.get("seq"), format_time(d.get("time", 0)), d.get("code")))
        lines.append("        %s" % d.get("message"))
        if d.get("fix"):
            lines.append("        fix: %s" % d["fix"])
        lines.append("        event: %s" % d.get("summary", ""))
    return "\n".join(lines)


def format_export(data):
    """`pi export`: where the file went."""
    return "wrote %d events as %s to %s (%d bytes, in the debugged process's file system)" % (
        data.get("events", 0), data.get("format", "?"), data.get("path", "?"), data.get("bytes", 0))
