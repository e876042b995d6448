"""Take-and-break programs in CGScript as CGSuite 2.2 users write them (issues 47 item 6 and 49
item 5): ``game.heap.TakeAndBreak("0.77")``, the library's ``DawsonsKayles`` and ``GrundysGame``,
misère values, and a class of one's own whose options are sums ``K(a) + K(b)``
(``tests/data/audit/takebreak_cgs/``). Before this change the interpreter stopped at `game`
("unknown name") and a sum of two games ("unsupported operands for +"), so every audit here was
exit 2.

Each correct program agrees with its spec (exit 0); the real CGSuite 2.2 runs the same program and
prints the values of OEIS A002186 (Kayles), A002187 (Dawson's Kayles, shifted) and A002188
(Grundy's game) from ``tests/takebreak_data.py``, and the misère values the audit judged; the
planted twins differ exactly at the heaps where the tables differ; what cannot be judged is exit 2
with its reason.
"""

from __future__ import annotations

import pytest

from cgs_bridge.model.game import Ruleset
from cgs_bridge.model.loading import load_game
from cgs_bridge.systems.cgsuite.audit.core import audit_cgscript
from cgs_bridge.systems.cgsuite.cgscript.worksheet import run_worksheet
from solvers import Box

import paths
from takebreak_data import DAWSONS_KAYLES, GRUNDYS_GAME, KAYLES

DATA = paths.DATA / "audit" / "takebreak_cgs"


def spec(name):
    return Ruleset(load_game(name), {})


def audit(path, game, **kw):
    return audit_cgscript(str(path), spec(game), **kw)


def check(rep, name):
    return next(c for _, c in rep.checks if c.name == name)


def summaries(rep):
    return [f"{c.name}: {c.verdict}: {c.summary}" for _, c in rep.checks]


#: program, spec, audit options, the values it prints (OEIS tables), as (printed line, values)
PROGRAMS = [
    ("kayles_values.cgs", "kayles", {}, [str(v) for v in KAYLES[:31]]),
    ("dawson_list.cgs", "dawsons_kayles", {"printed": "grundy", "box": Box(("n",), (40,))},
     [str(DAWSONS_KAYLES[:41]).replace(" ", "")]),
    ("grundys_game.cgs", "grundys_game", {"printed": "grundy", "box": Box(("n",), (60,))},
     [str(GRUNDYS_GAME[:61]).replace(" ", "")]),
    ("kayles_sums.cgs", "kayles", {"classes": [str(DATA / "KaylesSums.cgs")]}, [str(KAYLES[:21]).replace(" ", "")]),
]


@pytest.mark.parametrize("name, game, kw, lines", PROGRAMS, ids=[p[0] for p in PROGRAMS])
def test_a_correct_program_agrees(name, game, kw, lines):
    rep = audit(DATA / name, game, **kw)
    assert rep.exit_code == 0, summaries(rep)
    judged = check(rep, "values" if "classes" in kw else "heaps")
    assert judged.verdict == "agree", summaries(rep)
    assert rep.printed["as printed"] == lines   # the interpreter prints the literature's values


def test_the_misere_values_are_judged_against_the_spec():
    rep = audit(DATA / "kayles_misere.cgs", "kayles")
    heaps = check(rep, "heaps")
    assert rep.exit_code == 0 and heaps.verdict == "agree", summaries(rep)
    assert "misère nim value" in heaps.summary and "30 heap values" in heaps.summary


def test_a_class_whose_options_are_sums_is_judged_on_a_box():
    rep = audit(DATA / "KaylesSums.cgs", "kayles", box=Box(("n",), (16,)))
    assert rep.exit_code == 0, summaries(rep)
    assert check(rep, "moves").verdict == "agree" and check(rep, "values").verdict == "agree"


# ---------------------------------------------------------------- planted wrong twins
def test_the_dawson_code_used_for_kayles_differs_at_the_heaps_where_the_tables_differ(tmp_path):
    text = (DATA / "kayles_values.cgs").read_text(encoding="utf-8")
    assert text.count('"0.77"') == 1
    (tmp_path / "twin.cgs").write_text(text.replace('"0.77"', '"0.07"'), encoding="utf-8")
    rep = audit(tmp_path / "twin.cgs", "kayles")
    heaps = check(rep, "heaps")
    assert rep.exit_code == 1 and heaps.verdict == "differ"
    assert {r["position"] for r in heaps.rows} == {f"({n})" for n in range(31) if KAYLES[n] != DAWSONS_KAYLES[n]}
    assert all(r["program"] == DAWSONS_KAYLES[int(r["position"][1:-1])] for r in heaps.rows)


def test_a_sequence_read_one_heap_off_differs(tmp_path):
    """NimValueSequence(m) lists heaps 1..m (CGSuite 2.2): printed as the values of 0..30 it is
    one heap off wherever Kayles' values change."""
    (tmp_path / "seq.cgs").write_text("K := game.heap.Kayles;\nSystem.Print(K.NimValueSequence(31));\n",
                                      encoding="utf-8")
    rep = audit(tmp_path / "seq.cgs", "kayles", printed="grundy", box=Box(("n",), (30,)))
    assert rep.exit_code == 1 and check(rep, "heaps").verdict == "agree"  # each heap's own value is right
    printed = check(rep, "printed")
    assert {r["position"] for r in printed.rows} == {f"({n})" for n in range(31) if KAYLES[n + 1] != KAYLES[n]}


def test_a_class_without_the_one_pin_move_differs(tmp_path):
    """KaylesSums with `k from 2 to 2` is Dawson's Kayles (0.07): its options and values differ."""
    text = (DATA / "KaylesSums.cgs").read_text(encoding="utf-8")
    assert text.count("for k from 1 to 2") == 1
    (tmp_path / "KaylesSums.cgs").write_text(text.replace("for k from 1 to 2", "for k from 2 to 2"), encoding="utf-8")
    rep = audit(tmp_path / "KaylesSums.cgs", "kayles", box=Box(("n",), (16,)))
    values = check(rep, "values")
    assert rep.exit_code == 1 and check(rep, "moves").verdict == "differ"
    assert {r["position"] for r in values.rows} == {f"({n})" for n in range(17) if KAYLES[n] != DAWSONS_KAYLES[n]}


# ---------------------------------------------------------------- what cannot be judged
@pytest.mark.parametrize("text, game, reason", [
    ("K := game.heap.Kayles;\nSystem.Print(K.CheckPeriodicity(100));\n", "kayles",
     "`CheckPeriodicity` of TakeAndBreak(\"0.77\") is not interpreted"),
    ("S := game.heap.TakeAndBreak.FromSubtractionSet([], \"3\");\n", "kayles", "an empty subtraction set"),
    ("K := game.heap.TakeAndBreak(\"1.0\");\nSystem.Print(K(3).NimValue);\n", "kayles", "d0 with bit 0"),
    ("K := game.heap.TakeAndBreak(\"0.7x\");\n", "kayles", "'x' is not a code digit"),
    ("K := game.heap.Kayles;\nD := game.heap.DawsonsKayles;\nSystem.Print([K(n).NimValue + D(n).NimValue "
     "for n from 0 to 5]);\n", "kayles", "values heaps of 2 rulesets"),
    ("K := game.heap.Kayles;\nSystem.Print([K(n).NimValue for n from 0 to 5]);\n", "wythoff",
     "has 2 coordinates"),
    ("K := game.heap.Kayles;\nSystem.Print(K(2) + *1);\n", "kayles", "a sum of a game and a number"),
    ("K := game.heap.Kayles;\nSystem.Print(K(2) == K(2));\n", "kayles", "no operation `==`"),
    ("K := game.heap.Kayles;\nSystem.Print(K(1000000).NimValue);\n", "kayles", "stopped before starting"),
])
def test_what_cannot_be_judged_is_refused_by_name(tmp_path, text, game, reason):
    (tmp_path / "p.cgs").write_text(text, encoding="utf-8")
    rep = audit(tmp_path / "p.cgs", game)
    assert rep.exit_code == 2, summaries(rep)
    failed = [c for _, c in rep.checks if c.verdict == "error"]
    assert failed and reason in failed[0].summary, summaries(rep)
    if failed[0].name == "run":   # a run-time refusal names its line and column
        assert " at 1:" in failed[0].summary or " at 2:" in failed[0].summary


# ---------------------------------------------------------------- the real CGSuite 2.2
def _engine_lines(real_cgsuite, folder, script):
    out = real_cgsuite.run(folder, script)
    assert out.returncode == 0, out.stdout[-1500:] + out.stderr[-1500:]
    return [ln for ln in out.stdout.splitlines() if ln != "Nothing"]  # a worksheet's last value


@pytest.mark.parametrize("name, game, kw, lines", PROGRAMS + [("kayles_misere.cgs", "kayles", {}, None)],
                         ids=[p[0] for p in PROGRAMS] + ["kayles_misere.cgs"])
def test_the_real_cgsuite_prints_what_the_audit_expects(real_cgsuite, tmp_path, name, game, kw, lines):
    """The program itself (and its class) in CGSuite 2.2: the literature's values, and what the
    interpreter printed for the audit (misère: CGSuite's values are the expectation)."""
    for f in (name, "KaylesSums.cgs"):
        (tmp_path / f).write_text((DATA / f).read_text(encoding="utf-8"), encoding="utf-8")
    got = _engine_lines(real_cgsuite, tmp_path, tmp_path / name)
    if lines is not None:
        assert got == lines
    rep = audit(DATA / name, game, **kw)
    assert rep.exit_code == 0 and rep.printed["as printed"] == got, summaries(rep)


#: Expressions whose printed text the interpreter must give as CGSuite 2.2 does.
EXPRESSIONS = [
    'game.heap.TakeAndBreak("0.77")', 'game.heap.GrundysGame', 'g(5)', 'g(6).Options', 'g(0).Options',
    'game.heap.TakeAndBreak("4!.0")(7).Options', 'game.heap.TakeAndBreak("0.07")(5).Options',
    'g.HeapOptions(5)', 'g.NimValueSequence(5)', 'g.HeapNimValue(9)', '0 + g(3)', 'g(2) + g(3)',
    'g(3) + g(3) + g(1)', '(g(2) + g(3)).NimValue', '(g(2) + g(3)).CanonicalForm', 'g(3).CanonicalForm',
    '[g(n).MisereNimValue for n from 0 to 12]', '(g(1) + g(1)).MisereNimValue', '(g(2) + g(3)).MisereNimValue',
    '[game.heap.DawsonsKayles(n).MisereNimValue for n from 0 to 12]', 'game.heap.Nim(5).NimValue',
    '[game.heap.TakeAndBreak("0.[37]")(n).NimValue for n from 0 to 12]', 'game.heap.constants.Kayles',
    'game.heap.Kayles.NimValueSequence(3)', 'g(3).Options.Size', '[n for n from 0 to 20 where g(n).NimValue == 0]',
]


def test_printed_text_is_cgsuites(real_cgsuite, tmp_path):
    text = 'g := game.heap.TakeAndBreak("0.77");\n' + "".join(f"System.Print({e});\n" for e in EXPRESSIONS)
    (tmp_path / "t.cgs").write_text(text, encoding="utf-8")
    got = _engine_lines(real_cgsuite, tmp_path, tmp_path / "t.cgs")
    mine = run_worksheet(text)
    assert mine.error is None and len(got) == len(EXPRESSIONS)
    assert mine.printed == got


@pytest.mark.parametrize("code, exit_code", [("0.77", 0), ("0.07", 1), ("1.0", 2)])
def test_the_command_line_gives_the_exit_codes(tmp_path, capsys, code, exit_code):
    """`cgs-bridge audit prog.cgs --game kayles` (in process, --no-sandbox): 0 for Kayles' code,
    1 for Dawson's, 2 for a code the toolkit cannot play (its reason printed)."""
    from cgs_bridge.cli.main import main
    text = (DATA / "kayles_values.cgs").read_text(encoding="utf-8").replace('"0.77"', f'"{code}"')
    (tmp_path / "k.cgs").write_text(text, encoding="utf-8")
    assert main(["audit", str(tmp_path / "k.cgs"), "--game", "kayles", "--no-sandbox"]) == exit_code
    out = capsys.readouterr().out
    differ = sum(KAYLES[n] != DAWSONS_KAYLES[n] for n in range(31))  # from the OEIS tables
    assert {0: "AGREE: all 31 heap values", 1: f"DIFFER: {differ} of 31 values", 2: "d0 with bit 0"}[exit_code] in out
