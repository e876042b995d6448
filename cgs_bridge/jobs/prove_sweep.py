"""``prove --sweep NAME=A..B[:STEP]``: one verdict per claim and parameter value, on the sweep's
path (:func:`cgs_bridge.jobs.sweep.runner.run_plan`: serial, threads or a Dask LocalCluster or
scheduler), with :func:`prove_cell` as the cell function."""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from functools import partial

from cgs_bridge.foundation.errors import CgsBridgeError
from cgs_bridge.foundation.results import Result

from .sweep.cell import base_row, worker_name


def prove_cell(options: dict, spec, cell, version: str, method: str = "auto", limit: int = 3) -> dict:
    """One cell: the claims of ``spec`` at the cell's parameters decided by the provers.

    ``options``: ``provers`` (tuple), ``claims`` (texts added to the game's), ``claims_file``,
    ``timeout``, ``memory`` and the provers' options (``walnut_home``). Returns the row: key columns, ``status`` ('ok' or
    'error' with ``error``), ``exit_code``, per claim ``claim{i}`` (name), ``claim{i}_verdict``,
    ``claim{i}_detail`` (reason or counterexample), ``seconds`` (wall), ``cpu_seconds`` (processor
    time of the process), ``worker``, ``pid`` (the process that ran the cell; rows that are not
    errors). Input and engine
    errors become 'error' rows.
    """
    from cgs_bridge.foundation.results import position_text
    from cgs_bridge.model.game import Ruleset

    from . import prove_run
    from .prove import prove_translations
    row = base_row(cell, spec, version)
    t0, c0 = time.perf_counter(), time.process_time()
    opts = dict(options)
    try:
        checked = prove_run.checked_claims(spec.load(), opts.pop("claims", ()), opts.pop("claims_file", None))
        ruleset = Ruleset(checked, dict(cell.params))
        result = prove_translations(ruleset, prove_run.translations(ruleset), opts.pop("provers"), **opts)
    except CgsBridgeError as e:
        row.update(status="error", error=str(e), exit_code=2,
                   seconds=round(time.perf_counter() - t0, 4), worker=worker_name())
        return row
    row.update(status="ok", error="", exit_code=result.exit_code)
    for i, r in enumerate(result.rows, 1):
        detail = (f"{position_text(r.position)}: claim says {r.claim_value}, true {r.true_value}"
                  if r.verdict == "REFUTED" and r.position is not None else r.reason)
        row.update({f"claim{i}": r.name, f"claim{i}_verdict": r.verdict, f"claim{i}_detail": detail})
    row.update(seconds=round(time.perf_counter() - t0, 4), worker=worker_name(),
               cpu_seconds=round(time.process_time() - c0, 4), pid=os.getpid())
    return row


@dataclass
class ProveSweepResult(Result):
    """One row per parameter value (``frame``): its verdicts per claim (``claim{i}_verdict``).
    ``exit_code``: 2 when a cell failed or a claim is not expressible or hit an engine error, 1
    when a claim is refuted, else 0."""

    frame: object
    claims: list
    workers: str = "serial"

    def __str__(self) -> str:
        """The table, as ``prove --sweep`` prints it."""
        from cgs_bridge.foundation.results import render
        return render(self, "report")

    @property
    def exit_code(self) -> int:
        if not len(self.frame):
            return 0
        if (self.frame["status"] != "ok").any():
            return 2
        return int(self.frame["exit_code"].max())

    def verdict(self) -> str:
        cols = [c for c in self.frame.columns if c.endswith("_verdict")]
        counts: dict = {}
        for c in cols:
            for v in self.frame[c].dropna():
                counts[v] = counts.get(v, 0) + 1
        errors = int((self.frame["status"] != "ok").sum()) if len(self.frame) else 0
        parts = [f"{n} {v.lower()}" for v, n in counts.items()] + ([f"{errors} cell(s) failed"] if errors else [])
        return f"{len(self.frame)} parameter value(s): " + (", ".join(parts) or "nothing decided")

    def table(self):
        """Parameters, status and verdicts (without the run columns and the details); the error
        of a cell that failed (a function parameter refused, ...) when one did."""
        failed = len(self.frame) and (self.frame["status"] != "ok").any()
        keep = [c for c in self.frame.columns if c not in ("spec_hash", "version", "game", "cell",
                                                            "bound", "seconds", "worker",
                                                            "cpu_seconds", "pid")
                and (c != "error" or failed)
                and not c.endswith("_detail") and not (c.startswith("claim") and "_" not in c)]
        return self.frame[keep]


def prove_sweep(source: str, sweep: dict, claims=(), claims_file=None, provers=None,
                workers=None, scheduler=None, game_name=None, output=None, **options) -> ProveSweepResult:
    """Prove the claims of ``source`` (with ``claims`` and the claims of ``claims_file`` added, the
    rule of every command's ``--claim``) at every value of ``sweep`` (``{name: "1..41"}``, the
    sweep's value syntax) on the sweep's path (``workers=0``: serially here), by ``provers``
    (default :func:`cgs_bridge.jobs.prove.choose_provers`'s, chosen once here) with ``options``
    (``timeout``, ``memory``, the provers' options).

    Args:
        output: a ``.csv``/``.parquet`` table rewritten after every value (replaced, never resumed:
            the caller checks it first).
    Raises:
        ParameterError, SpecError: malformed values, unknown parameter, bad game (before
        anything runs); EngineError: the Dask scheduler is unreachable; KeyboardInterrupt: Ctrl-C,
        with ``partial``, the ProveSweepResult of the values finished.
    """
    from .prove import choose_provers
    from .sweep.runner import plan_sweep, run_plan
    plan = plan_sweep(source, sweep, 0, game_name=game_name)
    if provers is None:
        provers = choose_provers(None, options)
    cell_fn = partial(prove_cell, {"provers": tuple(provers), "claims": tuple(claims),
                                   "claims_file": claims_file, **options})
    if output is not None and os.path.lexists(output):
        os.unlink(output)   # checked by the caller (--force): a proof sweep is not resumed
    try:
        res = run_plan(plan, output, workers=workers, scheduler=scheduler, cell_fn=cell_fn, threads=False)
    except KeyboardInterrupt as e:
        if getattr(e, "partial", None) is not None:
            e.partial = _result(e.partial)
        raise
    return _result(res)


def _result(res) -> ProveSweepResult:
    frame = res.frame
    names = [next((v for v in frame[c] if isinstance(v, str) and v), "")
             for c in frame.columns if c.startswith("claim") and "_" not in c]
    return ProveSweepResult(frame, names, res.workers)
