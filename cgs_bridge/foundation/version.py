"""The package version (one place: ``cgs_bridge.__version__`` and every report read it)."""

__version__ = "0.1.0"
