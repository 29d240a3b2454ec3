"""What `pi` prints: the entry points' JSON replies turned into text for a person.
Plain Python (no lldb), unit-tested with pytest in Scripts/lldb/tests."""

from __future__ import annotations

import json
import math
from typing import TYPE_CHECKING, Any

from presentation_inspector_arguments import SEVERITIES, PiError

if TYPE_CHECKING:
    from presentation_inspector_arguments import Command


def _loads(text: str, what: str, exact: bool = False) -> Any:
    """The reply decoded; its strings made `visible` for text, unless `exact` (for `--json`)."""
    try:
        data = json.loads(text)
        return data if exact else _visible_strings(data)
    except ValueError as error:
        raise PiError(f"the process answered {what} with malformed JSON ({error}); are plugin and library the same version?")


_SHORT_ESCAPES = {"\n": "\\n", "\r": "\\r", "\t": "\\t", "\0": "\\0"}


def _is_escaped(ch: str) -> bool:
    c = ord(ch)
    return c <= 0x1F or 0x7F <= c <= 0x9F or 0x2028 <= c <= 0x202E or 0x2066 <= c <= 0x2069


def visible(text: str) -> str:
    """`text` on one line with nothing a terminal obeys, as the Swift side's `VisibleText` writes it:
    control characters, DEL, C1 controls and bidirectional overrides become `\\n` or `\\u{1B}`."""
    if not any(_is_escaped(ch) for ch in text):
        return text
    return "".join(_SHORT_ESCAPES.get(ch, f"\\u{{{ord(ch):X}}}") if _is_escaped(ch) else ch for ch in text)


def dumps(data: Any) -> str:
    """`data` as JSON the way the Swift writer escapes it: C0 controls (json's own), DEL, C1 and
    bidirectional controls as `\\u` escapes, so no string holds one raw; other text as it is."""
    text = json.dumps(data, indent=2, ensure_ascii=False)
    return "".join(f"\\u{ord(ch):04x}" if _is_escaped(ch) and ch not in "\n " else ch for ch in text)


def _visible_strings(value: Any) -> Any:
    """Every string in a decoded reply made `visible`: titles, ids and messages come from the app."""
    if isinstance(value, str):
        return visible(value)
    if isinstance(value, list):
        return [_visible_strings(v) for v in value]
    if isinstance(value, dict):
        return {visible(k): _visible_strings(v) for k, v in value.items()}
    return value


def format_time(seconds: float) -> str:
    """`1.350s`, as the Swift side prints times."""
    scaled = seconds * 1000  # rounded half away from zero, like Swift's rounded()
    ms = int(math.floor(abs(scaled) + 0.5)) * (-1 if scaled < 0 else 1)
    sign = "-" if ms < 0 else ""
    return f"{sign}{abs(ms) // 1000}.{abs(ms) % 1000:03d}s"


def ref_label(ref: dict[str, Any] | None) -> str:
    """`Type "Title" (id)` or `Type (id)`, as ControllerRef.label."""
    if not ref:
        return "?"
    if ref.get("title"):
        return f'{ref.get("type", "?")} "{ref["title"]}" ({ref.get("id", "?")})'
    return f'{ref.get("type", "?")} ({ref.get("id", "?")})'


def resting_detent(sheet: dict[str, Any]) -> str:
    """Where a sheet rests, as SheetState.restingDetent: its selected detent when it is one of its
    detents, else the smallest (UIKit's rule for nil or an unknown identifier)."""
    detents = sheet.get("detents") if isinstance(sheet.get("detents"), list) else ["large"]
    selected = sheet.get("selectedDetent")
    if selected in detents:
        return str(selected)
    return str(detents[0]) if detents else "no detent"


def resting_summary(sheet: dict[str, Any] | None) -> str:
    """`medium, undimmed`, `large`: where a sheet rests, as SheetState.restingSummary."""
    if not isinstance(sheet, dict):
        return "?"
    detent = resting_detent(sheet)
    suffix = {"interactive": ", undimmed", "modal": ", undimmed but modal", "covered": ", full screen"}
    return detent + suffix.get(sheet.get("background"), "")


def _dismissed_refs(event: dict[str, Any]) -> list[Any]:
    refs = event.get("dismissedControllers")
    if refs:
        return refs
    return [{"id": i, "type": "?"} if isinstance(i, str) else i for i in event.get("dismissed", [])]


def event_summary(event: dict[str, Any]) -> str:
    """One line per event: `#7 3.350s present X from Y on Z → presented  [code, …]`."""
    kind = event.get("kind", "?")
    text = f'#{event.get("seq", "?")} {format_time(event.get("time", 0))} {kind}'
    if kind == "present":
        text += f' {ref_label(event.get("presented"))} from {ref_label(event.get("source"))}'
        presenting, source = event.get("presenting"), event.get("source") or {}
        if presenting and presenting.get("id") != source.get("id"):
            text += f" on {ref_label(presenting)}"
    elif kind in ("dismiss", "interactive-dismiss"):
        text += f' via {ref_label(event.get("receiver"))}'
        if event.get("dismissed"):
            text += " removing " + ", ".join(ref_label(r) for r in _dismissed_refs(event))
    elif kind == "present-completed":
        text += " " + ref_label(event.get("presented"))
    elif kind == "sheet-detent-changed":
        text += f' {ref_label(event.get("presented"))} to {resting_summary(event.get("sheet"))}'
    else:
        text += " " + ", ".join(ref_label(r) for r in _dismissed_refs(event))
    text += f' → {event.get("outcome", "?")}'
    if event.get("thread", "main") != "main":
        text += f' [thread {event["thread"]}]'
    codes = [d.get("code", "?") for d in event.get("diagnostics", [])]
    if codes:
        text += f"  [{', '.join(codes)}]"
    return text


def format_chain(data: dict[str, Any]) -> str:
    """`pi chain`: each window, then its chain, one controller a line, indented by depth."""
    windows = data.get("windows", [])
    if not windows:
        return "no windows (nothing has installed a window-chain provider in InspectorRuntime.shared)"
    lines = []
    for window in windows:
        level = window.get("level", 0)
        level_text = f"{level:g}" if isinstance(level, (int, float)) else str(level)
        chain = window.get("chain", [])
        key = "key, " if window.get("key") else ""
        lines.append(f'window {window.get("id", "?")} ({key}level {level_text}): {max(0, len(chain) - 1)} presented')
        # Presentation levels (two presentations side by side in one window share one); a
        # process without them gives a single stack, where the level is the position.
        levels = window.get("levels")
        if not isinstance(levels, list) or len(levels) != len(chain):
            levels = list(range(len(chain)))
        levels = [d if isinstance(d, int) and d >= 0 else 0 for d in levels]
        sheets = window.get("sheets")
        if not isinstance(sheets, list) or len(sheets) != len(chain):
            sheets = [None] * len(chain)
        reach = _still_interactive(levels, sheets)
        for i, (depth, ref) in enumerate(zip(levels, chain)):
            indent = "   " * (depth - 1) if depth > 1 else ""
            line = f"  {indent}{'└─ ' if depth else ''}{ref_label(ref)}"
            if isinstance(sheets[i], dict) and _detents_configured(sheets[i]):
                line += f"  [sheet at {resting_summary(sheets[i])}]"
            if i in reach:
                line += f"  (still interactive: {ref_label(chain[reach[i]])} above rests undimmed)"
            lines.append(line)
    return "\n".join(lines)


def _detents_configured(sheet: dict[str, Any]) -> bool:
    """Whether the app configured the sheet's detents (SheetState.hasDetentsConfigured): a default
    sheet (`[large]`, nothing selected or undimmed) is not annotated."""
    return sheet.get("detents", ["large"]) != ["large"] or bool(sheet.get("selectedDetent")) \
        or bool(sheet.get("largestUndimmedDetent"))


def _still_interactive(levels: list[int], sheets: list[Any]) -> dict[int, int]:
    """{presenter's position: its sheet's position} for each controller left interactive below a
    sheet: the sheet rests undimmed (`background` interactive), and so does everything presented
    above it (the entries after it at deeper levels). The presenter is the nearest entry before
    the sheet one level lower (DESIGN "Sheets")."""
    def undimmed(i: int) -> bool:
        return isinstance(sheets[i], dict) and sheets[i].get("background") == "interactive"

    out = {}
    for i in range(1, len(levels)):
        if not undimmed(i):
            continue
        j = i + 1
        while j < len(levels) and levels[j] > levels[i] and undimmed(j):
            j += 1
        if j < len(levels) and levels[j] > levels[i]:
            continue  # something above the sheet dims or covers it
        presenter = next((j for j in range(i - 1, -1, -1) if levels[j] == levels[i] - 1), None)
        if presenter is not None:
            out[presenter] = i
    return out


def parse_jsonl(text: str) -> tuple[dict[str, Any], list[tuple[str, dict[str, Any]]]]:
    """Splits an events reply into (header, [(line, event)]); raises PiError on a bad line."""
    lines = [line for line in text.split("\n") if line]
    if not lines:
        raise PiError("the process returned an empty log")
    header = _loads(lines[0], "events (header)")
    if header.get("format") != "presentation-inspector-log":
        raise PiError("the process returned something other than a presentation-inspector-log")
    return header, [(line, _loads(line, "events")) for line in lines[1:]]


def nothing_matched(kind: str | None, controller: str | None) -> str | None:
    """pinspect's words for filters that selected no event; None without filters."""
    given = ([f"--kind {kind}"] if kind else []) + ([f"--controller '{controller}'"] if controller else [])
    if not given:
        return None
    text = " with ".join(given) + " matched no event"
    if controller:
        text += " (a controller is named by its id, exactly, or its title or type name, ignoring case)"
    return text


def format_events(text: str, command: Command) -> str:
    """`pi events`: summaries (or the raw lines with --json), with a note on dropped events."""
    if command.options.get("json"):
        return text.rstrip("\n")
    header, events = parse_jsonl(text)
    lines = []
    if header.get("dropped"):
        lines.append(f'({int(header["dropped"])} older events were dropped by the ring buffer)')
    if not events:
        lines.append(nothing_matched(command.options.get("kind"), command.options.get("controller"))
                     or "no events recorded yet")
    lines += [event_summary(e) for _, e in events]
    count = command.options.get("count")
    if count and len(events) == count:
        lines.append(f"(the latest {count}; `pi events -n 0` shows all)")
    return "\n".join(lines)


def format_explain(event: dict[str, Any]) -> str:
    """`pi explain`: the event's controllers, styles, reasoning and diagnostics."""
    lines = [event_summary(event)]

    def fact(name: str, value: Any) -> None:
        if value not in (None, "", []):
            lines.append(f"  {name + ':':<18} {value}")

    def style(requested: str | None, effective: str | None) -> str | None:
        if requested is None:
            return None
        return requested if requested == effective or effective is None else f"{requested} → {effective}"

    kind = event.get("kind")
    if kind == "present":
        fact("source", ref_label(event.get("source")) + "  (the receiver of present)")
        fact("presented", ref_label(event.get("presented")))
        fact("presenting", ref_label(event.get("presenting")) if event.get("presenting") else None)
        fact("context provider", ref_label(event.get("contextProvider")) if event.get("contextProvider") else None)
        fact("style", style(event.get("requestedStyle"), event.get("effectiveStyle")))
        fact("transition", style(event.get("requestedTransition"), event.get("effectiveTransition")))
    elif kind == "sheet-detent-changed":
        fact("sheet", ref_label(event.get("presented")))
        fact("presenting", ref_label(event.get("presenting")) if event.get("presenting") else None)
    elif kind in ("dismiss", "interactive-dismiss"):
        fact("receiver", ref_label(event.get("receiver")) if event.get("receiver") else None)
        handled = event.get("handledBy")
        if handled:
            fact("handled by", ref_label(handled) + ("  (forwarded)" if event.get("forwarded") else ""))
        fact("dismissed", ", ".join(ref_label(r) for r in _dismissed_refs(event)))
    elif event.get("relatesTo") is not None:
        fact("belongs to", f'#{event["relatesTo"]}')
    fact("animated", "yes" if event.get("animated") else "no")
    fact("thread", event.get("thread"))
    fact("window", event.get("window"))
    fact("call site", event.get("callSite"))
    fact("chain after", " → ".join(ref_label(r) for r in event.get("chain", [])))
    sheet = event.get("sheet")
    if isinstance(sheet, dict):
        # The sheet as its sheet presentation controller holds it; appearance and background are the model's.
        lines.append(f"sheet (at {resting_summary(sheet)}):")
        for name, value in sheet.items():
            if isinstance(value, list):
                value = "[" + ", ".join(str(v) for v in value) + "]"
            elif isinstance(value, bool):
                value = "true" if value else "false"
            lines.append(f"  {str(name) + ':':<36} {value}")
    observed = event.get("observed")
    if isinstance(observed, dict) and observed:
        # Observation first: what UIKit reported, beside the model's prediction above.
        lines.append("observed (what UIKit reported; the facts above are the model's prediction):")
        for name, value in observed.items():
            if isinstance(value, dict):
                value = ref_label(value)
            elif isinstance(value, list):
                value = ", ".join(ref_label(v) if isinstance(v, dict) else str(v) for v in value) or "nothing"
            lines.append(f"  {str(name) + ':':<18} {value}")
    if event.get("explanation"):
        lines.append("why:")
        lines += [f"  {i}. {step}" for i, step in enumerate(event["explanation"], start=1)]
    if event.get("diagnostics"):
        lines.append("diagnostics:")
        for d in event["diagnostics"]:
            lines.append(f'  {d.get("severity")} {d.get("code")}: {d.get("message")}')
            if d.get("fix"):
                lines.append(f'    fix: {d["fix"]}')
    return "\n".join(lines)


def _severity_rank(diagnostic: dict[str, Any]) -> int:
    """0 info, 1 warning, 2 error; a severity this plugin does not know counts as error."""
    severity = diagnostic.get("severity")
    return SEVERITIES.index(severity) if severity in SEVERITIES else len(SEVERITIES) - 1


def _counted(n: int, noun: str) -> str:
    """"1 error", "4 errors": as pinspect writes counts."""
    return f"{n} {noun}{'' if n == 1 else 's'}"


def format_diagnose(data: dict[str, Any], minimum: str = "info") -> str:
    """`pi diagnose`: a count by severity, then each diagnostic with its event."""
    floor = SEVERITIES.index(minimum)
    found = [d for d in data.get("diagnostics", []) if _severity_rank(d) >= floor]
    counts = {s: sum(1 for d in found if d.get("severity") == s) for s in SEVERITIES}
    plural = "" if len(found) == 1 else "s"
    worse = f" of severity {minimum} or worse" if floor else ""
    head = (f'{len(found)} diagnostic{plural}{worse} in {int(data.get("events", 0))} events '
            f'({_counted(counts["error"], "error")}, {_counted(counts["warning"], "warning")}, {counts["info"]} info)')
    if data.get("dropped"):
        head += f'; {int(data["dropped"])} older events were dropped by the ring buffer'
    lines = [head]
    for d in found:
        lines.append(f'{str(d.get("severity")):<7} #{d.get("seq")} {format_time(d.get("time", 0))} {d.get("code")}')
        lines.append(f'        {d.get("message")}')
        if d.get("fix"):
            lines.append(f'        fix: {d["fix"]}')
        lines.append(f'        event: {d.get("summary", "")}')
    return "\n".join(lines)


def format_export(data: dict[str, Any]) -> str:
    """`pi export`: where the file went."""
    return (f'wrote {int(data.get("events", 0))} events as {data.get("format", "?")} to {data.get("path", "?")} '
            f'({int(data.get("bytes", 0))} bytes, in the debugged process\'s file system)')
