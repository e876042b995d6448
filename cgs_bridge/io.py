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


def atomic_write_bytes(path, data: bytes, overwrite: bool = False) -> Path:
    """Write ``data`` to ``path`` atomically (figures, Parquet); the folder must exist. The file
    gets the ordinary permissions of a new file (0666 minus the umask).

    Raises:
        InputError: missing folder, an existing file without ``overwrite``, or a write failure
        (no partial file is left).
    """
    path = Path(path)
    if not path.parent.is_dir():
        raise InputError(f"{path}: folder {path.parent} does not exist")
    if path.exists() and not overwrite:
        raise InputError(f"{path} exists; pass --force to replace it")
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, path)
    except OSError as e:
        Path(tmp).unlink(missing_ok=True)
        raise InputError(f"cannot write {path}: {e}") from None
    return path
