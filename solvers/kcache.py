"""The on-disk cache of generated numba modules (kernels and compiled claims).

A generated module is written once as ``<cache>/<prefix>_<sha256>.py`` and imported from there,
so numba's ``cache=True`` keeps its machine code in ``<cache>/__pycache__`` across runs and across
processes (a Dask worker on the same machine loads what another compiled). ``<cache>`` is
``$CGS_BRIDGE_KERNEL_CACHE`` when set, else ``$XDG_CACHE_HOME/cgs_bridge/kernels`` (default
``~/.cache/cgs_bridge/kernels``); a read-only home falls back to a per-user temporary directory.
``cgs-bridge cache info|clear`` shows and empties it.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import sys
import tempfile
from pathlib import Path

from cgs_bridge.foundation import config

ENV = config.KERNEL_CACHE
#: File-name prefixes of the modules this package writes (``k`` kernels, ``c`` claims).
PREFIXES = ("k_", "c_")
_MODULES: dict = {}


def cache_dir() -> Path:
    """Directory of generated modules (not created here)."""
    env = config.get(config.KERNEL_CACHE)
    if env:
        return Path(env)
    base = config.get(config.XDG_CACHE_HOME) or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "cgs_bridge" / "kernels"


def source_key(source: str) -> str:
    """The cache key of a module text (with the numba and Python versions)."""
    import numba
    return hashlib.sha256((source + numba.__version__ + sys.version).encode()).hexdigest()[:24]


def import_source(source: str, prefix: str = "k"):
    """Import the module ``source`` from the cache (writing it first, atomically, when absent).

    Returns:
        ``(module, key)``; the same module object on later calls in this process.
    """
    key = source_key(source)
    if (prefix, key) in _MODULES:
        return _MODULES[prefix, key], key
    d = cache_dir()
    try:
        d.mkdir(parents=True, exist_ok=True)
    except OSError:  # read-only home: a per-user temporary directory still caches per boot
        d = Path(tempfile.gettempdir()) / f"cgs_bridge_kernels_{os.getuid()}"
        d.mkdir(parents=True, exist_ok=True)
    path = d / f"{prefix}_{key}.py"
    if not _holds(path, source):  # missing, or corrupt (garbage, truncated, edited): rebuilt
        _drop_machine_code(path)
        fd, tmp = tempfile.mkstemp(dir=d, suffix=".tmp")  # atomic: concurrent runs agree
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(source)
        os.replace(tmp, path)
    spec = importlib.util.spec_from_file_location(f"cgs_bridge_{prefix}_{key}", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    _MODULES[prefix, key] = module
    return module, key


def _holds(path: Path, source: str) -> bool:
    """The cached module file exists and holds exactly ``source`` (compared as bytes: a file of
    garbage is simply not a match)."""
    try:
        return path.read_bytes() == source.encode("utf-8")
    except OSError:
        return False


def _drop_machine_code(path: Path) -> None:
    """Remove numba's cached machine code (index and data files) of the module ``path``, so a
    rebuilt module never meets a corrupt index."""
    pyc = path.parent / "__pycache__"
    if pyc.is_dir():
        for p in pyc.glob(f"{path.stem}.*"):
            try:
                p.unlink()
            except OSError:
                pass


def forget() -> None:
    """Drop the modules imported in this process (the next use imports from disk again)."""
    _MODULES.clear()


def _ours(d: Path) -> list:
    files = [p for p in d.glob("*.py") if p.name.startswith(PREFIXES)]
    pyc = d / "__pycache__"
    if pyc.is_dir():
        files += [p for p in pyc.iterdir() if p.is_file() and p.name.startswith(PREFIXES)]
    return files


def info() -> dict:
    """``path``, ``env`` (the variable), ``source`` (where the path came from), ``modules``
    (generated modules), ``files`` and ``bytes`` (modules plus numba's machine code), and
    ``numba_cache_dir`` ($NUMBA_CACHE_DIR when set: numba then keeps the machine code there,
    outside this cache)."""
    d = cache_dir()
    files = _ours(d) if d.is_dir() else []
    return {"path": str(d), "env": ENV, "source": ENV if config.get(ENV) else "default",
            "modules": sum(1 for p in files if p.suffix == ".py"), "files": len(files),
            "bytes": sum(p.stat().st_size for p in files),
            "numba_cache_dir": config.get(config.NUMBA_CACHE_DIR) or None}


def clear() -> dict:
    """Delete the generated modules and their numba machine code (only files this package
    wrote: other files in the directory are left alone). Returns ``files`` and ``bytes`` removed."""
    d = cache_dir()
    files = _ours(d) if d.is_dir() else []
    n = b = 0
    for p in files:
        try:
            size = p.stat().st_size
            p.unlink()
        except OSError:
            continue
        n, b = n + 1, b + size
    forget()
    return {"files": n, "bytes": b}
