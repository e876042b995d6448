"""The result of solving a game on a box: values, outcomes, winning moves, claims, tables."""

from __future__ import annotations

import io

import numpy as np

from cgs_bridge.foundation.errors import CgsBridgeError

from . import claims as _claims
from .box import Box
from .claims import ClaimResult  # noqa: F401  (re-exported)
from .csvtext import rows_text
from .stats import KernelStats


class Solution:
    """Grundy values of every valid position of a box.

    Attributes:
        ruleset: the :class:`cgs_bridge.model.game.Ruleset` solved.
        box: the :class:`~solvers.box.Box`.
        grundy: integer array of ``box.shape`` (the fast kernel: the narrowest type holding the box's
            largest possible value, :func:`solvers.box.grundy_dtype`; the reference: int32); -1 marks
            points that are not valid positions.
        misere: same for misère values, or None.
        stats: the :class:`~solvers.stats.KernelStats` of the solve.
    """

    def __init__(self, ruleset, box: Box, grundy: np.ndarray, misere: np.ndarray | None = None,
                 stats: KernelStats | None = None):
        self.ruleset, self.box, self.grundy, self.misere = ruleset, box, grundy, misere
        self.stats = stats or KernelStats(method="unknown", positions_in_box=box.size)

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
        """Distinct options of ``p`` with their Grundy values, sorted: ``[(q, g), ...]`` (in a
        take-and-break game ``q`` is a :class:`~cgs_bridge.model.heaps.HeapSum`, ``g`` the nim-sum)."""
        self._need(p)
        if getattr(self.ruleset, "takebreak", None) is not None:  # sums of heaps: the nim-sum
            return [(q, q.value(self.grundy)) for q in self.ruleset.option_set(tuple(p))]
        return [(q, int(self.grundy[q])) for q in self.ruleset.option_set(tuple(p))]

    def winning_moves(self, p) -> list:
        """Options of ``p`` that are P-positions (empty when ``p`` is itself a P-position)."""
        return [q for q, g in self.options(p) if g == 0]

    def p_positions(self) -> list:
        """All P-positions of the box, lexicographic, as tuples."""
        return [tuple(int(v) for v in row) for row in np.argwhere(self.grundy == 0)]

    # ------------------------------------------------------------ tables
    def to_frame(self):
        """One row per valid position, lexicographic: coordinates in spec order, ``grundy`` and
        (when computed) ``misere``."""
        pos = self.positions()
        data = {c: pos[:, i] for i, c in enumerate(self.ruleset.coords)}
        idx = tuple(pos.T)
        wide = np.promote_types(self.grundy.dtype, np.int32)  # int32 columns whatever the storage
        data["grundy"] = self.grundy[idx].astype(wide)
        if self.misere is not None:
            data["misere"] = self.misere[idx].astype(wide)
        import pandas as pd  # imported here: the solve command does not need it
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
    def write(self, path, overwrite: bool = False, fmt: str | None = None):
        """Write the table of :meth:`to_frame` to ``path``, streamed in chunks: CSV (the bytes of
        :meth:`to_csv_text`), or Parquet for ``*.parquet`` / ``fmt="parquet"``
        (:func:`solvers.output.write`; raises InputError as it does)."""
        from .output import write
        return write(self, path, overwrite=overwrite, fmt=fmt)

    # ------------------------------------------------------------ claims
    def check_claims(self, limit: int = 10, claims=None, method: str = "auto") -> list:
        """Check claims on every valid position of the box, compiled over the whole array
        (:func:`solvers.claims.check`; ``method="reference"`` evaluates position by position).

        Args:
            limit: counterexamples kept per claim (lexicographically first).
            claims: checked claim nodes (default: the game's claims).
        Returns:
            a list of :class:`ClaimResult`, in spec order.
        Raises:
            CgsBridgeError: a claim uses misère values that were not computed.
            EvaluationError: a claim cannot be evaluated at a position (named).
        """
        return _claims.check(self, limit=limit, claims=claims, method=method)
