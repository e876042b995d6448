"""Engine start-up failures are engine errors (exit 2) naming what failed, never a verdict about
the program. (That a plain ``pip install -e .``, no extras, gives a Mathics3 with every builtin is
checked by ``tests/test_readme_shell.py::test_readme_install_line_runs_as_pasted``, which installs
the README's way once.)

The messages imitated by the stand-in engines are the ones Mathics3 10.0.1 prints when a builtin
module cannot be imported (seen in a fresh venv without ``packaging``: ``No module named
'packaging'`` then ``Not able to load mathics.builtin.numbers.numbertheory. Check your
installation.``), a Python traceback, and a wolframscript without a kernel.
"""

from __future__ import annotations

import pytest

from cgs_bridge.cli.main import main
from cgs_bridge.systems.mathematica import runner as engines

import paths

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
    assert main(["audit", str(PROGRAM), "--game", "triangular", "-p", "k=3", "--mathematica-engine", "mathics",
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
