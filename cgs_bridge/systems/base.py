"""The one small interface every outside system implements: a :class:`System` record (listed in
:mod:`cgs_bridge.systems.registry`) that ``generate``, ``verify``, ``compare``, ``audit``, the CLI
and the API loop over instead of naming CGSuite and Mathematica.

A system is one folder ``cgs_bridge/systems/<name>/`` holding its printer and templates (its
:class:`~cgs_bridge.systems.printing.context.Target`), its reader (what it prints ->
:class:`~cgs_bridge.systems.imported.ImportedTable`), optionally its :class:`Runner` (how ``verify``
starts it: engine choice, limits, start-up failure detection) and its :class:`Auditor` (how a
published program in its language is judged). See docs/recipes/new-system.md.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable

if TYPE_CHECKING:   # an annotation only: the registry loads without the printers
    from cgs_bridge.systems.printing.context import Target


def no_notes(table) -> list:
    """A reader with nothing to say beyond the rows it read."""
    return []


@dataclass(frozen=True)
class Runner:
    """How ``verify`` runs a system on the files it just emitted into the run folder.

    ``option``: the keyword of :func:`cgs_bridge.jobs.verify.run_verify` (and the CLI option
    ``--<option>`` with ``-`` for ``_``) choosing the engine; ``choices``: its values when it is a
    choice (``("auto", "mathics", ...)``; the CLI adds ``none``), else ``()`` (a command line);
    ``help``: the option's help text; ``prepare(value, given)`` checks that choice before any work
    (raises ``InputError`` or ``EngineError``) and returns a handle, or None when the system is not
    run (``given``: the output file the user gave instead); ``run(handle, files, run_dir, timeout,
    say, problems)`` runs it (``files``: ``{template name: path}`` of its target plus ``"csv"``) and
    returns the path of what it printed (appending ``(system, message)`` to ``problems`` when the
    run failed after it started); ``label(handle)`` is ``(progress scope, timings label)`` of the
    run; ``notes(handle, files, run_dir, source)`` says what the comparison should add (``source``:
    what was compared, None when nothing was); ``checks(handle, files, run_dir)`` (optional) returns
    ``[(line, failing positions listed)]`` of the spec-claim checks the run printed, in order.
    """

    option: str
    choices: tuple
    help: str
    prepare: Callable
    run: Callable
    label: Callable
    notes: Callable
    checks: Callable | None = None


def no_options(args, ruleset) -> dict:
    """An auditor whose entry point takes no option beyond the common ones."""
    return {}


@dataclass(frozen=True)
class Auditor:
    """How ``audit`` (the CLI command and ``cb.audit``) judges a published program in the system's
    language against a specification.

    Attributes:
        language: the ``--language`` choice (and ``cb.audit(language=...)``).
        extensions: file name endings of the language (``(".wl", ".m")``).
        signs: a regular expression of its typical constructs, counted against the other
            languages' when the extension says nothing.
        audit: the entry point, ``audit(program_path, text, ruleset, **options) -> report``: a
            :class:`~cgs_bridge.systems.auditing.report.ProgramAudit`. The common options, named
            as the CLI's: ``bound`` (``--bound`` text), ``scale`` (dicts name -> int),
            ``as_printed``, ``expect`` (a YAML file), ``printed`` (``grundy``, ``p-positions``),
            ``timeout`` (s), ``memory`` (GB),
            ``no_sandbox``; with its own (:attr:`arguments`). Raises ``InputError``,
            ``EngineError``.
        text: ``text(report) -> str``, the text report (the ``report`` rendering).
        write: ``write(report, folder, force) -> [paths]``, the report folder (``audit -o``).
        arguments: its own CLI options: ``(flags, argparse keywords)`` each; the keyword ``dest``
            (or the long flag) is the option's name in ``options`` and in ``cb.audit``.
        options: ``options(args, ruleset) -> dict``: the keyword options of :attr:`audit` from
            the parsed command line (``args``: an object with one attribute per option).
    """

    language: str
    extensions: tuple
    signs: re.Pattern
    audit: Callable
    text: Callable
    write: Callable
    arguments: tuple = ()
    options: Callable = no_options


@dataclass(frozen=True)
class BenchCase:
    """A case of ``cgs-bridge bench`` that runs the system (run only when named: ``--cases NAME``).

    Attributes:
        name: the ``--cases`` choice.
        run: ``run(options, jobs) -> exit status`` (0, or 1 when a check of the case failed): runs
            the case and prints its lines (its measurements and their ratio to the yardstick of
            the same run). ``options``: its own options by ``dest`` (:attr:`arguments`) and
            ``quick``; ``jobs``: the commands it may use (``generate_files``, ``compare_table``,
            ``run_verify``: :func:`cgs_bridge.jobs.bench.services.services`), handed to it because
            a system sits below the jobs' layer. Raises InputError, EngineError.
        arguments: its own options of ``bench``: ``(flags, argparse keywords)`` each.
        ranges: ``{dest: (lowest, highest, unit)}`` of its numeric options
            (:data:`cgs_bridge.cli.options.RANGES`).
    """

    name: str
    run: Callable
    arguments: tuple = ()
    ranges: dict = field(default_factory=dict)


def lazy_run(module: str):
    """A :class:`BenchCase` ``run`` that imports ``module`` (a dotted name) and calls its
    ``run_case(options, jobs)`` only when the case runs: a system's entry (its ``system.py``)
    names its cases and their options without loading their code (``verify`` starts without it)."""
    def run(options: dict, jobs) -> int:
        import importlib
        return importlib.import_module(module).run_case(options, jobs)
    return run


@dataclass(frozen=True)
class System:
    """One outside system.

    Attributes:
        name: its name (``cgsuite``): the ``--target`` choice, the ``--<name> FILE`` source option
            of ``compare``/``verify``, the keyword of :func:`cgs_bridge.jobs.compare.compare_sources`
            and the comparison's side.
        target: its printer :class:`~cgs_bridge.systems.printing.context.Target`.
        read: ``read(path, ruleset, partial, options) -> ImportedTable`` (``options``: the reading
            options of ``compare``, e.g. ``table_axes``/``fixed``; ``partial``: the file is the
            output of a run cut off, whose last line may be incomplete). Raises ``InputError``.
        source_help: the help text of ``--<name> FILE``.
        notes: ``notes(table) -> [text]``: what the comparison reports about a read table beyond
            its rows (claim checks, lone values printed).
        runner: how ``verify`` runs it (None: ``verify`` emits its files and does not run it).
        run_order: ``verify`` runs the systems by increasing ``run_order`` (the embedded engine
            first), compares them in registry order.
        auditor: how ``audit`` recognises its published programs (None: not audited).
        bench: its :class:`BenchCase` records (``cgs-bridge bench --cases NAME``).
        packages: the Python distributions it runs on (their versions are listed in the reports).

    A system's prover (``prove --prover NAME``) is not a field: it is a line of
    :data:`cgs_bridge.systems.registry.PROVERS` naming the module of its
    :class:`~solvers.logic.prover.Prover` record (``systems/<name>/prover.py``), so that choosing
    another prover never loads the system.
    """

    name: str
    target: Target
    read: Callable
    source_help: str
    notes: Callable = no_notes
    runner: Runner | None = None
    run_order: int = 0
    auditor: Auditor | None = None
    bench: tuple = ()
    packages: tuple = ()
