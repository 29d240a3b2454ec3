"""Live tests: lldb launches InspectorDemo in debugger mode, stops at its breakpoint and runs
every `pi` command; outputs are checked against the demo's built-in scenarios and its log.

Needs lldb-16 with its Python module and a built InspectorDemo ($PI_DEMO_BINARY, default
.build/debug/InspectorDemo). Skipped when either is missing, unless PI_REQUIRE_LIVE=1 (CI).
"""

import json
import os
import re
import shutil
import subprocess

import pytest

from live_support import Session, demo_binary, import_lldb, lldb_batch, mentions, read_log, wait_for_state

DEMO_ARGS = ["--quiet", "--no-color", "--output", "out", "--break-for-debugger"]
RULE_4_AND_7_CODES = ["already-presented", "active-controller", "presentation-in-progress", "already-presenting",
                      "not-in-window-hierarchy", "dismiss-during-transition", "nothing-to-dismiss"]


@pytest.fixture(scope="module")
def lldb():
    return import_lldb()


@pytest.fixture(scope="module")
def demo(lldb, tmp_path_factory):
    """The demo stopped at its breakpoint, and the log it wrote before stopping."""
    workdir = tmp_path_factory.mktemp("demo")
    session = Session(lldb, workdir, demo_binary(), DEMO_ARGS)
    assert session.stopped_at_breakpoint(), "InspectorDemo did not stop at the breakpoint"
    lines, events = read_log(os.path.join(str(workdir), "out", "events.jsonl"))
    session.log_lines, session.events, session.workdir = lines, events, workdir
    yield session
    session.close()


def first(events, **fields):
    """The first event whose (dotted) fields have these values."""
    def value(event, path):
        for part in path.split("__"):
            event = (event or {}).get(part)
        return event
    return next(e for e in events if all(value(e, k) == v for k, v in fields.items()))


def test_chain_shows_every_window_and_the_live_camera_chain(demo):
    out = demo.pi("chain")
    windows = re.findall(r"^window (\S+) ", out, re.M)
    assert windows == ["calendar", "camera-window", "recipes", "ipad", "shop", "lab", "notesWindow", "photos", "mapWindow"]
    assert ("window camera-window (level 0): 2 presented\n"
            '  CameraViewController "Camera" (camera)\n'
            "  └─ UINavigationController (photos)\n"
            '     └─ ABPeoplePickerNavigationController "People" (peoplePicker)') in out
    assert "window ipad (level 0): 0 presented\n  UISplitViewController (split)" in out
    assert "window lab (level 0): 0 presented\n  UITabBarController (labTabs)" in out
    assert "window photos (level 0): 0 presented\n  UINavigationController (photoNav)" in out
    # The map under its drawer, which rests undimmed at medium: the map stays interactive.
    assert ('window mapWindow (key, level 0): 1 presented\n'
            '  MapViewController "Map" (map)  (still interactive: PlacesDrawerViewController "Places" (drawer) above rests undimmed)\n'
            '  └─ PlacesDrawerViewController "Places" (drawer)  [sheet at medium, undimmed]') in out
    data = json.loads(demo.pi("chain --json"))
    assert [w["id"] for w in data["windows"]] == windows
    with_containers = demo.pi("chain --containers")
    assert with_containers.startswith(f"{out}\n\nChains after #{int(demo.events[-1]['seq'])}\n")
    # A container's child, which the live chain (root and presented controllers only) does not show.
    assert '|   | <PhotoLibraryViewController: library> "Photos"' in with_containers
    assert "presented: formSheet, from <PhotoLibraryViewController: library>" in with_containers


def test_events_json_is_the_log_the_demo_wrote(demo):
    out = demo.pi("events -n 0 --json")
    assert out.split("\n") == demo.log_lines


def test_events_summaries_and_filters(demo):
    latest = demo.pi("events -n 3").split("\n")
    assert [l.split(" ")[0] for l in latest[:3]] == [f"#{int(e['seq'])}" for e in demo.events[-3:]]
    assert latest[3] == "(the latest 3; `pi events -n 0` shows all)"

    swipes = demo.pi("events -n 0 --kind interactive-dismiss").split("\n")
    assert [l.rsplit("→ ", 1)[1] for l in swipes] == ["cancelled", "completed", "blocked"]

    expected = [e["seq"] for e in demo.events if mentions(e, "addNav")]
    recipe = demo.pi("events -n 0 --controller addNav").split("\n")
    assert [int(l.split(" ")[0][1:]) for l in recipe] == expected and len(expected) >= 3
    by_title = demo.pi("events -n 0 --controller Photos").split("\n")
    titled = [e["seq"] for e in demo.events if mentions(e, "Photos", titles=True)]
    assert [int(l.split(" ")[0][1:]) for l in by_title] == titled and len(titled) >= 3
    by_type = demo.pi("events -n 0 --controller ABPeoplePickerNavigationController").split("\n")
    assert len(by_type) == len([e for e in demo.events if mentions(e, "ABPeoplePickerNavigationController")])


def test_explain_the_people_picker_presented_from_the_library(demo):
    picker = first(demo.events, kind="present", presented__id="peoplePicker")
    out = demo.pi(f"explain {int(picker['seq'])}")
    assert out.split("\n")[0].startswith(f"#{int(picker['seq'])} ")
    assert '  source:            PhotoLibraryViewController "Photos" (library)  (the receiver of present)' in out
    assert "  presenting:        UINavigationController (photos)" in out
    assert "  context provider:  UINavigationController (photos)" in out
    assert "  style:             automatic → formSheet" in out
    assert "why:\n  1. " in out
    assert json.loads(demo.pi(f"explain {int(picker['seq'])} --json")) == picker


def test_explain_the_rejected_double_presentation(demo):
    share = first(demo.events, presented__id="share")
    out = demo.pi(f"explain #{int(share['seq'])}")
    assert "→ rejected  [already-presenting]" in out.split("\n")[0]
    assert ("diagnostics:\n  warning already-presenting: Attempt to present <UIActivityViewController: share> on "
            "<UINavigationController: photos> (from <PhotoLibraryViewController: library>) which is already "
            "presenting <ABPeoplePickerNavigationController: peoplePicker>.") in out


def test_explain_the_split_view_current_context(demo):
    attachments = [e for e in demo.events if e["kind"] == "present" and e["presented"]["id"] == "attachment"]
    assert len(attachments) == 2
    first_out, second_out = (demo.pi(f"explain {int(e['seq'])}") for e in attachments)
    for out in (first_out, second_out):
        assert "  presenting:        UINavigationController (detailNav)" in out
        assert "  context provider:  UINavigationController (detailNav)" in out
        assert "  style:             currentContext" in out
    assert "  transition:        crossDissolve\n" in first_out
    assert "  transition:        crossDissolve → flipHorizontal" in second_out


def test_explain_a_forwarded_dismiss(demo):
    recipe = first(demo.events, kind="dismiss", receiver__id="recipeList")
    out = demo.pi(f"explain {int(recipe['seq'])}")
    assert "  handled by:        UINavigationController (recipesNav)  (forwarded)" in out
    assert "  dismissed:         UINavigationController (addNav)" in out


def test_diagnose_lists_every_diagnostic_of_rules_4_and_7(demo):
    out = demo.pi("diagnose")
    found = [d for e in demo.events for d in e["diagnostics"]]
    counts = {s: sum(1 for d in found if d["severity"] == s) for s in ("error", "warning", "info")}
    assert out.split("\n")[0] == (f"{len(found)} diagnostics in {len(demo.events)} events "
                                   f'({counts["error"]} errors, {counts["warning"]} warnings, {counts["info"]} info)')
    codes = re.findall(r"^(?:error|warning|info)\s+#\d+ \S+ (\S+)$", out, re.M)
    assert codes == [d["code"] for d in found]
    for code in RULE_4_AND_7_CODES:
        assert code in codes, code
    errors = demo.pi("diagnose --severity error")
    assert set(re.findall(r"^error\s+#\d+ \S+ (\S+)$", errors, re.M)) >= {"already-presented", "active-controller"}
    assert "already-presenting" not in errors


def test_diagnose_shows_what_another_ios_version_does(demo):
    # The demo's iPad scenario on iOS 17.4: a default sheet is a smaller formSheet from iOS 18.
    out = demo.pi("diagnose --severity info")
    assert re.search(r"^info\s+#\d+ \S+ other-ios-version$", out, re.M), out
    assert "a formSheet (smaller; sized by preferredContentSize) on iOS 18 and later" in out
    settings = first(demo.events, presented__id="prefsNav")
    assert settings["rulesIOS"] == "17.4"


def test_graph_in_every_format(demo):
    text = demo.pi("graph")
    assert text == demo.pi("graph --format text")
    assert "window camera-window\n<CameraViewController: camera> \"Camera\", root\n" in text
    assert "<ABPeoplePickerNavigationController: peoplePicker>" in text and "Timeline" not in text
    dot = demo.pi("graph --format dot")
    assert dot.lstrip().startswith(("digraph", "strict digraph")) and "peoplePicker" in dot
    if shutil.which("dot"):
        rendered = subprocess.run(["dot", "-Tsvg"], input=dot, capture_output=True, text=True)
        assert rendered.returncode == 0, rendered.stderr
    mermaid = demo.pi("graph --format mermaid")
    assert re.search(r"^flowchart ", mermaid, re.M) and "peoplePicker" in mermaid
    share = first(demo.events, presented__id="share")
    assert demo.pi(f"graph --format dot --at {int(share['seq'])}") != dot


def test_export_writes_files_in_the_process(demo):
    target = os.path.join(str(demo.workdir), "exported.jsonl")
    out = demo.pi(f"export {target}")
    assert out.startswith(f"wrote {len(demo.events)} events as jsonl to {target} (")
    lines, events = read_log(target)
    assert events == demo.events
    workdir = os.path.realpath(str(demo.workdir))
    assert demo.pi("export report.html").startswith(f"wrote {len(demo.events)} events as html to {workdir}/report.html")
    assert os.path.getsize(os.path.join(str(demo.workdir), "report.html")) > 0


def test_export_scenario_writes_the_replay_of_the_recording(demo):
    target = os.path.join(str(demo.workdir), "replay.json")
    out = demo.pi("export --scenario %s" % target)
    assert out.startswith("wrote %d events as scenario to %s (" % (len(demo.events), target)), out
    with open(target, encoding="utf-8") as handle:
        scenario = json.load(handle)
    presents = [e for e in demo.events if e["kind"] == "present"]
    assert [s["present"] for s in scenario["steps"] if "present" in s] == [e["presented"]["id"] for e in presents]
    assert {c["id"] for c in scenario["controllers"]} >= {e["presented"]["id"] for e in presents}


@pytest.mark.parametrize("arguments, message", [
    ("explain 99999", "error: pi explain: no event #99999 yet: the latest recorded event is #"),
    ("events -n many", "error: pi events: -n must be a whole number from 0 to 9223372036854775807, found 'many'"),
    ("events -n 99999999999999999999999", "error: pi events: -n must be a whole number from 0 to 9223372036854775807, found '99999999999999999999999'"),
    ("graph --at -1", "error: pi graph: --at: the event number must be 0 or more (#N in other outputs), found -1"),
    ("events --kind push", "error: pi events: unknown event kind 'push'"),
    ("graph --format svg", "error: pi graph: unknown graph format 'svg' (known: text, dot, mermaid)"),
    ("export /no/such/folder/x.jsonl", "error: pi export: cannot write /no/such/folder/x.jsonl: the folder /no/such/folder does not exist (create it first: mkdir -p /no/such/folder)"),
    ("export notes.pdf", "error: pi export: cannot tell the format from \"notes.pdf\""),
    ("frobnicate", "error: pi: unknown command 'frobnicate'"),
    ("events --controller 'unbalanced", "error: pi events: cannot split the arguments (No closing quotation)"),
])
def test_bad_arguments_are_one_error_line(demo, arguments, message):
    assert demo.pi_error(arguments).startswith(message)


@pytest.mark.parametrize("arguments, line", [
    ("explain 1_0", "error: pi explain: the event number must be a whole number (#N in other outputs), found '1_0'"),
    ("explain +3", "error: pi explain: the event number must be a whole number (#N in other outputs), found '+3'"),
    ("events -n +3", "error: pi events: -n must be a whole number from 0 to 9223372036854775807, found '+3'"),
    ("graph --at 1_0", "error: pi graph: --at: the event number must be a whole number (#N in other outputs), found '1_0'"),
    ("explain", "error: pi explain: needs exactly one SEQ, got 0 (usage: pi explain SEQ [--json])"),
])
def test_bad_arguments_name_the_command_once(demo, arguments, line):
    """The whole line: `pi <command>: ` once (never `pi explain: explain: …`); int()'s extras refused."""
    assert demo.pi_error(arguments) == line


def test_a_filter_matching_nothing_says_so(demo):
    assert demo.pi("events --controller nosuch") == ("--controller 'nosuch' matched no event (a controller is named by "
                                                     "its id, exactly, or its title or type name, ignoring case)")
    assert demo.pi("events --controller people") == demo.pi("events --controller People")


def test_help_needs_no_process(lldb, tmp_path):
    session = Session(lldb, tmp_path)
    try:
        assert "pi explain SEQ" in session.pi("help")
        assert session.pi("help graph").startswith("usage: pi graph")
        assert session.pi("--version").startswith("pi (PresentationInspector LLDB plugin) 0.")
        assert "no target" in session.pi_error("chain")
    finally:
        session.close()


def test_state_errors(lldb, tmp_path):
    session = Session(lldb, tmp_path)
    try:
        session.target = session.debugger.CreateTarget(demo_binary())
        assert "the process is not running" in session.pi_error("events")
        # Without the breakpoint the demo runs to its end.
        error = lldb.SBError()
        info = lldb.SBLaunchInfo(["--quiet", "--output", str(tmp_path / "out")])
        info.AddOpenFileAction(1, str(tmp_path / "stdout.txt"), False, True)
        session.process = session.target.Launch(info, error)
        assert session.process.GetState() == lldb.eStateExited
        assert "the process has exited (status 0)" in session.pi_error("chain")
    finally:
        session.close()


def test_library_not_linked(lldb, tmp_path):
    session = Session(lldb, tmp_path, shutil.which("true"), stop_at_breakpoint=False, stop_at_entry=True)
    try:
        assert session.process.GetState() == lldb.eStateStopped
        line = session.pi_error("chain")
        assert "PresentationInspector is not linked into this process (no symbol presentation_inspector_api_version" in line
    finally:
        session.close()


def test_running_process(lldb, tmp_path):
    session = Session(lldb, tmp_path, shutil.which("sleep"), args=["30"], stop_at_breakpoint=False, stop_at_entry=True)
    try:
        session.debugger.SetAsync(True)
        session.process.Continue()
        assert wait_for_state(lldb, session.debugger, session.process, (lldb.eStateRunning,)) == lldb.eStateRunning
        assert "the process is running: stop it first" in session.pi_error("diagnose")
    finally:
        session.close()


NOT_RECORDING = ("nothing is recording in this process: InspectorRuntime.shared has no recorder "
                 "(start PresentationInspector, or run InspectorDemo)")


def test_before_recording_starts_every_command_says_nothing_is_recording(lldb, tmp_path):
    """Stopped at the demo's `main`, before it installs its recorder: not "no windows"."""
    session = Session(lldb, tmp_path, demo_binary(), DEMO_ARGS, breakpoint="main")
    try:
        thread = session.process.GetSelectedThread()
        assert session.process.GetState() == lldb.eStateStopped
        assert thread.GetStopReason() == lldb.eStopReasonBreakpoint
        for command in ("chain", "chain --json", "events", "explain 1", "diagnose", "graph", "export x.jsonl",
                        "export --scenario x.json"):
            assert session.pi_error(command) == f"error: pi {command.split()[0]}: {NOT_RECORDING}"
    finally:
        session.close()


def test_ten_thousand_events_arrive_intact(lldb, tmp_path):
    """Far beyond lldb's 1 MiB string limit: every line must come through byte for byte."""
    session = Session(lldb, tmp_path, demo_binary(), DEMO_ARGS + ["--debugger-synthetic-events=10000"])
    try:
        assert session.stopped_at_breakpoint()
        lines, events = read_log(str(tmp_path / "out" / "events.jsonl"))
        out = session.pi("events -n 0 --json")
        assert len(out.encode("utf-8")) > 4 * (1 << 20)
        got = out.split("\n")
        assert len(got) == 10001
        header = json.loads(got[0])
        assert header["dropped"] == len(events) - 10000 > 0
        # The ring's oldest event carries the facts its dropped events noted (docs/FORMATS.md,
        # `facts`): the live log wrote it without them. Every other line comes through byte for byte.
        oldest, written = json.loads(got[1]), json.loads(lines[-10000])
        assert oldest.pop("facts", None) and oldest == written
        assert got[2:] == lines[-9999:]
        assert "Synthétique №9999 \\\"quoted\\\" ✓ 日本" in out
        dismissals = session.pi("events -n 0 --kind dismiss").split("\n")
        expected = sum(1 for e in events[-10000:] if e["kind"] == "dismiss")
        assert expected > 4000 and len(dismissals) == expected + 1  # + the line about dropped events
        assert dismissals[0] == f"({int(header['dropped'])} older events were dropped by the ring buffer)"
    finally:
        session.close()


def test_batch_mode_runs_every_command(tmp_path):
    """The user's way: lldb-16 --batch with -o commands (its exit status is not trusted alone)."""
    import_lldb()
    commands = ["pi help", "pi chain", "pi events -n 2", "pi explain 1", "pi diagnose --severity error",
                "pi graph --format mermaid", "pi export batch.jsonl"]
    code, output, sections = lldb_batch(demo_binary(), DEMO_ARGS, commands, tmp_path)
    assert code == 0, output[-3000:]
    assert "stop reason = breakpoint" in output and "Traceback" not in output
    assert "PresentationInspector: `pi` loaded" in output
    # lldb prints the stop report asynchronously, so it may land in the first command's section.
    assert "PresentationInspector: the app's modal presentations" in sections["pi help"]
    assert '     └─ ABPeoplePickerNavigationController "People" (peoplePicker)' in sections["pi chain"]
    assert sections["pi events -n 2"].endswith("(the latest 2; `pi events -n 0` shows all)")
    assert "\n#1 0.000s present UINavigationController (newEventNav)" in f"\n{sections['pi explain 1']}"
    assert "already-presented" in sections["pi diagnose --severity error"]
    assert "peoplePicker" in sections["pi graph --format mermaid"]
    assert sections["pi export batch.jsonl"].startswith("wrote ")
    assert read_log(str(tmp_path / "batch.jsonl"))[0] == read_log(str(tmp_path / "out" / "events.jsonl"))[0]
