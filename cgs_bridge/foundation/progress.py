"""Progress of long runs (solving, claim checking, engine runs, audits, sweeps), drawn with tqdm on
standard error: one line per task, updated in place and closed exactly once (so a task that
reports 100 % twice still leaves one line). Nothing is drawn when standard error is not a
terminal, or after ``configure(quiet=True)`` (the CLI's ``--quiet``).

Use :func:`callback` for code that takes ``progress(done, total)`` (the solvers), :class:`Task`
for anything else (``with Task("mathics", unit=" lines") as t: t.update(n)``; a task without a
total shows the count received so far and the elapsed time; ``ticking=True`` redraws it twice a
second for work that cannot report), :func:`scope` to prefix the labels
of the tasks started inside it (``with scope("audit ss=5"): ...``).
"""

from __future__ import annotations

import sys
from contextlib import contextmanager

_state = {"quiet": False, "force": False, "stream": None}
_scopes: list = []


def configure(quiet: bool = False, force: bool = False, stream=None) -> None:
    """Set the display: ``quiet`` draws nothing; ``force`` draws even when ``stream`` (default
    standard error) is not a terminal (tests)."""
    _state.update(quiet=bool(quiet), force=bool(force), stream=stream)


def set_quiet(quiet: bool) -> None:
    """Turn progress off (``--quiet``) or back on, keeping the other settings."""
    _state["quiet"] = bool(quiet)


def stream():
    return _state["stream"] or sys.stderr


def enabled() -> bool:
    """Whether progress is drawn now (not quiet, and a terminal or forced)."""
    if _state["quiet"]:
        return False
    if _state["force"] or in_notebook():
        return True
    try:
        return stream().isatty()
    except (AttributeError, ValueError):
        return False


def in_notebook() -> bool:
    """True inside a Jupyter kernel (standard error is then not a terminal, but tqdm.auto draws a
    widget or a text bar in the cell's output)."""
    ipython = sys.modules.get("IPython")
    if ipython is None or "ipykernel" not in sys.modules or _state["stream"] is not None:
        return False
    try:
        shell = ipython.get_ipython()
    except AttributeError:
        return False
    return shell is not None and type(shell).__name__ == "ZMQInteractiveShell"


@contextmanager
def scope(label: str):
    """Prefix the labels of tasks started inside the block with ``label``."""
    _scopes.append(label)
    try:
        yield
    finally:
        _scopes.pop()


def current_scope() -> str | None:
    """The innermost :func:`scope` label, or None."""
    return _scopes[-1] if _scopes else None


class Task:
    """One progress line. ``update(done, total=None)`` sets the absolute count; ``close()`` is
    idempotent; updates after closing are ignored. Inactive (does nothing) when not
    :func:`enabled` at creation."""

    def __init__(self, label: str, total: int | None = None, unit: str = " positions",
                 ticking: bool = False, active: bool = True):
        self.closed = False
        self.bar = None
        if not (active and enabled()):
            return
        full = ": ".join([s for s in _scopes if s != label] + [label])
        if in_notebook():   # a widget, or nothing: text bars there arrive as stderr blocks (issue 48.10)
            self.bar = _widget_bar(total, full, unit)
            return
        import shutil

        from tqdm import tqdm
        size = shutil.get_terminal_size((100, 24))  # 0 x 0 in some pseudo-terminals: tqdm then hides bars
        self.bar = tqdm(total=total, desc=full, unit=unit, file=stream(), leave=True,
                        ncols=min(size.columns, 120) if size.columns > 0 else 100,
                        nrows=size.lines if size.lines > 0 else 24,
                        mininterval=0.2, unit_scale=True, bar_format=_format(total))
        if ticking:  # redraw twice a second, so the elapsed time moves while nothing reports
            import threading
            self._stop = threading.Event()
            threading.Thread(target=self._tick, daemon=True).start()

    def _tick(self):
        while not self._stop.wait(0.5):
            bar = self.bar
            if self.closed or bar is None:
                return
            bar.refresh()

    def update(self, done: int, total: int | None = None) -> None:
        if self.bar is None or self.closed:
            return
        if total is not None and total != self.bar.total:
            self.bar.total = total
        self.bar.n = done
        self.bar.refresh()
        if self.bar.total is not None and done >= self.bar.total:
            self.close()

    def advance(self, n: int = 1) -> None:
        """Count ``n`` more done (tqdm's ``update``)."""
        if self.bar is not None and not self.closed:
            self.update(self.bar.n + n)

    def close(self) -> None:
        if self.bar is not None and not self.closed:
            self.closed = True
            if hasattr(self, "_stop"):
                self._stop.set()
            self.bar.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False


def _format(total) -> str:
    """tqdm's line: counts as whole numbers (``{n}/{total}``), the rate scaled (``unit_scale``:
    ``51.2M positions/s``, never ``51216684.62 positions/s``; issue 48.10)."""
    if total is None:
        return "{desc}: {n}{unit} received [{elapsed}]"
    return "{l_bar}{bar}| {n}/{total} [{elapsed}<{remaining}, {rate_fmt}{postfix}]"


def _widget_bar(total, desc: str, unit: str):
    """tqdm's notebook widget, or None when ipywidgets cannot be imported (the caller then draws
    nothing: a text bar would reach the notebook as a block of standard error). ipywidgets is imported first: without it tqdm's widget
    constructor fails half-way and the half-built bar raises again when collected (issue 36)."""
    try:
        import ipywidgets  # noqa: F401
        from tqdm.notebook import tqdm as widget
    except ImportError:
        return None
    try:
        return widget(total=total, desc=desc, unit=unit, leave=True, mininterval=0.2, unit_scale=True,
                      bar_format=_format(total))
    except Exception:  # noqa: BLE001 - an unusable widget front end: the text bar instead
        return None


def callback(label: str, unit: str = " positions"):
    """A ``progress(done, total)`` callable drawing one line for ``label``, or None when progress
    is not drawn (callers skip the work of reporting). The line closes when ``done >= total``."""
    if not enabled():
        return None
    task: dict = {}

    def report(done, total):
        t = task.get("t")
        if t is None:
            t = task["t"] = Task(label, total, unit)
        t.update(int(done), int(total))
    return report
