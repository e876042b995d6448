"""cgs_bridge: one impartial-game specification, solved in Python, emitted as CGSuite 2.x and
Mathematica programs, and cross-validated position by position against what those systems print.

The Python API (:mod:`cgs_bridge.api`, loaded on first use so that importing a core module never
imports the solvers)::

    import cgs_bridge as cb
    g = cb.game("triangular", k=5)            # a catalog game or a spec file, bound to parameters
    s = g.solve(bound=60)                     # or bound={"x": 20, "y": 10, "z": 20}
    s.frame, s.p_positions(), s.value((1, 0, 1)), s.winning_moves((3, 1, 2))
    s.check("P iff (x - 1) xor y xor (z - 1) == 0")       # seed 003, Conjecture 8.1
    cb.verify(...), cb.compare(...), cb.audit(...), cb.sweep(...), cb.discover(...)

``cb.compare``, ``cb.audit``, ``cb.verify``, ``cb.sweep`` and ``cb.discover`` are the API
functions; the modules of the same names are imported as ``from cgs_bridge.jobs.compare import ...`` (their attribute on the
package stays the function). Lower layers: :func:`cgs_bridge.model.loading.load_game`,
:class:`cgs_bridge.model.game.Ruleset`, :func:`solvers.solve`.
"""

import sys as _sys
import types as _types

from .foundation import errors
from .foundation import results as _results
from .foundation.version import __version__  # noqa: F401

# ``cgs_bridge.foundation.errors`` is public (``except cb.errors.CgsBridgeError``, ``from cgs_bridge.foundation.errors
# import ...``): the module lives in the foundation layer and is served under its public name too.
_sys.modules[__name__ + ".errors"] = errors


def _load_renderers():
    """The base renderer and the claim checks' (the lightest)."""
    from .presentation import results  # noqa: F401


def _load_compare_renderers():
    """The renderers of comparisons and verify runs."""
    from .presentation import results_compare  # noqa: F401


def _load_audit_renderers():
    """The renderers of audits."""
    from .presentation import results_audit  # noqa: F401


def _load_search_renderers():
    """The renderers of discovery, sweep and prove results."""
    from .presentation import results_search  # noqa: F401


_results.LOADERS[:] = [_load_renderers, _load_compare_renderers, _load_audit_renderers,
                      _load_search_renderers]

#: Names served by :mod:`cgs_bridge.api` (loaded lazily).
API = ("game", "game_from_text", "Game", "Solved", "CheckResult", "AuditResult", "verify", "compare",
       "audit", "sweep", "discover", "prove")


class _Package(_types.ModuleType):
    """The package module: importing a submodule named like an API function (``compare``,
    ``audit``, ``verify``, ``sweep``, ``discover``) does not replace the function on the package."""

    def __setattr__(self, name, value):
        if name in API and isinstance(value, _types.ModuleType):
            return
        super().__setattr__(name, value)


def __getattr__(name):
    if name in API:
        from . import api
        return getattr(api, name)
    raise AttributeError(f"module 'cgs_bridge' has no attribute {name!r}")


def __dir__():
    return sorted(list(globals()) + list(API))


_sys.modules[__name__].__class__ = _Package
