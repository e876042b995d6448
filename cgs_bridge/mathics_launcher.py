"""Run a Wolfram Language file in Mathics3 with its process, file, network and code-loading
builtins removed before the file is read (defence in depth inside the OS sandbox).

Standalone script (it is copied into the sandbox's scratch folder and run by the interpreter that
runs Mathics3; it does not import cgs_bridge): ``python mathics_launcher.py FILE``. It

1. switches Mathics3's own sandbox settings off (``ENABLE_SYSTEM_COMMANDS``: ``Run`` and friends
   print ``dis`` and fail; ``ENABLE_FILES_MODULE``: the ``files_io`` builtins — streams, ``Get``,
   ``Put``, ``Import``, ``Export``, ``ReadList``, ``OpenWrite``, ``CopyFile``, ``DeleteFile``,
   ``SetDirectory``, ``FileNames``, ``URLFetch`` ... — are never loaded);
2. deletes the definitions of every name in :data:`DENY` from the engine's builtins, so a call to
   one stays unevaluated whatever its spelling (``System`Run``, ``\\:0052un``, ``Symbol["Run"]``,
   ``ToExpression``, ``Uncompress``): there is nothing left to call, and ``Block``/``Remove`` cannot
   bring it back;
3. runs ``mathics -q -f FILE`` (the same output as the plain command).
"""

import sys

#: Builtins removed (those of the modules Mathics3 already skips are listed too, for other versions).
DENY = (
    # processes, shell, the Python side of the engine
    "Run", "RunProcess", "StartProcess", "KillProcess", "ProcessConnection", "RunThrough",
    "SystemOpen", "Install", "LinkLaunch", "LoadModule", "Share", "Breakpoint",
    "ExternalEvaluate", "StartExternalSession", "LibraryFunctionLoad",
    # environment and host identity
    "Environment", "GetEnvironment", "SetEnvironment", "$CommandLine", "$ScriptCommandLine",
    "$UserName", "$MachineName", "$ProcessID", "$ParentProcessID", "$HomeDirectory",
    "$UserBaseDirectory", "$InitialDirectory", "$InstallationDirectory", "$TemporaryDirectory",
    "$BaseDirectory", "$RootDirectory", "$Path", "HomeDirectory",
    # files and directories
    "FindList", "FileHash", "FileDate", "SetFileDate", "FileType", "CreateDirectory",
    "DeleteDirectory", "RenameDirectory", "CopyDirectory", "Get", "Put", "PutAppend", "Needs",
    "Import", "Export", "ReadList", "Read", "ReadString", "ReadLine", "OpenRead", "OpenWrite",
    "OpenAppend", "Write", "WriteString", "WriteLine", "BinaryRead", "BinaryWrite", "FilePrint",
    "FileNames", "CopyFile", "RenameFile", "DeleteFile", "CreateFile", "CreateTemporary",
    "SetDirectory", "ResetDirectory", "Directory", "DirectoryStack", "FileExistsQ",
    "FileInformation", "FileByteCount", "FindFile", "Save", "DumpSave", "Splice",
    # network
    "URLFetch", "URLSave", "URLRead", "URLExecute", "URLDownload", "URLSubmit", "HTTPRequest",
    "SocketConnect", "SocketOpen", "SendMail",
)


def _lock_down() -> None:
    import mathics.settings as settings
    settings.ENABLE_SYSTEM_COMMANDS = False
    settings.ENABLE_FILES_MODULE = False
    import mathics.core.definitions as definitions

    original = definitions.Definitions.__init__

    def locked_init(self, *args, **kwargs):
        original(self, *args, **kwargs)
        for name in DENY:
            self.builtin.pop("System`" + name, None)

    definitions.Definitions.__init__ = locked_init


def main() -> int:
    if len(sys.argv) != 2:
        print("usage: mathics_launcher.py FILE", file=sys.stderr)
        return 2
    _lock_down()
    from mathics.__main__ import main as mathics_main
    sys.argv = ["mathics", "-q", "-f", sys.argv[1]]
    return mathics_main() or 0


if __name__ == "__main__":
    sys.exit(main())
