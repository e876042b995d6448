"""Mathics3 starts without cyclic garbage collections (the launcher's ``_start_without_collections``),
and ``verify``'s plain runs go through the launcher's ``--open`` mode, which is ``mathics -q -f FILE``
and nothing more (no builtin removed, files written as the program says).

Expected values: the program's output worked out by hand (it is what ``mathics -q -f`` prints), and
the documented behaviour of Python's ``gc`` module (``isenabled``, ``get_freeze_count``)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from cgs_bridge.systems.mathematica import runner
from cgs_bridge.systems.mathematica.runner import mathics_command, open_launch, run_mathematica_file

pytestmark = [pytest.mark.mathics,
              pytest.mark.skipif(mathics_command() is None, reason="Mathics3 is not installed")]

LAUNCHER = Path(runner.__file__).with_name("launcher.py")

PROGRAM = """f[0] = 0; f[n_] := f[n] = Mod[f[n - 1] + n, 7];
Print["values ", Table[f[n], {n, 0, 12}]];
stream = OpenWrite["out.csv"]; WriteString[stream, "x,grundy\\n0,0\\n"]; Close[stream];
"""


def test_start_up_runs_without_collections_and_freezes_what_it_built():
    # in a child interpreter: the collector is off from the call until the shell is built, then on,
    # with the start-up heap frozen (out of every later collection)
    code = (f"import gc, importlib.util\n"
            f"spec = importlib.util.spec_from_file_location('launcher', {str(LAUNCHER)!r})\n"
            "launcher = importlib.util.module_from_spec(spec); spec.loader.exec_module(launcher)\n"
            "launcher._start_without_collections()\n"
            "assert not gc.isenabled()\n"
            "from mathics.__main__ import TerminalShell\n"
            "from mathics.core.definitions import Definitions\n"
            "assert not gc.isenabled() and gc.get_freeze_count() == 0\n"
            "TerminalShell(Definitions(add_builtin=True), 'NoColor', False, False, autoload=True)\n"
            "assert gc.isenabled(), 'the collector is back on for the program'\n"
            "assert gc.get_freeze_count() > 100000, gc.get_freeze_count()\n"
            "print('ok')\n")
    r = subprocess.run([runner.mathics_interpreter(mathics_command()[0]), "-I", "-c", code],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0 and r.stdout.strip().endswith("ok"), r.stderr[-2000:]


def test_open_mode_is_the_plain_command(tmp_path):
    # what `mathics -q -f` prints for PROGRAM (its one Print line; f by hand: f(n) = f(n-1) + n mod 7)
    # and the file it writes: nothing removed (OpenWrite works), nothing added to the output
    program = tmp_path / "p.wl"
    program.write_text(PROGRAM, encoding="utf-8")
    argv = open_launch(mathics_command()[0], program)
    assert argv is not None and argv[1:] == ["-I", str(LAUNCHER), "--open", str(program)]
    res = run_mathematica_file(program, tmp_path, engine="mathics", timeout=300)
    assert res.command == argv                      # verify's plain runs take this way
    assert res.returncode == 0 and res.stderr == ""
    assert res.stdout == "values {0, 1, 3, 6, 3, 1, 0, 0, 1, 3, 6, 3, 1}\n", res.stdout
    assert (tmp_path / "out.csv").read_text(encoding="utf-8") == "x,grundy\n0,0\n"


def test_a_wrapper_that_is_not_python_runs_as_it_is(tmp_path):
    wrapper = tmp_path / "mathics"
    wrapper.write_text("#!/bin/sh\nexec mathics \"$@\"\n", encoding="utf-8")
    assert open_launch(str(wrapper), tmp_path / "p.wl") is None
    assert open_launch(sys.executable, tmp_path / "p.wl") is None  # a binary: no #! line
