"""The one rule naming emitted files (issue 3; moved here from ``jobs/generate`` so that each
target's own helpers, in its folder, name its files by it: issue 45).

The *stem*: ``<game>`` then, per parameter in spec order, ``_<name><value>`` for an integer (a
negative value is written ``m<abs>``: ``k=-2`` -> ``_km2``) or ``_<name>-<slug>-<hash>`` for a
function parameter (slug: the expression in spec syntax with every run of characters other than
letters and digits replaced by ``-``; hash: the first 6 hex digits of the SHA-1 of that spec text,
so different functions never share a name), then per coordinate ``_<coord><bound>``, then
``_misere`` with misère values. Example: ``triangular_k3_x4_y4_z4``. A target's files are its
:attr:`Target.files <cgs_bridge.systems.printing.context.Target>` of the stem, plus ``"csv"``: the
CSV ``<stem>.csv`` a program writes.
"""

from __future__ import annotations

import hashlib
import re

from cgs_bridge.language.spec_printer import expr_text
from cgs_bridge.model.game import FunctionValue


def file_stem(ruleset, box, misere: bool = False) -> str:
    """The filesystem-safe stem naming the emitted files of ``ruleset`` on ``box`` (see module)."""
    parts = [ruleset.name]
    for p in ruleset.game.params:
        v = ruleset.params[p.name]
        if isinstance(v, FunctionValue):
            text = expr_text(v.body)
            slug = re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-")
            digest = hashlib.sha1(text.encode("utf-8")).hexdigest()[:6]
            parts.append(f"{p.name}-{slug}-{digest}")
        else:
            parts.append(f"{p.name}{v}" if v >= 0 else f"{p.name}m{-v}")
    if box is not None:   # None: files that cover every position (a script about every position)
        parts += [f"{c}{u}" for c, u in zip(box.coords, box.upper)]
    if misere:
        parts.append("misere")
    return "_".join(parts)


def stem_files(target, stem: str, model) -> dict:
    """``{template name: file name}`` of ``target`` (a Target) for ``stem`` plus ``"csv"``."""
    return {**target.files(stem, model), "csv": stem + ".csv"}


def target_files(target, ruleset, box, misere: bool = False) -> dict:
    """``{template name: file name}`` of ``target`` (a Target) for ``ruleset`` on ``box`` plus
    ``"csv"`` (:func:`stem_files` of :func:`file_stem`)."""
    from .model import build_model
    return stem_files(target, file_stem(ruleset, box, misere), build_model(ruleset))
