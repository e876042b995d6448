"""The Mathics3 compatibility prelude against Python's ^ & | ~ on ints (one Mathics run), and the
time-out of an audited program (one short Mathics run)."""

from __future__ import annotations

import random
from functools import reduce

import pytest

from cgs_bridge.systems.mathematica.audit.core import audit_program
from cgs_bridge.model.game import Ruleset
from cgs_bridge.model.loading import load_game
from cgs_bridge.systems.engines import require_success
from cgs_bridge.systems.auditing.values import parse_wl
from cgs_bridge.systems.mathematica.audit.runner import prelude_text
from cgs_bridge.systems.mathematica.runner import mathics_command, run_mathematica_file

pytestmark = pytest.mark.mathics

needs_mathics = pytest.mark.skipif(mathics_command() is None, reason="Mathics3 is not installed")


def _cases():
    rng = random.Random(20261122)
    cases = [[], [5], [-5], [0, -1], [-1, -1], [-6, 3], [2**70, -3], [-(2**65), 5, 7]]
    for _ in range(80):
        n = rng.randint(2, 5)
        cases.append([rng.randint(-300, 300) for _ in range(n)])
    return cases


@needs_mathics
def test_prelude_bit_operations_match_python(tmp_path):
    cases = _cases()
    text = "{" + ", ".join("{" + ", ".join(map(str, c)) + "}" for c in cases) + "}"
    script = prelude_text() + f"""
cases = {text};
Print["X ", ToString[InputForm[Map[BitXor @@ # &, cases]]]];
Print["A ", ToString[InputForm[Map[BitAnd @@ # &, cases]]]];
Print["O ", ToString[InputForm[Map[BitOr @@ # &, cases]]]];
Print["N ", ToString[InputForm[Map[BitNot, {{0, 5, -1, -6, 2^70}}]]]];
Print["L ", ToString[InputForm[BitXor[{{1, 2, 3}}, 1]]]];
Print["U ", ToString[InputForm[BitXor[1, x]]]];
Print["R ", $RecursionLimit];
"""
    f = tmp_path / "prelude_test.wl"
    f.write_text(script, encoding="utf-8")
    res = require_success(run_mathematica_file(f, engine="mathics", timeout=300), "prelude test")
    got = {ln[0]: ln[2:] for ln in res.stdout.splitlines() if ln[:2] in ("X ", "A ", "O ", "N ", "L ", "U ", "R ")}
    assert parse_wl(got["X"]) == [reduce(lambda a, b: a ^ b, c, 0) for c in cases]
    assert parse_wl(got["A"]) == [reduce(lambda a, b: a & b, c, -1) for c in cases]
    assert parse_wl(got["O"]) == [reduce(lambda a, b: a | b, c, 0) for c in cases]
    assert parse_wl(got["N"]) == [~v for v in (0, 5, -1, -6, 2**70)]
    assert parse_wl(got["L"]) == [0, 3, 2]  # Listable, as the builtin
    assert got["U"].strip() == "BitXor[1, x]"  # non-integers stay unevaluated, as the builtin
    assert int(got["R"]) >= 100000


@needs_mathics
def test_timeout_reports_output_so_far(tmp_path):
    r = Ruleset(load_game("triangular"), {"k": "3"})
    program = ('allcases = {{0, 0, 0}}; Gr[p_] := 0;\n'
               'Print["started before the loop"]; Pause[100000]\n')
    # Mathics3 starts in about 4 s idle, took up to 9.4 s under CI load and over 20 s at a load of 7
    # (a 20 s limit then cut it off before the program's first line): 60 s leaves the program time
    # to print its line; the pause never ends (and sleeps, so a parallel run keeps the CPU), so the
    # run must still time out.
    rep = audit_program(program, r, engine="mathics", timeout=60, use_prelude=False)
    assert rep.exit_code == 2
    run = rep.runs[0]
    assert run.outcome.status == "timeout"
    engine = [c for c in run.checks if c.name == "engine"][0]
    assert engine.verdict == "error" and "timed out after 60 s" in engine.summary
    assert "started before the loop" in engine.summary
