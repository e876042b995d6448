"""Figures, tested by their data: which cell holds which text in which colour, which points are
plotted. Expected values come from the seeds (seed 000 Example 7.1's program transliterated here,
seed 003 Example 8.7's printed P-positions), Bouton's theorem for Nim, and real CGSuite transcripts."""

from functools import lru_cache

import numpy as np
import pandas as pd
import pytest
from matplotlib.colors import to_rgb

from cgs_bridge.cli.main import main
from cgs_bridge.jobs.compare import Comparison, compare_table
from cgs_bridge.model import catalog
from cgs_bridge.model.game import Ruleset
from cgs_bridge.model.loading import load_game
from cgs_bridge.presentation import plot
from cgs_bridge.presentation.plot_input import load_differences
from cgs_bridge.presentation.plot_sweep import failure_matrix, sweep_figure, to_long
from cgs_bridge.systems.cgsuite.reader import parse_transcript
from solvers import parse_bound, solve

import paths

DATA = paths.DATA


def solved(game, bound, **params):
    r = Ruleset(catalog.load(game), {k: str(v) for k, v in params.items()})
    return solve(r, parse_bound(bound, r.coords))


def cells(fig):
    """{(r, c): (text, rgb)} of every table cell drawn."""
    ax = fig.axes[0]
    face = {p.get_gid()[5:]: tuple(round(v, 3) for v in p.get_facecolor()[:3])
            for p in ax.patches if (p.get_gid() or "").startswith("cell ")}
    text = {t.get_gid()[5:]: t.get_text() for t in ax.texts if (t.get_gid() or "").startswith("cell ")}
    return {tuple(int(v) for v in k.split(",")): (text.get(k, ""), rgb) for k, rgb in face.items()}


# ---------------------------------------------------------------- seed 000, Example 7.1 (Fig 7.9)
def seed000_ex71(ss):
    """The published program of seed 000 Example 7.1, transliterated: res, res2, inverseres2,
    allcases, move, Mex, Gr (independent of the spec language and the solvers)."""
    def res(x):
        return 2 * (x // 2) + 1

    def res2(x):
        return max(2 * (x // 2) - 2, 0)

    def inverseres2(x):
        return max(m for m in range(31) if res2(m) <= x)
    allcases = [(a, b) for a in range(ss + 1) for b in range(ss + 1) if res(a) >= b >= res2(a)]

    def move(p):
        return ({(t1, min(res(t1), p[1])) for t1 in range(p[0])}
                | {(min(inverseres2(p[0]), t2), t2) for t2 in range(p[1])})

    @lru_cache(maxsize=None)
    def gr(p):
        vals = {gr(q) for q in move(p)}
        return min(set(range(len(vals) + 1)) - vals)
    return {p: gr(p) for p in allcases}


def is_colour(rgb, name):
    r, g, b = rgb
    if name == "white":
        return min(rgb) > 0.97
    if name == "red":
        return r > 0.8 and r > g + 0.3 and r > b + 0.3
    if name == "blue":
        return b > 0.8 and b > r + 0.3 and b > g + 0.2
    if name == "light grey":
        return abs(r - g) < 0.01 and abs(g - b) < 0.01 and 0.8 < r < 0.95
    raise ValueError(name)


def test_grid_is_seed000_figure_7_10():
    # The figure of the program as printed: its moves are those of the as-printed spec used by the
    # audit tests (the catalog game derives the moves from the inequalities; README, audit section).
    ss = 22
    published = seed000_ex71(ss)
    r = Ruleset(load_game(str(DATA / "audit" / "two_inequalities_res_as_printed.game")), {})
    fig = plot.grid_figure(solve(r, parse_bound(ss, r.coords)), mod=3)
    got = cells(fig)
    assert len(got) == (ss + 1) ** 2
    colour = {0: "white", 1: "red", 2: "blue"}  # seed 000 text under Figure 7.9
    for (a, b), (text, rgb) in got.items():
        if (a, b) in published:
            assert text == str(published[(a, b)]), (a, b)
            assert is_colour(rgb, colour[published[(a, b)] % 3]), ((a, b), rgb)
        else:
            assert text == "" and is_colour(rgb, "light grey"), (a, b)
    headers = {p.get_gid() for p in fig.axes[0].patches if (p.get_gid() or "").startswith("header")}
    assert {"header a=0", f"header a={ss}", "header b=0", f"header b={ss}"} <= headers


def test_grid_without_mod_is_white_and_slices_a_3d_game():
    # Nim (seed 003 Theorem 3.1 / Bouton): the slice z = 5 holds x xor y xor 5 everywhere.
    fig = plot.grid_figure(solved("rectangular", "x=7,y=6,z=9"), {2: 5})
    got = cells(fig)
    assert set(got) == {(x, y) for x in range(8) for y in range(7)}
    assert all(text == str(x ^ y ^ 5) and is_colour(rgb, "white") for (x, y), (text, rgb) in got.items())


def test_p_positions_3d_are_seed003_example_8_7():
    text = (DATA / "seed003_ex87_ppositions.txt").read_text().split("\n", 2)[2]
    printed = {tuple(int(v) for v in t.split(",")) for t in text.replace(" ", "").replace("\n", "")
               .strip("{}").strip("()").split("),(")}
    fig = plot.p_positions_figure(solved("triangular", 10, k=2))
    (coll,) = [c for c in fig.axes[0].collections if c.get_gid() == "p-positions"]
    xs, ys, zs = (np.asarray(v) for v in coll._offsets3d)
    assert {(int(x), int(y), int(z)) for x, y, z in zip(xs, ys, zs)} == printed
    assert len(xs) == 53
    assert [fig.axes[0].get_xlabel(), fig.axes[0].get_ylabel(), fig.axes[0].get_zlabel()] == ["x", "y", "z"]


def test_p_positions_2d_marks_nim_p_positions():
    # slice z = 3 of Nim: P iff x xor y == 3 (Bouton).
    got = cells(plot.p_positions_figure(solved("rectangular", 6), {2: 3}))
    marked = {p for p, (text, rgb) in got.items() if text == "P"}
    assert marked == {(x, y) for x in range(7) for y in range(7) if x ^ y == 3}
    assert all(max(rgb) < 0.3 for p, (t, rgb) in got.items() if p in marked)
    assert all(is_colour(rgb, "white") for p, (t, rgb) in got.items() if p not in marked)


def mutated_comparison(tmp_path):
    """tri_list.out (real CGSuite 2.2 output) with one value changed and one row dropped."""
    lines = (DATA / "cgsuite" / "tri_list.out").read_text().splitlines()
    rows = [i for i, ln in enumerate(lines) if ln.startswith("[")]
    target = rows[40]
    x, y, z, g = (int(v) for v in lines[target].strip("[]").split(","))
    lines[target] = f"[{x},{y},{z},{g + 7}]"
    dropped = lines.pop(rows[41])
    dx, dy, dz, dg = (int(v) for v in dropped.strip("[]").split(","))
    sol = solved("triangular", "x=6,y=4,z=6", k=3)
    t = parse_transcript("\n".join(lines) + "\n", 3, "tri_mut.out")
    comp = Comparison(sol.ruleset.describe(), str(sol.box), len(sol))
    comp.sides.append(compare_table(sol, t, "cgsuite", "tri_mut.out"))
    return sol, comp, ((x, y, z), g, g + 7), ((dx, dy, dz), dg)


def test_diff_grid_highlights_by_kind(tmp_path):
    sol, comp, (pos, g, bad), (mpos, mg) = mutated_comparison(tmp_path)
    diffs = comp.sides[0].differences
    fig = plot.diff_figure(sol, diffs, {1: pos[1]})
    got = cells(fig)
    text, rgb = got[(pos[0], pos[2])]
    assert text == f"{g}/{bad}" and np.allclose(rgb, to_rgb(plot.KIND_COLOURS["value"]), atol=2e-3)
    if mpos[1] == pos[1]:
        assert np.allclose(got[(mpos[0], mpos[2])][1], to_rgb(plot.KIND_COLOURS["missing"]), atol=2e-3)
    same = [p for p, (t, c) in got.items() if p != (pos[0], pos[2]) and p != (mpos[0], mpos[2])]
    for p in same:  # every other cell: python's value, or empty where there is no position
        g0 = int(sol.grundy[p[0], pos[1], p[1]])
        assert got[p][0] == (str(g0) if g0 >= 0 else "")
    # the same differences read back from the files verify/compare write
    comp.write(tmp_path, sol)
    for name in ("comparison.json", "comparison.csv"):
        back = load_differences(tmp_path / name)
        assert {(d["kind"], d["position"]) for d in back} == {("value", pos), ("missing", mpos)}


def test_diff_3d_scatter_by_kind(tmp_path):
    sol, comp, (pos, g, bad), (mpos, mg) = mutated_comparison(tmp_path)
    fig = plot.diff_figure(sol, comp)
    pts = {c.get_gid(): {tuple(int(v) for v in p) for p in zip(*c._offsets3d)} for c in fig.axes[0].collections}
    assert pts == {"diff value": {pos}, "diff missing": {mpos}}


def test_sweep_heatmap_and_bars_show_the_table():
    rows = []
    for k in range(1, 5):
        for n in (4, 6):
            rows.append({"k": k, "bound": n, "claim": "A", "status": "fails" if k == 2 else "holds",
                         "failures": 3 * n if k == 2 else 0})
            rows.append({"k": k, "bound": n, "claim": "B", "status": "fails" if n == 6 else "holds",
                         "failures": k if n == 6 else 0})
    frame = pd.DataFrame(rows)
    long, params = to_long(frame, ["k", "bound"])
    m, xs, ys = failure_matrix(long, "k", "bound")
    assert xs == [1, 2, 3, 4] and ys == [4, 6]
    assert m.tolist() == [[0, 12, 0, 0], [1, 20, 3, 4]]
    fig = sweep_figure(frame, ["k", "bound"])
    (im,) = [i for i in fig.axes[0].images if i.get_gid() == "sweep heatmap"]
    assert np.asarray(im.get_array()).tolist() == m.tolist()
    wide = pd.DataFrame({"k": [1, 2, 3], "A.failures": [0, 5, 0], "B.status": ["holds", "fails", "fails"]})
    fig = sweep_figure(wide)
    heights = {c.get_label(): [int(b.get_height()) for b in c] for c in fig.axes[0].containers}
    assert heights == {"A": [0, 5, 0], "B": [0, 1, 1]}


def test_cli_grid_png_and_svg(tmp_path):
    png, svg = tmp_path / "g.png", tmp_path / "g.svg"
    assert main(["plot", "two_inequalities_res", "--bound", "8", "--mod", "3", "-o", str(png)]) == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert main(["plot", "triangular", "--bound", "4", "--slice", "y=1", "-o", str(svg)]) == 0
    text = svg.read_text()
    assert 'id="cell 4,4"' in text and "<svg" in text
    assert main(["plot", "triangular", "--bound", "4", "--slice", "y=1", "-o", str(svg)]) == 2  # exists


@pytest.mark.parametrize("argv, message", [
    (["triangular", "--bound", "4", "--slice", "w=1"], "not a coordinate"),
    (["triangular", "--bound", "4", "--slice", "y=5"], "outside the box"),
    (["triangular", "--bound", "4"], "fix 1 of them with --slice"),
    (["hexagon", "--bound", "2", "--kind", "p-positions"], "6 are free"),
    (["triangular", "--bound", "4", "--slice", "y=1", "--kind", "diff"], "needs --comparison"),
    (["triangular", "--bound", "4", "--kind", "p-positions", "--mod", "3"], "--mod applies"),
])
def test_cli_bad_input_exit_2_no_file(tmp_path, capsys, argv, message):
    out = tmp_path / "f.png"
    assert main(["plot"] + argv + ["-o", str(out)]) == 2
    assert message in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_cli_missing_folder_and_bad_suffix(tmp_path, capsys):
    assert main(["plot", "triangular", "--bound", "3", "--slice", "y=0", "-o", str(tmp_path / "no" / "f.png")]) == 2
    assert "does not exist" in capsys.readouterr().err
    assert main(["plot", "triangular", "--bound", "3", "--slice", "y=0", "-o", str(tmp_path / "f.jpg")]) == 2
    assert ".png, .svg or .pdf" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_sweep_table_of_the_sweep_command():
    # the columns of `cgs-bridge sweep` (issue 12b): parameters, bound, cell status, claim{i},
    # claim{i}_status, claim{i}_failures; a cell that did not run is drawn as an error (NaN).
    frame = pd.DataFrame({
        "spec_hash": "h", "version": "0.1.0", "game": "triangular", "cell": [f"k={k}" for k in (1, 3, 5, 7)] * 2,
        "k": [1, 3, 5, 7] * 2, "bound": ["10"] * 4 + ["20"] * 4,
        "status": ["ok"] * 7 + ["failed"], "error": [""] * 7 + ["worker died twice"],
        "claim1": ["T"] * 7 + [None], "claim1_status": ["fails", "holds", "fails", "holds"] * 2,
        "claim1_failures": [4, 0, 6, 0, 9, 0, 11, None], "seconds": 0.1, "worker": "0"})
    long, params = to_long(frame)
    assert params == ["k", "bound"]
    m, xs, ys = failure_matrix(long, "k", "bound")
    assert xs == [1, 3, 5, 7] and ys == ["10", "20"]
    assert m[0].tolist() == [4, 0, 6, 0] and m[1, :3].tolist() == [9, 0, 11] and np.isnan(m[1, 3])
    fig = sweep_figure(frame, ["k"])
    (bars,) = fig.axes[0].containers
    assert bars.get_label() == "T" and [int(b.get_height()) for b in bars] == [13, 0, 17, 0]


def test_cli_diff_from_a_compare_run_folder(tmp_path):
    sol, comp, (pos, g, bad), (mpos, mg) = mutated_comparison(tmp_path)
    lines = (DATA / "cgsuite" / "tri_list.out").read_text().splitlines()
    mutated = [f"[{pos[0]},{pos[1]},{pos[2]},{bad}]" if ln == f"[{pos[0]},{pos[1]},{pos[2]},{g}]" else ln
               for ln in lines if ln != f"[{mpos[0]},{mpos[1]},{mpos[2]},{mg}]"]
    (tmp_path / "t.out").write_text("\n".join(mutated) + "\n")
    run = tmp_path / "run"
    run.mkdir()
    assert main(["compare", "triangular", "-p", "k=3", "--bound", "x=6,y=4,z=6", "--cgsuite",
                 str(tmp_path / "t.out"), "-o", str(run)]) == 1
    out = tmp_path / "d.svg"
    # the box comes from comparison.json; the slice goes through the differing position
    assert main(["plot", "triangular", "-p", "k=3", "--kind", "diff", "--comparison", str(run),
                 "--slice", f"y={pos[1]}", "-o", str(out)]) == 0
    svg = out.read_text()
    assert f'id="cell {pos[0]},{pos[2]}"' in svg and 'id="cell 6,6"' in svg and 'id="cell 7,' not in svg
    group = svg[svg.index(f'id="cell {pos[0]},{pos[2]}"'):]
    assert f"fill: {plot.KIND_COLOURS['value']}" in group[:group.index("</g>")]
