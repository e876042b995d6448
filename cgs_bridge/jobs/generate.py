"""Emit the programs of every registered target (CGSuite 2.x, Mathematica, ...) for a bound game
and a box (issue 3).

API (used by ``cgs-bridge generate`` and ``cgs-bridge verify``):

- :func:`emit` ``(ruleset, box, target, misere=False) -> {file name: text}``: pure and
  deterministic, byte for byte;
- :func:`plan` decides once what a game on a box emits (a :class:`Plan`: the checked box, the
  file stem, the printing model); :func:`write_plan` writes a plan's files and
  :func:`generate_files` (plan + write) writes them atomically into a folder and returns the
  paths (``verify`` builds its plan once from its solution and passes it down);
- :func:`file_names` names the files of a target (the one place: the target's ``files`` of the
  stem, plus the CSV: :mod:`cgs_bridge.systems.printing.files`, whose :func:`file_stem` is the
  stem rule); each target's folder has the helpers naming its own files (``files.py``), so
  callers can find the outputs.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from cgs_bridge.foundation.errors import InputError
from cgs_bridge.foundation.io import atomic_write_text
from cgs_bridge.foundation.templating import environment
from cgs_bridge.model import catalog
from cgs_bridge.model.box import parse_bound
from cgs_bridge.model.game import Ruleset
from cgs_bridge.model.resolve import check_box_coords
from cgs_bridge.systems.printing.files import file_stem, stem_files
from cgs_bridge.systems.printing.model import build_model
from cgs_bridge.systems.registry import TARGETS

#: The template of ``generated/README.md``.
TEMPLATES = Path(__file__).with_name("templates")

__all__ = ["Plan", "plan", "write_plan", "emit", "generate_files", "file_names", "file_stem", "TARGETS",
           "catalog_files", "check_folder"]


@dataclass(frozen=True)
class Plan:
    """What one game on one box emits, decided once: the checked box, the file stem
    (:func:`file_stem`) and the built printing model (``build_model``). ``verify`` builds one
    from its solution (:meth:`of_solution`) and passes it down; ``generate`` builds one per call
    (:func:`plan`).

    Attributes:
        ruleset, box, misere: the bound game, its box (over the game's coordinates), misère values.
        stem: the file stem; ``model``: the target-neutral printing model of ``ruleset``.
    """

    ruleset: object
    box: object
    misere: bool
    stem: str
    model: object

    @classmethod
    def of_solution(cls, solution) -> "Plan":
        """The plan of a :class:`solvers.Solution` (its box was checked by :func:`solvers.solve`)."""
        misere = solution.misere is not None
        return cls(solution.ruleset, solution.box, misere,
                   file_stem(solution.ruleset, solution.box, misere), build_model(solution.ruleset))

    def names(self, target: str) -> dict:
        """``{template name: file name}`` of ``target`` plus ``"csv"`` (see :func:`file_names`).

        Raises:
            InputError: unknown target.
        """
        if target not in TARGETS:
            raise InputError(f"unknown target {target!r}; known: {', '.join(TARGETS)}")
        return stem_files(TARGETS[target], self.stem, self.model)


def plan(ruleset, box, misere: bool = False) -> Plan:
    """The :class:`Plan` of ``ruleset`` on ``box`` (None: no box, for targets whose files cover
    every position, as the walnut script). Raises BoxError: box over other coordinates."""
    if box is not None:
        check_box_coords(box, ruleset.coords)
    return Plan(ruleset, box, misere, file_stem(ruleset, box, misere), build_model(ruleset))


def file_names(ruleset, box, target: str, misere: bool = False) -> dict:
    """The one place emitted files are named: ``{template name: file name}`` of ``target`` (its
    :attr:`Target.files <cgs_bridge.systems.printing.context.Target>` of the stem) plus ``"csv"``,
    the CSV file ``<stem>.csv`` a program writes.

    Raises:
        InputError: unknown target. BoxError: box over other coordinates.
    """
    return plan(ruleset, box, misere).names(target)


def emit(ruleset, box, target: str, misere: bool = False, form: str | None = None) -> dict:
    """The files of one target: ``{file name: text}`` (pure, deterministic, byte-stable).

    Args:
        ruleset: a bound :class:`cgs_bridge.model.game.Ruleset`.
        box: a :class:`solvers.box.Box` over the ruleset's coordinates (the emitted table covers
            it; the class file does not depend on it).
        target: a registered target name (``cgsuite``, ``mathematica``).
        misere: also emit misère values (CGSuite ``MisereNimValue``; CSV column ``misere``).
        form: the program form, for a target that prints more than one (``Target.forms``;
            Mathematica: ``"fast"``, the default, or ``"papers"``); ignored by the others.
    Raises:
        InputError: unknown target or form. BoxError: box over other coordinates.
    """
    return {name: text for _, name, text in _rendered(plan(ruleset, box, misere), target, form)
            if text is not None}


def _rendered(p: Plan, target: str, form: str | None = None) -> list:
    """``[(template or "csv", file name, text or None)]`` of ``target``: every named file, with
    the text of those it writes (the CSV is written by the program, not here)."""
    names = p.names(target)
    t = TARGETS[target]
    form = form.get(target) if isinstance(form, dict) else form
    if form is not None and t.forms and form not in t.forms:
        raise InputError(f"unknown {target} program form {form!r}; known: {', '.join(t.forms)}")
    ctx = t.context(p.model, p.box, p.misere, names, **({"form": form} if form is not None and t.forms else {}))
    env = environment(t.templates)
    return [(key, name, None if key == "csv" else env.get_template(key).render(**ctx))
            for key, name in names.items()]


def generate_files(ruleset, box, targets=None, outdir=Path("."),
                   misere: bool = False, overwrite: bool = False, placed: dict | None = None,
                   form: str | None = None) -> list:
    """Emit ``targets`` (default: every registered target) and write the files into ``outdir``
    (created if needed), atomically: :func:`write_plan` of :func:`plan`.

    Args:
        placed: when a dict, filled with ``{target: {template name or "csv": path}}``: where each
            target's files (and the CSV its program writes) are, for the runners of ``verify``.
        form: the program form of the targets that print more than one (see :func:`emit`), or
            ``{target: form}``.
    Returns:
        the written paths (``pathlib.Path``), in target order then file order.
    Raises:
        InputError: unknown target or form; a file exists with other content and ``overwrite`` is false
        (checked for every file before anything is written); a file cannot be written.
        BoxError: box over other coordinates.
    """
    return write_plan(plan(ruleset, box, misere), targets, outdir, overwrite, placed, form)


def write_plan(p: Plan, targets=None, outdir=Path("."), overwrite: bool = False,
               placed: dict | None = None, form: str | None = None) -> list:
    """Write the files of :class:`Plan` ``p`` for ``targets`` into ``outdir``; arguments, result
    and errors as :func:`generate_files`."""
    outdir = Path(outdir)
    targets = tuple(TARGETS) if targets is None else (targets,) if isinstance(targets, str) else targets
    planned: dict = {}
    for target in targets:
        for key, name, text in _rendered(p, target, form):
            if placed is not None:
                placed.setdefault(target, {})[key] = outdir / name
            if text is None:
                continue
            if name in planned and planned[name] != text:
                raise InputError(f"targets disagree on the content of {name}")
            planned[name] = text
    if not overwrite:
        for name, text in planned.items():
            _check_unchanged(outdir / name, text)
    return [atomic_write_text(outdir / name, text, overwrite=overwrite, make_parent=True) for name, text in planned.items()]


def _check_unchanged(path: Path, text: str) -> None:
    """Raise InputError when ``path`` exists with other content than ``text``."""
    if path.exists():
        try:
            same = path.read_text(encoding="utf-8") == text
        except (OSError, UnicodeDecodeError):
            same = False
        if not same:
            raise InputError(f"{path} exists and differs from what would be written; "
                             "pass --force to replace it")


# ------------------------------------------------------------------ the checked-in generated/ folder
def catalog_files() -> dict:
    """Every file of ``generated/``: ``{file name: text}`` for each catalog game at its default
    parameters and the ``box generated [..]`` its file declares (chosen to match the boxes of the
    real CGSuite transcripts where there is one), all targets, plus ``README.md`` (deterministic)."""
    out: dict = {}
    rows = []
    for name in catalog.names():
        ruleset = Ruleset(catalog.load(name), {})
        box = parse_bound(catalog.boxes(name, "generated")[0][1], ruleset.coords)
        files = []
        for target in TARGETS:
            for fn, text in emit(ruleset, box, target).items():
                out[fn] = text
                files.append(fn)
        rows.append((name, ruleset.describe(), str(box), files))
    out["README.md"] = environment(TEMPLATES).get_template("generated_readme.md.j2").render(rows=rows)
    return out


def check_folder(folder) -> list:
    """Compare ``folder`` with :func:`catalog_files`: a sorted list of ``(status, file name)``
    with status ``differs``, ``missing`` or ``extra`` (empty when identical; hidden files and
    ``__pycache__`` are ignored)."""
    folder = Path(folder)
    want = catalog_files()
    have = {p.name for p in folder.iterdir() if p.is_file() and not p.name.startswith(".")} if folder.is_dir() else set()
    problems = []
    for name, text in want.items():
        if name not in have:
            problems.append(("missing", name))
        elif (folder / name).read_bytes() != text.encode("utf-8"):
            problems.append(("differs", name))
    problems += [("extra", n) for n in have - set(want)]
    return sorted(problems, key=lambda p: (p[1], p[0]))
