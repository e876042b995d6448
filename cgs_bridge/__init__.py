"""cgs_bridge: one impartial-game specification, solved in Python, emitted as CGSuite 2.x and
Mathematica programs, and cross-validated position by position against what those systems print.

Public entry points:

- :func:`cgs_bridge.spec.load_game` / :func:`cgs_bridge.catalog.load` — parse a specification;
- :class:`cgs_bridge.game.Ruleset` — a specification bound to parameter values (valid positions,
  options, claims);
- :func:`solvers.solve` — Grundy values over a box of positions.
"""

__version__ = "0.1.0"
