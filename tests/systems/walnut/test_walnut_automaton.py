"""Automaton claims and Fibonacci numeration in the Walnut printer and the translation (issue
44): ``accepts "FILE"(x, y)`` prints as a call of the file's automaton (saved under its name, the
padded copy), every command in ``?msd_fib`` when the automaton is; xor beside an msd_fib automaton
is NOT EXPRESSIBLE with the reason (REFUTED where the solver's box shows it false)."""

from __future__ import annotations

import cgs_bridge as cb
from cgs_bridge.language.automaton_file import parse_automaton
from cgs_bridge.systems.walnut.printer import print_problem
from solvers.logic.formula import Accepts, Obligation, Problem, Var

#: Not padding-invariant on purpose: state 0 leaves itself on the zero letter.
FIB = "msd_fib msd_fib\n\n0 1\n0 0 -> 1\n0 1 -> 1\n\n1 1\n0 0 -> 1\n"


def test_accepts_printed_as_a_call_in_msd_fib():
    aut = parse_automaton(FIB, "wy.txt")
    x, y = Var("x"), Var("y")
    pb = Problem((), (Obligation("o", ("x", "y"), Accepts("wy", aut, (y, x))),), "msd_fib")
    plan = print_problem(pb)
    assert 'eval o "?msd_fib (A x,y $wy(y,x))";' in plan.text
    assert 'def o_fails "?msd_fib ~($wy(y,x))";' in plan.text
    assert "?msd_2" not in plan.text
    # the file saved for Walnut reads a tuple from its shortest word: a new start state
    saved = parse_automaton(plan.automata["wy"], "saved")
    assert saved.delta[0][0] == 0 and saved.states == aut.states + 1
    assert plan.numeration == "msd_fib"


def test_two_automata_of_one_name_are_renamed_apart():
    a = parse_automaton("msd_2\n\n0 1\n0 -> 0\n", "a/p.txt")
    b = parse_automaton("msd_2\n\n0 0\n0 -> 0\n1 -> 0\n", "b/p.txt")
    x = Var("x")
    from solvers.logic.formula import Iff
    pb = Problem((), (Obligation("o", ("x",), Iff(Accepts("p", a, (x,)), Accepts("p", b, (x,)))),))
    plan = print_problem(pb)
    assert set(plan.automata) == {"p", "p_1"} and "$p(x)" in plan.text and "$p_1(x)" in plan.text


#: Every word of digit pairs, in msd_fib: with no move in ``still``, every position is a P-position.
ALL = "msd_fib msd_fib\n\n0 1\n0 0 -> 0\n0 1 -> 0\n1 0 -> 0\n1 1 -> 0\n"


def test_xor_beside_a_fibonacci_automaton_is_not_expressible(tmp_path):
    """A claim true on the box (the solver's box check before the provers cannot refute it):
    x xor y >= 0 holds for naturals, the automaton accepts every position of a game without moves."""
    (tmp_path / "all.txt").write_text(ALL)
    (tmp_path / "still.game").write_text("game still\n  coordinates x, y\n")
    res = cb.prove(str(tmp_path / "still.game"),
                   claims=[f'P iff accepts "{tmp_path}/all.txt"(x, y) and x xor y >= 0'], prover="embedded")
    row = res.rows[-1]
    assert row.verdict == "NOT EXPRESSIBLE" and "xor" in row.reason and "msd_fib" in row.reason
    assert res.exit_code == 2


def test_xor_beside_a_fibonacci_automaton_false_on_the_box_is_refuted(tmp_path):
    """The twin: not expressible either, but false on the box: REFUTED at (0, 0), the least
    position (no option, so a P-position; 0 xor 0 = 0 != 3, so the claim calls it N)."""
    (tmp_path / "wy.txt").write_text(FIB)
    res = cb.prove("wythoff", claims=[f'P iff accepts "{tmp_path}/wy.txt"(x, y) and x xor y == 3'],
                   prover="embedded")
    row = res.rows[-1]
    assert row.verdict == "REFUTED" and row.position == (0, 0) and row.least
    assert row.claim_value == "N-position" and row.provers == ()


def test_emitted_programs_leave_an_automaton_claim_out(tmp_path):
    """CGScript and the Wolfram Language have no automaton: the claim is a comment there (not a
    failed generate); the Walnut script calls it and names the file it needs."""
    from cgs_bridge.cli.main import main
    (tmp_path / "ones.txt").write_text("msd_2\n\n0 1\n0 -> 0\n1 -> 1\n\n1 1\n1 -> 1\n")
    spec = tmp_path / "maxnim.game"
    spec.write_text('game maxnim\n  coordinates x\n  cut x to t where t >= x - floor(x / 2)\n'
                    '  claim "ones": P iff accepts "ones.txt"(x)\n')
    texts = {}
    for target in ("mathematica", "cgsuite", "walnut"):
        out = tmp_path / target
        assert main(["generate", str(spec), "--bound", "5", "--target", target, "-o", str(out)]) == 0
        texts[target] = "\n".join(p.read_text() for p in out.iterdir() if p.is_file())
    assert "not checked here: accepts" in texts["mathematica"]
    assert "not checked here: accepts" in texts["cgsuite"]
    assert "$ones(x)" in texts["walnut"] and "needs ones.txt" in texts["walnut"]
