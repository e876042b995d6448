"""Reading a Mathematica program in the auditing process (issue 46, item 1): the scan kept as
arrays equals the character-by-character scan, integers are read as the Wolfram Language writes
them (never ``10*^100000`` as 10, never an internal error on 8,000 digits), iterator names are
found in one pass, and the reading stops at ``--timeout``/``--memory`` before any engine starts.

Expected values: the Wolfram Language's number syntax (``base^^digits`` is digits in that base,
``mantissa*^n`` is mantissa times base^n, a trailing backquote makes a real; reference
"Input Syntax"); the character-by-character scan :func:`wlscan.scan` and the regular
expressions of the earlier size reader, written out again in the tests (independent
implementations); 64-bit positions (README, "Inputs")."""

from __future__ import annotations

import random
import re

import pytest

import cgs_bridge as cb
from cgs_bridge.foundation.errors import InputError
from cgs_bridge.systems.mathematica import sizes, wlread
from cgs_bridge.systems.mathematica.normalize import normalize
from cgs_bridge.systems.mathematica.wlscan import Lexed, scan

BASE = ("move[{x_, y_}] := Join[Table[{t, y}, {t, 0, x - 1}], Table[{x, t}, {t, 0, y - 1}]];\n"
        "Gr[p_] := Gr[p] = Module[{s = Map[Gr, move[p]]}, Min[Complement[Range[0, Length[s]], s]]];\n")
NIM2 = "game nim2\n  coordinates x, y\n  cut x to t\n  cut y to t\n"


def test_arrays_of_the_scan_equal_the_scan_character_by_character():
    random.seed(46)
    alphabet = ['a', ' ', '"', '\\', '(*', '*)', '(', ')', '[', ']', '{', '}', '\n', ';', 'Ψ']
    names = {ord("c"): "code", ord("s"): "string", ord("m"): "comment"}
    for _ in range(3000):
        text = "".join(random.choice(alphabet) for _ in range(random.randint(0, 40)))
        lex = Lexed(text)
        got = [(i, text[i], names[lex.states[i]], lex.depths[i]) for i in range(len(text))]
        assert got == list(scan(text)), text
        assert [lex.line(i) for i in range(len(text) + 1)] == [text.count("\n", 0, i) + 1
                                                                for i in range(len(text) + 1)]


@pytest.mark.parametrize("text, value", [
    ("12", 12), ("-5", -5), ("007", 7), ("2^^1010", 10), ("16^^ff", 255), ("10*^3", 10 * 10 ** 3),
    ("2^^101*^3", 5 * 2 ** 3), ("9223372036854775807", 2 ** 63 - 1), ("10*^-3", None), ("3`", None),
    ("1.5", None), ("x + 1", 5), ("2 3", 6), ("-(3 + 4)", -7),
])
def test_integers_as_the_wolfram_language_writes_them(text, value):
    assert wlread.integer(wlread.parse_one(text), {"x": 4}) == value


@pytest.mark.parametrize("text", ["10*^100000", "7" * 8000, "9223372036854775808", "2^^" + "1" * 64,
                                  "n * 10*^40"])
def test_integers_past_64_bits_are_beyond_never_cut(text):
    assert wlread.integer(wlread.parse_one(text), {"n": 3}) == wlread.BEYOND


@pytest.mark.parametrize("bound", ["10*^100000", "7" * 8000])
def test_an_iterator_bound_past_64_bits_gives_no_box(bound):
    prog = normalize(BASE + f"allcases = Flatten[Table[{{a, b}}, {{a, 0, {bound}}}, {{b, 0, {bound}}}], 1];\n")
    size, how = sizes.run_size(prog, {})
    assert size is None and "beyond 64-bit positions" in how and "--bound" in how
    named = normalize(BASE + f"n = {bound};\nallcases = Flatten[Table[{{a, b}}, {{a, 0, n}}, {{b, 0, n}}], 1];\n")
    size, how = sizes.run_size(named, {})
    assert size is None and "beyond 64-bit positions" in how
    twin = normalize(BASE + "allcases = Flatten[Table[{a, b}, {a, 0, 1*^1}, {b, 0, 1*^1}], 1];\n")
    assert sizes.run_size(twin, {})[0] == 10  # the twin: 1*^1 is 1 x 10^1, read right


def _old_iterator_bound(text: str, name: str) -> bool:
    n = re.escape(name)
    return bool(re.search(rf"\{{\s*[A-Za-z$]\w*\s*,\s*-?\d+\s*,[^{{}}]*?(?<![\w$]){n}(?![\w$])", text)
                or re.search(rf"Range\[[^\[\]]*?(?<![\w$]){n}(?![\w$])", text))


def test_iterator_names_in_one_pass_equal_one_search_per_name():
    random.seed(47)
    pieces = ["{", "}", "[", "]", "Range[", "{i, 0,", "{a,1,", " ", ",", "x", "ss", "k", "1", "$", "_"]
    for _ in range(3000):
        text = "".join(random.choice(pieces) for _ in range(random.randint(0, 14)))
        found = sizes.iterator_names(text)
        for name in ("x", "ss", "k", "i", "a", "x$"):
            assert (name in found) == _old_iterator_bound(text, name), (text, name)


def _audit(tmp_path, monkeypatch, text, **options):
    """``cb.audit`` of ``text`` against two-heap Nim, failing the test if the engine starts."""
    import cgs_bridge.systems.mathematica.audit.core as core
    monkeypatch.setattr(core, "run_program", lambda *a, **k: pytest.fail("the engine started"))
    spec, program = tmp_path / "nim2.game", tmp_path / "p.wl"
    spec.write_text(NIM2)
    program.write_text(text)
    return cb.audit(str(program), str(spec), language="mathematica", no_sandbox=True, **options)


def test_reading_past_the_time_limit_is_refused_before_the_engine(tmp_path, monkeypatch):
    """150,000 lines of `a = 1;` (issue 46): refused at --timeout, naming it; the engine never starts."""
    with pytest.raises(InputError, match=r"took more than --timeout 1 s in this process"):
        _audit(tmp_path, monkeypatch, BASE + "a = 1;\n" * 150_000, timeout=1)


MEMORY_RUN = """
import sys
import cgs_bridge as cb
import cgs_bridge.systems.mathematica.audit.core as core
from cgs_bridge.foundation.errors import InputError
core.run_program = lambda *a, **k: sys.exit("the engine started")
try:
    cb.audit(sys.argv[1], sys.argv[2], language="mathematica", no_sandbox=True, memory=float(sys.argv[3]))
except InputError as e:
    print(e)
"""


def test_reading_past_the_memory_limit_is_refused_before_the_engine(tmp_path):
    """A 60,000-entry list read with 4 MiB of address space to spare: refused naming --memory. In
    a fresh process: one that ran other tests may hold freed memory it reuses without growing."""
    import subprocess
    import sys
    spec, program = tmp_path / "nim2.game", tmp_path / "p.wl"
    spec.write_text(NIM2)
    program.write_text(BASE + "data = {" + ", ".join(map(str, range(60_000))) + "};\n")
    run = subprocess.run([sys.executable, "-c", MEMORY_RUN, str(program), str(spec), str(1 / 256)],
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0 and "needed more than --memory 0.00390625 GiB" in run.stdout, run.stdout + run.stderr
    # the twin: with 4 GiB the same program is read to the end and its run is about to start
    run = subprocess.run([sys.executable, "-c", MEMORY_RUN, str(program), str(spec), "4"],
                         capture_output=True, text=True, timeout=600)
    assert "the engine started" in run.stderr and "--memory" not in run.stdout, run.stdout + run.stderr
