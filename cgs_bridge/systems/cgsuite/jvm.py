"""JVM sizes for running CGSuite (Java 17) under an address-space limit (issue 18).

A JVM reserves address space up front: its heap (by default a quarter of the machine's memory,
6 GiB on a 24 GiB machine), 1 GiB of compressed class space, 240 MiB of code cache, thread stacks
and malloc arenas. Under ``RLIMIT_AS`` (the sandbox's ``--memory``) it then refuses to start
("Could not reserve enough space", "Could not allocate compressed class space") or dies later in
``malloc``. Measured on ../shared/engines/cgsuite (OpenJDK 17, ``ulimit -v``): with the options
of :func:`java_options` it runs seed 003's ported Ex 8.6 (k = 5, x, z <= 20, y <= 10) at 1 GiB
and Ex 8.2 (3,234 positions) at 4 GiB; with JVM defaults it cannot start at 1 or 2 GiB, and
with 16 MiB thread stacks and 128 MiB code cache and class space it dies in ``malloc`` at 1 GiB.

The options travel in ``JAVA_TOOL_OPTIONS``, which every JVM reads whatever the command line
(``bin/cgsuite-repl`` or ``java -cp cgsuite.jar org.cgsuite.lang.Repl``); the JVM then prints
``Picked up JAVA_TOOL_OPTIONS: ...`` on stderr.
"""

from __future__ import annotations

from cgs_bridge.foundation.errors import EngineError

GIB = 1 << 30
MIB = 1 << 20
#: Address space the JVM needs beside its heap with these options (code cache, class space,
#: metaspace, stacks, two malloc arenas, the JIT compilers' arenas, mapped libraries): a 512 MiB
#: heap under 1 GiB ran out of native memory in the JIT compiler (sandboxed REPL, Ex 8.6).
OVERHEAD = 3 * GIB // 2
#: Smallest limit under which the JVM starts with :func:`java_options` (measured: 1 GiB works).
MINIMUM = 768 * MIB
#: What a JVM prints when it cannot start or runs out of memory.
FAILURES = ("Could not create the Java Virtual Machine", "Error occurred during initialization of VM",
            "Could not reserve enough space", "insufficient memory for the Java Runtime",
            "Could not allocate compressed class space", "java.lang.OutOfMemoryError",
            "Cannot allocate memory")


def host_paths() -> list:
    """Host folders a JVM reads besides ``/usr`` (Debian keeps its ``java.security`` and other
    configuration in ``/etc/java-17-openjdk``, linked from ``/usr/lib/jvm``): to be bound
    read-only into the sandbox."""
    from pathlib import Path
    return sorted(p for p in Path("/etc").glob("java*") if p.is_dir())


def heap_bytes(memory: int) -> int:
    """``-Xmx`` for an address-space limit of ``memory`` bytes: the limit less the JVM's overhead,
    at least a third of the limit."""
    return max(memory // 3, memory - OVERHEAD) // MIB * MIB


def java_options(memory: int | None, error_dir: str | None = None) -> str:
    """The JVM options for an address-space limit of ``memory`` bytes (None: no limit, only
    ``error_dir``); ``error_dir``: folder for a crash log (``hs_err_pid*.log``), instead of the
    working directory.

    Raises:
        EngineError: ``memory`` is below :data:`MINIMUM` (the JVM cannot start under it).
    """
    opts = []
    if memory is not None:
        if memory < MINIMUM:
            raise EngineError(f"the memory limit {memory / GIB:.2f} GiB (--memory) is below the "
                              f"{MINIMUM / GIB:.2f} GiB a Java VM needs to start CGSuite; give --memory 1 or more")
        opts += [f"-Xmx{heap_bytes(memory) // MIB}m", "-Xss8m", "-XX:ReservedCodeCacheSize=64m",
                 "-XX:CompressedClassSpaceSize=64m", "-XX:MaxMetaspaceSize=256m", "-XX:+UseSerialGC",
                 "-XX:CICompilerCount=2"]
    if error_dir:
        opts.append(f"-XX:ErrorFile={error_dir}/hs_err_pid%p.log")
    return " ".join(opts)


def environment(memory: int | None, error_dir: str | None = None) -> dict:
    """Environment variables that give a JVM started by any command the options of
    :func:`java_options` (and two malloc arenas instead of eight per core)."""
    return {"JAVA_TOOL_OPTIONS": java_options(memory, error_dir), "MALLOC_ARENA_MAX": "2"}


def memory_failure(text: str, memory: int | None) -> str | None:
    """A message naming the limit when ``text`` (a JVM's output) says it could not start or ran
    out of memory, else None."""
    hit = next((line.strip() for line in text.splitlines() if any(f in line for f in FAILURES)), None)
    if hit is None:
        return None
    limit = f"the address-space limit of {memory / GIB:.2f} GiB (--memory)" if memory else "its memory"
    return (f"the Java VM running CGSuite could not start or ran out of memory under {limit}, with "
            f"{java_options(memory) or 'default JVM sizes'}: {hit}; give a larger --memory")
