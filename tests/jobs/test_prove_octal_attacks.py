"""Red-team tests of ``prove`` for take-and-break games (issue 49, round after the merge): every
expected verdict here comes from a brute force written in the test (Kayles as rows of pins, its
misère values by exhaustive play of sums of rows), never from the code under test; each verdict
that must hold has a planted wrong twin."""

from __future__ import annotations

from functools import lru_cache

from cgs_bridge.api import prove

from takebreak_data import KAYLES, any_split_values


def _kayles_options(rows: tuple):
    """Every sum of rows reached by knocking down one pin or two adjacent pins of one row."""
    out = set()
    for i, r in enumerate(rows):
        rest = rows[:i] + rows[i + 1:]
        for k in (1, 2):
            for left in range(0, r - k + 1):
                right = r - k - left
                out.add(tuple(sorted(rest + tuple(x for x in (left, right) if x))))
    return out


@lru_cache(maxsize=None)
def _kayles_misere(rows: tuple) -> int:
    """Misère value (Winning Ways ch. 13): 1 for a position with no move, else the mex of the
    options' misère values."""
    opts = _kayles_options(rows)
    if not opts:
        return 1
    vals = {_kayles_misere(o) for o in opts}
    return next(m for m in range(len(vals) + 1) if m not in vals)


def _row(result, text):
    return next(r for r in result.rows if r.name == text)


def test_a_true_misere_claim_is_never_refuted():
    """A claim reading misère values was evaluated with no misère value at all: 'n != 0 or misere
    == 1' (true: heap 0 has no move, misère value 1) was REFUTED 'at heap 0' (exit 1)."""
    assert _kayles_misere(()) == 1
    true, wrong = "n != 0 or misere == 1", "n != 2 or misere == 1"
    result = prove("kayles", claims=[true, wrong])
    assert _row(result, true).verdict != "REFUTED"
    assert _kayles_misere((2,)) == 2
    row = _row(result, wrong)                      # the planted twin: misère value 2 at heap 2
    assert row.verdict == "REFUTED" and row.position == (2,)


def test_misere_claims_are_refuted_at_the_smallest_heap_of_the_brute_force():
    table = [_kayles_misere((n,) if n else ()) for n in range(12)]
    claims = {"misere == 1 - grundy": lambda n, g, m: m == 1 - g,
              "misere <= 3": lambda n, g, m: m <= 3,
              "misere != 0 or n % 2 == 1": lambda n, g, m: m != 0 or n % 2 == 1}
    result = prove("kayles", claims=list(claims))
    for text, holds in claims.items():
        fails = [n for n in range(12) if not holds(n, KAYLES[n], table[n])]
        row = _row(result, text)
        if fails:
            assert row.verdict == "REFUTED" and row.position == (fails[0],), (text, row.reason)
        else:
            assert row.verdict != "REFUTED", (text, row.reason)


def test_a_claim_reading_too_many_heaps_is_refused_before_the_work():
    """'n < 100000000 or grundy != 8' made prove evaluate the claim on 10^8 heaps (minutes, no
    limit, no progress; killed after 60 s). Now it is undecided at once, with the heaps it needs; the
    twin below the limit is still refuted at the first heap of value 8 past the threshold (Kayles'
    period 12 from heap 71, OEIS A002186)."""
    far, near = "n < 100000000 or grundy != 8", "n < 1000 or grundy != 8"
    result = prove("kayles", claims=[far, near])
    row = _row(result, far)
    assert row.verdict == "NOT EXPRESSIBLE" and "100,000,012" in row.reason and "limit" in row.reason
    first = next(n for n in range(1000, 1100) if KAYLES[71 + (n - 71) % 12] == 8)
    assert _row(result, near).verdict == "REFUTED" and _row(result, near).position == (first,)


def test_a_code_the_theorem_does_not_cover_is_read_on_the_heaps_the_reference_affords(tmp_path):
    """'{2+}.0' (split a heap into two or more nonempty heaps; not octal): prove solved 2048 heaps by
    the Python reference with no work limit, enumerating every partition of every heap (killed after
    20 s; 0.F too). Now it reads the heaps it affords; a claim failing there is refuted at the first
    heap a brute force over the splits finds, one holding there stays undecided."""
    g = any_split_values(19)
    spec = tmp_path / "g.game"
    spec.write_text('game g\n  octal "{2+}.0"\n', encoding="utf-8")
    holds, wrong = "grundy <= n", "grundy != n - 1 or n < 4 or n > 9"
    result = prove(str(spec), claims=[holds, wrong])
    assert result.rows[0].verdict == "NOT EXPRESSIBLE" and "not octal" in result.rows[0].reason
    assert _row(result, holds).verdict == "NOT EXPRESSIBLE" and all(v <= n for n, v in enumerate(g))
    first = next(n for n, v in enumerate(g) if v == n - 1 and 4 <= n <= 9)
    assert _row(result, wrong).verdict == "REFUTED" and _row(result, wrong).position == (first,)
