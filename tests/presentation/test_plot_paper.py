"""The P-position figure drawn for a paper (issue 36, item 11): every axis spans the box's own range
(read back from the matplotlib Axes), no panel is left empty and no stray "(×n: ...)" note is drawn,
at most six integer ticks per axis, fonts readable at a one-column text width, a title stating game,
parameters, box and count, vector output with embedded TrueType fonts.

Expected values: the boxes given in the tests; the P-positions from a plain recursion written here
over the rules of seed 003 Definition 4.3 (triangular: a cut of x or z clamps y to
floor((x + z) / k)) and over Nim with a subtraction heap {2} (Bouton plus the subtraction game's
Grundy values floor(z / 2) mod 2, Winning Ways ch. 4); pdf.fonttype 42 in the planted twin.
"""

from functools import lru_cache

import matplotlib
import pytest
from matplotlib.text import Text

from cgs_bridge.cli.main import main
from cgs_bridge.model.game import Ruleset
from cgs_bridge.model.loading import load_text
from cgs_bridge.presentation import plot
from cgs_bridge.presentation.plot_scatter import MAX_TICKS
from solvers import parse_bound, solve

BOX = {"x": 9, "y": 4, "z": 7}


def triangular_p_positions(k: int, ux: int, uy: int, uz: int) -> set:
    """P-positions of seed 003's triangular chocolate (Definition 4.3), by a plain recursion."""
    @lru_cache(maxsize=None)
    def grundy(x, y, z):
        opts = ({(t, min(y, (t + z) // k), z) for t in range(x)} | {(x, t, z) for t in range(y)}
                | {(x, min(y, (x + t) // k), t) for t in range(z)})
        vals = {grundy(*q) for q in opts}
        return next(m for m in range(len(vals) + 1) if m not in vals)
    return {(x, y, z) for x in range(ux + 1) for y in range(uy + 1) for z in range(uz + 1)
            if y <= (x + z) // k and grundy(x, y, z) == 0}


def triangular_figure(**kw):
    r = Ruleset(load_text(TRIANGULAR, "<test>"), {"k": "3"})
    return plot.p_positions_figure(solve(r, parse_bound("x=9,y=4,z=7", r.coords)), **kw)


TRIANGULAR = """game tri(k: int >= 1 = 3)
  coordinates x, y, z
  require y <= floor((x + z) / k)
  cut x to t: y = min(y, floor((t + z) / k))
  cut y to t
  cut z to t: y = min(y, floor((x + t) / k))
"""


def split_axes(fig):
    three = [ax for ax in fig.axes if ax.name == "3d"]
    return three, [ax for ax in fig.axes if ax.name != "3d"]


def test_every_axes_spans_the_box_and_no_panel_is_empty():
    fig = triangular_figure()
    three, flat = split_axes(fig)
    assert len(three) == 1 and len(flat) == 3  # the old note panel (an empty quadrant) is gone
    ax = three[0]
    assert [tuple(ax.get_xlim()), tuple(ax.get_ylim()), tuple(ax.get_zlim())] == [(0, 9), (0, 4), (0, 7)]
    assert [ax.get_xlabel(), ax.get_ylabel(), ax.get_zlabel()] == ["x", "y", "z"]
    for pa in flat:
        a, b = pa.get_xlabel(), pa.get_ylabel()
        assert tuple(pa.get_xlim()) == (-0.5, BOX[a] + 0.5) and tuple(pa.get_ylim()) == (-0.5, BOX[b] + 0.5)
        assert pa.collections and pa.collections[0].get_offsets().shape[0] > 0  # every panel holds points
    # the scatter is the recursion's P-positions
    (coll,) = ax.collections
    got = {tuple(int(v) for v in p) for p in zip(*coll._offsets3d)}
    assert got == triangular_p_positions(3, 9, 4, 7)


def test_no_stray_caption_and_the_title_states_game_parameters_box():
    fig = triangular_figure()
    texts = [t.get_text() for t in fig.findobj(Text)]
    assert not [t for t in texts if "×" in t or "n P-positions there" in t or "Each panel" in t]
    n = len(triangular_p_positions(3, 9, 4, 7))
    assert fig.get_suptitle() == f"tri(k=3) on x ≤ 9, y ≤ 4, z ≤ 7: {n} P-positions"
    # a given title replaces it
    assert triangular_figure(title="Figure 3").get_suptitle() == "Figure 3"


def visible_ticks(axis, lo, hi):
    return [t for t in axis.get_ticklocs() if lo <= t <= hi]


@pytest.mark.parametrize("bound", ["x=9,y=4,z=7", "20", "x=0,y=0,z=3", "x=60,y=2,z=1"])
def test_at_most_six_integer_ticks_per_axis_and_readable_sizes(bound):
    r = Ruleset(load_text(TRIANGULAR, "<test>"), {"k": "3"})
    box = parse_bound(bound, r.coords)
    fig = plot.p_positions_figure(solve(r, box))
    three, flat = split_axes(fig)
    axes = [(a, lim) for a, lim in zip((three[0].xaxis, three[0].yaxis, three[0].zaxis),
                                       (three[0].get_xlim(), three[0].get_ylim(), three[0].get_zlim()))]
    axes += [(a, lim) for pa in flat for a, lim in ((pa.xaxis, pa.get_xlim()), (pa.yaxis, pa.get_ylim()))]
    for axis, (lo, hi) in axes:
        ticks = visible_ticks(axis, lo, hi)
        assert 1 <= len(ticks) <= MAX_TICKS, (bound, ticks)
        assert all(float(t).is_integer() for t in ticks) and 0 in ticks
        assert len(ticks) >= 2 or hi - lo < 2  # a range of more than one value shows its span
        assert axis.label.get_fontsize() >= 8
        assert all(t.get_fontsize() >= 7 for t in axis.get_ticklabels())
    assert fig.get_figwidth() <= 6.5  # the text width of a one-column article: printed unscaled


def test_projection_labels_list_every_p_position_above_a_point():
    # Nim on x, y with a subtraction heap z (take exactly 2): P iff x xor y xor (z // 2 % 2) == 0,
    # so above (x, x) lie z = 0, 1, 4, 5 within z <= 5: one label "0,1,4,5", no count note.
    spec = "game nim2\n  coordinates x, y, z\n  cut x to t\n  cut y to t\n  cut z by s in {2}\n"
    r = Ruleset(load_text(spec, "<test>"), {})
    fig = plot.p_positions_figure(solve(r, parse_bound("x=3,y=3,z=5", r.coords)))
    (pa,) = [ax for ax in fig.axes if ax.name != "3d" and (ax.get_xlabel(), ax.get_ylabel()) == ("x", "y")]
    labels = {tuple(int(round(v)) for v in t.get_position()): t.get_text() for t in pa.texts}
    want = {(x, y): ",".join(str(z) for z in range(6) if x ^ y ^ (z // 2 % 2) == 0)
            for x in range(4) for y in range(4)}
    assert labels == {p: v for p, v in want.items() if v}
    assert labels[(0, 0)] == "0,1,4,5"


def test_pdf_embeds_truetype_fonts_and_svg_is_vector(tmp_path):
    fig = triangular_figure()
    pdf = plot.figure_bytes(fig, "pdf")
    assert pdf.startswith(b"%PDF") and b"/Type3" not in pdf and b"CIDFontType2" in pdf
    # the planted twin: matplotlib's default writes Type 3 fonts, which the check sees
    import io
    buf = io.BytesIO()
    with matplotlib.rc_context({"pdf.fonttype": 3}):
        fig.savefig(buf, format="pdf")
    assert b"/Type3" in buf.getvalue()
    out = tmp_path / "p.svg"
    assert main(["plot", "triangular", "-p", "k=3", "--bound", "6", "--kind", "p-positions", "-o", str(out)]) == 0
    svg = out.read_text()
    assert "<svg" in svg and 'id="p-positions"' in svg and "<image" not in svg
