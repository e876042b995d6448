"""Walnut 6 as a :class:`~cgs_bridge.systems.base.System` (issue 32): the ``walnut`` target
(``generate --target walnut`` writes the game's claims as a Walnut script plus the xor automaton).
Its prover (what ``prove --prover walnut`` runs) is the registry's prover entry in :mod:`.prover`.
Walnut prints verdicts, not a table of values, so it is neither a source of ``compare`` nor run by
``verify``."""

from __future__ import annotations

from pathlib import Path

from cgs_bridge.foundation.errors import InputError
from cgs_bridge.language.spec_printer import SpecPrinter
from cgs_bridge.systems.base import System
from cgs_bridge.systems.printing.context import Target

from . import settings  # noqa: F401  (declares Walnut's variable)


def _files(stem: str, model) -> dict:
    return {"script.txt.j2": f"{stem}_walnut.txt", "xor.txt.j2": "xor.txt"}


def _context(model, box, misere, files) -> dict:
    from .automata import xor_automaton
    from .script import game_script
    return {"script": game_script(model.ruleset).rstrip("\n"),
            "xor": xor_automaton().rstrip("\n")}


def read(path, ruleset, partial: bool, options: dict):
    """Walnut's output is verdicts, not values: it cannot be compared as a table.

    Raises:
        InputError: always (use ``cgs-bridge prove``).
    """
    raise InputError(f"{path}: Walnut prints verdicts (TRUE/FALSE), not a table of values; "
                     "use 'cgs-bridge prove GAME --prover walnut'")


#: The printer target; ``printer`` is the spec printer, which writes the claims in the notes.
TARGET = Target("walnut", SpecPrinter, _files, _context, Path(__file__).with_name("templates"), boxless=True)

SYSTEM = System(name="walnut", target=TARGET, read=read,
                source_help="(not a source: Walnut prints verdicts; see 'cgs-bridge prove')")
