"""Scripts/lldb/install-lldb-plugin.sh: idempotent install, replacement of a moved plugin, uninstall
that keeps the user's own lines; and an lldb that sources the result gets `pi`."""

import os
import shutil
import subprocess

import pytest

from conftest import PLUGIN_DIR

INSTALL = os.path.join(PLUGIN_DIR, "install-lldb-plugin.sh")
IMPORT_LINE = f"command script import \"{os.path.join(PLUGIN_DIR, 'presentation_inspector_lldb.py')}\""


def install(init, *args):
    done = subprocess.run(["bash", INSTALL, "--lldbinit", str(init)] + list(args), capture_output=True, text=True,
                          stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stderr
    return done.stdout


def lines(path):
    with open(str(path)) as handle:
        return handle.read().split("\n")


def test_install_is_idempotent_and_keeps_other_lines(tmp_path):
    init = tmp_path / "lldbinit"
    init.write_text("settings set target.x86-disassembly-flavor intel")  # no final newline
    assert "Installed" in install(init)
    assert "Already installed" in install(init)
    content = lines(init)
    assert content[0] == "settings set target.x86-disassembly-flavor intel"
    assert content.count(IMPORT_LINE) == 1
    assert content[1].startswith("# PresentationInspector: pi commands") and content[2] == IMPORT_LINE


def test_install_replaces_a_moved_plugin(tmp_path):
    init = tmp_path / "lldbinit"
    init.write_text("# PresentationInspector: pi commands (old)\ncommand script import /old/presentation_inspector_lldb.py\n"
                    "command alias xx expression\n")
    assert "Replaced an older pi import" in install(init)
    content = lines(init)
    assert "/old/" not in "\n".join(content)
    assert content.count(IMPORT_LINE) == 1 and "command alias xx expression" in content


def test_uninstall_removes_only_our_lines(tmp_path):
    init = tmp_path / "lldbinit"
    init.write_text("command alias xx expression\n")
    install(init)
    assert "Removed" in install(init, "--uninstall")
    assert init.read_text() == "command alias xx expression\n"
    assert "Nothing to remove" in install(init, "--uninstall")


def test_creates_a_missing_init_file_and_rejects_unknown_options(tmp_path):
    init = tmp_path / "sub" / "lldbinit"
    install(init)
    assert IMPORT_LINE in lines(init)
    bad = subprocess.run(["bash", INSTALL, "--frobnicate"], capture_output=True, text=True, stdin=subprocess.DEVNULL)
    assert bad.returncode == 64 and "unknown option '--frobnicate'" in bad.stderr


def test_lldb_sourcing_the_init_file_has_pi(tmp_path):
    lldb = os.environ.get("PI_LLDB", "lldb-16")
    if not shutil.which(lldb):
        if os.environ.get("PI_REQUIRE_LIVE") == "1":
            pytest.fail(f"{lldb} is not installed")
        pytest.skip(f"{lldb} is not installed")
    init = tmp_path / "lldbinit"
    install(init)
    done = subprocess.run([lldb, "--batch", "--no-lldbinit", "-o", f"command source {init}", "-o", "pi help chain"],
                          capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "usage: pi chain [--containers] [--json]" in done.stdout


def test_help_prints_the_header_comment_only():
    out = subprocess.run(["bash", INSTALL, "--help"], capture_output=True, text=True, check=True).stdout
    assert out.startswith("Installs PresentationInspector's `pi` LLDB commands")
    assert "set -euo" not in out
    assert out.rstrip().endswith("presentation_inspector_lldb.py.")
