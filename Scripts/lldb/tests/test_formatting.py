"""Pure-Python tests of the plugin's output formatting and command dispatch (no lldb)."""

import json

import pytest

import presentation_inspector_commands as pic
import presentation_inspector_formatting as pif
from presentation_inspector_commands import PiError
from conftest import CAMERA_DISMISS, PICKER_PRESENT, SHARE_REJECTED, events_reply, line


@pytest.mark.parametrize("seconds, text", [(0, "0.000s"), (1.35, "1.350s"), (23.6, "23.600s"),
                                           (-0.5, "-0.500s"), (0.0004, "0.000s"), (1.0625, "1.063s"), (-1.0625, "-1.063s")])
def test_format_time_matches_the_swift_side(seconds, text):
    assert pic.format_time(seconds) == text


def test_ref_label():
    assert pic.ref_label({"id": "photos", "type": "UINavigationController"}) == "UINavigationController (photos)"
    assert pic.ref_label({"id": "camera", "type": "CameraViewController", "title": "Camera"}) == \
        'CameraViewController "Camera" (camera)'
    assert pic.ref_label(None) == "?"


def test_event_summaries():
    assert pic.event_summary(PICKER_PRESENT) == (
        '#7 3.350s present ABPeoplePickerNavigationController "People" (peoplePicker) from '
        'PhotoLibraryViewController "Photos" (library) on UINavigationController (photos) → presented')
    assert pic.event_summary(SHARE_REJECTED).endswith("→ rejected  [already-presenting]")
    assert pic.event_summary(CAMERA_DISMISS) == (
        '#14 4.850s dismiss via CameraViewController "Camera" (camera) removing '
        'ABPeoplePickerNavigationController "People" (peoplePicker), UINavigationController (photos) → dismissed')
    off_main = dict(SHARE_REJECTED, thread="com.example.worker")
    assert "[thread com.example.worker]" in pic.event_summary(off_main)
    ids_only = dict(CAMERA_DISMISS)
    del ids_only["dismissedControllers"]
    assert "removing ? (peoplePicker), ? (photos)" in pic.event_summary(ids_only)


def test_format_chain_indents_presented_controllers():
    data = {"windows": [
        {"id": "camera-window", "level": 0, "key": True, "chain": PICKER_PRESENT["chain"]},
        {"id": "recipes", "level": 1.5, "key": False, "chain": [{"id": "recipesNav", "type": "UINavigationController"}]},
    ]}
    assert pic.format_chain(data).split("\n") == [
        "window camera-window (key, level 0): 2 presented",
        '  CameraViewController "Camera" (camera)',
        "  └─ UINavigationController (photos)",
        '     └─ ABPeoplePickerNavigationController "People" (peoplePicker)',
        "window recipes (level 1.5): 0 presented",
        "  UINavigationController (recipesNav)",
    ]
    assert "no windows" in pic.format_chain({"windows": []})


def test_format_chain_draws_side_by_side_presentations_as_siblings():
    split = {"id": "ipad", "level": 0, "key": True, "levels": [0, 1, 1, 2], "chain": [
        {"id": "split", "type": "UISplitViewController"}, {"id": "filter", "type": "FilterViewController"},
        {"id": "attachment", "type": "AttachmentViewController"}, {"id": "preview", "type": "PreviewViewController"}]}
    assert pic.format_chain({"windows": [split]}).split("\n") == [
        "window ipad (key, level 0): 3 presented",
        "  UISplitViewController (split)",
        "  └─ FilterViewController (filter)",
        "  └─ AttachmentViewController (attachment)",
        "     └─ PreviewViewController (preview)",
    ]
    # Levels that do not match the chain are ignored: one stack, as before.
    split["levels"] = [0, 1]
    assert pic.format_chain({"windows": [split]}).split("\n")[3] == "     └─ AttachmentViewController (attachment)"


def test_format_events_summaries_and_notes():
    command = pic.parse_arguments(["events", "-n", "2"])
    text = pic.format_events(events_reply(SHARE_REJECTED, CAMERA_DISMISS, dropped=40), command)
    lines = text.split("\n")
    assert lines[0] == "(40 older events were dropped by the ring buffer)"
    assert lines[1].startswith("#13 ") and lines[2].startswith("#14 ")
    assert lines[3] == "(the latest 2; `pi events -n 0` shows all)"
    empty = pic.format_events(events_reply(), pic.parse_arguments(["events", "--kind", "leak-check"]))
    assert empty == "--kind leak-check matched no event"


HOSTILE = "A\x1b]0;pwned\x07B\nC\rD\x9b2JE\u202eF\x7fG\x00H"
HOSTILE_SHOWN = "A\\u{1B}]0;pwned\\u{7}B\\nC\\rD\\u{9B}2JE\\u{202E}F\\u{7F}G\\0H"


def test_app_strings_are_shown_on_one_line_with_their_controls_escaped():
    # A title, a thread name or a message reaches the terminal lldb runs in: no escape sequence
    # may, and a line break in one must not split an event's line (as pinspect prints them).
    present = dict(PICKER_PRESENT, thread="worker" + HOSTILE,
                   source=dict(PICKER_PRESENT["source"], title=HOSTILE))
    text = pic.format_events(events_reply(present), pic.parse_arguments(["events"]))
    assert text.count("\n") == 0, text
    assert f'"{HOSTILE_SHOWN}" (library)' in text and f"[thread worker{HOSTILE_SHOWN}]" in text
    explained = pic.format_explain(pic._loads(line(dict(present, explanation=["Step" + HOSTILE])), "explain"))
    assert "Step" + HOSTILE_SHOWN in explained
    assert not any(pif._is_escaped(ch) for ch in explained.replace("\n", ""))
    assert pic.visible("Fotos → Kamera – שלום") == "Fotos → Kamera – שלום"


def test_json_keeps_app_strings_exactly():
    window = {"id": "w" + HOSTILE, "level": 0, "key": True, "chain": [{"id": "c", "type": "T", "title": HOSTILE}]}
    reply = json.dumps({"windows": [window]})
    caller = FakeCaller({"presentation_inspector_chain": reply})
    out = pic.run(pic.parse_arguments(["chain", "--json"]), caller)
    assert json.loads(out) == {"windows": [window]}
    assert not any(pif._is_escaped(ch) for ch in out.replace("\n", "")), out
    text = pic.run(pic.parse_arguments(["chain"]), caller)
    assert text.split("\n")[0] == f"window w{HOSTILE_SHOWN} (key, level 0): 0 presented"


def test_diagnose_json_keeps_strings_exactly_and_errors_are_visible():
    diagnostic = {"seq": 3, "time": 1.0, "kind": "present", "severity": "error", "code": "x" + HOSTILE,
                  "message": HOSTILE, "event": "#3" + HOSTILE}
    caller = FakeCaller({"presentation_inspector_diagnose": json.dumps({"events": 3, "diagnostics": [diagnostic]})})
    out = pic.run(pic.parse_arguments(["diagnose", "--json"]), caller)
    assert json.loads(out)["diagnostics"] == [diagnostic]
    assert not any(pif._is_escaped(ch) for ch in out.replace("\n", "")), out
    with pytest.raises(PiError) as raised:
        pic.check_reply("pi-error: no controller A\x1b[2J\x9b\u202eB\u2028C\nsecond line", "presentation_inspector_explain")
    assert str(raised.value) == "no controller A\\u{1B}[2J\\u{9B}\\u{202E}B\\u{2028}C"


def test_format_events_json_keeps_lines_intact():
    reply = events_reply(PICKER_PRESENT, SHARE_REJECTED)
    out = pic.format_events(reply, pic.parse_arguments(["events", "--json"]))
    assert out.split("\n") == reply.rstrip("\n").split("\n")


def test_parse_jsonl_rejects_what_is_not_a_log():
    with pytest.raises(PiError, match="malformed JSON"):
        pic.parse_jsonl('{"format":"presentation-inspector-log"}\n{"seq":1,')
    with pytest.raises(PiError, match="other than a presentation-inspector-log"):
        pic.parse_jsonl('{"format":"other"}\n')
    with pytest.raises(PiError, match="empty log"):
        pic.parse_jsonl("")


def test_format_explain_present():
    text = pic.format_explain(PICKER_PRESENT)
    assert '  presenting:        UINavigationController (photos)' in text
    assert '  context provider:  UINavigationController (photos)' in text
    assert '  style:             automatic → pageSheet' in text
    assert '  transition:        coverVertical' in text
    assert "why:\n  1. The presentation root" in text
    assert "diagnostics:" not in text


def test_format_explain_dismiss_and_diagnostics():
    text = pic.format_explain(dict(CAMERA_DISMISS, forwarded=True))
    assert '  handled by:        CameraViewController "Camera" (camera)  (forwarded)' in text
    assert "  dismissed:         ABPeoplePickerNavigationController" in text
    rejected = pic.format_explain(SHARE_REJECTED)
    assert "diagnostics:\n  warning already-presenting: Attempt to present <UIActivityViewController: share>" in rejected
    fixed = dict(SHARE_REJECTED, diagnostics=[dict(SHARE_REJECTED["diagnostics"][0], fix="present from <P: p>, or dismiss it first")])
    assert "\n    fix: present from <P: p>, or dismiss it first" in pic.format_explain(fixed)


def test_format_explain_shows_what_uikit_reported():
    drift = {"code": "model-drift", "severity": "warning",
             "message": "model predicted presenting <UINavigationController: photos>, UIKit chose <UITabBarController: tabs>"}
    event = dict(PICKER_PRESENT, observed={"outcome": "presented", "presenting": {"id": "tabs", "type": "UITabBarController"},
                                           "dismissed": [], "window": "0x1"}, diagnostics=[drift])
    text = pic.format_explain(event)
    assert "observed (what UIKit reported; the facts above are the model's prediction):" in text
    assert "  presenting:        UITabBarController (tabs)" in text
    assert "  dismissed:         nothing" in text
    assert "warning model-drift: model predicted presenting" in text
    assert "observed" not in pic.format_explain(PICKER_PRESENT)


DIAGNOSE = {"events": 81, "dropped": 0, "diagnostics": [
    {"seq": 13, "time": 4.85, "kind": "present", "outcome": "rejected", "summary": "#13 …", "code": "already-presenting",
     "severity": "warning", "message": "Attempt to present <A: a> on <B: b> (from <C: c>) which is already presenting <D: d>."},
    {"seq": 40, "time": 18.25, "kind": "present", "outcome": "rejected", "summary": "#40 …", "code": "already-presented",
     "severity": "error", "message": "Application tried to present modally a view controller <E: e>."},
    {"seq": 50, "time": 19.25, "kind": "dismiss", "outcome": "no-op", "summary": "#50 …", "code": "nothing-to-dismiss",
     "severity": "info", "message": "Dismiss sent to <F: f>."},
]}


def test_format_diagnose_counts_and_filters():
    text = pic.format_diagnose(DIAGNOSE)
    assert text.split("\n")[0] == "3 diagnostics in 81 events (1 error, 1 warning, 1 info)"
    assert "warning #13 4.850s already-presenting" in text
    only_errors = pic.format_diagnose(DIAGNOSE, "error")
    assert only_errors.split("\n")[0] == "1 diagnostic of severity error or worse in 81 events (1 error, 0 warnings, 0 info)"
    assert "already-presenting" not in only_errors
    with_fix = {"events": 1, "diagnostics": [dict(DIAGNOSE["diagnostics"][0], fix="dismiss it first")]}
    assert "\n        fix: dismiss it first" in pic.format_diagnose(with_fix)
    unknown = {"events": 1, "diagnostics": [dict(DIAGNOSE["diagnostics"][0], severity="fatal")]}
    assert "fatal" in pic.format_diagnose(unknown, "error")


class FakeCaller:
    """Stands in for the process: records calls, answers from a table."""

    def __init__(self, replies):
        self.replies, self.calls = replies, []

    def __call__(self, function, *args):
        self.calls.append((function,) + args)
        return pic.check_reply(self.replies[function], function)


def test_run_dispatches_with_the_right_arguments():
    caller = FakeCaller({"presentation_inspector_events": events_reply(PICKER_PRESENT),
                         "presentation_inspector_explain": line(PICKER_PRESENT),
                         "presentation_inspector_graph": "digraph chains {\n}\n",
                         "presentation_inspector_export": '{"path":"/tmp/x.html","format":"html","events":81,"bytes":1234}',
                         "presentation_inspector_diagnose": json.dumps(DIAGNOSE),
                         "presentation_inspector_chain": '{"windows":[]}'})
    pic.run(pic.parse_arguments(["events", "--kind", "present", "--controller", "photos", "-n", "3"]), caller)
    pic.run(pic.parse_arguments(["explain", "7"]), caller)
    assert pic.run(pic.parse_arguments(["graph", "--format", "dot"]), caller) == "digraph chains {\n}"
    pic.run(pic.parse_arguments(["graph", "--at", "5"]), caller)
    assert pic.run(pic.parse_arguments(["export", "/tmp/x.html"]), caller) == \
        "wrote 81 events as html to /tmp/x.html (1234 bytes, in the debugged process's file system)"
    as_json = json.loads(pic.run(pic.parse_arguments(["diagnose", "--json", "--severity", "warning"]), caller))
    assert [d["code"] for d in as_json["diagnostics"]] == ["already-presenting", "already-presented"]
    assert json.loads(pic.run(pic.parse_arguments(["chain", "--json"]), caller)) == {"windows": []}
    assert caller.calls == [
        ("presentation_inspector_events", 3, "present", "photos"),
        ("presentation_inspector_explain", 7),
        ("presentation_inspector_graph", "dot", 0),
        ("presentation_inspector_graph", "text", 5),
        ("presentation_inspector_export", "/tmp/x.html", None),
        ("presentation_inspector_diagnose",),
        ("presentation_inspector_chain",),
        ("presentation_inspector_events", 1, None, None),
    ]


NOT_RECORDING = ("nothing is recording in this process: InspectorRuntime.shared has no recorder (start "
                 "PresentationInspector, or run InspectorDemo)")


@pytest.mark.parametrize("argv", [["chain"], ["chain", "--json"], ["chain", "--containers"]])
def test_chain_without_a_recorder_says_nothing_is_recording(argv):
    """No windows and no recorder: the core's "nothing is recording", not "no windows"."""
    caller = FakeCaller({"presentation_inspector_chain": '{"windows":[]}',
                         "presentation_inspector_events": "pi-error: " + NOT_RECORDING})
    with pytest.raises(PiError) as raised:
        pic.run(pic.parse_arguments(argv), caller)
    assert str(raised.value) == NOT_RECORDING


def test_chain_with_a_recorder_but_no_windows_says_no_windows():
    caller = FakeCaller({"presentation_inspector_chain": '{"windows":[]}',
                         "presentation_inspector_events": events_reply()})
    assert pic.run(pic.parse_arguments(["chain"]), caller).startswith("no windows (")
    windows = '{"windows":[{"id":"w","level":0,"key":true,"chain":[{"id":"a","type":"A"}]}]}'
    caller = FakeCaller({"presentation_inspector_chain": windows})
    assert pic.run(pic.parse_arguments(["chain"]), caller).startswith("window w (key, level 0)")
    assert caller.calls == [("presentation_inspector_chain",)]  # windows shown: nothing else asked


def test_run_reports_the_process_error_line():
    caller = FakeCaller({"presentation_inspector_explain": "pi-error: no event #500 yet: the latest recorded event is #81"})
    with pytest.raises(PiError, match="^no event #500 yet"):
        pic.run(pic.parse_arguments(["explain", "500"]), caller)
    assert pic.run(pic.parse_arguments(["help"]), None).startswith("PresentationInspector")


def test_format_chain_shows_sheets_and_what_stays_interactive_below_them():
    undimmed = {"detents": ["medium", "large"], "selectedDetent": "medium", "largestUndimmedDetent": "medium",
                "background": "interactive"}
    dimmed = {"detents": ["medium", "large"], "selectedDetent": "large", "background": "dimmed"}
    window = {"id": "mapWindow", "level": 0, "key": True, "levels": [0, 1],
              "chain": [{"id": "map", "type": "MapViewController"}, {"id": "drawer", "type": "DrawerViewController"}],
              "sheets": [None, undimmed]}
    assert pic.format_chain({"windows": [window]}).split("\n") == [
        "window mapWindow (key, level 0): 1 presented",
        "  MapViewController (map)  (still interactive: DrawerViewController (drawer) above rests undimmed)",
        "  └─ DrawerViewController (drawer)  [sheet at medium, undimmed]",
    ]
    # A dimmed sheet above the drawer covers the map: nothing below it stays interactive.
    window["levels"] = [0, 1, 2]
    window["chain"].append({"id": "card", "type": "CardViewController"})
    window["sheets"].append(dimmed)
    lines = pic.format_chain({"windows": [window]}).split("\n")
    assert lines[1] == "  MapViewController (map)"
    assert lines[3] == "     └─ CardViewController (card)  [sheet at large]"
    # A default sheet ([large], nothing selected or undimmed) is not annotated.
    window["sheets"][2] = {"detents": ["large"], "background": "dimmed"}
    assert pic.format_chain({"windows": [window]}).split("\n")[3] == "     └─ CardViewController (card)"
    # Sheets that do not match the chain are ignored.
    window["sheets"] = [None]
    assert "sheet" not in pic.format_chain({"windows": [window]})


def test_a_detent_change_reads_as_the_swift_summary_and_shows_its_sheet():
    change = {"seq": 4, "time": 1.0, "kind": "sheet-detent-changed", "outcome": "completed",
              "presented": {"id": "drawer", "type": "DrawerViewController"}, "presenting": {"id": "map", "type": "MapViewController"},
              "sheet": {"detents": ["medium", "large"], "selectedDetent": "large", "largestUndimmedDetent": "medium",
                        "prefersGrabberVisible": True, "background": "dimmed"}}
    assert pic.event_summary(change) == "#4 1.000s sheet-detent-changed DrawerViewController (drawer) to large → completed"
    change["sheet"]["selectedDetent"] = "gone"
    change["sheet"]["background"] = "interactive"
    assert pic.event_summary(change).endswith("to medium, undimmed → completed"), "an unknown identifier rests at the smallest"
    assert "sheet-detent-changed" in pic.EVENT_KINDS


def test_an_events_detail_lists_its_sheet():
    present = dict(PICKER_PRESENT, sheet={"detents": ["medium", "large"], "selectedDetent": "medium",
                                          "largestUndimmedDetent": "medium", "prefersGrabberVisible": True,
                                          "appearance": "sheet", "background": "interactive"})
    lines = pif.format_explain(present).split("\n")
    start = lines.index("sheet (at medium, undimmed):")
    assert lines[start + 1].split() == ["detents:", "[medium,", "large]"]
    assert lines[start + 4].split() == ["prefersGrabberVisible:", "true"]
    assert "sheet (" not in pif.format_explain(PICKER_PRESENT)
