"""The grid of a sweep: parameter values and bounds parsed from ``-p k=1..41:2`` / ``--bound``,
the specification shipped to workers (:class:`SpecRef`) and the key of a cell.

Value syntax (one ``-p NAME=VALUES`` per parameter; several make a grid, the Cartesian product in
the order given):

- ``5`` a single integer; ``1,5,9`` a list; ``1..41`` an inclusive range; ``1..41:2`` with a step;
  items combine: ``1..9:2,20,30..32``;
- a function parameter takes one expression in ``t`` (``f=floor(t/4)``), or several separated by
  ``;`` (``f=floor(t/2);floor(t/4)``).

Bounds: ``--bound 200``, ``--bound 100,200`` or ``100..400:100`` (one sweep value each, every
coordinate), ``--bound x=20,y=10,z=20`` (one box); ``--bound`` may be repeated.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from cgs_bridge.foundation.errors import BoxError, ParameterError, SpecError

#: Most cells of one sweep (parameter combinations times bounds), and so most values of one
#: parameter or of ``--bound``; counted from the ranges before anything is expanded.
MAX_CELLS = 100_000

_RANGE = re.compile(r"^(?P<a>[^.:]*)\.\.(?P<b>[^:]*)(?::(?P<step>.*))?$")


def _int(text: str, what: str, item: str) -> int:
    try:
        return int(text.strip())
    except ValueError:
        raise ParameterError(f"{what}: {item!r} is not an integer range; write a..b or a..b:step with "
                             f"integers (e.g. 1..41:2)") from None


def parse_values(name: str, text: str, what: str | None = None, option: str = "-p") -> list:
    """The integers of ``text`` (``"1..41:2"``, ``"1,5,9"``, ``"1..9:2,20"``), in order, without
    repeats.

    Raises:
        ParameterError: an empty item, a range without start or end (``1..``), non-integers
            (``a..b``), a step below 1, or an empty range (``5..1``); the message quotes the item
            in the words of ``option`` (``-p``, ``--bound``, ``prove --sweep``).
    """
    what = what or f"{option} {name}={text}"
    out: dict = {}  # insertion-ordered set
    items = [i.strip() for i in str(text).split(",")]
    for item in items:
        if not item:
            raise ParameterError(f"{what}: empty item in the list (write e.g. {name}=1,5,9)")
        m = _RANGE.match(item)
        if m is None:
            if ".." not in item and ":" not in item:
                values = [_int(item, what, item)]
            else:
                raise ParameterError(f"{what}: {item!r} is not a range; write a..b or a..b:step")
        else:
            a, b, step = m.group("a").strip(), m.group("b").strip(), m.group("step")
            if not a or not b:
                raise ParameterError(f"{what}: the range {item!r} needs a start and an end "
                                     f"(a..b or a..b:step, e.g. {name}=1..41:2)")
            lo, hi = _int(a, what, item), _int(b, what, item)
            st = 1 if step is None else _int(step, what, item)
            if st < 1:
                raise ParameterError(f"{what}: the step of {item!r} must be at least 1")
            if lo > hi:
                raise ParameterError(f"{what}: the range {item!r} is empty (start {lo} > end {hi}); "
                                     f"write {name}={hi}..{lo}")
            values = range(lo, hi + 1, st)
            if len(out) + len(values) > MAX_CELLS:
                _refuse_count(len(out) + len(values), what, name, lo, st, MAX_CELLS - len(out), option)
        out.update(dict.fromkeys(values))
    return list(out)


def _refuse_count(count: int, what: str, name: str, lo: int, step: int, room: int, option: str = "-p"):
    """Refuse more than :data:`MAX_CELLS` values, naming the largest range that fits (``room``
    values left by the earlier items) in the words of ``option``."""
    fits = f"{lo}..{lo + (room - 1) * step}" + (f":{step}" if step != 1 else "")
    fits = (f"--bound {fits}" if name == "bound" else f"{option} {name}={fits}") if room > 0 else "none"
    raise ParameterError(f"{what}: {count:,} values; a sweep has at most {MAX_CELLS:,} cells "
                         f"(the largest range that fits: {fits})")


def parse_grid(game, given: dict) -> dict:
    """Parameter name -> list of values for every parameter named in ``given`` (name -> text, int
    or a list of ints / texts). Parameters not given take their defaults (not part of the grid).

    Raises:
        ParameterError: unknown parameter, or malformed values (see :func:`parse_values`).
    """
    known = {p.name: p for p in game.params}
    grid: dict = {}
    for name, raw in given.items():
        if name not in known:
            have = ", ".join(known) or "none"
            raise ParameterError(f"game {game.name} has no parameter {name!r} (parameters: {have})")
        if known[name].kind == "int":
            if isinstance(raw, (list, tuple, range)):
                if len(raw) > MAX_CELLS:
                    raise ParameterError(f"{name}: {len(raw):,} values; a sweep has at most "
                                         f"{MAX_CELLS:,} cells")
                vals = list(dict.fromkeys(v for r in raw for v in parse_values(name, str(r))))
            else:
                vals = parse_values(name, str(raw))
        else:
            vals = list(raw) if isinstance(raw, (list, tuple)) else [s.strip() for s in str(raw).split(";")]
            if not all(vals):
                raise ParameterError(f"-p {name}={raw}: empty function expression")
        grid[name] = vals
    return grid


def parse_bounds(items, coords) -> list:
    """Bounds of a sweep as ``--bound`` texts (``"200"`` or ``"x=20,y=10,z=20"``), in order.

    ``items``: an int, a dict ``{coord: int}``, a text (``"100,200"``, ``"100..400:100"``,
    ``"x=20,y=10,z=20"``) or a list of those.

    Raises:
        BoxError: malformed, negative or unknown-coordinate bounds (checked with
            :func:`solvers.parse_bound`), or no bound at all.
    """
    from cgs_bridge.model.resolve import bound_text, box_of
    if items is None or items == [] or items == ():
        raise BoxError("a sweep needs --bound (e.g. --bound 200 or --bound 100,200)")
    if not isinstance(items, (list, tuple)):
        items = [items]
    out: dict = {}  # insertion-ordered set
    for item in items:
        if isinstance(item, dict):
            texts = [bound_text(item)]
        elif "=" in str(item):
            texts = [str(item)]
        else:
            try:
                texts = [str(v) for v in parse_values("bound", str(item), f"--bound {item}")]
            except ParameterError as e:
                raise BoxError(str(e)) from None
        for t in texts:
            out[str(box_of(coords, t))] = None  # validates
    return list(out)


@dataclass(frozen=True)
class SpecRef:
    """The specification of a sweep as workers receive it: its text (catalog file or spec file),
    the file name for messages, the game name and extra claims (spec-language texts)."""

    text: str
    file: str
    game_name: str | None
    claims: tuple = ()

    @property
    def hash(self) -> str:
        """16 hex digits of SHA-256 over text, game name and claims (the spec part of a cell key)."""
        h = hashlib.sha256("\0".join([self.text, self.game_name or "", *self.claims]).encode())
        return h.hexdigest()[:16]

    def load(self):
        """The checked game with the extra claims (cached per process)."""
        return _load(self)


@lru_cache(maxsize=16)
def _load(ref: SpecRef):
    from cgs_bridge.jobs.checking import with_claims
    from cgs_bridge.model.loading import load_text
    return with_claims(load_text(ref.text, ref.file, ref.game_name), ref.claims)


def spec_ref(source: str, game_name: str | None = None, claims=()) -> SpecRef:
    """A :class:`SpecRef` for a catalog name or a spec file path.

    Raises:
        SpecError: neither a catalog game nor a readable file.
    """
    from cgs_bridge.model import catalog
    if catalog.known(source) and not Path(source).exists():
        p = catalog.path(source)
        return SpecRef(p.read_text(encoding="utf-8"), catalog.label(p), source, tuple(claims))
    if not Path(source).exists():
        raise SpecError(catalog.unknown(source))
    if not Path(source).is_file():  # /dev/zero, a FIFO, a folder: never read
        raise SpecError(f"{source} is not a regular file")
    from cgs_bridge.foundation.io import read_input_text
    text = read_input_text(source, "specification", limit=16 << 20)
    return SpecRef(text, str(source), game_name, tuple(claims))


@dataclass(frozen=True)
class Cell:
    """One cell of the grid: parameter values (name -> int or function text) and a bound text."""

    params: tuple  # ((name, value), ...) in grid order
    bound: str

    @property
    def label(self) -> str:
        """``k=5`` style text of the parameters (``-`` when none)."""
        return " ".join(f"{k}={v}" for k, v in self.params) or "-"

    def key(self, spec_hash: str, version: str) -> str:
        """The resumption key: spec hash, parameters, bound and package version."""
        return json.dumps([spec_hash, [[k, str(v)] for k, v in self.params], self.bound, version])


def cells(grid: dict, bounds: list) -> list:
    """Every combination of the grid's values (first parameter slowest) and each bound (fastest).

    Raises:
        ParameterError: more than :data:`MAX_CELLS` combinations (counted before any is made).
    """
    names = list(grid)
    sizes = [len(grid[n]) for n in names] + [len(bounds)]
    total = 1
    for n in sizes:
        total *= n
    if total > MAX_CELLS:
        counts = " x ".join(f"{len(grid[n])} values of {n}" for n in names) + f" x {len(bounds)} bounds"
        raise ParameterError(f"{counts} = {total:,} cells; a sweep has at most {MAX_CELLS:,} cells "
                             f"(with these bounds at most {MAX_CELLS // max(1, len(bounds)):,} "
                             f"parameter combinations)")
    return [Cell(tuple(zip(names, combo[:-1])), combo[-1])
            for combo in itertools.product(*[grid[n] for n in names], bounds)]
