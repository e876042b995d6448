"""The general move rules and the pass in the fast kernel (issue 22): generated source.

Plain cuts keep the carried option bitsets of :mod:`solvers.kernelgen` (their rule depends only on
the lowered point). A general rule (:class:`cgs_bridge.language.ast.Move`) reads the whole old
position, so its options are enumerated at each valid position into a local bitset ``LB`` (``LC``
for misère values) that the mex unites with the carried ones. The pass (``pass once``) is one more
layer: the flag is the last coordinate, so the position with the flag 0 is ``L - st{f}``, solved
before; it is an option when the flag is 1 and the position has another option (Inoue, Fukui,
Miyadera, Integers 16 (2016) G5).

Anything unexpected at a valid position (an evaluation error, an option not below the position in
lexicographic order (issue 47: a coordinate may rise when an earlier one falls), outside the box,
equal to the position or invalid, a value wider than the bitsets, a range of more
than :attr:`cgs_bridge.model.game.Ruleset.MAX_MOVE_RANGE` values) stops the kernel with status 2; the
reference re-diagnoses the position (:func:`solvers.kernel.diagnose`), and solves the whole box
when it finds nothing wrong there.
"""

from __future__ import annotations

from cgs_bridge.model.game import Ruleset

from .codegen import X


def emit_functions(g, ruleset) -> None:
    """Emit per general rule ``k``: ``_mlo{k}``/``_mhi{k}`` (interval) or ``_mval{k}(idx, ...)``
    (finite set), ``_mwhere{k}`` and ``_move{k}`` (the option, clamp included), each taking the
    position ``p0..p{n-1}`` (and the variable ``v``) then ``K, T, err``."""
    n = ruleset.n
    ps = [f"p{j}" for j in range(n)]
    for k, m in enumerate(ruleset.game.moves):
        env = dict(zip(ruleset.coords, ps))
        venv = dict(env)
        venv[m.var] = "v"
        args = ", ".join(ps)
        if m.values is None:
            g.emit(f"def _mlo{k}({args}, {X}):\n    return {g.expr(m.lo, env)}\n")
            g.emit(f"def _mhi{k}({args}, {X}):\n    return {g.expr(m.hi, env)}\n")
        else:
            body = "".join(f"    if idx == {i}:\n        return {g.expr(e, env)}\n" for i, e in enumerate(m.values))
            g.emit(f"def _mval{k}(idx, {args}, {X}):\n{body}    return 0\n")
        cond = g.expr(m.where, venv) if m.where is not None else "True"
        g.emit(f"def _mwhere{k}({args}, v, {X}):\n    return {cond}\n")
        lines: list = []
        g.assign(ruleset, m.assigns, venv, list(ps), lines)
        g.emit(f"def _move{k}({args}, v, {X}):\n" + "\n".join(lines) + "\n")


def _add(ind: str, lq: str) -> list:
    """Lines adding the option at linear index ``lq`` to the local bitsets (status 2 when it is
    invalid or wider than the bitsets)."""
    return [f"{ind}g = np.int64(G[{lq}])",
            f"{ind}if g < 0 or g >= W * 64:",
            f"{ind}    return 2, L",
            f"{ind}LB[g >> 6] |= one << np.uint64(g & 63)",
            f"{ind}if misere:",
            f"{ind}    g = np.int64(M[{lq}])",
            f"{ind}    if g < 0 or g >= W * 64:",
            f"{ind}        return 2, L",
            f"{ind}    LC[g >> 6] |= one << np.uint64(g & 63)",
            f"{ind}cnt += 1"]


def options_block(ruleset, ruled: list, ind: str) -> list:
    """Kernel lines (at indentation ``ind``, inside ``if v:``) that fill ``LB``/``LC`` with the
    values of the general rules' options and the pass, counting them in ``cnt``."""
    n = ruleset.n
    ps = ", ".join(f"p{j}" for j in range(n))
    qs = ", ".join(f"q{j}" for j in range(n))
    lq = " + ".join(f"q{j} * st{j}" for j in range(n))
    # inside the box, and below p in lexicographic order (issue 47): in the box's row-major
    # layout that is a smaller linear index, so the option's value is already computed
    bad = " or ".join(f"q{j} < 0 or q{j} >= n{j}" for j in range(n))
    k = [f"{ind}for w in range(W):", f"{ind}    LB[w] = 0", f"{ind}    LC[w] = 0", f"{ind}cnt = 0"]
    for i, m in enumerate(ruleset.game.moves):
        if m.values is None:
            k += [f"{ind}vlo = _mlo{i}({ps}, {X})", f"{ind}vhi = _mhi{i}({ps}, {X})",
                  f"{ind}if err[0] != 0 or vhi - vlo >= {Ruleset.MAX_MOVE_RANGE}:", f"{ind}    return 2, L",
                  f"{ind}for v in range(vlo, vhi + 1):"]
        else:
            k += [f"{ind}for vi in range({len(m.values)}):", f"{ind}    v = _mval{i}(vi, {ps}, {X})"]
        body = ind + "    "
        k += [f"{body}ok = _mwhere{i}({ps}, v, {X})",
              f"{body}if err[0] != 0:", f"{body}    return 2, L",
              f"{body}if not ok:", f"{body}    continue",
              f"{body}{qs}, = _move{i}({ps}, v, {X})",
              f"{body}if err[0] != 0 or {bad}:", f"{body}    return 2, L",
              f"{body}Lq = {lq}", f"{body}if Lq >= L:", f"{body}    return 2, L"]
        k += _add(body, "Lq")
    f = ruleset.pass_index
    if f is not None:
        others = " or ".join([f"p{i} > 0" for i in ruled] + ["cnt > 0"])
        k += [f"{ind}if p{f} == 1 and ({others}):"] + _add(ind + "    ", f"L - st{f}")
    return k
