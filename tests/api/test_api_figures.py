"""Figures and notebook displays from the Python API: ``Solved.plot``, ``_repr_html_`` of solved
boxes, comparisons and sweeps. Expected values: Bouton's theorem (Nim), seed 003 Example 8.7's
printed P-positions and Theorem 7.3, a real CGSuite transcript with one value changed."""


import pytest

import cgs_bridge as cb
from cgs_bridge.foundation.errors import CgsBridgeError

import paths

DATA = paths.DATA


def cell_texts(fig):
    ax = fig.axes[0]
    return {tuple(int(v) for v in t.get_gid()[5:].split(",")): t.get_text()
            for t in ax.texts if (t.get_gid() or "").startswith("cell ")}


def test_solved_plot_grid_slice_as_text_or_dict():
    s = cb.game("rectangular").solve(bound={"x": 4, "y": 5, "z": 6})
    for sl in ("z=5", {"z": 5}):
        got = cell_texts(s.plot("grid", slice=sl))
        assert got == {(x, y): str(x ^ y ^ 5) for x in range(5) for y in range(6)}
    with pytest.raises(CgsBridgeError, match="not a coordinate"):
        s.plot("grid", slice="w=1")
    with pytest.raises(CgsBridgeError, match="needs 2 free coordinates"):
        s.plot("grid")


def test_solved_plot_p_positions_is_seed003_example_8_7():
    text = (DATA / "seed003_ex87_ppositions.txt").read_text().split("\n", 2)[2]
    printed = {tuple(int(v) for v in t.split(",")) for t in text.replace(" ", "").replace("\n", "")
               .strip("{}").strip("()").split("),(")}
    fig = cb.game("triangular", k=2).solve(bound=10).plot("p-positions")
    (coll,) = fig.axes[0].collections
    assert {tuple(int(v) for v in p) for p in zip(*coll._offsets3d)} == printed


def test_notebook_displays(tmp_path):
    small = cb.game("two_inequalities").solve(bound=6)._repr_html_()
    assert "<p>Solved(two_inequalities" in small and small.count("<table") == 1 and 'class="p"' in small
    big = cb.game("triangular").solve(bound=4)._repr_html_()  # 3-D: one grid per value of x
    assert big.count("<table") == 5 and "x = 4" in big
    lines = (DATA / "cgsuite" / "tri_list.out").read_text().splitlines()
    k = next(i for i, ln in enumerate(lines) if ln.startswith("[2,1,6,"))
    lines[k] = "[2,1,6,99]"
    (tmp_path / "t.out").write_text("\n".join(lines) + "\n")
    s = cb.game("triangular", k=3).solve(bound={"x": 6, "y": 4, "z": 6})
    c = cb.compare(cb.game("triangular", k=3), bound={"x": 6, "y": 4, "z": 6}, sources={"cgsuite": tmp_path / "t.out"})
    assert "VERDICT: DIFFERENCES FOUND" in c._repr_html_() and "DIFFERS: 1 value" in c._repr_html_()
    fig = s.plot("diff", differences=c)
    (value,) = [col for col in fig.axes[0].collections if col.get_gid() == "diff value"]
    assert [tuple(int(v) for v in p) for p in zip(*value._offsets3d)] == [(2, 1, 6)]


def test_sweep_result_plot_and_display():
    t = cb.sweep("triangular", {"k": "1..9:2"}, bound=8, workers=0)
    theorem = [i for i, name in enumerate(t.claims, 1) if name.startswith("Theorem 7.3")][0]
    applies = t.frame[t.frame[f"claim{theorem}_status"] != "not applicable"].k.tolist()
    assert applies == [3, 7]  # seed 003 Theorem 7.3: k = 4m + 3
    fig = t.plot(["k"])
    assert t.holds and not fig.axes[0].containers  # every claim holds: no (empty) bar chart, statuses
    marks = {c.get_gid() for c in fig.axes[0].collections}
    for k in (3, 7):
        assert any(m.startswith("status Theorem 7.3") and m.endswith(f" {k} holds") for m in marks)
    for k in (1, 5, 9):
        assert any(m.startswith("status Theorem 7.3") and m.endswith(f" {k} not applicable") for m in marks)
    counts = {line.get_gid(): list(line.get_ydata()) for line in fig.axes[1].lines}
    assert counts["counts p_positions x=8,y=8,z=8"] == t.frame.sort_values("k").p_positions.tolist()
    html = t._repr_html_()
    assert ("every claim holds" in html) == t.holds and "<svg" not in html
