"""Engine start-up failures are engine errors (exit 2) naming what failed, never a verdict about
the program; and a plain ``pip install -e .`` (no extras) gives a Mathics3 with every builtin.

The messages imitated by the stand-in engines are the ones Mathics3 10.0.1 prints when a builtin
module cannot be imported (seen in a fresh venv without ``packaging``: ``No module named
'packaging'`` then ``Not able to load mathics.builtin.numbers.numbertheory. Check your
installation.``), a Python traceback, and a wolframscript without a kernel.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from cgs_bridge.cli.main import main
from cgs_bridge.systems.mathematica import runner as engines

import paths

ROOT = paths.ROOT
PROGRAM = paths.DATA / "audit" / "integerpart_tri.wl"

NOT_LOADED = ("No module named 'packaging'\n"
              "    Not able to load mathics.builtin.numbers.numbertheory. Check your installation.\n"
              "    mathics.builtin loads from /somewhere/mathics/core/load\n")
TRACEBACK = ('Traceback (most recent call last):\n  File "/x/mathics/main.py", line 3, in <module>\n'
             "ModuleNotFoundError: No module named 'sympy'\n")


def _fake(tmp_path, name, text, code=0, monkeypatch=None):
    fake = tmp_path / name
    (tmp_path / f"{name}.txt").write_text(text)
    fake.write_text(f"#!/bin/sh\ncat '{tmp_path / (name + '.txt')}'\nexit {code}\n")
    fake.chmod(0o755)
    if name == "mathics":
        monkeypatch.setattr(engines, "mathics_command", lambda: [str(fake)])
        monkeypatch.setattr(engines, "wolframscript_command", lambda: None)
    else:
        monkeypatch.setattr(engines, "wolframscript_command", lambda: [str(fake)])
    return fake


@pytest.mark.parametrize("text, named", [
    (NOT_LOADED, "could not load its builtin module mathics.builtin.numbers.numbertheory (No module named 'packaging')"),
    (TRACEBACK, "crashed with a Python error: ModuleNotFoundError: No module named 'sympy'"),
])
def test_broken_mathics_is_an_engine_error_in_audit_and_verify(tmp_path, capsys, monkeypatch, text, named):
    fake = _fake(tmp_path, "mathics", text, 0, monkeypatch)
    # audit starts Mathics3 through its lockdown launcher with the interpreter of the mathics
    # script: the stand-in plays that interpreter (outside the OS sandbox, which would not see it)
    monkeypatch.setattr(engines, "mathics_interpreter", lambda script: str(fake))
    assert main(["audit", str(PROGRAM), "--game", "triangular", "-p", "k=3", "--engine", "mathics",
                 "--no-sandbox"]) == 2
    cap = capsys.readouterr()
    assert named in cap.err and "defined nowhere" not in cap.out + cap.err
    assert main(["verify", "nim", "--bound", "2", "--run-dir", str(tmp_path / "r")]) == 2
    assert named in capsys.readouterr().err


def test_wolframscript_without_kernel_is_an_engine_error(tmp_path, capsys, monkeypatch):
    _fake(tmp_path, "wolframscript", "Unable to launch a Wolfram Kernel: no license found.\n", 1, monkeypatch)
    assert main(["verify", "nim", "--bound", "2", "--run-dir", str(tmp_path / "r"),
                 "--mathematica-engine", "wolframscript"]) == 2
    assert "wolframscript has no usable kernel: Unable to launch a Wolfram Kernel" in capsys.readouterr().err


@pytest.mark.install
@pytest.mark.mathics
def test_plain_install_audits_a_program_using_integerpart(tmp_path):
    """``pip install -e .`` without extras in a fresh venv (pip's cache reused), then ``audit`` of
    a correct program that uses IntegerPart: it must agree (exit 0). Up to 20 minutes."""
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    pip = subprocess.run([str(venv / "bin" / "pip"), "install", "-q", "-e", str(ROOT)], env=env,
                         capture_output=True, text=True, timeout=1200)
    assert pip.returncode == 0, pip.stderr[-2000:]
    r = subprocess.run([str(venv / "bin" / "cgs-bridge"), "audit", str(PROGRAM), "--game", "triangular",
                        "-p", "k=3", "--engine", "mathics"], env=env, cwd=tmp_path,
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-2000:]
    assert "Not able to load" not in r.stdout + r.stderr
    assert "values        as printed   AGREE" in r.stdout and "unevaluated   as printed   AGREE" in r.stdout
