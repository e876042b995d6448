"""Colours shared by the figures (:mod:`.plot`) and the reading of their inputs
(:mod:`.plot_input`): one per kind of difference a comparison reports."""

from __future__ import annotations

#: kind of difference (:class:`cgs_bridge.jobs.compare.Difference`) -> colour.
KIND_COLOURS = {"value": "#e03131", "missing": "#f59f00", "invalid": "#7048e8",
                "outside box": "#868e96", "duplicate": "#0c8599"}
