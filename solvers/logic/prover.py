"""The one small interface every prover implements (issue 45): a :class:`Prover` record, listed in
:data:`cgs_bridge.systems.registry.PROVERS`, that ``prove``, ``discover --prove``, the proof report
and the proof folder loop over instead of naming Walnut or the embedded prover.

A prover decides a :class:`~solvers.logic.formula.Problem` for all natural numbers and answers one
:class:`~solvers.logic.formula.Decision` per obligation. Walnut's record lives in its system's
folder (``cgs_bridge/systems/walnut/prover.py``), the embedded prover's beside the automata
(:mod:`solvers.automata.prover`): this module is in the solvers' package so that the embedded
prover can define its record without importing ``cgs_bridge.systems`` (a higher layer).
See docs/recipes/new-system.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable


def always(options: dict) -> tuple:
    """The availability of a prover that needs nothing outside Python: ``(True, "")``."""
    return True, ""


def no_version(options: dict) -> str:
    """A prover without a version of its own (its version is the project's)."""
    return ""


def no_files(number: int, row, listing: str) -> dict:
    """A prover that writes no file of its own into the proof folder."""
    return {}


@dataclass(frozen=True)
class Prover:
    """One prover of ``prove --prover NAME``.

    Attributes:
        name: the ``--prover`` choice (and the key of ``ClaimProof.decisions``).
        decide: ``decide(problem, limits) -> [Decision]``, one per obligation in order; ``limits``
            is a dict: ``timeout`` (seconds or None), ``memory`` (bytes or None), ``workdir`` (a
            folder that keeps the run, or None), ``notes`` (lines naming the claim), and the
            prover options (:data:`cgs_bridge.systems.registry.PROVER_OPTIONS`) by name. Raises
            :class:`~cgs_bridge.foundation.errors.CgsBridgeError` (an engine or limit error: never
            a Decision).
        availability: ``availability(options) -> (bool, reason)``: whether it can run with these
            prover options, and why not (e.g. Java missing). The default prover is the first
            available one in registry order; ``--prover both`` runs every available one. Raises
            EngineError: an option names something unusable (a folder without the program).
        version: ``version(options) -> str``: the version line of the report (``Walnut 6 (commit
            ...)``), "" when the prover has none of its own.
        title: how a proof names it when it has no version line ("the embedded automata prover").
        label: its name at the head of a sentence ("Embedded prover").
        ours: written for this project (a proof says "of cgs-bridge VERSION" after its title).
        listing: ``listing(problem, notes) -> str``: the problem in the prover's own input language
            (a script), shown in the proof documents and written into the proof folder; None when
            the prover reads the proof language itself.
        listing_titles: the heading of that listing per document: ``md``, ``html``, ``tex`` (TeX
            source).
        files: ``files(number, row, listing) -> {file name: text}``: what the proof folder holds
            for claim ``number`` (1-based) the prover decided (``row``: its ClaimProof; ``listing``:
            the claim's listing with its notes).
        owns: a regular expression of those file names (the folder check refuses a FIFO or a link
            under any of them before the work).
    """

    name: str
    decide: Callable
    availability: Callable = always
    version: Callable = no_version
    title: str = ""
    label: str = ""
    ours: bool = False
    listing: Callable | None = None
    listing_titles: dict | None = None
    files: Callable = no_files
    owns: str = ""
