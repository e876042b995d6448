"""Properties of function parameters as sentences of the proof language (issue 50, item 4).

A claim's hypotheses (``when f satisfies halving``) and a function parameter's declared
properties (``f: nondecreasing nonnegative function``) are statements about every natural
number, which the box check of :mod:`cgs_bridge.model.fnprops` samples on ``0..64`` only. Where
``f`` is linear with floors (its body translates), each is one obligation decided for all values:

- ``nonnegative``: ``f(z) >= 0`` for every z;
- ``nondecreasing`` (seed 001 Def 2.1): ``f(z) <= f(z + 1)`` for every z;
- ``halving`` (seed 001 Definition 3.2 (a)): for every natural i, ``floor(z / 2^i) = floor(z' /
  2^i)`` implies ``floor(f(z) / 2^(i-1)) = floor(f(z') / 2^(i-1))``. The case i = 0 holds
  trivially (z = z'); for i >= 1 with ``u = 2^i``, for naturals ``floor(z / u) = floor(z' / u)``
  iff ``z xor z' < u``, and for integers (two's complement, floors as arithmetic shifts)
  ``floor(a / (u/2)) = floor(b / (u/2))`` iff ``0 <= a xor b < u / 2``. ``u`` is a power of two
  iff ``u xor (u - 1) = 2u - 1``.

:func:`hypothesis_problem` returns the obligations and, for a property whose function is not
linear with floors, why it can only be checked on a box.
"""

from __future__ import annotations

from cgs_bridge.language import ast as A

from . import formula as F
from .exprs import Context, Translator
from .intval import Namer, NotExpressible, nat

PROPERTIES = ("nonnegative", "nondecreasing", "halving")


def properties_of(ruleset, claim, origins=("claim", "declared")) -> list:
    """``[(function name, property, origin)]``: the claim's hypotheses (origin ``claim``; none
    when ``claim`` is None), then the declared properties of the function parameters the game has
    (origin ``declared``), of the ``origins`` asked for."""
    out = [(name, prop, "claim") for name, prop in getattr(claim, "hypotheses", ())] if "claim" in origins else []
    for p in ruleset.game.params if "declared" in origins else ():
        if p.kind == "function":
            out += [(p.name, q, "declared") for q in p.qualifiers if (p.name, q, "claim") not in out]
    return out


def _call(f: str, arg) -> A.Call:
    return A.Call(f, (arg,))


def _body(prop: str, f: str, tr: Translator, v: dict) -> F.Formula:
    """The property's body over the variables ``v`` (names -> proof names)."""
    z, z2, u = (A.Name(n) for n in ("z", "z2", "u"))
    if prop == "nonnegative":
        return tr.bool_(A.Compare((">=",), (_call(f, z), A.Num(0))))
    if prop == "nondecreasing":
        return tr.bool_(A.Compare(("<=",), (_call(f, z), _call(f, A.BinOp("+", z, A.Num(1))))))
    if prop != "halving":
        raise NotExpressible(f"the property {prop!r}")
    diff = A.BinOp("xor", _call(f, z), _call(f, z2))
    close = tr.bool_(A.Compare(("<",), (A.BinOp("xor", z, z2), u)))
    kept = tr.bool_(A.BinOp("and", A.Compare(("<=",), (A.Num(0), diff)),
                            A.Compare(("<",), (A.BinOp("*", A.Num(2), diff), u))))
    uu, w, c = F.Var(v["u"]), F.Var(v["w"]), F.Var(v["c"])
    power = F.Exists((v["w"], v["c"]), F.conj(F.Cmp("=", F.Add((w, F.Const(1))), uu), F.Xor(uu, w, c),
                                               F.Cmp("=", F.Add((c, F.Const(1))), F.Scale(2, uu))))
    return F.Implies(F.conj(power, F.Cmp(">=", uu, F.Const(2)), close), kept)


def hypothesis_problem(ruleset, claim, origins=("claim", "declared")) -> tuple:
    """``(problem, box_only)``: ``problem`` holds one obligation per property of
    :func:`properties_of` (``origins``: the claim's hypotheses, the declared properties, or both)
    whose function is linear with floors (named ``<origin>_<f>_<property>``, its free variables
    ``z`` (nonnegative, nondecreasing) or ``z, z2, u`` (halving)), or None when there is none;
    ``box_only`` lists ``(f, property, origin, reason)`` of the others (checked on a box only).
    ``prove`` decides a claim's hypotheses with the claim and the declared properties once for
    the game (:func:`declared_problem`): those define the game, so a failing one refuses the
    parameter instead of making a claim not applicable.
    """
    obs, box_only = [], []
    for name, prop, origin in properties_of(ruleset, claim, origins):
        namer = Namer({"z", "z2", "u", "w", "c"})
        v = {n: n for n in ("z", "z2", "u", "w", "c")}
        ctx = Context(namer, dict(ruleset.int_params), dict(ruleset.function_params),
                      {d.name: d for d in ruleset.game.defs})
        free = ("z", "z2", "u") if prop == "halving" else ("z",)
        tr = Translator(ctx, {n: nat(F.Var(n)) for n in free})
        try:
            body = _body(prop, name, tr, v)
        except NotExpressible as e:
            box_only.append((name, prop, origin, e.reason))
            continue
        text = ruleset.params[name].text
        obs.append(F.Obligation(f"{origin}_{name}_{prop}", free, body,
                                f"{name}(t) = {text} is {prop} ({origin} hypothesis, seed 001 Def "
                                f"{'3.2 (a)' if prop == 'halving' else '2.1'})"))
    return (F.Problem((), tuple(obs)) if obs else None), box_only


def declared_problem(ruleset) -> tuple:
    """``(problem, box_only)`` of the declared properties of the function parameters alone
    (``f: nondecreasing nonnegative function``): :func:`hypothesis_problem` of no claim."""
    return hypothesis_problem(ruleset, None, ("declared",))


def failure_text(ruleset, name: str, prop: str, witness) -> str:
    """Why ``name`` lacks ``prop`` at the prover's ``witness`` (values of the obligation's free
    variables), evaluated with the solver's function."""
    f = ruleset.function(name)
    if prop == "halving" and witness and len(witness) == 3:
        z, z2, u = witness
        i = u.bit_length() - 1
        return (f"floor({z}/2^{i}) = floor({z2}/2^{i}) but floor({name}({z})/2^{i - 1}) = "
                f"{f(z) >> (i - 1)} != floor({name}({z2})/2^{i - 1}) = {f(z2) >> (i - 1)}")
    z = witness[0] if witness else 0
    if prop == "nondecreasing":
        return f"{name}({z}) = {f(z)} > {name}({z + 1}) = {f(z + 1)}"
    return f"{name}({z}) = {f(z)}"
