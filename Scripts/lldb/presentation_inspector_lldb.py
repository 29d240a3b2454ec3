"""PresentationInspector's LLDB commands: `pi chain|events|explain|diagnose|graph|export|help`.

Load into any lldb (Xcode's, the Swift toolchain's, Debian's lldb-16):

    (lldb) command script import /path/to/Scripts/lldb/presentation_inspector_lldb.py

(Scripts/lldb/install-lldb-plugin.sh adds that line to ~/.lldbinit.) The commands call the C entry
points PresentationInspectorCore exports (`presentation_inspector_*`) in the paused process.
They are evaluated as C++ with their declarations in the expression prefix, so no Swift or
Objective-C support is needed, from any frame. Results are read in chunks (never cut at lldb's
1 MiB string limit) and always freed. The commands (presentation_inspector_commands.py), their
argument parsing (..._arguments.py) and output formatting (..._formatting.py) live beside this
file; this file is the lldb glue.
"""

from __future__ import annotations

import os
import shlex
import sys
from typing import Any

_HERE = os.path.dirname(os.path.abspath(__file__))
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)

import presentation_inspector_commands as commands  # noqa: E402
from presentation_inspector_commands import PiError  # noqa: E402

try:
    import lldb
except ImportError:  # pragma: no cover - only inside lldb or with PYTHONPATH=$(lldb -P)
    lldb = None

PROBE_SYMBOL = "presentation_inspector_api_version"
# lldb reports a void expression (our `free`) as error 0x1001 "unknown error": that is success.
VOID_EXPRESSION_CODE = 0x1001
DEFAULT_TIMEOUT_SECONDS = 30.0


def _first_line(text: str | None) -> str:
    lines = [line.strip() for line in (text or "").splitlines() if line.strip()]
    return lines[0] if lines else "unknown error"


# lldb takes the limit as a 32-bit count of microseconds.
MAXIMUM_TIMEOUT_SECONDS = 4294.0


def _timeout_seconds() -> float:
    """PI_LLDB_TIMEOUT in seconds, from 1 to MAXIMUM_TIMEOUT_SECONDS; the default when it is
    not a finite number."""
    try:
        value = float(os.environ.get("PI_LLDB_TIMEOUT", DEFAULT_TIMEOUT_SECONDS))
    except ValueError:
        return DEFAULT_TIMEOUT_SECONDS
    if value != value or value in (float("inf"), float("-inf")):
        return DEFAULT_TIMEOUT_SECONDS
    return min(MAXIMUM_TIMEOUT_SECONDS, max(1.0, value))


class ProcessCaller:
    """Calls the entry points in a stopped process: evaluate, read in chunks, free."""

    def __init__(self, target: Any, process: Any, frame: Any) -> None:
        self.target, self.process, self.frame = target, process, frame
        self.warnings: list[str] = []
        self.options = lldb.SBExpressionOptions()
        self.options.SetLanguage(lldb.eLanguageTypeC_plus_plus)
        self.options.SetPrefix(commands.PREFIX)
        self.options.SetTryAllThreads(True)
        self.options.SetTimeoutInMicroSeconds(int(_timeout_seconds() * 1e6))
        # Run on the stopped thread alone for a while; only then let the others run too (one of
        # them may hold the recorder's lock), so a normal call does not resume the app.
        self.options.SetOneThreadTimeoutInMicroSeconds(int(min(2.0, _timeout_seconds() / 2) * 1e6))
        self.options.SetUnwindOnError(True)
        self.options.SetIgnoreBreakpoints(True)
        self.options.SetFetchDynamicValue(lldb.eNoDynamicValues)
        if hasattr(self.options, "SetSuppressPersistentResult"):
            self.options.SetSuppressPersistentResult(True)

    @classmethod
    def attach(cls, debugger: Any, exe_ctx: Any) -> ProcessCaller:
        """A caller for the process the command runs against, or PiError saying why not."""
        target = exe_ctx.GetTarget() if exe_ctx is not None else None
        if target is None or not target.IsValid():
            target = debugger.GetSelectedTarget()
        if target is None or not target.IsValid():
            raise PiError("no target: load the app first (`target create PATH`), then `run` it and stop it")
        process = target.GetProcess()
        if process is None or not process.IsValid():
            raise PiError("the process is not running: `run` it and stop it at a breakpoint (or `process interrupt`)")
        state = process.GetState()
        if state == lldb.eStateExited:
            raise PiError(f"the process has exited (status {process.GetExitStatus()}): "
                          "`run` it again and stop it before it ends")
        if state in (lldb.eStateRunning, lldb.eStateStepping):
            raise PiError("the process is running: stop it first (`process interrupt`, or a breakpoint)")
        if state not in (lldb.eStateStopped, lldb.eStateCrashed, lldb.eStateSuspended):
            raise PiError(f"the process is not stopped (state: {lldb.SBDebugger.StateAsCString(state)}): "
                          "`run` it and stop it at a breakpoint")
        if target.FindSymbols(PROBE_SYMBOL).GetSize() == 0:
            raise PiError(f"PresentationInspector is not linked into this process (no symbol {PROBE_SYMBOL} in "
                          f"{target.GetExecutable().GetFilename()}): link PresentationInspectorCore into the debug build")
        caller = cls(target, process, cls._frame(exe_ctx, process))
        version = caller.evaluate(commands.c_call(PROBE_SYMBOL), PROBE_SYMBOL).GetValueAsSigned()
        if version != commands.API_VERSION:
            raise PiError(f"the process speaks debugger API {version}, this plugin {commands.API_VERSION}: load the "
                          "plugin that ships with the PresentationInspector version the app links")
        return caller

    @staticmethod
    def _frame(exe_ctx: Any, process: Any) -> Any:
        frame = exe_ctx.GetFrame() if exe_ctx is not None else None
        if frame is not None and frame.IsValid():
            return frame
        thread = process.GetSelectedThread()
        if not thread.IsValid() and process.GetNumThreads() > 0:
            thread = process.GetThreadAtIndex(0)
        return thread.GetFrameAtIndex(0) if thread.IsValid() else None

    def _evaluate_raw(self, expression: str) -> Any:
        if self.frame is not None and self.frame.IsValid():
            return self.frame.EvaluateExpression(expression, self.options)
        return self.target.EvaluateExpression(expression, self.options)

    def evaluate(self, expression: str, function: str) -> Any:
        """Evaluates an expression that returns a value; PiError with one line if it fails."""
        value = self._evaluate_raw(expression)
        error = value.GetError()
        if error.Fail():
            message = _first_line(error.GetCString())
            lowered = message.lower()
            if "timed out" in lowered or "interrupted" in lowered:
                raise PiError(f"calling {function} was interrupted: {message}. If it took longer than {_timeout_seconds():g} s, a "
                              "large recording needs more time "
                              "(set PI_LLDB_TIMEOUT, in seconds), or a thread holds the inspector's lock, maybe the stopped "
                              "one (`finish` or `continue`, stop again and retry); an export may leave a .partial file "
                              "beside its destination")
            if "undeclared" in lowered or "look up symbol" in lowered or "couldn't lookup" in lowered:
                raise PiError(f"{function} is missing from this process: is PresentationInspectorCore linked?")
            raise PiError(f"calling {function} failed: {message}")
        return value

    def read_string(self, address: int, function: str) -> str:
        """The NUL-terminated UTF-8 text at `address`, read in chunks of READ_CHUNK bytes."""
        length = self.evaluate(f"(unsigned long long)strlen((const char *)0x{address:x})", "strlen").GetValueAsUnsigned()
        chunks, offset = [], 0
        while offset < length:
            error = lldb.SBError()
            data = self.process.ReadMemory(address + offset, min(commands.READ_CHUNK, length - offset), error)
            if error.Fail() or not data:
                raise PiError(f"reading the reply of {function} failed at byte {offset} of {length}: "
                              f"{_first_line(error.GetCString())}")
            chunks.append(data)
            offset += len(data)
        # Decode once at the end: a chunk boundary may split a multi-byte character.
        return b"".join(chunks).decode("utf-8", "replace")

    def free(self, address: int) -> None:
        error = self._evaluate_raw(f"(void)free((void *)0x{address:x})").GetError()
        if error.Fail() and error.GetError() != VOID_EXPRESSION_CODE:
            self.warnings.append(f"could not free 0x{address:x} in the process ({_first_line(error.GetCString())})")

    def call(self, function: str, *args: int | str | None) -> str:
        """Calls an entry point returning malloc'd text; returns the text, freeing it always."""
        address = self.evaluate(commands.c_call(function, *args), function).GetValueAsUnsigned()
        if address == 0:
            raise PiError(f"{function} returned NULL (the process may be out of memory)")
        try:
            text = self.read_string(address, function)
        finally:
            self.free(address)
        return commands.check_reply(text, function)


def pi_command(debugger: Any, command: str, exe_ctx: Any, result: Any, internal_dict: dict[str, Any]) -> None:
    """The `pi` command. Every failure becomes one error line; no exception escapes."""
    words = command.split()
    name = f"pi {words[0]}" if words and words[0] in commands.USAGE else "pi"
    try:
        try:
            argv = shlex.split(command)
        except ValueError as error:  # unbalanced quotes
            raise PiError(f"cannot split the arguments ({error})")
        parsed = commands.parse_arguments(argv)
        caller = None
        if parsed.name not in ("help", "version"):
            caller = ProcessCaller.attach(debugger, exe_ctx)
        output = commands.run(parsed, caller.call if caller else None)
        result.AppendMessage(output)
        for warning in caller.warnings if caller else []:
            result.AppendWarning(warning)
        result.SetStatus(lldb.eReturnStatusSuccessFinishResult)
    except PiError as error:
        result.SetError(f"{name}: {error}")
    except Exception as error:  # noqa: BLE001 - a traceback is never what the user needs
        result.SetError(f"{name}: internal error ({type(error).__name__}: {_first_line(str(error))}); please report it")


def __lldb_init_module(debugger: Any, internal_dict: dict[str, Any]) -> None:
    debugger.HandleCommand('command script add -o -h "PresentationInspector: modal presentations of the paused app '
                           f'(pi help)." -f {__name__}.pi_command pi')
    print("PresentationInspector: `pi` loaded (pi help)")
