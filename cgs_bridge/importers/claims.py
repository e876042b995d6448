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

from ..errors import InputError, SpecError
from ..game import Ruleset
from ..spec import ast as A
from ..spec.checker import check_game
from ..spec.parser import parse_expr


@dataclass
class ClaimCheck:
    name: str
    ok: bool
    detail: str


def load_claims(path) -> list:
    """Read and validate a claims file. Raises InputError naming the file (and the claim)."""
    try:
        with open(path, encoding="utf-8") as f:
            doc = yaml.safe_load(f)
    except (OSError, UnicodeDecodeError) as e:
        raise InputError(f"cannot read {path}: {e}") from None
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        where = f":{mark.line + 1}:{mark.column + 1}" if mark else ""
        raise InputError(f"{path}{where}: not valid YAML: {getattr(e, 'problem', e)}") from None
    if not isinstance(doc, dict) or not isinstance(doc.get("claims"), list):
        raise InputError(f"{path}: expected a mapping with a list 'claims'")
    for k, c in enumerate(doc["claims"], 1):
        if not isinstance(c, dict):
            raise InputError(f"{path}: claim {k} is not a mapping")
        kinds = [x for x in ("p_positions", "count", "position") if x in c]
        if len(kinds) != 1:
            raise InputError(f"{path}: claim {k} needs exactly one of p_positions, count, position")
        if "count" in c and not isinstance(c.get("equals"), int):
            raise InputError(f"{path}: claim {k}: 'count' needs an integer 'equals'")
        if "position" in c and not ("outcome" in c or "grundy" in c):
            raise InputError(f"{path}: claim {k}: 'position' needs 'outcome' (P/N) or 'grundy'")
    return doc["claims"]


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
            g = solution.value(p)
            if "grundy" in c:
                ok, detail = g == int(c["grundy"]), f"{p}: python {g}, published {c['grundy']}"
            else:
                got = "P" if g == 0 else "N"
                ok, detail = got == str(c["outcome"]), f"{p}: python {got} (grundy {g}), published {c['outcome']}"
        out.append(ClaimCheck(name, ok, detail))
    return out
