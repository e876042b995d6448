"""The registry of outside systems: :data:`SYSTEMS` maps a name to its
:class:`~cgs_bridge.systems.base.System` (printer target, reader, runner, auditor), one line of
:data:`NAMES` per system; :data:`TARGETS` maps the same names to their printer
:class:`~cgs_bridge.systems.printing.context.Target`.

A system lives in one folder ``cgs_bridge/systems/<name>/`` whose ``system.py`` defines ``SYSTEM``,
and is one line of :data:`NAMES` (docs/recipes/new-system.md). ``generate``'s ``--target`` choices,
the ``--<name> FILE`` sources of ``compare``/``verify``, their engine options, the comparison's
sides and ``audit``'s ``--language`` choices all come from here.
"""

from __future__ import annotations

from importlib import import_module

from cgs_bridge.systems.base import System

#: The registered systems, one line each: the folder ``cgs_bridge/systems/<name>/`` whose
#: ``system.py`` defines ``SYSTEM``. This order is the order of ``--target all``, of the emitted
#: files and of the comparison's sides.
NAMES = (
    "cgsuite",
    "mathematica",
    "walnut",
)

SYSTEMS: dict = {}
TARGETS: dict = {}


def register(system: System) -> None:
    """Add ``system`` (after those of :data:`NAMES`, for a system defined outside this package)."""
    SYSTEMS[system.name] = system
    TARGETS[system.target.name] = system.target


for _name in NAMES:
    register(import_module(f"{__package__}.{_name}.system").SYSTEM)


def runners() -> list:
    """The systems ``verify`` can run, in the order it runs them."""
    return sorted((s for s in SYSTEMS.values() if s.runner), key=lambda s: s.run_order)


def auditors() -> list:
    """The :class:`~cgs_bridge.systems.base.Auditor` of every audited system, in registry order."""
    return [s.auditor for s in SYSTEMS.values() if s.auditor]


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
