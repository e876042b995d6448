"""Start-up (issue 35): loading one catalog game parses only its own file, and listing the
catalog parses each file once. Parses are counted by wrapping the catalog's ``parse_games``;
the expected counts are the number of files involved (the catalog folder is listed here)."""

import io
import contextlib

import pytest

from cgs_bridge.cli.main import main
from cgs_bridge.model import catalog

FILES = sorted(p.stem for p in catalog._DIR.glob("*.game"))


@pytest.fixture
def parses(monkeypatch):
    seen = []
    real = catalog.parse_games

    def counting(text, file=None):
        seen.append(file)
        return real(text, file)
    monkeypatch.setattr(catalog, "parse_games", counting)
    for f in (catalog.names, catalog._games, catalog.load):
        f.cache_clear()
    yield seen
    for f in (catalog.names, catalog._games, catalog.load):
        f.cache_clear()


def test_checking_one_catalog_game_parses_only_its_file(parses):
    with contextlib.redirect_stdout(io.StringIO()):
        assert main(["check", "triangular", "-p", "k=3", "--bound", "3"]) == 0
    # the real file, named as messages name it (issue 48.3)
    assert parses == [catalog.label(catalog.path("triangular"))]
    assert parses[0].endswith("cgs_bridge/model/catalog/triangular.game")


def test_listing_the_catalog_parses_each_file_once(parses):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["catalog"]) == 0
    assert sorted(parses) == sorted(catalog.label(catalog.path(name)) for name in FILES)
    assert all(name in out.getvalue() for name in FILES) and len(FILES) >= 10


def test_an_unknown_name_is_still_refused_with_the_catalog(parses):
    from cgs_bridge.foundation.errors import SpecError
    with pytest.raises(SpecError, match="known: .*triangular"):
        catalog.load("../catalog/triangular")
    assert not catalog.known("no_such_game") and not catalog.known("../x") and catalog.known("nim")


def test_a_catalog_file_without_its_game_is_a_spec_error_naming_the_file(monkeypatch):
    # the parse shared by order and check (catalog._games): a file whose games do not include its
    # own name is named in the error (this path once raised NameError: its file variable was gone)
    from cgs_bridge.foundation.errors import SpecError
    monkeypatch.setattr(catalog, "_games", lambda name: ())
    with pytest.raises(SpecError, match=r"catalog file nim\.game does not define game nim"):
        catalog._parse_file("nim")
