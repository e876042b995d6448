"""Streamed output (solvers.output: CSV chunks, Parquet row groups), the kernel cache command and
solve's error classes. Expected tables come from Solution.to_csv_text / to_frame (np.argwhere
over the whole array: an independent path from the chunked writer)."""

from __future__ import annotations

import pandas as pd
import pytest

from cgs_bridge.cli.main import main
from cgs_bridge.foundation.errors import BoxError, CgsBridgeError, InputError
from cgs_bridge.model import catalog
from cgs_bridge.model.game import Ruleset
from solvers import Box, output, parse_bound, solve


def _sol(name="triangular", bound="9", misere=True, **params):
    r = Ruleset(catalog.load(name), params)
    return solve(r, parse_bound(bound, r.coords), misere=misere, method="reference")


@pytest.mark.parametrize("misere", [False, True])
def test_chunked_csv_equals_the_whole_table(tmp_path, monkeypatch, misere):
    sol = _sol(misere=misere)
    monkeypatch.setattr(output, "CHUNK_POINTS", 37)  # many chunks, some without a valid point
    tables = list(output.chunks(sol))
    assert len(tables) == -(-sol.box.size // 37) and all(len(t) <= 37 for t in tables)
    path = sol.write(tmp_path / "t.csv")
    assert path.read_text() == sol.to_csv_text()


@pytest.mark.parametrize("name, bound", [("nim", "30"), ("hexagon", "2"), ("step", "y=3,z=120")])
def test_chunked_csv_of_other_shapes(tmp_path, monkeypatch, name, bound):
    sol = _sol(name, bound, misere=True)
    monkeypatch.setattr(output, "CHUNK_POINTS", 29)
    assert sol.write(tmp_path / "t.csv").read_text() == sol.to_csv_text()


def test_parquet_row_groups_equal_the_frame(tmp_path, monkeypatch):
    import pyarrow.parquet as pq
    sol = _sol("hexagon", "2", misere=True)
    monkeypatch.setattr(output, "CHUNK_POINTS", 100)
    sol.write(tmp_path / "h.parquet")
    f = pq.ParquetFile(tmp_path / "h.parquet")
    assert f.metadata.num_row_groups == -(-sol.box.size // 100)
    pd.testing.assert_frame_equal(pd.read_parquet(tmp_path / "h.parquet"), sol.to_frame().astype("int64"))


def test_output_never_overwrites_unasked_and_leaves_no_temporary(tmp_path):
    sol = _sol()
    target = tmp_path / "t.parquet"
    target.write_text("notes")
    with pytest.raises(InputError, match="exists"):
        sol.write(target)
    assert target.read_text() == "notes"
    sol.write(target, overwrite=True)
    sol.write(target)  # same content: left alone, no error
    assert [p.name for p in tmp_path.iterdir()] == ["t.parquet"]


def test_chunk_bytes_is_bounded_by_the_chunk_not_the_box():
    small, big = Box(("x", "y", "z"), (9, 9, 9)), Box(("x", "y", "z"), (400, 400, 400))
    assert output.chunk_bytes(small) < output.chunk_bytes(big) <= output.CHUNK_POINTS * 200
    assert output.chunk_bytes(big, misere=True) > output.chunk_bytes(big)


def test_cli_solve_writes_parquet(tmp_path, capsys):
    target = tmp_path / "s.parquet"
    assert main(["solve", "step", "--bound", "y=3,z=7", "-o", str(target)]) == 0
    frame = pd.read_parquet(target)
    assert list(frame.columns) == ["y", "z", "grundy"]
    # seed 001 Theorem 3.2: f(t) = floor(t/2) satisfies condition (a), so grundy = y xor z.
    assert (frame.grundy == frame.y ^ frame.z).all()


def test_cache_info_and_clear_touch_only_our_files(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("CGS_BRIDGE_KERNEL_CACHE", str(tmp_path))
    (tmp_path / "mine.txt").write_text("keep")
    from solvers import kernel
    kernel.forget()
    r = Ruleset(catalog.load("nim"))
    solve(r, parse_bound("5", r.coords), method="fast").check_claims(method="compiled")  # a small box: "auto" would not compile
    assert main(["cache", "info"]) == 0
    out = capsys.readouterr().out
    assert str(tmp_path) in out and "CGS_BRIDGE_KERNEL_CACHE" in out and "2 generated modules" in out
    assert main(["cache", "clear"]) == 0
    assert main(["cache", "info"]) == 0
    assert "0 generated modules, 0 files" in capsys.readouterr().out
    assert (tmp_path / "mine.txt").read_text() == "keep"


def test_solve_raises_project_errors():
    r = Ruleset(catalog.load("nim"))
    with pytest.raises(BoxError):
        solve(r, Box(("y",), (3,)))
    with pytest.raises(CgsBridgeError, match="unknown solver method"):
        solve(r, parse_bound("3", r.coords), method="magic")
