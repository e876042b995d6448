"""CGSuite 2.2's take-and-break rulesets for :mod:`.evaluator` (issues 47 item 6 and 49 item 5):
``game.heap.TakeAndBreak("0.77")``, the library's constants ``game.heap.Kayles``,
``DawsonsKayles``, ``GrundysGame`` and ``Nim`` (CGSuite's ``game/heap/constants.cgs``, also spelt
``game.heap.constants.Kayles``: the codes
``0.77``, ``0.07``, ``4!.0``, ``0.[3]``), their positions ``R(n)``, and disjunctive sums of
impartial games (``R(2) + R(3)``, ``K(a) + K(b)`` of a program's ``ImpartialGame`` class).

The code is read by :func:`cgs_bridge.language.takebreak.parse_code` (the toolkit's one reading
of CGSuite's codes; a code it cannot honour stops the run with its reason) and a heap's options
are :meth:`~cgs_bridge.language.takebreak.Code.options`, in CGSuite's order. What is interpreted,
as CGSuite 2.2 gives it (each checked on the real engine by
``tests/systems/cgsuite/test_audit_takebreak.py``):

- ``R(n).Options``: a list, one entry per move: ``0`` (no heap left), ``R(a)``, or ``R(a) + R(b)``;
- ``R(n).NimValue``, ``R.HeapNimValue(n)``: the Grundy value, mex over the options of the nim-sum
  of the parts' values (Sprague-Grundy theorem; Winning Ways ch. 4); ``R.NimValueSequence(m)``:
  the list of ``R(1..m).NimValue`` (CGSuite starts it at heap 1); ``R.HeapOptions(n)``;
- ``R(n).MisereNimValue``: the misère Grundy value of the single heap, by the recursion over sums
  of heaps (1 for a position without options, else the mex of its options' values; Winning Ways
  ch. 13), with every position of the sums counted against the limits;
- ``R(n).CanonicalForm`` and of a sum: the nimber ``*NimValue`` (ImpartialGame.cgs);
- ``a + b`` of impartial games: the disjunctive sum, printed ``a + b`` in the order written
  (``0 + g`` is ``g``); its ``NimValue`` is the nim-sum of the parts' (Sprague-Grundy).

``game.heap.Spawning(code)`` (issue 47), the heap form of a coin-turning game, is a ruleset of
the same kind whose options come from a turning code (:mod:`.turning`), with the members above.

``game.heap.Subtraction``, ``Splittles``, ``TakeAndBreak.FromSubtractionSet`` and the partizan
schemas are in :mod:`.heapsets`. ``R.Join(S)`` is HeapRuleset.cgs's ``FunctionalHeapRuleset`` of both
rulesets' options (:mod:`.heapext`, which also computes such rulesets' values). Everything else of these classes (``CheckPeriodicity``, ...) is
refused by name, never guessed.
"""

from __future__ import annotations

from dataclasses import dataclass

from cgs_bridge.language.takebreak import Code, CodeError, parse_code

from .values import CGList, ClassRef, GameObject, NimberValue, mex

#: CGSuite 2.2's ``game.heap`` constants that are take-and-break codes (constants.cgs).
CONSTANTS = {"Kayles": "0.77", "DawsonsKayles": "0.07", "GrundysGame": "4!.0", "Nim": "0.[3]"}
#: Other members of ``game.heap`` of CGSuite 2.2 that are not interpreted (refused by name when no
#: class path supplies them as program text).
NOT_INTERPRETED = ("Cutcake", "Eatcake", "MaundyCake",
                   "TurnAndEatcake", "Periodicity")
PACKAGES = ("game", "game.heap", "game.heap.constants")
#: Class files of CGSuite's library a class path need not supply: ``library_member`` computes them
#: (``game.strip.Turning`` names ``game.heap.Spawning``, whose file would pull in every heap ruleset).
NATIVE = frozenset({"Spawning", "TakeAndBreak"})
#: The class files a name of ``game.heap`` needs (``audit.core.class_path_sources``).
IMPLIED = {name: ("PartizanHeapRuleset",) for name in ("PartizanSubtraction", "PartizanSplittles",
                                                         "PartizanTakeAndBreak")}
IMPLIED["Join"] = ("FunctionalHeapRuleset",)   # game.heap.Nim.Join(S): HeapRuleset.cgs's Join (.heapext)


@dataclass(frozen=True)
class HeapRuleset:
    """``game.heap.TakeAndBreak(text)``: ``code`` as :func:`parse_code` reads ``text``; with
    ``kind`` ``"Spawning"``, ``game.heap.Spawning(text)`` and its turning code (:mod:`.turning`)."""

    text: str
    code: Code
    kind: str = "TakeAndBreak"

    def __str__(self):
        return f'{self.kind}("{self.text}")'


@dataclass(frozen=True)
class HeapPosition:
    """The heap ``n`` of ``rules`` (CGSuite's ``TakeAndBreak.Position(n)``)."""

    rules: HeapRuleset
    n: int

    def __str__(self):
        return f"{self.rules.kind}.Position({self.n})"


@dataclass(frozen=True)
class GameSum:
    """A disjunctive sum of two or more impartial games, ``parts`` in the order written."""

    parts: tuple


def is_game(v) -> bool:
    return isinstance(v, (GameObject, HeapPosition, GameSum))


def text(interp, v) -> str:
    """How CGSuite prints a sum: its parts joined by `` + ``."""
    return " + ".join(interp.builtins.show(interp, p) for p in v.parts)


# ------------------------------------------------------------------ names under game.heap
def library_member(interp, qual: str, args, node):
    """``game.heap.NAME`` (``args`` None) or ``game.heap.NAME(args)`` when it is one of ours, else
    None (the class path, then the usual errors, decide)."""
    if not qual.startswith("game.heap."):
        return None
    name = qual[len("game.heap."):]
    name = name.removeprefix("constants.")  # game.heap.constants.Kayles
    if name == "Spawning":   # issue 47: a turning code (.turning)
        if args is None or len(args) != 1 or not isinstance(args[0], str):
            interp.fail("game.heap.Spawning takes one turning code, as `game.heap.Spawning(\"1-3\")` "
                        "(CGSuite 2.2: `code as String`)", node)
        return spawning(interp, args[0], node)
    if name == "TakeAndBreak":
        if args is None:   # game.heap.TakeAndBreak.FromSubtractionSet(...), or called later
            return ClassRef("game.heap.TakeAndBreak")
        if len(args) != 1 or not isinstance(args[0], str):
            interp.fail("game.heap.TakeAndBreak takes one code string, as `game.heap.TakeAndBreak(\"0.77\")` "
                        "(CGSuite 2.2: `code as String`)", node)
        return ruleset(interp, args[0], node)
    if name in CONSTANTS:
        rules = ruleset(interp, CONSTANTS[name], node)
        return rules if args is None else interp.games.apply(interp, rules, args, node, None)
    from . import heapsets  # issue 47: Subtraction, Splittles, FromSubtractionSet, the partizan schemas
    if name in heapsets.SCHEMAS or name == "TakeAndBreak.FromSubtractionSet":
        if args is None:
            interp.fail(f"`game.heap.{name}` is interpreted called with a subtraction set, "
                        f"as `game.heap.{name}([1, 3, 4])`", node)
        return heapsets.schema(interp, name, args, node)
    if name in heapsets.PARTIZAN:
        if args is None:
            interp.fail(f"`game.heap.{name}` is interpreted called with its two sides, as "
                        f"`game.heap.{name}([1, 3], [2, 3])`", node)
        return heapsets.partizan(interp, name, args, node)
    if name.startswith("TakeAndBreak."):
        interp.fail(f"`game.heap.{name}` is not interpreted (only `game.heap.TakeAndBreak(code)` and its "
                    "positions are)", node)
    if name in NOT_INTERPRETED and qual not in interp.classes:
        interp.fail(f"`game.heap.{name}` is not interpreted (CGSuite computes it in Java; the interpreter "
                    "runs game.heap.TakeAndBreak and Kayles, DawsonsKayles, GrundysGame, Nim)", node)
    return None


def spawning(interp, code_text: str, node) -> HeapRuleset:
    """``game.heap.Spawning(code_text)``: a turning code read by :func:`.turning.parse_turning`."""
    from .turning import TurningError, parse_turning
    try:
        return HeapRuleset(code_text, parse_turning(code_text), "Spawning")
    except TurningError as e:
        interp.fail(f"game.heap.Spawning(\"{code_text}\"): {e}", node)


def ruleset(interp, code_text: str, node) -> HeapRuleset:
    try:
        code = parse_code(code_text)
    except CodeError as e:
        where = f" (column {e.column} of the code)" if e.column else ""
        interp.fail(f"game.heap.TakeAndBreak(\"{code_text}\"): {e}{where}", node)
    return HeapRuleset(code_text, code)


# ------------------------------------------------------------------ members
def ruleset_member(interp, r: HeapRuleset, name: str, args, node):
    if name in ("HeapNimValue", "HeapOptions") and args is not None and len(args) == 1:
        n = heap_size(interp, args[0], node)
        if name == "HeapNimValue":
            return asked(interp, r, n, "normal", nim(interp, r, n, node))
        return CGList(CGList(parts) for _, parts in r.code.options(n))
    if name == "NimValueSequence" and args is not None and len(args) == 1:
        m = heap_size(interp, args[0], node)
        interp.check_count(m, node)
        _check_work(interp, r, len(interp.heap_nim.get(str(r), [])), m, node)   # the whole range, before it starts
        return CGList(asked(interp, r, n, "normal", nim(interp, r, n, node)) for n in range(1, m + 1))
    if name == "ToString" and not args:
        return str(r)
    if name == "Join" and args is not None and len(args) == 1:   # HeapRuleset.cgs: a FunctionalHeapRuleset
        from .heapext import join
        return join(interp, r, args[0], node)
    interp.fail(f"`{name}` of {r} is not interpreted (the interpreter gives a {r.kind} ruleset its "
                "positions R(n), HeapNimValue(n), HeapOptions(n) and NimValueSequence(m))", node)


def position_member(interp, g: HeapPosition, name: str, args, node):
    if args:
        interp.fail(f"`{name}` of {g} takes no arguments here", node)
    if name == "Options":
        return CGList(option_value(g.rules, parts) for _, parts in g.rules.code.options(g.n))
    if name in ("NimValue", "CanonicalForm"):
        v = asked(interp, g.rules, g.n, "normal", nim(interp, g.rules, g.n, node))
        return v if name == "NimValue" else NimberValue(v)
    if name == "MisereNimValue":
        return asked(interp, g.rules, g.n, "misere", misere(interp, g.rules, (g.n,), node))
    interp.fail(f"`{name}` of {g} is not interpreted (a TakeAndBreak position has Options, NimValue, "
                "MisereNimValue and CanonicalForm here)", node)


def sum_member(interp, s: GameSum, name: str, args, node):
    if args:
        interp.fail(f"`{name}` of a sum takes no arguments here", node)
    if name in ("NimValue", "CanonicalForm"):
        v = 0
        for p in s.parts:
            v ^= part_value(interp, p, node)
        return v if name == "NimValue" else NimberValue(v)
    if name == "MisereNimValue":
        rules = {p.rules for p in s.parts if isinstance(p, HeapPosition)}
        if len(rules) != 1 or not all(isinstance(p, HeapPosition) for p in s.parts):
            interp.fail("`MisereNimValue` of a sum is interpreted only for heaps of one TakeAndBreak ruleset "
                        "(misère values do not add as nim-sums)", node)
        return misere(interp, rules.pop(), tuple(p.n for p in s.parts), node)
    interp.fail(f"`{name}` of the sum {text(interp, s)[:60]} is not interpreted (a sum has NimValue, "
                "CanonicalForm and, for heaps of one ruleset, MisereNimValue here)", node)


def part_value(interp, p, node) -> int:
    if isinstance(p, NimberValue) or interp.builtins.equal(p, 0):   # a part 0 of a sum's option
        return p.value if isinstance(p, NimberValue) else 0
    if isinstance(p, HeapPosition):
        return nim(interp, p.rules, p.n, node)
    if isinstance(p, GameObject):
        return interp.games.game_member(interp, p, "NimValue", None, node)
    return interp.games.nim_value(interp, p, node)


def option_value(rules: HeapRuleset, parts: tuple):
    """The option leaving the heaps ``parts``: 0, one position, or their sum (CGSuite's
    ``HeapRuleset.Position.Options``)."""
    if not parts:
        return 0
    heaps = tuple(HeapPosition(rules, a) for a in parts)
    return heaps[0] if len(heaps) == 1 else GameSum(heaps)


def heap_size(interp, v, node) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or v < 0:
        interp.fail(f"a heap size is a nonnegative integer, got {interp.builtins.show(interp, v)}", node)
    return v


def asked(interp, rules: HeapRuleset, n: int, kind: str, v: int) -> int:
    """Record that the program asked for the value ``v`` of heap ``n`` (what the audit judges)."""
    interp.heap_values.setdefault((str(rules), kind), {})[n] = v
    return v


def check_equality(interp, op, a, b, node) -> None:
    """``a == b`` with a take-and-break position or a sum stops the run, as in CGSuite 2.2 ("No
    operation `==` for arguments of types game.heap.HeapRuleset.Position, ...")."""
    if any(isinstance(v, (HeapPosition, GameSum)) for v in (a, b)):
        interp.fail(f"no operation `{op}` for take-and-break positions or sums (as CGSuite 2.2)", node)


def add(interp, a, b, node):
    """``a + b`` where one side is an impartial game: the sum (``0 + g`` is ``g``)."""
    parts = []
    for v in (a, b):
        if isinstance(v, GameSum):
            parts += v.parts
        elif is_game(v):
            parts.append(v)
        elif not interp.builtins.equal(v, 0):
            interp.fail(f"{interp.builtins.show(interp, a)[:60]} + {interp.builtins.show(interp, b)[:60]}: a sum of "
                        "a game and a number or nimber is not interpreted", node)
    return parts[0] if len(parts) == 1 else GameSum(tuple(parts))


# ------------------------------------------------------------------ values
def nim(interp, rules: HeapRuleset, n: int, node) -> int:
    """Grundy value of heap ``n``: every heap up to ``n`` in turn, mex over its options of the
    nim-sum of the parts (each option counts one evaluation step against the limits)."""
    seq = interp.heap_nim.setdefault(str(rules), [])
    _check_work(interp, rules, len(seq), n, node)
    while len(seq) <= n:
        k, seen = len(seq), set()
        for _, parts in rules.code.options(k):
            interp.tick(node)
            v = 0
            for a in parts:
                v ^= seq[a]
            seen.add(v)
        seq.append(mex(seen))
    return seq[n]


def _check_work(interp, rules: HeapRuleset, start: int, n: int, node) -> None:
    """Refuse, before the work starts, heaps ``start..n`` of a code leaving at most two heaps when
    their options (at most ``(t + 1) * (k / 2 + 1)`` per heap ``k``, ``t`` the most tokens taken)
    exceed the evaluation steps left; other codes are counted as they go."""
    if n >= start and hasattr(rules.code, "count"):   # a turning code (.turning): its own bound
        work = sum(rules.code.count(k) for k in range(start, n + 1))
        _refuse_over(interp, rules, n, work, node)
        return
    if n < start or rules.code.max_heaps is None or rules.code.max_heaps > 2:
        return
    t = n if rules.code.max_removed is None else min(n, rules.code.max_removed)
    work = (n - start + 1) * (t + 1) * (n // 2 + 1)
    _refuse_over(interp, rules, n, work, node)


def _refuse_over(interp, rules, n: int, work: int, node) -> None:
    left = interp.limits.steps - interp.steps
    if work > left:
        interp.fail(f"stopped before starting: the heaps up to {n} of {rules} take up to {work:,} option "
                    f"evaluations, more than the {max(left, 0):,} evaluation steps left (raise --max-steps)", node)


def misere(interp, rules: HeapRuleset, heaps: tuple, node) -> int:
    """Misère Grundy value of the sum of ``heaps`` (1 without options, else the mex of the options'
    values), over the sums of heaps it reaches, memoised per ruleset; heaps without options are
    dropped (they change no play). Each position counts against the collection limit."""
    memo = interp.heap_misere.setdefault(str(rules), {})
    start = _norm(interp, rules, heaps)
    stack = [start]
    while stack:
        pos = stack[-1]
        if pos in memo:
            stack.pop()
            continue
        opts = [_norm(interp, rules, pos[:i] + parts + pos[i + 1:])
                for i, h in enumerate(pos) if i == 0 or pos[i - 1] != h
                for _, parts in rules.code.options(h)]
        todo = [o for o in opts if o not in memo]
        if todo:
            interp.check_count(len(memo) + len(todo), node)
            interp.tick(node)
            stack += todo
            continue
        memo[pos] = mex({memo[o] for o in opts}) if opts else 1
        stack.pop()
    return memo[start]


def _norm(interp, rules, heaps) -> tuple:
    interp.tick(None)
    return tuple(sorted(h for h in heaps if next(iter(rules.code.options(h)), None) is not None))
