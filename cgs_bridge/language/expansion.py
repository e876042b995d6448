"""The size of expressions with their definitions written out, bounded before any work.

Several stages follow calls to definitions by substitution (the constraint analysis of derived
moves, monotonicity, the printers' inlined forms), and every evaluator calls a definition once per
call site, so the work of one evaluation is the size of the expression with every call expanded.
A short specification can make that size exponential (``def f1(n) = f0(n) + f0(n)``, 40 levels:
2^40 nodes from 1 KB). :func:`check_expansion` computes the expanded size arithmetically, one
definition at a time (each definition's size as a linear form in the sizes of its arguments), and
refuses a specification above :data:`MAX_EXPANDED_NODES` before anything expands it.
"""

from __future__ import annotations

from cgs_bridge.foundation.errors import SpecError

from . import ast as A


from . import traversal as Tr
#: Largest number of expression nodes of a definition, ``require``, move rule or claim once every
#: call to a definition is written out (argument expressions substituted for the parameters).
MAX_EXPANDED_NODES = 10_000


def _linear(node, profiles: dict, params: tuple, cap: int, bound: frozenset = frozenset()):
    """(constant, counts): the expanded size of ``node`` as ``constant + sum(counts[i] * size of
    params[i])``, every component saturated at ``cap``."""
    if isinstance(node, A.Name) and node.id in params and node.id not in bound:
        counts = [0] * len(params)
        counts[params.index(node.id)] = 1
        return 0, counts
    if isinstance(node, A.Call) and node.func in profiles:
        const, uses = profiles[node.func]
        total, counts = const, [0] * len(params)
        for u, arg in zip(uses, node.args):
            if u:
                c, v = _linear(arg, profiles, params, cap, bound)
                total += u * c
                counts = [min(cap, a + u * b) for a, b in zip(counts, v)]
        return min(cap, total), counts
    inner = bound | {node.var} if isinstance(node, A.Search) else bound
    total, counts = 1, [0] * len(params)
    for child in Tr.children(node):
        b = bound if isinstance(node, A.Search) and child is not node.cond else inner
        c, v = _linear(child, profiles, params, cap, b)
        total += c
        counts = [min(cap, a + x) for a, x in zip(counts, v)]
    return min(cap, total), counts


def _refuse(game: A.Game, what: str, pos: A.Pos) -> SpecError:
    return SpecError(f"{what} has more than {MAX_EXPANDED_NODES:,} expression nodes once its calls to "
                     f"definitions are written out (the limit of expanded expressions; a definition "
                     f"that calls an earlier one twice doubles the size at each level)",
                     game.file, pos.line or None, pos.column or None)


def _top_level(game: A.Game):
    """(description, expression, position) of every expression outside the definitions."""
    for r in game.requires:
        yield "this require", r.expr, r.pos
    for c in game.cuts:
        for a in getattr(c, "assigns", ()):
            yield f"the assignment to {a.target}", a.value, a.pos
    if game.clamp is not None:
        for a in game.clamp.assigns:
            yield f"the clamp of {a.target}", a.value, a.pos
    for cl in game.claims:
        yield f"claim {cl.name!r}", cl.expr, cl.pos
        if cl.when is not None:
            yield f"the condition of claim {cl.name!r}", cl.when, cl.pos


def check_expansion(game: A.Game) -> None:
    """Refuse a game any of whose definitions, requires, move rules or claims exceeds
    :data:`MAX_EXPANDED_NODES` nodes with its calls expanded (definitions see earlier ones only,
    as the checker requires). Linear in the size of the specification.

    Raises:
        SpecError: at the definition (or statement) whose expansion is too large, naming the limit.
    """
    cap = MAX_EXPANDED_NODES + 1
    profiles: dict = {}
    for d in game.defs:
        const, uses = _linear(d.body, profiles, tuple(d.params), cap)
        if const + sum(uses) > MAX_EXPANDED_NODES:
            raise _refuse(game, f"definition {d.name}", d.pos)
        profiles[d.name] = (const, uses)
    for what, expr, pos in _top_level(game):
        size, _ = _linear(expr, profiles, (), cap)
        if size > MAX_EXPANDED_NODES:
            raise _refuse(game, what, expr.pos if expr.pos.line else pos)
