"""Differences between the P-positions of two parameter values of a game (issue 21, point 4).

The game is solved at the other parameter values on the same search box and on a common re-check
box (per coordinate the larger of the two re-check boxes, :mod:`.stability`); the positions valid
for both whose outcome differs are compared. A difference set that is the same on both boxes is
reported as "the P-positions coincide except at these N positions" (or "coincide on both boxes");
one that grows with the box is reported with its size on each box and its first new position.
Nothing is claimed beyond the boxes.
"""

from __future__ import annotations

import numpy as np

from cgs_bridge.foundation.results import position_text


def _diff(a, b) -> dict:
    """{position: (outcome in a, outcome in b)} where both are valid and the outcomes differ."""
    ga, gb = a.grundy, b.grundy
    both = (ga >= 0) & (gb >= 0)
    bad = np.argwhere(both & ((ga == 0) != (gb == 0)))
    return {tuple(int(v) for v in p): ("P" if ga[tuple(p)] == 0 else "N", "P" if gb[tuple(p)] == 0 else "N")
            for p in bad}


def compare(solution, other_params: dict, method: str = "auto", first: int = 20) -> dict:
    """Compare the P-positions of ``solution``'s game with those at ``other_params`` (name ->
    value, the others kept). Returns a dict: ``a``, ``b`` (the two parameter texts), ``boxes``
    [{box, differ, both_valid, p_a, p_b}], ``table`` (first differing positions with both
    outcomes), ``finding`` (text) and ``stable`` (True when the difference set is the same on
    both boxes)."""
    from cgs_bridge.model.game import Ruleset
    from solvers import Box, solve

    from .stability import larger_box
    r = solution.ruleset
    params = dict(r.params)
    params.update(other_params)
    other = Ruleset(r.checked, params)
    up_a = larger_box(r, list(solution.box.upper)).upper
    up_b = larger_box(other, list(solution.box.upper)).upper
    big_box = Box(tuple(r.coords), tuple(max(p, q) for p, q in zip(up_a, up_b)))
    sb = solve(other, solution.box, method=method)
    big_a, big_b = solve(r, big_box, method=method), solve(other, big_box, method=method)
    d_small, d_big = _diff(solution, sb), _diff(big_a, big_b)
    out = {"a": r.describe(), "b": other.describe(), "boxes": [], "table": [], "stable": d_small == d_big}
    for box, x, y, d in ((solution.box, solution, sb, d_small), (big_box, big_a, big_b, d_big)):
        both = (x.grundy >= 0) & (y.grundy >= 0)
        out["boxes"].append({"box": str(box), "differ": len(d), "both_valid": int(both.sum()),
                             "p_a": int((both & (x.grundy == 0)).sum()), "p_b": int((both & (y.grundy == 0)).sum())})
    out["table"] = [{"position": list(p), out["a"]: o[0], out["b"]: o[1]} for p, o in sorted(d_small.items())[:first]]
    if not d_small and not d_big:
        out["finding"] = f"the P-positions of {out['a']} and {out['b']} coincide on both boxes"
    elif out["stable"]:
        out["finding"] = (f"the P-positions of {out['a']} and {out['b']} coincide except at the "
                          f"{len(d_small)} positions listed (the same on both boxes)")
    else:
        new = sorted(set(d_big) - set(d_small))
        out["finding"] = (f"the P-positions of {out['a']} and {out['b']} differ at {len(d_small):,} positions of "
                          f"box {solution.box} and {len(d_big):,} of box {big_box}"
                          + (f" (first new one {position_text(new[0])})" if new else "") + ": the difference grows with the box")
    return out


def parse_against(text, ruleset) -> dict:
    """``"k=6"`` or ``"k=6,h=2"`` (or a dict) -> {name: value}; values of int parameters as ints.

    Raises:
        ParameterError: malformed text or a name that is not a parameter of the game.
    """
    import re

    from cgs_bridge.foundation.errors import ParameterError
    items = dict(text) if isinstance(text, dict) else None
    if items is None:
        parts = [p.strip() for p in str(text).split(",") if p.strip()]
        if not parts or not all(re.fullmatch(r"[A-Za-z_]\w*\s*=\s*\S.*", p) for p in parts):
            raise ParameterError(f"--against expects NAME=VALUE[,NAME=VALUE]; got {text!r}")
        items = dict(tuple(x.strip() for x in p.split("=", 1)) for p in parts)
    out = {}
    for k, v in items.items():
        p = ruleset.game.param(k)
        if p is None:
            raise ParameterError(f"--against: {k!r} is not a parameter of {ruleset.name}")
        if p.kind == "int":
            try:
                v = int(v)
            except ValueError:
                raise ParameterError(f"--against: {k} expects an integer, got {v!r}") from None
        out[k] = v
    return out


def text(cmp: dict) -> list:
    """Report lines for :func:`compare`."""
    out = ["", f"P-positions of {cmp['a']} against {cmp['b']}:", f"  {cmp['finding']}"]
    for b in cmp["boxes"]:
        out.append(f"  box {b['box']}: {b['both_valid']:,} positions valid for both, P-positions "
                   f"{b['p_a']:,} / {b['p_b']:,}, outcomes differ at {b['differ']:,}")
    if cmp["table"]:
        out.append("  first differing positions: " + ", ".join(
            f"{tuple(t['position'])} {t[cmp['a']]}/{t[cmp['b']]}" for t in cmp["table"][:10]))
    return out
