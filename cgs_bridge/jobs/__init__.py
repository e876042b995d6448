"""Layer 5, the jobs: what a command does, from a game to a result: :mod:`.verify`, :mod:`.compare`,
:mod:`.checking`, :mod:`.generate`, :mod:`.audit`, :mod:`.sweep`, :mod:`.discover`, :mod:`.bench`."""
