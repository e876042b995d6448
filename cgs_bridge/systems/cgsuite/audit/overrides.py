"""A class's own game values (issue 25 item 2, CGScript half): a class may override ``NimValue``,
``CanonicalForm`` or their misère forms (1.1.1 ``override property NimValue.get ... end``, 2.x
``override def NimValue ...``), and then what its scripts print is what the override computes, not
the mex over ``Options`` that the ``moves``/``values`` checks derive. The check ``own-values``
evaluates every such member of the judged class at every valid position of the box and compares it
with the spec solver (normal play: the Grundy value, CGSuite ``NimValue``; ``CanonicalForm`` of an
impartial game is the nimber ``*NimValue``; misère: CGSuite ``MisereNimValue``). Without a box the
audit cannot say the program agrees: the check is then an error (exit 2) asking for ``--bound``.
"""

from __future__ import annotations

from cgs_bridge.foundation.errors import CgsBridgeError
from cgs_bridge.systems.auditing.judge import Check
from cgs_bridge.systems.cgsuite.cgscript import games as G
from cgs_bridge.systems.cgsuite.cgscript.evaluator import PYTHON_ERRORS, error_text
from cgs_bridge.systems.cgsuite.cgscript.values import NimberValue

from .judge import class_games, rows_check

#: value member -> the solver's column it must equal
VALUE_MEMBERS = {"NimValue": "grundy", "CanonicalForm": "grundy", "MisereNimValue": "misere",
                 "MisereCanonicalForm": "misere"}
def overridden(interp, cls_key: str) -> list:
    """The value members (:data:`VALUE_MEMBERS`) the class ``cls_key`` defines itself."""
    cls = interp.classes[cls_key]
    return [name for name in VALUE_MEMBERS if cls.method(name) is not None]


def _as_int(v):
    if isinstance(v, NimberValue):
        return v.value
    if isinstance(v, int) and not isinstance(v, bool):
        return v
    return None


def judge_own_values(interp, binding, ruleset, box) -> Check | None:
    """``own-values`` for the overridden value members of ``binding``'s class on ``box`` (None when
    the class overrides none). ``box`` None: an error check (the override cannot be judged)."""
    from solvers import solve
    names = overridden(interp, binding.cls_key)
    if not names:
        return None
    what = ", ".join(names)
    if box is None:
        return Check("own-values", "error", f"{binding.cls_key} overrides {what}: what the program prints "
                     "is what the override computes; give --bound to judge it on a box (no verdict)")
    misere = any(VALUE_MEMBERS[n] == "misere" for n in names)
    sol = solve(ruleset, box, misere=misere, method="reference")
    rows, n = [], 0
    try:
        for p, g in class_games(interp, binding, ruleset, box):
            for name in names:
                n += 1
                got = G.game_member(interp, g, name, [], None)
                want = sol.value(p) if VALUE_MEMBERS[name] == "grundy" else sol.misere_value(p)
                if _as_int(got) != want:
                    rows.append({"position": str(p), "program": str(got), "spec": want,
                                 "detail": f"the class's own {name}"})
    except (CgsBridgeError,) + PYTHON_ERRORS as e:
        return Check("own-values", "error", f"evaluating {binding.cls_key}'s own {what}: {error_text(e)}")
    return rows_check("own-values", rows, f"{len(rows)} of {n} values of {binding.cls_key}'s own {what} "
                      f"differ from the spec's on box {box}", f"{binding.cls_key}'s own {what} equal the spec "
                      f"solver's at all {n} evaluations on box {box}",
                      lambda r: f"{r['position']}: {r['detail']} {r['program']}, spec {r['spec']}")
