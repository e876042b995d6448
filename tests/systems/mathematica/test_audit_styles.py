"""Audits of programs in the styles researchers actually print (issue 20.1, 20.2, 20.3): the
programs in tests/data/audit/styles/ were written for these tests in the field's idioms, for the
catalog games floor_ratio, triangular, step and two_inequalities: the whole computation inside a
function with a Block-local parameter, other names (grundy, opts, mex, sg, g), no named position
list, Do/For loops filling values or an array, Reap/Sow, Flatten[Table[If[...]]],
DeleteDuplicates/Union, results only printed, Manipulate/TableForm/Grid at the end, a pure-function
parameter; correct ones, ones with a planted bug (each says which in its first comment), a
truncated one and one with an unbound parameter.

Expected verdicts come from the game definitions: the spec solver (independent of the program
text) and differing positions worked out by hand from the rules (in the comments). Each report
must say how the program's symbols were found. The launcher runs in-process
(tests/audit_inprocess.py); Mathics3 evaluates every program for real.
"""

from __future__ import annotations

import pytest

from cgs_bridge.foundation.errors import InputError
from cgs_bridge.jobs.audit import audit_program
from cgs_bridge.model.game import Ruleset
from cgs_bridge.model.loading import load_game
from cgs_bridge.systems.mathematica.runner import mathics_command

import paths
from audit_inprocess import inprocess

pytestmark = [pytest.mark.mathics,
              pytest.mark.skipif(mathics_command() is None, reason="Mathics3 is not installed")]

STYLES = paths.DATA / "audit" / "styles"
GAMES = {"floor_ratio": {"k": "1"}, "triangular": {"k": "3"}, "step": {},
         "two_inequalities": {"k": "1", "h": "3"}}
_CACHE: dict = {}


def audit(name, monkeypatch, **kw):
    if name not in _CACHE:
        inprocess(monkeypatch)
        game = next(g for g in GAMES if name.startswith(g))
        text = (STYLES / f"{name}.wl").read_text(encoding="utf-8")
        _CACHE[name] = audit_program(text, Ruleset(load_game(game), GAMES[game]), program_path=name,
                                     engine="mathics", sandboxed=False, **kw)
    return _CACHE[name]


def checks(rep):
    return {c.name: c for c in rep.runs[0].checks}


def how(rep, role):
    return rep.symbols.how[f"{role}-run"]


@pytest.mark.parametrize("name, grundy, moves, positions, box", [
    # the example: computation inside ppo[ss_] := Block[{k}, k = 1; ...], then ppo[2]
    ("floor_ratio_block", "Gr (found by evidence", "move (found by evidence", "allcases", "x=2,y=2,z=2"),
    # grundy / opts / mex, Module, DeleteDuplicates, only Print[Length[...]], Manipulate at the end
    ("triangular_module", "grundy (found by evidence", "opts (found by evidence", "none", "x=3,y=3,z=3"),
    # f = Floor[#/2] &, a Do loop filling g[{y, z}], Reap/Sow options, TableForm at the end
    ("step_loops", "g (found by evidence", "none found", "none", "y=5,z=5"),
    # Reap/Sow and Union options, sg memoised, a list named valid, Print[Grid[...]]
    ("two_inequalities_reap", "sg (found by evidence", "options (found by evidence", "valid", "a=6,b=6"),
])
def test_correct_programs_agree_and_say_how_symbols_were_found(monkeypatch, name, grundy, moves,
                                                                positions, box):
    rep = audit(name, monkeypatch)
    c = checks(rep)
    assert rep.exit_code == 0, {k: v.summary for k, v in c.items()}
    assert how(rep, "grundy").startswith(grundy) and how(rep, "moves").startswith(moves)
    assert how(rep, "positions").startswith(positions)
    assert c["values"].verdict == "agree"
    assert f"box {box}" in (c["positions"].summary)


def test_for_loops_filling_an_array(monkeypatch):
    """For loops writing gv[[a + 1, b + 1]]: the table is found by evidence; its size is in For
    conditions (a <= m), which is not a size the audit reads, so the box is given."""
    rep = audit("two_inequalities_for", monkeypatch, bound="6")
    c = checks(rep)
    assert rep.exit_code == 0, {k: v.summary for k, v in c.items()}
    assert how(rep, "grundy").startswith("gv (found by evidence: a table the program filled")
    assert "gv at 22 valid positions of the box" in c["values"].summary
    assert c["positions"].verdict == "skipped"  # opts and vals are loop temporaries, not a list


def test_offbyone_range_including_the_position_itself_is_a_difference(monkeypatch):
    # move cuts z to t = 0..z: at (0,0,0) the program's options are {(0,0,0)}, the spec's {};
    # the Grundy recursion then never ends (the run is stopped), but the difference stands
    rep = audit("floor_ratio_block_offbyone", monkeypatch)
    c = checks(rep)
    assert rep.exit_code == 1
    assert c["moves"].verdict == "differ"
    assert "(0,0,0): program {(0,0,0)}, spec {}" in c["moves"].summary
    assert "(1,0,0): program {(0,0,0), (1,0,0)}, spec {(0,0,0)}" in c["moves"].summary


def test_wrong_clamp_is_a_difference_with_both_option_sets(monkeypatch):
    # at (1,1,3) cutting x to 0 gives y = min(1, floor((0 + 3) / 3)) = 1 by the rule, the
    # program's Floor[t/k] gives y = 0
    rep = audit("triangular_module_wrong_clamp", monkeypatch)
    c = checks(rep)
    assert rep.exit_code == 1 and c["values"].verdict == "differ"
    rows = {(r["position"], r["program"], r["spec"]) for r in c["moves"].rows}
    assert ("(1,1,3)", "(0,0,3)", "") in rows and ("(1,1,3)", "", "(0,1,3)") in rows
    assert "(1,1,3): program {(0,0,3), " in c["moves"].summary


def test_missing_min_is_a_difference(monkeypatch):
    # at (0,3) the cut of z gives (0,0), (0,1), (0,2) by the rule (values 0, 1, 2: value 3);
    # without Min the program moves to (1,2) instead of (0,2)
    rep = audit("step_loops_missing_min", monkeypatch)
    c = checks(rep)
    assert rep.exit_code == 1
    row = next(r for r in c["values"].rows if r["position"] == "(0,3)")
    assert row["spec"] == 3 and row["program"] != 3


def test_unbound_parameter_is_unevaluated_not_a_difference(monkeypatch):
    rep = audit("triangular_module_unbound", monkeypatch)
    c = checks(rep)
    assert rep.exit_code == 2
    assert c["unevaluated"].verdict == "error"
    assert "unbound k (set nowhere in the program)" in c["unevaluated"].summary
    assert c["values"].verdict != "differ" and c["moves"].verdict != "differ"


def test_truncated_program_is_incomplete():
    text = (STYLES / "floor_ratio_block_truncated.wl").read_text(encoding="utf-8")
    with pytest.raises(InputError, match=r"incomplete: the program ends inside `\[` opened at "
                                         r"line 3, column 18"):
        audit_program(text, Ruleset(load_game("floor_ratio"), {"k": "1"}), engine="mathics",
                      sandboxed=False)


def test_scale_a_function_call(monkeypatch):
    """--scale 'ppo[1]' resizes a program whose size is an argument, and gives the box."""
    inprocess(monkeypatch)
    text = (STYLES / "floor_ratio_block.wl").read_text(encoding="utf-8")
    rep = audit_program(text, Ruleset(load_game("floor_ratio"), {"k": "1"}), engine="mathics",
                        sandboxed=False, scales=[{"ppo[]": "1"}])
    c = checks(rep)
    assert rep.exit_code == 0 and rep.runs[0].label == "ppo[1]"
    assert "box x=1,y=1,z=1 (--scale ppo[1])" in c["positions"].summary
