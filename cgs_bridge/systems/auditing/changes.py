"""What every auditor's normalisation of printed code shares (issue 45: the Wolfram Language's own
rules live in ``systems/mathematica/normalize.py``, CGScript's in ``systems/cgsuite/cgscript/``):
the characters a PDF or a web page puts in code (:data:`CHARACTERS`, :data:`PSI`) and the record of
one step (:class:`Change`), which every report lists."""

from __future__ import annotations

from dataclasses import dataclass

#: Character replacements: (kind, character, replacement).
CHARACTERS = [
    ("curly-quote", "\u201d", '"'), ("curly-quote", "\u201c", '"'), ("curly-quote", "\u201e", '"'),
    ("curly-quote", "\u2033", '"'),
    ("operator-character", "\u2265", ">="), ("operator-character", "\u2264", "<="),
    ("operator-character", "\u2260", "!="), ("operator-character", "\u2192", "->"),
    ("operator-character", "\u29f4", ":>"), ("operator-character", "\u2212", "-"),
    ("operator-character", "\u00d7", "*"), ("operator-character", "\uf522", "->"),
    ("operator-character", "\u2227", "&&"), ("operator-character", "\u2228", "||"),
    ("space-character", "\u00a0", " "), ("space-character", "\u2003", " "),
    ("space-character", "\t", " "),
]
PSI = "\u03a8"


@dataclass
class Change:
    """One normalisation step: ``kind`` (``psi-break``, ``psi-space``, ``curly-quote``,
    ``operator-character``, ``space-character``, ``joined-continuation``, ``comment-break``,
    ``display-removed``, ``scale``, ``substitute``), its 1-based ``line`` in the printed text, and a
    human-readable ``detail``."""

    kind: str
    line: int
    detail: str
