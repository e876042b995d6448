"""File output: atomic writes that never replace a user's file unasked."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from .errors import InputError


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
