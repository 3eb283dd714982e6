"""`make test`'s set-up: Debian's chromium is installed when missing, or the run stops in one line.

.ci/chromium runs with a PATH that lacks chromium (it is not uninstalled: others use it), as a
user who is not root and has no sudo: it must stop with one line naming what to install. Where
chromium is on PATH it does nothing.
"""

from __future__ import annotations

import shutil
import subprocess

from citations import REPO

SCRIPT = REPO / ".ci" / "chromium"


def _fake_bin(tmp_path, uid: int):
    folder = tmp_path / "bin"
    folder.mkdir()
    (folder / "id").write_text(f"#!/bin/sh\necho {uid}\n")
    (folder / "id").chmod(0o755)
    return folder


def test_without_chromium_root_or_sudo_the_run_stops_with_one_line(tmp_path):
    folder = _fake_bin(tmp_path, 1000)
    done = subprocess.run([shutil.which("bash"), str(SCRIPT)], env={"PATH": str(folder)}, capture_output=True,
                          text=True, timeout=30)
    assert done.returncode == 1
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error:") and "apt-get install chromium" in lines[0]
    assert done.stdout == ""


def test_with_chromium_on_path_nothing_is_installed(tmp_path):
    folder = _fake_bin(tmp_path, 1000)
    (folder / "chromium").write_text("#!/bin/sh\nexit 0\n")
    (folder / "chromium").chmod(0o755)
    done = subprocess.run([shutil.which("bash"), str(SCRIPT)], env={"PATH": str(folder)}, capture_output=True,
                          text=True, timeout=30)
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")


def test_make_test_and_ci_run_go_through_it():
    makefile = (REPO / "Makefile").read_text(encoding="utf-8")
    test_rule = makefile[makefile.index("\ntest:"):].split("\n\n")[0]
    assert "bash .ci/chromium" in test_rule and ".openspiel" in test_rule
    assert "make test" in (REPO / ".ci" / "run").read_text(encoding="utf-8")
