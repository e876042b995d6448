"""CGScript programs in the styles of published 2.x code for two more catalog games (issue 20 item
4), written for this test: floor_ratio (y <= floor(z / k) with a strip, seed 004) and Wythoff's
game. Classes with ``for ... yield`` loops and a procedure, a ``Game`` with ``Options(player as
Player)`` and a method, a planted bug each (a z cut whose range includes the position itself, a
diagonal move one short), a truncated copy, scripts that print only counts or a list, and a script
that crashes. Each goes through the CGScript audit and must get the right verdict.

Expected values come from outside the code under test: a mex recursion written here from the games'
definitions, Wythoff's theorem (the P-positions are (floor(n phi), floor(n phi^2)) and mirrors),
option sets worked out by hand, and the real CGSuite 2.2 (one JVM run for all the correct programs
and the crash).
"""

from __future__ import annotations

from functools import lru_cache
from math import isqrt
from pathlib import Path

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
WYTHOFF_MAP = {"a": "x", "b": "y"}


def mex(values) -> int:
    return next(v for v in range(len(values) + 1) if v not in values)


@lru_cache(maxsize=None)
def floor_grundy(x, y, z, k):
    """floor_ratio by its definition (seed 004 move2): cut x, cut y, or cut z to t with y clamped."""
    opts = [(t, y, z) for t in range(x)] + [(x, t, z) for t in range(y)] \
        + [(x, min(y, t // k), t) for t in range(z)]
    return mex({floor_grundy(*o, k) for o in opts})


@lru_cache(maxsize=None)
def wythoff_grundy(a, b):
    opts = [(t, b) for t in range(a)] + [(a, t) for t in range(b)] \
        + [(a - s, b - s) for s in range(1, min(a, b) + 1)]
    return mex({wythoff_grundy(*o) for o in opts})


def wythoff_p_pairs(n):
    """Wythoff (1907): (floor(m phi), floor(m phi) + m), floor(m phi) = (m + isqrt(5 m^2)) // 2."""
    pairs = [((m + isqrt(5 * m * m)) // 2, (m + isqrt(5 * m * m)) // 2 + m) for m in range(n + 1)]
    return sorted((a, b) for a, b in pairs if b <= n)


def floor_ratio(k):
    return Ruleset(load_game("floor_ratio"), {"k": str(k)})


def wythoff():
    return Ruleset(load_game("wythoff"), {})


def verdicts(rep):
    return {c.name: c for _, c in rep.checks}


def test_the_independent_recursions_match_the_theorems():
    assert [(a, b) for b in range(13) for a in range(b + 1) if wythoff_grundy(a, b) == 0] == wythoff_p_pairs(12)
    # seed 004 Theorem 2.6 (k = 2): P iff x xor y xor z = 0
    assert all((floor_grundy(x, y, z, 2) == 0) == (x ^ y ^ z == 0)
               for x in range(5) for z in range(7) for y in range(z // 2 + 1))


@pytest.mark.parametrize("name, rules, box, mapping", [
    ("FloorYield", floor_ratio(2), Box(("x", "y", "z"), (4, 4, 4)), None),
    ("FloorPlayer", floor_ratio(3), Box(("x", "y", "z"), (3, 3, 6)), None),
    ("WythoffYield", wythoff(), Box(("x", "y"), (5, 5)), WYTHOFF_MAP),
])
def test_correct_classes_agree(name, rules, box, mapping):
    rep = audit_cgscript(str(STYLES / f"{name}.cgs"), rules, box=box, mapping=mapping)
    v = verdicts(rep)
    assert rep.exit_code == 0, rep.text()
    assert v["moves"].verdict == "agree" and v["values"].verdict == "agree"


def test_range_including_the_position_itself_is_a_difference_not_an_error():
    # every position is among its own options: the nim values cannot be computed (a loopy game),
    # but the option sets already differ, so the verdict is a difference (docs/audit.md)
    rep = audit_cgscript(str(STYLES / "FloorSelf.cgs"), floor_ratio(2), box=Box(("x", "y", "z"), (2, 2, 2)))
    v = verdicts(rep)
    assert rep.exit_code == 1, rep.text()
    assert v["moves"].verdict == "differ" and v["values"].verdict == "skipped"
    rows = {(r["position"], r["program"], r["spec"]) for r in v["moves"].rows}
    assert ("(0,0,0)", "(0,0,0)", "") in rows and ("(1,0,2)", "(1,0,2)", "") in rows
    assert "is its own follower" in v["values"].summary


def test_diagonal_one_short_is_a_difference():
    # (1,1): the rule moves to (0,1), (1,0), (0,0) (values 1, 1, 0: value 2); the program lacks (0,0)
    rep = audit_cgscript(str(STYLES / "WythoffShort.cgs"), wythoff(), box=Box(("x", "y"), (3, 3)),
                         mapping=WYTHOFF_MAP)
    v = verdicts(rep)
    assert rep.exit_code == 1
    assert ("(1,1)", "", "(0,0)") in {(r["position"], r["program"], r["spec"]) for r in v["moves"].rows}
    assert {"position": "(1,1)", "program": 0, "spec": 2, "detail": "value"} in v["values"].rows


def test_truncated_class_is_incomplete():
    text = (STYLES / "FloorPlayer.cgs").read_text()
    cut = text[:text.index("Concat (for t from 0 to z - 1") + 30]  # inside the last `(for`
    with pytest.raises(CGScriptError, match=r"incomplete: the program ends inside `for` opened at line 12, column 15"):
        audit_cgscript("Cut.cgs", floor_ratio(2), text=cut, box=Box(("x", "y", "z"), (2, 2, 2)))


def _classes(*names):
    return [c for n in names for c in load_source(str(STYLES / f"{n}.cgs")).program.classes]


def test_script_printing_only_counts():
    box = [(x, y, z) for x in range(6) for z in range(6) for y in range(z // 2 + 1)]
    want = [str(sum(floor_grundy(*p, 2) == 0 for p in box)), str(len(box))]
    rep = audit_cgscript(str(STYLES / "floor_count.cgs"), floor_ratio(2), classes=[str(STYLES / "FloorYield.cgs")])
    assert rep.exit_code == 0, rep.text()
    assert rep.printed["as printed"] == want


def test_script_printing_only_a_list():
    rep = audit_cgscript(str(STYLES / "wythoff_list_p.cgs"), wythoff(),
                         classes=[str(STYLES / "WythoffYield.cgs")], mapping=WYTHOFF_MAP)
    assert rep.exit_code == 0, rep.text()
    want = "[" + ",".join(f"[{a},{b}]" for a, b in wythoff_p_pairs(12)) + "]"
    assert rep.printed["as printed"] == [want] and verdicts(rep)["values"].verdict == "agree"


def test_crashed_script_is_an_error(capsys):
    args = ["audit", str(STYLES / "wythoff_crash.cgs"), "--game", "wythoff", "--class",
            str(STYLES / "WythoffYield.cgs"), "--map", "a=x", "--map", "b=y", "--no-sandbox"]
    assert main(args) == 2
    out = capsys.readouterr().out
    assert "run           as printed   ERROR: unknown member `NimValu` of WythoffYield" in out


def one_line(path: Path) -> str:
    """A script as one worksheet line (comment lines dropped), for the REPL and cgsuite-run alike."""
    return " ".join(ln.strip() for ln in path.read_text().splitlines()
                    if ln.strip() and not ln.lstrip().startswith("//"))


TABLES = [
    "System.Print([FloorYield(x, y, z, 2).NimValue for x from 0 to 2 for z from 0 to 5 for y from 0 to (z / 2).Floor]);",
    "System.Print([FloorPlayer(x, 1, z, 3).CanonicalForm for x from 0 to 2 for z from 3 to 6]);",
    "System.Print([WythoffYield(a, b).NimValue for a from 0 to 4 for b from 0 to 4]);",
]


def test_correct_programs_and_the_crash_in_the_real_cgsuite(real_cgsuite, tmp_path):
    """One JVM: the correct classes' value tables and scripts, then the crashing script (last: it
    stops the run). Each printed line equals our interpreter's and the independent recursion's."""
    for name in ("FloorYield", "FloorPlayer", "WythoffYield"):
        (tmp_path / f"{name}.cgs").write_text((STYLES / f"{name}.cgs").read_text())
    scripts = TABLES + [one_line(STYLES / n) for n in ("floor_count.cgs", "wythoff_list_p.cgs")]
    crash = one_line(STYLES / "wythoff_crash.cgs")
    (tmp_path / "all.cgs").write_text("\n".join(scripts + [crash]) + "\n")
    real = real_cgsuite.run(tmp_path, tmp_path / "all.cgs")
    lines = [ln.strip() for ln in real.stdout.splitlines() if ln.strip() and not ln.startswith(">")]
    nim = lambda v: "0" if v == 0 else "*" if v == 1 else f"*{v}"
    count_box = [(x, y, z) for x in range(6) for z in range(6) for y in range(z // 2 + 1)]
    want = [
        "[" + ",".join(str(floor_grundy(x, y, z, 2)) for x in range(3) for z in range(6) for y in range(z // 2 + 1)) + "]",
        "[" + ",".join(nim(floor_grundy(x, 1, z, 3)) for x in range(3) for z in range(3, 7)) + "]",
        "[" + ",".join(str(wythoff_grundy(a, b)) for a in range(5) for b in range(5)) + "]",
        str(sum(floor_grundy(*p, 2) == 0 for p in count_box)), str(len(count_box)),
        "[" + ",".join(f"[{a},{b}]" for a, b in wythoff_p_pairs(12)) + "]",
    ]
    assert lines[:len(want)] == want, real.stdout
    assert any("NimValu" in ln for ln in lines[len(want):]), real.stdout  # the crash's message
    classes = _classes("FloorYield", "FloorPlayer", "WythoffYield")
    ours = [run_worksheet(s, classes=classes) for s in scripts]
    assert [ln for r in ours for ln in r.printed] == want and all(r.error is None for r in ours)
    crashed = run_worksheet(crash, classes=classes)
    assert crashed.error is not None and "NimValu" in crashed.error and crashed.printed == []
