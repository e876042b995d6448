"""The ``audit-reading`` case of ``cgs-bridge bench`` (issue 46, item 1): the reading of a
Mathematica program in the auditing process (normalisation, Mathics3's parser, the symbols, the
size, the run's plan, the builtins called) is linear in the program's length.

Each shape of issue 46's reproducers (a long list, many short statements, deep nesting, comments,
strings, ``Ψ`` breaks, one long compound statement, display code, loops) is read at two sizes, n
and 4n characters, in this process; the yardstick is the reading of the smaller one in the same
run, so the printed ratio is 4 for a linear reading and 16 for a quadratic one (the splitter's
rebuilt buffer made a 40 KB statement 4-5 times slower than a 20 KB one). Benchmarks are not
tests: nothing here asserts a time. Its record, :data:`CASE`, is one of Mathematica's ``bench``
cases in the registry (issue 45: it moved here from ``jobs/bench``).
"""

from __future__ import annotations

import time


#: A small program the shapes are appended to (a Grundy function of two-heap Nim, written here).
BASE = ("ss = 4;\nmove[{x_, y_}] := Join[Table[{t, y}, {t, 0, x - 1}], Table[{x, t}, {t, 0, y - 1}]];\n"
        "Gr[p_] := Gr[p] = Module[{s = Map[Gr, move[p]]}, Min[Complement[Range[0, Length[s]], s]]];\n"
        "allcases = Flatten[Table[{a, b}, {a, 0, ss}, {b, 0, ss}], 1];\n")

#: name -> the appended text of about ``n`` characters.
SHAPES = {
    "list": lambda n: "data = {" + ", ".join(["1"] * (n // 3)) + "};\n",
    "statements": lambda n: "a = 1;\n" * (n // 7),
    "nesting": lambda n: "f[" * (n // 4) + "]" * (n // 4) + "\n",
    "comments": lambda n: "x = 1 " + "(* c *) " * (n // 8) + "\n",
    "strings": lambda n: "x = {" + ", ".join(['"s"'] * (n // 5)) + "};\n",
    "psi breaks": lambda n: "y = {" + "\u03a81,".join([""] * (n // 3)) + "1};\n",
    "compound": lambda n: "a = 1; " * (n // 7) + "\n",
    "display": lambda n: "".join(f"d{i} = d{i - 1};\n" for i in range(1, n // 12)) + f"Grid[d{n // 12 - 1}]\n",
    "loops": lambda n: "Do[" * (n // 8) + "x = 1" + ", {i, 1}]" * (n // 8) + "\n",
}


def read_seconds(text: str) -> float:
    """Seconds to read ``text`` as ``audit`` does before and after its engine run."""
    from cgs_bridge.systems.mathematica import sizes

    from .audit import core, extract, runner
    t0 = time.perf_counter()
    norm, _, _ = core._normalized(text, (), True)
    symbols = extract.detect_symbols(norm)
    sizes.run_size(norm, {})
    extract.plan(norm, symbols, "key", [(0, 0)], "", n=2)
    runner.statically_missing(norm, "mathics")
    core.symbol_origins(norm)
    return time.perf_counter() - t0


def bench_audit_reading(n: int = 20_000, out=print) -> dict:
    """Read every shape at ``n`` and ``4 n`` characters; print one line per shape and return
    ``{shape: (seconds at n, seconds at 4 n, ratio)}``."""
    read_seconds(BASE)  # imports and the parser's tables, not timed
    res = {}
    for name, shape in SHAPES.items():
        small, large = read_seconds(BASE + shape(n)), read_seconds(BASE + shape(4 * n))
        res[name] = (small, large, large / small if small else float("inf"))
        out(f"audit-reading {name:<11} {n:,} chars {small:.2f} s, {4 * n:,} chars {large:.2f} s: "
            f"{res[name][2]:.1f}x (linear 4x, quadratic 16x)")
    return res


def run_case(options: dict, jobs) -> int:
    """The case as ``bench --cases audit-reading`` runs it (a timing: always 0)."""
    bench_audit_reading()
    return 0


#: The ``audit-reading`` case: the reading of a program at n and 4n characters.
