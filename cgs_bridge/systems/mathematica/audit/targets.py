"""What ``--grundy``, ``--moves`` and ``--positions`` may name (docs/audit.md, "Naming the program's
symbols"): a symbol, or a call of one of the program's functions whose other arguments are given.

- ``--grundy``/``--moves``: a name (``Gr``: called as ``Gr[{x, y, z}]``), or a call with ``#``
  where the position goes (``gr[#, 3]``, ``opts[#, k]``; a trailing ``&`` is allowed, as in a pure
  function) or ``##`` where its coordinates go (``g[##]`` is ``g[x, y, z]``, ``g[##, 3]``);
- ``--positions``: a name (``allcases``) or a call that returns the list (``positions[5]``,
  ``cases[5, k]``); no ``#``.

Other arguments are integers or names of the program's symbols (``k``: whatever the program passed
as that argument while it ran; after the program, the symbol's value then). The text is never
evaluated as code: it is parsed here into a :class:`Target`, whose parts the launcher turns into
an expression itself.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from cgs_bridge.foundation.errors import InputError

_NAME = r"[A-Za-z$][A-Za-z0-9$`]*"
_ARG = re.compile(rf"\s*(##|#1?|-?\d+|{_NAME})\s*$")
_CALL = re.compile(rf"\s*({_NAME})\s*(?:\[(.*)\])?\s*(&)?\s*$", re.S)

#: what each option expects, for the error messages
EXPECTED = {
    "grundy": "a symbol name (Gr) or a call with # where the position goes (gr[#, 3], "
              "opts[#, k]) or ## where its coordinates go (g[##])",
    "moves": "a symbol name (move) or a call with # where the position goes (opts[#, 3], "
             "opts[#, k]) or ## where its coordinates go (opts[##])",
    "positions": "a symbol name (allcases) or a call that returns the list (positions[5], "
                 "cases[5, k])",
}


@dataclass(frozen=True)
class Target:
    """One parsed option: ``head`` (the program's symbol), ``args`` (None for a bare name, else a
    tuple of ``("slot",)`` (the position as a list), ``("seq",)`` (its coordinates), ``("int", N)``
    or ``("sym", NAME)``) and the ``text`` as given."""

    head: str
    args: tuple | None
    text: str

    @property
    def is_call(self) -> bool:
        return self.args is not None

    def plan(self) -> dict:
        """JSON-able form for the launcher's plan."""
        return {"head": self.head, "text": self.text,
                "args": [list(a) for a in self.args] if self.args is not None else None}

    def wl(self, position) -> str:
        """Wolfram Language text of the call at ``position`` (wolframscript's epilogue), or of the
        call itself (``position`` None, ``--positions``)."""
        if self.args is None:
            return self.head if position is None else f"{self.head}[{_wl_list(position)}]"
        parts = []
        for a in self.args:
            if a[0] == "slot":
                parts.append(_wl_list(position))
            elif a[0] == "seq":
                parts.append(",".join(map(str, position)))
            else:
                parts.append(str(a[1]))
        return f"{self.head}[{', '.join(parts)}]"


def _wl_list(p) -> str:
    return "{" + ",".join(map(str, p)) + "}"


def parse_target(role: str, text: str | None) -> Target | None:
    """Parse the ``--grundy`` (``role`` ``"grundy"``), ``--moves`` or ``--positions`` text.

    Returns:
        None for None/empty text, else a :class:`Target`.
    Raises:
        InputError: naming the option, the text and what was expected (exit 2): not a name or a
            call, an argument that is not ``#``, ``##``, an integer or a name, a call of the Grundy
            or move function without ``#``/``##``, a position list with them.
    """
    if text is None or not str(text).strip():
        return None
    text = str(text).strip()
    option = f"--{role} {text!r}"
    m = _CALL.match(text)
    if not m:
        raise InputError(f"{option}: expected {EXPECTED[role]}")
    head, inner, amp = m.group(1), m.group(2), m.group(3)
    if inner is None:
        if amp:
            raise InputError(f"{option}: expected {EXPECTED[role]}; a name needs no &")
        return Target(head, None, text)
    args = []
    for piece in inner.split(",") if inner.strip() else []:
        a = _ARG.match(piece)
        if not a:
            raise InputError(f"{option}: the argument {piece.strip()!r} is not #, ##, an integer or "
                             f"a symbol name; expected {EXPECTED[role]}")
        tok = a.group(1)
        args.append(("seq",) if tok == "##" else ("slot",) if tok.startswith("#")
                    else ("int", int(tok)) if tok.lstrip("-").isdigit() else ("sym", tok))
    slots = sum(1 for a in args if a[0] in ("slot", "seq"))
    if role == "positions" and (slots or amp):
        raise InputError(f"{option}: a position list takes no # or &; expected {EXPECTED[role]}")
    if role != "positions" and slots != 1:
        raise InputError(f"{option}: mark where the position goes with one # (or ## for its "
                         f"coordinates); expected {EXPECTED[role]}")
    return Target(head, tuple(args), text)


def parse_targets(grundy=None, positions=None, moves=None) -> dict:
    """The three options parsed (:func:`parse_target`): role -> :class:`Target` or None."""
    return {"grundy": parse_target("grundy", grundy), "positions": parse_target("positions", positions),
            "moves": parse_target("moves", moves)}
