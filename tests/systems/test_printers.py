"""Printers: a handler for every AST node in every registered printer; operator precedence of the
CGScript and Mathematica printers (expected texts derived from CGSuite's Cgsuite.g and the Wolfram
Language operator table); random expressions printed to each target evaluate like the reference
evaluator (CGScript through the test interpreter, Mathematica in ONE Mathics3 run)."""

from __future__ import annotations

from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cgs_bridge.foundation.errors import EvaluationError
from cgs_bridge.language import ast as A
from cgs_bridge.language.evaluate import Compiler
from cgs_bridge.language.parser import parse_expr
from cgs_bridge.language.spec_printer import SpecPrinter, expr_text
from cgs_bridge.systems.cgsuite.printer import CGSuitePrinter, floor_mod_helper, uses_floor_mod
from cgs_bridge.systems.mathematica.printer import HELPERS, MathematicaPrinter
from cgs_bridge.systems.cgsuite import naming as cgs_naming
from cgs_bridge.systems.mathematica import naming as mma_naming
from cgs_bridge.systems.printing.naming import Namer
from cgs_bridge.systems.registry import TARGETS

from cgscript_interp import Interpreter
from mathics_batch import run_programs
from exprgen import NAMES, environments, int_expr

VARS = list(NAMES) + ["m"]


def cgs_printer(nonneg=()):
    return CGSuitePrinter(Namer(VARS, cgs_naming.cgs_valid, cgs_naming.cgs_repair, lambda c: c + "_",
                                cgs_naming.CGS_KEYWORDS | cgs_naming.CGS_TAKEN), nonneg=nonneg)


def mma_printer():
    return MathematicaPrinter(Namer(VARS, mma_naming.mma_valid, mma_naming.mma_repair,
                                    mma_naming.mma_bump, mma_naming.MMA_TAKEN))


def python_value(e, env):
    return Compiler({v: i for i, v in enumerate(NAMES)}, {}, {}).compile(e)([env[v] for v in NAMES])


# ------------------------------------------------------------------ dispatch
@pytest.mark.parametrize("printer", [SpecPrinter] + [t.printer for t in TARGETS.values()])
def test_every_node_type_has_a_handler(printer):
    missing = [t.__name__ for t in A.EXPR_TYPES if not callable(getattr(printer, "_print_" + t.__name__, None))]
    assert not missing, f"{printer.__name__} lacks handlers for {missing}"
    assert printer.PRECEDENCE and printer.SPELLINGS


def test_registry_lists_both_targets():
    assert list(TARGETS) == ["cgsuite", "mathematica", "walnut"]


# ------------------------------------------------------------------ precedence (texts)
x, y, z = A.Name("x"), A.Name("y"), A.Name("z")
CASES = [
    # expression, CGScript, Mathematica
    (A.BinOp("-", A.BinOp("-", x, y), z), "x - y - z", "x - y - z"),
    (A.BinOp("-", x, A.BinOp("-", y, z)), "x - (y - z)", "x - (y - z)"),
    (A.BinOp("^", A.BinOp("^", x, A.Num(2)), A.Num(3)), "(x ^ 2) ^ 3", "(x^2)^3"),
    (A.BinOp("^", A.Num(2), A.BinOp("^", A.Num(3), x)), "2 ^ 3 ^ x", "2^3^x"),
    (A.BinOp("^", x, y), "x ^ y", "power[x, y]"),
    (A.Neg(A.BinOp("^", x, A.Num(2))), "-x ^ 2", "-x^2"),
    (A.BinOp("^", A.Neg(x), A.Num(2)), "(-x) ^ 2", "(-x)^2"),
    (A.BinOp("^", A.Num(-2), A.Num(2)), "(-2) ^ 2", "(-2)^2"),
    (A.Neg(A.Neg(x)), "-(-x)", "-(-x)"),
    (A.BinOp("-", x, A.Num(-3)), "x - (-3)", "x - (-3)"),
    (A.BinOp("xor", A.BinOp("+", x, y), z), "x + y NimSum z", "nimSum[x + y, z]"),
    (A.BinOp("+", A.BinOp("xor", x, y), z), "(x NimSum y) + z", "nimSum[x, y] + z"),
    (A.BinOp("xor", x, A.BinOp("xor", y, z)), "x NimSum (y NimSum z)", "nimSum[x, nimSum[y, z]]"),
    (A.BinOp("*", A.BinOp("+", x, y), z), "(x + y) * z", "(x + y)*z"),
    (A.FloorDiv(A.BinOp("+", x, z), A.Name("y")), "((x + z) / y).Floor", "Quotient[x + z, y]"),
    (A.CeilDiv(x, A.BinOp("*", y, z)), "(x / (y * z)).Ceiling", "Ceiling[x/(y*z)]"),
    (A.BinOp("%", A.BinOp("-", x, y), z), "FloorMod(x - y, z)", "Mod[x - y, z]"),
    (A.Call("min", (x, A.BinOp("+", y, A.Num(1)))), "Min([x, y + 1])", "Min[x, y + 1]"),
    (A.Call("abs", (A.BinOp("-", x, y),)), "(x - y).Abs", "Abs[x - y]"),
    (A.Call("ilog2", (x,)), "x.Lb", "ilog2[x]"),
    (A.Compare(("<=", "<"), (x, y, z)), "x <= y and y < z", "x <= y < z"),
    (A.Compare(("!=", "!="), (x, y, z)), "x != y and y != z", "x != y && y != z"),
    (A.Not(A.Compare(("<=",), (x, y))), "not x <= y", "!(x <= y)"),
    (A.BinOp("and", A.BinOp("or", A.Compare(("==",), (x, y)), A.Compare(("<",), (y, z))),
             A.Compare((">",), (x, A.Num(0)))), "(x == y or y < z) and x > 0", "(x == y || y < z) && x > 0"),
    (A.BinOp("iff", A.Compare(("==",), (x, y)), A.Compare(("<",), (y, z))),
     "(x == y) == (y < z)", "Equivalent[x == y, y < z]"),
    (A.If(A.Compare(("<",), (x, y)), x, y), "if x < y then x else y end", "If[x < y, x, y]"),
]


@pytest.mark.parametrize("expr,cgs,mma", CASES, ids=[c[1] for c in CASES])
def test_precedence_texts(expr, cgs, mma):
    assert cgs_printer(nonneg=VARS).doprint(expr) == cgs  # names >= 0: NimSum itself
    assert mma_printer().doprint(expr) == mma


def test_search_becomes_a_helper_method():
    e = A.Search("max", "m", A.Num(0), x, A.Compare(("<=",), (A.BinOp("*", A.Name("m"), A.Name("m")), y)))
    p = cgs_printer()
    assert p.doprint(e) == "SearchMax(0, x, y)"
    assert p.doprint(e) == "SearchMax(0, x, y)" and len(p.helpers) == 1  # reused, not duplicated
    assert "while not found and m >= lo do" in p.helpers[0][1]
    assert mma_printer().doprint(e) == "searchMax[0, x, Function[{m}, m*m <= y]]"


def test_nimsum_of_possibly_negative_operands_calls_the_twos_complement_helper():
    """CGSuite 2.2's NimSum refuses negative integers (checked on the real engine); the spec's
    xor is two's complement: (-2) xor 3 = -3, (-2) xor (-3) = 3 (Python's ^, Mathematica BitXor)."""
    e = A.BinOp("xor", A.BinOp("-", x, A.Num(1)), y)
    p = cgs_printer(nonneg={"x", "y"})
    assert p.doprint(e) == "NimSumInt(x - 1, y)" and len(p.helpers) == 1
    assert cgs_printer(nonneg={"x", "y"}).doprint(A.BinOp("xor", x, y)) == "x NimSum y"
    for env, want in (({"x": -1, "y": 3, "z": 0}, -3), ({"x": -1, "y": -3, "z": 0}, 3)):
        assert cgscript_value(e, env) == want


# ------------------------------------------------------------------ consistency with the reference
def cgscript_value(e, env):
    p = cgs_printer()
    body = p.doprint(e)
    helpers = [t for _, t in p.helpers] + ([floor_mod_helper()] if uses_floor_mod([e]) else [])
    text = ("singleton class E extends Ruleset\n" + "\n".join(helpers)
            + f"\n  def F(x as Integer, y as Integer, z as Integer) := {body};\nend\n")
    it = Interpreter(text, "E.cgs")
    return it.call_method(it.ruleset(), "F", [env[v] for v in NAMES])


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 10 ** 9))
def test_random_expressions_cgscript_and_spec_agree_with_reference(seed):
    rng = Random(seed)
    e = int_expr(rng, 4)
    again = parse_expr(expr_text(e))
    for env in environments(rng):
        want = python_value(e, env)
        assert python_value(again, env) == want, expr_text(e)
        try:
            got = cgscript_value(e, env)
        except EvaluationError as err:
            # The one interpreter refuses what CGSuite 2.2 refuses: the printer's `NimSum` of a
            # negative value (issue 18 item 3, fixed by the emitted-code branch issue-18; after
            # that merge this branch is never taken).
            assert "NimSum applies only to nonnegative integers" in str(err) and ("xor" in expr_text(e) or "nimsum" in expr_text(e)), err
            continue
        assert got == want, cgs_printer().doprint(e)


def _exprs_program():
    """Random and tricky integer expressions, each printed in an environment: (lines, expected)."""
    cases = [c[0] for c in CASES if not isinstance(c[0], A.If) and _is_int(c[0])]
    rng = Random(20261122)
    cases += [int_expr(rng, 4) for _ in range(40)]
    lines, want = ["cgsError[msg_String] := (Print[\"error: \", msg]; Exit[1]);"] + list(HELPERS.values()), []
    for e in cases:
        for env in environments(rng, 2):
            try:
                value = python_value(e, env)
            except Exception:  # e.g. a negative exponent in the fixed cases: skip that point
                continue
            block = ", ".join(f"{v} = {env[v]}" for v in NAMES)
            lines.append(f"Print[\"R \", Block[{{{block}}}, {mma_printer().doprint(e)}]];")
            want.append((str(value), expr_text(e), env))
    return lines, want


def _nimsum_program():
    """The emitted ``nimSum`` on small pairs (its 64 x 64 table), beyond (two's-complement digits)
    and at the edges 63/64 and -1: (lines, arguments)."""
    rng = Random(20261124)
    edge = [0, 1, 2, 31, 62, 63, 64, 65, 127, 128, -1, -2, -63, -64, -65, 1000]
    args = [tuple(rng.choice(edge + [rng.randint(-200, 200)]) for _ in range(rng.randint(0, 4)))
            for _ in range(150)] + [(a, b) for a in (0, 63, 64, -1) for b in (0, 63, 64, -1)]
    return [_nimsum_program_head()] + [f"Print[\"R \", nimSum[{', '.join(map(str, a))}]];" for a in args], args


@pytest.fixture(scope="module")
def mathics_prints(tmp_path_factory):
    """Both programs run in one Mathics3 process (a driver ``Get``s each after ``ClearAll``; one
    start instead of two): ``{program: (result, its "R " lines)}``."""
    folder = tmp_path_factory.mktemp("printers")
    (folder / "exprs.wl").write_text("\n".join(_exprs_program()[0]) + "\n")
    (folder / "nimsum.wl").write_text("\n".join(_nimsum_program()[0]) + "\n")
    res, parts = run_programs(folder, ["exprs.wl", "nimsum.wl"], "the printers' programs", timeout=300)
    return {name: (res, [ln[2:].strip() for ln in part.splitlines() if ln.startswith("R ")])
            for name, part in zip(("exprs", "nimsum"), parts)}


@pytest.mark.mathics
def test_random_and_tricky_expressions_in_one_mathics_run(mathics_prints):
    res, got = mathics_prints["exprs"]
    want = _exprs_program()[1]
    assert len(got) == len(want), res.tail()
    bad = [(w, g) for w, g in zip(want, got) if w[0] != g]
    assert not bad, bad[:5]


def _is_int(e) -> bool:
    return not isinstance(e, (A.Compare, A.Not)) and not (isinstance(e, A.BinOp) and e.op in ("and", "or", "iff"))


@pytest.mark.mathics
def test_nimsum_helper_table_and_digits_agree_with_python_xor(mathics_prints):
    """The emitted ``nimSum`` looks small nonnegative pairs up in a 64 x 64 table and falls back to
    two's-complement digits elsewhere (issue 24); both paths, and the edges 63/64 and -1, against
    Python's ``^`` (the spec's xor)."""
    res, got = mathics_prints["nimsum"]
    args = _nimsum_program()[1]
    want = []
    for a in args:
        v = 0
        for n in a:
            v ^= n
        want.append(str(v))
    assert len(got) == len(want), res.tail()
    bad = [(a, w, g) for a, w, g in zip(args, want, got) if w != g]
    assert not bad, bad[:5]


def _nimsum_program_head() -> str:
    return "cgsError[msg_String] := (Print[\"error: \", msg]; Exit[1]);\n" + HELPERS["nimSum"]
