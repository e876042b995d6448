"""The checks of one spec on one run of a Wolfram Language audit (:func:`judge_group`): the
position list, the P-position list, the Grundy values or a win predicate, the option sets, each
from the symbols the launcher chose (:func:`cgs_bridge.systems.mathematica.launcher_choose._choose`)."""

from __future__ import annotations

import re

from cgs_bridge.systems.auditing.judge import (
    Check,
    as_positions,
    judge_moves,
    judge_positions,
    judge_ppositions,
    judge_values,
)
from cgs_bridge.systems.auditing.values import parse_wl


def judge_group(r, sol, how, data, chosen, checked, grundy, moves, check_moves, hint="",
                 printed=None) -> list:
    """The checks of one spec ``r`` solved on the box (``sol``; None: no box): the position list
    (an error when the evidence left two candidates: ``--positions`` names it), the P-position
    list when the program has one, the Grundy values (with ``--printed`` and no Grundy function:
    skipped, the printed results are judged instead), the option sets."""
    if sol is None:
        return [Check("positions", "error", f"no box to judge: {how}; the box is never taken "
                      "from the program's own list")]
    pos = chosen["positions"]
    if pos[2:] == ("ambiguous",):
        group = [Check("positions", "error", pos[1])]
    elif pos[0]:
        group = [_weak(judge_positions(r, data, sol, how), pos, data, checked, r.n, grundy)]
    else:
        judged = "what was printed is judged" if printed else "the functions are judged"
        group = [Check("positions", "skipped", f"{pos[1]}; {judged} at every valid position of the "
                       f"box {sol.box} ({how})")]
    if chosen.get("ppositions"):
        listed = (as_positions(parse_wl(data["positions"]), r.n)
                  if pos[0] and data.get("positions") else None)
        group.append(judge_ppositions(r, data, sol, shown(chosen["ppositions"][0]), listed))
    grundy, moves = shown(grundy), shown(moves)
    if chosen.get("win") and not grundy:
        from cgs_bridge.systems.auditing.win import judge_win
        group.append(Check("values", "skipped", f"no Grundy function ({chosen['grundy'][1]}); the "
                           f"program answers True/False: {chosen['win'][0]} is judged as a win "
                           "predicate (check win)"))
        group.append(judge_win(r, checked, sol, data, shown(chosen["win"][0])) if chosen["win"][2:] != (
            "ambiguous",) else Check("win", "error", chosen["win"][1]))
    elif not grundy and printed:
        group.append(Check("values", "skipped", f"no Grundy function ({chosen['grundy'][1]}); what "
                           f"the program printed is judged (--printed {printed}: check printed)"))
    else:
        group.append(judge_values(checked, sol, data, grundy) if grundy else
                     Check("values", "error", f"no Grundy function: {chosen['grundy'][1]}{hint}"))
    group.append(judge_moves(r, checked, data, moves) if moves or not check_moves else
                 Check("moves", "skipped", f"no move function: {chosen['moves'][1]} "
                       "(--moves names it); the options are judged through the values"))
    return group


def _weak(check: Check, pos: tuple, data: dict, checked: list, n: int, grundy) -> Check:
    """A position list chosen only as a list drawn from another by a filter, with no Grundy value
    recorded while the program ran (``pos[2:] == ("filtered",)``), may be the program's
    P-positions (issue 47: Nim's P-positions selected from all positions were 90 'missing'
    positions): a difference is then not judged (error), naming what decides, unless the
    program's own Grundy function (called after the program) gives one of its positions a value
    other than 0: then it is no list of P-positions, and the difference stands."""
    if pos[2:] != ("filtered",) or check.verdict != "differ":
        return check
    values = parse_wl(data["values"]) if grundy and data.get("values") else None
    listed = set(as_positions(parse_wl(data.get("positions") or "{}"), n) or ())
    if isinstance(values, list) and any(isinstance(v, int) and v != 0 and p in listed
                                        for p, v in zip(checked, values)):
        return check
    return Check("positions", "error", f"not judged: {pos[0]} was taken for the position list only "
                 "because it is drawn from another list by a filter (no Grundy value was recorded), "
                 "and it may be the program's P-positions (no value of its own says otherwise); --positions names the position list (its "
                 "differences then count), --printed p-positions judges a printed P-position list. "
                 f"As a position list: {check.summary}")


def shown(name: str | None) -> str | None:
    """A symbol as the report names it: the program's own name of an engine temporary
    (``gv (the engine's gv$12)`` for a ``Module`` local), else the name."""
    base = re.sub(r"\$\d+$", "", name) if name else name
    return name if base == name else f"{base} (the engine's {name})"
