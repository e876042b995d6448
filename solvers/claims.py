"""Claims checked over a whole solved box at once: compiled, not interpreted (issue 12).

A claim's AST goes through the same code generator as the kernel (:class:`solvers.codegen.Gen`):
one numba function per claim loops over the box and writes a boolean *failure mask* (True at
valid positions where the claim is false); the failure count and the first counterexamples in
lexicographic order come from the mask. Parameters are arguments, so the module of a
specification's claims compiles once for every parameter value (cached like kernels,
:mod:`solvers.kcache`).

The per-position reference evaluation (:func:`check_reference`, the closures of
:meth:`cgs_bridge.model.game.Ruleset.compile_claim`) stays as the test oracle and as the fallback when
numba is missing or a value could leave int64 (:func:`solvers.bounds.check_int64`). Both report an
evaluation error at the same position — the first valid position, lexicographically, where the
reference raises — with the reference's message.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

import numpy as np

from cgs_bridge.foundation.errors import CgsBridgeError, EvaluationError
from cgs_bridge.model.fnprops import hypothesis_fails
from cgs_bridge.model.game import claim_uses_misere

from . import bounds, codegen
from .box import SMALL_BOX


@dataclass
class ClaimResult:
    """Outcome of checking one claim on the box.

    ``status`` is 'holds', 'fails' or 'not applicable' (its ``when`` is false for these
    parameters); ``counterexamples`` lists up to ``limit`` positions (with their Grundy values)
    where it fails, in lexicographic order; ``checked`` counts the positions examined;
    ``method`` is 'compiled' or 'reference'.
    """

    name: str
    status: str
    checked: int = 0
    failures: int = 0
    counterexamples: list = field(default_factory=list)
    method: Optional[str] = None
    #: why a claim is not applicable beyond its ``when`` (a function hypothesis fails on the box)
    note: str = ""


def claims_source(ruleset, claims) -> str:
    """Python source of the module checking ``claims`` (checked :class:`~cgs_bridge.language.ast.Claim`
    nodes of ``ruleset``'s game): ``claim{j}(S, K, T, G, M, F) -> (status, L)`` sets ``F[L]`` to
    True where claim ``j`` fails at a valid position; status 0 done, else the ``err`` code at
    linear index ``L`` (the first position where the evaluation failed)."""
    from .kernelgen import HEADER, box_loops
    g = codegen.Gen(ruleset.game)
    n = ruleset.n
    env = {c: f"p{j}" for j, c in enumerate(ruleset.coords)}
    env.update(grundy="gv", misere="mv", P="(gv == 0)", N="(gv != 0)")
    funcs = []
    for j, cl in enumerate(claims):
        body = g.expr(cl.expr, env)
        ind = "    " * (n + 1)
        lines = ["@njit(cache=True, nogil=True)", f"def claim{j}(S, K, T, G, M, F):",
                 "    err = np.zeros(1, np.int64)", "    lo0, hi0 = 0, S[0]"]
        lines += box_loops(n)
        lines += [f"{ind}gv = np.int64(G[L])",
                  f"{ind}if gv < 0:",
                  f"{ind}    continue"]
        if claim_uses_misere(cl):
            lines.append(f"{ind}mv = np.int64(M[L])")
        lines += [f"{ind}c = {body}",
                  f"{ind}if err[0] != 0:",
                  f"{ind}    return err[0], L",
                  f"{ind}if not c:",
                  f"{ind}    F[L] = True",
                  "    return 0, 0"]
        funcs.append("\n".join(lines))
    return (HEADER + codegen.HELPERS + "\n\n" + "\n\n".join(g.out) + "\n\n"
            + "\n\n".join(funcs) + "\n")


def _module(ruleset, claims):
    from . import kcache
    return kcache.import_source(claims_source(ruleset, claims), "c")[0]


def check(solution, limit: int = 10, claims=None, method: str = "auto") -> list:
    """Check claims on every valid position of ``solution``'s box.

    Args:
        solution: a :class:`solvers.Solution`.
        limit: counterexamples kept per claim (lexicographically first).
        claims: checked :class:`~cgs_bridge.language.ast.Claim` nodes of the solution's game
            (default: the game's own claims, including ``--claim`` ones added by the checker).
        method: ``"auto"`` (compiled when numba is present, int64 is safe and the box has more
            than :data:`solvers.box.SMALL_BOX` positions), ``"compiled"`` or ``"reference"``.
    Returns:
        a list of :class:`ClaimResult`, in order.
    Raises:
        CgsBridgeError: a claim uses ``misere`` and misère values were not computed.
        EvaluationError: a claim cannot be evaluated at a position (named, with the claim).
    """
    r = solution.ruleset
    claims = list(r.game.claims if claims is None else claims)
    refs = [r.compile_claim(cl) for cl in claims]
    todo = []
    out: list = []
    for cl, (_, applies) in zip(claims, refs):
        if not applies():
            out.append(ClaimResult(cl.name, "not applicable"))
            continue
        outside = hypothesis_fails(r, cl, solution.box)
        if outside:
            out.append(ClaimResult(cl.name, "not applicable", note=outside))
            continue
        if claim_uses_misere(cl) and solution.misere is None:
            raise CgsBridgeError(f"claim {cl.name!r} uses misere; solve with misère values")
        out.append(None)
        todo.append(len(out) - 1)
    if not todo:
        return out
    # one module for all the claims, applicable or not: the same for every parameter value
    small = method == "auto" and solution.box.size <= SMALL_BOX
    mod = None if method == "reference" or small else _compiled(solution, claims, todo, method)
    for i in todo:
        holds = refs[i][0]
        if mod is None:
            out[i] = check_reference(solution, claims[i], holds, limit)
        else:
            out[i] = _check_compiled(solution, claims[i], holds, getattr(mod[0], f"claim{i}"),
                                     mod[1], limit)
    return out


def _compiled(solution, claims, todo, method):
    """``(module, (K, T))`` for ``claims`` (those at indices ``todo`` will run), or None when
    the reference must be used."""
    try:
        import numba  # noqa: F401
    except ImportError:
        if method == "compiled":
            raise CgsBridgeError("compiled claims need numba; use method='reference'") from None
        return None
    try:
        gmax = int(solution.grundy.max(initial=0))
        if solution.misere is not None:
            gmax = max(gmax, int(solution.misere.max(initial=0)))
        extent = bounds.check_int64(solution.ruleset, solution.box, [claims[i] for i in todo], gmax)
        return _module(solution.ruleset, claims), codegen.param_args(solution.ruleset, extent)
    except codegen.Unsupported:
        if method == "compiled":
            raise
        return None


def _first_set(mask, limit: int) -> list:
    """The first ``limit`` indices where ``mask`` is set, scanned in slices of 2^24 (the index
    array of every failure of a false claim on a large box would cost 8 bytes a point)."""
    out: list = []
    for lo in range(0, len(mask), 1 << 24):
        out += [lo + int(i) for i in np.flatnonzero(mask[lo:lo + (1 << 24)])[:limit - len(out)]]
        if len(out) >= limit:
            break
    return out


def _check_compiled(solution, cl, holds, func, args, limit) -> ClaimResult:
    box = solution.box
    checked = len(solution)  # its validity mask is freed before the failure mask exists
    mask = np.zeros(box.size, dtype=np.bool_)
    g = solution.grundy.reshape(-1)
    m = solution.misere.reshape(-1) if solution.misere is not None else np.zeros(0, solution.grundy.dtype)
    from numba.core.errors import NumbaError  # only reached with numba present
    try:
        status, where = func(np.array(box.shape, dtype=np.int64), args[0], args[1], g, m, mask)
    except NumbaError:  # a construct numba cannot type: evaluate position by position
        return check_reference(solution, cl, holds, limit)
    if status:
        p = tuple(int(v) for v in np.unravel_index(int(where), box.shape))
        _raise_at(solution, cl, holds, p)  # the reference's message; it must raise there
        return check_reference(solution, cl, holds, limit)  # e.g. a table miss: no error at all
    res = ClaimResult(cl.name, "holds", checked=checked, method="compiled")
    res.failures = int(np.count_nonzero(mask))
    if res.failures:
        res.status = "fails"
        for L in _first_set(mask, limit):
            p = tuple(int(v) for v in np.unravel_index(int(L), box.shape))
            res.counterexamples.append((p, int(g[L])))
    return res


def _raise_at(solution, cl, holds, p) -> None:
    g = int(solution.grundy[p])
    m = int(solution.misere[p]) if solution.misere is not None else None
    try:
        holds(p, g, m)
    except EvaluationError as e:
        raise EvaluationError(f"claim {cl.name!r} at {p}: {e}") from None


def check_reference(solution, cl, holds, limit: int = 10) -> ClaimResult:
    """The per-position reference evaluation of one claim (the test oracle)."""
    res = ClaimResult(cl.name, "holds", method="reference")
    grundy, misere = solution.grundy, solution.misere
    for row in solution.positions():
        p = tuple(int(v) for v in row)
        g = int(grundy[p])
        m = int(misere[p]) if misere is not None else None
        res.checked += 1
        try:
            ok = holds(p, g, m)
        except EvaluationError as e:
            raise EvaluationError(f"claim {cl.name!r} at {p}: {e}") from None
        if not ok:
            res.failures += 1
            if len(res.counterexamples) < limit:
                res.counterexamples.append((p, g))
    if res.failures:
        res.status = "fails"
    return res
