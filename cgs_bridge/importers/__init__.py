"""Importers: what CGSuite and Mathematica/Mathics3 print or export, and claims typed from
papers, into pandas tables keyed by position (coordinate columns ``c0..c{n-1}``, then ``grundy``
and optionally ``misere``)."""
