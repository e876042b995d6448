"""Running a sweep: plan the grid (every input checked before anything runs), refuse a grid that
would not fit in memory, skip cells already in the output, run the rest serially or on Dask
(``dask.distributed``: a LocalCluster of processes, or an existing scheduler), retry a cell whose
worker died once, and write the table after every finished cell."""

from __future__ import annotations

import logging
import shutil
import tempfile
import time
from dataclasses import dataclass, field

from cgs_bridge.foundation.errors import BoxError, EngineError, InputError
from cgs_bridge.foundation.results import Result, render

from .cell import RUN_COLUMNS, failed_row, run_cell
from .grid import Cell, SpecRef, cells, parse_bounds, parse_grid, spec_ref
from .store import frame_of, read_table, row_key, write_table
from .workers import LOCAL_SCHEDULER, LOCAL_WORKER_CONFIG, cap_workers, workers_ignore_sigint

#: Seconds to wait for an existing Dask scheduler before giving up.
CONNECT_TIMEOUT = 10


@dataclass
class SweepPlan:
    """A checked grid: the spec, its cells (grid order), claim count and whether misère values are
    needed."""

    spec: SpecRef
    cells: list
    grid: dict
    misere: bool
    version: str


def plan_sweep(source: str, params: dict, bound, claims=(), game_name=None, max_cells=None) -> SweepPlan:
    """Check every input of a sweep and list its cells.

    ``max_cells``: refuse a grid of more cells (before binding every value: the refusal is quick),
    saying how long it would take (:func:`estimate_seconds`) and that ``--yes`` runs it.

    Raises:
        InputError: more than ``max_cells`` cells.
        SpecError: unknown game or a bad claim; ParameterError: malformed ranges or an unknown
        parameter (every grid value is also bound once, so e.g. ``k=0`` below ``k >= 1`` fails
        here, not in a worker); BoxError: malformed bounds.
    """
    from cgs_bridge.foundation.version import __version__
    from cgs_bridge.jobs.checking import claims_use_misere
    from cgs_bridge.model.game import Ruleset
    spec = spec_ref(source, game_name, tuple(claims))
    checked = spec.load()
    grid = parse_grid(checked.game, params)
    bounds = parse_bounds(bound, checked.game.coords)
    plan = SweepPlan(spec, cells(grid, bounds), grid, claims_use_misere(checked), __version__)
    if max_cells is not None and len(plan.cells) > max_cells:  # a slip such as k=1..100000
        from cgs_bridge.foundation.errors import InputError

        from .estimate import duration_text, estimate_seconds
        raise InputError(f"this sweep has {len(plan.cells):,} cells (more than {max_cells:,}); it would take "
                         f"{duration_text(estimate_seconds(plan))} in one process (a rough estimate). Check "
                         "the ranges of -p and --bound, or pass --yes to run it")
    first = {name: values[0] for name, values in grid.items()}
    for name, values in grid.items():
        for v in values:
            Ruleset(checked, {**first, name: v})
    return plan


def check_memory(plan: SweepPlan, cells_: list, budget: int) -> None:
    """Refuse, before anything runs, a grid whose largest cell does not fit in ``budget`` bytes
    (the memory of one worker) — naming that cell.

    Raises:
        BoxError: the largest cell, its estimate and the budget.
    """
    from solvers import check_fits, parse_bound
    from solvers.box import estimate_bytes
    coords = plan.spec.load().game.coords
    if not cells_:
        return
    sized = [(estimate_bytes(parse_bound(c.bound, coords), plan.misere), c) for c in cells_]
    need, largest = max(sized, key=lambda t: t[0])
    try:
        check_fits(parse_bound(largest.bound, coords), plan.misere, budget=budget)
    except BoxError as e:
        raise BoxError(f"the sweep's largest cell ({largest.label}, bound {largest.bound}) needs about "
                       f"{need / 2**30:.2f} GiB and one worker has {budget / 2**30:.2f} GiB: {e}. "
                       "Use smaller bounds or fewer workers") from None


@dataclass
class SweepResult(Result):
    """The table of a sweep (``frame``: one row per cell of this grid, grid order; see
    :func:`cgs_bridge.jobs.sweep.cell.run_cell` for the columns) and how it was produced: cells
    ``computed`` now and ``reused`` from the output, ``compiles`` (kernel compilations of the cells
    computed now, see :func:`cgs_bridge.jobs.sweep.cell.kernel_compiles`), ``cache_loads`` (kernels
    loaded from the disk cache), ``workers`` (where they ran), ``startup_seconds`` (starting or
    reaching the cluster)."""

    frame: object
    claims: list = field(default_factory=list)
    computed: int = 0
    reused: int = 0
    output: object = None
    workers: str = "serial"
    compiles: int = 0
    cache_loads: int = 0
    startup_seconds: float = 0.0

    @property
    def ok(self) -> bool:
        """True when every cell ran (no 'error' or 'failed' row)."""
        return bool((self.frame["status"] == "ok").all()) if len(self.frame) else True

    @property
    def holds(self) -> bool:
        """True when no claim fails in any cell."""
        cols = [c for c in self.frame.columns if c.startswith("claim") and c.endswith("_status")]
        return not any((self.frame[c] == "fails").any() for c in cols)

    def table(self):
        """The frame without the run-dependent columns (seconds, worker, kernel statistics)."""
        return self.frame.drop(columns=[c for c in RUN_COLUMNS if c in self.frame.columns])

    @property
    def exit_code(self) -> int:
        """0 when every cell ran and no claim fails, 1 when a claim fails, 2 when a cell did not run."""
        if not self.ok:
            return 2
        return 0 if self.holds else 1

    def verdict(self) -> str:
        """The first line of the ``repr``: cells computed and reused, whether all ran and claims hold."""
        return (f"SweepResult({len(self.frame)} cells: {self.computed} computed, {self.reused} reused; "
                f"{'all ran' if self.ok else 'SOME FAILED'}; claims {'hold' if self.holds else 'FAIL'}"
                f" where applicable; {self.workers})")

    def plot(self, params=None, claim: str | None = None):
        """Failures per parameter (the ``"figure"`` renderer,
        :func:`cgs_bridge.presentation.plot_sweep.sweep_figure`): bars for one parameter, a heat map
        over the first two otherwise; ``claim``: only that claim's name."""
        return render(self, "figure", params=params, claim=claim)

    def __repr__(self) -> str:
        lines = [self.verdict()] + [f"  claim{i}: {name}" for i, name in enumerate(self.claims, 1)]
        show = [c for c in self.frame.columns if c not in ("spec_hash", "version", "game", "cell")
                and not (c.startswith("claim") and "_" not in c) and c not in RUN_COLUMNS[2:]
                and not (c == "error" and not self.frame[c].fillna("").astype(str).str.len().any())]
        lines.append(self.frame[show].to_string(index=False, max_rows=40))
        return "\n".join(lines)


def run_plan(plan: SweepPlan, output=None, workers=None, scheduler=None, progress: bool = False,
             method: str = "auto", limit: int = 3, force: bool = False, cell_fn=run_cell,
             threads: bool | None = None) -> SweepResult:
    """Run the cells of ``plan`` not already in ``output`` and return the table of the grid.

    Args:
        output: ``.parquet`` or ``.csv`` path; rows already there (same spec hash, parameters,
            bound and version, status 'ok') are reused; rewritten atomically after each cell.
        workers: ``0`` runs serially in this process; ``N`` starts a LocalCluster of ``N`` worker
            processes (default: one per CPU); ignored with ``scheduler``.
        scheduler: address of an existing Dask scheduler (``tcp://host:8786``).
        progress: a tqdm bar on stderr (cells done / total, ETA) when stderr is a terminal.
        force: replace an ``output`` that is not a sweep table.
        cell_fn: the function run per cell (``run_cell``'s signature).
        threads: with ``workers`` N > 0 and no scheduler, run the cells in N threads of this
            process (True) or in a LocalCluster of N processes (False); None chooses threads when
            ``cell_fn`` is :func:`run_cell` and every cell has at most
            :data:`~cgs_bridge.jobs.sweep.threads.THREAD_CELL_POINTS` box points
            (:mod:`cgs_bridge.jobs.sweep.threads`).
    Raises:
        InputError: ``output`` exists and is not a sweep table (without ``force``).
        BoxError: the largest cell does not fit in one worker's memory. KeyboardInterrupt: its
            ``partial`` is the SweepResult of the cells finished (also in ``output``).
        EngineError: the scheduler cannot be reached within 10 s.
    """
    from solvers.box import available_memory
    old = read_table(output, force) if output else None
    done = {}
    if old is not None:
        done = {row_key(r): r.to_dict() for _, r in old.iterrows() if r["status"] == "ok"}
    keys = [row_key(_key_row(plan, c)) for c in plan.cells]
    todo = [i for i, k in enumerate(keys) if k not in done]
    rows: dict = {i: done[k] for i, k in enumerate(keys) if k in done}
    state = _State(plan, old, keys, rows, output)
    if not todo:
        return state.result(0, "nothing to compute")
    t0 = time.perf_counter()
    if scheduler:
        runner = _DaskRunner.connect(scheduler)
    else:
        import os
        n = (os.cpu_count() or 1) if workers is None else int(workers)
        if n < 0:
            raise InputError(f"--workers must be >= 0, got {n}")
        n = cap_workers(n, len(todo), os.cpu_count() or 1)
        check_memory(plan, [plan.cells[i] for i in todo], available_memory() // max(1, min(n, len(todo))))
        runner = _SerialRunner() if n == 0 else _local_runner(plan, [plan.cells[i] for i in todo], n,
                                                                   threads, cell_fn)
    try:
        if scheduler:
            check_memory(plan, [plan.cells[i] for i in todo], runner.worker_memory())
        state.startup_seconds = time.perf_counter() - t0
        _run_cells(runner, plan, todo, cell_fn, method, limit, state, _bar(len(todo), progress))
    finally:
        runner.close()
    return state.result(len(todo), runner.label)


def _run_cells(runner, plan, todo, cell_fn, method, limit, state, bar) -> None:
    """Run the cells ``todo``, each finished row added to ``state``; a Ctrl-C carries the cells
    finished so far as its ``partial`` (a SweepResult)."""
    try:
        runner.run(plan, [(i, plan.cells[i]) for i in todo], cell_fn, method, limit,
                   lambda i, row: (state.add(i, row), bar.advance()))
    except KeyboardInterrupt as e:
        e.partial = state.result(len(state.rows), runner.label)
        raise
    finally:
        bar.close()


def _key_row(plan: SweepPlan, cell: Cell) -> dict:
    return {"spec_hash": plan.spec.hash, "cell": cell.label, "bound": cell.bound, "version": plan.version}


class _State:
    """Rows gathered so far; writes the whole table (other rows of the file kept) per new row."""

    def __init__(self, plan, old, keys, rows, output):
        self.plan, self.old, self.keys, self.rows, self.output = plan, old, keys, rows, output
        self.compiles = self.cache_loads = 0
        self.startup_seconds = 0.0

    def add(self, i: int, row: dict) -> None:
        self.rows[i] = row
        self.compiles += int(row.get("kernel_compiles") or 0)
        self.cache_loads += int(row.get("kernel_cache_loads") or 0)
        if self.output:
            write_table(self.frame(with_old=True), self.output)

    def frame(self, with_old: bool = False):
        mine = [self.rows[i] for i in sorted(self.rows)]
        if with_old and self.old is not None:
            keys = set(self.keys)
            mine = [r.to_dict() for _, r in self.old.iterrows() if row_key(r) not in keys] + mine
        return frame_of(mine, ["spec_hash", "version", "game", "cell"])

    def result(self, computed: int, label: str) -> SweepResult:
        frame = self.frame()
        if len(frame):
            frame = frame.dropna(axis=1, how="all")
        names = []
        for i in range(1, 1000):
            col = f"claim{i}"
            if col not in frame:
                break
            names.append(next((v for v in frame[col] if isinstance(v, str) and v), ""))
        return SweepResult(frame.reset_index(drop=True), names, computed,
                           len(self.plan.cells) - computed, self.output, label, self.compiles,
                           self.cache_loads, self.startup_seconds)


def _bar(total: int, progress: bool):
    """One progress line (cells done / total, elapsed, ETA) on a terminal, none with --quiet
    (:mod:`cgs_bridge.foundation.progress`)."""
    from cgs_bridge.foundation import progress as prog
    return prog.Task("sweep", total, unit=" cells", active=progress)


def _local_runner(plan, cells_, n: int, threads, cell_fn):
    """Threads (small cells, :mod:`cgs_bridge.jobs.sweep.threads`) or a LocalCluster of processes."""
    from .threads import THREAD_CELL_POINTS, ThreadRunner, largest_points
    if threads is None:
        threads = cell_fn is run_cell and largest_points(plan, cells_) <= THREAD_CELL_POINTS
    return ThreadRunner(n) if threads else _DaskRunner.local(n)


class _SerialRunner:
    label = "serial"

    def run(self, plan, items, cell_fn, method, limit, on_row) -> None:
        for i, cell in items:
            on_row(i, cell_fn(plan.spec, cell, plan.version, method, limit))

    def close(self) -> None:
        pass


class _DaskRunner:
    """Cells as Dask futures; a cell whose task fails (its worker died: ``KilledWorker``) is
    submitted once more, then reported as a 'failed' row with the reason."""

    def __init__(self, client, cluster, label):
        self.client, self.cluster, self.label = client, cluster, label

    @classmethod
    def local(cls, n: int) -> "_DaskRunner":
        import dask
        from distributed import Client, LocalCluster
        scratch = tempfile.mkdtemp(prefix="cgs-bridge-dask-")  # the workers' scratch, removed by close()
        try:
            with dask.config.set({**LOCAL_WORKER_CONFIG, "temporary-directory": scratch}), \
                    workers_ignore_sigint():
                cluster = LocalCluster(n_workers=n, threads_per_worker=1, processes=True,
                                       dashboard_address=None, silence_logs=logging.CRITICAL,
                                       local_directory=scratch, scheduler_kwargs=LOCAL_SCHEDULER)
                client = Client(cluster)
        except Exception as e:  # OSError, TimeoutError, RuntimeError from process start-up
            shutil.rmtree(scratch, ignore_errors=True)
            raise EngineError(f"could not start a local Dask cluster of {n} worker processes "
                              f"({type(e).__name__}: {str(e)[:200]}); try --workers 0") from None
        runner = cls(client, cluster, f"LocalCluster of {n} worker processes")
        runner.scratch = scratch
        return runner

    @classmethod
    def connect(cls, address: str) -> "_DaskRunner":
        from distributed import Client
        t0 = time.monotonic()
        try:
            client = Client(address, timeout=f"{CONNECT_TIMEOUT}s")
        except (OSError, TimeoutError, ValueError) as e:
            raise EngineError(f"cannot reach the Dask scheduler at {address} within "
                              f"{CONNECT_TIMEOUT} s ({type(e).__name__}: {str(e)[:200]}); "
                              f"gave up after {time.monotonic() - t0:.1f} s") from None
        try:
            client.wait_for_workers(1, timeout=CONNECT_TIMEOUT)
        except (TimeoutError, OSError) as e:
            client.close()
            raise EngineError(f"the Dask scheduler at {address} has no workers (waited "
                              f"{CONNECT_TIMEOUT} s: {type(e).__name__})") from None
        return cls(client, None, f"Dask scheduler {address}")

    def worker_memory(self) -> int:
        """The smallest memory limit among the scheduler's workers (bytes)."""
        from solvers.box import available_memory
        limits = [w.get("memory_limit") or 0 for w in self.client.scheduler_info()["workers"].values()]
        limits = [m for m in limits if m]
        return min(limits) if limits else available_memory()

    def run(self, plan, items, cell_fn, method, limit, on_row) -> None:
        from distributed import as_completed
        futures = {}
        for i, cell in items:   # later cells first (priority i): a sweep's values grow, and so does a
            # cell's work, so the largest cells start first and none is left to run alone at the end
            f = self.client.submit(cell_fn, plan.spec, cell, plan.version, method, limit, pure=False,
                                   key=f"sweep-cell-{i}-{plan.spec.hash}-{time.time_ns()}", priority=i)
            futures[f] = (i, cell, 0)
        pending = as_completed(list(futures))
        for f in pending:
            i, cell, attempt = futures.pop(f)
            try:
                row = f.result()
            except Exception as e:  # KilledWorker, or an unexpected error inside the cell
                if attempt == 0:
                    g = self.client.submit(cell_fn, plan.spec, cell, plan.version, method, limit,
                                           pure=False, key=f"sweep-cell-{i}-{plan.spec.hash}-retry-{time.time_ns()}")
                    futures[g] = (i, cell, 1)
                    pending.add(g)
                    continue
                row = failed_row(plan.spec, cell, plan.version, _reason(e))
            on_row(i, row)

    scratch = None  # the LocalCluster's local_directory

    def close(self) -> None:
        try:
            self.client.close()
        finally:
            if self.cluster is not None:
                self.cluster.close()
            if self.scratch:
                shutil.rmtree(self.scratch, ignore_errors=True)


def _reason(e: BaseException) -> str:
    name = type(e).__name__
    if name == "KilledWorker":
        return ("the worker process running this cell died twice (the cell was retried once; out "
                f"of memory, or killed?): {str(e)[:200]}")
    return f"the cell failed twice: {name}: {str(e)[:300]}"
