"""The general move rules and the pass (issue 22) in the emitted Wolfram Language program:
``Table`` over the rule's variable and a ``withPass`` function around the options' values.
Semantics: :class:`cgs_bridge.model.game.Ruleset` (a general rule reads the position before the
move; the pass, from a position with another option and the flag 1, gives the same position with
the flag 0: Inoue, Fukui, Miyadera, Integers 16 (2016) G5)."""

from __future__ import annotations


def mathematica_options(pr, names, model, coords, pattern, options, calls) -> None:
    """Per general rule (issue 22), a function giving the values of its options: the rule reads
    the whole old position, so no line recurrence; ``Select`` keeps the values of the variable
    where the condition holds (``Range[lo, hi]`` or the finite set), ``Table`` reads each option's
    value (after the clamp, when the game has one). Appends to ``options`` and ``calls``."""
    guard = None
    for gm in model.general:
        v = names[gm.var]
        tup = "{" + ", ".join(pr.doprint(e) for e in gm.result) + "}"
        look = "at"
        if _may_raise(gm, model.coords):  # issue 47: the option's value is read only inside the table
            if guard is None:
                guard = names.fresh("atInBox")
                options.append(f"{guard}[q_List] := If[Min[q] >= 0 && And @@ Thread[q < Take[Dimensions[value], "
                               f"Length[q]]], at[q], cgsError[\"the option \" <> ToString[q] <> \" lies outside "
                               f"the box (a move raising a coordinate); take a larger bound\"]];")
            look = guard
        entry = f"{look}[clamp[{tup}]]" if model.clamp is not None else f"{look}[{tup}]"
        rng = ("{" + ", ".join(pr.doprint(e) for e in gm.values) + "}" if gm.values is not None
               else f"Range[{pr.doprint(gm.lo)}, {pr.doprint(gm.hi)}]")
        if gm.where is not None:
            it = f"{{{v}, Select[{rng}, Function[{{{v}}}, {pr.doprint(gm.where)}]]}}"
        elif gm.values is not None:
            it = f"{{{v}, {rng}}}"
        else:
            it = f"{{{v}, {pr.doprint(gm.lo)}, {pr.doprint(gm.hi)}}}"
        fn = names.fresh("moveOptions")
        # Table, not Map: in Mathics3 (8.x) Map over the empty Range[1, 0] corrupts a later
        # Tuples[{Range[0, n]}] of the same session (an internal AssertionError)
        options.append(f"{fn}[{pattern}] := Table[{entry}, {it}];")
        calls.append(f"{fn}[{{{', '.join(coords)}}}]")


def pass_wrapper(names, model, coords, pattern, options) -> tuple:
    """With a pass (``pass once``): the function adding the value of the position with the flag 0
    to the options' values when the flag is 1 and there is another option (never from a terminal
    position), and the text around ``Join[...]`` in the template that calls it; ``("", "")``
    without a pass."""
    if model.pass_index is None:
        return "", ""
    fn, opts = names.fresh("withPass"), names.fresh("opts")
    flag = coords[model.pass_index]
    passed = ", ".join("0" if j == model.pass_index else c for j, c in enumerate(coords))
    options.append(f"{fn}[{pattern}, {opts}_] := If[{flag} == 1 && {opts} =!= {{}}, "
                   f"Append[{opts}, at[{{{passed}}}]], {opts}];")
    return f"{fn}[{{{', '.join(coords)}}}, ", "]"


def _may_raise(gm, coords) -> bool:
    """True when a general rule's new position is not visibly at most the old one in every
    coordinate (each entry the coordinate itself or ``coordinate - E``): its option may lie
    outside the box (issue 47, CGSuite's GenMem: ``k = a``), so the program checks it."""
    from cgs_bridge.language import ast as A
    for c, e in zip(coords, gm.result):
        if e == A.Name(c) or (isinstance(e, A.BinOp) and e.op == "-" and e.left == A.Name(c)):
            continue
        below = A.BinOp("-", A.Name(c), A.Num(1))  # `cut c to t where ...`: t in 0..c - 1
        if e == A.Name(gm.var) and gm.values is None and gm.lo == A.Num(0) and gm.hi == below:
            continue
        return True
    return False
