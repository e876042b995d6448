"""CGScript as CGSuite's own example library writes it (issue 47, item 6): the 2.x examples inside
``../shared/engines/cgsuite/lib/cgsuite-core.jar`` (``org/cgsuite/lang/examples/``), read from the
jar at run time (nothing of them is copied into the project). Nim (impartial) is judged against the
nim spec; PartizanSubtraction (Options(player), ``player == Left``) is judged when its two
subtraction sets are equal (then it is the subtraction game) and refused as partizan, naming the
line where it reads the player, when they differ. The real CGSuite 2.2 runs the same classes and
prints the values the spec gives (Nim: n; S = {1, 2, 3}: *(n mod 4)) and the partizan value 1 of a
heap of 1 under L = {1, 3}, R = {2, 3}.
"""

from __future__ import annotations

import pytest

from cgs_bridge.model.game import Ruleset
from cgs_bridge.model.loading import load_game
from cgs_bridge.systems.cgsuite.audit.core import audit_cgscript
from solvers import Box

import cgsuite_jar
import paths

EXAMPLES = "org/cgsuite/lang/examples/"


@pytest.fixture
def examples(shared, tmp_path):
    return cgsuite_jar.extract(shared, tmp_path, EXAMPLES)


def test_nim_example_agrees_with_the_nim_spec(examples):
    rep = audit_cgscript(str(examples / "Nim.cgs"), Ruleset(load_game("nim"), {}), box=Box(("x",), (10,)),
                         mapping={"heapSize": "x"})
    assert rep.exit_code == 0, [c.summary for _, c in rep.checks]


def test_partizan_subtraction_with_equal_sets_is_the_subtraction_game(examples):
    rep = audit_cgscript(str(examples / "PartizanSubtraction.cgs"), Ruleset(load_game("subtraction"), {}),
                         box=Box(("x",), (12,)), mapping={"heapSize": "x", "leftSet": "{1,2,3}",
                                                           "rightSet": "{1,2,3}"})
    assert rep.exit_code == 0, [c.summary for _, c in rep.checks]
    rep = audit_cgscript(str(examples / "PartizanSubtraction.cgs"), Ruleset(load_game("subtraction"), {}),
                         box=Box(("x",), (12,)), mapping={"heapSize": "x", "leftSet": "{1,2}",
                                                           "rightSet": "{1,2}"})
    moves = next(c for _, c in rep.checks if c.name == "moves")  # the planted twin: S = {1, 2}
    assert rep.exit_code == 1 and {r["position"] for r in moves.rows} == {f"({x})" for x in range(3, 13)}


def test_partizan_subtraction_with_different_sets_is_refused_naming_the_line(examples):
    rep = audit_cgscript(str(examples / "PartizanSubtraction.cgs"), Ruleset(load_game("subtraction"), {}),
                         box=Box(("x",), (8,)), mapping={"heapSize": "x", "leftSet": "{1,3}",
                                                          "rightSet": "{2,3}"})
    assert rep.exit_code == 2
    text = " | ".join(c.summary for _, c in rep.checks)
    assert "partizan: PartizanSubtraction.Position(1) has Left options" in text
    source = (examples / "PartizanSubtraction.cgs").read_text(encoding="utf-8").splitlines()
    line = next(i for i, s in enumerate(source, 1) if "player == Left" in s)
    assert f"the player read at line {line}" in text


def test_the_real_cgsuite_prints_the_values_the_specs_give(examples, real_cgsuite, tmp_path):
    (tmp_path / "run").mkdir()
    script = tmp_path / "run" / "check.cgs"
    script.write_text("R := PartizanSubtraction([1,2,3],[1,2,3]);\n"
                      "System.Print([R(n).CanonicalForm for n from 0 to 8]);\n"
                      "System.Print([Nim(n).NimValue for n from 0 to 8]);\n"
                      "System.Print(PartizanSubtraction([1,3],[2,3])(1).CanonicalForm)\n", encoding="utf-8")
    out = real_cgsuite.run(examples, script)
    star = lambda v: "0" if v == 0 else "*" if v == 1 else f"*{v}"  # noqa: E731
    lines = out.stdout.splitlines()
    assert lines[0] == "[" + ",".join(star(n % 4) for n in range(9)) + "]"
    assert lines[1] == "[" + ",".join(str(n) for n in range(9)) + "]"
    assert lines[2] == "1"  # Left moves to 0, Right cannot move: not impartial


# ---------------------------------------------------------------- the game library (game.heap)
LIBRARY = "org/cgsuite/lang/resources/game/"
#: The library's files that define impartial games or their base classes (Ruleset schemas whose
#: positions are ImpartialGames); every one must be read.
IMPARTIAL = ["heap/CoordinateRuleset.cgs", "heap/HeapRuleset.cgs", "heap/FunctionalCoordinateRuleset.cgs",
             "heap/FunctionalHeapRuleset.cgs", "heap/GenWythoff.cgs", "heap/GenMem.cgs", "heap/TakeAndBreak.cgs",
             "heap/Spawning.cgs", "heap/constants.cgs", "strip/StripRuleset.cgs", "strip/Turning.cgs",
             "graph/GraphRuleset.cgs", "graph/GenArcKayles.cgs", "variant/ImpartialVariantGame.cgs",
             "variant/ImpartialVariantRuleset.cgs", "misere/MisereCanonicalGame.cgs", "ImpartialGame.cgs"]
DATA = paths.DATA / "audit" / "library"


@pytest.fixture
def library(shared, tmp_path):
    """The jar's game library as a class path: ``tmp/cp/game/heap/GenWythoff.cgs`` is
    ``game.heap.GenWythoff`` (read from the jar at run time)."""
    return cgsuite_jar.extract(shared, tmp_path / "cp" / "game", LIBRARY)


def test_every_library_file_of_an_impartial_game_is_read(library):
    """Before issue 47 none of these parsed (tuples `(a, 0)`, `?` defaults, `=>` arguments and
    maps, `is`, `for ... while`, several `yield`s, `var X := e` members, `def f as T`)."""
    from cgs_bridge.systems.cgsuite.cgscript.parse import parse_file_text
    for name in IMPARTIAL:
        path = library / name
        parse_file_text(path.read_text(encoding="utf-8"), str(path), None)


def wythoff_table(bound: int, r: int = 1, diagonal: bool = True) -> list:
    """r-Wythoff by a memoised mex over its definition (Fraenkel 1982: lower one heap, or both by
    k and l with |k - l| < r); ``diagonal=False``: Nim (a^b, Bouton 1901)."""
    from functools import lru_cache

    @lru_cache(maxsize=None)
    def g(a, b):
        opts = {g(i, b) for i in range(a)} | {g(a, j) for j in range(b)}
        if diagonal:
            opts |= {g(a - k, b - l) for k in range(1, a + 1) for l in range(1, b + 1) if abs(k - l) < r}
        return next(m for m in range(len(opts) + 1) if m not in opts)
    return [[g(a, b) for b in range(bound + 1)] for a in range(bound + 1)]


def script(tmp_path, bound: int, f: str) -> str:
    text = (f"W := game.heap.GenWythoff(k -> {f});\n"
            f"System.Print([[W((a, b)).NimValue for b from 0 to {bound}] for a from 0 to {bound}]);\n")
    (tmp_path / "gw.cgs").write_text(text, encoding="utf-8")
    return str(tmp_path / "gw.cgs")


@pytest.mark.parametrize("f, game, r", [("k + 1", "wythoff", 1), ("k + 2", str(DATA / "rwythoff2.game"), 2)])
def test_gen_wythoff_of_the_library_is_judged(library, tmp_path, f, game, r):
    """game.heap.GenWythoff (a CoordinateRuleset: coordinates `coord - (a, 0)`, `Min` infix,
    `.Flattened`, the nested Position and Eval of its base class) with k -> k + 1 is Wythoff's
    game, with k -> k + 2 Fraenkel's 2-Wythoff (a spec written for this test): the printed nim
    values agree with the spec on the box."""
    rep = audit_cgscript(script(tmp_path, 6, f), Ruleset(load_game(game), {}), box=Box(("x", "y"), (6, 6)),
                         class_path=[str(library.parent)], printed="grundy")
    printed = next(c for _, c in rep.checks if c.name == "printed")
    assert rep.exit_code == 0 and printed.verdict == "agree", [c.summary for _, c in rep.checks]
    assert rep.printed["as printed"] == ["[" + ",".join("[" + ",".join(map(str, row)) + "]"
                                                        for row in wythoff_table(6, r)) + "]"]


def test_a_planted_twin_of_gen_wythoff_differs_and_a_larger_box_is_not_judged(library, tmp_path):
    """The twin: the library's diagonal move edited away (`for l from k to` -> `from k + 1`,
    so k -> k + 1 allows none): Nim's values, different from Wythoff's wherever a^b differs."""
    source = library / "heap" / "GenWythoff.cgs"
    text = source.read_text(encoding="utf-8")
    assert text.count("for l from k to") == 1
    source.write_text(text.replace("for l from k to", "for l from k + 1 to"), encoding="utf-8")
    rep = audit_cgscript(script(tmp_path, 6, "k + 1"), Ruleset(load_game("wythoff"), {}),
                         box=Box(("x", "y"), (6, 6)), class_path=[str(library.parent)], printed="grundy")
    printed = next(c for _, c in rep.checks if c.name == "printed")
    nim, wythoff = wythoff_table(6, diagonal=False), wythoff_table(6)
    bad = {f"({a},{b})" for a in range(7) for b in range(7) if nim[a][b] != wythoff[a][b]}
    assert rep.exit_code == 1 and {r["position"] for r in printed.rows} == bad
    source.write_text(text, encoding="utf-8")
    rep = audit_cgscript(script(tmp_path, 6, "k + 1"), Ruleset(load_game("wythoff"), {}),
                         box=Box(("x", "y"), (7, 7)), class_path=[str(library.parent)], printed="grundy")
    assert rep.exit_code == 2 and "not the whole box" in next(c for _, c in rep.checks if c.name == "printed").summary


def test_the_real_cgsuite_gives_the_library_games_the_same_values(library, real_cgsuite, tmp_path):
    """GenWythoff (k -> k + 1, k + 2), and GenMem (Mem: j >= memory), whose moves raise the
    memory coordinate while the heap falls: it is read and run, and its values are CGSuite's
    (the catalog's mem spec is checked against the real CGSuite in the test below)."""
    text = "".join(f"W{i} := game.heap.GenWythoff(k -> {f});\n"
                   f"System.Print([[W{i}((a, b)).NimValue for b from 0 to 6] for a from 0 to 6]);\n"
                   for i, f in enumerate(("k + 1", "k + 2")))
    text += ("M := game.heap.GenMem((memory, j) -> j >= memory);\n"
             "System.Print([[M((n, k)).NimValue for k from 0 to 6] for n from 0 to 8]);\n")
    (tmp_path / "run").mkdir()
    (tmp_path / "run" / "lib.cgs").write_text(text, encoding="utf-8")
    out = real_cgsuite.run(tmp_path / "run", tmp_path / "run" / "lib.cgs")
    assert out.returncode == 0, out.stdout + out.stderr
    rep = audit_cgscript(str(tmp_path / "run" / "lib.cgs"), Ruleset(load_game("wythoff"), {}),
                         class_path=[str(library.parent)], printed="grundy")  # the class is not bound
    assert out.stdout.splitlines() == rep.printed["as printed"]


# ---------------------------------------------------------------- CGSuite 1.x examples' style
@pytest.mark.parametrize("twin", [False, True])
def test_a_one_x_class_with_setof_is_judged(tmp_path, twin):
    """CGSuite 1.x's examples collect options with setof(... for ...) ('unsupported CGScript
    construct: setof' before issue 47). A class written here in that style (subtraction game
    S = {1, 2, 3}) agrees with the spec; the twin (s from 1 to 2) lacks the option heap - 3."""
    text = (DATA / "Sub123.cgs").read_text(encoding="utf-8")
    if twin:
        assert text.count("for s from 1 to 3") == 1
        text = text.replace("for s from 1 to 3", "for s from 1 to 2")
    (tmp_path / "Sub123.cgs").write_text(text, encoding="utf-8")
    rep = audit_cgscript(str(tmp_path / "Sub123.cgs"), Ruleset(load_game("subtraction"), {}),
                         box=Box(("x",), (12,)), mapping={"heap": "x"})
    moves = next(c for _, c in rep.checks if c.name == "moves")
    assert rep.exit_code == (1 if twin else 0), [c.summary for _, c in rep.checks]
    assert {r["position"] for r in moves.rows} == ({f"({x})" for x in range(3, 13)} if twin else set())


def test_the_one_x_class_ported_runs_in_the_real_cgsuite(real_cgsuite, tmp_path):
    """Its 2.x port ({... for ...}) gives in the real CGSuite 2.2 the nim values x mod 4 (Winning
    Ways, ch. 4) that the interpreter gives the 1.x class."""
    from cgs_bridge.systems.cgsuite.audit.core import load_source
    from cgs_bridge.systems.cgsuite.audit.port import port_files
    files, _ = port_files([load_source(str(DATA / "Sub123.cgs"), package="examples")])
    for rel, body in files.items():
        (tmp_path / "run" / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "run" / rel).write_text(body, encoding="utf-8")
    script = tmp_path / "run" / "values.cgs"
    script.write_text("System.Print([examples.Sub123(n).NimValue for n from 0 to 12])\n", encoding="utf-8")
    out = real_cgsuite.run(tmp_path / "run", script)
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout.splitlines()[0] == "[" + ",".join(str(n % 4) for n in range(13)) + "]"


# ---------------------------------------------------------------- every file of the jar is read
def test_every_cgs_file_of_the_jar_is_read(shared, tmp_path):
    """Issue 47: every .cgs file of the jar parses: its examples and game library (before: 58 of
    73; not read were `enum`, operator definitions `def op+`, game literals `{a | b || c}`, `&`,
    `private var`, `for x := e`, a statement in a class body, `[if ... end for ...]`) and the
    language and utility classes beside them (`{=>}`, the empty map)."""
    from cgs_bridge.systems.cgsuite.cgscript.parse import parse_file_text
    root = cgsuite_jar.extract(shared, tmp_path, "org/cgsuite/lang/")
    files = sorted(root.rglob("*.cgs"))
    inside = [f for f in files if str(f.relative_to(root)).startswith(("examples/", "resources/game/"))]
    assert len(inside) >= 70, files
    for path in files:
        parse_file_text(path.read_text(encoding="utf-8"), str(path), None)


def test_what_is_read_but_not_interpreted_is_refused_by_name():
    """A game literal and a class whose body holds a statement are read; running them stops with
    the reason (never a value of our own making). An enum's values run (since issue 47's
    Hackenbush round: tests/systems/cgsuite/test_cgscript_hackenbush.py); a value it does not
    declare stops the run."""
    from cgs_bridge.systems.cgsuite.cgscript.parse import parse_program
    from cgs_bridge.systems.cgsuite.cgscript.worksheet import run_worksheet
    enum = parse_program("enum Colour\n  Blue,\n  Red;\nend\n", "Colour.cgs", "2.x").classes[0]
    assert "enum" in enum.modifiers and enum.vars == ("Blue", "Red")
    run = run_worksheet("System.Print(Colour.Blue); System.Print(Colour.Red == Colour.Blue);", classes=[enum])
    assert run.error is None and run.printed == ["Blue", "false"]
    run = run_worksheet("System.Print(Colour.Green);", classes=[enum])
    assert run.error is not None and "the enum `Colour` has the values Blue, Red" in run.error
    checked = parse_program("class Sub(n as Integer) extends Ruleset\n  if n < 0 then\n    error(\"n\");\n"
                            "  end\n  def F := n;\nend\n", "Sub.cgs", "2.x").classes[0]
    run = run_worksheet("System.Print(Sub(1).F);", classes=[checked])
    assert run.error is not None and "statements in its class body (line 2)" in run.error
    run = run_worksheet("System.Print({0 | 0 || 0});")
    assert run.error is not None and "game literal" in run.error
    with pytest.raises(Exception, match="ambiguous game literal"):
        parse_program("x := {0 | 1 | 2};", "<w>", "2.x")


# ---------------------------------------------------------------- GenMem (issue 47: moves raise k)
def gen_mem_table(f, bound_n: int, bound_k: int) -> list:
    """GenMem(f) by a memoised mex over CGSuite's documented rule (options (n - a, a) for
    1 <= a <= n with f(k, a)), written here independently of the solver."""
    from functools import lru_cache

    @lru_cache(maxsize=None)
    def g(n, k):
        opts = {g(n - a, a) for a in range(1, n + 1) if f(k, a)}
        return next(m for m in range(len(opts) + 1) if m not in opts)
    return [[g(n, k) for k in range(bound_k + 1)] for n in range(bound_n + 1)]


def mem_script(tmp_path, bound_n: int, bound_k: int, f: str) -> str:
    text = (f"M := game.heap.GenMem((k, a) -> {f});\n"
            f"System.Print([[M((n, k)).NimValue for k from 0 to {bound_k}] for n from 0 to {bound_n}]);\n")
    (tmp_path / "gm.cgs").write_text(text, encoding="utf-8")
    return str(tmp_path / "gm.cgs")


@pytest.mark.parametrize("f, game, rule", [("a >= k", "mem", lambda k, a: a >= k),
                                           ("a <= 2 * k", "fibonacci_nim", lambda k, a: a <= 2 * k)])
def test_gen_mem_of_the_library_is_judged_against_its_spec(library, tmp_path, f, game, rule):
    """game.heap.GenMem (the jar's file, run by the interpreter), whose options (n - a, a) raise
    the memory k while the heap n falls: with a >= k it is the catalog's mem, with a <= 2 k
    fibonacci_nim; the printed nim values agree with the spec on the box and equal the brute force."""
    rep = audit_cgscript(mem_script(tmp_path, 7, 7, f), Ruleset(load_game(game), {}), box=Box(("n", "k"), (7, 7)),
                         class_path=[str(library.parent)], printed="grundy")
    printed = next(c for _, c in rep.checks if c.name == "printed")
    assert rep.exit_code == 0 and printed.verdict == "agree", [c.summary for _, c in rep.checks]
    assert rep.printed["as printed"] == ["[" + ",".join("[" + ",".join(map(str, row)) + "]"
                                                        for row in gen_mem_table(rule, 7, 7)) + "]"]


def test_a_planted_twin_of_gen_mem_differs_and_a_box_that_cannot_hold_it_is_refused(library, tmp_path):
    """The twin: GenMem with a > k (another predicate) printed against the mem spec differs exactly
    where the brute forces of the two predicates differ; the box n <= 7, k <= 5 does not hold the
    option (0, 6) of (6, 0), so the spec's values cannot be computed there: exit 2, naming it."""
    rep = audit_cgscript(mem_script(tmp_path, 7, 7, "a > k"), Ruleset(load_game("mem"), {}),
                         box=Box(("n", "k"), (7, 7)), class_path=[str(library.parent)], printed="grundy")
    printed = next(c for _, c in rep.checks if c.name == "printed")
    mem, twin = gen_mem_table(lambda k, a: a >= k, 7, 7), gen_mem_table(lambda k, a: a > k, 7, 7)
    bad = {f"({n},{k})" for n in range(8) for k in range(8) if mem[n][k] != twin[n][k]}
    assert bad and rep.exit_code == 1 and {r["position"] for r in printed.rows} == bad
    rep = audit_cgscript(mem_script(tmp_path, 7, 5, "a >= k"), Ruleset(load_game("mem"), {}),
                         box=Box(("n", "k"), (7, 5)), class_path=[str(library.parent)], printed="grundy")
    text = " | ".join(c.summary for _, c in rep.checks)
    assert rep.exit_code == 2 and "the option (0, 6) of (6, 0) has k = 6 above its bound 5" in text, text


@pytest.mark.parametrize("f, game, rule", [("a >= k", "mem", lambda k, a: a >= k),
                                           ("a <= 2 * k", "fibonacci_nim", lambda k, a: a <= 2 * k)])
def test_the_real_cgsuite_gen_mem_gives_the_catalog_specs_values(library, real_cgsuite, tmp_path, f, game, rule):
    """The real CGSuite 2.2's own game.heap.GenMem((k, a) -> f) over the box n, k <= 12 prints the
    values the solver gives the catalog spec (its fast kernel and its reference) and the brute
    force of this file; misère values too (CGSuite's MisereNimValue)."""
    from solvers import solve
    (tmp_path / "run").mkdir()
    script = tmp_path / "run" / "mem.cgs"
    script.write_text(f"M := game.heap.GenMem((k, a) -> {f});\n"
                      "System.Print([[M((n, k)).NimValue for k from 0 to 12] for n from 0 to 12]);\n"
                      "System.Print([[M((n, k)).MisereNimValue for k from 0 to 12] for n from 0 to 12]);\n",
                      encoding="utf-8")
    out = real_cgsuite.run(tmp_path / "run", script)
    assert out.returncode == 0, out.stdout + out.stderr
    rows = lambda t: "[" + ",".join("[" + ",".join(map(str, r)) + "]" for r in t) + "]"  # noqa: E731
    r = Ruleset(load_game(game), {})
    for method in ("fast", "reference"):
        sol = solve(r, Box(("n", "k"), (12, 12)), misere=True, method=method)
        assert out.stdout.splitlines()[:2] == [rows(sol.grundy.tolist()), rows(sol.misere.tolist())]
    assert out.stdout.splitlines()[0] == rows(gen_mem_table(rule, 12, 12))


# ---------------------------------------------------------------- game.heap's own defs (TakeAway)
def constants_script(tmp_path, expr: str, bound: int) -> str:
    text = (f"M := {expr};\n"
            f"System.Print([[M((n, k)).NimValue for k from 0 to {bound}] for n from 0 to {bound}]);\n")
    (tmp_path / "fib.cgs").write_text(text, encoding="utf-8")
    return str(tmp_path / "fib.cgs")


@pytest.mark.parametrize("expr", ["game.heap.FibonacciNim", "game.heap.TakeAway(2)", "game.heap.TakeAway(m -> 2 * m)"])
def test_fibonacci_nim_of_the_library_runs_from_its_constants_file(library, tmp_path, expr):
    """constants.cgs defines ``FibonacciNim := TakeAway(2)`` and ``def TakeAway(limit) :=
    GenMem((memory, j) -> j <= memory * limit)`` (and an overload for a procedure): CGScript, not
    Java; the constant's own defs are in scope and the overload is chosen by the argument. Judged
    against fibonacci_nim, the printed values agree and equal the brute force of a <= 2 k."""
    rep = audit_cgscript(constants_script(tmp_path, expr, 7), Ruleset(load_game("fibonacci_nim"), {}),
                         box=Box(("n", "k"), (7, 7)), class_path=[str(library.parent)], printed="grundy")
    printed = next(c for _, c in rep.checks if c.name == "printed")
    assert rep.exit_code == 0 and printed.verdict == "agree", [c.summary for _, c in rep.checks]
    assert rep.printed["as printed"] == ["[" + ",".join("[" + ",".join(map(str, row)) + "]"
                                                        for row in gen_mem_table(lambda k, a: a <= 2 * k, 7, 7)) + "]"]


def test_take_away_one_is_a_twin_of_fibonacci_nim(library, tmp_path):
    """TakeAway(1) (take at most as many as the last move) differs from Fibonacci Nim exactly where
    the two brute forces differ."""
    rep = audit_cgscript(constants_script(tmp_path, "game.heap.TakeAway(1)", 7), Ruleset(load_game("fibonacci_nim"), {}),
                         box=Box(("n", "k"), (7, 7)), class_path=[str(library.parent)], printed="grundy")
    printed = next(c for _, c in rep.checks if c.name == "printed")
    fib, twin = gen_mem_table(lambda k, a: a <= 2 * k, 7, 7), gen_mem_table(lambda k, a: a <= k, 7, 7)
    bad = {f"({n},{k})" for n in range(8) for k in range(8) if fib[n][k] != twin[n][k]}
    assert bad and rep.exit_code == 1 and {r["position"] for r in printed.rows} == bad


def test_the_real_cgsuite_fibonacci_nim_gives_the_brute_forces_values(library, real_cgsuite, tmp_path):
    (tmp_path / "run").mkdir()
    script = tmp_path / "run" / "fib.cgs"
    script.write_text("System.Print([[game.heap.FibonacciNim((n, k)).NimValue for k from 0 to 9] for n from 0 to 9]);\n"
                      "System.Print([[game.heap.TakeAway(1)((n, k)).NimValue for k from 0 to 9] for n from 0 to 9]);\n",
                      encoding="utf-8")
    out = real_cgsuite.run(tmp_path / "run", script)
    assert out.returncode == 0, out.stdout + out.stderr
    rows = lambda t: "[" + ",".join("[" + ",".join(map(str, r)) + "]" for r in t) + "]"  # noqa: E731
    assert out.stdout.splitlines()[:2] == [rows(gen_mem_table(lambda k, a: a <= 2 * k, 9, 9)),
                                           rows(gen_mem_table(lambda k, a: a <= k, 9, 9))]
