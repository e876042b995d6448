"""The proof folder of ``prove -o DIR`` (issues 46, 48): what it holds, checked before any work,
written atomically after it, by the project's one overwrite rule
(:func:`cgs_bridge.foundation.io.atomic_write_text`: an existing file with the same content is left
as it is; one with other content is replaced only with ``--force``).

- Before the work (:func:`check_folder`): ``DIR`` is a folder or can be created; every file a
  proof writes there (``proof.md``, ``proof.html``, ``proof.tex``, ``proof.json``, and the files
  of the provers: :attr:`solvers.logic.prover.Prover.owns`) is absent or a regular file (a FIFO, device, folder or symbolic
  link is refused and never opened); and without ``force`` the folder holds no such file unless
  its ``proof.json`` is the proof of the same game, parameters, claims and provers (a rerun).
- Run times are not content: a rerun whose files differ from the folder's only in run times (``0.4
  s``, ``12ms``, ``"seconds": 0.41``) replaces them without ``--force``; a file that differs in
  anything else (another verdict, a user's edit) is refused unless ``force``, for every file before
  any is written.
"""

from __future__ import annotations

import json
import os
import re
import stat
from pathlib import Path

from cgs_bridge.foundation.errors import InputError
from cgs_bridge.foundation.io import atomic_write_text

#: Names of the files a proof writes into its folder, besides those of the provers (:func:`owned`).
OWN = re.compile(r"proof\.(md|html|tex|json)\Z")
_TIMES = re.compile(r"\d[\d,]*(?:\.\d+)?(?=\s?(?:s|ms|seconds)\b)|(?<=\"seconds\": )[0-9.eE+-]+")


def owned(name: str) -> bool:
    """``name`` is a file a proof writes: :data:`OWN`, or a file of a prover of the registry
    (:attr:`~solvers.logic.prover.Prover.owns`; every prover is asked, as a folder may hold the
    proof of another prover)."""
    from cgs_bridge.systems.registry import PROVERS, prover
    return bool(OWN.match(name)) or any(prover(p).owns and re.fullmatch(prover(p).owns, name)
                                        for p in PROVERS)


def timeless(text: str) -> str:
    """``text`` with every run time replaced by ``#`` (what two runs of one proof may differ in)."""
    return _TIMES.sub("#", text)


def proof_key(ruleset, provers) -> dict:
    """What names a proof, known before the work: the game with its parameters, the claims (names
    and texts) and the provers; kept in ``proof.json`` as ``"proof"``."""
    from cgs_bridge.language.spec_printer import expr_text
    return {"game": ruleset.describe(), "provers": list(provers),
            "claims": [[c.name, expr_text(c.expr)] for c in ruleset.game.claims]}


def _kind(mode: int) -> str:
    for test, word in ((stat.S_ISLNK, "a symbolic link"), (stat.S_ISDIR, "a folder"),
                       (stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"),
                       (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return word
    return "not a regular file"


def check_folder(folder, force: bool = False, key: dict | None = None) -> Path:
    """Check ``-o DIR`` before any work (module docstring); returns the folder's path.

    Raises:
        InputError: ``DIR`` exists and is not a folder; it cannot be created; a file the proof
            writes is a symbolic link, FIFO, device or folder; or (without ``force``) the folder
            holds proof files of another proof, or proof files and no ``proof.json``.
    """
    path = Path(folder)
    if os.path.lexists(path) and (path.is_symlink() or not path.is_dir()):
        mode = os.lstat(path).st_mode
        raise InputError(f"-o {folder}: exists and is {'a file' if stat.S_ISREG(mode) else _kind(mode)}, "
                         "not a folder; -o names the folder the proof files are written into")
    if not path.exists():
        _check_creatable(path, folder)
        return path
    own = []
    for entry in os.scandir(path):
        if owned(entry.name):
            mode = entry.stat(follow_symlinks=False).st_mode
            if not stat.S_ISREG(mode):
                raise InputError(f"-o {folder}: {entry.name} is {_kind(mode)}; the proof writes a regular "
                                 "file of that name (remove it or choose another folder)")
            own.append(entry.name)
    if own and not force:
        _check_same_proof(path, folder, own, key)
    return path


def _check_creatable(path: Path, folder) -> None:
    parent = path.absolute().parent
    while not os.path.lexists(parent):
        parent = parent.parent
    if not parent.is_dir() or not os.access(parent, os.W_OK | os.X_OK):
        raise InputError(f"-o {folder}: cannot create the folder: {parent} is not a writable folder")


def _check_same_proof(path: Path, folder, own: list, key) -> None:
    held = None
    if "proof.json" in own:
        from cgs_bridge.foundation.io import load_json
        try:
            held = load_json(path / "proof.json", "proof.json", limit=64 << 20).get("proof")
        except (InputError, AttributeError):
            held = None
    if key is None or held != key:
        what = (f"the proof of {held.get('game')}" if isinstance(held, dict) else "files a proof writes")
        raise InputError(f"-o {folder}: the folder holds {what} ({', '.join(sorted(own)[:4])}); "
                         "pass --force to replace them, or choose another folder")


def folder_files(result) -> dict:
    """``{file name: text}`` of a result's proof folder: the documents, and per claim the files
    of each prover that decided it (:attr:`~solvers.logic.prover.Prover.files`)."""
    from cgs_bridge.systems.registry import prover

    from .proof import proof_markdown, to_json
    from .proof_html import proof_page
    from .proof_tex import proof_latex
    data = json.loads(to_json(result))
    if getattr(result, "key", None):
        data["proof"] = result.key
    files = {"proof.md": proof_markdown(result), "proof.html": proof_page(result),
             "proof.tex": proof_latex(result), "proof.json": json.dumps(data, indent=2) + "\n"}
    for i, r in enumerate(result.rows, 1):
        for p in r.decisions if r.problem is not None else ():
            files.update(prover(p).files(i, r, r.listings.get(p, "")))
    return files


def write_folder(result, folder, force: bool = False) -> list:
    """Write the proof folder; returns the paths written.

    Raises:
        InputError: as :func:`check_folder`, checked again; or a file exists whose content differs
            from the new one in more than run times and ``force`` is false (every file is compared
            before any is written).
    """
    path = check_folder(folder, force=True)
    files = folder_files(result)
    if not force:
        differ = []
        for name, text in files.items():
            target = path / name
            if target.is_file():
                old = target.read_text(encoding="utf-8", errors="replace")
                if timeless(old) != timeless(text):
                    differ.append(name)
        if differ:
            raise InputError(f"-o {folder}: {', '.join(differ)} exist(s) and differ(s) from this proof in more "
                             "than run times; pass --force to replace them")
    return [atomic_write_text(path / n, t, overwrite=True, make_parent=True) for n, t in files.items()]


def prove_into(source, params, claims, output=None, force: bool = False, **options):
    """:func:`cgs_bridge.jobs.prove_run.prove_game` with its proof folder: the game must have a
    claim, and ``output`` is checked (:func:`check_folder`) once the game and claims are read and
    before any prover runs; the folder is written after (an InputError then carries the result
    as ``result``, so that a caller can still show the verdicts).

    Raises:
        InputError: no claim to prove; the folder is refused; SpecError, ParameterError,
            EngineError: as ``prove_game``.
    """
    from cgs_bridge.jobs.prove_run import prove_game
    key: dict = {}

    def before(ruleset, provers):
        # issue 48.10: nothing to prove is an input error, not a success; a take-and-break game's
        # sequence is itself proved periodic (issue 49: the theorem's row)
        if not ruleset.game.claims and getattr(ruleset, "takebreak", None) is None:
            raise InputError(f"{ruleset.describe()} has no claims to prove: give one with --claim TEXT or "
                             "--claims FILE (cb.prove(..., claims=[...]))")
        key.update(proof_key(ruleset, provers))
        if output is not None:
            check_folder(output, force, key)
    result = prove_game(source, params, claims, before=before, **options)
    result.key = key
    if output is not None:
        try:
            write_folder(result, output, force=force)
        except InputError as e:
            e.result = result
            raise
    return result
