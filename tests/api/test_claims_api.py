"""One meaning per claims keyword across the API (issue 36, one spelling for claims): ``claims=``
is a list of spec-language texts and ``claims_file=`` a file (spec claims, one per line, or
published claims in YAML for compare/verify), in ``cb.compare``, ``cb.verify``, ``cb.sweep`` and
``cb.prove``, as ``--claim TEXT`` / ``--claims FILE`` are on every command.

Expected values: seed 003 Theorem 7.3 (P iff x xor y xor z == 0 for k = 4m + 3) holds at k = 3 and
fails at k = 5 (Conjecture 8.1: the shifted formula instead); the first failure at k = 5 is found
by a plain mex recursion written here."""

from __future__ import annotations

from functools import lru_cache

import pytest

import cgs_bridge as cb
from cgs_bridge.foundation.errors import InputError

import paths

NIMSUM = "P iff x xor y xor z == 0"


def first_nimsum_failure(k: int, bound: int):
    """The positions of the box where ``NIMSUM`` is wrong for the triangular bar (seed 003
    Definition 4.3), by a plain recursion."""
    @lru_cache(maxsize=None)
    def g(x, y, z):
        opts = {g(t, min(y, (t + z) // k), z) for t in range(x)} | {g(x, t, z) for t in range(y)} \
            | {g(x, min(y, (x + t) // k), t) for t in range(z)}
        return next(v for v in range(len(opts) + 1) if v not in opts)
    return [(x, y, z) for x in range(bound + 1) for y in range(bound + 1) for z in range(bound + 1)
            if y <= (x + z) // k and (g(x, y, z) == 0) != ((x ^ y ^ z) == 0)]


def test_compare_takes_claim_texts_and_the_claims_are_checked():
    assert first_nimsum_failure(3, 8) == []
    ok = cb.compare("triangular", bound=8, k=3, claims=[NIMSUM])
    assert ok.claims_verdict() and "fail" not in ok.claims_verdict().lower()
    bad = cb.compare("triangular", bound=8, k=5, claims=[NIMSUM])       # the planted twin
    assert first_nimsum_failure(5, 8)
    assert "fail" in bad.claims_verdict().lower(), bad.claims_verdict()


def test_a_claims_file_is_claims_file_in_compare_and_sweep(tmp_path):
    f = tmp_path / "claims.txt"
    f.write_text("# Theorem 7.3\n" + NIMSUM + "\n", encoding="utf-8")
    bad = cb.compare("triangular", bound=8, k=5, claims_file=f)
    assert "fail" in bad.claims_verdict().lower()
    res = cb.sweep("triangular", {"k": "3,5"}, bound=8, claims_file=f, workers=0)
    frame = res.frame
    i = next(i for i in range(1, 10) if NIMSUM in str(frame[f"claim{i}"].iloc[0]))
    status = dict(zip(frame["k"], frame[f"claim{i}_status"]))
    assert status[3] == "holds" and status[5] != "holds", status


def test_published_claims_go_in_claims_file():
    c = cb.compare("triangular", bound=20, k=3, claims_file=paths.DATA / "claims_seed003_ex83.yaml")
    assert c.agree


def test_one_string_in_claims_is_refused_with_the_keyword_to_use():
    with pytest.raises(InputError, match="claims_file="):
        cb.compare("triangular", bound=4, k=3, claims=str(paths.DATA / "claims_seed003_ex83.yaml"))


def test_claims_of_another_type_are_refused_not_a_traceback():
    for wrong in (5, [5], {"P iff x == 0": 1}):
        with pytest.raises(InputError, match="claims_file="):
            cb.compare("triangular", bound=4, k=3, claims=wrong)
