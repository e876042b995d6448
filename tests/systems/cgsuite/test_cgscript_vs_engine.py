"""The product's CGScript interpreter against the real CGSuite 2.2 (issue 18 item 2).

Hypothesis generates expressions and small programs (fixed seed: ``derandomize=True``); all of
them, and the targeted checks below, run in ONE CGSuite REPL (one JVM, ~10 s) and in the
interpreter (:func:`cgs_bridge.systems.cgsuite.cgscript.worksheet.run_worksheet`, dialect 2.x); what each
printed is compared line by line, and a run that stops with an error must stop on both sides.
Expected values are the real engine's output; the only tolerated differences are the documented
limits of docs/cgscript.md, each asserted here by name.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from cgs_bridge.systems.cgsuite.cgscript.parse import CGScriptError, parse_program
from cgs_bridge.systems.cgsuite.cgscript.worksheet import run_worksheet

import cgscript_gen as G
import paths
from cgsuite_batch import engine_or_skip, run_batch

N_EXPRESSIONS = 200
N_PROGRAMS = 120
N_EXTRAS = 80  # nimbers, powers with negative exponents, strings

# (snippet, what CGSuite 2.2 prints or the start of its error message ("!" prefix))
TARGETED = [
    ("System.Print(7.Div(-2)); System.Print((-7).Div(2)); System.Print(7 % -2);", ["-3", "-3", "1"]),
    ("System.Print((-7/2).Floor); System.Print((7/2).Ceiling);", ["-4", "4"]),
    ("System.Print(Min([3, 1, 2])); System.Print(Max([1/2, 1/3]));", ["1", "1/2"]),
    ("System.Print(8.Lb); System.Print(9.Lb); System.Print(1.Lb);", ["3", "3", "0"]),
    ("System.Print((-5).Lb);", "!Argument to Lb is not strictly positive"),
    ("System.Print(Min(3, 1));", "!"),
    ("System.Print(3 NimSum 5); System.Print(6.NimSum(3));", ["6", "5"]),
    ("System.Print(0 NimSum -1);", "!NimSum applies only to nonnegative integers."),
    ("System.Print((-3).NimSum(2));", "!NimSum applies only to nonnegative integers."),
    ("x1 := 2; y1 := 3; System.Print(*x1 + *y1);", "!Not a method or member variable: `x1`"),
    ("x1 := 2; y1 := 3; System.Print(*(x1) + *(y1)); System.Print([*x1, *y1]);", ["*", "[*2,*3]"]),
    ("a := 2; System.Print(*a.NimValue); System.Print(-*a);", ["2", "*2"]),
    ("System.Print(2^3^2); System.Print(-2^2); System.Print(2^(-1));", ["512", "-4", "1/2"]),
    ("System.Print(2^-1);", "!Syntax error."),
    ("System.Print(1 == 1 == true);", ["false"]),
    ("System.Print(1 < 2 < 3);", "!"),
    ('System.Print("ab"); System.Print(["a", 1]);', ['"ab"', '["a",1]']),
    ('System.Print("a" + 3);', "!"),
    ("System.Print(1..4); System.Print([t for t in 1..4]);", ["1..4", "[1,2,3,4]"]),
    ("l := MutableList(); l.Add(3); l.Add(1); System.Print(l); System.Print(l.Size);", ["MutableList(3, 1)", "2"]),
    ("l := [3]; l.Add(1);", "!Not a method or member variable: `Add`"),
    ("System.Print({[1], [0, 0], 2, *3, true});", ["{2,*3,true,[0,0],[1]}"]),
    ("System.Print(if false then 1 end); System.Print(begin var z := 3; z * 2 end);", ["Nothing", "6"]),
    ("g := (a, b) -> a * b; System.Print(g(6, 7));", ["42"]),
    ("System.Print(for i from 1 to 3 for j from 1 to 2 where j < i yield [i, j] end);", ["[[2,1],[3,1],[3,2]]"]),
    ("x := for i in [3, 1] yield if i == 3 then 5 else i end end; System.Print(x);", ["[5,1]"]),
    ("f := t -> begin return t end; System.Print(f(1));", "!"),
    ("System.Print(ChocPlayer(2, 1, 1, 3).CanonicalForm);", ["*4"]),
    ("System.Print(ChocYield(2, 1, 1, 3).NimValue);", ["4"]),
    ("System.Print(ChocPlayer(2, 1, 1, 3).NimValue);", "!Not a method or member variable: `NimValue`"),
    # issue 47: constructs of CGSuite's own library (GenFoxAndGeese, GenHackenbush)
    ("System.Print([if x % 2 == 0 then x else 0 end for x from 1 to 5]);", ["[0,2,0,4,0]"]),
    ("System.Print(for x from 1 to 4 for y := x * x where y > 4 yield y end);", ["[9,16]"]),
]

# documented limits (docs/cgscript.md): (snippet, CGSuite prints, the interpreter's error contains)
LIMITS = [
    ("System.Print(1/0);", ["inf"], "division by zero"),
    ("System.Print(1 + *3);", ["1*3"], "unsupported game sum"),
    ("System.Print({0|0}); System.Print({0, *|0, *});", ["*", "*2"], "a game literal `{L | R}` is read but not interpreted"),
]
PROCEDURE_TEXT = ("f := t -> t + 1; System.Print(f);", ["t -> t + 1"], ["t -> ..."])

RETURN_CLASS = """class RetDemo(n) extends Ruleset
  def F(t) begin
    return t + n;
  end
end
"""


def _sample(strategy, n):
    out = []

    @settings(max_examples=n, derandomize=True, phases=[Phase.generate], database=None, deadline=None)
    @given(strategy)
    def collect(x):
        out.append(x)

    collect()
    return out


@pytest.fixture(scope="module")
def batch(tmp_path_factory):
    """One REPL run of every snippet: ``{snippet: Outcome}``."""
    home = engine_or_skip()
    exprs = [f"System.Print({e});" for e in _sample(G.expressions(), N_EXPRESSIONS)]
    exprs += [f"System.Print({e});" for e in _sample(st.one_of(G.nimbers(2), G.powers(), G.strings()), N_EXTRAS)]
    progs = _sample(G.programs(), N_PROGRAMS)
    folder = tmp_path_factory.mktemp("classes")
    (folder / "RetDemo.cgs").write_text(RETURN_CLASS)
    for name in ("ChocYield", "ChocPlayer"):
        (folder / f"{name}.cgs").write_text((STYLES / f"{name}.cgs").read_text())
    snippets = list(dict.fromkeys(exprs + progs + [s for s, _ in TARGETED] + [s for s, _, _ in LIMITS]
                                  + [PROCEDURE_TEXT[0], "System.Print(RetDemo(1).F(2));"] + style_snippets()))
    outcomes = run_batch(home, snippets, classpath=folder)
    return {"exprs": exprs, "progs": progs, "out": dict(zip(snippets, outcomes))}


STYLES = paths.DATA / "cgscript_styles"
PLAYER_TABLE = "System.Print([ChocPlayer(x, 1, z, 3).CanonicalForm for x from 0 to 3 for z from 2 to 4]);"


def one_line(path: Path) -> str:
    """A style script as one REPL line (its comment lines dropped)."""
    return " ".join(ln.strip() for ln in path.read_text().splitlines() if ln.strip() and not ln.lstrip().startswith("//"))


def style_snippets() -> list:
    return [one_line(STYLES / "count_p.cgs"), one_line(STYLES / "list_p.cgs"), PLAYER_TABLE]


def style_classes() -> list:
    from cgs_bridge.systems.cgsuite.audit.core import load_source
    return [c for n in ("ChocYield", "ChocPlayer") for c in load_source(str(STYLES / f"{n}.cgs")).program.classes]


def test_style_programs_agree_with_cgsuite_and_the_mex_recursion(batch):
    """The style classes and scripts of test_cgscript_styles.py in the real CGSuite."""
    from test_cgscript_styles import mex_grundy
    classes = style_classes()
    g3 = mex_grundy(3)
    box = [(x, y, z) for x in range(7) for z in range(7) for y in range((x + z) // 3 + 1)]
    nimber = {0: "0", 1: "*"}
    want = {style_snippets()[0]: [str(sum(g3(*p) == 0 for p in box)), str(len(box))],
            PLAYER_TABLE: ["[" + ",".join(nimber.get(g3(x, 1, z), f"*{g3(x, 1, z)}")
                                          for x in range(4) for z in range(2, 5)) + "]"]}
    for s in style_snippets():
        real, ours = batch["out"][s], run_worksheet(s, classes=classes)
        assert real.error is None and real.lines == ours.printed and ours.error is None, (s, real, ours)
        if s in want:
            assert real.lines == want[s]


def _disagreements(batch, snippets):
    bad = []
    for s in snippets:
        real, ours = batch["out"][s], run_worksheet(s)
        if (real.error is None) != (ours.error is None) or real.lines != ours.printed:
            if real.error is None and ours.error and "division by zero" in ours.error:
                continue  # documented limit: CGSuite's `inf` (asserted in test_documented_limits)
            bad.append(f"{s}\n  CGSuite: {real.lines} {real.error or ''}\n  ours   : {ours.printed} {ours.error or ''}")
    return bad


def test_generated_expressions_agree_with_cgsuite(batch):
    bad = _disagreements(batch, batch["exprs"])
    assert not bad, f"{len(bad)} of {len(batch['exprs'])} disagree:\n" + "\n".join(bad[:10])
    assert len(batch["exprs"]) == N_EXPRESSIONS + N_EXTRAS
    ran = sum(batch["out"][s].error is None for s in batch["exprs"])
    assert ran > (N_EXPRESSIONS + N_EXTRAS) // 2  # most generated expressions evaluate (not only errors)


def test_generated_programs_agree_with_cgsuite(batch):
    bad = _disagreements(batch, batch["progs"])
    assert not bad, f"{len(bad)} of {len(batch['progs'])} disagree:\n" + "\n".join(bad[:10])
    assert sum(batch["out"][s].error is None for s in batch["progs"]) > N_PROGRAMS // 2


@pytest.mark.parametrize("snippet,want", TARGETED, ids=[f"t{k}" for k in range(len(TARGETED))])
def test_targeted_behaviour_of_cgsuite_and_ours(batch, snippet, want):
    real, ours = batch["out"][snippet], run_worksheet(snippet, classes=style_classes())
    if isinstance(want, str):  # CGSuite stops with an error
        assert real.error is not None and real.error.startswith(want[1:]), (real.lines, real.error)
        assert ours.error is not None and ours.printed == real.lines, ours
    else:
        assert (real.lines, real.error) == (want, None)
        assert (ours.printed, ours.error) == (want, None)


def test_return_in_a_method_crashes_cgsuite_and_the_2x_check_rejects_it(batch):
    real = batch["out"]["System.Print(RetDemo(1).F(2));"]
    assert real.error is not None and "MatchError" in real.error, real
    with pytest.raises(CGScriptError) as err:
        parse_program(RETURN_CLASS, "RetDemo.cgs", "2.x")
    assert str(err.value).startswith("RetDemo.cgs:3:5: `return` is not CGScript 2.x")
    assert (err.value.line, err.value.column) == (3, 5)


@pytest.mark.parametrize("snippet,real_lines,our_error", LIMITS, ids=["inf", "number+nimber", "game-literal"])
def test_documented_limits(batch, snippet, real_lines, our_error):
    real, ours = batch["out"][snippet], run_worksheet(snippet)
    assert (real.lines, real.error) == (real_lines, None)
    assert ours.error is not None and our_error in ours.error


def test_documented_limit_procedure_text(batch):
    snippet, real_lines, our_lines = PROCEDURE_TEXT
    assert batch["out"][snippet].lines == real_lines
    assert run_worksheet(snippet).printed == our_lines


def test_nimsum_of_negatives_is_twos_complement_in_1x():
    """CGSuite 1.1.1 (CgsuiteInteger.nimSum: BigInteger.xor) vs 2.x; 1.1.1 is not runnable here,
    the expected values are Java's two's-complement xor."""
    one = run_worksheet("Worksheet.Print((0-3).NimSum(5)); Worksheet.Print((0-1).NimSum(6));", dialect="1.x")
    assert (one.printed, one.error) == (["-8", "-7"], None)
    assert "nonnegative" in run_worksheet("System.Print((-3).NimSum(5));").error
