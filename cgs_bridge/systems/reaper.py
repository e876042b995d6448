"""The reaper: a standalone script (standard library only; started as ``python -I -S reaper.py``)
between cgs-bridge and an engine started outside the sandbox, so that after the run every process
the engine started is gone, including those that left its process group or session with
``setsid`` (issue 37).

It marks itself a child subreaper (``prctl(PR_SET_CHILD_SUBREAPER)``, Linux 3.4, prctl(2)): a
descendant orphaned by its parent's exit is re-parented to the reaper instead of to init. The
reaper starts the engine in a new session (with ``PR_SET_PDEATHSIG`` = SIGKILL and the
address-space limit), reports ``started PID`` (or ``error MESSAGE``) on the status pipe, waits for
it, then kills its process group and, until none is left, every child it has (each kill re-parents
that child's own children to the reaper). SIGTERM (sent by the kernel when cgs-bridge dies: the
caller sets ``PR_SET_PDEATHSIG`` = SIGTERM on the reaper) kills the engine's group first, and the
same sweep follows. The reaper exits with the engine's exit status (a signal re-raised).

Usage: ``reaper.py STATUS_FD MEMORY_BYTES|0 -- COMMAND...``
"""

import ctypes
import os
import resource
import signal
import subprocess
import sys
import time

PR_SET_PDEATHSIG = 1
PR_SET_CHILD_SUBREAPER = 36
#: Seconds the sweep keeps looking for children before giving up (an unkillable process: D state).
SWEEP_SECONDS = 10.0


def _prctl(option: int, value: int) -> bool:
    try:
        return ctypes.CDLL(None, use_errno=True).prctl(option, value, 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def children(pid: int) -> list:
    """Pids whose parent is ``pid`` (from /proc/PID/stat: the field after the command name)."""
    out = []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as f:
                stat = f.read()
        except OSError:
            continue
        fields = stat[stat.rfind(b")") + 2:].split()
        if len(fields) > 1 and int(fields[1]) == pid:
            out.append(int(name))
    return out


def sweep() -> None:
    """Kill and reap every child of this process until none is left."""
    me, deadline = os.getpid(), time.monotonic() + SWEEP_SECONDS
    while time.monotonic() < deadline:
        kids = children(me)
        if not kids:
            break
        for pid in kids:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        for pid in kids:
            try:
                os.waitpid(pid, 0)
            except (ChildProcessError, OSError):
                pass
    while True:  # zombies re-parented after the last look
        try:
            if os.waitpid(-1, os.WNOHANG)[0] == 0:
                break
        except ChildProcessError:
            break


def _engine_setup(memory: int):
    def apply():
        _prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
        if memory:
            try:
                resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
            except (ValueError, OSError):
                pass
    return apply


def main(argv: list) -> int:
    status_fd, memory, command = int(argv[0]), int(argv[1]), argv[3:]
    _prctl(PR_SET_CHILD_SUBREAPER, 1)
    status = os.fdopen(status_fd, "w")
    try:
        engine = subprocess.Popen(command, start_new_session=True, preexec_fn=_engine_setup(memory))
    except (OSError, ValueError, subprocess.SubprocessError) as e:
        status.write(f"error {e}\n")
        status.close()
        return 127
    status.write(f"started {engine.pid}\n")
    status.close()

    def stop(signum, frame):
        try:
            os.killpg(engine.pid, signal.SIGKILL)
        except OSError:
            pass
    signal.signal(signal.SIGTERM, stop)
    if os.getppid() == 1:  # cgs-bridge died before the death signal was armed
        stop(None, None)
    code = engine.wait()
    stop(None, None)  # the rest of its group
    sweep()
    if code < 0:  # the same death as the engine's
        try:
            signal.signal(-code, signal.SIG_DFL)
        except (OSError, ValueError):
            pass  # SIGKILL, SIGSTOP: no handler to reset
        os.kill(os.getpid(), -code)
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
