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
from cgs_bridge.systems.mathematica.audit.core import audit_program
from cgs_bridge.model.game import Ruleset
from cgs_bridge.model.loading import load_game
from cgs_bridge.systems.mathematica.runner import mathics_command

import paths
from audit_inprocess import inprocess

pytestmark = [pytest.mark.mathics,
              pytest.mark.skipif(mathics_command() is None, reason="Mathics3 is not installed")]

STYLES = paths.DATA / "audit" / "styles"
GAMES = {"floor_ratio": {"k": "1"}, "triangular": {"k": "3"}, "step": {},
         "two_inequalities": {"k": "1", "h": "3"}, "wythoff": {}}
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
    # the issue's example: computation inside ppo[ss_] := Block[{k}, k = 1; ...], then ppo[2]
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


def test_unbound_parameter_is_an_engine_error_not_a_difference(monkeypatch):
    """k is never set: every option list is symbolic and the memoised recursion never reaches a
    terminal position. Under the recursion limit every audit run has (the prelude's 100000,
    MATHICS_MAX_RECURSION_DEPTH) the program runs until the time limit, as the CLI's run does:
    an engine error (exit 2), never a difference. (At Mathics3's default cap of 512, which the
    in-process runs had by accident before issue 35, the recursion stopped at once and the probe
    named "unbound k"; a run stopped at its time limit has no probe.)"""
    rep = audit("triangular_module_unbound", monkeypatch, timeout=6)
    c = checks(rep)
    assert rep.exit_code == 2
    assert c["engine"].verdict == "error" and "timed out after 6 s" in c["engine"].summary
    assert "Table::iterb" in c["engine"].summary          # the output so far is kept
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


# --grundy / --moves / --positions as calls (docs/audit.md, "Naming them"): functions that take
# the parameter as an argument are called at no position alone, so nothing is found by evidence
# until the options name the calls.
ARGS_CALLS = dict(grundy="gr[#, kk]", moves="opts[#, kk]", positions="cases[2, 1]")


def test_functions_with_an_extra_argument_are_not_guessed(monkeypatch):
    rep = audit("floor_ratio_args", monkeypatch)
    c = checks(rep)
    assert rep.exit_code == 2 and c["values"].verdict == "error"
    # the refusal names the program's own functions and the option (issue 47, item 4)
    assert "name the Grundy function with --grundy" in c["values"].summary
    assert "functions: " in c["values"].summary and "gr" in c["values"].summary.split("functions: ")[1]


def test_calls_with_the_position_as_an_argument(monkeypatch):
    inprocess(monkeypatch)
    text = (STYLES / "floor_ratio_args.wl").read_text(encoding="utf-8")
    rep = audit_program(text, Ruleset(load_game("floor_ratio"), {"k": "1"}), engine="mathics",
                        sandboxed=False, **ARGS_CALLS)
    c = checks(rep)
    assert rep.exit_code == 0, {k: v.summary for k, v in c.items()}
    # 18 = the valid positions of x, y, z <= 2 with y <= z (counted by hand: 3 * (1 + 2 + 3))
    assert "gr[#, kk] at 18 valid positions of the box" in c["values"].summary
    assert "opts[#, kk] equal the spec's at all 18" in c["moves"].summary
    assert "program lists 18 positions" in c["positions"].summary
    # kk is local to the Block: the values come from the calls the program made in its scope
    assert how(rep, "grundy") == ("gr[#, kk] (given as a call, recorded at 18 positions of the box "
                                  "while the program ran (the others called after the program))")
    assert how(rep, "positions").startswith("cases[2, 1] (given as a call")
    from cgs_bridge.systems.auditing.report import to_json
    assert to_json(rep)["symbols"]["calls"] == ARGS_CALLS


def test_calls_find_a_planted_bug(monkeypatch):
    # no Min when z is cut: at (0,0,2) the cut to t = 1 gives (0,1,1), by the rule (0,0,1)
    inprocess(monkeypatch)
    text = (STYLES / "floor_ratio_args_missing_min.wl").read_text(encoding="utf-8")
    rep = audit_program(text, Ruleset(load_game("floor_ratio"), {"k": "1"}), engine="mathics",
                        sandboxed=False, grundy="gr[#, kk]&", moves="opts[#, kk]")
    c = checks(rep)
    assert rep.exit_code == 1 and c["moves"].verdict == "differ"
    assert "(0,0,2): program {(0,0,0), (0,1,1)}, spec {(0,0,0), (0,0,1)}" in c["moves"].summary


def test_a_positions_call_with_a_symbol_unbound_after_the_program_is_not_a_difference(monkeypatch):
    inprocess(monkeypatch)
    text = (STYLES / "floor_ratio_args.wl").read_text(encoding="utf-8")
    rep = audit_program(text, Ruleset(load_game("floor_ratio"), {"k": "1"}), engine="mathics",
                        sandboxed=False, **{**ARGS_CALLS, "positions": "cases[2, kk]"})
    c = checks(rep)
    assert rep.exit_code == 2 and c["positions"].verdict == "error"
    assert "kk has no value after the program" in c["positions"].summary
    assert "unbound kk (local to a Block" in c["unevaluated"].summary


def test_a_symbol_argument_the_program_gave_several_values_is_not_guessed(monkeypatch):
    """The program computes k = 1 and k = 2: 'gr[#, kk]' could be either (an error naming both);
    'gr[#, 1]' records only the calls with 1."""
    inprocess(monkeypatch)
    text = (STYLES / "floor_ratio_args.wl").read_text(encoding="utf-8").replace(
        "run[2]", "Table[Length[Select[cases[2, kk], gr[#, kk] == 0 &]], {kk, 1, 2}]")
    rules = Ruleset(load_game("floor_ratio"), {"k": "1"})
    rep = audit_program(text, rules, engine="mathics", sandboxed=False, bound="2",
                        grundy="gr[#, kk]", moves="opts[#, kk]")
    c = checks(rep)
    assert rep.exit_code == 2 and c["values"].verdict == "error" and c["moves"].verdict == "error"
    assert "passed 2 different values for kk (1; 2): name the one to judge" in c["values"].summary
    rep = audit_program(text, rules, engine="mathics", sandboxed=False, bound="2",
                        grundy="gr[#, 1]", moves="opts[#, 1]")
    assert rep.exit_code == 0, {k: v.summary for k, v in checks(rep).items()}


def test_coordinates_as_separate_arguments(monkeypatch):
    """g[x, y] called through Apply (g @@ #) at (4,4) only, which the trace does not see: the call
    after the program spreads the coordinates as the program's other calls did; ## says so too."""
    rep = audit("wythoff_spread", monkeypatch)
    c = checks(rep)
    assert rep.exit_code == 0, {k: v.summary for k, v in c.items()}
    assert "g at 25 valid positions of the box" in c["values"].summary
    inprocess(monkeypatch)
    text = (STYLES / "wythoff_spread.wl").read_text(encoding="utf-8")
    rep = audit_program(text, Ruleset(load_game("wythoff"), {}), engine="mathics", sandboxed=False,
                        grundy="g[##]", moves="moves[##]")
    assert rep.exit_code == 0 and how(rep, "moves").startswith("moves[##] (given as a call, recorded at 25")


def test_a_table_of_values_is_the_only_result(monkeypatch):
    """TableForm[Table[g[x, y], ...]] at the end is where the program calls its functions: it is
    kept (docs/audit.md), so the program is audited, not "empty"."""
    rep = audit("wythoff_table", monkeypatch)
    c = checks(rep)
    assert rep.exit_code == 0, {k: v.summary for k, v in c.items()}
    assert how(rep, "grundy").startswith("g (found by evidence: called at 25 positions")
    assert "g at 25 valid positions of the box" in c["values"].summary


@pytest.mark.parametrize("option, text, message", [
    ("grundy", "gr[#[[1]]]", r"--grundy 'gr\[#\[\[1\]\]\]': the argument '#\[\[1\]\]' is not #, ##"),
    ("moves", "opts[pos, k]", r"--moves 'opts\[pos, k\]': mark where the position goes with one #"),
    ("moves", "opts[#, #]", r"mark where the position goes with one #"),
    ("positions", "cases[#]", r"--positions 'cases\[#\]': a position list takes no # or &"),
    ("grundy", "Gr[", r"--grundy 'Gr\[': expected a symbol name \(Gr\) or a call with #"),
    ("grundy", "1 + 2", r"expected a symbol name"),
    ("grundy", "Gr&", r"a name needs no &"),
])
def test_bad_option_text_is_refused_naming_the_option(option, text, message):
    program = (STYLES / "floor_ratio_args.wl").read_text(encoding="utf-8")
    with pytest.raises(InputError, match=message):
        audit_program(program, Ruleset(load_game("floor_ratio"), {"k": "1"}), engine="mathics",
                      sandboxed=False, **{option: text})


def test_cli_refuses_a_bad_call_with_exit_2(capsys):
    from cgs_bridge.cli.main import main
    code = main(["audit", str(STYLES / "floor_ratio_args.wl"), "--game", "floor_ratio", "-p", "k=1",
                 "--no-sandbox", "--moves", "opts[pos, k]"])
    err = capsys.readouterr().err
    assert code == 2 and "--moves 'opts[pos, k]': mark where the position goes with one #" in err
    assert "Traceback" not in err


def test_python_api_takes_the_calls(monkeypatch):
    import cgs_bridge as cb
    inprocess(monkeypatch)
    res = cb.audit(STYLES / "wythoff_spread.wl", cb.game("wythoff"), engines={"mathematica_engine": "mathics"},
                   no_sandbox=True, grundy="g[##]", moves="moves[##]")
    assert res.agree and res.report.symbols.how["grundy-run"].startswith("g[##] (given as a call")
