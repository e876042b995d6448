"""Layer 0, the foundation: what every layer may use and that knows nothing of games: errors and
exit codes (:mod:`.errors`), the environment variables (:mod:`.config`), safe file input/output
(:mod:`.io`), progress callbacks (:mod:`.progress`) and the jinja2 environments (:mod:`.templating`)."""
