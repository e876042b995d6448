"""File output: atomic writes that never replace a user's file unasked."""

from __future__ import annotations

import os
import re
import stat
import tempfile
from pathlib import Path

from .errors import InputError

#: Largest input file read (transcripts, engine CSV, programs), in bytes.
MAX_INPUT_BYTES = 256 << 20
#: Longest line of an imported transcript or table, in characters (a CGSuite list of lists printed
#: as one value is one line).
MAX_LINE_CHARS = 4 << 20
#: Most rows (positions) one imported transcript or table may hold.
MAX_ROWS = 5_000_000


def check_line_length(text: str, file: str, limit: int | None = None) -> None:
    """Refuse a text with a line longer than ``limit`` characters (default :data:`MAX_LINE_CHARS`)
    before anything splits it: one scan, no copies.

    Raises:
        InputError: naming the file, the line and the limit.
    """
    limit = MAX_LINE_CHARS if limit is None else limit
    if len(text) <= limit:
        return
    m = re.compile(r"(?m)^[^\n]{%d}" % (limit + 1)).search(text)
    if m:
        no = text.count("\n", 0, m.start()) + 1
        raise InputError(f"{file}:{no}: a line longer than {limit:,} characters; lines of imported "
                         f"output are limited to {limit:,} characters")


def check_row_count(rows: int, file: str, no, limit: int | None = None) -> None:
    """Refuse an import that has reached more than ``limit`` rows (default :data:`MAX_ROWS`);
    called while reading, so the rows beyond the limit are never stored.

    Raises:
        InputError: naming the file, the line reached and the limit.
    """
    limit = MAX_ROWS if limit is None else limit
    if rows > limit:
        raise InputError(f"{file}:{no}: more than {limit:,} rows; imported tables are limited to "
                         f"{limit:,} rows (compare a smaller box)")


#: What was read of inputs that can be read only once (a pipe such as ``--claims <(echo ...)``),
#: by (device, inode): a second reading in this process gets the same bytes (issue 46).
_READ_ONCE: dict = {}


def _once_key(path):
    """``(device, inode)`` of ``path`` when it is a FIFO or a character device (read once), else
    None."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_dev, st.st_ino) if stat.S_ISFIFO(st.st_mode) or stat.S_ISCHR(st.st_mode) else None


def read_input_text(path, what: str = "input", limit: int = MAX_INPUT_BYTES) -> str:
    """Read a UTF-8 text input of at most ``limit`` bytes (``/dev/zero`` or an endless pipe stops
    at the limit instead of filling memory). A pipe is read once: reading it again in this
    process gives the same text (``--claims <(echo ...)`` is looked at, then read).

    Raises:
        InputError: unreadable, not UTF-8, or larger than ``limit``.
    """
    key = _once_key(path)
    raw = _READ_ONCE.get(key) if key is not None else None
    if raw is None:
        raw = _read_bytes(path, what, limit)
        if key is not None:
            _READ_ONCE[key] = raw
    if len(raw) > limit:
        raise InputError(f"{what} {path} is larger than {limit >> 20} MiB; refused")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise InputError(f"cannot read {what} {path}: not UTF-8 text ({e.reason} at byte {e.start})") from None


def _read_bytes(path, what: str, limit: int) -> bytearray:
    """At most ``limit + 1`` bytes of ``path``, read in chunks (``f.read(limit + 1)`` would reserve
    the whole limit at once). Raises InputError when unreadable."""
    raw = bytearray()
    try:
        with open(path, "rb") as f:
            while len(raw) <= limit:
                chunk = f.read(min(1 << 20, limit + 1 - len(raw)))
                if not chunk:
                    break
                raw += chunk
    except OSError as e:
        raise InputError(f"cannot read {what} {path}: {e}") from None
    return raw


def load_json(path, what: str = "JSON file", limit: int = MAX_INPUT_BYTES):
    """The JSON document in ``path`` (at most ``limit`` bytes; nesting as deep as Python's parser
    allows, deeper is refused).

    Raises:
        InputError: unreadable, too large, not UTF-8, not JSON, or nested too deeply (file named).
    """
    import json
    text = read_input_text(path, what, limit)
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise InputError(f"{path}:{e.lineno}:{e.colno}: not valid JSON ({e.msg})") from None
    except RecursionError:
        raise InputError(f"{path}: JSON nested too deeply to be a {what}") from None


def _host_tag() -> str:
    """8 hex digits naming this machine (a folder shared between machines keeps the temporary
    files of a writer on another machine: its pid means nothing here)."""
    import hashlib
    return hashlib.sha256(os.uname().nodename.encode()).hexdigest()[:8]


def _alive(pid: int) -> bool:
    """Whether process ``pid`` still runs. A zombie (killed, not yet waited for by its parent: a
    writer killed with ``kill -9`` by a script that has not reaped it) does not: ``kill(pid, 0)``
    succeeds on it, which is why a second write did not sweep such a writer's temporary file
    (issue 37); its state letter in ``/proc/PID/stat`` (proc(5)) is ``Z``, or ``X`` when dead."""
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # another user's live process
    except (OverflowError, ValueError, OSError):
        return False
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            stat = f.read()
    except OSError:
        return True  # no /proc (not Linux): kill() said it runs
    state = stat[stat.rfind(b")") + 2:][:1]
    return state not in (b"Z", b"X")


def remove_stale_temps(path) -> list:
    """Remove the temporary files that an earlier write to ``path`` left when it was killed
    (``.NAME.PID@HOST.XXXXXXXX.tmp`` beside it, written by :func:`temp_beside`): only regular files
    of this user, written on this machine by a process that no longer runs. Returns the removed
    paths; errors are ignored (a file another run removed first, a read-only folder)."""
    path = Path(path)
    prefix, tag, removed = f".{path.name}.", f"@{_host_tag()}.", []
    try:
        entries = list(os.scandir(path.parent))
    except OSError:
        return removed
    for e in entries:
        name = e.name
        if not (name.startswith(prefix) and name.endswith(".tmp")):
            continue
        pid, at, rand = name[len(prefix):-4].partition(tag)
        if not (at and pid.isdigit() and len(rand) == 8 and "." not in rand) or _alive(int(pid)):
            continue
        try:
            st = e.stat(follow_symlinks=False)
            if stat.S_ISREG(st.st_mode) and st.st_uid == os.getuid():
                os.unlink(e.path)
                removed.append(Path(e.path))
        except OSError:
            pass
    return removed


def temp_beside(path) -> tuple:
    """``(fd, name)`` of a new temporary file in the folder of ``path``, named
    ``.NAME.PID@HOST.XXXXXXXX.tmp`` so that the next write to ``path`` can recognise and remove it
    if this process is killed before renaming it (:func:`remove_stale_temps`, called first).

    Raises:
        OSError: the folder cannot be written.
    """
    path = Path(path)
    remove_stale_temps(path)
    return tempfile.mkstemp(prefix=f".{path.name}.{os.getpid()}@{_host_tag()}.", suffix=".tmp",
                            dir=path.parent)


def umask() -> int:
    """The process umask (read without changing it)."""
    mask = os.umask(0)
    os.umask(mask)
    return mask


def check_output_path(path, overwrite: bool = False) -> Path:
    """Refuse an output path that is not, or would not be, a regular file in an existing folder.

    Raises:
        InputError: the path exists and is not a regular file (a device such as ``/dev/stdout``
        or ``/dev/null``, a FIFO, a folder): it is never read nor replaced; or its folder does
        not exist.
    """
    path = Path(path)
    special = [p for p in (path.absolute(), path.resolve()) if p.parts[1:2] in (("dev",), ("proc",), ("sys",))]
    if special or (os.path.lexists(path) and not path.is_file()):
        raise InputError(f"{path} exists and is not a regular file (it is {_kind(path)}); cgs-bridge writes "
                         "only regular files (omit -o to print to standard output)")
    parent = path.parent
    if not parent.is_dir():
        raise InputError(f"cannot write {path}: folder {parent} does not exist (create it first)")
    return path


def _kind(path) -> str:
    """What ``path`` is, in words: ``a symbolic link to nowhere``, ``a FIFO``, ``a device``, ..."""
    try:
        mode = os.lstat(path).st_mode
    except OSError:
        return "a special file"
    if stat.S_ISLNK(mode):
        return "a symbolic link" + ("" if os.path.exists(path) else " to nowhere")
    for test, word in ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a FIFO"), (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return word
    return "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "a special file"


def atomic_write_text(path, text: str, overwrite: bool = False, encoding: str = "utf-8",
                      make_parent: bool = False) -> Path:
    """Write ``text`` to ``path`` atomically (temporary file in the same folder, then rename), with
    the permissions a new file gets under the user's umask.

    Args:
        overwrite: replace an existing file with different content. An existing file with the
            same content is left alone either way.
        make_parent: create the folder of ``path`` (and its parents) when missing; otherwise a missing
            folder is an error.
    Raises:
        InputError: the file exists with other content and ``overwrite`` is false; it exists and is
        not a regular file (never read nor replaced); its folder is missing; it cannot be written
        (the temporary file is removed).
    """
    path = Path(path)
    if make_parent and not path.parent.exists():
        try:
            path.parent.mkdir(parents=True)
        except OSError as e:
            raise InputError(f"cannot create folder {path.parent}: {e.strerror}") from None
    check_output_path(path)
    if path.exists():
        try:
            if path.stat().st_size == len(text.encode(encoding)) and path.read_text(encoding=encoding) == text:
                return path
        except (OSError, UnicodeDecodeError):
            pass
        if not overwrite:
            raise InputError(f"{path} exists and differs from what would be written; "
                             "pass --force to replace it")
    tmp = None
    try:
        fd, tmp = temp_beside(path)
        os.fchmod(fd, 0o666 & ~umask())
        with os.fdopen(fd, "w", encoding=encoding, newline="") as f:
            f.write(text)
        os.replace(tmp, path)
        tmp = None
    except OSError as e:
        raise InputError(f"cannot write {path}: {e}") from None
    finally:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass
    return path


def atomic_write_bytes(path, data: bytes, overwrite: bool = False) -> Path:
    """Write ``data`` to ``path`` atomically (figures, Parquet); the folder must exist. The file
    gets the ordinary permissions of a new file (0666 minus the umask).

    Raises:
        InputError: missing folder, an existing file without ``overwrite``, or a write failure
        (no partial file is left).
    """
    path = check_output_path(path)
    if path.exists() and not overwrite:
        raise InputError(f"{path} exists; pass --force to replace it")
    fd, tmp = temp_beside(path)
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
