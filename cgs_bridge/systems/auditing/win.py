"""Win predicates (issue 47, item 3): a program whose function answers True/False at a position
("the player to move wins") instead of a Grundy value is a P-position program, judged as one.

Which truth value means "the player to move wins" is read from the run, never assumed: in normal
play a terminal position (no option) is a P-position (the player to move cannot move and loses;
Berlekamp, Conway, Guy, *Winning Ways*, ch. 1), so the predicate's value at the box's terminal
positions says what it means. When those values disagree, or the box has no terminal position,
the meaning cannot be read and the check cannot be judged (exit 2), naming why.
"""

from __future__ import annotations

from .judge import EXAMPLES, Check, _fmt, _payload, valid_positions
from .values import Symbolic


def _truth(v):
    return {"True": True, "False": False}.get(str(v)) if isinstance(v, Symbolic) else None


def judge_win(ruleset, checked: list, sol, data: dict, symbol: str) -> Check:
    """The program's win predicate ``symbol`` at every valid position of the box (``data["win"]``,
    in the order of ``checked``) vs the spec's P-positions: the positions where the predicate says
    the player to move loses must be exactly the spec's P-positions there."""
    values = _payload(data, "win", len(checked))
    if values is None:
        return Check("win", "error", f"no True/False values of {symbol} at the {len(checked)} "
                     f"positions of the box: {str(data.get('win'))[:200]}")
    valid = set(valid_positions(sol))
    truth = {p: _truth(v) for p, v in zip(checked, values) if p in valid}
    unread = sorted(p for p, t in truth.items() if t is None)
    if unread:
        return Check("win", "error", f"{symbol} is not True/False at {len(unread)} of {len(truth)} "
                     f"valid positions, e.g. {', '.join(_fmt(p) for p in unread[:3])}: not judged")
    terminals = [p for p in truth if not ruleset.option_set(p)]
    meanings = {truth[p] for p in terminals}
    if len(meanings) != 1:
        why = ("the box has no terminal position" if not terminals else
               f"it is True at {_fmt(next(p for p in terminals if truth[p]))} and False at "
               f"{_fmt(next(p for p in terminals if not truth[p]))}, both terminal")
        return Check("win", "error", f"{symbol} answers True/False, but which value means 'the "
                     f"player to move wins' cannot be read from the run: {why}")
    loses = meanings.pop()  # the value at a terminal position: the player to move loses
    meaning = ("True means 'the player to move wins' (False at the terminal positions)" if not loses
               else "True means 'a P-position' (True at the terminal positions)")
    prog = {p for p, t in truth.items() if t == loses}
    spec = {p for p in truth if int(sol.grundy[p]) == 0}
    rows = [{"position": _fmt(p), "program": "P-position", "spec": f"value {int(sol.grundy[p])}",
             "detail": "win predicate"} for p in sorted(prog - spec)]
    rows += [{"position": _fmt(p), "program": "N-position", "spec": "P-position",
              "detail": "win predicate"} for p in sorted(spec - prog)]
    head = (f"{symbol} at {len(truth)} valid positions of the box {sol.box} ({meaning}): "
            f"{len(prog)} P-positions, the spec has {len(spec)}")
    if not rows:
        return Check("win", "agree", head + "; equal at every position")
    shown = ", ".join(f"{r['position']}: program {r['program']}, spec {r['spec']}" for r in rows[:EXAMPLES])
    return Check("win", "differ", f"{head}; {len(rows)} positions differ: {shown}", rows)
