"""Issue 21: discovery a researcher can trust — formulas re-checked on a larger box before they are
shown (artefacts of the small box reported with their first counterexample), evidence with every
finding, shifts as unknowns (seed 001 Example 4.1, s = 12), misère families, partner functions,
b-files.

Expected values are independent of the code under test: P-positions and misère values come from
plain recursions over the game's definition (seed 003 Definition 4.3: the triangular bar; a cut of
x or z lowers y to floor((x + z) / k)), written out below; formulas from the seeds' theorems.
"""

from __future__ import annotations

import pytest

from cgs_bridge.jobs.discover import discover
from cgs_bridge.language import parse_expr


def has(items, text: str) -> bool:
    return parse_expr(text) in {parse_expr(f.condition) for f in items}


# ------------------------------------------------------------------ independent recursions
def tri_p_positions(k, X, Y, Z) -> set:
    """P-positions of the triangular bar with x <= X, y <= Y, z <= Z by the definition (P iff no
    option is P); P-positions already found are kept in lists per line for the option scans."""
    by_z, by_x, by_xz, out = {}, {}, {}, set()
    for x in range(X + 1):
        for y in range(Y + 1):
            for z in range(Z + 1):
                if y > (x + z) // k:
                    continue
                if any(t < x and q == min(y, (t + z) // k) for t, q in by_z.get(z, ())):
                    continue
                if any(q < y for q in by_xz.get((x, z), ())):
                    continue
                if any(t < z and q == min(y, (x + t) // k) for q, t in by_x.get(x, ())):
                    continue
                out.add((x, y, z))
                by_z.setdefault(z, []).append((x, y))
                by_x.setdefault(x, []).append((y, z))
                by_xz.setdefault((x, z), []).append(y)
    return out


def tri_values(k, B):
    """(grundy, misère) values of the triangular bar on the cube B by the mex recursion
    (misère: a position without options has value 1; CGSuite MisereNimValue)."""
    g, m = {}, {}
    for x in range(B + 1):
        for y in range(B + 1):
            for z in range(B + 1):
                if y > (x + z) // k:
                    continue
                opts = ([(t, min(y, (t + z) // k), z) for t in range(x)] + [(x, t, z) for t in range(y)]
                        + [(x, min(y, (x + t) // k), t) for t in range(z)])
                g[(x, y, z)] = mex({g[o] for o in opts})
                m[(x, y, z)] = mex({m[o] for o in opts}) if opts else 1
    return g, m


def mex(s) -> int:
    n = 0
    while n in s:
        n += 1
    return n


def fails_nim_sum(k, p) -> bool:
    """True when ``P iff x xor y xor z == 0`` is false at ``p`` (by the independent recursion)."""
    x, y, z = p
    return (p in tri_p_positions(k, x, y, z)) != (x ^ y ^ z == 0)


# ------------------------------------------------------------------ stability
def test_issue_reproduction_k_mod_8_is_an_artefact_with_its_counterexamples():
    # Issue 21: on a small uniform box "when k % 8 == 0: P iff x xor y xor z == 0" seemed to hold;
    # it fails at k = 8 first at (25, 7, 32) and at k = 16 first at (113, 15, 128).
    rep = discover("triangular", {"k": 8}, 12, families=("p",), sweep="k=4,8,12,16,20,24")
    nim = parse_expr("P iff x xor y xor z == 0")
    assert not any(parse_expr(c["condition"]) == nim for c in rep.sweep["classes"])
    art = next(a for a in rep.sweep["artefacts"]
               if parse_expr(a["condition"]) == nim and a["when"] == "k % 8 == 0")
    assert art["holds_for"] == [8, 16, 24] and art["fails_at"] == 8
    assert tuple(art["counterexample"]) == (25, 7, 32) and fails_nim_sum(8, (25, 7, 32))
    assert "(113, 15, 128)" in next(t for t in rep.sweep["per_value"][16] if t.startswith("P iff x xor y xor z"))
    assert fails_nim_sum(16, (113, 15, 128))
    # the search box of k = 8 reports the same formula as an artefact, not as a finding
    assert not has(rep.formulas, "P iff x xor y xor z == 0")
    a = next(a for a in rep.artefacts if parse_expr(a.condition) == nim)
    assert tuple(a.position) == (25, 7, 32) and "NOT findings" in rep.to_text()


def test_recheck_box_reaches_every_coordinate():
    from cgs_bridge.jobs.discover.stability import larger_box
    from cgs_bridge.model import catalog
    from cgs_bridge.model.game import Ruleset
    for k in (1, 3, 8, 16):
        sc = larger_box(Ruleset(catalog.load("triangular"), {"k": str(k)}), [20, 20, 20])
        x, y, z = sc.upper
        assert y == 40 and (x + z) // k >= 40 and not sc.capped      # y's doubled range is valid


def test_sweep_suggests_a_box_that_refutes():
    # Theorem 7.3 (k = 4m + 3) and Conjecture 8.1 (k = 4m + 1) stay classes; the suggested sweep
    # command's box lets y reach twice the bound at the largest suggested k.
    import shlex
    rep = discover("triangular", {"k": 3}, 10, families=("p",), sweep="k=3,5,7,9,11,13")
    classes = {(c["when"], parse_expr(c["condition"])): c for c in rep.sweep["classes"]}
    c = classes[("k % 4 == 3", parse_expr("P iff x xor y xor z == 0"))]
    assert c["holds_for"] == [3, 7, 11] and set(c["evidence"]) == {3, 7, 11}
    argv = shlex.split(c["test_further"])
    box = dict(kv.split("=") for kv in argv[argv.index("--bound") + 1].split(","))
    assert "k=3..23:4" in argv and (int(box["x"]) + int(box["z"])) // 23 >= int(box["y"]) == 20
    assert ("k % 4 == 1", parse_expr("P iff (x - 1) xor y xor (z - 1) == 0")) in classes


# ------------------------------------------------------------------ evidence
def test_every_finding_states_its_evidence():
    rep = discover("triangular", {"k": 5}, "x=20,y=10,z=20", families=("p", "periodic"))
    f = next(f for f in rep.formulas if parse_expr(f.condition) == parse_expr("P iff (x - 1) xor y xor (z - 1) == 0"))
    boxes = f.evidence["boxes"]
    assert boxes[0]["box"] == "x=20,y=10,z=20" and boxes[0]["positions"] == rep.positions
    assert boxes[1]["positions"] > boxes[0]["positions"] and boxes[1]["p_positions"] > boxes[0]["p_positions"]
    assert rep.lines and all(ln["full_periods"] >= 3 for ln in rep.lines)
    assert all({"preperiod_from", "period", "full_periods"} <= set(ln) for ln in rep.lines)


def test_too_little_evidence_reports_nothing_and_says_why():
    # One heap: a single P-position whatever the bound.
    rep = discover("nim", bound=193, families=("p",))
    assert rep.positions == 194 and rep.p_positions == 1 and rep.formulas == []
    assert any("1 P-positions" in w for w in rep.withheld) and "least evidence" in rep.to_text()


# ------------------------------------------------------------------ families
def test_seed001_example_4_1_s12_found_from_the_game_alone():
    # Seed 001 Example 4.1: f(t) = floor((t + 12) / 4) gives G = (y xor (z + 12)) - 12.
    rep = discover("step", {"f": "floor((t+12)/4)"}, 30)
    assert has(rep.formulas, "grundy == (y xor (z + 12)) - 12")
    f = next(f for f in rep.formulas if f.condition.startswith("grundy == (y xor (z + 12))"))
    assert len(f.evidence["boxes"]) == 2


@pytest.mark.parametrize("k", [3, 4, 5, 7, 9])
def test_misere_equals_normal_except_at_the_small_positions(k):
    g, m = tri_values(k, 8)
    differ = {p for p in g if g[p] != m[p]}
    assert differ == {(0, 0, 0), (1, 0, 0), (0, 0, 1), (1, 0, 1)}         # independent recursion
    rep = discover("triangular", {"k": k}, 12, families=("misere",))
    assert has(rep.formulas, "misere == grundy or (x <= 1 and y <= 1 and z <= 1)")
    assert has(rep.formulas, "misere == (if x <= 1 and y <= 1 and z <= 1 then grundy xor 1 else grundy)")
    assert {tuple(e["position"]) for e in rep.misere["exceptions"]} == differ
    assert not rep.misere["not_finite"]


def test_misere_k2_is_genuinely_different():
    g, m = tri_values(2, 8)
    assert any(g[p] != m[p] and max(p) > 1 for p in g)                     # independent recursion
    rep = discover("triangular", {"k": 2}, 12, families=("misere",))
    assert rep.misere["not_finite"] and not any(f.family == "misere" and "x <= 1" in f.condition
                                                for f in rep.formulas)


def test_region_formula_reads_as_when():
    rep = discover("triangular", {"k": 2}, 10, families=("grundy", "regions"))
    f = next(f for f in rep.regions if parse_expr(f.condition) == parse_expr("not (y == 0) or grundy == x xor z"))
    assert f.reads == "when y == 0: grundy == x xor z" and "when y == 0: grundy == x xor z" in rep.to_text()


def test_k2_partner_function_and_its_periodic_gap():
    rep = discover("triangular", {"k": 2}, 20, families=("partners",))
    assert any(u["partner"] == "z" and u["holds_on_recheck"] for u in rep.partners["unique"])
    lines = {ln["fixed"]["y"]: ln for ln in rep.partners["lines"] if ln["partner"] == "z" and ln["index"] == "x"}
    assert {0, 1, 2, 3} <= set(lines)
    # independent: the P-positions by the definition on a box beyond both boxes searched
    P = tri_p_positions(2, 90, 3, 100)
    for y, ln in lines.items():
        assert ln["saltus"] == ln["period"] and ln["full_periods"] >= 3
        zs = {x: [z for z in range(101) if (x, y, z) in P] for x in range(91)}
        assert all(len(v) <= 1 for v in zs.values())                       # at most one z
        gap = {x: v[0] - x for x, v in zs.items() if v and v[0] < 95}
        n0, p = ln["preperiod"], ln["period"]
        assert all(gap[x + p] == gap[x] for x in range(n0, 80))           # z - x periodic


def test_bfiles(tmp_path):
    from cgs_bridge.foundation.errors import InputError
    rep = discover("rectangular", bound=6, families=("p",), bfile=tmp_path)
    counts = (tmp_path / "b_p_count.txt").read_text().splitlines()
    assert counts[0].startswith("#")
    expect = [sum(1 for x in range(n + 1) for y in range(n + 1) for z in range(n + 1) if x ^ y ^ z == 0)
              for n in range(7)]                                             # Nim: P iff nim-sum 0
    assert counts[1:] == [f"{n} {a}" for n, a in enumerate(expect)]
    diag = (tmp_path / "b_diagonal.txt").read_text().splitlines()[1:]
    assert diag == [f"{n} {n}" for n in range(7)]                            # n xor n xor n = n
    assert str(tmp_path / "b_p_count.txt") in rep.bfiles
    with pytest.raises(InputError):
        discover("rectangular", bound=6, families=("p",), bfile=tmp_path)


def test_cli_bfile_and_families(tmp_path, capsys):
    from cgs_bridge.cli.main import main
    assert main(["discover", "triangular", "-p", "k=3", "--bound", "8", "--families", "p,misere,partners",
                 "--bfile", str(tmp_path / "b")]) == 0
    out = capsys.readouterr().out
    assert "re-check box:" in out and "b-files written:" in out
    assert main(["discover", "triangular", "-p", "k=3", "--bound", "8", "--families", "p",
                 "--bfile", str(tmp_path / "b")]) == 2


def test_p_positions_of_two_parameter_values():
    # Theorem 7.3 (seed 003): for k = 3 and k = 7 the P-positions are the zero nim-sums, so on the
    # positions valid for both they coincide; k = 2 differs, first at (1, 1, 2): a P-position for
    # k = 2 and an N-position for k = 3 by the definition.
    rep = discover("triangular", {"k": 3}, 10, families=("p",), against={"k": 7})
    assert rep.differences["stable"] and all(b["differ"] == 0 for b in rep.differences["boxes"])
    assert len(rep.differences["boxes"]) == 2 and "coincide on both boxes" in rep.to_text()
    rep2 = discover("triangular", {"k": 3}, 10, families=("p",), against="k=2")
    first = rep2.differences["table"][0]
    assert tuple(first["position"]) == (1, 1, 2)
    assert (1, 1, 2) in tri_p_positions(2, 1, 1, 2) and (1, 1, 2) not in tri_p_positions(3, 1, 1, 2)
    assert not rep2.differences["stable"] and "grows with the box" in rep2.differences["finding"]
