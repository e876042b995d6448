"""``--printed grundy|p-positions`` on CGScript scripts that only print (issue 47, item 5), written
for these tests (tests/data/audit/published/): the P-positions of the subtraction game S = {1, 2, 3}
by a sieve (a list), and its Grundy values in a ``MutableList`` (heap x at index x + 1). Each is
judged on ``--bound``; a planted twin (S = {1, 2}) differs where a plain recursion here says; without
a box, or with a box beyond what was printed, not judged. The real CGSuite 2.2 prints exactly what
the interpreter printed (the output judged is CGSuite's)."""

from __future__ import annotations

from functools import lru_cache

import pytest

from cgs_bridge.model.game import Ruleset
from cgs_bridge.model.loading import load_game
from cgs_bridge.systems.cgsuite.audit.core import audit_cgscript
from solvers import Box

import paths

DATA = paths.DATA / "audit" / "published"
TWIN = {"sieve.cgs": ("ps.Contains(x - 3)", "ps.Contains(x - 2)"),
        "mexlist.cgs": ("for s from 1 to 3", "for s from 1 to 2")}


@lru_cache(maxsize=None)
def subtraction(x: int, moves: tuple = (1, 2, 3)) -> int:
    values = {subtraction(x - s, moves) for s in moves if s <= x}
    return next(m for m in range(len(values) + 1) if m not in values)


def audit(name, tmp_path, twin=False, bound=30, said=None):
    text = (DATA / name).read_text(encoding="utf-8")
    if twin:
        assert text.count(TWIN[name][0]) == 1
        text = text.replace(*TWIN[name])
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    rep = audit_cgscript(str(path), Ruleset(load_game("subtraction"), {}), printed=said or (
        "p-positions" if name == "sieve.cgs" else "grundy"), box=Box(("x",), (bound,)) if bound else None)
    return rep, next(c for _, c in rep.checks if c.name == "printed")


@pytest.mark.parametrize("name", ["sieve.cgs", "mexlist.cgs"])
@pytest.mark.parametrize("twin", [False, True])
def test_printed_results_of_a_script_are_judged_on_the_box(name, twin, tmp_path):
    rep, c = audit(name, tmp_path, twin)
    moves = (1, 2) if twin else (1, 2, 3)
    if name == "sieve.cgs":
        bad = {x for x in range(31) if (subtraction(x, moves) == 0) != (subtraction(x) == 0)}
    else:
        bad = {x for x in range(31) if subtraction(x, moves) != subtraction(x)}
    assert rep.exit_code == (1 if twin else 0), c.summary
    assert {r["position"] for r in c.rows} == {f"({x})" for x in bad} and bool(bad) == twin


def test_without_a_box_or_beyond_what_was_printed_nothing_is_judged(tmp_path):
    rep, c = audit("sieve.cgs", tmp_path, bound=None)
    assert rep.exit_code == 2 and "give --bound" in c.summary
    rep, c = audit("mexlist.cgs", tmp_path, bound=35)
    assert rep.exit_code == 2 and "--bound x=30 judges what was printed" in c.summary
    rep, c = audit("mexlist.cgs", tmp_path, said="p-positions")  # values repeat: not positions
    assert rep.exit_code == 2 and "nothing printed is a list of positions" in c.summary


def test_the_real_cgsuite_prints_what_was_judged(real_cgsuite, tmp_path):
    (tmp_path / "run").mkdir()
    script = tmp_path / "run" / "both.cgs"
    script.write_text("\n".join((DATA / n).read_text(encoding="utf-8") for n in ("sieve.cgs", "mexlist.cgs")),
                      encoding="utf-8")
    out = real_cgsuite.run(tmp_path / "run", script)
    assert out.returncode == 0, out.stdout + out.stderr
    printed = []
    for name in ("sieve.cgs", "mexlist.cgs"):
        rep, _ = audit(name, tmp_path)
        printed += rep.printed["as printed"]
    assert out.stdout.splitlines() == printed
    assert printed[0] == "[" + ",".join(str(x) for x in range(0, 31, 4)) + "]"
