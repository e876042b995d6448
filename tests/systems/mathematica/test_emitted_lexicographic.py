"""The emitted Wolfram Language program of a game whose moves raise a coordinate (issue 47,
CGSuite's GenMem: the catalog's mem) in Mathics3: on a box that holds every option it writes the
values of an independent brute force; on one that does not (n <= 6, k <= 3: the option (0, 4) of
(4, 0)) it stops with an error naming the option instead of reading outside its table."""

from __future__ import annotations

from functools import lru_cache

import pytest

from cgs_bridge.jobs.generate import emit
from cgs_bridge.model import catalog
from cgs_bridge.model.game import Ruleset
from cgs_bridge.systems.mathematica.files import mathematica_csv_name
from cgs_bridge.systems.mathematica.runner import mathics_command, run_mathematica_file
from solvers import parse_bound

pytestmark = pytest.mark.mathics


@lru_cache(maxsize=None)
def mem(n, k):
    """Mem by memoised mex over CGSuite's rule: options (n - a, a) for k <= a <= n, a >= 1."""
    s = {mem(n - a, a) for a in range(max(k, 1), n + 1)}
    return next(v for v in range(len(s) + 1) if v not in s)


@pytest.mark.parametrize("bound, holds", [("n=6,k=6", True), ("n=6,k=3", False)])
def test_mem_program_in_mathics(tmp_path, bound, holds):
    if mathics_command() is None:
        pytest.skip("Mathics3 not installed")
    r = Ruleset(catalog.load("mem"))
    box = parse_bound(bound, r.coords)
    (fn, text), = emit(r, box, "mathematica").items()
    (tmp_path / fn).write_text(text, encoding="utf-8")
    res = run_mathematica_file(tmp_path / fn, engine="mathics", timeout=300)
    csv = (tmp_path / mathematica_csv_name(r, box)).read_text(encoding="utf-8").splitlines()
    if holds:
        assert res.returncode == 0, res.stdout + res.stderr
        want = [f"{n},{k},{mem(n, k)}" for n in range(7) for k in range(7)]
        assert csv == ["n,k,grundy"] + want
    else:
        assert res.returncode != 0 and "error: the option {0, 4} lies outside the box" in res.stdout, res.stdout
        assert csv[1:] == [f"{n},{k},{mem(n, k)}" for n in range(4) for k in range(4)]
