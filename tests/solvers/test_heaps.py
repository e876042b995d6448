"""Take-and-break solvers (issue 49): the reference (every option from the code), the compiled
direct mex and the sparse-space method give the sequences the literature tabulates (OEIS data in
tests/takebreak_data.py), agree on random codes, and misère values of single heaps equal a brute
force over game trees written here."""

from __future__ import annotations

import random
from functools import lru_cache

import numpy as np
import pytest

from cgs_bridge.foundation.errors import BoxError, CgsBridgeError
from cgs_bridge.language.takebreak import Code, parse_code
from cgs_bridge.model import catalog
from cgs_bridge.model.game import Ruleset
from cgs_bridge.model.loading import load_text
from solvers import parse_bound, solve
from solvers.heaps import misere_values, reference_values, run_kernel

from takebreak_data import DAWSONS_CHESS, TABLES


def octal(code: str) -> Ruleset:
    return Ruleset(load_text(f'game g\n  octal "{code}"\n', "g.game"))


@pytest.mark.parametrize("name", sorted(TABLES))
def test_catalog_games_have_the_tabulated_values(name):
    code, table = TABLES[name]
    r = Ruleset(catalog.load(name))
    assert r.takebreak.canonical() == code
    N = len(table) - 1
    for method in ("reference", "direct", "sparse"):
        g = solve(r, parse_bound(str(N), r.coords), method=method).grundy
        assert g.tolist() == table, method
    g = np.zeros(N + 1, np.int32)
    info = run_kernel(r.takebreak, "sparse", N, g, prefix=12)   # the sparse method from heap 13 on
    assert info["kernel"] == "sparse" and g.tolist() == table


def test_dawsons_chess_code_0137():
    assert solve(octal("0.137"), parse_bound("131", ("n",)), method="fast").grundy.tolist() == DAWSONS_CHESS


def test_compiled_methods_equal_the_reference_on_random_codes():
    rnd = random.Random(49)
    codes = ["4.7", "0.6!", "0.7=", "4?.0", "4=.7", "0.[7]", "0.3[7]", "0.51"]
    codes += [rnd.choice("0044") + "." + "".join(rnd.choice("01234567") for _ in range(rnd.randint(1, 4)))
              + rnd.choice(["", "", "!", "?", "="]) for _ in range(40)]
    for text in codes:
        code = parse_code(text)
        ref = np.zeros(161, np.int32)
        reference_values(code, 160, ref)
        direct = np.zeros(400, np.int32)
        run_kernel(code, "direct", 399, direct)
        assert (direct[:161] == ref).all(), text
        if code.finite:
            sparse = np.zeros(400, np.int32)
            run_kernel(code, "sparse", 399, sparse, prefix=20)
            assert (sparse == direct).all(), text


def test_three_heaps_and_repeating_codes_by_the_reference():
    r = octal("0.F")          # remove one, leave 0..3 heaps
    assert solve(r, parse_bound("30", r.coords)).stats.method == "reference"
    with pytest.raises(CgsBridgeError, match="at most two heaps"):
        solve(r, parse_bound("30", r.coords), method="direct")
    with pytest.raises(CgsBridgeError, match="finite codes"):
        solve(octal("0.[7]"), parse_bound("30", ("n",)), method="sparse")
    nim = octal("0.[3]")       # Nim: g(n) = n
    assert solve(nim, parse_bound("700", ("n",)), method="fast").grundy.tolist() == list(range(701))


def brute_misere(code: Code, n: int) -> int:
    """Misère value of a single heap: the game tree of sums of heaps, no heap dropped (1 for a
    position without moves, else the mex of its options' values)."""
    @lru_cache(maxsize=None)
    def value(heaps: tuple) -> int:
        options = set()
        for i, h in enumerate(heaps):
            for _, parts in code.options(h):
                options.add(value(tuple(sorted(heaps[:i] + heaps[i + 1:] + tuple(parts)))))
        if not options:
            return 1
        m = 0
        while m in options:
            m += 1
        return m
    return value((n,))


@pytest.mark.parametrize("text", ["0.77", "0.07", "4!.0", "0.137", "0.F", "0.6!"])
def test_misere_values_of_single_heaps(text):
    code = parse_code(text)
    assert misere_values(code, 11).tolist() == [brute_misere(code, n) for n in range(12)]


def test_misere_beyond_the_limit_is_refused_before_any_work(monkeypatch):
    r = octal("0.77")
    monkeypatch.setattr(Code, "options", lambda *a: pytest.fail("work started"))
    with pytest.raises(BoxError, match="heaps up to 45 fit"):
        solve(r, parse_bound("1000", r.coords), misere=True)


def test_work_limit_and_unknown_method():
    r = octal("0.77")
    with pytest.raises(BoxError, match="pair reads, above the limit"):
        solve(r, parse_bound("100000", r.coords), method="direct", max_work=10 ** 6)
    with pytest.raises(CgsBridgeError, match="unknown solver method"):
        solve(r, parse_bound("10", r.coords), method="quick")


def test_options_are_sums_of_heaps_with_nim_sums():
    r = Ruleset(catalog.load("kayles"))
    sol = solve(r, parse_bound("10", r.coords))
    # Kayles from 7: remove 1 (leave 6, or 1 + 5, 2 + 4, 3 + 3) or 2 (leave 5, 1 + 4, 2 + 3)
    got = {str(q): g for q, g in sol.options((7,))}
    want = {"6": 3, "1 + 5": 1 ^ 4, "2 + 4": 2 ^ 1, "3 + 3": 0, "5": 4, "1 + 4": 1 ^ 1, "2 + 3": 2 ^ 3}
    assert got == want
    assert sorted(str(q) for q in sol.winning_moves((7,))) == ["1 + 4", "3 + 3"]
    assert [str(q) for q, _ in sol.options((1,))] == ["0"]        # the whole heap taken


def test_what_reads_options_as_positions_refuses_take_and_break():
    from cgs_bridge.foundation.errors import InputError
    from cgs_bridge.foundation.results import position_text
    from cgs_bridge.model.heaps import HeapSum
    from cgs_bridge.presentation.explore import page_data
    from solvers.logic.translate import translate_claims
    r = Ruleset(catalog.load("kayles"))
    (tr,) = translate_claims(r)
    assert tr.status == "not_expressible" and "sums of heaps" in tr.reason   # never a proof without the splits
    with pytest.raises(InputError, match="sums of heaps"):
        page_data(solve(r, parse_bound("10", r.coords)))
    assert position_text(HeapSum((1, 4))) == "1 + 4" and position_text(HeapSum(())) == "0"
    assert position_text((7,)) == "7"
