# %% [markdown]
# # A tour of the cgs_bridge Python API
#
# A notebook-style script (cells separated by `# %%`; open it in Jupyter with jupytext, in VS Code,
# or run it whole: `python docs/api_tour.py`). Every `assert` checks a value printed or proved in
# the seed papers; `tests/test_api.py` runs this file.

# %%
import tempfile
from pathlib import Path

import cgs_bridge as cb

ROOT = Path(__file__).resolve().parent.parent  # the repository (for the typed claims and programs)

# %% [markdown]
# ## A game, a box, its Grundy values
# The triangular chocolate bar of seed 003 (Definition 4.3): positions (x, y, z) with
# y <= floor((x + z) / k); a cut of x or z may also lower y.

# %%
g = cb.game("triangular", k=3)
print(g)
s = g.solve(bound=20)
print(s)
print(s.frame.head())

# seed 003, Example 8.3: on x, y, z <= 20, 977 positions have Grundy value x xor y xor z and 2257 not
f = s.frame
nim = f.x ^ f.y ^ f.z
assert len(f) == 977 + 2257
assert (f.grundy == nim).sum() == 977

# %% [markdown]
# ## Outcomes and winning moves
# A P-position has Grundy value 0 (the previous player wins). By seed 003, Theorem 7.3 (k = 4m + 3),
# the P-positions are exactly those with x xor y xor z = 0, so every winning move goes to one.

# %%
assert s.outcome((2, 1, 3)) == "P"                  # 2 xor 1 xor 3 = 0
p = (5, 2, 9)                        # 5 xor 2 xor 9 = 14: an N-position
print(p, "->", s.winning_moves(p))
assert s.winning_moves(p) and all(x ^ y ^ z == 0 for x, y, z in s.winning_moves(p))
assert all(x ^ y ^ z == 0 for x, y, z in s.p_positions())

# %% [markdown]
# ## Checking claims
# A claim is a condition over coordinates, parameters, `grundy`, `misere`, `P` and `N`.

# %%
print(s.check("P iff x xor y xor z == 0"))            # Theorem 7.3: holds
wrong = s.check("grundy == x xor y xor z")             # Example 7.1: the Grundy value is not the nim-sum
assert not wrong.holds and wrong.failures == 2257       # Example 8.3's second count
print(wrong.frame)

# k = 5: Conjecture 8.1 (seed 003), checked in the paper on x, z <= 20, y <= 10 (Example 8.5)
s5 = cb.game("triangular", k=5).solve(bound={"x": 20, "y": 10, "z": 20})
assert s5.check("P iff (x - 1) xor y xor (z - 1) == 0").holds
print(s5.check())                                       # the spec's own claims, with their `when`

# %% [markdown]
# ## Other games: the step chocolate bar of seed 001
# CB(f, y, z) with a width function f given as an expression in t (seed 001, Definitions 2.2, 2.3).

# %%
step = cb.game("step", f="floor(t/4)").solve(bound={"y": 6, "z": 15})
assert step.value((3, 13)) == 14                        # seed 001, Figure 6: 3 xor 13 = 14

# %% [markdown]
# ## Typed published claims, Mathics3, published programs

# %%
c = cb.compare("triangular", bound=20, k=3, claims_file=ROOT / "tests/data/claims_seed003_ex83.yaml")
print(c)
assert c.agree

with tempfile.TemporaryDirectory() as tmp:
    v = cb.verify("triangular", bound=3, k=3, run_dir=Path(tmp) / "run")   # Python vs Mathics3
    print(v)
    assert v.agree

a = cb.audit(ROOT / "tests/data/audit/styles/triangular_module.wl", cb.game("triangular", k=3), scale={"n": 2})
print(a)
assert a.agree                                          # a program in another style (grundy, opts, mex), n = 2

# %% [markdown]
# ## Sweeps: the same question for many k
# `workers=0` runs in this process; `workers=2` (or the default, one per CPU) runs the cells on a
# Dask LocalCluster, `scheduler="tcp://host:8786"` on an existing cluster; `output="t.parquet"`
# makes the sweep resumable.

# %%
t = cb.sweep("triangular", {"k": "3..11:4"}, bound={"x": 20, "y": 10, "z": 20},
             claims=["P iff x xor y xor z == 0"], workers=0)
print(t)
assert set(t.frame.claim3_status) == {"holds"}          # k = 3, 7, 11 are all 4m + 3: Theorem 7.3

# %% [markdown]
# ## Proofs: a claim decided for every position
# `cb.prove` takes the game as `cb.verify` does (parameters as keywords); `claims` are added to the
# game's own; `print` shows one row per claim. The embedded prover needs no Java; `output=` writes
# proof.md, proof.html (MathML) and proof.tex (an appendix: definition, theorem, lemmas, proof).

# %%
p = cb.prove("triangular", k=5, claims=["P iff x xor y xor z == 0"], prover="embedded")
print(p)
assert [r.verdict for r in p.rows] == ["NOT APPLICABLE", "PROVED", "REFUTED"]   # Conjecture 8.1 at k = 5
assert p.rows[-1].position == (2, 1, 3)                 # the unshifted formula fails first there
