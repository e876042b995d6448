"""Progress lines: one line per task (closed once, even when 100 % is reported twice), nothing
when the stream is not a terminal or with --quiet, elapsed time and lines received for engines."""

import io
import sys

import pytest

from cgs_bridge.cli.main import build_parser
from cgs_bridge.foundation import progress
from cgs_bridge.model import catalog
from cgs_bridge.model.game import Ruleset
from cgs_bridge.systems import engines
from solvers import parse_bound, solve


@pytest.fixture
def screen():
    buf = io.StringIO()
    progress.configure(force=True, stream=buf)
    yield buf
    progress.configure()


def lines(buf):
    """The finished lines of the display (tqdm redraws a line with \\r, ends it with \\n)."""
    return [ln.split("\r")[-1] for ln in buf.getvalue().split("\n")[:-1]]


def test_a_callback_closes_once_even_when_100_percent_comes_twice(screen):
    cb = progress.callback("solving")
    for done in (0, 50, 100, 100, 100):
        cb(done, 100)
    assert len(lines(screen)) == 1
    assert lines(screen)[0].startswith("solving: 100%") and "100/100" in lines(screen)[0]


# the reference solver on a box a tenth the size: the same one line, not a minute of solving (issue 36)
@pytest.mark.parametrize("method,bound", [("fast", "x=40,y=12,z=40"), ("reference", "x=16,y=6,z=16")])
def test_solving_draws_one_line(screen, method, bound):
    r = Ruleset(catalog.load("triangular"), {"k": "3"})
    solve(r, parse_bound(bound, r.coords), method=method, progress=progress.callback("solving"))
    (line,) = lines(screen)
    assert line.startswith("solving: 100%")


def test_claim_checking_draws_one_line(screen, capsys):
    from cgs_bridge.cli.main import main
    assert main(["check", "rectangular", "--bound", "12"]) == 0
    out = capsys.readouterr().out
    assert out.count("holds on all 2197 positions") == 2  # seed 003 Theorems 3.1 and 2.1 (Nim)
    assert [ln.split(":")[0] for ln in lines(screen)] == ["solving", "checking claims"]
    assert lines(screen)[1].startswith("checking claims: 100%") and "2/2" in lines(screen)[1]


def test_nothing_when_quiet_or_not_a_terminal():
    buf = io.StringIO()
    progress.configure(quiet=True, force=True, stream=buf)
    assert progress.callback("solving") is None
    with progress.Task("x", 10) as t:
        t.update(10)
    progress.configure(stream=buf)  # a StringIO is not a terminal
    assert not progress.enabled() and progress.callback("solving") is None
    progress.configure()
    assert buf.getvalue() == ""


def test_engine_run_shows_elapsed_and_lines_received(screen, tmp_path):
    script = "for i in 1 2 3; do echo row$i; sleep 0.6; done; echo done >&2"
    with progress.scope("cgsuite"):
        res = engines.run(["sh", "-c", script], tmp_path, timeout=30, memory=None)
    assert res.returncode == 0 and res.stdout == "row1\nrow2\nrow3\n" and res.stderr == "done\n"
    (line,) = lines(screen)
    assert line.startswith("cgsuite: 3 lines received") and "00:0" in line  # elapsed mm:ss


def test_engine_time_out_and_stdin_while_watched(screen, tmp_path):
    res = engines.run(["sh", "-c", "cat; sleep 20"], tmp_path, timeout=1.5, memory=None, stdin="a\nb\n")
    assert res.timed_out and res.returncode is None and res.stdout == "a\nb\n"
    assert 1.4 < res.seconds < 10
    assert len(lines(screen)) == 1


def test_every_command_takes_quiet():
    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    assert sub.choices and all("--quiet" in p._option_string_actions for p in sub.choices.values())
    assert parser.parse_args(["solve", "nim", "--bound", "2", "--quiet"]).quiet is True


def test_default_is_stderr_tty_only():
    progress.configure()
    assert progress.enabled() == sys.stderr.isatty()


def test_quiet_silences_a_terminal(screen, capsys):
    from cgs_bridge.cli.main import main
    assert main(["check", "rectangular", "--bound", "6", "--quiet"]) == 0
    assert screen.getvalue() == ""
    assert main(["solve", "rectangular", "--bound", "6"]) == 0  # and the next run draws again
    assert [ln.split(":")[0] for ln in lines(screen)] == ["solving"]


def test_advance_counts_and_closes_at_the_total(screen):
    with progress.Task("sweep", 3, unit=" cells") as t:
        for _ in range(5):
            t.advance()
    (line,) = lines(screen)
    assert line.startswith("sweep: 100%") and "3/3" in line


def test_a_notebook_without_ipywidgets_gets_no_bar_and_no_traceback(monkeypatch, capsys):
    """Issue 36: tqdm's widget bar fails half-built without ipywidgets and its ``__del__`` then
    raised ``AttributeError: ... 'disp'`` in every cell. Issue 48.10: a text bar instead reaches
    the notebook as a block of standard error in every cell; so no bar at all."""
    import gc
    monkeypatch.setitem(sys.modules, "ipywidgets", None)  # ``import ipywidgets`` raises ImportError
    monkeypatch.setattr(progress, "in_notebook", lambda: True)
    unraisable = []
    monkeypatch.setattr(sys, "unraisablehook", unraisable.append)
    progress.configure(force=True)
    try:
        with progress.Task("solving", 10) as t:
            t.update(10)
        gc.collect()
    finally:
        progress.configure()
    err = capsys.readouterr().err
    assert not unraisable, [str(u.exc_value) for u in unraisable]
    assert "Traceback" not in err and "solving" not in err and err == ""
