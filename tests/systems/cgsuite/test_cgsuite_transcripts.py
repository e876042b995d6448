"""Every transcript under ``../shared/fixtures/cgsuite`` (real CGSuite 2.2-beta2 output) is imported
and equals an independent expectation:

- ``emitted/*/repl.out`` and ``worksheet.out``: the Python solution of the game and box named in
  the folder's ``ARGS`` (the arguments ``cgs-bridge generate`` was given), every position once;
- ``transcripts/*.out``: what ``fixtures/cgsuite/README.md`` states (the box each script enumerates,
  the error transcripts as failed CGSuite runs, ``procedure_param.out`` = ``[14,8,6]``, recomputed
  here from seed 001's definition of CB(f, y, z) by a plain mex recursion);
- ``published/choco3d_canonical.out``: a syntax error at ``Choco3D.cgs line 3:20``
  (``published/README.md``).

A file added to the fixtures without an expectation here fails :func:`test_every_transcript_is_covered`.
"""

from __future__ import annotations

import shlex
from functools import lru_cache

import pytest

from cgs_bridge.jobs.compare import compare_table
from cgs_bridge.model import catalog
from cgs_bridge.model.game import Ruleset
from cgs_bridge.systems.cgsuite.reader import CGSuiteRunError, parse_table, parse_transcript, read_values
from solvers import parse_bound, solve

from transcript_boxes import TABLES

EMITTED = ("hexagon", "step_floor_t_3", "triangular_k3", "triangular_k5_misere", "two_inequalities_res")
OTHERS = {"tri_table.out", "err_member.out", "err_syntax.out", "procedure_param.out"}


def _args(text: str):
    """``GAME [-p NAME=VALUE]... --bound B [--misere]`` -> (game, params, bound, misere)."""
    words = shlex.split(text)
    game, params, bound, misere = words[0], {}, None, False
    i = 1
    while i < len(words):
        if words[i] == "-p":
            k, _, v = words[i + 1].partition("=")
            params[k] = v
            i += 2
        elif words[i] == "--bound":
            bound = words[i + 1]
            i += 2
        elif words[i] == "--misere":
            misere, i = True, i + 1
        else:
            raise AssertionError(f"unexpected ARGS word {words[i]!r}")
    return game, params, bound, misere


def _solution(game, params, bound, misere):
    r = Ruleset(catalog.load(game), params)
    return solve(r, parse_bound(bound, r.coords), misere=misere, method="reference")


def test_every_transcript_is_covered(shared):
    root = shared / "fixtures" / "cgsuite"
    found = {p.relative_to(root).as_posix() for p in root.rglob("*.out")}
    covered = ({f"transcripts/{n}" for n in list(TABLES) + list(OTHERS)}
               | {f"emitted/{d}/{f}" for d in EMITTED for f in ("repl.out", "worksheet.out")}
               | {"published/choco3d_canonical.out"})
    assert found == covered


@pytest.mark.parametrize("folder", EMITTED)
@pytest.mark.parametrize("kind", ["repl.out", "worksheet.out"])
def test_emitted_transcripts_equal_the_solution_of_their_args(shared, folder, kind):
    d = shared / "fixtures" / "cgsuite" / "emitted" / folder
    game, params, bound, misere = _args((d / "ARGS").read_text())
    sol = _solution(game, params, bound, misere)
    text = (d / kind).read_text()
    if kind == "repl.out":  # what the importer must cope with, as the fixture README says
        assert "> > > > > > [" in text and "Adding folder to classpath" in text
    t = parse_transcript(text, sol.ruleset.n, kind)
    assert len(t.frame) == len(sol) > 0 and not t.ended_without_quit
    assert ("misere" in t.frame.columns) == misere
    res = compare_table(sol, t, "cgsuite", kind)
    assert res.differences == [] and res.compared == len(sol)


@pytest.mark.parametrize("name", sorted(TABLES))
def test_table_transcripts_equal_the_solution_of_their_box(shared, name):
    sol = _solution(*TABLES[name])
    text = (shared / "fixtures" / "cgsuite" / "transcripts" / name).read_text()
    res = compare_table(sol, parse_transcript(text, sol.ruleset.n, name), "cgsuite", name)
    assert res.differences == [] and res.compared == len(sol) > 0


def test_table_grid_transcript(shared):
    # tri_table.cgs: Table([R(x, 0, z).NimValue for z from 0 to 6] for x from 0 to 6)
    text = (shared / "fixtures" / "cgsuite" / "transcripts" / "tri_table.out").read_text()
    sol = _solution("triangular", {"k": "3"}, "x=6,y=0,z=6", False)
    t = parse_table(text, ("x", "y", "z"), "x", "z", {"y": 0}, "tri_table.out")
    res = compare_table(sol, t, "cgsuite", "tri_table.out")
    assert res.differences == [] and res.compared == 49


@pytest.mark.parametrize("name, caret_word", [("err_member.out", "Grundy"), ("err_syntax.out", "for v")])
def test_error_transcripts_are_failed_runs(shared, name, caret_word):
    text = (shared / "fixtures" / "cgsuite" / "transcripts" / name).read_text()
    with pytest.raises(CGSuiteRunError) as e:
        parse_transcript(text, 3, name)
    assert "at worksheet input" in str(e.value) and caret_word in str(e.value) and "^" in str(e.value)


def test_published_1x_program_is_a_failed_run_naming_its_place(shared):
    text = (shared / "fixtures" / "cgsuite" / "published" / "choco3d_canonical.out").read_text()
    with pytest.raises(CGSuiteRunError) as e:
        parse_transcript(text, 3, "choco3d_canonical.out")
    assert "Syntax error." in str(e.value) and "Choco3D.cgs line 3:20" in str(e.value)


def _cb_value(f, y, z):
    """Grundy value of CB(f, y, z) (seed 001, Definitions 2.2-2.3): options (v, z) for v < y and
    (min(y, f(w)), w) for w < z; computed by mex recursion, independently of the project."""
    @lru_cache(maxsize=None)
    def g(y, z):
        opts = {g(v, z) for v in range(y)} | {g(min(y, f(w)), w) for w in range(z)}
        m = 0
        while m in opts:
            m += 1
        return m
    return g(y, z)


def test_procedure_parameter_transcript(shared):
    # scripts/procedure_param.cgs: [StepF(t -> (t/2).Floor)(3, 13), StepF(t -> t)(5, 5),
    #                               StepF(t -> (t/2).Floor)(2, 4)] as NimValues
    text = (shared / "fixtures" / "cgsuite" / "transcripts" / "procedure_param.out").read_text()
    expected = [_cb_value(lambda t: t // 2, 3, 13), _cb_value(lambda t: t, 5, 5),
                _cb_value(lambda t: t // 2, 2, 4)]
    assert read_values(text, "procedure_param.out") == [(1, expected)]
    assert expected == [14, 8, 6]  # as fixtures/cgsuite/README.md states


# ------------------------------------------------------------------ REPL forms not in the fixtures
EOF_TRACE = ('Exception in thread "main" org.jline.reader.EndOfFileException\n'
             "\tat org.jline.reader.impl.LineReaderImpl.readLine(LineReaderImpl.java:639)\n"
             "\tat org.cgsuite.lang.Repl$.main(Repl.scala:42)\n")


def test_repl_input_without_quit_keeps_every_row(shared):
    d = shared / "fixtures" / "cgsuite" / "emitted" / "triangular_k3"
    sol = _solution(*_args((d / "ARGS").read_text()))
    t = parse_transcript((d / "repl.out").read_text() + EOF_TRACE, 3, "repl.out")
    assert t.ended_without_quit
    res = compare_table(sol, t, "cgsuite", "repl.out")
    assert res.differences == [] and res.compared == len(sol)


def test_repl_evaluation_error_is_a_failed_run():
    text = ("> > [0,0,0,0]\n> org.cgsuite.exception.EvalException: Not a method or member variable: `Grundy`\n"
            "\tat org.cgsuite.lang.Node.evaluate(Node.scala:10)\n")
    with pytest.raises(CGSuiteRunError, match="EvalException"):
        parse_transcript(text, 3, "r.out")


def test_claim_checks_of_the_emitted_scripts_are_kept_apart(shared):
    """The emitted scripts end with the papers' claim checks: System.Print of the positions where
    a claim fails, `[]` when it holds; they are not table rows."""
    d = shared / "fixtures" / "cgsuite" / "emitted" / "triangular_k3"
    sol = _solution(*_args((d / "ARGS").read_text()))
    text = (d / "worksheet.out").read_text().replace("Nothing", "[]\n[[1,0,2],[2,1,1]]\nNothing")
    t = parse_transcript(text, 3, "w.out")
    assert [rows for _, rows in t.checks] == [[], [(1, 0, 2), (2, 1, 1)]]
    res = compare_table(sol, t, "cgsuite", "w.out")
    assert res.differences == [] and res.compared == len(sol)
