"""Where things are, for tests in any folder of the mirrored tree: the repository (``ROOT``), the
test data (``DATA``), the golden files (``GOLDEN``) and ``../shared`` (``SHARED``)."""

from pathlib import Path

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
DATA = TESTS / "data"
GOLDEN = TESTS / "golden"
SHARED = ROOT.parent / "shared"
