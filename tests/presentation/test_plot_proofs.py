"""The figure of a proof sweep (issue 33, item 6): each square's colour is its verdict.

Expected verdicts: seed 003 Theorem 7.3 (x xor y xor z = 0 is exactly the P-positions for k = 3
mod 4: PROVED at k = 3) and, at k = 5, a position where that set and a plain mex recursion
written here disagree (so the claim is false there: REFUTED)."""

from __future__ import annotations

from functools import lru_cache

from matplotlib.colors import to_hex
from matplotlib.patches import Rectangle

from cgs_bridge.jobs.prove_sweep import prove_sweep
from cgs_bridge.presentation.plot_proofs import VERDICT_COLOURS, proof_sweep_figure


def _false_somewhere_at(k: int) -> bool:
    @lru_cache(maxsize=None)
    def g(x, y, z):
        opts = {g(t, min(y, (t + z) // k), z) for t in range(x)} | {g(x, t, z) for t in range(y)}
        opts |= {g(x, min(y, (x + t) // k), t) for t in range(z)}
        return next(m for m in range(len(opts) + 1) if m not in opts)
    return any((g(x, y, z) == 0) != (x ^ y ^ z == 0) for x in range(12) for z in range(12)
               for y in range((x + z) // k + 1))


def test_each_square_has_its_verdicts_colour():
    res = prove_sweep("triangular", {"k": "3..5"}, claims=["P iff x xor y xor z == 0"],
                      provers=("embedded",), workers=0)
    verdicts = list(res.frame["claim3_verdict"])   # after the game's two claims (--claim adds)
    assert verdicts[0] == "PROVED"                                   # seed 003 Theorem 7.3, k = 3
    assert _false_somewhere_at(5) and verdicts[2] == "REFUTED"       # the recursion's difference
    ax = proof_sweep_figure(res).axes[0]
    squares = sorted((p for p in ax.patches if isinstance(p, Rectangle) and abs(p.get_y() - 1.6) < 1e-9),
                     key=lambda p: p.get_x())
    assert [to_hex(p.get_facecolor()) for p in squares] == [VERDICT_COLOURS[v] for v in verdicts]
    assert [t.get_text() for t in ax.get_xticklabels()] == ["k=3", "k=4", "k=5"]


def test_cli_plot_needs_a_sweep_and_never_overwrites(tmp_path):
    import subprocess
    import sys
    run = lambda *a: subprocess.run([sys.executable, "-m", "cgs_bridge.cli.main", "prove", "triangular", *a],  # noqa: E731
                                    capture_output=True, text=True, cwd=tmp_path, timeout=300)
    r = run("--plot", str(tmp_path / "v.png"))
    assert r.returncode == 2 and "--plot draws the verdicts of a --sweep" in r.stderr
    existing = tmp_path / "mine.png"
    existing.write_bytes(b"a user's file")
    r = run("--sweep", "k=3..3", "--workers", "0", "--prover", "embedded", "--plot", str(existing))
    assert existing.read_bytes() == b"a user's file"
    assert r.returncode == 2 and "exists; pass --force" in r.stderr, r.stdout + r.stderr
    r = run("--sweep", "k=3..3", "--workers", "0", "--prover", "embedded", "--plot", str(existing), "--force")
    assert r.returncode == 0 and existing.read_bytes().startswith(b"\x89PNG"), r.stderr
