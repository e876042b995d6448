"""What every emission target shares: the :class:`Target` record and the target-neutral part of
the template context (game name, title, rules and claims as comments)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from cgs_bridge.foundation.escape import terminal
from cgs_bridge.language.spec_printer import expr_text

from .model import pass_text


@dataclass(frozen=True)
class Target:
    """One emission target (registered in :mod:`cgs_bridge.systems.registry`).

    ``printer`` is its :class:`~cgs_bridge.language.printer.Printer` class; ``files(stem, model)``
    returns ``{template name: file name}`` (templates in the folder ``templates``, the system's own);
    ``context(model, box, misere, files)`` returns the variables of those templates (``files`` is
    the ``files`` mapping plus ``"csv"``: the CSV file name ``<stem>.csv``). ``forms`` names the
    program forms the target can print (the first is the default; empty: one form), and then
    ``context`` takes the chosen one as ``form=``; ``forms_help`` says what they are (the help of
    ``generate --<name>-form``). ``boxless``: its files are about every position, so ``generate``
    needs no ``--bound`` for it (issue 48.10).
    """

    name: str
    printer: type
    files: Callable
    context: Callable
    templates: Path
    forms: tuple = ()
    forms_help: str = ""
    boxless: bool = False


def comment_safe(text: str) -> str:
    """Text that cannot close a ``/* */`` or ``(* *)`` comment nor end a ``//`` comment line: line
    breaks and control characters as visible escapes (``foundation.escape.terminal``, issue 37)."""
    text = terminal(text, keep_newlines=False)
    return text.replace("*/", "* /").replace("*)", "* )").replace("(*", "( *")


def common_context(model, box) -> dict:
    """Template variables every target uses (all comment-safe texts)."""
    return {
        "game": model.name, "title": comment_safe(model.title), "source": comment_safe(model.source),
        "describe": comment_safe(model.ruleset.describe()),
        "box_text": ", ".join(f"{c} <= {u}" for c, u in zip(box.coords, box.upper)),
        "requires": [comment_safe(expr_text(r)) for r in model.requires],
        "rule_texts": [comment_safe(m.rule_text) for m in model.moves] + _general_texts(model),
        "clamp_text": (None if model.clamp is None else comment_safe(", ".join(
            f"{c} = {expr_text(e)}" for c, e in zip(model.coords, model.clamp)))),
        "claims": [(comment_safe(n), comment_safe(w) if w else None, comment_safe(e)) for n, w, e in model.claims],
        "spec_coords": list(model.coords),
    }


def _general_texts(model) -> list:
    """Comment lines of the general rules and the pass (issue 22; empty for the other games)."""
    out = [comment_safe(m.rule_text) for m in getattr(model, "general", ())]
    if getattr(model, "pass_index", None) is not None:
        out.append(comment_safe(pass_text(model.coords[model.pass_index])))
    return out
