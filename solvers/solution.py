"""The result of solving a game on a box: values, outcomes, winning moves, claims, tables."""

from __future__ import annotations

import io
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from cgs_bridge.errors import CgsBridgeError
from cgs_bridge.game import claim_uses_misere

from .box import Box
from .csvtext import rows_text


@dataclass
class ClaimResult:
    """Outcome of checking one claim on the box.

    ``status`` is 'holds', 'fails' or 'not applicable' (its ``when`` is false for these
    parameters); ``counterexamples`` lists up to ``limit`` positions (with their values) where it
    fails, in lexicographic order; ``checked`` counts the positions examined.
    """

    name: str
    status: str
    checked: int = 0
    failures: int = 0
    counterexamples: list = field(default_factory=list)


class Solution:
    """Grundy values of every valid position of a box.

    Attributes:
        ruleset: the :class:`cgs_bridge.game.Ruleset` solved.
        box: the :class:`~solvers.box.Box`.
        grundy: int32 array of ``box.shape``; -1 marks points that are not valid positions.
        misere: same for misère values, or None.
    """

    def __init__(self, ruleset, box: Box, grundy: np.ndarray, misere: np.ndarray | None = None):
        self.ruleset, self.box, self.grundy, self.misere = ruleset, box, grundy, misere

    # ------------------------------------------------------------ positions and values
    @property
    def valid(self) -> np.ndarray:
        return self.grundy >= 0

    def positions(self) -> np.ndarray:
        """Valid positions, one row each, in lexicographic order (an int64 array n x d)."""
        return np.argwhere(self.valid)

    def __len__(self):
        return int(self.valid.sum())

    def value(self, p) -> int:
        """Grundy value of position ``p``. Raises CgsBridgeError outside the box or the valid set."""
        self._need(p)
        return int(self.grundy[tuple(p)])

    def misere_value(self, p) -> int:
        self._need(p)
        if self.misere is None:
            raise CgsBridgeError("misère values were not computed; solve with misere=True")
        return int(self.misere[tuple(p)])

    def outcome(self, p) -> str:
        """'P' (previous player wins: Grundy value 0) or 'N' (seed 003 Def 2.1, Theorem 2.1)."""
        return "P" if self.value(p) == 0 else "N"

    def _need(self, p):
        p = tuple(int(v) for v in p)
        if len(p) != len(self.box.upper) or not self.box.contains(p):
            raise CgsBridgeError(f"{p} is outside the box {self.box}")
        if self.grundy[p] < 0:
            raise CgsBridgeError(f"{p} is not a valid position of {self.ruleset.describe()}")

    def options(self, p) -> list:
        """Distinct options of ``p`` with their Grundy values, sorted: ``[(q, g), ...]``."""
        self._need(p)
        return [(q, int(self.grundy[q])) for q in self.ruleset.option_set(tuple(p))]

    def winning_moves(self, p) -> list:
        """Options of ``p`` that are P-positions (empty when ``p`` is itself a P-position)."""
        return [q for q, g in self.options(p) if g == 0]

    def p_positions(self) -> list:
        """All P-positions of the box, lexicographic, as tuples."""
        return [tuple(int(v) for v in row) for row in np.argwhere(self.grundy == 0)]

    # ------------------------------------------------------------ tables
    def to_frame(self) -> pd.DataFrame:
        """One row per valid position, lexicographic: coordinates in spec order, ``grundy`` and
        (when computed) ``misere``."""
        pos = self.positions()
        data = {c: pos[:, i] for i, c in enumerate(self.ruleset.coords)}
        idx = tuple(pos.T)
        data["grundy"] = self.grundy[idx]
        if self.misere is not None:
            data["misere"] = self.misere[idx]
        return pd.DataFrame(data)

    def to_csv_text(self) -> str:
        """The CSV of :meth:`to_frame` (header line, ``\\n`` line ends)."""
        pos = self.positions()
        idx = tuple(pos.T)
        cols = [pos] + [self.grundy[idx][:, None]]
        if self.misere is not None:
            cols.append(self.misere[idx][:, None])
        table = np.hstack(cols) if len(pos) else np.zeros((0, len(self.ruleset.coords) + len(cols) - 1))
        header = ",".join(list(self.ruleset.coords) + ["grundy"] + (["misere"] if self.misere is not None else []))
        buf = io.StringIO()
        buf.write(header + "\n")
        if len(table):
            buf.write(rows_text(table))  # the bytes of np.savetxt(fmt="%d", delimiter=","), faster
        return buf.getvalue()

    # ------------------------------------------------------------ claims
    def check_claims(self, limit: int = 10) -> list:
        """Check every claim of the game on every valid position of the box.

        Returns:
            a list of :class:`ClaimResult`, in spec order.
        """
        r = self.ruleset
        out = []
        pos = self.positions()
        for k, (cl, _, _) in enumerate(r.claims):
            if not r.claim_applies(k):
                out.append(ClaimResult(cl.name, "not applicable"))
                continue
            if claim_uses_misere(cl) and self.misere is None:
                raise CgsBridgeError(f"claim {cl.name!r} uses misere; solve with misère values")
            res = ClaimResult(cl.name, "holds")
            for row in pos:
                p = tuple(int(v) for v in row)
                g = int(self.grundy[p])
                m = int(self.misere[p]) if self.misere is not None else None
                res.checked += 1
                if not r.claim_holds(k, p, g, m):
                    res.failures += 1
                    if len(res.counterexamples) < limit:
                        res.counterexamples.append((p, g))
            if res.failures:
                res.status = "fails"
            out.append(res)
        return out
