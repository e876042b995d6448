"""The renderers of every command's result (:mod:`cgs_bridge.foundation.results`): ``"report"``
(the text the command prints), ``"text"`` (``str(result)``: its one-look summary, the ``repr``, for
every result), ``"html"`` (what a notebook shows) and ``"figure"``, registered by the result's
class. This module holds the base (``text``) and the claim checks'; comparisons and verify runs
have theirs in :mod:`.results_compare`, audits in :mod:`.results_audit` (an audit report's text
comes from its auditor: :func:`cgs_bridge.systems.registry.auditor`), discovery, sweep and prove
in :mod:`.results_search`, each importing only the jobs it renders, so that rendering one
command's result loads no other command's job. ``import cgs_bridge`` arranges that a look-up that
misses loads them, in that order (:data:`cgs_bridge.foundation.results.LOADERS`). Each renderer
imports what it draws with.

A new result type: docs/recipes/new-result.md.
"""

from __future__ import annotations

import html

from cgs_bridge.foundation.results import Result, renderer
from cgs_bridge.jobs.checking import CheckResult

#: Every result type of this module and the formats registered for it (the tests check each is
#: served; the other renderer modules have their own).
REGISTERED = {CheckResult: ("report", "html")}


def pre(text: str) -> str:
    """Text as an escaped ``<pre>`` block (the HTML of a result that has no table of its own)."""
    return f"<pre>{html.escape(text)}</pre>"


@renderer(Result, "text")
def summary_text(r) -> str:
    """``str(result)``: the result's ``repr`` (what ``print(result)`` has always shown)."""
    return repr(r)


# ------------------------------------------------------------------ claims (check)
@renderer(CheckResult, "report")
def check_text(r) -> str:
    """One line per claim (``cgs-bridge check``): holds on all N, FAILS with the first
    counterexamples, or not applicable."""
    out = []
    for c in r.claims:
        if c.status == "not applicable":
            out.append(f"claim {c.name!r}: not applicable to these parameters"
                       + (f" ({c.note})" if getattr(c, "note", "") else ""))
        elif c.status == "holds":
            out.append(f"claim {c.name!r}: holds on all {c.checked} positions")
        else:
            out.append(f"claim {c.name!r}: FAILS at {c.failures} of {c.checked} positions; first:")
            out += [f"    {p}: grundy {g}" for p, g in c.counterexamples]
    return "\n".join(out)


@renderer(CheckResult, "html")
def check_html(r) -> str:
    from .display import check_html as table
    return table(r)
