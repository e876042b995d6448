"""A game as the definition a paper states before its theorem (issue 48): its positions (the
``require`` lines), its moves (one item per rule, with its spec line) and the conventions of play,
as paragraphs of segments: ``("text", words)`` to be escaped by the writer, ``("math", markup)``
already printed by a paper printer (:mod:`.math_spec`) of the writer's format.

The semantics stated are the project's (docs/ARCHITECTURE.md, "Semantics every part must agree
on"): a cut lowers one coordinate to any smaller ``t`` and then applies its assignments
simultaneously to the lowered point (a coordinate name there denotes the lowered point); a general
rule's expressions read the position before the move; the clamp follows every explicit rule;
Grundy value = mex of the options' values (normal play), P-positions are those of value 0.
"""

from __future__ import annotations

from cgs_bridge.language import ast as A


def T(words: str) -> tuple:  # noqa: N802  (a segment constructor)
    return ("text", words)


def tuple_math(pr, items) -> str:
    """``(a, b, c)`` of printed items (one item alone: itself)."""
    if len(items) == 1:
        return items[0]
    parts = []
    for i, x in enumerate(items):
        parts += ([pr.mo(",")] if i else []) + [x]
    return pr.group(pr.row(*parts))


def _line(node) -> str:
    line = getattr(getattr(node, "pos", None), "line", 0)
    return f" (spec line {line})" if line else ""


def _src(what: str, node) -> str:
    """`` (cut x, spec line 7)``."""
    line = getattr(getattr(node, "pos", None), "line", 0)
    return f" ({what}, spec line {line})" if line else f" ({what})"


def parameters(pr, spec, params: dict) -> list:
    """The parameter values as segments (``k = 5``; a function parameter ``f(t) = ⌊t/2⌋``)."""
    from cgs_bridge.language.parser import parse_expr
    out = []
    for i, (name, value) in enumerate(params.items()):
        out.append(T(", " if i else ""))
        param = spec.param(name) if spec is not None else None
        if param is not None and param.kind == "function":
            var, expr = getattr(value, "var", "t"), getattr(value, "body", None)
            expr = parse_expr(str(value)) if expr is None else expr
            lhs = pr.call(pr.upright(name), [pr.ident(var)])
            out.append(("math", pr.row(lhs, pr.mo("="), pr.doprint(expr))))
        else:
            out.append(("math", pr.row(pr.ident(name), pr.mo("="), pr.number(int(value)))))
    return out


def positions(pr, spec, coords) -> list:
    """The paragraph defining the positions."""
    pos = ("math", tuple_math(pr, [pr.ident(c) for c in coords]))
    out = ([T("A position is a tuple "), pos, T(" of natural numbers")] if len(coords) > 1 else
           [T("A position is a natural number "), pos])
    reqs = [r for r in spec.requires if not _is_flag_bound(spec, r)]
    for i, r in enumerate(reqs):
        out += [T(" with " if i == 0 else " and "), ("math", pr.doprint(r.expr))]
    out.append(T("."))
    for d in spec.defs:
        lhs = pr.call(pr.upright(d.name), [pr.ident(a) for a in d.params]) if d.params else pr.upright(d.name)
        out += [T(" Here "), ("math", pr.row(lhs, pr.mo("="), pr.doprint(d.body))), T(_line(d) + ".")]
    return out


def _is_flag_bound(spec, r) -> bool:
    flag = spec.pass_once.flag if spec.pass_once is not None else None
    return flag is not None and isinstance(r.expr, A.Compare) and r.expr.operands[0] == A.Name(flag)


def moves(pr, spec, coords) -> list:
    """One paragraph per rule: the options it gives from the position ``coords``."""
    out = []
    if spec.octal is not None or spec.splits:   # issue 49: a heap moves to a sum of heaps
        code = f"the octal code {spec.octal[0]}" if spec.octal is not None else "its split rules" + _line(spec.splits[0])
        out.append([T(f"the moves of {code}, read as CGSuite's TakeAndBreak reads a take-and-break code "
                      "(Winning Ways, ch. 4): remove tokens and leave the rest as a sum of heaps, whose "
                      "Grundy value is the nim-sum of the parts' values")])
    for rule in spec.cuts:
        out.append(_cut(pr, rule, coords) if isinstance(rule, A.Cut) else _derived(pr, rule, coords))
    out += [_general(pr, m, coords) for m in spec.moves]
    if spec.pass_once is not None:
        flag = spec.pass_once.flag
        after = [pr.number(0) if c == flag else pr.ident(c) for c in coords]
        out.append([T("the pass, once in the whole game: "), ("math", tuple_math(pr, after)),
                    T(" from a position with "), ("math", pr.row(pr.ident(flag), pr.mo("="), pr.number(1))),
                    T(" that has another option (never from a terminal position; Inoue, Fukui, "
                      "Miyadera, Integers 16 (2016) G5)" + _line(spec.pass_once))])
    return out


def _cut(pr, rule: A.Cut, coords) -> list:
    given = {a.target: a.value for a in rule.assigns}
    var = pr.ident(rule.var)
    items = [var if c == rule.coord else
             (pr.with_overrides(given[c], {rule.coord: var}) if c in given else pr.ident(c)) for c in coords]
    bound = pr.row(pr.number(0), pr.mo(pr.spelling("<=")), var, pr.mo("<"), pr.ident(rule.coord))
    return [("math", tuple_math(pr, items)), T(" for every "), ("math", bound),
            T(_src(f"cut {rule.coord}", rule))]


def _derived(pr, rule: A.DerivedCut, coords) -> list:
    var = pr.ident("t")
    bound = pr.row(pr.number(0), pr.mo(pr.spelling("<=")), var, pr.mo("<"), pr.ident(rule.coord))
    return [T("for every "), ("math", bound), T(f": the greatest valid position (coordinate by "
              f"coordinate) below the position with {rule.coord} lowered to t whose {rule.coord} is t"
              + _src(f"derived cut of {rule.coord}", rule))]


def _general(pr, m: A.Move, coords) -> list:
    given = {a.target: a.value for a in m.assigns}
    items = [pr.doprint(given[c]) if c in given else pr.ident(c) for c in coords]
    var = pr.ident(m.var)
    if m.values is not None:
        values = [pr.doprint(v) for v in m.values]
        where = pr.row(pr.mo(pr.BRACES[0]), *[x for i, v in enumerate(values)
                                             for x in (([pr.mo(",")] if i else []) + [v])], pr.mo(pr.BRACES[1]))
        domain = pr.row(var, pr.mo(pr.IN), where)
    else:
        domain = pr.row(pr.doprint(m.lo), pr.mo(pr.spelling("<=")), var, pr.mo(pr.spelling("<=")), pr.doprint(m.hi))
    out = [("math", tuple_math(pr, items)), T(" for every "), ("math", domain)]
    if m.where is not None:
        out += [T(" with "), ("math", pr.doprint(m.where))]
    return out + [T(_src("every expression reads the position before the move", m))]


def clamp(pr, spec) -> list:
    """The clamp applied after every explicit rule, or [] when the game has none."""
    if spec.clamp is None:
        return []
    out = [T("After every move by an explicit rule, the coordinates are set simultaneously to ")]
    for i, a in enumerate(spec.clamp.assigns):
        out += [T(", " if i else ""), ("math", pr.row(pr.ident(a.target), pr.mo(pr.ASSIGN), pr.doprint(a.value)))]
    return out + [T(_line(spec.clamp) + ".")]


#: The conventions of play, stated once.
PLAY = ("Two players move alternately; under normal play the player who cannot move loses. A "
        "position is a P-position when the player to move loses with best play, an N-position "
        "otherwise. The Grundy value of a position is the least natural number that is not the Grundy "
        "value of one of its options (mex); the P-positions are those of Grundy value 0.")
NIMSUM = ("⊕ is the nim-sum (bitwise exclusive or of the binary expansions; of a negative "
          "number, of its two's complement, as in the game's specification), and a mod m = a − m⌊a/m⌋.")


def statement(pr, result, row) -> list:
    """The theorem's statement: ``For k = 5, a position (x, y, z) of the triangular chocolate bar
    is a P-position if and only if (x - 1) ⊕ y ⊕ (z - 1) = 0.``"""
    out = []
    if result.params:
        out += [T("For ")] + parameters(pr, result.spec, result.params) + [T(", a")]
    else:
        out.append(T("A"))
    out += [T(" position "), ("math", tuple_math(pr, [pr.ident(c) for c in result.coords])),
            T(f" of {result.title or result.game} ")]
    return out + claim_segments(pr, row.claim.expr) + [T(".")]


def claim_segments(pr, e) -> list:
    """What a claim says of the position, in words and mathematics (its shape as parsed)."""
    if isinstance(e, A.BinOp) and e.op == "iff":
        for ind, cond in ((e.left, e.right), (e.right, e.left)):
            if isinstance(ind, A.Name) and ind.id in ("P", "N"):
                return [T(f"is a{'n' if ind.id == 'N' else ''} {ind.id}-position if and only if "),
                        ("math", pr.doprint(cond))]
    if isinstance(e, A.Compare) and e.ops == ("==",):
        for side, other in (e.operands, e.operands[::-1]):
            if isinstance(side, A.Name) and side.id in ("grundy", "misere"):
                what = "Grundy value" if side.id == "grundy" else "misère Grundy value"
                return [T(f"has {what} "), ("math", pr.doprint(other))]
    return [T("satisfies "), ("math", pr.doprint(e)), T(" (where "), ("math", pr.name("grundy")),
            T(" is its Grundy value, "), ("math", pr.name("misere")), T(" its misère Grundy value, and "),
            ("math", pr.name("P")), T(", "), ("math", pr.name("N")), T(" say that it is a P- or an N-position)")]


def induction(r) -> str:
    """The proof of a proved claim's theorem from its lemmas (docs/prove.md, "Soundness"), with
    ``{m:TEXT}`` for mathematics in running text and ``{lemma:NAME}`` for a reference to the lemma
    of obligation NAME (each writer turns them into its format)."""
    names = {ob.name for ob in r.problem.obligations}
    text = ("By {lemma:terminates}, every option of a valid position is a valid position with no coordinate "
            "raised and a smaller coordinate sum, so every play ends and induction on the coordinate sum "
            "{m:n} is available.")
    if "region_closed" in names:
        text += (" Positions outside the claim's region satisfy the claim by its first disjunct; by "
                 "{lemma:region_closed} every option of a position in the region is in the region, so the "
                 "induction below stays in it.")
    if "closed" in names:
        misere = "terminal_outside" in names
        text += (" Let {m:S} be the set of positions {m:p} with {m:s(p)}. Assume the claim for every position of "
                 "coordinate sum less than {m:n}, and let {m:p} have sum {m:n}.")
        if misere:
            text += (" If {m:p} is terminal, the player to move wins under misère play, so {m:p} is an N-position, "
                     "and by {lemma:terminal_outside} {m:p ∉ S}.")
        text += (" If {m:p ∈ S}, by {lemma:closed} no option of {m:p} is in {m:S}, so by the induction hypothesis "
                 "every option is an N-position and {m:p} is a P-position. If {m:p ∉ S}"
                 + (" is not terminal" if misere else "") + ", by {lemma:reach} some option of {m:p} is in {m:S}, "
                 "a P-position by the induction hypothesis, so {m:p} is an N-position. Hence {m:S} is the set of "
                 "P-positions, which is the statement.")
        return text
    text += (" Let {m:v(p)} be the claimed value (the definition of value); by {lemma:nonnegative} it is a natural "
             "number. Assume the claim for every position of coordinate sum less than {m:n}, and let {m:p} have "
             "sum {m:n}.")
    if "terminal_one" in names:
        text += (" If {m:p} is terminal, its misère value is 1, and so is {m:v(p)} by {lemma:terminal_one}."
                 " Otherwise,")
    else:
        text += " Then,"
    return text + (" by {lemma:no_equal} no option {m:q} of {m:p} has {m:v(q) = v(p)}, and by "
                   "{lemma:smaller_reached} every natural number below {m:v(p)} is {m:v(q)} for some option {m:q}; "
                   "by the induction hypothesis {m:v(q)} is the value of {m:q}, so {m:v(p)} is the mex of the "
                   "values of the options of {m:p}, which is its value. This is the statement.")
