"""The Python API (``import cgs_bridge as cb``): every ```python block of README.md and the
docs/api_tour.py script are executed; the layering (core imports no solvers) and the errors.

Expected values: seed 003 (Example 8.3 counts 977 / 2257, Theorem 7.3, Conjecture 8.1 on the box
of Example 8.5), seed 001 Figure 6 — written in the examples themselves as asserts.
"""

from __future__ import annotations

import re
import runpy
import subprocess
import sys

import pytest
from conftest import ROOT

import cgs_bridge as cb
from cgs_bridge.foundation.errors import BoxError, CgsBridgeError, InputError, ParameterError, SpecError


def python_blocks(text: str) -> list:
    return re.findall(r"^```python\n(.*?)^```", text, flags=re.S | re.M)


@pytest.fixture
def in_scratch(tmp_path, monkeypatch):
    """Run from a scratch folder that sees the repository's tests/ (the examples' data paths)."""
    (tmp_path / "tests").symlink_to(ROOT / "tests")
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_readme_has_api_examples():
    blocks = python_blocks((ROOT / "README.md").read_text(encoding="utf-8"))
    assert len(blocks) >= 4
    text = "\n".join(blocks)
    for name in ("cb.game(", ".solve(", ".frame", ".p_positions(", ".value(", ".winning_moves(",
                 ".check(", "cb.verify(", "cb.compare(", "cb.audit(", "cb.sweep("):
        assert name in text


def test_every_readme_python_block_runs(in_scratch, capsys):
    namespace: dict = {}
    for i, block in enumerate(python_blocks((ROOT / "README.md").read_text(encoding="utf-8"))):
        try:
            exec(compile(block, f"README.md python block {i + 1}", "exec"), namespace)
        except Exception as e:  # name the block in the failure
            raise AssertionError(f"README python block {i + 1} failed: {type(e).__name__}: {e}") from e
    assert (in_scratch / "runs" / "api-example" / "comparison.json").exists()


def test_api_tour_script_runs(in_scratch, capsys):
    runpy.run_path(str(ROOT / "docs" / "api_tour.py"), run_name="__main__")
    out = capsys.readouterr().out
    assert "SweepResult(3 cells" in out and "CheckResult(" in out


def test_core_modules_do_not_import_solvers():
    code = ("import sys, cgs_bridge, cgs_bridge.language, cgs_bridge.model.game, cgs_bridge.jobs.compare, "
            "cgs_bridge.systems.cgsuite.reader, cgs_bridge.jobs.generate\n"
            "assert 'solvers' not in sys.modules and 'cgs_bridge.api' not in sys.modules, "
            "sorted(m for m in sys.modules if m.startswith(('solvers', 'cgs_bridge.api')))\n"
            "import cgs_bridge as cb\n"
            "assert callable(cb.compare) and callable(cb.audit) and callable(cb.sweep)\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, r.stderr


def test_api_names_stay_functions_after_importing_same_named_modules():
    import cgs_bridge.jobs.compare  # noqa: F401
    import cgs_bridge.jobs.sweep.runner  # noqa: F401
    import cgs_bridge.jobs.verify  # noqa: F401
    import cgs_bridge.systems.mathematica.audit.core  # noqa: F401
    from cgs_bridge import api
    assert (cb.compare, cb.audit, cb.verify, cb.sweep) == (api.compare, api.audit, api.verify, api.sweep)
    from cgs_bridge.jobs.compare import Comparison  # the module is still importable by name
    assert Comparison.__module__ == "cgs_bridge.jobs.compare"


def test_bound_forms_agree():
    g = cb.game("triangular", k=3)
    a, b, c = g.solve(bound=6), g.solve(bound={"x": 6, "y": 6, "z": 6}), g.solve(bound="x=6,y=6,z=6")
    assert a.frame.equals(b.frame) and a.frame.equals(c.frame)
    small = g.solve(bound={"x": 4, "y": 1, "z": 3})
    assert small.frame[["x", "y", "z"]].max().tolist() == [4, 1, 3]


@pytest.mark.parametrize("bound, words", [
    ({"x": 4, "y": 4}, "no bound for z"), ({"x": 4, "y": 4, "z": 4, "w": 1}, "not a coordinate"),
    (-1, "must be >= 0"), (2.5, "bound must be an int"), (True, "bound must be an int")])
def test_bad_bounds(bound, words):
    with pytest.raises(BoxError, match=re.escape(words)):
        cb.game("triangular", k=3).solve(bound=bound)


def test_bad_game_parameters_and_claims():
    with pytest.raises(SpecError, match="neither a catalog game"):
        cb.game("no_such_game")
    with pytest.raises(ParameterError, match="has no parameter 'q'"):
        cb.game("triangular", q=3)
    with pytest.raises(ParameterError, match=">= 1"):
        cb.game("triangular", k=0)
    s = cb.game("triangular", k=3).solve(bound=4)
    with pytest.raises(SpecError, match=r"--claim:1:7: unknown name 'w'"):
        s.check("P iff w == 0")
    with pytest.raises(CgsBridgeError, match="not a valid position"):
        s.value((0, 4, 0))
    with pytest.raises(InputError, match="nothing to compare"):
        cb.compare("triangular", bound=4, k=3)


def test_check_result_shape_and_misere_claims():
    s = cb.game("nim").solve(bound=6)
    # one heap: the Grundy value is the heap size, and the misère value swaps 0 and 1 (CGSuite
    # MisereNimValue of a single nim heap: 1 at the terminal position, then mex).
    r = s.check("grundy == x", "misere == (if x < 2 then 1 - x else x)", limit=2)
    assert r.holds and [c.status for c in r.claims] == ["holds", "holds"]
    assert list(r.frame.columns) == ["claim", "status", "checked", "failures", "first_counterexample"]
    bad = s.check("grundy == 0", limit=2)
    assert bad.failures == 6 and bad.counterexamples == [((1,), 1), ((2,), 2)]
    assert "fails at 6 of 7; first 1: grundy 1" in repr(bad)  # one coordinate: a number (issue 36)
    assert s.solution.misere is None  # the misère claim re-solved a copy, not this box


def test_game_helpers():
    g = cb.game("triangular", k=3)
    assert g.coords == ("x", "y", "z") and g.params == {"k": 3}
    assert g.is_valid((2, 1, 3)) and not g.is_valid((0, 1, 0))
    assert g.options((1, 0, 0)) == [(0, 0, 0)]
    assert g.claims[0].startswith("Theorem 7.3")
    t = cb.game_from_text("game heap\n  coordinates x\n  cut x to t\n")
    assert t.solve(bound=5).frame.grundy.tolist() == [0, 1, 2, 3, 4, 5]  # one heap: value = size


def test_solved_to_csv_never_overwrites(tmp_path):
    s = cb.game("triangular", k=3).solve(bound=3)
    out = s.to_csv(tmp_path / "t.csv")
    assert out.read_text().splitlines()[0] == "x,y,z,grundy"
    (tmp_path / "u.csv").write_text("mine\n")
    with pytest.raises(InputError, match="exists and differs"):
        s.to_csv(tmp_path / "u.csv")
    assert (tmp_path / "u.csv").read_text() == "mine\n"


def test_api_module_doctest():
    import doctest

    from cgs_bridge import api
    result = doctest.testmod(api, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 4 and result.failed == 0
