"""The ``--scale`` option of every auditor (``ss=40``, ``ss=6,k=5`` or a call ``ppo[6]``) and the
integers a program's text writes, read up to 64-bit positions (issue 46; moved here from the audit's
size reading, which is the Wolfram Language's: ``systems/mathematica/sizes.py``, issue 45)."""

from __future__ import annotations

import re

from cgs_bridge.foundation.errors import InputError

#: The largest integer read as a value: positions are 64-bit integers (README, "Inputs"); a larger
#: literal or result is read as :data:`BEYOND` (never converted digit by digit: Python refuses
#: more than 4,300 digits, and ``10*^100000`` has 100,001; issue 46).
LARGEST = 2 ** 63 - 1
BEYOND = float("inf")

_SCALE_CALL = re.compile(r"([A-Za-z$][A-Za-z0-9$]*)\[\s*(\d+)\s*\]")


def int_text(digits: str):
    """The int a ``-?\\d+`` text writes, or ±:data:`BEYOND` past 64-bit positions (never
    converted: Python refuses texts of more than 4,300 digits)."""
    sign = -1 if digits.startswith("-") else 1
    plain = digits.lstrip("-").lstrip("0") or "0"
    if len(plain) > 19 or int(plain) > LARGEST:
        return sign * BEYOND
    return sign * int(plain)


def parse_scale_item(item: str) -> dict:
    """One ``--scale`` value: ``"ss=40"``, ``"ss=6,k=5"`` or ``"ppo[6]"`` (the call's argument;
    key ``"ppo[]"``). Returns name -> integer text. Raises ValueError when malformed."""
    item = str(item).strip()
    m = _SCALE_CALL.fullmatch(item)
    if m and not isinstance(int_text(m.group(2)), int):
        raise ValueError(f"--scale {item[:40]}{'...' if len(item) > 40 else ''}: beyond 64-bit positions "
                         "(more than 2^63 - 1)")
    if m:
        return {m.group(1) + "[]": m.group(2)}
    d = {}
    for part in item.split(","):
        name, eq, value = part.partition("=")
        name, value = name.strip(), value.strip()
        if not eq or not name.isidentifier() or not value.lstrip("-").isdigit():
            raise ValueError(f"--scale expects NAME=INTEGER[,NAME=INTEGER...] or f[INTEGER], got {item!r}")
        if not isinstance(int_text(value), int):
            raise ValueError(f"--scale {name}={value[:30]}{'...' if len(value) > 30 else ''}: beyond "
                             "64-bit positions (more than 2^63 - 1)")
        d[name] = value
    return d


def parse_scale(items) -> list:
    """``--scale`` values (``"ss=40"``, ``"ss=6,k=5"`` or a call ``"ppo[6]"``) as a list of dicts
    name -> int text (a call's name is ``"ppo[]"``).

    Raises:
        InputError: malformed item.
    """
    out = []
    for item in items or []:
        try:
            out.append(parse_scale_item(item))
        except ValueError as e:
            raise InputError(str(e)) from None
    return out
