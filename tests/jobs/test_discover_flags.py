"""Issue 36, items 8 (discover side): a pass flag is a flag, never a heap; the re-check box keeps
the flag's range; every finding prints the claim line that states it (periodic rows included),
duplicates once.

Expected values are independent of the code under test: Nim's Grundy values are the nim-sum of
the heaps (Bouton; after the pass is used, ``nim_pass`` is three-heap Nim, seed 003 Theorem 3.1);
the subtraction game S = {1, 3, 4} has Grundy values 0, 1, 0, 1, 2, 3, 2 repeating with period 7
(Winning Ways ch. 4), recomputed below by the mex recursion; the pasted claim lines are judged by
``cgs-bridge check``, and a planted twin with one wrong value must fail there.
"""

from __future__ import annotations

import re

import pytest

from cgs_bridge.cli.main import main
from cgs_bridge.jobs.discover import discover, resolve
from cgs_bridge.jobs.discover.stability import larger_box
from cgs_bridge.language import ast as A
from cgs_bridge.language import parse_expr

SUB134 = 'game sub134\n  title "S = {1, 3, 4}"\n  coordinates x\n  cut x by s in {1, 3, 4}\n'


def heap_uses(text: str, flag: str) -> bool:
    """True when ``flag`` appears in ``text`` other than in a comparison ``flag == number``."""
    def walk(node) -> bool:
        if isinstance(node, A.Compare) and node.ops == ("==",) and node.operands[0] == A.Name(flag) \
                and isinstance(node.operands[1], A.Num):
            return False
        if isinstance(node, A.Name):
            return node.id == flag
        if isinstance(node, tuple):
            return any(walk(n) for n in node)
        fields = getattr(node, "__dataclass_fields__", {})
        return any(walk(getattr(node, f)) for f in fields if f != "pos")
    return walk(parse_expr(text))


def conditions(d) -> list:
    return ([f.condition for f in d.formulas + d.regions + d.near_misses]
            + [a.condition for a in d.artefacts if a.family not in ("periodic", "partners", "slices")])


def test_heap_use_detector_tells_a_flag_term_from_a_flag_guard():
    assert heap_uses("grundy == y xor z xor passes", "passes")
    assert heap_uses("grundy == y + z + passes", "passes")
    assert not heap_uses("not (passes == 0) or grundy == y xor z", "passes")
    assert not heap_uses("P iff y xor z == 0", "passes")


@pytest.fixture(scope="module")
def nim_pass():
    return discover("nim_pass", bound=4, families=("p", "grundy", "linear", "regions", "slices"))


def test_nim_pass_flag_is_never_a_heap(nim_pass):
    conds = conditions(nim_pass)
    assert conds
    bad = [c for c in conds if heap_uses(c, "passes")]
    assert not bad, bad


def test_nim_pass_found_per_flag_value_is_bouton(nim_pass):
    """With the pass used (passes == 0) the game is three-heap Nim: Bouton's nim-sum."""
    want = parse_expr("not (passes == 0) or grundy == x xor y xor z")
    assert want in {parse_expr(f.condition) for f in nim_pass.formulas}
    # the independent check of the statement itself: Nim's values by the mex recursion
    g = {}
    for p in sorted((x, y, z) for x in range(5) for y in range(5) for z in range(5)):
        opts = {g[q] for i in range(3) for t in range(p[i]) for q in [p[:i] + (t,) + p[i + 1:]]}
        g[p] = min(set(range(len(opts) + 1)) - opts)
        assert g[p] == p[0] ^ p[1] ^ p[2]


def test_findings_printed_once(nim_pass):
    """The per-flag Grundy formula is also the region family's best region: listed once."""
    parsed = [parse_expr(f.condition) for f in nim_pass.formulas + nim_pass.regions]
    assert len(parsed) == len(set(parsed))


def test_recheck_box_grows_heaps_not_the_flag():
    r, box = resolve("step_pass", None, "12")
    sc = larger_box(r, list(box.upper))
    assert box.upper == (12, 12, 1)
    assert sc.upper[2] == 1 and sc.upper[0] >= 24 and sc.upper[1] >= 24 and not sc.capped
    d = discover("step_pass", bound=12, families=("periodic",))
    assert d.recheck_box is not None and d.recheck_box != d.box
    assert d.recheck_box.endswith("passes=1")
    # the rows of step_pass are arithmetic-periodic (y = 0, passes = 0: grundy = z, seed 001
    # Theorem 3.2 with y = 0): reported, not artefacts of a re-check on the same box
    assert d.lines and not [a for a in d.artefacts if a.family == "periodic"]


# ------------------------------------------------------------------ claim lines of periodic rows
def sub134_values(n):
    g = []
    for x in range(n):
        opts = {g[x - s] for s in (1, 3, 4) if s <= x}
        g.append(min(set(range(5)) - opts))
    return g


def check(capsys, spec, bound, *extra):
    code = main(["check", str(spec), "--bound", bound, *extra])
    out = capsys.readouterr()
    return code, out.out + out.err


def test_subtraction_134_row_claim_pastes_and_checks(tmp_path, capsys):
    vals = sub134_values(120)
    assert vals[:7] == [0, 1, 0, 1, 2, 3, 2] and all(vals[i] == vals[i % 7] for i in range(120))
    spec = tmp_path / "sub134.game"
    spec.write_text(SUB134)
    d = discover(str(spec), bound=40, families=("grundy", "linear", "periodic"))
    row = [ln for ln in d.lines if ln["period"] == 7]
    assert len(row) == 1 and row[0]["claim"], d.lines
    claim = row[0]["claim"]
    assert claim in d.to_text()
    pasted = tmp_path / "pasted.game"
    pasted.write_text(SUB134 + "  " + claim + "\n")
    code, out = check(capsys, pasted, "80")
    assert code == 0, out
    twin = tmp_path / "twin.game"      # planted: residue 5 given the value 2 instead of 3
    wrong = claim.replace("else 3)", "else 2)")
    assert wrong != claim
    twin.write_text(SUB134 + "  " + wrong + "\n")
    code, out = check(capsys, twin, "80")
    assert code == 1, out


def test_arithmetic_periodic_row_with_preperiod_claim_checks(tmp_path, capsys):
    """step_pass, y = 0 with the pass unused: arithmetic-periodic from z = 1 (a pre-period)."""
    from paths import ROOT
    d = discover("step_pass", bound=12, families=("periodic",))
    ln = [ln for ln in d.lines if ln["fixed"] == {"y": 0, "passes": 1}]
    assert ln and ln[0]["preperiod_from"] == 1 and ln[0]["saltus"] == 2 and ln[0]["claim"]
    cond = ln[0]["condition"]
    assert "if z == 0 then" in cond
    src = (ROOT / "cgs_bridge" / "model" / "catalog" / "step_pass.game").read_text()
    spec = tmp_path / "step_pass.game"
    spec.write_text(src + "  " + ln[0]["claim"] + "\n")
    code, out = check(capsys, spec, d.recheck_box)
    assert code == 0, out
    twin = re.sub(r"if z == 0 then 0", "if z == 0 then 1", ln[0]["claim"])
    assert twin != ln[0]["claim"]
    spec.write_text(src + "  " + twin + "\n")
    code, out = check(capsys, spec, d.recheck_box)
    assert code == 1, out


def test_row_claim_equal_to_a_formula_is_not_repeated():
    """Subtraction {1, 2, 3}: grundy == x % 4 (Winning Ways ch. 4) is a formula; the period-4 row
    refers to it instead of printing a second claim line."""
    d = discover("subtraction", bound=30, families=("grundy", "periodic"))
    assert parse_expr("grundy == x % 4") in {parse_expr(f.condition) for f in d.formulas}
    (row,) = d.lines
    assert row["claim"] is None and parse_expr(row["same_as"]) == parse_expr("grundy == x % 4")
    text = d.to_text().splitlines()
    assert sum(ln.lstrip().startswith("claim ") and "x % 4" in ln for ln in text) == 1
    assert "    (stated by the formula above: grundy == x % 4)" in text
