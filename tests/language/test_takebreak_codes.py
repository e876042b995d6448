"""Take-and-break codes (issue 49): the options a code gives a heap, against a brute force written
here from the rule CGSuite's ``TakeAndBreak`` documents (bit i of digit d_j: remove j tokens and
leave exactly i nonempty heaps; ``!`` pairwise unequal heaps, ``=`` all equal, ``?`` not all
equal), and malformed codes refused with their column. The real CGSuite's own reading of the same
codes: tests/systems/cgsuite/test_takebreak_real.py."""

from __future__ import annotations

import itertools

import pytest

from cgs_bridge.language.takebreak import CodeError, parse_code

BASE32 = "0123456789ABCDEFGHIJKLMNOPQRSTUV"


def brute_options(digits: dict, n: int, period=None) -> set:
    """Every (removed, sorted heaps) of a heap of n: ``digits[j] = (value, mark)``; ``period`` =
    (start, length) repeats digits[start..] for ever. Multisets come from itertools over all sizes."""
    out = set()
    for j in range(n + 1):
        if j in digits:
            value, mark = digits[j]
        elif period and j >= period[0]:
            value, mark = digits[period[0] + (j - period[0]) % period[1]]
        else:
            continue
        left = n - j
        for h in range(value.bit_length()):
            if not value >> h & 1:
                continue
            if h == 0:
                if left == 0:
                    out.add((j, ()))
                continue
            for parts in itertools.combinations_with_replacement(range(1, left + 1), h):
                if sum(parts) != left:
                    continue
                if h >= 2 and mark == "!" and len(set(parts)) < h:
                    continue
                if h >= 2 and mark == "=" and len(set(parts)) > 1:
                    continue
                if mark == "?" and (len(set(parts)) == 1 and (h >= 2 or left < 2)):
                    continue   # one heap under '?': CGSuite allows it from two tokens on
                out.add((j, parts))
    return out


def digits_of(text: str) -> dict:
    """The digits of a plain code ``d0.d1d2...`` with optional one-character modifiers."""
    head, tail = text.split(".")
    out, j = {}, 0
    for part in (head, tail):
        k = 0
        while k < len(part):
            value = BASE32.index(part[k].upper())
            mark = part[k + 1] if k + 1 < len(part) and part[k + 1] in "!?=" else ""
            out[j] = (value, mark)
            j, k = j + 1, k + 1 + bool(mark)
    return out


PLAIN = ["0.77", "0.07", "4!.0", "4.7", "0.F", "0.137", "0.7777", "0.127", "4?.0", "4=.7", "0.6!",
         "0.7?", "8!.0", "8?.0", "C.0", "0.V", "0.B=", "0.4?", "0.3F!", "4.0", "0.51"]


@pytest.mark.parametrize("text", PLAIN)
def test_options_are_the_documented_rule(text):
    code, digits = parse_code(text), digits_of(text)
    for n in range(13):
        assert set(code.options(n)) == brute_options(digits, n), (text, n)
        assert len(list(code.options(n))) == len(set(code.options(n)))  # each multiset once


def test_repeating_codes():
    assert {(j, p) for j, p in parse_code("0.[3]").options(5)} == {(j, (5 - j,) if j < 5 else ()) for j in range(1, 6)}
    digits = {1: (3, ""), 2: (7, ""), 3: (3, ""), 4: (7, "")}
    code = parse_code("0.[37]")
    for n in range(14):
        assert set(code.options(n)) == brute_options(digits, n, period=(1, 2)), n


def test_brace_star_and_wide_digits():
    # {1,2!}: one heap, or two unequal heaps; {2+}: two or more heaps; &40;: bits 3 and 5
    assert set(parse_code("0.{1,2!}").options(7)) == brute_options({1: (6, "!")}, 7)
    assert set(parse_code("{2+}.0").options(6)) == brute_options({0: (sum(1 << h for h in range(2, 7)), "")}, 6)
    assert set(parse_code("0.&40;").options(7)) == brute_options({1: (40, "")}, 7)
    assert set(parse_code("0.*").options(4)) == brute_options({1: (31, "")}, 4)


def test_normal_forms_and_properties():
    assert parse_code("0.770").canonical() == "0.77" and parse_code("00.7").canonical() == "0.7"
    assert parse_code("0.[0]").canonical() == "0.0" and parse_code("0.3[7]").canonical() == "0.3[7]"
    kayles, grundy, hexa, nim = (parse_code(c) for c in ("0.77", "4!.0", "0.F", "0.[3]"))
    assert kayles.octal and kayles.max_removed == 2 and kayles.max_heaps == 2
    assert not grundy.octal and grundy.max_removed == 0
    assert not hexa.octal and hexa.max_heaps == 3
    assert nim.octal and not nim.finite and nim.max_removed is None


@pytest.mark.parametrize("text, column, words", [
    ("0.7]", 4, "']'"), ("0..7", 3, "a second '.'"), ("0.x", 3, "not a code digit"),
    ("0.{", 3, "without '}'"), ("0.{a}", 3, "not a heap count"), ("07", None, "a point"),
    ("10.7", 1, "add tokens"), ("2.0", 1, "itself"), ("1.0", 1, "empty heap"), ("5.7", 1, "empty heap"),
    ("0.&x;", 3, "&N;"), ("0.{1!,2}!", 3, "modifier"),
])
def test_malformed_or_unplayable_codes_are_refused(text, column, words):
    with pytest.raises(CodeError, match=words.replace("(", r"\(").replace("[", r"\[")) as e:
        parse_code(text)
    assert e.value.column == column
