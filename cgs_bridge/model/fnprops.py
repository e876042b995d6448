"""Properties of function parameters checked on a box (``f: nondecreasing nonnegative function``,
claim hypotheses ``when f satisfies halving``): one place for the solvers' checks, the claim
checker and the printers, which leave out a claim whose hypothesis fails on the box."""

from __future__ import annotations

from .box import Box


def function_property_fails(ruleset, name: str, prop: str, box: Box) -> str | None:
    """Why function parameter ``name`` lacks property ``prop`` on ``t`` in ``0..max bound`` (the
    first witness, e.g. ``f(3) = 1 > f(4) = 0``), or None when it has it there.

    Properties: ``nonnegative``, ``nondecreasing`` (seed 001 Def 2.1), ``halving``: seed 001
    Definition 3.2 (a), for every natural number i, floor(z / 2^i) = floor(z' / 2^i) implies
    floor(f(z) / 2^(i-1)) = floor(f(z') / 2^(i-1)) (Lemma 3.1: f(t) = floor(t / 2^k), k >= 1, has
    it; f(t) = t does not: z = 2, z' = 3, i = 1).
    """
    top = max(box.upper) if box.upper else 0
    f = ruleset.function(name)
    vals = [f(t) for t in range(top + 1)]
    for t, v in enumerate(vals):
        if prop == "nonnegative" and v < 0:
            return f"{name}({t}) = {v}"
        if prop == "nondecreasing" and t and v < vals[t - 1]:
            return f"{name}({t - 1}) = {vals[t - 1]} > {name}({t}) = {v}"
    if prop == "halving":
        i, high = 1, max(vals, default=0)
        while (1 << i) <= top or (1 << (i - 1)) <= high:
            first: dict = {}  # z >> i -> (z, f(z) >> (i - 1)) of the first z of the block
            for z, v in enumerate(vals):
                w = v >> (i - 1)
                z0, w0 = first.setdefault(z >> i, (z, w))
                if w != w0:
                    return (f"floor({z0}/2^{i}) = floor({z}/2^{i}) but floor({name}({z0})/2^{i - 1}) = {w0} "
                            f"!= floor({name}({z})/2^{i - 1}) = {w}")
            i += 1
    return None


def hypothesis_fails(ruleset, claim, box) -> str:
    """Why ``claim``'s hypotheses on function parameters (``when f satisfies halving``) fail on
    ``box`` (the first witness), or ``""`` when they hold there."""
    for name, prop in getattr(claim, "hypotheses", ()):
        why = function_property_fails(ruleset, name, prop, box)
        if why:
            return f"{name}(t) = {ruleset.params[name].text} is not {prop} on the box: {why}"
    return ""
