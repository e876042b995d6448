"""Variants and subtraction rulesets in CGScript (issue 47): ``Game.ImpartialVariant``,
``TwistedVariant``, ``DicoticVariant`` of program, library and heap games and of rulesets, run as the
jar's ``game/variant/*.cgs`` classes read from the class path at run time (nothing copied);
``game.heap.Subtraction``, ``Splittles``, ``TakeAndBreak.FromSubtractionSet`` (with ``allbut``);
``PartizanSubtraction``, ``PartizanSplittles``, ``PartizanTakeAndBreak`` (the jar's
``PartizanHeapRuleset``), sums of their positions, and the audit of such programs.

Before this change each of these stopped the run (exit 2): "unknown member `ImpartialVariant`",
"`game.heap.Subtraction` is not interpreted", "`Options` of the sum ... is not interpreted".

- 85 expressions print what the real CGSuite 2.2 printed for them (:data:`LINES`, recorded from the
  engine with ``-cp`` holding the jar's ``examples/``; the engine test runs them again, line by line).
- The impartial variant of PartizanSubtraction(L, R) is the subtraction game of L u R (both
  players' options are every player's): its values equal an independent mex recursion over L u R
  for four pairs, normal and misère play, and the program agrees with the spec ``sub124`` of
  {1, 2, 4}; judged against ``sub14`` (Left's set only) it differs exactly where the mex
  recursions of {1, 2, 4} and {1, 4} differ.
- ``game.heap.Subtraction([1, 3, 4])`` agrees with ``sub134``; a twin of {1, 3} differs where the
  mex recursions differ.
- What cannot be judged is exit 2 with its reason: the twisted variant (partizan), a variant without
  CGSuite's library on the class path, an empty subtraction set, a set holding 0.
"""

from __future__ import annotations

import pytest

from cgs_bridge.model.game import Ruleset
from cgs_bridge.model.loading import load_game
from cgs_bridge.systems.cgsuite.audit.core import audit_cgscript

import cgsuite_jar
from cgsuite_jar import check, mex, run_lines, summaries
import paths

DATA = paths.DATA / "audit" / "variant"
EXAMPLES = "org/cgsuite/lang/examples/"


@pytest.fixture
def examples(shared, tmp_path):
    """A second class-path folder with the jar's examples (``ex/examples/PartizanSubtraction.cgs``;
    apart from the library, whose ``game.heap.PartizanSubtraction`` has the same name)."""
    return cgsuite_jar.extract(shared, tmp_path / "ex" / "examples", EXAMPLES).parent


def audit(program, game, *class_path, **kw):
    return audit_cgscript(str(program), Ruleset(load_game(str(DATA / f"{game}.game")), {}),
                          class_path=[str(d) for d in class_path if d is not None], **kw)


def subtraction(s, top: int, misere: bool = False) -> list:
    """Grundy (or misère Grundy: 1 at a heap without moves) values of heaps 0..top of the
    subtraction game of ``s`` (Winning Ways ch. 4, ch. 13), by the mex recursion."""
    g = []
    for n in range(top + 1):
        opts = {g[n - k] for k in s if k <= n}
        g.append(1 if misere and not opts else mex(opts))
    return g


def row(values) -> str:
    return "[" + ",".join(map(str, values)) + "]"


#: Assignments before the printed expressions (as CGSuite 2.2 ran them).
PRELUDE = """K := game.heap.Kayles;
P := game.heap.PartizanSubtraction([1,3],[2,3]);
T := game.heap.PartizanTakeAndBreak("0.77", "0.07");
E := examples.PartizanSubtraction([1,3],[2,3]);
"""
#: (expression, what the real CGSuite 2.2 printed for ``System.Print(expression)``)
LINES = [
    ('game.heap.Subtraction([1,3,4])',
     'TakeAndBreak("0.3033")'),
    ('game.heap.Subtraction([1,3,4]).HeapOptions(5)',
     '[[4],[2],[1]]'),
    ('game.heap.Subtraction([1,3,4]).NimValueSequence(12)',
     '[1,0,1,2,3,2,0,1,0,1,2,3]'),
    ('game.heap.Subtraction([1,3,4])(5).Options',
     '[TakeAndBreak.Position(4),TakeAndBreak.Position(2),TakeAndBreak.Position(1)]'),
    ('game.heap.Subtraction([1,3], true)',
     'TakeAndBreak("0.030[3]")'),
    ('game.heap.Subtraction([1,3], true).HeapOptions(5)',
     '[[3],[1],[]]'),
    ('game.heap.Subtraction([1,3], true).NimValueSequence(12)',
     '[0,1,1,2,2,3,3,4,4,5,5,6]'),
    ('game.heap.Subtraction([2], allbut => true)',
     'TakeAndBreak("0.30[3]")'),
    ('game.heap.Subtraction(1..3)',
     'TakeAndBreak("0.333")'),
    ('game.heap.Splittles([1,3])',
     'TakeAndBreak("0.707")'),
    ('game.heap.Splittles([1,3]).HeapOptions(5)',
     '[[4],[1,3],[2,2],[2],[1,1]]'),
    ('game.heap.Splittles([1,3]).NimValueSequence(12)',
     '[1,0,1,0,1,0,1,0,1,0,1,0]'),
    ('game.heap.Splittles([2,3], true)',
     'TakeAndBreak("0.700[7]")'),
    ('game.heap.Splittles([2,3], true).HeapOptions(6)',
     '[[5],[1,4],[2,3],[2],[1,1],[1],[]]'),
    ('game.heap.Splittles([1,2,3], true).HeapOptions(5)',
     '[[1],[]]'),
    ('game.heap.TakeAndBreak.FromSubtractionSet([2,5], "1", false)',
     'TakeAndBreak("0.01001")'),
    ('game.heap.TakeAndBreak.FromSubtractionSet([2,5], "1", false).HeapOptions(7)',
     '[]'),
    ('game.heap.TakeAndBreak.FromSubtractionSet({5,2})',
     'TakeAndBreak("0.03003")'),
    ('game.heap.TakeAndBreak.FromSubtractionSet([3,1])',
     'TakeAndBreak("0.303")'),
    ('game.heap.TakeAndBreak.FromSubtractionSet([1,3], "7", true)',
     'TakeAndBreak("0.070[7]")'),
    ('game.heap.TakeAndBreak.FromSubtractionSet([1,3], "2", true)',
     'TakeAndBreak("0.020[2]")'),
    ('game.heap.Subtraction([1,3,4]).ImpartialVariant',
     'ImpartialVariantRuleset(TakeAndBreak("0.3033"))'),
    ('game.heap.Subtraction([1,3,4]).ImpartialVariant(6).NimValue',
     '2'),
    ('P',
     'PartizanHeapRuleset(TakeAndBreak("0.303"), TakeAndBreak("0.033"))'),
    ('P(5)',
     'PartizanHeapRuleset.Position(5)'),
    ('P(5).LeftOptions',
     '[PartizanHeapRuleset.Position(4),PartizanHeapRuleset.Position(2)]'),
    ('P(5).RightOptions',
     '[PartizanHeapRuleset.Position(3),PartizanHeapRuleset.Position(2)]'),
    ('P(5).Options',
     '[PartizanHeapRuleset.Position(4),PartizanHeapRuleset.Position(2),PartizanHeapRuleset.Position(3),PartizanHeapRuleset.Position(2)]'),
    ('P(5).Decomposition',
     '[PartizanHeapRuleset.Position(5)]'),
    ('P(5).ImpartialVariant',
     'ImpartialVariantGame(PartizanHeapRuleset.Position(5))'),
    ('P(5).ImpartialVariant.Options',
     '[ImpartialVariantGame(PartizanHeapRuleset.Position(4)),ImpartialVariantGame(PartizanHeapRuleset.Position(2)),ImpartialVariantGame(PartizanHeapRuleset.Position(3)),ImpartialVariantGame(PartizanHeapRuleset.Position(2))]'),
    ('P(5).ImpartialVariant.NimValue',
     '1'),
    ('P(5).ImpartialVariant.Decomposition',
     '[ImpartialVariantGame(PartizanHeapRuleset.Position(5))]'),
    ('P.ImpartialVariant',
     'ImpartialVariantRuleset(PartizanHeapRuleset(TakeAndBreak("0.303"), TakeAndBreak("0.033")))'),
    ('P.ImpartialVariant(5)',
     'ImpartialVariantGame(PartizanHeapRuleset.Position(5))'),
    ('[P(n).ImpartialVariant.NimValue for n from 0 to 15]',
     '[0,1,2,3,0,1,2,3,0,1,2,3,0,1,2,3]'),
    ('[P(n).ImpartialVariant.MisereNimValue for n from 0 to 15]',
     '[1,0,2,3,1,0,2,3,1,0,2,3,1,0,2,3]'),
    ('[game.heap.PartizanSubtraction([1,4],[2,4])(n).ImpartialVariant.NimValue for n from 0 to 20]',
     '[0,1,2,0,1,2,0,1,2,0,1,2,0,1,2,0,1,2,0,1,2]'),
    ('[game.heap.PartizanSubtraction([1,4],[2,4])(n).ImpartialVariant.MisereNimValue for n from 0 to 20]',
     '[1,0,2,1,0,2,1,0,2,1,0,2,1,0,2,1,0,2,1,0,2]'),
    ('[game.heap.PartizanSubtraction([2,5],[3])(n).ImpartialVariant.NimValue for n from 0 to 20]',
     '[0,0,1,1,2,2,3,0,0,1,1,2,2,3,0,0,1,1,2,2,3]'),
    ('[game.heap.PartizanSubtraction([2,5],[3])(n).ImpartialVariant.MisereNimValue for n from 0 to 20]',
     '[1,1,0,0,2,2,3,1,1,0,0,2,2,3,1,1,0,0,2,2,3]'),
    ('[game.heap.PartizanSubtraction([1],[2,3,7])(n).ImpartialVariant.NimValue for n from 0 to 20]',
     '[0,1,2,3,0,1,2,3,0,1,2,3,0,1,2,3,0,1,2,3,0]'),
    ('[game.heap.PartizanSubtraction([1],[2,3,7])(n).ImpartialVariant.MisereNimValue for n from 0 to 20]',
     '[1,0,2,3,1,0,2,3,1,0,2,3,1,0,2,3,1,0,2,3,1]'),
    ('[game.heap.PartizanSubtraction([1],[3], true)(n).ImpartialVariant.NimValue for n from 0 to 20]',
     '[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20]'),
    ('[game.heap.PartizanSplittles([1],[2])(n).ImpartialVariant.NimValue for n from 0 to 12]',
     '[0,1,2,3,1,4,3,2,1,4,2,6,4]'),
    ('P(5).TwistedVariant',
     'TwistedVariantGame(PartizanHeapRuleset.Position(5))'),
    ('P(5).TwistedVariant.Options(Left)',
     '[-TwistedVariantGame(PartizanHeapRuleset.Position(4)),-TwistedVariantGame(PartizanHeapRuleset.Position(2))]'),
    ('P(5).TwistedVariant.Options(Right)',
     '[-TwistedVariantGame(PartizanHeapRuleset.Position(3)),-TwistedVariantGame(PartizanHeapRuleset.Position(2))]'),
    ('P(5).DicoticVariant.Options(Left)',
     '[DicoticVariantGame(PartizanHeapRuleset.Position(4)),DicoticVariantGame(PartizanHeapRuleset.Position(2))]'),
    ('P(0).DicoticVariant.Options(Left)',
     '[]'),
    ('T',
     'PartizanHeapRuleset(TakeAndBreak("0.77"), TakeAndBreak("0.07"))'),
    ('T(5).LeftOptions',
     '[PartizanHeapRuleset.Position(4),PartizanHeapRuleset.Position(1) + PartizanHeapRuleset.Position(3),PartizanHeapRuleset.Position(2) + PartizanHeapRuleset.Position(2),PartizanHeapRuleset.Position(3),PartizanHeapRuleset.Position(1) + PartizanHeapRuleset.Position(2)]'),
    ('T(5).RightOptions',
     '[PartizanHeapRuleset.Position(3),PartizanHeapRuleset.Position(1) + PartizanHeapRuleset.Position(2)]'),
    ('T(5).ImpartialVariant.Options',
     '[ImpartialVariantGame(PartizanHeapRuleset.Position(4)),ImpartialVariantGame(PartizanHeapRuleset.Position(1) + PartizanHeapRuleset.Position(3)),ImpartialVariantGame(PartizanHeapRuleset.Position(2) + PartizanHeapRuleset.Position(2)),ImpartialVariantGame(PartizanHeapRuleset.Position(3)),ImpartialVariantGame(PartizanHeapRuleset.Position(1) + PartizanHeapRuleset.Position(2)),ImpartialVariantGame(PartizanHeapRuleset.Position(3)),ImpartialVariantGame(PartizanHeapRuleset.Position(1) + PartizanHeapRuleset.Position(2))]'),
    ('T(5).ImpartialVariant.Options[3].Decomposition',
     '[ImpartialVariantGame(PartizanHeapRuleset.Position(2) + PartizanHeapRuleset.Position(2))]'),
    ('[T(n).ImpartialVariant.NimValue for n from 0 to 12]',
     '[0,1,2,3,1,4,3,2,1,4,2,6,4]'),
    ('T(2) + T(3)',
     'PartizanHeapRuleset.Position(2) + PartizanHeapRuleset.Position(3)'),
    ('(T(2) + T(3)).Decomposition',
     '[PartizanHeapRuleset.Position(2) + PartizanHeapRuleset.Position(3)]'),
    ('(T(2) + T(3)).LeftOptions',
     '[PartizanHeapRuleset.Position(1) + PartizanHeapRuleset.Position(3),0 + PartizanHeapRuleset.Position(3),PartizanHeapRuleset.Position(2) + PartizanHeapRuleset.Position(2),PartizanHeapRuleset.Position(2) + PartizanHeapRuleset.Position(1) + PartizanHeapRuleset.Position(1),PartizanHeapRuleset.Position(2) + PartizanHeapRuleset.Position(1)]'),
    ('(T(2) + T(3)).ImpartialVariant.Options',
     '[ImpartialVariantGame(PartizanHeapRuleset.Position(1) + PartizanHeapRuleset.Position(3)),ImpartialVariantGame(0 + PartizanHeapRuleset.Position(3)),ImpartialVariantGame(PartizanHeapRuleset.Position(2) + PartizanHeapRuleset.Position(2)),ImpartialVariantGame(PartizanHeapRuleset.Position(2) + PartizanHeapRuleset.Position(1) + PartizanHeapRuleset.Position(1)),ImpartialVariantGame(PartizanHeapRuleset.Position(2) + PartizanHeapRuleset.Position(1)),ImpartialVariantGame(0 + PartizanHeapRuleset.Position(3)),ImpartialVariantGame(PartizanHeapRuleset.Position(2) + PartizanHeapRuleset.Position(1))]'),
    ('(T(2) + T(3)).ImpartialVariant.NimValue',
     '1'),
    ('(K(1) + K(2)).Options',
     '[0 + TakeAndBreak.Position(2),TakeAndBreak.Position(1) + TakeAndBreak.Position(1),TakeAndBreak.Position(1) + 0]'),
    ('(K(1) + K(2)).LeftOptions',
     '[0 + TakeAndBreak.Position(2),TakeAndBreak.Position(1) + TakeAndBreak.Position(1),TakeAndBreak.Position(1) + 0]'),
    ('(K(1) + K(2)).Decomposition',
     '[TakeAndBreak.Position(1) + TakeAndBreak.Position(2)]'),
    ('(K(2) + K(3)).ImpartialVariant.NimValue',
     '1'),
    ('K(3).ImpartialVariant.Options',
     '[ImpartialVariantGame(TakeAndBreak.Position(2)),ImpartialVariantGame(TakeAndBreak.Position(1) + TakeAndBreak.Position(1)),ImpartialVariantGame(TakeAndBreak.Position(1)),ImpartialVariantGame(TakeAndBreak.Position(2)),ImpartialVariantGame(TakeAndBreak.Position(1) + TakeAndBreak.Position(1)),ImpartialVariantGame(TakeAndBreak.Position(1))]'),
    ('K(3).Options(Right)',
     '[TakeAndBreak.Position(2),TakeAndBreak.Position(1) + TakeAndBreak.Position(1),TakeAndBreak.Position(1)]'),
    ('K(3).Decomposition',
     '[TakeAndBreak.Position(3)]'),
    ('K.ImpartialVariant(4).NimValue',
     '1'),
    ('Sum([K(1), K(2), K(3)])',
     'TakeAndBreak.Position(1) + TakeAndBreak.Position(2) + TakeAndBreak.Position(3)'),
    ('Sum([K(1)])',
     'TakeAndBreak.Position(1)'),
    ('Sum([1, 2])',
     '3'),
    ('E',
     'PartizanSubtraction([1,3], [2,3])'),
    ('E(5).ImpartialVariant',
     'ImpartialVariantGame(PartizanSubtraction.Position(5))'),
    ('E(5).LeftOptions',
     '[PartizanSubtraction.Position(4),PartizanSubtraction.Position(2)]'),
    ('E(5).Options',
     '[PartizanSubtraction.Position(4),PartizanSubtraction.Position(2),PartizanSubtraction.Position(3),PartizanSubtraction.Position(2)]'),
    ('E.ImpartialVariant',
     'ImpartialVariantRuleset(PartizanSubtraction([1,3], [2,3]))'),
    ('[E.ImpartialVariant(n).NimValue for n from 0 to 15]',
     '[0,1,2,3,0,1,2,3,0,1,2,3,0,1,2,3]'),
    ('E(5).TwistedVariant.Options(Left)',
     '[-TwistedVariantGame(PartizanSubtraction.Position(4)),-TwistedVariantGame(PartizanSubtraction.Position(2))]'),
    ('E(5).DicoticVariant.Options(Left)',
     '[DicoticVariantGame(PartizanSubtraction.Position(4)),DicoticVariantGame(PartizanSubtraction.Position(2))]'),
    ('[K(n).TwistedVariant.CanonicalForm for n from 0 to 8]',
     '[0,*,*2,*3,*,*4,*3,*2,*]'),
    ('K(3).TwistedVariant.Options(Left)',
     '[-TwistedVariantGame(TakeAndBreak.Position(2)),-TwistedVariantGame(TakeAndBreak.Position(1) + TakeAndBreak.Position(1)),-TwistedVariantGame(TakeAndBreak.Position(1))]'),
    ('[game.heap.Subtraction([1,2])(n).DicoticVariant.CanonicalForm for n from 0 to 8]',
     '[0,*,*2,0,*,*2,0,*,*2]'),
    ('-K(2)',
     'TakeAndBreak.Position(2)'),
    ('(-K(2)).LeftOptions',
     '[TakeAndBreak.Position(1),0]'),
]


def lines_script(tmp_path):
    (tmp_path / "run").mkdir(exist_ok=True)
    path = tmp_path / "run" / "variants.cgs"
    path.write_text(PRELUDE + "".join(f"System.Print({e});\n" for e, _ in LINES), encoding="utf-8")
    return path


def test_the_expressions_print_what_cgsuite_prints(library, examples, tmp_path):
    assert run_lines(lines_script(tmp_path), library, examples) == [line for _, line in LINES]


def test_the_real_cgsuite_prints_the_same_lines(shared, real_cgsuite, tmp_path):
    cgsuite_jar.extract(shared, tmp_path / "run" / "examples", EXAMPLES)   # examples only: game/ is CGSuite's
    out = real_cgsuite.run(tmp_path / "run", lines_script(tmp_path))
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout.splitlines() == [line for _, line in LINES]


#: (left set, right set, allbut) of the partizan pairs whose variants' values LINES holds: normal
#: and misère values of heaps 0..20 (0..15 for the first)
PAIRS = [([1, 3], [2, 3], False), ([1, 4], [2, 4], False), ([2, 5], [3], False), ([1], [2, 3, 7], False),
         ([1], [3], True)]


def _printed(expr: str) -> str:
    return next(line for e, line in LINES if e == expr)


@pytest.mark.parametrize("left, right, allbut", PAIRS)
def test_the_impartial_variant_is_the_subtraction_game_of_the_union(left, right, allbut):
    """What CGSuite printed for the variant equals the mex recursion over L u R (normal and misère)."""
    top = 15 if (left, right) == ([1, 3], [2, 3]) else 20
    union = set(left) | set(right)
    if allbut:   # all but L, all but R: every k up to top outside L n R
        union = {k for k in range(1, top + 1) if k not in set(left) & set(right)}
    if (left, right) == ([1, 3], [2, 3]):
        normal = _printed("[P(n).ImpartialVariant.NimValue for n from 0 to 15]")
        misere = _printed("[P(n).ImpartialVariant.MisereNimValue for n from 0 to 15]")
    else:
        call = f"game.heap.PartizanSubtraction({row(left)},{row(right)}{', true' if allbut else ''})(n)"
        normal = _printed(f"[{call}.ImpartialVariant.NimValue for n from 0 to 20]")
        misere = None if allbut else _printed(f"[{call}.ImpartialVariant.MisereNimValue for n from 0 to 20]")
    assert normal == row(subtraction(union, top))
    if misere is not None:
        assert misere == row(subtraction(union, top, misere=True))


def test_subtraction_and_splittles_codes_follow_the_subtraction_set():
    """HeapOptions of Subtraction(S) are the heaps n - k (k in S, in increasing k), and allbut
    takes the complement: checked here against LINES, which CGSuite printed."""
    assert _printed("game.heap.Subtraction([1,3,4]).HeapOptions(5)") == row([row([5 - k]) for k in (1, 3, 4)])
    assert _printed("game.heap.Subtraction([1,3], true).HeapOptions(5)") == row(
        [row([5 - k] if k < 5 else []) for k in (2, 4, 5)])
    assert _printed("game.heap.Subtraction([1,3,4]).NimValueSequence(12)") == row(subtraction({1, 3, 4}, 12)[1:])
    assert _printed("game.heap.Subtraction([1,3], true).NimValueSequence(12)") == row(
        subtraction({k for k in range(1, 13) if k not in (1, 3)}, 12)[1:])


# ---------------------------------------------------------------- the audit
@pytest.mark.parametrize("program", ["partizan_subtraction_iv.cgs", "example_iv.cgs"])
def test_the_variant_of_a_partizan_subtraction_agrees_with_the_union_spec(library, examples, program):
    from solvers import Box
    ex = examples if program.startswith("example") else None
    rep = audit(DATA / program, "sub124", library, ex, printed="grundy", box=Box(("x",), (20,)))
    assert rep.exit_code == 0, summaries(rep)
    assert check(rep, "heaps").verdict == "agree" and check(rep, "printed").verdict == "agree", summaries(rep)
    assert "21 heap values of ImpartialVariant of" in check(rep, "heaps").summary
    assert rep.printed["as printed"] == [row(subtraction({1, 2, 4}, 20))]


@pytest.mark.parametrize("program", ["partizan_subtraction_iv.cgs", "example_iv.cgs"])
def test_against_left_s_set_only_it_differs_where_the_mex_recursions_differ(library, examples, program):
    rep = audit(DATA / program, "sub14", library, examples if program.startswith("example") else None)
    heaps = check(rep, "heaps")
    assert rep.exit_code == 1 and heaps.verdict == "differ", summaries(rep)
    union, left = subtraction({1, 2, 4}, 20), subtraction({1, 4}, 20)
    assert {r["position"] for r in heaps.rows} == {f"({n})" for n in range(21) if union[n] != left[n]}


def test_misere_values_of_the_variant_are_judged(library):
    rep = audit(DATA / "partizan_subtraction_iv_misere.cgs", "sub124", library)
    heaps = check(rep, "heaps")
    assert rep.exit_code == 0 and heaps.verdict == "agree" and "misère" in heaps.summary, summaries(rep)
    twin = check(audit(DATA / "partizan_subtraction_iv_misere.cgs", "sub14", library), "heaps")
    union, left = subtraction({1, 2, 4}, 20, True), subtraction({1, 4}, 20, True)
    assert twin.verdict == "differ"
    assert {r["position"] for r in twin.rows} == {f"({n})" for n in range(21) if union[n] != left[n]}


def test_a_subtraction_program_agrees_and_its_twin_differs(library, tmp_path):
    rep = audit(DATA / "subtraction134.cgs", "sub134")
    assert rep.exit_code == 0 and check(rep, "heaps").verdict == "agree", summaries(rep)
    text = (DATA / "subtraction134.cgs").read_text(encoding="utf-8")
    assert text.count("[1, 3, 4]") == 1
    (tmp_path / "twin.cgs").write_text(text.replace("[1, 3, 4]", "[1, 3]"), encoding="utf-8")
    twin = audit(tmp_path / "twin.cgs", "sub134")
    want, got = subtraction({1, 3, 4}, 20), subtraction({1, 3}, 20)
    assert twin.exit_code == 1
    assert {r["position"] for r in check(twin, "heaps").rows} == {f"({n})" for n in range(21) if want[n] != got[n]}


@pytest.mark.parametrize("text, needs_library, reason", [
    (("P := game.heap.PartizanSubtraction([1, 4], [2, 4]);\nSystem.Print([P(n).TwistedVariant.CanonicalForm "
      "for n from 0 to 8]);\n"), True, "partizan: TwistedVariantGame(PartizanHeapRuleset.Position(1)) has Left options"),
    ("P := game.heap.PartizanSubtraction([1, 4], [2, 4]);\nSystem.Print(P(3).DicoticVariant.CanonicalForm);\n",
     True, "partizan: DicoticVariantGame(PartizanHeapRuleset.Position(3))"),
    ("P := game.heap.PartizanSubtraction([1, 4], [2, 4]);\nSystem.Print(P(3).NimValue);\n", True,
     "`NimValue` (in an object of class `Position`"),
    ("K := game.heap.Kayles;\nSystem.Print(K(2).TwistedVariant.DicoticVariant.CanonicalForm);\n", True,
     "has no `Options` in CGScript"),   # CGSuite 2.2 stops there too ("must implement the `Options` method")
    ("S := game.heap.Subtraction([1, 2]);\nSystem.Print(S(3).ImpartialVariant.NimValue);\n", False,
     "game/variant/ImpartialVariantGame.cgs, which is not on the class path"),
    ("P := game.heap.PartizanSubtraction([1, 4], [2, 4]);\n", False,
     "game/heap/PartizanHeapRuleset.cgs, which is not on the class path"),
    ("S := game.heap.Subtraction([]);\n", False, "an empty subtraction set"),
    ("S := game.heap.Subtraction([0, 2]);\n", False, "a subtraction set holding 0"),
    ("S := game.heap.Subtraction([1/2]);\n", False, "must be a set of `Integer`s"),
])
def test_what_cannot_be_judged_is_refused_with_its_reason(library, tmp_path, text, needs_library, reason):
    (tmp_path / "p.cgs").write_text(text, encoding="utf-8")
    rep = audit(tmp_path / "p.cgs", "sub124", library if needs_library else None)
    assert rep.exit_code == 2, summaries(rep)
    failed = [c for _, c in rep.checks if c.verdict == "error"]
    assert failed and reason in failed[0].summary, summaries(rep)
    assert (" at 2:" in failed[0].summary or " at 1:" in failed[0].summary
            or "at game/variant/DicoticVariantGame.cgs:" in failed[0].summary)   # where it stopped: that file


def test_the_variant_of_partizan_take_and_break_is_the_union_of_the_codes(library):
    """0.07's moves (take two, maybe split) are among 0.77's, so the impartial variant of
    PartizanTakeAndBreak("0.77", "0.07") is Kayles (OEIS A002186): what CGSuite printed, and the
    audit against the catalog's kayles (agree) and dawsons_kayles (differ where the tables do)."""
    from takebreak_data import DAWSONS_KAYLES, KAYLES
    assert _printed("[T(n).ImpartialVariant.NimValue for n from 0 to 12]") == row(KAYLES[:13])
    program = DATA / "partizan_takebreak_iv.cgs"
    rep = audit_cgscript(str(program), Ruleset(load_game("kayles"), {}), class_path=[str(library)])
    assert rep.exit_code == 0 and check(rep, "heaps").verdict == "agree", summaries(rep)
    assert rep.printed["as printed"] == [row(KAYLES[:25])]
    twin = audit_cgscript(str(program), Ruleset(load_game("dawsons_kayles"), {}), class_path=[str(library)])
    assert twin.exit_code == 1
    assert {r["position"] for r in check(twin, "heaps").rows} == {
        f"({n})" for n in range(25) if KAYLES[n] != DAWSONS_KAYLES[n]}


def test_a_program_that_compares_nothing_is_not_an_agree(library, tmp_path):
    """Before: a script that printed a number and valued no position was exit 0 (no check failed).
    Now the check `judged` says nothing was compared (exit 2); with the variant's values it agrees."""
    (tmp_path / "p.cgs").write_text("S := game.heap.Subtraction([1, 2, 4]);\nSystem.Print(S);\n", encoding="utf-8")
    rep = audit(tmp_path / "p.cgs", "sub124")
    assert rep.exit_code == 2 and "nothing the program computed or printed was compared" in check(rep, "judged").summary
    assert rep.checks[-1][1].name == "judged"
    assert all(c.name != "judged" for _, c in audit(DATA / "partizan_subtraction_iv.cgs", "sub124", library).checks)
