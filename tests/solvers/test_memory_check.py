"""The memory check counts what a command holds, output included (issue 10). Expected facts:
``solve triangular --bound 1258`` needs 1259^3 = 1,995,616,979 int32 Grundy values alone (7.4 GiB)
plus its CSV (the issue measured it killed at 24 GB); ``--bound 400 -o FILE`` peaked at 3.0 GB
(issue 10's measurement, before output was streamed)."""

import re

import pytest

from cgs_bridge.cli.main import main
from cgs_bridge.model import catalog
from cgs_bridge.model.game import Ruleset
from solvers.box import Box, command_bytes, estimate_bytes


def test_bound_1258_is_refused_with_the_largest_bound_that_fits(capsys, monkeypatch):
    monkeypatch.setenv("CGS_BRIDGE_MAX_MEMORY", str(4 << 30))  # the int32 values alone need 7.4 GiB
    assert main(["solve", "triangular", "--bound", "1258"]) == 2
    err = capsys.readouterr().err
    assert "1,995,616,979 points" in err and "with streamed output" in err
    largest = int(re.search(r"largest bound that fits .* is (\d+)", err).group(1))
    box = lambda b: Box(("x", "y", "z"), (b, b, b))  # noqa: E731
    tri = Ruleset(catalog.load("triangular"), {})
    assert (command_bytes(box(largest), output="stream", ruleset=tri) <= 4 << 30
            < command_bytes(box(largest + 1), output="stream", ruleset=tri))
    assert largest < 1258


def test_bound_400_with_output_is_refused_when_only_the_arrays_would_fit(capsys, monkeypatch, tmp_path):
    """The kernel's arrays alone are 270 MiB at bound 400 (README benchmark table); the command
    also holds the runtime and an output chunk, so a 300 MiB budget must refuse it."""
    monkeypatch.setenv("CGS_BRIDGE_MAX_MEMORY", str(300 << 20))
    out = tmp_path / "t.csv"
    assert main(["solve", "triangular", "--bound", "400", "-o", str(out)]) == 2
    assert "needs about" in capsys.readouterr().err and not out.exists()


def test_output_is_counted_beyond_the_arrays():
    box = Box(("x", "y", "z"), (400, 400, 400))
    arrays = estimate_bytes(box)
    # 64,481,201 points: the CSV alone (at least 12 bytes a row) exceeds the kernel's arrays
    assert command_bytes(box, output="csv") > arrays + 64_481_201 * 12
    assert command_bytes(box, output="stream") < command_bytes(box, output="csv")


def test_a_yardstick_that_never_ends_is_stopped(tmp_path):
    from cgs_bridge.jobs.bench import kernel as bench
    never = tmp_path / "limit_tri"
    never.write_text("#!/bin/sh\nexec sleep 1000\n")
    never.chmod(0o755)
    with pytest.raises(bench.YardstickError, match="time limit of 1 s"):
        bench.run_yardstick(never, 3, 20, timeout=1)


def test_check_of_the_issue_24_box_is_accepted_and_close_to_its_measured_peak():
    """Issue 24: ``check triangular -p k=5 --bound x=1400,y=560,z=1400`` (1.1e9 points) was
    refused as needing 54.8 GiB with 22.2 GiB available, and ran in 5.3 GB with int32 values.
    Now its values are int16 (at most 3,360 = the sum of the bounds), the claims never list the
    positions, and the P-positions are at most one per y-line (y has no move rule)."""
    box = Box(("x", "y", "z"), (1400, 560, 1400))
    tri = Ruleset(catalog.load("triangular"), {"k": "5"})
    need = command_bytes(box, output="check", ruleset=tri)
    assert need < 22.2 * 2**30
    assert need > 1_101_131_361 * 2  # at least the int16 values themselves


@pytest.mark.parametrize("name", catalog.names())
def test_value_and_p_position_bounds_hold_on_every_catalog_game(name):
    """The bounds the estimate rests on, against the reference solver: every value fits the
    Grundy type (at most the sum of the bounds), and the P-positions are at most one per line
    along a plain cut (two on one line: the higher would have the lower as an option)."""
    import numpy as np

    from solvers import parse_bound, solve
    from solvers.box import grundy_dtype, max_p_positions
    r = Ruleset(catalog.load(name), {})
    box = parse_bound(catalog.boxes(name, "generated")[0][1], r.coords)
    sol = solve(r, box, method="reference")
    if getattr(r.takebreak, "spawn", False):   # issue 47: a heap n has up to n(n+1)/2 options (pairs
        N = int(box.upper[0])                   # a <= b < n), Mock Turtles' heap 20 is 38; stored int32
        assert sol.grundy.dtype == np.int32 and sol.grundy.max() <= N * (N + 1) // 2
        return
    assert sol.grundy.max() <= np.iinfo(grundy_dtype(box)).max
    assert sol.grundy.max() <= sum(box.upper)
    assert int((sol.grundy == 0).sum()) <= max_p_positions(box, r)


def test_a_box_above_the_points_ceiling_is_refused_naming_the_ceiling(capsys, monkeypatch):
    """With memory to spare, a box of 1721^2 * 689 = 2,040,708,449 points (> 2 x 10^9) is refused
    for the ceiling, and the message says so (it read as if 6.4 GiB did not fit in 23 GiB)."""
    monkeypatch.setenv("CGS_BRIDGE_MAX_MEMORY", str(64 << 30))
    assert main(["check", "triangular", "-p", "k=5", "--bound", "x=1720,y=688,z=1720"]) == 2
    err = capsys.readouterr().err
    assert "2,040,708,449 points, more than the 2,000,000,000 one box may have" in err
    largest = int(re.search(r"largest bound that fits .* is (\d+)", err).group(1))
    assert (largest + 1) ** 2 * 689 <= 2_000_000_000 < (largest + 2) ** 2 * 689
