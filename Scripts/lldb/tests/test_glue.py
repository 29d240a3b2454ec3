"""The lldb glue's error handling, with lldb replaced by fakes: whatever goes wrong, the user
gets one error line and never a traceback."""

import pytest

import presentation_inspector_lldb as glue
from presentation_inspector_commands import PiError


class FakeLLDB:
    eReturnStatusSuccessFinishResult = 2


class FakeResult:
    def __init__(self):
        self.error, self.messages, self.warnings, self.status = None, [], [], None

    def SetError(self, message):
        self.error = message

    def AppendMessage(self, message):
        self.messages.append(message)

    def AppendWarning(self, message):
        self.warnings.append(message)

    def SetStatus(self, status):
        self.status = status


class FakeCaller:
    def __init__(self, call):
        self.call, self.warnings = call, ["could not free 0x10 in the process (x)"]


@pytest.fixture
def run(monkeypatch):
    monkeypatch.setattr(glue, "lldb", FakeLLDB)

    def run_command(line, call=None):
        monkeypatch.setattr(glue.ProcessCaller, "attach", classmethod(lambda cls, debugger, ctx: FakeCaller(call)))
        result = FakeResult()
        glue.pi_command(None, line, None, result, {})
        return result
    return run_command


def test_help_runs_without_a_process(run):
    result = run("help events")
    assert result.error is None and result.messages[0].startswith("usage: pi events")
    assert result.status == FakeLLDB.eReturnStatusSuccessFinishResult


def test_output_and_free_warnings_reach_the_user(run):
    result = run("chain", lambda function, *args: '{"windows":[]}')
    assert result.messages == ["no windows (nothing has installed a window-chain provider in InspectorRuntime.shared)"]
    assert result.warnings == ["could not free 0x10 in the process (x)"]


def test_errors_are_one_line_named_after_the_command(run):
    def fail(function, *args):
        raise PiError("the process is running: stop it first")
    assert run("diagnose", fail).error == "pi diagnose: the process is running: stop it first"
    assert run("events -n nope").error == "pi events: -n must be a whole number from 0 to 9223372036854775807, found 'nope'"
    assert run("explain '7").error == "pi explain: cannot split the arguments (No closing quotation)"
    assert run("nonsense").error == "pi: unknown command 'nonsense' (commands: chain, events, explain, diagnose, graph, export, help; see `pi help`)"


def test_a_bad_argument_names_the_command_once(run):
    assert run("explain 1_0").error == \
        "pi explain: the event number must be a whole number (#N in other outputs), found '1_0'"
    assert run("explain +3").error == \
        "pi explain: the event number must be a whole number (#N in other outputs), found '+3'"
    assert run("events -n +3").error == "pi events: -n must be a whole number from 0 to 9223372036854775807, found '+3'"
    assert run("graph --at 1_0").error == \
        "pi graph: --at: the event number must be a whole number (#N in other outputs), found '1_0'"


# Every argument mistake each command can make, as typed after `pi`.
BAD_ARGUMENTS = ["chain extra", "chain --format dot", "chain --json --containers", "events extra", "events --verbose",
                 "events -n", "events -n x", "events -n -1", "events --kind push", "events --controller ''",
                 "events -n 1 -n 2", "explain", "explain 1 2", "explain seven", "explain 0", "explain -3",
                 "explain #x", "explain 99999999999999999999999", "explain 7 --bogus", "diagnose extra",
                 "diagnose --severity fatal", "graph extra", "graph --format svg", "graph --at 0", "graph --at x",
                 "export", "export a b", "export ''", "export --format pdf x.pdf", "export --scenario --format html x",
                 "help nope", "help a b", "help --bogus"]


@pytest.mark.parametrize("line", BAD_ARGUMENTS)
def test_no_error_repeats_its_command(run, line):
    """`pi <command>: <message>`, the command named once (not `pi explain: explain: …`)."""
    name = line.split()[0]
    error = run(line).error
    assert error.startswith(f"pi {name}: "), error
    message = error[len(f"pi {name}: "):]
    assert not message.startswith((f"{name}:", f"{name} ", f"pi {name}", f"`pi {name}`")), error
    assert f"`pi {name}`" not in message and f"for pi {name}" not in message, error


def test_unexpected_exceptions_become_one_line(run):
    def broken(function, *args):
        raise ValueError("first line\nsecond line")
    result = run("chain", broken)
    assert result.error == "pi chain: internal error (ValueError: first line); please report it"
    assert result.messages == []


def test_first_line_of_lldb_errors():
    assert glue._first_line("\n  error: use of undeclared identifier 'x'\nmore") == "error: use of undeclared identifier 'x'"
    assert glue._first_line(None) == "unknown error"


@pytest.mark.parametrize("given, expected", [
    (None, glue.DEFAULT_TIMEOUT_SECONDS), ("90", 90.0), ("0.2", 1.0), ("5000", glue.MAXIMUM_TIMEOUT_SECONDS),
    ("1e12", glue.MAXIMUM_TIMEOUT_SECONDS), ("inf", glue.DEFAULT_TIMEOUT_SECONDS), ("nan", glue.DEFAULT_TIMEOUT_SECONDS),
    ("soon", glue.DEFAULT_TIMEOUT_SECONDS),
])
def test_the_timeout_is_one_lldb_can_take(monkeypatch, given, expected):
    """lldb takes the limit as a 32-bit count of microseconds: a larger one broke every command."""
    if given is None:
        monkeypatch.delenv("PI_LLDB_TIMEOUT", raising=False)
    else:
        monkeypatch.setenv("PI_LLDB_TIMEOUT", given)
    assert glue._timeout_seconds() == expected
    assert int(glue._timeout_seconds() * 1e6) < 2 ** 32
