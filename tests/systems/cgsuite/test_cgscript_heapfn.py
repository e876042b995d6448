"""Heap rulesets written in CGScript (issue 47): ``game.heap.FunctionalHeapRuleset(fn)``,
``game.heap.HeapRuleset(fn)`` (its static ``Eval``) and ``R.Join(S)``, read from the jar's
``game/heap/*.cgs`` on the class path at run time (nothing copied), with HeapRuleset's ``external``
``HeapNimValue`` and ``NimValueSequence`` computed by ``cgscript/heapext.py``.

Before this change every such value stopped the run: "external method `HeapNimValue` cannot be
evaluated".

- :data:`LINES`: what the real CGSuite 2.2 printed for each expression (recorded from the engine;
  the engine test runs them again); the interpreter prints the same, and each value list equals an
  independent mex recursion written here (:func:`grundy`).
- The audit: three programs agree with their specs (catalog ``subtraction``; ``take_one_split``,
  octal 0.7; ``nim_join_kayles``, 0.77[3]) on the printed Grundy values and heap by heap; a planted
  twin of each differs exactly where the independent recursions differ (exit 1).
- Malformed ``HeapOptions`` (an option that is not a list, a negative heap, a heap leading back to
  itself) and ``CheckPeriodicity`` stop the run with the reason (exit 2); the real CGSuite stops on
  the same malformed options too.
"""

from __future__ import annotations

import pytest

from cgs_bridge.model.game import Ruleset
from cgs_bridge.model.loading import load_game
from cgs_bridge.systems.cgsuite.audit.core import audit_cgscript
from solvers import Box

from cgsuite_jar import check, run_lines, summaries
import paths

DATA = paths.DATA / "audit" / "heapfn"

PRELUDE = ("R := game.heap.FunctionalHeapRuleset(n -> [[n - k] for k in [1, 2, 3] where k <= n]);\n"
           "S := game.heap.FunctionalHeapRuleset(n -> [[a, n - 1 - a] for a from 0 to n - 1]);\n"
           "H := game.heap.HeapRuleset(n -> [[k, n-k] for k from 1 to n-1 where k != n-k]);\n"
           "J := game.heap.Nim.Join(game.heap.Kayles);\n"
           "K := game.heap.DawsonsKayles.Join(game.heap.GrundysGame);\n"
           "B := R.Join(game.heap.Nim);\n")
#: (expression, what CGSuite 2.2 printed for it)
LINES = [
    ("[R(n).NimValue for n from 0 to 12]", "[0,1,2,3,0,1,2,3,0,1,2,3,0]"),
    ("R.NimValueSequence(12)", "[1,2,3,0,1,2,3,0,1,2,3,0]"),
    ("R.HeapNimValue(0)", "0"),
    ("R.NimValueSequence(0)", "[]"),
    ("[J(n).NimValue for n from 0 to 8]", "[0,1,2,3,4,5,6,7,8]"),
    ("[S.HeapNimValue(n) for n from 0 to 12]", "[0,1,0,1,0,1,0,1,0,1,0,1,0]"),
    ("H.NimValueSequence(12)", "[0,0,1,0,2,1,0,2,1,0,2,1]"),
    ("K.NimValueSequence(14)", "[0,1,2,3,0,1,2,3,0,1,2,3,0,1]"),
    ("B.NimValueSequence(6)", "[1,2,3,4,5,6]"),
]


# ------------------------------------------------------------ independent calculations
def sub(s):
    return lambda n: [(n - k,) for k in s if k <= n]


def take_split(t):
    """Take k in ``t`` tokens and leave the rest as zero, one or two heaps (octal digit 7)."""
    return lambda n: [(a, n - k - a) for k in t if k <= n for a in range(n - k + 1)]


def take_split_apart(t):
    """Take k in ``t`` and leave the rest as zero, one or two *nonempty* heaps (octal digit 7)."""
    return lambda n: [(a, n - k - a) for k in t if k < n for a in range(1, n - k)] + [
        (n - k,) for k in t if k <= n]


def nim(n):
    return [(a,) for a in range(n)]


def grundys_game(n):
    return [(k, n - k) for k in range(1, n) if k != n - k]


def union(*rules):
    return lambda n: [o for r in rules for o in r(n)]


def grundy(options, top: int) -> list:
    """Grundy values of heaps 0..top: mex over the options of the nim-sum of the heaps' values
    (Sprague-Grundy; Winning Ways ch. 4); every option here leaves smaller heaps."""
    g = []
    for n in range(top + 1):
        seen = set()
        for heaps in options(n):
            v = 0
            for h in heaps:
                v ^= g[h]
            seen.add(v)
        g.append(next(m for m in range(len(seen) + 1) if m not in seen))
    return g


def row(values) -> str:
    return "[" + ",".join(map(str, values)) + "]"


# ------------------------------------------------------------ helpers
def lines_script(tmp_path):
    (tmp_path / "run").mkdir(exist_ok=True)
    path = tmp_path / "run" / "heapfn.cgs"
    path.write_text(PRELUDE + "".join(f"System.Print({e});\n" for e, _ in LINES), encoding="utf-8")
    return path


def audit(program, game, library, **kw):
    spec = load_game(str(DATA / f"{game}.game")) if (DATA / f"{game}.game").is_file() else load_game(game)
    return audit_cgscript(str(program), Ruleset(spec, {}), class_path=[str(library)], **kw)


# ------------------------------------------------------------ what CGSuite prints
def test_the_expressions_print_what_cgsuite_prints(library, tmp_path):
    assert run_lines(lines_script(tmp_path), library) == [line for _, line in LINES]


def test_the_real_cgsuite_prints_the_same_lines(real_cgsuite, tmp_path):
    out = real_cgsuite.run(tmp_path / "run", lines_script(tmp_path))
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout.splitlines() == [line for _, line in LINES]


def test_what_cgsuite_printed_is_the_mex_recursion():
    printed = dict(LINES)
    s123 = grundy(sub([1, 2, 3]), 12)
    assert printed["[R(n).NimValue for n from 0 to 12]"] == row(s123)
    assert printed["R.NimValueSequence(12)"] == row(s123[1:])
    assert printed["[J(n).NimValue for n from 0 to 8]"] == row(grundy(union(nim, take_split_apart([1, 2])), 8))
    assert printed["[S.HeapNimValue(n) for n from 0 to 12]"] == row(grundy(take_split([1]), 12))
    assert printed["H.NimValueSequence(12)"] == row(grundy(grundys_game, 12)[1:])
    assert printed["K.NimValueSequence(14)"] == row(grundy(union(take_split_apart([2]), grundys_game), 14)[1:])
    assert printed["B.NimValueSequence(6)"] == row(grundy(union(sub([1, 2, 3]), nim), 6)[1:])


# ------------------------------------------------------------ the audit
#: (program, spec, independent values of the spec's game, text planted, twin's independent values)
CASES = [
    ("subtraction123.cgs", "subtraction", grundy(sub([1, 2, 3]), 20),
     ("[1, 2, 3]", "[1, 2]"), grundy(sub([1, 2]), 20)),
    ("split.cgs", "take_one_split", grundy(take_split([1]), 20),
     ("[[a, n - 1 - a] for a from 0 to n - 1]", "[[a, n - 2 - a] for a from 0 to n - 2]"),
     grundy(take_split([2]), 20)),
    ("join.cgs", "nim_join_kayles", grundy(union(nim, take_split_apart([1, 2])), 20),
     ("game.heap.Nim.Join(game.heap.Kayles)", "game.heap.Kayles.Join(game.heap.GrundysGame)"),
     grundy(union(take_split_apart([1, 2]), grundys_game), 20)),
]


@pytest.mark.parametrize("program, game, want, _plant, _twin", CASES)
def test_a_functional_heap_ruleset_agrees_with_its_spec(library, program, game, want, _plant, _twin):
    from solvers import Box
    rep = audit(DATA / program, game, library, printed="grundy", box=Box(("x",) if game == "subtraction"
                                                                        else ("n",), (20,)))
    assert rep.exit_code == 0, summaries(rep)
    assert check(rep, "heaps").verdict == "agree" and check(rep, "printed").verdict == "agree", summaries(rep)
    assert "21 heap values of FunctionalHeapRuleset #1" in check(rep, "heaps").summary
    assert rep.printed["as printed"] == [row(want)]


@pytest.mark.parametrize("program, game, want, plant, twin", CASES)
def test_a_planted_twin_differs_where_the_recursions_differ(library, tmp_path, program, game, want, plant, twin):
    text = (DATA / program).read_text(encoding="utf-8")
    assert text.count(plant[0]) == 1
    (tmp_path / "twin.cgs").write_text(text.replace(*plant), encoding="utf-8")
    rep = audit(tmp_path / "twin.cgs", game, library)
    assert rep.exit_code == 1 and check(rep, "heaps").verdict == "differ", summaries(rep)
    assert {r["position"] for r in check(rep, "heaps").rows} == {
        f"({n})" for n in range(21) if want[n] != twin[n]} != set()


def test_the_nim_value_sequence_is_judged_heap_by_heap(library):
    rep = audit(DATA / "sequence.cgs", "subtraction", library)
    assert rep.exit_code == 0 and check(rep, "heaps").verdict == "agree", summaries(rep)
    assert "20 heap values" in check(rep, "heaps").summary and "heaps 1..20" in check(rep, "heaps").summary


#: (HeapOptions function or program line, the reason the run stops)
REFUSED = [
    ("n -> [n - 1]", "HeapOptions(3) of FunctionalHeapRuleset #1 includes 2, which is not a list"),
    ("n -> [[-1]]", "whose heap -1 is not a nonnegative integer"),
    ("n -> [[n]]", "lead from heap 3 back to heap 3"),
    ("n -> [{n - 1}]", "includes {2}, which is not a list"),
    ("n -> 3", "HeapOptions(3) of FunctionalHeapRuleset #1 is 3, not a collection"),
]


@pytest.mark.parametrize("fn, reason", REFUSED)
def test_malformed_heap_options_are_refused_with_the_reason(library, tmp_path, fn, reason):
    (tmp_path / "p.cgs").write_text(f"R := game.heap.FunctionalHeapRuleset({fn});\n"
                                    "System.Print(R.HeapNimValue(3));\n", encoding="utf-8")
    rep = audit(tmp_path / "p.cgs", "subtraction", library)
    assert rep.exit_code == 2, summaries(rep)
    failed = [c for _, c in rep.checks if c.verdict == "error"]
    assert failed and reason in failed[0].summary and " at 2:" in failed[0].summary, summaries(rep)


def test_check_periodicity_is_refused_by_name(library, tmp_path):
    (tmp_path / "p.cgs").write_text("R := game.heap.FunctionalHeapRuleset(n -> [[n - 1]]);\n"
                                    "System.Print(R.CheckPeriodicity(20));\n", encoding="utf-8")
    rep = audit(tmp_path / "p.cgs", "subtraction", library)
    assert rep.exit_code == 2
    assert any("`CheckPeriodicity` of game.heap.HeapRuleset is not interpreted" in s for s in summaries(rep)), \
        summaries(rep)


def test_the_real_cgsuite_stops_on_malformed_heap_options_too(real_cgsuite, tmp_path):
    """CGSuite 2.2 printed: "... includes an element of type `game.Zero`, which is not a
    `cgsuite.lang.List`", "Index -1 out of bounds ...", "Maximum recursive depth exceeded"."""
    (tmp_path / "run").mkdir()
    for k, (fn, _) in enumerate(REFUSED[:3]):
        path = tmp_path / "run" / f"bad{k}.cgs"
        path.write_text(f"R := game.heap.FunctionalHeapRuleset({fn});\nR.HeapNimValue(3)\n", encoding="utf-8")
        out = real_cgsuite.run(tmp_path / "run", path)
        assert out.returncode == 1, (fn, out.stdout, out.stderr)


# ------------------------------------------------------------ a program's own HeapRuleset
#: What CGSuite 2.2 printed for grundy_rules.cgs (with GrundyRules.cgs on its class path).
OWN = ["[0,0,0,1,0,2,1,0,2,1,0,2,1,3,2,1,3,2,4,3,0]", "[0,0,1,0,2,1,0,2,1,0,2,1,3,2,1,3,2,4,3,0]"]


def test_what_cgsuite_printed_for_a_program_class_is_grundys_game():
    assert OWN == [row(grundy(grundys_game, 20)), row(grundy(grundys_game, 20)[1:])]


def test_the_real_cgsuite_prints_the_same_for_a_program_class(real_cgsuite, tmp_path):
    (tmp_path / "run").mkdir()
    (tmp_path / "run" / "GrundyRules.cgs").write_bytes((DATA / "GrundyRules.cgs").read_bytes())
    out = real_cgsuite.run(tmp_path / "run", DATA / "grundy_rules.cgs")
    assert out.returncode == 0 and out.stdout.splitlines() == OWN, out.stdout + out.stderr


def test_a_program_class_extending_heap_ruleset_agrees_and_its_twin_differs(library, tmp_path):
    from solvers import Box
    own = DATA / "GrundyRules.cgs"
    rep = audit(DATA / "grundy_rules.cgs", "grundys_game", library, classes=[str(own)], printed="grundy",
                box=Box(("n",), (20,)))
    assert rep.exit_code == 0 and check(rep, "heaps").verdict == "agree", summaries(rep)
    assert rep.printed["as printed"] == OWN
    text = own.read_text(encoding="utf-8")
    (tmp_path / "GrundyRules.cgs").write_text(text.replace(" where k != n - k", ""), encoding="utf-8")
    twin = audit(DATA / "grundy_rules.cgs", "grundys_game", library, classes=[str(tmp_path / "GrundyRules.cgs")])
    want, got = grundy(grundys_game, 20), grundy(lambda n: [(k, n - k) for k in range(1, n)], 20)
    assert twin.exit_code == 1, summaries(twin)
    assert {r["position"] for r in check(twin, "heaps").rows} == {
        f"({n})" for n in range(21) if want[n] != got[n]} != set()


# ------------------------------------------------------------ products of heap rulesets
def sub12_values(diagonal: bool, n: int = 6) -> list:
    """Two heaps of the subtraction game S = {1, 2} by a mex written here: a move in one heap
    (their disjunctive sum, CGSuite's AcrosticProduct) or, for the twin, also in both at once."""
    g: dict = {}
    for a in range(n + 1):
        for b in range(n + 1):
            opts = {g[(a - s, b)] for s in (1, 2) if s <= a} | {g[(a, b - s)] for s in (1, 2) if s <= b}
            if diagonal:
                opts |= {g[(a - s, b - t)] for s in (1, 2) for t in (1, 2) if s <= a and t <= b}
            g[(a, b)] = next(m for m in range(len(opts) + 1) if m not in opts)
    return [[g[(a, b)] for b in range(n + 1)] for a in range(n + 1)]


def nim_product(x: int, y: int) -> int:
    """Conway's nim multiplication, by its definition: the mex of a'*y + x*b' + a'*b' (nim sums)
    over a' < x, b' < y (Winning Ways ch. 14, On Numbers and Games ch. 6)."""
    table: dict = {}
    for a in range(x + 1):
        for b in range(y + 1):
            seen = {table[(p, b)] ^ table[(a, q)] ^ table[(p, q)] for p in range(a) for q in range(b)}
            table[(a, b)] = next(m for m in range(len(seen) + 1) if m not in seen)
    return table[(x, y)]


def rows_text(t) -> str:
    return "[" + ",".join("[" + ",".join(map(str, r)) + "]" for r in t) + "]"


#: DirectProduct's options are the sums (a, n) + (m, b) + (a, b) (HeapRuleset.cgs), so by the Tartan
#: theorem (Winning Ways ch. 14) its values are the nim products of the factors' values, n mod 3.
DIRECT = [[nim_product(a % 3, b % 3) for b in range(7)] for a in range(7)]


def test_the_acrostic_product_agrees_with_the_sum_of_two_heaps(library):
    rep = audit(DATA / "acrostic_product.cgs", "sub12_sum", library, printed="grundy", box=Box(("x", "y"), (6, 6)))
    assert rep.exit_code == 0 and check(rep, "printed").verdict == "agree", summaries(rep)
    assert rep.printed["as printed"] == [rows_text(sub12_values(False))]


def test_against_a_twin_spec_with_diagonal_moves_it_differs_where_the_recursions_differ(library):
    rep = audit(DATA / "acrostic_product.cgs", "sub12_diagonal", library, printed="grundy", box=Box(("x", "y"), (6, 6)))
    plain, diagonal = sub12_values(False), sub12_values(True)
    bad = {f"({a},{b})" for a in range(7) for b in range(7) if plain[a][b] != diagonal[a][b]}
    assert bad and rep.exit_code == 1 and {r["position"] for r in check(rep, "printed").rows} == bad


def test_the_direct_product_gives_the_nim_products_of_the_tartan_theorem(library):
    """No spec states a move to a sum of three positions, so the direct product is checked on what
    it prints: the interpreter gives the Tartan theorem's nim products (and the engine, below)."""
    assert run_lines(DATA / "direct_product.cgs", library) == [rows_text(DIRECT)]


def test_the_real_cgsuite_prints_the_products_values(real_cgsuite, tmp_path):
    for program, want in (("direct_product", DIRECT), ("acrostic_product", sub12_values(False))):
        (tmp_path / "run").mkdir(exist_ok=True)
        path = tmp_path / "run" / f"{program}.cgs"
        path.write_text((DATA / f"{program}.cgs").read_text(encoding="utf-8"), encoding="utf-8")
        out = real_cgsuite.run(tmp_path / "run", path)
        assert out.returncode == 0, out.stdout + out.stderr
        assert out.stdout.splitlines()[0] == rows_text(want)
