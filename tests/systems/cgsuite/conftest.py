"""The fixture the tests of CGSuite's own library share (issue 47)."""

import pytest

import cgsuite_jar


@pytest.fixture
def library(shared, tmp_path):
    """The jar's game library as a class-path folder (``cp/game/graph/GenArcKayles.cgs``, ...);
    a test file may define its own ``library`` (test_audit_library_examples does)."""
    return cgsuite_jar.class_path(shared, tmp_path)
