"""The emitted Mathematica program of every catalog game runs in Mathics3 on a small box and its
CSV equals ``solvers.solve(..., method='reference').to_csv_text()`` byte for byte, in both forms
of the program (``fast``: option values carried per line; ``papers``: every option listed).

Mathics3 starts in ~4 s and is ~10^4 times slower than Python, so all programs run in ONE Mathics
process (a driver ``Get``s each after ``ClearAll["Global`*"]``); one more run checks that a
program also works standalone in its folder, as ``mathics -q -f F.wl`` (runner.run_mathematica_file).
"""

from __future__ import annotations

import dataclasses
import fcntl
import itertools
import json
import os

import pytest
from mathics_batch import run_programs, write_driver

from cgs_bridge.jobs.generate import emit
from cgs_bridge.model import catalog
from cgs_bridge.model.game import Ruleset
from cgs_bridge.systems.engines import EngineResult, require_success
from cgs_bridge.systems.mathematica.files import mathematica_csv_name
from cgs_bridge.systems.mathematica.printer import FORMS
from cgs_bridge.systems.mathematica.runner import mathics_command, run_mathematica_file
from solvers import parse_bound, solve

pytestmark = pytest.mark.mathics

#: Small boxes (each catalog file's ``box engine``): every program must finish within seconds in Mathics3.
BOXES = {name: catalog.boxes(name, "engine")[0][1] for name in catalog.names()}
EXTRA = [("triangular", {"k": "1"}, "2", True), ("step", {"f": "t"}, "3", True),
         ("hexagon", {}, "1", True), ("two_inequalities", {"k": "2", "h": "1"}, "4", False)]

#: The rows of the real CGSuite transcript repl_session.out (TriChoc(3), x, z <= 2): x,y,z,grundy.
TRICHOC3_ROWS = ["0,0,0,0", "0,0,1,1", "0,0,2,2", "1,0,0,1", "1,0,1,0", "1,0,2,3", "1,1,2,4",
                 "2,0,0,2", "2,0,1,3", "2,0,2,0", "2,1,1,4", "2,1,2,1"]


def cases():
    out = [(name, {}, BOXES[name], False) for name in catalog.names()] + EXTRA
    from jobs.test_generate import CHECKS_ONLY, awkward  # reserved names renamed in every target

    from cgs_bridge.model.loading import load_text
    out.append(("awkward", awkward(), "3", False))
    out.append(("below", Ruleset(load_text(CHECKS_ONLY, "below.game", "below"), {"k": "2"}), "4", True))
    return out


@pytest.fixture(scope="module", params=FORMS)
def batch(tmp_path_factory, request):
    """The batch of one form, run once per test run: xdist workers that get tests of the same form
    share it through a folder of this run, under a file lock (the first computes, the others read;
    each batch costs about 30 s of Mathics3)."""
    if mathics_command() is None:
        pytest.skip("Mathics3 not installed")
    base = tmp_path_factory.getbasetemp()
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base  # this run's root
    folder = shared / f"mathics_batch_{request.param}"
    with open(shared / f"mathics_batch_{request.param}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        done = folder / "batch.json"
        if not done.exists():
            folder.mkdir(exist_ok=True)
            expected, res = _run_batch(folder, request.param)
            done.write_text(json.dumps({"expected": expected, "result": dataclasses.asdict(res)}), encoding="utf-8")
        saved = json.loads(done.read_text(encoding="utf-8"))
    return folder, saved["expected"], EngineResult(**saved["result"])


def _run_batch(folder, form):
    expected, programs = {}, []
    for name, params, bound, misere in cases():
        r = params if isinstance(params, Ruleset) else Ruleset(catalog.load(name), params)
        box = parse_bound(bound, r.coords)
        for fn, text in emit(r, box, "mathematica", misere, form=form).items():
            (folder / fn).write_text(text, encoding="utf-8")
            programs.append(fn)
        expected[mathematica_csv_name(r, box, misere)] = solve(r, box, misere, method="reference").to_csv_text()
    res = run_mathematica_file(write_driver(folder, programs), folder, engine="mathics", timeout=600)
    return expected, res


def test_batch_ran(batch):
    folder, expected, res = batch
    require_success(res, "Mathics3 batch of emitted programs")
    assert res.stdout.count("wrote ") == len(expected), res.tail()


@pytest.mark.parametrize("csv_index", range(len(cases())))
def test_emitted_program_csv_equals_reference(batch, csv_index):
    folder, expected, res = batch
    csv, want = list(expected.items())[csv_index]
    path = folder / csv
    assert path.exists(), f"{csv} not written; Mathics output:\n{res.tail()}"
    got = path.read_bytes().decode("utf-8")
    if got != want:  # position by position, for a readable failure
        g, w = got.splitlines(), want.splitlines()
        assert g[0] == w[0], "header"
        diff = [(a, b) for a, b in zip(g[1:], w[1:]) if a != b]
        assert not diff and len(g) == len(w), f"{csv}: first differences (Mathics, Python): {diff[:5]}"
    assert got == want


def test_program_runs_standalone_in_its_folder(tmp_path):
    if mathics_command() is None:
        pytest.skip("Mathics3 not installed")
    r = Ruleset(catalog.load("triangular"), {"k": "3"})
    box = parse_bound("x=2,y=1,z=2", r.coords)
    (fn, text), = emit(r, box, "mathematica").items()
    (tmp_path / fn).write_text(text, encoding="utf-8")
    res = require_success(run_mathematica_file(tmp_path / fn, engine="mathics", timeout=300), "emitted program")
    # the claim that applies at k=3 (Theorem 7.3 of seed 003) is checked as the papers do: {}
    assert res.stdout.splitlines()[-1].strip() == "{}"
    assert (tmp_path / mathematica_csv_name(r, box)).read_text() == "x,y,z,grundy\n" + "\n".join(TRICHOC3_ROWS) + "\n"



@pytest.fixture(scope="module")
def claim_runs(tmp_path_factory):
    """The two edited programs of the claim tests, run in one Mathics3 process (a driver ``Get``s
    each after ``ClearAll``, as the batch does; one start instead of two): ``[stdout of the first,
    stdout of the second]``."""
    folder = tmp_path_factory.mktemp("claims")
    files = []
    for name, params, bound, old, new in (
            # the spec's "grundy == x xor y xor z" checked against x + y + z
            ("rectangular", {}, "2", "nimSum[x, y, z]", "(x + y + z)"),
            # the nim-sum left symbolic, as an undefined function is
            ("triangular", {"k": "3"}, "x=2,y=1,z=2", "nimSum[x, y, z]", "undefinedNimSum[x, y, z]")):
        r = Ruleset(catalog.load(name), params)
        (fn, text), = emit(r, parse_bound(bound, r.coords), "mathematica").items()
        assert old in text
        (folder / fn).write_text(text.replace(old, new), encoding="utf-8")
        files.append(fn)
    return run_programs(folder, files, "emitted programs", timeout=300)[1]


def test_a_failing_claim_prints_its_counterexamples(claim_runs):
    """A claim check prints exactly the positions where the claim fails: the rectangular bar's
    "grundy == x xor y xor z" (seed 003 Theorem 3.1) edited to "grundy == x + y + z" fails where
    the nim-sum and the sum differ (computed here with Python's ^)."""
    failing = [p for p in itertools.product(range(3), repeat=3) if (p[0] ^ p[1] ^ p[2]) != sum(p)]
    printed = [ln.strip() for ln in claim_runs[0].splitlines() if ln.strip().startswith("{")]
    want = "{" + ", ".join("{" + ", ".join(map(str, p)) + "}" for p in failing) + "}"
    assert want in printed


def test_a_claim_left_unevaluated_is_reported_as_failing(claim_runs):
    """A claim whose check does not evaluate to True or False (here the nim-sum left symbolic, as
    ``BitXor`` is in Mathics3) counts as failing at every position: it must never pass silently.
    Expected: every position of triangular k=3, x, z <= 2, y <= 1 (:data:`TRICHOC3_ROWS`)."""
    want = "{" + ", ".join("{" + ", ".join(row.split(",")[:3]) + "}" for row in TRICHOC3_ROWS) + "}"
    assert claim_runs[1].strip().splitlines()[-1].strip() == want
