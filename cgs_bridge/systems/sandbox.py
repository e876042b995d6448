"""An operating-system sandbox for engine runs of untrusted code (audited published programs).

The sandbox is bubblewrap (``bwrap``, Debian package ``bubblewrap``). :func:`wrap` turns an engine
command into one that runs

- in new mount/PID/network/IPC/UTS/cgroup namespaces (``--unshare-all``, which adds a user
  namespace when cgs-bridge is not root): no network, only the sandbox's own processes visible,
  host name ``sandbox``;
- on an empty read-only root holding, read-only, only what the engine needs: ``/usr`` and the
  ``/lib*``, ``/bin``, ``/sbin`` links or folders, the Python installation(s) running the engine
  (``sys.prefix``, ``sys.base_prefix``, the engine script's installation), ``/etc/ld.so.cache``,
  ``/etc/localtime``, ``/etc/fonts``; not ``/etc/passwd``, not ``/root``, not ``/home``, not the
  project folder;
- with one writable place, the scratch folder (bound at its own path, also the working directory
  and ``$HOME``/``$TMPDIR``), a private ``/dev`` and ``/proc``, and a cleared environment;
- with ``--die-with-parent`` and ``--new-session``; the caller sets ``PR_SET_PDEATHSIG`` on bwrap
  itself (:mod:`cgs_bridge.systems.engines`), so a killed cgs-bridge ends bwrap, whose death ends the
  sandbox's PID namespace and everything in it;
- under resource limits set on the bwrap process and inherited (:class:`Limits`: CPU seconds,
  address space, file size, process count). When cgs-bridge runs as root, the program is started
  as the host user ``nobody`` (65534) with no capabilities and ``no_new_privs`` through
  ``setpriv`` (bwrap then makes no user namespace, whose root would be the host's root), since the
  kernel never applies a process-count limit to root.

:func:`unavailable_reason` says why no sandbox can be set up (bwrap missing, namespaces refused).
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from cgs_bridge.foundation.errors import EngineError

#: User and group the program runs as when cgs-bridge is root.
NOBODY = 65534
#: How to install the sandbox, for error messages.
INSTALL_HINT = ("install bubblewrap (Debian/Ubuntu: apt-get install bubblewrap; Fedora: dnf install "
                "bubblewrap) and make sure unprivileged user namespaces are allowed, or pass "
                "--no-sandbox to run the program without it (it can then read and write your files)")
#: Host files under /etc an engine may need (none names users or secrets).
ETC_FILES = ("/etc/ld.so.cache", "/etc/localtime", "/etc/fonts", "/etc/alternatives")


@dataclass(frozen=True)
class Limits:
    """Resource limits of one sandboxed run: ``cpu_seconds`` (RLIMIT_CPU), ``memory`` (bytes of
    address space, RLIMIT_AS), ``file_size`` (bytes per written file, RLIMIT_FSIZE), ``processes``
    (RLIMIT_NPROC, beyond what the user already runs). ``None`` leaves one unlimited."""

    cpu_seconds: int | None = 660
    memory: int | None = 4 << 30
    file_size: int | None = 256 << 20
    processes: int | None = 64


def bwrap() -> str | None:
    """Path of the ``bwrap`` executable, or None."""
    return shutil.which("bwrap")


def _system_binds() -> list:
    args = []
    for top in ("/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"):
        p = Path(top)
        if p.is_symlink():
            args += ["--symlink", os.readlink(top), top]
        elif p.is_dir():
            args += ["--ro-bind", top, top]
    args += ["--ro-bind", "/usr", "/usr"]
    for f in ETC_FILES:
        if os.path.exists(f):
            args += ["--ro-bind", f, f]
    return args


def _parents(paths) -> list:
    """``--perms 0755 --dir`` for every folder above the bind points (bwrap would make them 0700,
    closed to ``nobody``)."""
    out, seen = [], set()
    for p in paths:
        for parent in reversed(Path(p).parents):
            text = str(parent)
            if text in ("/", "/usr") or text.startswith("/usr/") or text in seen:
                continue
            seen.add(text)
            out += ["--perms", "0755", "--dir", text]
    return out


def engine_prefixes(argv) -> list:
    """Installation folders (read-only binds) the engine ``argv`` needs beyond ``/usr``: the
    running interpreter's prefixes and the installation holding the executable ``argv[0]``."""
    out = []
    for p in (sys.prefix, sys.base_prefix, sys.exec_prefix):
        out.append(Path(p).resolve())
    exe = Path(argv[0])
    if exe.is_absolute() and exe.exists():
        out.append(exe.parent.parent)                       # a venv or an install prefix
        out.append(exe.resolve().parent.parent)
    keep = []
    for p in out:
        text = str(p)
        if text in ("/", str(Path.home())) or text.startswith("/usr/") or text == "/usr":
            continue
        if p.is_dir() and p not in keep:
            keep.append(p)
    return keep


def wrap(argv: list, scratch, env: dict | None = None, read_only=()) -> list:
    """The bwrap command line running ``argv`` in the sandbox with ``scratch`` writable.

    Args:
        argv: the engine command; paths in it must be visible inside (under ``scratch`` or an
            engine prefix or ``read_only``).
        scratch: existing folder, the only writable place; made by :func:`make_scratch` (when
            cgs-bridge is root, the program runs as ``nobody`` and needs it writable).
        env: environment variables of the program (the host environment is not passed).
        read_only: further host paths bound read-only at their own path.
    Raises:
        EngineError: bwrap is not installed.
    """
    exe = bwrap()
    if exe is None:
        raise EngineError("no sandbox: bwrap is not installed; " + INSTALL_HINT)
    scratch = str(Path(scratch).resolve())
    root = os.geteuid() == 0
    # as root, no user namespace: the program becomes the host user nobody (see module docstring)
    unshare = (["--unshare-ipc", "--unshare-pid", "--unshare-net", "--unshare-uts",
                "--unshare-cgroup-try", "--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID"]
               if root else ["--unshare-all"])
    args = [exe, *unshare, "--die-with-parent", "--new-session", "--hostname", "sandbox", "--clearenv"]
    binds = engine_prefixes(argv) + [Path(r).resolve() for r in read_only]
    args += _parents(binds + [Path(scratch)] + [Path(f) for f in ETC_FILES])
    args += _system_binds()
    for p in binds:
        args += ["--ro-bind", str(p), str(p)]
    args += ["--proc", "/proc", "--dev", "/dev", "--bind", scratch, scratch, "--chdir", scratch]
    full_env = {"PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": scratch, "TMPDIR": scratch,
                "LANG": "C.UTF-8", **(env or {})}
    for k, v in full_env.items():
        args += ["--setenv", k, v]
    args += ["--remount-ro", "/"]
    if root:
        args += ["--", "/usr/bin/setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups",
                 "--inh-caps=-all", "--bounding-set=-all", "--no-new-privs", "--"]
    else:
        args += ["--"]
    return args + list(argv)


def make_scratch(private_parent) -> Path:
    """Create ``private_parent/scratch`` for :func:`wrap`. ``private_parent`` must be a folder only
    this user can enter (e.g. from ``tempfile.mkdtemp``): when cgs-bridge is root the scratch folder
    is made writable by everyone so that ``nobody`` can write it, and the parent keeps other host
    users out."""
    parent = Path(private_parent)
    st = parent.stat()
    if st.st_mode & 0o077 or st.st_uid != os.geteuid():
        raise EngineError(f"scratch parent {parent} must be private (mode 0700, owned by you)")
    scratch = parent / "scratch"
    scratch.mkdir(mode=0o700)
    if os.geteuid() == 0:
        os.chmod(scratch, 0o777)
    return scratch


def user_processes() -> int:
    """Number of processes of this real user (the kernel counts RLIMIT_NPROC per user)."""
    uid, n = os.getuid(), 0
    for entry in os.scandir("/proc"):
        if entry.name.isdigit():
            try:
                if entry.stat().st_uid == uid:
                    n += 1
            except OSError:
                pass
    return n


def rlimits(limits: Limits) -> list:
    """``(resource, value)`` pairs to set on the bwrap process (inherited by the program)."""
    import resource
    out = []
    if limits.cpu_seconds:
        out.append((resource.RLIMIT_CPU, int(limits.cpu_seconds)))
    if limits.memory:
        out.append((resource.RLIMIT_AS, int(limits.memory)))
    if limits.file_size:
        out.append((resource.RLIMIT_FSIZE, int(limits.file_size)))
    if limits.processes:
        base = 0 if os.geteuid() == 0 else user_processes()   # root: counted for nobody
        out.append((resource.RLIMIT_NPROC, base + int(limits.processes)))
    return out


@functools.lru_cache(maxsize=1)
def unavailable_reason() -> str | None:
    """None when a sandbox can be set up here, else why not (bwrap missing or refused to start
    with a test command)."""
    if bwrap() is None:
        return "bwrap (bubblewrap) is not installed"
    if os.geteuid() == 0 and not os.path.exists("/usr/bin/setpriv"):
        return "setpriv (util-linux) is missing, needed to drop root inside the sandbox"
    import tempfile
    with tempfile.TemporaryDirectory(prefix="cgsb-probe-") as tmp:
        cmd = wrap(["/bin/sh", "-c", "exit 0"], make_scratch(tmp))
        try:
            res = subprocess.run(cmd, capture_output=True, text=True, timeout=30)
        except (OSError, subprocess.TimeoutExpired) as e:
            return f"bwrap cannot start: {e}"
        if res.returncode != 0:
            return f"bwrap refused to set up the sandbox: {res.stderr.strip()[:300]}"
    return None


def require() -> None:
    """Raise :class:`EngineError` (exit 2) saying why there is no sandbox and how to get one."""
    why = unavailable_reason()
    if why:
        raise EngineError(f"no sandbox for the untrusted program: {why}; {INSTALL_HINT}")
