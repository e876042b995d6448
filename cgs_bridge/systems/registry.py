"""The registry of outside systems and of provers: :data:`SYSTEMS` maps a name to its
:class:`~cgs_bridge.systems.base.System` (printer target, reader, runner, auditor), one line of
:data:`NAMES` per system; :data:`TARGETS` maps the same names to their printer
:class:`~cgs_bridge.systems.printing.context.Target`; :data:`PROVERS` names the module of every
prover's :class:`~solvers.logic.prover.Prover` record, one line each.

A system lives in one folder ``cgs_bridge/systems/<name>/`` whose ``system.py`` defines ``SYSTEM``,
and is one line of :data:`NAMES` (docs/recipes/new-system.md). ``generate``'s ``--target`` choices,
the ``--<name> FILE`` sources of ``compare``/``verify``, their engine options, the comparison's
sides and ``audit``'s ``--language`` choices all come from here; so do ``prove``'s ``--prover``
choices, its default prover, ``--prover both``, the report's prover names and version line, and
the prover's files in a proof folder.

Nothing is imported before it is asked for: the systems' folders load on the first use of
:data:`SYSTEMS` or :data:`TARGETS` (a module attribute computed then), a prover's module on the
first use of that prover, so ``prove --prover embedded`` loads no system's folder (issue 45).
"""

from __future__ import annotations

from cgs_bridge.systems.base import System

#: The registered systems, one line each: the folder ``cgs_bridge/systems/<name>/`` whose
#: ``system.py`` defines ``SYSTEM``. This order is the order of ``--target all``, of the emitted
#: files and of the comparison's sides.
NAMES = (
    "cgsuite",
    "mathematica",
    "walnut",
)

#: The provers of ``prove``, one line each: its name (the ``--prover`` choice) and the module
#: whose ``PROVER`` is its :class:`~solvers.logic.prover.Prover` record, imported when the prover
#: is first used. This order is the default's (the first available prover decides) and the order
#: of ``--prover both``.
PROVERS = {
    "walnut": "cgs_bridge.systems.walnut.prover",
    "embedded": "solvers.automata.prover",
}

#: The provers' own options, known without importing a prover: option name (the API keyword, the
#: CLI's ``--`` option with ``-`` for ``_``) -> (the prover it configures, its metavar, its help).
PROVER_OPTIONS = {
    "walnut_home": ("walnut", "DIR", "Walnut 6 folder with bin/walnut-run (or $CGS_BRIDGE_WALNUT_HOME)"),
}

_SYSTEMS: dict = {}
_TARGETS: dict = {}
_PROVERS: dict = {}


def _loaded() -> dict:
    if not _SYSTEMS:
        for name in NAMES:
            register(_load(f"{__package__}.{name}.system").SYSTEM)
    return _SYSTEMS


def _load(module: str):
    """The module named ``module``, imported by the import statement's own path (``__import__``:
    ``python -X importtime`` reports it, as it does not ``importlib.import_module``'s)."""
    return __import__(module, fromlist=["_"])


def __getattr__(name: str):
    """``SYSTEMS`` and ``TARGETS``, the systems' folders imported on their first use."""
    if name == "SYSTEMS":
        return _loaded()
    if name == "TARGETS":
        _loaded()
        return _TARGETS
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def register(system: System) -> None:
    """Add ``system`` (after those of :data:`NAMES`, for a system defined outside this package)."""
    if system.name not in NAMES:
        _loaded()
    _SYSTEMS[system.name] = system
    _TARGETS[system.target.name] = system.target


def prover(name: str):
    """The :class:`~solvers.logic.prover.Prover` record of ``name`` (its module imported now).

    Raises:
        InputError: no such prover. EngineError: its module cannot be imported in this build.
    """
    from cgs_bridge.foundation.errors import EngineError, InputError
    if name not in PROVERS:
        raise InputError(f"unknown prover {name!r}; choose {', '.join([*PROVERS, 'both'])}")
    if name not in _PROVERS:
        try:
            _PROVERS[name] = _load(PROVERS[name]).PROVER
        except ImportError as e:
            others = " or ".join(f"--prover {p}" for p in PROVERS if p != name)
            raise EngineError(f"the {name} prover ({PROVERS[name]}) is not available in this build: {e}"
                              + (f"; use {others}" if others else "")) from None
    return _PROVERS[name]


def take_prover_options(keywords: dict) -> dict:
    """The provers' options (:data:`PROVER_OPTIONS`) taken out of ``keywords`` (the keyword
    arguments of ``cb.prove``/``cb.discover``, whose others are game parameters or options)."""
    return {k: keywords.pop(k) for k in list(keywords) if k in PROVER_OPTIONS}


def prover_options(options: dict, names) -> dict:
    """``options`` (``{option: value}``) checked against :data:`PROVER_OPTIONS`: the options of the
    provers ``names`` that are given (not None).

    Raises:
        InputError: an option no prover takes.
    """
    from cgs_bridge.foundation.errors import InputError
    unknown = sorted(set(options) - set(PROVER_OPTIONS))
    if unknown:
        raise InputError(f"unknown prover option {unknown[0]!r}; known: {', '.join(PROVER_OPTIONS)}")
    return {k: v for k, v in options.items() if v is not None and PROVER_OPTIONS[k][0] in names}


def runners() -> list:
    """The systems ``verify`` can run, in the order it runs them."""
    return sorted((s for s in _loaded().values() if s.runner), key=lambda s: s.run_order)


def auditors() -> list:
    """The :class:`~cgs_bridge.systems.base.Auditor` of every audited system, in registry order."""
    return [s.auditor for s in _loaded().values() if s.auditor]


def auditor(language: str):
    """The :class:`~cgs_bridge.systems.base.Auditor` of ``language``. Raises InputError when no
    registered system audits it."""
    for a in auditors():
        if a.language == language:
            return a
    from cgs_bridge.foundation.errors import InputError
    raise InputError(f"no auditor for language {language!r}; known: "
                     f"{', '.join(a.language for a in auditors())}")


def detect_language(path: str, text: str) -> str:
    """The auditor language of a published program (``cgscript``, ``mathematica``): by file
    extension (``.cgs``; ``.wl``, ``.m``, ``.nb``, ``.wls``), else by content: the language whose
    typical constructs (:attr:`Auditor.signs`: CGScript's ``for .. from .. do``,
    ``class .. extends``, ``Worksheet.Print`` against Mathematica's ``f[...]`` heads and ``[[``)
    occur most often; a tie goes to the later-registered language."""
    low = str(path).lower()
    for a in auditors():
        if low.endswith(a.extensions):
            return a.language
    counted = [(len(a.signs.findall(text)), a.language) for a in auditors()]
    return max(reversed(counted), key=lambda c: c[0])[1]
