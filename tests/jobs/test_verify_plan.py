"""One ``verify`` run checks its box, names its files and builds its printing model once (issue
35): the plan (``jobs.generate.Plan``) is built once and passed down. Each counted function is
replaced, under every module name it is bound to, by a counting wrapper; the counts are those of
one run through the API and one through the CLI (no engine: Mathematica ``none``, no CGSuite)."""

import collections
import sys

import pytest

import solvers  # imported before any patching: a module imported under a patch keeps the wrapper

import cgs_bridge as cb
import cgs_bridge.jobs.verify  # noqa: F401
from cgs_bridge.cli.main import main
from cgs_bridge.jobs import generate
from cgs_bridge.model import resolve
from cgs_bridge.systems.printing import model

COUNTED = {"check_box_coords": resolve.check_box_coords, "file_stem": generate.file_stem,
           "build_model": model.build_model, "write_plan": generate.write_plan}


@pytest.fixture
def counts(monkeypatch):
    """``{function name: calls}``, every module binding of each counted function wrapped."""
    seen = collections.Counter()

    def counting(name, f):
        def wrapper(*a, **k):
            seen[name] += 1
            return f(*a, **k)
        return wrapper

    for name, f in COUNTED.items():
        w = counting(name, f)
        for mod in list(sys.modules.values()):
            if vars(mod).get(name) is f and mod.__name__.startswith(("cgs_bridge", "solvers")):
                monkeypatch.setattr(mod, name, w)
    return seen


def test_the_counting_wrappers_see_calls_from_every_module(counts):
    # the wrappers are live where the functions are looked up (a test that counts nothing can't pass)
    r = cb.game("nim").ruleset
    box = resolve.box_of(r, 2)
    solvers.solve(r, box)
    generate.emit(r, box, "cgsuite")
    assert counts["check_box_coords"] == 2 and counts["file_stem"] == 1 and counts["build_model"] == 1


def test_one_api_verify_run_does_each_once(counts, tmp_path):
    res = cb.verify(cb.game("triangular", k=3), 3, run_dir=tmp_path / "run",
                    engines={"mathematica_engine": "none"})
    assert res.exit_code == 0
    assert dict(counts) == {"check_box_coords": 1, "file_stem": 1, "build_model": 1, "write_plan": 1}
    # every target's files were still emitted, under the one stem
    names = {p.name for p in res.files}
    assert {"Triangular.cgs", "triangular_k3_x3_y3_z3_table.cgs", "triangular_k3_x3_y3_z3.wl"} <= names


def test_one_cli_verify_run_does_each_once(counts, tmp_path, capsys):
    code = main(["verify", "triangular", "-p", "k=3", "--bound", "3", "--run-dir", str(tmp_path / "run"),
                 "--mathematica-engine", "none"])
    assert code == 0, capsys.readouterr()
    assert dict(counts) == {"check_box_coords": 1, "file_stem": 1, "build_model": 1, "write_plan": 1}


def test_generate_still_checks_the_box():
    from cgs_bridge.foundation.errors import BoxError
    from solvers import Box
    r = cb.game("nim").ruleset
    with pytest.raises(BoxError, match="not the game's"):
        generate.emit(r, Box(("q",), (2,)), "cgsuite")
