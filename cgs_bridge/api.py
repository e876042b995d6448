"""The Python API: ``import cgs_bridge as cb`` (application layer over ``cgs_bridge`` core and
``solvers``; the CLI commands are thin layers over the same functions).

>>> import cgs_bridge as cb
>>> g = cb.game("triangular", k=3)             # seed 003, Definition 4.3
>>> s = g.solve(bound=20)                      # every coordinate <= 20
>>> len(s), s.outcome((1, 0, 1))                # seed 003 Example 8.3: 977 + 2257 positions
(3234, 'P')
>>> s.check("P iff x xor y xor z == 0").holds  # seed 003, Theorem 7.3 (k = 4m + 3)
True

Objects: :class:`Game` (a specification bound to parameter values), :class:`Solved` (Grundy
values of a box), :class:`~cgs_bridge.jobs.checking.CheckResult`,
:class:`~cgs_bridge.jobs.compare.Comparison`, :class:`~cgs_bridge.jobs.verify.VerifyResult`,
:class:`AuditResult`, :class:`~cgs_bridge.jobs.sweep.SweepResult`; each has a ``.frame`` (pandas) and a
readable ``repr``. Errors are :class:`cgs_bridge.foundation.errors.CgsBridgeError` subclasses with the message
the CLI prints.
"""

from __future__ import annotations

from pathlib import Path

from cgs_bridge.foundation.errors import EngineError, InputError
from cgs_bridge.foundation.results import Result, renderer
from cgs_bridge.jobs.audit_result import AuditResult  # noqa: F401  (cb.AuditResult)
from cgs_bridge.jobs.checking import CheckResult, check_solution, claimed_ruleset, claims_use_misere, with_claims
from cgs_bridge.model.game import Ruleset
from cgs_bridge.model.loading import load_text
from cgs_bridge.model.resolve import box_of, ruleset_of
from cgs_bridge.systems.registry import take_prover_options


def game(source: str, game_name: str | None = None, **params) -> "Game":
    """A game of the catalog (``"triangular"``) or of a specification file, bound to parameters.

    Args:
        source: a catalog name (``cgs-bridge catalog`` lists them) or a path to a ``.game`` file.
        game_name: which game of a multi-game file (default: the last).
        params: parameter values: ints for ``int`` parameters (``k=5``), an expression in ``t``
            for function parameters (``f="floor(t/4)"``); missing ones take their defaults.
    Raises:
        SpecError: unknown name, unreadable file, or a syntax/semantic error (file:line:column).
        ParameterError: unknown parameter, missing value, not an integer, below its lower bound.
    """
    return Game(ruleset_of(str(source), params, game_name), str(source), game_name, params)


def game_from_text(text: str, game_name: str | None = None, **params) -> "Game":
    """Like :func:`game` for specification text (e.g. written in a notebook cell)."""
    return Game(ruleset_of(load_text(text, "<text>", game_name), params))


#: A :class:`solvers.Box` from an int (every coordinate), a dict ``{coord: int}`` or the ``--bound``
#: text (:func:`cgs_bridge.model.resolve.box_of`); raises BoxError naming what is wrong.
_box = box_of


class Game:
    """A specification bound to parameter values (wraps :class:`cgs_bridge.model.game.Ruleset`).

    Attributes:
        ruleset: the :class:`~cgs_bridge.model.game.Ruleset`; ``coords``: coordinate names in order;
        params: bound parameter values; ``claims``: the names of the spec's claims; ``source``,
        ``game_name``, ``given``: the catalog name or spec file, the game of it and the parameter
        values as given (None for spec text).
    """

    def __init__(self, ruleset: Ruleset, source: str | None = None, game_name: str | None = None,
                 given: dict | None = None):
        self.ruleset = ruleset
        self.coords = ruleset.coords
        self.params = dict(ruleset.params)
        self.source, self.game_name, self.given = source, game_name, dict(given or {})

    @property
    def claims(self) -> list:
        return [c.name for c in self.ruleset.game.claims]

    def is_valid(self, p) -> bool:
        """True when ``p`` (a tuple of ints in coordinate order) satisfies every ``require``."""
        return self.ruleset.is_valid(tuple(p))

    def options(self, p) -> list:
        """The distinct options of position ``p``, sorted (computed from the rules; no solve)."""
        return self.ruleset.option_set(tuple(p))

    def solve(self, bound, misere: bool = False, method: str = "auto") -> "Solved":
        """Grundy values of every valid position with coordinates ``<= bound``.

        Args:
            bound: an int (every coordinate), a dict ``{"x": 20, "y": 10, "z": 20}`` (each
                coordinate once) or the ``--bound`` text.
            misere: also compute misère values (CGSuite ``MisereNimValue``).
            method: ``"auto"``, ``"fast"`` (numba kernel) or ``"reference"`` (option enumeration).
        Raises:
            BoxError: malformed bound or a box too large for memory (with the largest that fits).
            RuleError: a move leaves the valid set or the box, or is not lexicographically lower.
            ParameterError, EvaluationError: see :func:`solvers.solve`.
        """
        from solvers import solve

        from .foundation import progress
        return Solved(self, solve(self.ruleset, _box(self.ruleset, bound), misere=misere, method=method,
                                  progress=progress.callback("solving")), method)

    def _repr_html_(self) -> str:
        """Notebook display: title, source, parameters and the rules as the spec states them."""
        from cgs_bridge.presentation.display import game_html
        return game_html(self)

    def __repr__(self) -> str:
        return f"Game({self.ruleset.describe()}; coordinates {', '.join(self.coords)})"


class Solved(Result):
    """Grundy values of a box (wraps :class:`solvers.Solution` as ``.solution``); a
    :class:`~cgs_bridge.foundation.results.Result` (``exit_code`` 0; text and HTML by
    :mod:`cgs_bridge.presentation.results`).

    Positions are tuples of ints in coordinate order; values follow CGSuite (``NimValue``,
    ``MisereNimValue``). P-position: Grundy value 0 (Sprague-Grundy; seed 003 Theorem 2.1).
    """

    def __init__(self, game: Game, solution, method: str = "auto"):
        self.game, self.solution, self.method = game, solution, method
        self.box = solution.box
        self._frame = None

    def __len__(self) -> int:
        return len(self.solution)

    @property
    def frame(self):
        """pandas DataFrame, one row per valid position in lexicographic order: the coordinates,
        ``grundy`` and (when solved with ``misere=True``) ``misere``."""
        if self._frame is None:
            self._frame = self.solution.to_frame()
        return self._frame

    def p_positions(self) -> list:
        """Every P-position of the box, lexicographic, as tuples."""
        return self.solution.p_positions()

    def value(self, p) -> int:
        """Grundy value of ``p``. Raises CgsBridgeError outside the box or the valid set."""
        return self.solution.value(p)

    def misere_value(self, p) -> int:
        """Misère value of ``p`` (needs ``solve(..., misere=True)``)."""
        return self.solution.misere_value(p)

    def outcome(self, p) -> str:
        """``'P'`` (Grundy value 0: the previous player wins) or ``'N'``."""
        return self.solution.outcome(p)

    def options(self, p) -> list:
        """``[(option, grundy), ...]``: the distinct options of ``p`` with their values."""
        return self.solution.options(p)

    def winning_moves(self, p) -> list:
        """Options of ``p`` that are P-positions (empty when ``p`` is a P-position)."""
        return self.solution.winning_moves(p)

    def check(self, *claims: str, limit: int = 10) -> CheckResult:
        """Check claims on every valid position of the box.

        Args:
            claims: conditions in the spec language over coordinates, parameters, ``grundy``,
                ``misere``, ``P``, ``N`` (e.g. ``"P iff (x - 1) xor y xor (z - 1) == 0"``, seed
                003 Conjecture 8.1); none: the spec's own claims (with their ``when``).
            limit: counterexamples kept per claim.
        Returns:
            a :class:`~cgs_bridge.jobs.checking.CheckResult` (``holds``, ``failures``,
            ``counterexamples``, ``frame``). A claim using ``misere`` on a box solved without
            misère values re-solves the box with them.
        Raises:
            SpecError: a claim does not parse or names something unknown (column given).
        """
        checked = with_claims(self.game.ruleset.checked, claims, keep=not claims, prefix="")
        sol = self.solution
        if claims_use_misere(checked) and sol.misere is None:
            from solvers import solve
            sol = solve(self.game.ruleset, self.box, misere=True, method=self.method)
        return check_solution(sol, checked, limit=limit)

    def to_csv(self, path, overwrite: bool = False) -> Path:
        """Write the table of :attr:`frame` as CSV (atomically; an existing different file is
        replaced only with ``overwrite``). Raises InputError otherwise."""
        from cgs_bridge.foundation.io import atomic_write_text
        return atomic_write_text(path, self.solution.to_csv_text(), overwrite=overwrite)

    def plot(self, kind: str = "grid", slice=None, mod: int | None = None, differences=None):
        """A paper-style matplotlib Figure (:mod:`cgs_bridge.presentation.plot`; save with ``fig.savefig``).

        Args:
            kind: ``"grid"`` (Grundy values of a 2-D slice, seed 000 Fig 7.9), ``"p-positions"``
                (3-D scatter and its projections over the box, or marked cells; seed 003 §8) or ``"diff"``
                (``differences``: a comparison, a verify result or a list of differences).
            slice: the fixed coordinates, ``"y=2"`` or ``{"y": 2}``.
            mod: grid only: colour cells by Grundy value mod ``mod`` (seed 000 Fig 7.10).
        Raises:
            PlotError: unknown coordinate or value outside the box in ``slice``, or a slice that
            leaves the wrong number of free coordinates.
        """
        from cgs_bridge.presentation.api_figures import solved_figure
        return solved_figure(self.solution, kind, slice, mod, differences)

    def explore(self, path=None, claims: bool = True, mod: int = 3, overwrite: bool = False):
        """The explorer page (:mod:`cgs_bridge.presentation.explore`): a slice grid of Grundy values with a
        slider per other coordinate, colouring by value mod ``mod``, P-positions or a claim's
        failures, and each position's options, their values and the winning moves.

        Args:
            path: write the page there (``.html``, atomically) and return the path; without it,
                return an :class:`~cgs_bridge.presentation.explore.Explorer` (shown in a notebook).
            claims: include the spec's claims (every failing position) for colouring.
        Raises:
            InputError: a box with more than 60,000 positions, a bad path or an existing file.
        """
        from cgs_bridge.presentation.explore import Explorer, check_all, explorer_html, write_explorer
        result = check_all(self.solution) if claims else None
        if path is not None:
            return write_explorer(path, self.solution, result, mod, overwrite=overwrite)
        return Explorer(explorer_html(self.solution, result, mod), f"{self.game.ruleset.describe()} on {self.box}",
                        rows=max(self.solution.box.upper) + 1)

    exit_code = 0  #: a solve that finished (errors are raised)

    def verdict(self) -> str:
        """``3234 positions, 977 P-positions, max Grundy value 17``."""
        return (f"{len(self)} positions, {len(self.p_positions())} P-positions, max Grundy value "
                f"{int(self.solution.grundy.max()) if len(self) else '-'}")

    def __repr__(self) -> str:
        return f"Solved({self.game.ruleset.describe()} on {self.box}: {self.verdict()})"


@renderer(Solved, "html")
def _solved_html(s) -> str:  # summary and Grundy grids
    from cgs_bridge.presentation.display import solved_html
    return solved_html(s)


def _ruleset(g, params: dict) -> Ruleset:
    if isinstance(g, Game):
        if params:
            raise InputError("give parameters to cb.game(...), not again here")
        return g.ruleset
    return game(g, **params).ruleset


def verify(g, bound, misere: bool = False, run_dir=None, sources=None, engines=None,
           timeout: float = 600.0, claims=(), claims_file=None, quiet: bool = True, **params):
    """Solve in Python, emit every registered system's program into a run folder, run the systems
    ``verify`` can run (Mathematica: Mathics3 or wolframscript; CGSuite with a command) and compare
    position by position (``cgs-bridge verify``).

    Args:
        g: a :class:`Game` or a catalog name / spec path (then ``params`` bind it).
        bound: as :meth:`Game.solve`. ``run_dir``: the run folder (default
            ``runs/<stem>-<time>``; a non-empty folder is refused). ``quiet``: no progress lines.
        sources: ``{system name: output file}`` compared instead of running that system
            (``{"cgsuite": "t.out"}``); ``engines``: the engine options by the CLI's names
            (``{"mathematica_engine": "mathics", "cgsuite_cmd": "..."}``;
            :func:`cgs_bridge.jobs.verify.run_verify`). ``claims``: extra claims (spec-language
            texts); ``claims_file``: a file of them, or published claims (YAML), as ``--claims``.
    Returns:
        a :class:`~cgs_bridge.jobs.verify.VerifyResult` (``agree``, ``frame`` of differences,
        ``run_dir``); the report files are written into the run folder.
    Raises:
        EngineError: an engine is missing, fails or times out (a run cut off is still compared on
        the rows it delivered: the INCOMPLETE comparison is written into the run folder first and
        its verdict ends the message); InputError, BoxError: bad input.
    """
    from cgs_bridge.jobs.verify import run_verify
    r, published = claimed_ruleset(_ruleset(g, params), claims, claims_file)
    res = run_verify(r, _box(r, bound), misere=misere, run_dir=run_dir, sources=sources, engines=engines,
                     timeout=timeout, claims=published, say=(lambda _t: None) if quiet else print)
    res.comparison.write(res.run_dir, res.solution)
    if res.problems:
        raise EngineError("\n".join(m for _, m in res.problems)
                          + f"\n{res.comparison.verdict()} (comparison written to {res.run_dir})")
    return res


def compare(g, bound, sources=None, claims=(), claims_file=None, misere: bool = False, table_axes=None,
            fixed=None, **params):
    """Compare what outside systems printed and/or typed published claims (YAML,
    docs/claims-format.md) with Python on a box (``cgs-bridge compare``).

    Args:
        g, bound: as :func:`verify`. ``sources``: ``{system name: file}`` for any registered system
            (``{"cgsuite": "t.out", "mathematica": "t.csv"}``). ``table_axes``: ``{"rows": "x",
            "cols": "z"}`` for a CGSuite ``Table`` grid, the other coordinates in ``fixed``.
            ``claims``, ``claims_file``: as :func:`verify`.
    Returns:
        a :class:`~cgs_bridge.jobs.compare.Comparison` (``agree``, ``frame``, ``render()``).
    Raises:
        InputError: nothing to compare, or an unreadable / malformed source (file and line).
    """
    from cgs_bridge.jobs.compare import compare_sources
    from solvers import solve
    if not (claims or claims_file or any((sources or {}).values())):
        raise InputError("nothing to compare: give sources={system: file}, claims= and/or claims_file=")
    r, published = claimed_ruleset(_ruleset(g, params), claims, claims_file)
    return compare_sources(r, solve(r, _box(r, bound), misere=misere), sources, published, table_axes, fixed)


def audit(program, g, language: str = "auto", **options):
    """Judge a published program (a file, exactly as printed) against a spec with its language's
    auditor, in the sandbox (``cgs-bridge audit``; docs/audit.md).

    Args:
        g: a :class:`Game` or a catalog name / spec path (bind parameters with :func:`game`).
        language: ``"auto"`` (file name, else content) or an auditor's (``"mathematica"``,
            ``"cgscript"``: :func:`cgs_bridge.systems.registry.auditors`).
        options: the ``audit`` command's options, one name across CLI and API: ``scale``
            (``{"ss": 5}``, ``"ss=5"`` or a list), ``bound``, ``expect``, ``printed`` (``"grundy"``,
            ``"p-positions"``: what a program that only prints printed), ``timeout``, ``no_sandbox``,
            ...; each auditor's own (``subst``, ``grundy``, ``moves``, ``classes``, ...); the
            Mathematica engine as in :func:`verify`: ``engines={"mathematica_engine": "mathics"}``
            (CLI ``--mathematica-engine``).
    Returns:
        an :class:`AuditResult`. Raises: InputError (unreadable program, unsafe builtins, unknown
        option), EngineError.
    """
    from cgs_bridge.jobs.audit import audit as run
    spec = ({"game": g.source, "game_name": g.game_name, "params": g.given} if isinstance(g, Game)
            else {"game": str(g)})
    return AuditResult(run(program, _ruleset(g, {}), language, **{**spec, **options}))


def sweep(g, params=None, bound=None, claims=(), output=None, workers=None, scheduler=None,
          progress: bool = False, game_name=None, method: str = "auto", limit: int = 3, claims_file=None):
    """Solve and check a grid of parameter values and bounds (``cgs-bridge sweep``); see
    :func:`cgs_bridge.jobs.sweep.run_sweep` for the arguments, the table and the errors
    (``cb.sweep("triangular", {"k": "1..9:2"}, bound=12, workers=0)``)."""
    from cgs_bridge.jobs.sweep import run_sweep
    if isinstance(g, Game):
        raise InputError("cb.sweep takes a catalog name or spec path and a grid of parameters")
    return run_sweep(str(g), params or {}, bound, claims=claims, output=output, workers=workers,
                     scheduler=scheduler, progress=progress, game_name=game_name, method=method,
                     limit=limit, claims_file=claims_file)


def prove(g, params=None, claims=(), prover=None, output=None, force: bool = False, claims_file=None,
          timeout=None, memory=None, game_name=None, **game_params):
    """Decide claims for every position (``cgs-bridge prove``): a ProveResult (``print`` shows its rows).
    ``g``: a :class:`Game`, or a name / spec path with its parameters as keywords, as :func:`verify`
    (``cb.prove("triangular", k=5)``), or as a dict ``params``; ``claims``: texts added to the game's,
    as ``--claim``; a prover's option as a keyword (``walnut_home=DIR``); the rest as
    :func:`cgs_bridge.presentation.proof_folder.prove_into` (``output``: the proof folder, checked
    before any prover runs). Raises: as ``prove_into``; InputError: a :class:`Game` with parameters."""
    from cgs_bridge.presentation.proof_folder import prove_into
    options = take_prover_options(game_params)
    if isinstance(g, Game) and (params or game_params):
        raise InputError("a Game is already bound to its parameters: give them to cb.game, or a name to cb.prove")
    return prove_into(g.ruleset if isinstance(g, Game) else g, {**(params or {}), **game_params},
                      [claims] if isinstance(claims, str) else list(claims), output, force,
                      claims_file=claims_file, prover=prover, timeout=timeout, memory=memory,
                      game_name=game_name, **options)


#: Keyword arguments of :func:`discover` that are options (so are the provers'; others: parameters).
DISCOVER_OPTIONS = ("families", "shifts", "moduli", "offsets", "limit", "per_family", "near", "fix_max", "sweep",
                    "method", "bfile", "force", "against", "prove", "prover", "automaton", "base",
                    "max_states", "timeout", "memory")


def discover(g, bound=None, **kwargs):
    """Search formula families for the P-positions and Grundy values on a box (``cgs-bridge
    discover``); the options (:data:`DISCOVER_OPTIONS`) and the report: :func:`cgs_bridge.jobs.discover.discover`.

    Args:
        g: a :class:`Game`, a catalog name / spec path (the other keyword arguments are then its
            parameters, as for :func:`verify`), or a :class:`Solved` box (no bound).
        bound: as :meth:`Game.solve`.
    Returns:
        a :class:`cgs_bridge.jobs.discover.Discovery` (``formulas`` with paste-ready ``claim`` lines,
        ``near_misses``, ``regions``, ``lines``, ``sweep``; ``to_text()``, ``to_json()``).
    Raises:
        InputError: a bound or parameters given with a Solved box; see :func:`verify`.
    """
    from cgs_bridge.jobs.discover import discover as run
    options = {**take_prover_options(kwargs), **{k: kwargs.pop(k) for k in list(kwargs) if k in DISCOVER_OPTIONS}}
    if isinstance(g, Solved):
        if bound is not None or kwargs:
            raise InputError("a Solved box already has its bound and parameters; give neither")
        return run(g.solution, **options)
    r = _ruleset(g, kwargs)
    return run(r, bound=None if bound is None else _box(r, bound), **options)


def _notebook_figures():
    from cgs_bridge.presentation.display import register_figure_display
    register_figure_display()


_notebook_figures()
