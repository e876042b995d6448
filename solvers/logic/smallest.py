"""The smallest counterexample of a refuted claim, as one more sentence (issue 50, item 2).

The obligations of a claim (:mod:`.obligations`) all speak of one position ``p``. By induction on
the coordinate sum (every option has a smaller one: the side condition ``terminates``), the claim
holds at every position of sum below ``n`` when every obligation holds there; and at a position
of the least sum ``n`` where an obligation fails, the claim fails exactly where an obligation
fails (its options all satisfy the claim, so the claim is right at ``p`` iff ``p`` is in S exactly
when no option is, or its value is the mex of its options' values). So the least position where
the claim is false, by coordinate sum and then lexicographically, is the least position where

    fails(p) :<=> not (obligation_1(p) and ... and obligation_k(p))

holds. :func:`smallest_problem` states it: the sentence ``smallest`` fails at exactly one
position, the least ``p`` with ``fails(p)`` and no ``p'`` before it with ``fails(p')``, so every
prover that decides it names the same witness (no tie rule involved).
"""

from __future__ import annotations

from . import formula as F

#: The name of the definition of the failing positions and of the sentence.
FAILS, SMALLEST = "fails", "smallest"


def before(a: tuple, b: tuple) -> F.Formula:
    """``a`` comes before ``b`` (variable names of two positions): a smaller coordinate sum, or
    the same sum and lexicographically smaller."""
    va, vb = [F.Var(x) for x in a], [F.Var(x) for x in b]
    lex = F.disj(*(F.conj(*(F.Cmp("=", va[j], vb[j]) for j in range(i)), F.Cmp("<", va[i], vb[i]))
                   for i in range(len(a))))
    sa, sb = F.Add(tuple(va)), F.Add(tuple(vb))
    return F.disj(F.Cmp("<", sa, sb), F.conj(F.Cmp("=", sa, sb), lex))


def smallest_problem(problem: F.Problem, names) -> F.Problem:
    """The problem that names the least failing position of ``problem``'s obligations ``names``
    (all over the same free variables, the position): ``problem``'s definitions, ``fails`` and
    the one obligation ``smallest``, false at exactly that position (true everywhere when no
    obligation fails).

    Raises:
        ValueError: no obligation of those names, or their free variables differ.
    """
    obs = [o for o in problem.obligations if o.name in names]
    if not obs or any(o.free != obs[0].free for o in obs) or not obs[0].free:
        raise ValueError(f"obligations {list(names)} must exist and share their free variables")
    p = tuple(obs[0].free)
    taken = set(p) | {v for d in problem.defines for v in d.params}
    other = []
    for x in p:
        name, k = f"{x}_o", 1
        while name in taken:
            name, k = f"{x}_o{k}", k + 1
        taken.add(name)
        other.append(name)
    other = tuple(other)
    if FAILS in {d.name for d in problem.defines}:
        raise ValueError(f"the problem already defines {FAILS!r}")
    fails = F.Define(FAILS, p, F.Not(F.conj(*(o.body for o in obs))),
                     "p fails an obligation: " + ", ".join(o.name for o in obs))
    call = lambda v: F.Pred(FAILS, tuple(F.Var(x) for x in v))  # noqa: E731
    least = F.conj(call(p), F.Forall(other, F.Implies(call(other), F.Not(before(other, p)))))
    ob = F.Obligation(SMALLEST, p, F.Not(least),
                      "p is not the least failing position (coordinate sum, then lexicographic); "
                      "false exactly at that position")
    return F.Problem(tuple(problem.defines) + (fails,), (ob,))
