"""Work estimated before a solve starts (issue 37): a general move rule (``move s in a..b``, ``cut
x, y by s``, ``cut x to t where C``) is enumerated value by value at every position, so a game with
``move s in 1..k`` at ``k = 10,000,000`` costs positions x 10^7 option tries however small the box.

The estimate is the number of points of the box times the number of values the general rules'
variables can take at one position, each rule's count bounded from the magnitudes of its bounds on
the box (:mod:`solvers.bounds`): ``|lo| + |hi| + 1`` for an interval, the size of a finite set.
Plain cuts are not counted: the fast kernel gets them from the line recurrence (options of p along
i = options of p - e_i along i plus one), a handful of steps per position. A solve whose estimate
exceeds :data:`MAX_WORK` (or ``$CGS_BRIDGE_MAX_WORK``) is refused before anything is computed,
with the estimate; ``cgs-bridge solve --yes`` (``max_work=0``) runs it anyway.
"""

from __future__ import annotations

from cgs_bridge.foundation import config
from cgs_bridge.foundation.errors import BoxError, ParameterError

#: Default largest estimated number of option tries of one solve (about 20 s to a minute of the
#: fast kernel on one core at some 10^8 tries a second).
MAX_WORK = 2_000_000_000


def max_work() -> int:
    """The limit: ``$CGS_BRIDGE_MAX_WORK`` (an integer, 0 = no limit) or :data:`MAX_WORK`.

    Raises:
        ParameterError: the variable is set but not a nonnegative integer.
    """
    text = config.get(config.MAX_WORK)
    if text is None or not text.strip():
        return MAX_WORK
    try:
        value = int(text)
    except ValueError:
        value = -1
    if value < 0:
        raise ParameterError(f"${config.MAX_WORK} must be a nonnegative integer (0: no limit), got {text!r}")
    return value


def options_per_position(ruleset, box) -> int:
    """An upper bound on the values the general rules of ``ruleset`` try at one position of ``box``
    (0 for a game of plain cuts only)."""
    from .bounds import _Bounds
    from .codegen import Unsupported
    moves = getattr(ruleset.game, "moves", ())
    if not moves:
        return 0
    b = _Bounds(ruleset)
    env = dict(zip(ruleset.coords, (int(u) for u in box.upper)))
    total = 0
    for mv in moves:
        if mv.values is not None:
            total += len(mv.values)
            continue
        try:
            total += b.visit(mv.lo, env) + b.visit(mv.hi, env) + 1
        except (Unsupported, KeyError, TypeError, ValueError, ArithmeticError):
            return 1 << 62  # bounds beyond int64 or not found from the box: the most
    return total


def estimate(ruleset, box) -> int:
    """Estimated option tries of a solve of ``ruleset`` on ``box``: points x options per position."""
    return int(box.size) * options_per_position(ruleset, box)


def check_work(ruleset, box, limit: int | None = None) -> int:
    """Refuse a solve whose :func:`estimate` exceeds ``limit`` (None: :func:`max_work`; 0: no
    limit); returns the estimate.

    Raises:
        BoxError: the estimate is above the limit; the message gives it, the limit and how to run
        anyway.
    """
    limit = max_work() if limit is None else limit
    work = estimate(ruleset, box)
    if limit and work > limit:
        per = options_per_position(ruleset, box)
        raise BoxError(f"{ruleset.describe()} on box {box}: up to {box.size:,} positions x {per:,} "
                       f"options each = about {work:.2e} option tries, above the limit of "
                       f"{limit:.2e} (${config.MAX_WORK}); choose a smaller box or parameter, or run "
                       f"it anyway with `cgs-bridge solve --yes` (or ${config.MAX_WORK}=0)")
    return work
