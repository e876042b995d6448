"""The tool data a game file declares (``catalog N``, ``box PURPOSE (params) [bound] ...``):
parsed with positions, checked with file:line:column errors, and the catalog order and boxes
derived from the catalog files. Expected values are read off the spec texts written here."""

import pytest

from cgs_bridge.foundation.errors import SpecError
from cgs_bridge.model import catalog
from cgs_bridge.model.loading import load_text

GAME = ("game g(k: int >= 1 = 2, f: function = t)\n"
        "  coordinates x, y\n"
        "  require y <= x\n"
        "  cut x to t: y = min(y, t)\n")


def err(extra):
    with pytest.raises(SpecError) as e:
        load_text(GAME + extra, "bad.game")
    return e.value


def test_box_statements_parse_with_their_values():
    g = load_text(GAME + "  catalog 3\n  box generated [x = 4, y = 2]\n  box engine [3]\n"
                  "  box kernel (k = 5, f = floor(t / 3)) [7] [y = 1, x = 9]\n", "ok.game").game
    assert g.catalog[0] == 3 and (g.catalog[1].line, g.catalog[1].column) == (5, 11)
    gen, eng, ker = g.boxes
    assert (gen.purpose, gen.params, gen.bound_texts()) == ("generated", (), ("x=4,y=2",))
    assert eng.bound_texts() == ("3",)
    assert [a.target for a in ker.params] == ["k", "f"] and ker.bound_texts() == ("7", "y=1,x=9")
    assert (ker.pos.line, ker.pos.column) == (8, 7)


@pytest.mark.parametrize("extra, line, column, words", [
    ("  box tests [3]\n", 5, 7, "unknown box purpose 'tests'"),
    ("  box generated [3]\n  box generated [4]\n", 6, 7, "given twice"),
    ("  box engine (k = 3) [3]\n", 5, 15, "default parameters"),
    ("  box generated [3] [4]\n", 5, 7, "exactly one"),
    ("  box kernel (m = 3) [3]\n", 5, 15, "no parameter 'm'"),
    ("  box kernel (k = 3, k = 4) [3]\n", 5, 22, "given twice"),
    ("  box kernel (k = x) [3]\n", 5, 19, "expected an integer"),
    ("  box kernel (k = 0) [3]\n", 5, 19, "must be >= 1"),
    ("  box kernel (f = t + x) [3]\n", 5, 23, "unknown name 'x'"),
    ("  box kernel [x = 3, z = 1]\n", 5, 22, "'z', which is not a coordinate"),
    ("  box kernel [x = 3, x = 1]\n", 5, 22, "names x twice"),
    ("  box kernel [x = 3]\n", 5, 7, "no bound for y"),
    ("  catalog 0\n", 5, 11, "must be >= 1"),
])
def test_bad_box_statements_name_file_line_column(extra, line, column, words):
    e = err(extra)
    assert (e.file, e.line, e.column) == ("bad.game", line, column), e
    assert words in e.message


def test_box_syntax_errors_say_what_was_expected():
    e = err("  box kernel [x = 3 y = 1]\n")
    assert (e.line, e.column) == (5, 21) and "expected" in e.message
    e = err("  box kernel\n")
    assert "'['" in e.message


def test_catalog_order_and_boxes_come_from_the_files(tmp_path, monkeypatch):
    (tmp_path / "b.game").write_text("game b coordinates x cut x to t\n  catalog 1\n  box generated [2]\n")
    (tmp_path / "a.game").write_text("game a coordinates x cut x to t\n  catalog 2\n"
                                     "  box kernel [4] [5]\n")
    monkeypatch.setattr(catalog, "_DIR", tmp_path)
    for f in (catalog.names, catalog._games, catalog.load):
        f.cache_clear()
    try:
        assert catalog.names() == ("b", "a") and catalog.ORDER == ("b", "a")
        assert catalog.boxes("b", "generated") == [({}, "2")]
        assert catalog.boxes("a", "kernel") == [({}, "4"), ({}, "5")] and catalog.boxes("a", "engine") == []
        (tmp_path / "c.game").write_text("game c coordinates x\n  catalog 2\n")
        catalog.names.cache_clear()
        with pytest.raises(SpecError) as e:
            catalog.names()
        assert (e.value.file, e.value.line, e.value.column) == (catalog.label(tmp_path / "c.game"), 2, 11)
        assert "catalog position 2 is also taken by a" in e.value.message
        (tmp_path / "c.game").write_text("game c coordinates x\n")
        catalog.names.cache_clear()
        catalog._games.cache_clear()
        with pytest.raises(SpecError, match="declares no 'catalog N'"):
            catalog.names()
    finally:
        for f in (catalog.names, catalog._games, catalog.load):
            f.cache_clear()


def test_every_catalog_file_declares_its_boxes():
    for name in catalog.names():
        assert len(catalog.boxes(name, "generated")) == 1, name
        assert len(catalog.boxes(name, "engine")) == 1, name
        assert catalog.boxes(name, "kernel"), name
