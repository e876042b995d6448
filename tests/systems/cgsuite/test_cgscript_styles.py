"""CGScript programs in the styles published 2.x code uses (issue 20 item 4), written for this test
in the field's idioms for the catalog game `triangular` (seed 003): a class with ``for ... yield``
loops and locals, a ``Game`` with ``Options(player as Player)`` and a procedure, a planted bug (a
missing ``Min``), a truncated copy, and scripts that print only counts or a list. Expected values:
a plain mex recursion in this file (independent of the interpreter and of the spec solver); the
same programs run in the real CGSuite in ``test_cgscript_vs_engine.py``.
"""

from __future__ import annotations

from functools import lru_cache

import pytest

from cgs_bridge.cli.main import main
from cgs_bridge.model.game import Ruleset
from cgs_bridge.model.loading import load_game
from cgs_bridge.systems.cgsuite.audit.core import audit_cgscript
from cgs_bridge.systems.cgsuite.audit.core import load_source
from cgs_bridge.systems.cgsuite.cgscript.parse import CGScriptError
from cgs_bridge.systems.cgsuite.cgscript.worksheet import run_worksheet
from solvers import Box

import paths

STYLES = paths.DATA / "cgscript_styles"


def mex_grundy(k: int):
    """Grundy values of the triangular bar by the definition: mex over the options."""
    @lru_cache(maxsize=None)
    def g(x, y, z):
        opts = [(t, min(y, (t + z) // k), z) for t in range(x)] + [(x, t, z) for t in range(y)] \
            + [(x, min(y, (x + t) // k), t) for t in range(z)]
        seen = {g(*o) for o in opts}
        return next(v for v in range(len(seen) + 1) if v not in seen)
    return g


def ruleset(k):
    return Ruleset(load_game("triangular"), {"k": str(k)})


@pytest.mark.parametrize("name", ["ChocYield", "ChocPlayer"])
def test_2x_style_classes_agree_with_the_spec(name):
    rep = audit_cgscript(str(STYLES / f"{name}.cgs"), ruleset(3), box=Box(("x", "y", "z"), (4, 4, 4)))
    assert rep.exit_code == 0, rep.text()
    verdicts = {c.name: c.verdict for _, c in rep.checks}
    assert verdicts["moves"] == "agree" and verdicts["values"] == "agree"


def test_planted_bug_is_a_difference_with_positions():
    rep = audit_cgscript(str(STYLES / "ChocNoMin.cgs"), ruleset(3), box=Box(("x", "y", "z"), (4, 4, 4)))
    assert rep.exit_code == 1, rep.text()
    moves = next(c for _, c in rep.checks if c.name == "moves")
    assert moves.verdict == "differ" and moves.rows
    # e.g. (3, 0, 3): cutting x to 3 - 1 gives y = floor(5/3) = 1 > 0 without the Min
    assert all(r["position"] and r["program"] != r["spec"] for r in moves.rows)


def test_truncated_program_is_incomplete_with_its_opening(tmp_path, capsys):
    text = (STYLES / "ChocYield.cgs").read_text()
    cut = text[:text.index("var cutZ") + 40]  # ends inside `for ... yield` of line 8
    with pytest.raises(CGScriptError) as err:
        audit_cgscript("Cut.cgs", ruleset(3), text=cut, box=Box(("x", "y", "z"), (3, 3, 3)))
    line = cut.count("\n", 0, cut.rindex("for t")) + 1
    col = cut.rindex("for t") - cut.rfind("\n", 0, cut.rindex("for t"))
    assert f"incomplete: the program ends inside `for` opened at line {line}, column {col}" in str(err.value)
    path = tmp_path / "Cut.cgs"
    path.write_text(cut)
    assert main(["audit", str(path), "--game", "triangular", "-p", "k=3", "--bound", "3", "--no-sandbox"]) == 2
    assert f"incomplete: the program ends inside `for` opened at line {line}" in capsys.readouterr().err
    for piece, what in [('x := "abc', "a string"), ("x := [1, (2", "`(`"), ("x := 1; /* note", "a comment"),
                        ("if x > 1 then\n  y := 2;\nelse", "`if`")]:
        with pytest.raises(CGScriptError, match=f"ends inside {what.replace('(', '[(]')} opened at line 1"):
            load_source("p.cgs", piece, dialect="2.x")


def _classes():
    return [c for s in (load_source(str(STYLES / "ChocYield.cgs")),) for c in s.program.classes]


def test_script_printing_only_counts():
    g = mex_grundy(3)
    box = [(x, y, z) for x in range(7) for z in range(7) for y in range((x + z) // 3 + 1)]
    want = [str(sum(g(*p) == 0 for p in box)), str(len(box))]
    run = run_worksheet((STYLES / "count_p.cgs").read_text(), classes=_classes())
    assert (run.printed, run.error) == (want, None)


def test_script_printing_only_a_list():
    g = mex_grundy(2)
    want = [[x, y, z] for x in range(6) for z in range(6) for y in range(1, (x + z) // 2 + 1) if g(x, y, z) == 0]
    run = run_worksheet((STYLES / "list_p.cgs").read_text(), classes=_classes())
    assert run.error is None and run.printed == ["[" + ",".join(f"[{x},{y},{z}]" for x, y, z in want) + "]"]
    assert len(want) > 3
