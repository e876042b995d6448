"""Checking claims on a solved box (application layer: used by ``cgs-bridge check``, the Python
API's ``Solved.check`` and ``cgs-bridge sweep``).

A claim is a condition in the spec language over coordinates, parameters, ``grundy``, ``misere``,
``P`` and ``N`` (``claim`` statements of a spec, or extra text such as
``"P iff x xor y xor z == 0"``). The evaluation itself is :meth:`solvers.Solution.check_claims`,
so a faster claim evaluator there is used here unchanged.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from cgs_bridge.foundation.errors import SpecError
from cgs_bridge.foundation.results import Result
from cgs_bridge.language import ast as A
from cgs_bridge.language.checker import check_game
from cgs_bridge.language.parser import parse_expr
from cgs_bridge.model.game import Ruleset, claim_uses_misere


#: A claims-file line (or a --claim text) written as a statement, as ``discover`` prints it to paste.
CLAIM_STATEMENT = re.compile(r'\s*claim\s*"')


def claim_of(text: str, origin=("--claim", 1), prefix: str = "--claim ") -> A.Claim:
    """One claim given apart from its game: a statement ``claim "name" [when C]: E`` (named so),
    or an expression ``E`` (named ``prefix + E``); located at ``origin`` = ``(file, line)``.

    Raises:
        SpecError: it does not parse (``origin``'s file, line and the column).
    """
    from cgs_bridge.language.parser import parse_games
    statement = CLAIM_STATEMENT.match(text) is not None
    try:   # a statement is read as the one line of a game block (line 2: columns unchanged)
        claim = _statement(parse_games(f"game claim_line\n{text}", origin[0]), text) if statement else \
            A.Claim(f"{prefix}{text}", parse_expr(text, what=origin[0]))
    except SpecError as e:
        line = origin[1] + (e.line or 1) - (2 if statement else 1)
        raise SpecError(e.message, origin[0], line, e.column, _caret(text, e.column)) from None
    return replace(claim, origin=(origin[0], origin[1] - 1) if statement else tuple(origin))


def _statement(games, text: str) -> A.Claim:
    g = games[0] if len(games) == 1 else None
    if g is None or len(g.claims) != 1 or g.coords or g.requires or g.cuts or g.moves or g.defs:
        raise SpecError(f'expected one claim: claim "NAME" [when CONDITION]: EXPRESSION, got {text!r}', None, 2, 1)
    return g.claims[0]


def _caret(text: str, column) -> str | None:
    return f"  {text}\n  {' ' * (column - 1)}^" if column else None


def with_claims(checked, texts, keep: bool = True, prefix: str = "--claim "):
    """Return ``checked`` (a :class:`~cgs_bridge.language.checker.CheckedGame`) with the claims
    ``texts`` added after the spec's own claims (``keep=True``: the rule of every command's
    ``--claim``) or replacing them (``keep=False``), re-checked. An item is a spec-language text
    (an expression, named ``prefix + text``, or a ``claim "name": ...`` statement) or an
    :class:`~cgs_bridge.language.ast.Claim` (from :func:`claim_of`).

    Raises:
        SpecError: a claim does not parse or names something the game does not have (the message
            gives its file (``--claim`` or the claims file), line and column).
    """
    items = list(texts or [])
    if not items and keep:
        return checked
    extra = tuple(t if isinstance(t, A.Claim) else claim_of(t, prefix=prefix) for t in items)
    for item, claim in zip(items, extra):  # errors located in the claim's own text
        try:
            check_game(replace(checked.game, claims=(claim,)))
        except SpecError as e:
            file, first = claim.origin or ("--claim", 1)
            text = item if isinstance(item, str) else None
            raise SpecError(e.message, file, first + (e.line or 1) - 1, e.column,
                            _caret(text, e.column) if text else None) from None
    claims = (checked.game.claims if keep else ()) + extra
    return check_game(replace(checked.game, claims=claims))


def claims_from_file(path) -> list:
    """The claims of a text file: one claim per line, a spec-language expression or a statement
    ``claim "name" [when C]: E`` as ``discover`` prints it (``#`` starts a comment line), as
    ``[(line number, text)]``; at most :data:`cgs_bridge.model.claims.MAX_CLAIMS_BYTES` (16 MiB,
    as a published-claims file).

    Raises:
        InputError: unreadable file, larger than 16 MiB, or no claim in it.
    """
    from cgs_bridge.foundation.errors import InputError
    from cgs_bridge.foundation.io import read_input_text
    from cgs_bridge.model.claims import MAX_CLAIMS_BYTES
    text = read_input_text(path, "claims file", limit=MAX_CLAIMS_BYTES)
    out = [(no, ln.strip()) for no, ln in enumerate(text.splitlines(), 1)
           if ln.strip() and not ln.strip().startswith("#")]
    if not out:
        raise InputError(f"{path}: no claim in the file (one spec-language claim per line)")
    return out


def with_claim_args(checked, texts=(), claims_file=None, keep: bool = True, prefix: str = "--claim "):
    """``checked`` with the claims of ``--claim TEXT`` (``texts``) and of ``--claims FILE``
    (``claims_file``: :func:`claims_from_file`) added (``keep``) or replacing the spec's own;
    see :func:`with_claims`.

    Raises:
        InputError: the claims file is unreadable or empty. SpecError: a claim does not parse or
            does not check (``--claim`` and the column, or file:line:column).
    """
    claims = [claim_of(t, ("--claim", 1), prefix) for t in texts or []]
    if claims_file is not None:
        claims += [claim_of(text, (str(claims_file), no), prefix) for no, text in claims_from_file(claims_file)]
    return with_claims(checked, claims, keep=keep, prefix=prefix)


#: Suffixes of a published-claims file (YAML typed from a paper, docs/claims-format.md).
PUBLISHED = (".yaml", ".yml")


def is_published(path) -> bool:
    """True when ``path`` is a published-claims file: a ``.yaml``/``.yml`` name, or a file whose
    first line that is neither blank nor a comment is a YAML key ``claims:`` or ``source:``."""
    import re
    from pathlib import Path
    if Path(path).suffix.lower() in PUBLISHED:
        return True
    if not Path(path).is_file():  # a pipe (<(echo ...)): read once, kept for the reader (io)
        from cgs_bridge.foundation.errors import InputError
        from cgs_bridge.foundation.io import read_input_text
        from cgs_bridge.model.claims import MAX_CLAIMS_BYTES
        try:
            head = read_input_text(path, "claims file", limit=MAX_CLAIMS_BYTES)[:4096]
        except InputError:
            return False      # the reader reports it
    else:
        try:
            with open(path, encoding="utf-8", errors="replace") as f:
                head = f.read(4096)
        except OSError:
            return False      # the reader reports it
    first = next((ln.strip() for ln in head.splitlines() if ln.strip() and not ln.strip().startswith("#")), "")
    return re.match(r"(claims|source)\s*:", first) is not None


def claimed_ruleset(ruleset, claims=(), claims_file=None):
    """``ruleset`` with the claims ``claims`` (spec-language texts) and those of a claims file
    added after the spec's own (:func:`with_claim_args`), and the published-claims file apart:
    the one rule of ``--claim TEXT`` / ``--claims FILE`` and of the API's ``claims=`` /
    ``claims_file=`` (issue 36).

    Returns:
        ``(ruleset, published)``: ``published`` is ``claims_file`` when it is a published-claims
        file (:func:`is_published`, compared by ``compare``/``verify``), else None.
    Raises:
        InputError: ``claims`` is one string (a list of texts is expected), or the claims file is
            unreadable or empty. SpecError: a claim does not parse or check.
    """
    from cgs_bridge.foundation.errors import InputError
    if isinstance(claims, str) or not isinstance(claims, (list, tuple)) \
            or not all(isinstance(c, str) for c in claims):
        raise InputError("claims= takes a list of claim texts (spec language); a file goes in claims_file=")
    published = claims_file if claims_file is not None and is_published(claims_file) else None
    spec_file = None if published is not None else claims_file
    if claims or spec_file is not None:
        ruleset = Ruleset(with_claim_args(ruleset.checked, claims, spec_file), ruleset.params)
    return ruleset, published


def claims_use_misere(checked) -> bool:
    """True when a claim of ``checked`` mentions ``misere`` (misère values must be solved)."""
    return any(claim_uses_misere(c) for c in checked.game.claims)


def rebind(ruleset: Ruleset, checked) -> Ruleset:
    """``checked`` (same game with other claims) bound to ``ruleset``'s parameter values."""
    return Ruleset(checked, dict(ruleset.params))


@dataclass
class CheckResult(Result):
    """Claims checked on one box (a :class:`~cgs_bridge.foundation.results.Result`: ``verdict()``,
    ``exit_code``, ``frame``; text and HTML drawn by :mod:`cgs_bridge.presentation.results`).

    Attributes:
        game: ``ruleset.describe()``, e.g. ``triangular(k=3)``.
        box: the box as text (``x=20,y=20,z=20``).
        positions: valid positions examined.
        claims: one :class:`solvers.ClaimResult` per claim, in order (``status`` 'holds', 'fails'
            or 'not applicable'; ``counterexamples`` ``[(position, grundy), ...]``).
    """

    game: str
    box: str
    positions: int
    claims: list = field(default_factory=list)

    @property
    def holds(self) -> bool:
        """True when no claim fails ('not applicable' claims do not count against)."""
        return all(c.status != "fails" for c in self.claims)

    @property
    def failures(self) -> int:
        """Positions where a claim fails, summed over claims."""
        return sum(c.failures for c in self.claims)

    @property
    def counterexamples(self) -> list:
        """``[(position, grundy), ...]``: the first counterexamples of every failing claim, in
        claim order (at most ``limit`` per claim)."""
        return [ce for c in self.claims for ce in c.counterexamples]

    @property
    def frame(self):
        """A pandas DataFrame, one row per claim: ``claim``, ``status``, ``checked``,
        ``failures``, ``first_counterexample`` (``"(x, y, z): grundy g"`` or empty)."""
        import pandas as pd
        return pd.DataFrame([{"claim": c.name, "status": c.status, "checked": c.checked,
                              "failures": c.failures, "first_counterexample": first_text(c)}
                             for c in self.claims],
                            columns=["claim", "status", "checked", "failures", "first_counterexample"])

    @property
    def exit_code(self) -> int:
        """0 when no claim fails, 1 otherwise (``cgs-bridge check``)."""
        return 0 if self.holds else 1

    def verdict(self) -> str:
        """One line: the rules are closed, and how many claims hold, fail or do not apply."""
        count = {s: sum(c.status == s for c in self.claims) for s in ("holds", "fails", "not applicable")}
        failing = [c.name for c in self.claims if c.status == "fails"]
        return (f"rules closed; {count['holds']} claims hold, {count['fails']} fail, "
                f"{count['not applicable']} not applicable"
                + (f" (failing: {', '.join(failing)})" if failing else ""))

    def __repr__(self) -> str:
        lines = [f"CheckResult({self.game} on {self.box}: {self.positions} positions, "
                 f"{'holds' if self.holds else 'FAILS'})"]
        for c in self.claims:
            if c.status == "fails":
                lines.append(f"  {c.name}: fails at {c.failures} of {c.checked}; first {first_text(c)}")
            elif c.status == "holds":
                lines.append(f"  {c.name}: holds on all {c.checked}")
            else:
                lines.append(f"  {c.name}: not applicable" + (f" ({c.note})" if c.note else ""))
        return "\n".join(lines)


def first_text(claim_result) -> str:
    """The first counterexample of a claim result as ``"(x, y, z): grundy g"``, or ``""``."""
    if not claim_result.counterexamples:
        return ""
    from cgs_bridge.foundation.results import position_text
    p, g = claim_result.counterexamples[0]
    return f"{position_text(p)}: grundy {int(g)}"


def check_solution(sol, checked=None, limit: int = 10, method: str = "auto") -> CheckResult:
    """Check the claims of ``checked`` (default: the solved game's own) on every valid position
    of ``sol`` (a :class:`solvers.Solution`); ``method="reference"`` evaluates them position by
    position (the test oracle), otherwise compiled over the whole array.

    Raises:
        CgsBridgeError: a claim uses ``misere`` and ``sol`` has no misère values.
    """
    from solvers import Solution
    if checked is not None:
        other = Solution(rebind(sol.ruleset, checked), sol.box, sol.grundy, sol.misere)
        if hasattr(sol, "stats"):
            other.stats = sol.stats
        sol = other
    return CheckResult(sol.ruleset.describe(), str(sol.box), len(sol), sol.check_claims(limit=limit, method=method))
