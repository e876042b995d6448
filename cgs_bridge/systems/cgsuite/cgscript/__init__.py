"""The one CGScript (1.1.1 and 2.x; docs/cgscript.md): :mod:`.normalize` (PDF/web artifacts),
:mod:`.parse` + ``cgscript_published.lark`` (grammar, AST in :mod:`.ast`, lexing in :mod:`.lexing`,
versions in :mod:`.dialect`), :mod:`.evaluator` + :mod:`.builtins` + :mod:`.values` (the
interpreter, nim values), :mod:`.worksheet` (running a script)."""
