"""File output: atomic writes that never replace a user's file unasked."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from .errors import InputError


#: Largest input file read (transcripts, engine CSV, programs), in bytes.
MAX_INPUT_BYTES = 256 << 20


def read_input_text(path, what: str = "input", limit: int = MAX_INPUT_BYTES) -> str:
    """Read a UTF-8 text input of at most ``limit`` bytes (``/dev/zero`` or an endless pipe stops
    at the limit instead of filling memory).

    Raises:
        InputError: unreadable, not UTF-8, or larger than ``limit``.
    """
    try:
        with open(path, "rb") as f:
            raw = f.read(limit + 1)
    except OSError as e:
        raise InputError(f"cannot read {what} {path}: {e}") from None
    if len(raw) > limit:
        raise InputError(f"{what} {path} is larger than {limit >> 20} MiB; refused")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise InputError(f"cannot read {what} {path}: not UTF-8 text ({e.reason} at byte {e.start})") from None


def atomic_write_text(path, text: str, overwrite: bool = False, encoding: str = "utf-8") -> Path:
    """Write ``text`` to ``path`` atomically (temporary file in the same folder, then rename).

    Args:
        overwrite: replace an existing file with different content. An existing file with the
            same content is left alone either way.
    Raises:
        InputError: the file exists with other content and ``overwrite`` is false, or it cannot
        be written.
    """
    path = Path(path)
    if path.exists():
        try:
            if path.read_text(encoding=encoding) == text:
                return path
        except (OSError, UnicodeDecodeError):
            pass
        if not overwrite:
            raise InputError(f"{path} exists and differs from what would be written; "
                             "pass --force to replace it")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        with os.fdopen(fd, "w", encoding=encoding, newline="") as f:
            f.write(text)
        os.replace(tmp, path)
    except OSError as e:
        raise InputError(f"cannot write {path}: {e}") from None
    return path
