"""Published claims typed from a paper (YAML), checked against a solution.

Format (documented in ``docs/claims-format.md``)::

    source: "seed 003, Example 8.7"        # free text
    claims:
      - name: "P-positions, k = 2, x, y, z <= 10"
        p_positions: [[0,0,0], [1,0,1], ...]   # exactly the P-positions of the box
      - name: "Grundy value equals the nim-sum"
        count: "grundy == x xor y xor z"       # a spec-language condition ...
        equals: 977                             # ... holding at this many positions of the box
      - name: "Graph 2.1 is an N-position"
        position: [2, 1, 2, 1, 2, 1]
        outcome: N                              # or: grundy: 2
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import yaml

from cgs_bridge.foundation.errors import InputError, SpecError
from cgs_bridge.language import ast as A
from cgs_bridge.language.checker import check_game
from cgs_bridge.language.parser import parse_expr

from .game import Ruleset


@dataclass
class ClaimCheck:
    name: str
    ok: bool
    detail: str


#: Largest claims file read (bytes).
MAX_CLAIMS_BYTES = 16 << 20
#: Deepest nesting of YAML collections in a claims file (a claims file needs 5: the document, the
#: list of claims, a claim, its list of positions, a position).
MAX_CLAIMS_DEPTH = 32


class _NoAliasLoader(yaml.SafeLoader):
    """Safe YAML without aliases (``*name``): a few lines of aliases can expand to billions of
    nodes ("billion laughs"); a claims file typed from a paper never needs them."""

    depth = 0

    def compose_node(self, parent, index):
        if self.check_event(yaml.events.AliasEvent):
            mark = self.peek_event().start_mark
            raise InputError(f"{self.name}:{mark.line + 1}:{mark.column + 1}: YAML aliases (*name) "
                             "are not accepted in a claims file; write the values out")
        if self.depth >= MAX_CLAIMS_DEPTH:
            mark = self.peek_event().start_mark
            raise InputError(f"{self.name}:{mark.line + 1}:{mark.column + 1}: YAML nested more than "
                             f"{MAX_CLAIMS_DEPTH} levels deep; a claims file needs 5")
        self.depth += 1
        try:
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1


def _int(v, what: str) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise InputError(f"{what} must be an integer, got {v!r}")
    return v


def _position(v, what: str) -> tuple:
    if not isinstance(v, list) or not v:
        raise InputError(f"{what} must be a list of integers such as [2, 1, 2], got {v!r}")
    return tuple(_int(x, what) for x in v)


def load_claims(path) -> list:
    """Read and validate a claims file (at most :data:`MAX_CLAIMS_BYTES`, no YAML aliases).

    Raises:
        InputError: naming the file and the claim: unreadable, too large, not YAML, a claim of no
        or several kinds, a value that is not an integer, an outcome other than P or N.
    """
    from cgs_bridge.foundation.io import read_input_text
    text = read_input_text(path, "claims file", limit=MAX_CLAIMS_BYTES)  # a pipe: read once (issue 46)
    try:
        loader = _NoAliasLoader(text)
        loader.name = str(path)
        try:
            doc = loader.get_single_data()
        finally:
            loader.dispose()
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        where = f":{mark.line + 1}:{mark.column + 1}" if mark else ""
        raise InputError(f"{path}{where}: not valid YAML: {getattr(e, 'problem', e)}") from None
    if not isinstance(doc, dict) or not isinstance(doc.get("claims"), list):
        raise InputError(f"{path}: expected a mapping with a list 'claims'")
    for k, c in enumerate(doc["claims"], 1):
        _validate(c, f"{path}: claim {k}")
    return doc["claims"]


def _validate(c, where: str) -> None:
    if not isinstance(c, dict):
        raise InputError(f"{where} is not a mapping")
    kinds = [x for x in ("p_positions", "count", "position") if x in c]
    if len(kinds) != 1:
        raise InputError(f"{where} needs exactly one of p_positions, count, position")
    if "count" in c:
        _int(c.get("equals"), f"{where}: 'equals' (needed by 'count')")
    if "p_positions" in c:
        if not isinstance(c["p_positions"], list):
            raise InputError(f"{where}: 'p_positions' must be a list of positions")
        for i, p in enumerate(c["p_positions"], 1):
            _position(p, f"{where}: p_positions entry {i}")
    if "position" in c:
        _position(c["position"], f"{where}: 'position'")
        if not ("outcome" in c or "grundy" in c):
            raise InputError(f"{where}: 'position' needs 'outcome' (P/N) or 'grundy'")
        if "grundy" in c and _int(c["grundy"], f"{where}: 'grundy'") < 0:
            raise InputError(f"{where}: 'grundy' must be >= 0, got {c['grundy']}")
        if "outcome" in c and c["outcome"] not in ("P", "N"):
            raise InputError(f"{where}: 'outcome' must be P or N, got {c['outcome']!r}")


def check_claims(claims: list, solution, file: str = "<claims>") -> list:
    """Check typed claims against ``solution`` (a :class:`solvers.Solution`).

    Raises:
        InputError: a condition that does not parse or check, a position of the wrong arity.
    """
    r = solution.ruleset
    out = []
    for k, c in enumerate(claims, 1):
        name = str(c.get("name", f"claim {k}"))
        if "p_positions" in c:
            want = {tuple(int(v) for v in p) for p in c["p_positions"]}
            bad = [p for p in want if len(p) != r.n]
            if bad:
                raise InputError(f"{file}: claim {k}: P-position {bad[0]} has {len(bad[0])} "
                                 f"coordinates, the game {r.n}")
            got = set(solution.p_positions())
            extra, missing = sorted(got - want), sorted(want - got)
            ok = not extra and not missing
            detail = (f"{len(want)} P-positions as published" if ok else
                      f"python has {len(extra)} P-position(s) not published (first {extra[:5]}), "
                      f"published {len(missing)} not P in python (first {missing[:5]})")
        elif "count" in c:
            try:
                expr = parse_expr(str(c["count"]), what=f"{file} claim {k}")
                checked = check_game(replace(r.checked.game, claims=(A.Claim(name, expr),)))
            except SpecError as e:
                raise InputError(f"{file}: claim {k}: {e}") from None
            rr = Ruleset(checked, dict(r.params))
            n = sum(rr.claim_holds(0, tuple(int(v) for v in p), int(solution.grundy[tuple(p)]),
                                   None if solution.misere is None else int(solution.misere[tuple(p)]))
                    for p in solution.positions())
            ok = n == c["equals"]
            detail = f"{n} positions with {c['count']} (published {c['equals']})"
        else:
            p = tuple(int(v) for v in c["position"])
            if len(p) != r.n:
                raise InputError(f"{file}: claim {k}: position {p} has {len(p)} coordinates, the game {r.n}")
            if not solution.box.contains(p):
                raise InputError(f"{file}: claim {k}: position {p} is outside the box {solution.box}")
            g = solution.value(p)
            if "grundy" in c:
                ok, detail = g == int(c["grundy"]), f"{p}: python {g}, published {c['grundy']}"
            else:
                got = "P" if g == 0 else "N"
                ok, detail = got == str(c["outcome"]), f"{p}: python {got} (grundy {g}), published {c['outcome']}"
        out.append(ClaimCheck(name, ok, detail))
    return out
