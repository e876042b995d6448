"""``discover`` rediscovers, from the game alone, the published characterisations that fall in its
families; every claim line it prints parses, pastes into the spec and passes ``check``.

Expected formulas are the seeds' theorems (written here in the spec language from the papers),
never output of the search. Reported formulas are compared as parsed ASTs, so only the meaning
(and the order of the nim-sum's terms) matters.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cgs_bridge.cli.main import main
from cgs_bridge.jobs.discover import discover
from cgs_bridge.jobs.discover.periodic import analyse
from cgs_bridge.jobs.generate import emit
from cgs_bridge.language import parse_expr
from cgs_bridge.model import catalog
from cgs_bridge.model.game import Ruleset
from cgs_bridge.model.loading import load_text
from solvers import parse_bound

GAMES = Path(catalog.__file__).parent


def conditions(items) -> set:
    return {parse_expr(f.condition) for f in items}


def has(items, text: str) -> bool:
    return parse_expr(text) in conditions(items)


# ------------------------------------------------------------------ seed 003
def test_seed003_theorem_3_1_rectangular_bar_is_nim():
    rep = discover("rectangular", bound=12, families=("p", "grundy"))
    assert has(rep.formulas, "P iff x xor y xor z == 0")          # Theorem 3.1
    assert has(rep.formulas, "grundy == x xor y xor z")            # Theorem 2.1 (Sprague-Grundy)
    assert rep.positions == 13 ** 3 and all(f.checked == 13 ** 3 for f in rep.formulas)


def test_seed003_theorem_7_3_k3_and_example_8_3_counts():
    # Example 8.3 (k = 3, ss = 20): 977 positions with Grundy value = x xor y xor z, 2257 without.
    rep = discover("triangular", {"k": 3}, 20, families=("p", "grundy"))
    assert has(rep.formulas, "P iff x xor y xor z == 0")          # Theorem 7.3 (k = 4m + 3)
    assert not has(rep.formulas, "grundy == x xor y xor z")        # Example 7.1
    miss = [m for m in rep.near_misses if parse_expr(m.condition) == parse_expr("grundy == x xor y xor z")]
    assert miss and (miss[0].failures, miss[0].checked) == (2257, 977 + 2257)
    assert rep.box == "x=20,y=20,z=20"


def test_seed003_conjecture_8_1_k5_on_the_published_box():
    # Example 8.5: k = 5, a, c in 0..20, b in 0..10.
    rep = discover("triangular", {"k": 5}, "x=20,y=10,z=20", families=("p",))
    assert has(rep.formulas, "P iff (x - 1) xor y xor (z - 1) == 0")
    assert not has(rep.formulas, "P iff x xor y xor z == 0")
    assert has(rep.near_misses, "P iff x xor y xor z == 0")


def test_seed003_parameter_classes_by_sweep(tmp_path, capsys):
    # Theorem 7.3: k = 4m + 3 -> x xor y xor z; Conjecture 8.1: k = 4m + 1 -> (x-1) xor y xor (z-1).
    rep = discover("triangular", {"k": 3}, 14, families=("p",), sweep="k=3,5,7,9,11,13")
    classes = {(c["when"], parse_expr(c["condition"])): c["holds_for"] for c in rep.sweep["classes"]}
    assert classes[("k % 4 == 3", parse_expr("P iff x xor y xor z == 0"))] == [3, 7, 11]
    assert classes[("k % 4 == 1", parse_expr("P iff (x - 1) xor y xor (z - 1) == 0"))] == [5, 9, 13]
    assert "checked at no other value" in rep.to_text()
    # the class claims, pasted into the spec, pass `check` at every swept value of their class
    spec = tmp_path / "tri.game"
    spec.write_text((GAMES / "triangular.game").read_text()
                    + "".join(f"  {c['claim']}\n" for c in rep.sweep["classes"]))
    for k in (3, 5, 7, 9, 11, 13):
        assert main(["check", str(spec), "-p", f"k={k}", "--bound", "14"]) == 0
    assert "FAILS" not in capsys.readouterr().out
    # the suggested `cgs-bridge sweep` command (issue 12b) runs; for the class of Theorem 7.3 (a
    # theorem, so every further value must pass) it exits 0 at k = 3, 7, ..., 23. Its box lets y
    # reach twice the bound at k = 23 (issue 21: a box that can refute the class), so it runs with
    # the fast kernel here.
    import shlex
    cmd = next(c["test_further"] for c in rep.sweep["classes"] if c["when"] == "k % 4 == 3")
    argv = shlex.split(cmd)
    assert argv[:2] == ["cgs-bridge", "sweep"] and "k=3..23:4" in argv
    assert main(argv[1:] + ["--workers", "0"]) == 0


# ------------------------------------------------------------------ seeds 001 and 004
def test_seed001_theorem_3_1_strip_plus_step_bar():
    # f(t) = floor(t / 4) satisfies condition (a) of Definition 3.2 (Lemma 3.1 with k = 2).
    rep = discover("strip_step", {"f": "floor(t/4)"}, "x=15,y=8,z=35", families=("p", "grundy"))
    assert has(rep.formulas, "P iff x xor y xor z == 0")          # Theorem 3.1
    assert has(rep.formulas, "grundy == x xor y xor z")            # Theorems 1.1 and 3.2


def test_seed001_theorem_3_2_step_bar():
    rep = discover("step", {"f": "floor(t/2)"}, "y=12,z=30", families=("grundy",))
    assert has(rep.formulas, "grundy == y xor z")


@pytest.mark.parametrize("s", [2, 3])
def test_seed001_corollary_4_1_shifted_step_bar(s):
    # h(z) = floor(z / 4) (k = 2); s = m * 2^v with m <= 2k - 1 = 3: G = (y xor (z + s)) - s.
    rep = discover("step", {"f": f"floor((t+{s})/4)"}, "y=12,z=40", families=("grundy",))
    assert has(rep.formulas, f"grundy == (y xor (z + {s})) - {s}")


def test_seed001_corollary_4_1_converse_is_not_reported():
    # h(z) = floor(z / 2) (k = 1): s = 3 is not m * 2^v with m <= 1, so G != (y xor (z+3)) - 3.
    claim = "grundy == (y xor (z + 3)) - 3"
    rep = discover("step", {"f": "floor((t+3)/2)"}, "y=15,z=30", families=("grundy",))
    assert not has(rep.formulas, claim)
    # and it is absent because it is false on the box, not because the search missed it
    assert main(["check", "step", "-p", "f=floor((t+3)/2)", "--bound", "y=15,z=30", "--claim", claim]) == 1


def test_seed004_theorem_2_6_floor_ratio_k2():
    rep = discover("floor_ratio", {"k": 2}, 20, families=("p",))
    assert has(rep.formulas, "P iff x xor y xor z == 0")


# ------------------------------------------------------------------ claim lines
def test_claim_line_pastes_into_the_spec_and_check_passes(tmp_path, capsys):
    bound = "x=20,y=10,z=20"
    rep = discover("triangular", {"k": 5}, bound, families=("p",))
    line = rep.formulas[0].claim
    assert line.startswith('claim "') and "when k == 5:" in line and bound in line
    spec = tmp_path / "tri.game"
    spec.write_text((GAMES / "triangular.game").read_text() + "  " + line + "\n")
    checked = load_text(spec.read_text(), str(spec))
    assert checked.game.claims[-1].name.startswith("discovered 1")
    capsys.readouterr()
    assert main(["check", str(spec), "-p", "k=5", "--bound", bound]) == 0
    out = capsys.readouterr().out
    assert f"claim {checked.game.claims[-1].name!r}: holds on all {rep.positions} positions" in out
    # at another parameter value the claim says nothing (its `when` is false)
    assert main(["check", str(spec), "-p", "k=3", "--bound", "6"]) == 0
    assert "not applicable" in capsys.readouterr().out.split(checked.game.claims[-1].name)[1].splitlines()[0]
    r = Ruleset(checked, {"k": "5"})
    files = emit(r, parse_bound("4", r.coords), "mathematica")
    assert any(checked.game.claims[-1].name in text for text in files.values())


def test_region_formula_is_a_checkable_claim(tmp_path):
    # On the face y = 0 the triangular bar is two-heap Nim (y stays 0): grundy = x xor z there.
    rep = discover("triangular", {"k": 2}, 10, families=("grundy", "regions"))
    assert has(rep.regions, "not (y == 0) or grundy == x xor z")
    f = next(f for f in rep.regions if parse_expr(f.condition) == parse_expr("not (y == 0) or grundy == x xor z"))
    assert f.region_size == 11 * 11
    spec = tmp_path / "tri.game"
    spec.write_text((GAMES / "triangular.game").read_text() + "  " + f.claim + "\n")
    assert main(["check", str(spec), "-p", "k=2", "--bound", "10"]) == 0


# ------------------------------------------------------------------ periodic rows
def test_periodic_rows_of_nim():
    # Rectangular = Nim: grundy(x, 0, 0) = x (period 1, saltus 1); grundy(x, 1, 0) = x xor 1 =
    # 1, 0, 3, 2, ... (period 2, saltus 2); grundy(x, 2, 0) = x xor 2 (period 4, saltus 4).
    rep = discover("rectangular", bound=15, families=("periodic",), fix_max=2)
    lines = {(ln["axis"], tuple(sorted(ln["fixed"].items()))): ln for ln in rep.lines}
    assert {k: lines[("x", (("y", v), ("z", 0)))][k] for v in (0,)
            for k in ("period", "saltus", "preperiod_from")} == {"period": 1, "saltus": 1, "preperiod_from": 0}
    assert (lines[("x", (("y", 1), ("z", 0)))]["period"], lines[("x", (("y", 1), ("z", 0)))]["saltus"]) == (2, 2)
    assert (lines[("x", (("y", 2), ("z", 0)))]["period"], lines[("x", (("y", 2), ("z", 0)))]["saltus"]) == (4, 4)


def test_analyse_hand_sequences():
    import numpy as np
    assert analyse(np.array([0, 1, 0, 1, 0, 1, 0, 1]), 0) == (0, 2, 0)
    assert analyse(np.array([7, 7, 0, 1, 2, 3, 4, 5, 6]), 3) == (5, 1, 1)      # pre-period 2
    assert analyse(np.array([3, 1, 4, 1, 5, 9, 2, 6]), 0) is None


# ------------------------------------------------------------------ CLI
def test_cli_json(capsys):
    assert main(["discover", "rectangular", "--bound", "6", "--json", "--families", "p,grundy"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["box"] == "x=6,y=6,z=6" and data["positions"] == 343
    assert {f["condition"] for f in data["formulas"]} >= {"P iff x xor y xor z == 0", "grundy == x xor y xor z"}
    assert all(f["checked"] == 343 for f in data["formulas"])


@pytest.mark.parametrize("argv", [
    ["discover", "rectangular", "--bound", "4", "--families", "p,bogus"],
    ["discover", "triangular", "--bound", "4", "--sweep", "h=1..3"],
    ["discover", "triangular", "--bound", "4", "--sweep", "k=1..x"],
    ["discover", "triangular", "--bound", "4", "--moduli", "1"],
    ["discover", "triangular", "--bound", "4", "--shift", "-1"],
    ["discover", "nosuchgame", "--bound", "4"],
])
def test_cli_input_errors_exit_2(argv, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "error:" in err and "Traceback" not in err


def test_discover_accepts_a_solved_box():
    from cgs_bridge.model.game import Ruleset as R
    from solvers import solve
    r = R(catalog.load("rectangular"))
    sol = solve(r, parse_bound("5", r.coords))
    rep = discover(sol, families=("p",))
    assert rep.box == "x=5,y=5,z=5" and has(rep.formulas, "P iff x xor y xor z == 0")
    assert "solve" not in rep.seconds            # nothing was solved again


def test_bench_case_finds_conjecture_8_1_on_the_benchmark_box():
    # Not a timing test: the bench case's box has the 46,885 positions and the search
    # there finds seed 003 Conjecture 8.1 (k = 5).
    from cgs_bridge.jobs.bench.discover import bench_discover
    res = bench_discover(out=lambda *_: None)
    assert res["positions"] == 46885
    assert parse_expr("P iff (x - 1) xor y xor (z - 1) == 0") in {parse_expr(c) for c in res["formulas"]}


def test_single_heap_grundy_is_its_size():
    # A Nim heap of size x has Grundy value x (mex of 0..x-1; seed 003 Definition 2.4).
    rep = discover("nim", bound=30, families=("grundy",))
    assert has(rep.formulas, "grundy == x")


# seed 003 Example 8.7 (k = 2, ss = 10): the published list of P-positions.
EX_8_7 = """(0,0,0),(1,0,1),(1,1,2),(2,0,2),(2,1,1),(3,0,3),(3,1,4),(3,2,5),(3,3,6),(3,4,7),(3,5,8),(4,0,4),
(4,1,3),(4,2,6),(4,3,5),(4,4,8),(4,5,7),(5,0,5),(5,1,6),(5,2,3),(5,3,4),(5,4,9),(5,5,10),(6,0,6),(6,1,5),
(6,2,4),(6,3,3),(6,4,10),(6,5,9),(7,0,7),(7,1,8),(7,2,9),(7,3,10),(7,4,3),(7,5,4),(8,0,8),(8,1,7),(8,2,10),
(8,3,9),(8,4,4),(8,5,3),(9,0,9),(9,1,10),(9,2,7),(9,3,8),(9,4,5),(9,5,6),(10,0,10),(10,1,9),(10,2,8),
(10,3,7),(10,4,6),(10,5,5)"""


def test_seed003_example_8_7_k2_near_miss_counts_the_published_exceptions():
    # "there seems to be no generic formula" for k = 2: no nim-sum formula is reported, and the
    # near miss P iff x xor y xor z == 0 fails exactly where the published P-positions and the
    # zero nim-sums differ (computed here from the paper's list alone).
    import re
    published = {tuple(map(int, t)) for t in re.findall(r"\((\d+),(\d+),(\d+)\)", EX_8_7)}
    valid = [(x, y, z) for x in range(11) for y in range(11) for z in range(11) if y <= (x + z) // 2]
    zero = {p for p in valid if p[0] ^ p[1] ^ p[2] == 0}
    differ = sorted(published ^ zero)
    rep = discover("triangular", {"k": 2}, 10, families=("p", "grundy", "linear"))
    assert rep.formulas == [] and rep.p_positions == len(published) == 53
    miss = next(m for m in rep.near_misses if parse_expr(m.condition) == parse_expr("P iff x xor y xor z == 0"))
    assert miss.failures == len(differ) and miss.checked == len(valid)
    assert [tuple(e["position"]) for e in miss.first] == differ[:len(miss.first)]


def test_seed004_theorem_2_6_and_seed001_every_even_k_by_sweep():
    # Seed 004 Theorem 2.6 proves k = 2; seed 001 Lemma 3.1 (h(z) = floor(z / 2k) satisfies
    # condition (a)) with Theorem 3.1 gives every even k: P iff x xor y xor z == 0.
    rep = discover("floor_ratio", {"k": 2}, 12, families=("p",), sweep="k=1..8", method="reference")
    classes = {(c["when"], parse_expr(c["condition"])): c["holds_for"] for c in rep.sweep["classes"]}
    assert classes[("k % 2 == 0", parse_expr("P iff x xor y xor z == 0"))] == [2, 4, 6, 8]


def test_empty_box_claims_nothing(tmp_path):
    spec = tmp_path / "g.game"
    spec.write_text("game g\n  coordinates a, b\n  require a >= 5\n  cut b to t\n")
    rep = discover(str(spec), bound=3)
    assert rep.positions == 0 and rep.formulas == [] and rep.near_misses == [] and rep.lines == []
    assert "no valid position" in rep.to_text()


def test_meet_in_the_middle_matches_brute_force():
    # The search's row matching and nim-sum combinations against a plain double loop.
    import itertools

    import numpy as np

    from cgs_bridge.jobs.discover.search import _combos, _match
    rng = np.random.default_rng(5)
    mats = [rng.integers(0, 4, size=(5, 3)), rng.integers(0, 4, size=(4, 3))]
    vals, idx = _combos(mats, 3)
    for row, (i, j) in zip(vals, idx):
        assert (row == (mats[0][i] ^ mats[1][j])).all()
    assert sorted(map(tuple, idx.tolist())) == list(itertools.product(range(5), range(4)))
    right = rng.integers(0, 4, size=(30, 3))
    li, rj, cut = _match(vals, right)
    expect = {(a, b) for a in range(len(vals)) for b in range(len(right)) if (vals[a] == right[b]).all()}
    assert set(zip(li.tolist(), rj.tolist())) == expect and not cut and expect


def test_cli_text_report(capsys):
    assert main(["discover", "floor_ratio", "-p", "k=2", "--bound", "8", "--families", "p,grundy,periodic"]) == 0
    out = capsys.readouterr().out
    assert 'when k == 2: P iff x xor y xor z == 0' in out              # seed 004 Theorem 2.6
    assert "on box x=8,y=8,z=8" in out and "nothing is claimed beyond them" in out
    assert "Rows and columns" in out


def test_bench_cli_offers_the_discover_case():
    from cgs_bridge.cli.main import build_parser
    args = build_parser().parse_args(["bench", "--cases", "discover"])
    assert args.cases == ["discover"]


def test_python_api_discover():
    import cgs_bridge as cb
    import cgs_bridge.jobs.discover  # noqa: F401  (the subpackage does not replace the function)
    from cgs_bridge import api
    assert cb.discover is api.discover
    rep = cb.discover("triangular", bound={"x": 20, "y": 10, "z": 20}, k=5, families=("p",))
    assert has(rep.formulas, "P iff (x - 1) xor y xor (z - 1) == 0")      # seed 003 Conjecture 8.1
    s = cb.game("rectangular").solve(bound=6)
    rep2 = cb.discover(s, families=("grundy",))
    assert has(rep2.formulas, "grundy == x xor y xor z") and rep2.box == "x=6,y=6,z=6"
    rep3 = cb.discover(cb.game("floor_ratio", k=2), bound=10, families=("p",))
    assert has(rep3.formulas, "P iff x xor y xor z == 0")                  # seed 004 Theorem 2.6
    from cgs_bridge.foundation.errors import InputError
    with pytest.raises(InputError):
        cb.discover(s, bound=6)
