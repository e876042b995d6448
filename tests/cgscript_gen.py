"""Hypothesis strategies for CGScript 2.x expressions and small programs (differential tests).

Every expression is generated as text, with the precedence of CGSuite's Cgsuite.g: a child is put
in parentheses unless it binds tighter than its parent, so precedence is exercised too. Types are
tracked loosely (integers, numbers, booleans, collections) so most expressions evaluate; the ones
that fail (a nim-sum of a negative, an index out of range, a division by zero) must fail on both
sides.
"""

from __future__ import annotations

from hypothesis import strategies as st

INTS = st.integers(-12, 12)


def _lit(n: int) -> str:
    return f"({n})" if n < 0 else str(n)


def _p(s: str) -> str:
    return f"({s})"


def ints(depth: int = 3):
    leaf = INTS.map(_lit)
    if depth <= 0:
        return leaf
    sub, num = ints(depth - 1), nums(depth - 1)
    return st.one_of(
        leaf, leaf,
        st.tuples(sub, st.sampled_from(["+", "-", "*"]), sub).map(lambda t: _p(f"{t[0]} {t[1]} {t[2]}")),
        st.tuples(sub, st.sampled_from(["+", "-", "*"]), sub).map(lambda t: f"{t[0]} {t[1]} {t[2]}"),
        st.tuples(sub, sub).map(lambda t: f"{_p(t[0])}.Div({t[1]})"),
        st.tuples(sub, sub).map(lambda t: _p(f"{t[0]} % {t[1]}")),
        st.tuples(num, st.sampled_from(["Floor", "Ceiling"])).map(lambda t: f"{_p(t[0])}.{t[1]}"),
        sub.map(lambda s: f"{_p(s)}.Abs"),
        st.tuples(sub, sub).map(lambda t: _p(f"{t[0]} NimSum {t[1]}")),
        st.tuples(sub, sub).map(lambda t: f"{_p(t[0])}.NimSum({t[1]})"),
        st.tuples(st.sampled_from(["Min", "Max"]), st.lists(sub, min_size=1, max_size=4)).map(
            lambda t: f"{t[0]}([{', '.join(t[1])}])"),
        st.tuples(sub, st.integers(0, 4)).map(lambda t: _p(f"{_p(t[0])} ^ {t[1]}")),
        st.tuples(bools(depth - 1), sub, sub).map(lambda t: f"if {t[0]} then {t[1]} else {t[2]} end"),
        st.tuples(st.lists(sub, min_size=1, max_size=4), st.integers(1, 4)).map(
            lambda t: f"[{', '.join(t[0])}][{t[1]}]"),
        st.tuples(st.lists(sub, max_size=4)).map(lambda t: f"[{', '.join(t[0])}].Length"),
        sub.map(lambda s: f"-{_p(s)}"),
    )


def nums(depth: int = 3):
    if depth <= 0:
        return st.one_of(INTS.map(_lit), st.tuples(INTS, st.integers(1, 9)).map(lambda t: f"({t[0]}/{t[1]})"))
    sub, i = nums(depth - 1), ints(depth - 1)
    return st.one_of(
        i,
        st.tuples(INTS, st.integers(1, 9)).map(lambda t: f"{_lit(t[0])}/{t[1]}"),
        st.tuples(sub, st.sampled_from(["+", "-", "*", "/"]), sub).map(lambda t: _p(f"{t[0]} {t[1]} {t[2]}")),
        st.tuples(sub, st.sampled_from(["+", "-", "*", "/"]), sub).map(lambda t: f"{t[0]} {t[1]} {t[2]}"),
        st.tuples(sub, sub).map(lambda t: _p(f"{t[0]} % {t[1]}")),
        sub.map(lambda s: f"{_p(s)}.Abs"),
        st.tuples(st.sampled_from(["Min", "Max"]), st.lists(sub, min_size=1, max_size=4)).map(
            lambda t: f"{t[0]}([{', '.join(t[1])}])"),
        st.tuples(sub, st.integers(0, 3)).map(lambda t: _p(f"{_p(t[0])} ^ {t[1]}")),
    )


def bools(depth: int = 2):
    leaf = st.sampled_from(["true", "false"])
    if depth <= 0:
        return leaf
    sub, n = bools(depth - 1), nums(depth - 1)
    rel = st.sampled_from(["==", "!=", "<", "<=", ">", ">="])
    return st.one_of(
        leaf,
        st.tuples(n, rel, n).map(lambda t: f"{t[0]} {t[1]} {t[2]}"),
        st.tuples(sub, st.sampled_from(["and", "or"]), sub).map(lambda t: f"{_p(t[0])} {t[1]} {_p(t[2])}"),
        st.tuples(sub, st.sampled_from(["and", "or"]), sub).map(lambda t: f"{t[0]} {t[1]} {t[2]}"),
        sub.map(lambda s: f"not {_p(s)}"),
        st.tuples(colls(depth - 1), n).map(lambda t: f"{_p(t[0])}.Contains({t[1]})"),
        st.tuples(colls(depth - 1), colls(depth - 1)).map(lambda t: f"{t[0]} == {t[1]}"),
    )


def colls(depth: int = 2):
    n = nums(max(depth - 1, 0))
    i = ints(max(depth - 1, 0))
    return st.one_of(
        st.lists(n, max_size=5).map(lambda xs: f"[{', '.join(xs)}]"),
        st.lists(n, max_size=5).map(lambda xs: "{" + ", ".join(xs) + "}"),
        st.lists(st.lists(i, max_size=3).map(lambda xs: f"[{', '.join(xs)}]"), max_size=4).map(
            lambda xs: "{" + ", ".join(xs) + "}"),
        st.tuples(st.integers(-3, 3), st.integers(-3, 6)).map(lambda t: f"{_lit(t[0])}..{t[1]}"),
        st.tuples(st.integers(-3, 3), st.integers(-3, 6), st.integers(1, 5)).map(
            lambda t: f"[t * {t[2]} for t from {_lit(t[0])} to {t[1]}]"),
        st.tuples(st.integers(0, 8), st.integers(1, 4)).map(lambda t: f"{{t % {t[1]} for t from 0 to {t[0]}}}"),
        st.tuples(st.integers(0, 8), st.integers(2, 3)).map(
            lambda t: f"[t for t from 0 to {t[0]} where t % {t[1]} == 0]"),
    )


def nimbers(depth: int = 2):
    """Nimbers ``*(n)`` and their sums, nim values, equality."""
    n = st.integers(0, 12).map(lambda v: f"*({v})")
    i = ints(max(depth - 1, 0))
    return st.one_of(
        n, st.just("*"), st.integers(0, 9).map(lambda v: f"*{v}"),
        st.tuples(n, n).map(lambda t: f"{t[0]} + {t[1]}"),
        st.tuples(n, n, n).map(lambda t: f"({t[0]} + {t[1]} + {t[2]}).NimValue"),
        i.map(lambda e: f"*({e})"),
        st.tuples(n, n).map(lambda t: f"{t[0]} == {t[1]}"),
        st.lists(n, max_size=4).map(lambda xs: "{" + ", ".join(xs) + "}"),
    )


def powers():
    """Rational powers, negative exponents included (``x ^ (-n)``)."""
    base = st.one_of(INTS.map(_lit), st.tuples(INTS, st.integers(1, 5)).map(lambda t: f"({t[0]}/{t[1]})"))
    return st.tuples(base, st.integers(-4, 4)).map(lambda t: f"{t[0]} ^ {_lit(t[1])}")


def strings():
    words = st.sampled_from(['"a"', '"bc"', '""', '"x y"'])
    return st.one_of(
        st.tuples(words, words).map(lambda t: f"{t[0]} + {t[1]}"),
        words.map(lambda w: f"{w}.Length"),
        st.lists(words, max_size=3).map(lambda xs: f"[{', '.join(xs)}]"),
        st.tuples(words, INTS).map(lambda t: f"{t[0]} + {_lit(t[1])}"),
    )


def expressions():
    """Any printable expression (integers, numbers, booleans, collections, nimbers, strings)."""
    return st.one_of(ints(3), nums(2), bools(2), colls(2), nimbers(2), powers(), strings())


def _body(var: str):
    """An integer expression in the loop variable ``var``."""
    return st.one_of(
        st.just(var),
        st.tuples(st.integers(-3, 3), st.integers(-3, 3)).map(lambda t: f"{var} * {_lit(t[0])} + {_lit(t[1])}"),
        st.integers(1, 4).map(lambda d: f"{var}.Div({d})"),
        st.integers(1, 4).map(lambda d: f"({var} / {d}).Floor"),
        st.integers(0, 7).map(lambda m: f"{var} NimSum {m}"),
        st.integers(1, 3).map(lambda d: f"{var} % {d}"),
    )


def programs():
    """One-line worksheet programs: loops, procedures, local variables, lists, sets, printing."""
    a, b = st.integers(-3, 4), st.integers(-2, 9)
    return st.one_of(
        st.tuples(a, b, st.integers(1, 3), _body("i")).map(
            lambda t: f"s := 0; for i from {_lit(t[0])} to {t[1]} by {t[2]} do s := s + {t[3]} end; System.Print(s);"),
        st.tuples(a, b, _body("i"), st.integers(1, 3)).map(
            lambda t: f"s := []; for i from {_lit(t[0])} to {t[1]} where i % {t[3]} == 0 do s := s.Concat([{t[2]}]) end; System.Print(s);"),
        st.tuples(a, st.integers(1, 20), st.integers(1, 3)).map(
            lambda t: f"m := {_lit(t[0])}; c := 0; while m < {t[1]} do m := m + {t[2]}; c := c + 1 end; System.Print([m, c]);"),
        st.tuples(_body("t"), a, b).map(
            lambda t: f"f := t -> {t[0]}; System.Print([f({_lit(t[1])}), f({t[2]})]);"),
        st.tuples(_body("x"), a, b).map(
            lambda t: f"g := (x, y) -> {t[0]} + y; System.Print(g({_lit(t[1])}, {t[2]}));"),
        st.tuples(a, b).map(
            lambda t: f"System.Print(begin var z := {_lit(t[0])}; var w := z * {t[1]}; [z, w] end);"),
        st.tuples(b, st.integers(1, 4), _body("i"), st.sampled_from(["Size", "Size", "Length"])).map(
            lambda t: f"l := MutableList(); for i from 0 to {t[0]} do if i % {t[1]} == 0 then l.Add({t[2]}) end end; System.Print(l.{t[3]}); System.Print(l[1]);"),
        st.tuples(b, _body("i")).map(
            lambda t: f"u := MutableSet(); for i from 0 to {t[0]} do u.Add({t[1]}) end; System.Print(u.Size); System.Print(u.Contains(0));"),
        st.tuples(b, _body("i")).map(
            lambda t: f"System.Print({{{t[1]} for i from 0 to {t[0]}}});"),
        st.tuples(b, st.integers(0, 5)).map(
            lambda t: f"n := 0; for i from 0 to {t[0]} do for j from 0 to i do if i NimSum j == {t[1]} then n := n + 1 end end end; System.Print(n);"),
        st.tuples(b, st.integers(1, 3)).map(
            lambda t: f"r := [i for i from 0 to {t[0]}]; System.Print(Max(r) - Min(r)); System.Print(r.Length % {t[1]});"),
        st.tuples(b, st.integers(1, 3), _body("i")).map(
            lambda t: f"System.Print(for i from 0 to {t[0]} where i % {t[1]} == 0 yield {t[2]} end);"),
    )
