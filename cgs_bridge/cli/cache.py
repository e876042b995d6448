"""``cgs-bridge cache info|clear``: the on-disk cache of compiled kernels and claims."""

from __future__ import annotations


def register(sub) -> None:
    p = sub.add_parser("cache", help="show or empty the compiled-kernel cache",
                       description="Generated numba modules (one per specification for kernels, one per "
                                   "claim set) and their machine code live in $CGS_BRIDGE_KERNEL_CACHE, "
                                   "else $XDG_CACHE_HOME/cgs_bridge/kernels (default ~/.cache/...). "
                                   "'info' prints the location and size; 'clear' deletes the files "
                                   "cgs-bridge wrote there (the next solve compiles again, 1-2 s a kernel).")
    p.add_argument("action", choices=["info", "clear"])
    p.set_defaults(func=run)


def run(args) -> int:
    from solvers import kcache
    if args.action == "info":
        i = kcache.info()
        how = f"from ${i['env']}" if i["source"] != "default" else f"default; set ${i['env']} to move it"
        print(f"kernel cache: {i['path']} ({how})")
        print(f"{i['modules']} generated modules, {i['files']} files, {i['bytes'] / 2**20:.1f} MiB")
        if i["numba_cache_dir"]:
            print(f"note: $NUMBA_CACHE_DIR is set; numba keeps machine code in {i['numba_cache_dir']} "
                  "(not counted or cleared here)")
        return 0
    r = kcache.clear()
    print(f"removed {r['files']} files ({r['bytes'] / 2**20:.1f} MiB) from {kcache.cache_dir()}")
    return 0
