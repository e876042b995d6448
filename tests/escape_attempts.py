"""Escape attempts an audited program might make (issue 10), for tests/systems/test_sandbox.py.

Each attempt targets a canary folder ``C`` outside the scratch folder: it tries to create
``C/<name>``, to change or delete ``C/keep.txt``, or to read ``C/secret.txt`` (which holds
:data:`SECRET`) or ``/etc/passwd`` into its output. :func:`attempts` returns ``(name, code)`` pairs;
:func:`program` joins them, each statement printing its value.
"""

import base64
import zlib

SECRET = "SECRET-TOKEN-7f3a"
KEEP = "keep me unchanged\n"
#: What printing /etc/passwd would show (its first line on Debian), or the Zen of Python.
HOST_TEXT = ("root:x:0:0", "Beautiful is better than ugly")


def compressed(full_form: str) -> str:
    """``Compress`` of an expression given in FullForm text (Mathics3: base64 of zlib), computed
    here independently of the engine."""
    return base64.b64encode(zlib.compress(full_form.encode("utf-8"))).decode("ascii")


def attempts(c: str) -> list:
    """Escape attempts against the canary folder ``c`` (absolute path)."""
    def touch(name):  # a WL string that Mathics3's Run hands to sh as: "sh" -c "touch C/name"
        return f'"sh\\" -c \\"touch {c}/{name}"'
    return [
        # the seven of issue 10
        ("system_run", f'System`Run[{touch("system_run")}]'),
        ("escaped_run", f'\\:0052un[{touch("escaped_run")}]'),
        ("uncompress", f'Uncompress["{compressed("Run[" + touch("uncompress") + "]")}"]'),
        ("export", f'System`Export["{c}/export.txt", "pwned"]'),
        ("delete", f'System`DeleteFile["{c}/keep.txt"]'),
        ("findlist_passwd", 'FindList["/etc/passwd", "root"]'),
        ("loadmodule", 'LoadModule["this"]'),
        # more
        ("findlist_secret", f'FindList["{c}/secret.txt", "SECRET"]'),
        ("toexpression", f'ToExpression["Ru" <> "n"][{touch("toexpression")}]'),
        ("symbol", f'Symbol["R" <> "un"][{touch("symbol")}]'),
        ("block_run", f'Block[{{Run}}, Run[{touch("block_run")}]]'),
        ("runprocess", f'RunProcess[{{"touch", "{c}/runprocess"}}]'),
        ("readlist", f'ReadList["{c}/secret.txt", String]'),
        ("import", f'Import["{c}/secret.txt"]'),
        ("get", f'Get["{c}/secret.wl"]'),
        ("copyfile", f'CopyFile["{c}/secret.txt", "{c}/copyfile"]'),
        ("copy_in", f'CopyFile["{c}/secret.txt", "copied.txt"]; ReadList["copied.txt", String]'),
        ("setdirectory", f'SetDirectory["{c}"]; Export["setdirectory.txt", "pwned"]'),
        ("openwrite", f'OpenWrite["{c}/openwrite"]'),
        ("environment", 'Environment["CGSB_TEST_SECRET"]'),
        ("createdirectory", f'CreateDirectory["{c}/createdirectory"]'),
        ("renamefile", f'RenameFile["{c}/keep.txt", "{c}/renamefile"]'),
        ("filenames", f'FileNames["*", "{c}"]'),
        ("network", 'URLFetch["http://127.0.0.1:9/"]'),
        # last: without a file module, Mathics3 10 crashes on writing to a stream it failed to open
        ("put", f'Put[pwned, "{c}/put"]'),
        ("writestring", f'WriteString[OpenAppend["{c}/keep.txt"], "pwned"]'),
    ]


#: Files in ``C`` that a successful attempt creates.
CREATES = ("system_run", "escaped_run", "uncompress", "export.txt", "toexpression", "symbol",
           "block_run", "runprocess", "copyfile", "setdirectory.txt", "openwrite", "put",
           "createdirectory", "renamefile")


def program(c: str) -> str:
    """Every attempt as one Wolfram Language file, each value printed on its own line."""
    return "".join(f'Print["ATTEMPT {name} ", {code}];\n' for name, code in attempts(c))


def make_canaries(c) -> None:
    """Fill the canary folder ``c`` (a pathlib.Path)."""
    (c / "keep.txt").write_text(KEEP)
    (c / "secret.txt").write_text(SECRET + "\n")
    (c / "secret.wl").write_text(f'Print["{SECRET}"]\n')


def damage(c) -> list:
    """What the attempts did to the canary folder: names of created or missing/changed files."""
    out = [name for name in CREATES if (c / name).exists()]
    keep = c / "keep.txt"
    if not keep.exists() or keep.read_text() != KEEP:
        out.append("keep.txt changed or deleted")
    extra = {p.name for p in c.iterdir()} - {"keep.txt", "secret.txt", "secret.wl"} - set(CREATES)
    return out + sorted(extra)
