"""Traversals of the expression nodes of :mod:`.ast`: their children, a copy with new children,
pre-order walks, free names and substitution (re-exported by :mod:`.ast`)."""

from __future__ import annotations

from dataclasses import fields, replace

from .ast import EXPR_TYPES, Call, Name, Search


def children(node) -> tuple:
    """The direct sub-expressions of an expression node, in field order."""
    out = []
    for f in fields(node):
        v = getattr(node, f.name)
        if isinstance(v, EXPR_TYPES):
            out.append(v)
        elif isinstance(v, tuple):
            out.extend(x for x in v if isinstance(x, EXPR_TYPES))
    return tuple(out)


def map_children(node, fn):
    """``node`` with every direct sub-expression ``c`` replaced by ``fn(c)``."""
    changes = {}
    for f in fields(node):
        v = getattr(node, f.name)
        if isinstance(v, EXPR_TYPES):
            changes[f.name] = fn(v)
        elif isinstance(v, tuple) and any(isinstance(x, EXPR_TYPES) for x in v):
            changes[f.name] = tuple(fn(x) if isinstance(x, EXPR_TYPES) else x for x in v)
    return replace(node, **changes) if changes else node


def walk(node):
    """Yield ``node`` and every expression node below it (pre-order)."""
    yield node
    for c in children(node):
        yield from walk(c)


def free_names(node, bound: frozenset = frozenset()) -> set:
    """Names used in ``node`` that are not bound by an enclosing ``Search``."""
    if isinstance(node, Name):
        return set() if node.id in bound else {node.id}
    if isinstance(node, Search):
        return (free_names(node.lo, bound) | free_names(node.hi, bound)
                | free_names(node.cond, bound | {node.var}))
    out: set = set()
    for c in children(node):
        out |= free_names(c, bound)
    return out


def substitute(node, mapping: dict):
    """Return ``node`` with every free ``Name`` whose id is in ``mapping`` replaced: by
    ``mapping[id]`` when that is an expression, or renamed when it is a ``str``. Calls to
    functions whose name maps to a ``str`` are renamed. Bound search variables are respected."""
    def sub(n, bound):
        if isinstance(n, Name):
            if n.id in bound or n.id not in mapping:
                return n
            new = mapping[n.id]
            return Name(new, n.pos) if isinstance(new, str) else new
        if isinstance(n, Search):
            inner = bound | {n.var}
            return Search(n.kind, n.var, sub(n.lo, bound), sub(n.hi, bound), sub(n.cond, inner), n.pos)
        if isinstance(n, Call) and isinstance(mapping.get(n.func), str):
            n = replace(n, func=mapping[n.func])
        if not isinstance(n, EXPR_TYPES):
            raise TypeError(f"not an expression: {n!r}")
        return map_children(n, lambda c: sub(c, bound))
    return sub(node, frozenset())
