"""Layer 2, the model: a checked specification bound to parameters (:class:`.game.Ruleset`), boxes
(:mod:`.box`), function-parameter properties (:mod:`.fnprops`), the catalog of published games
(:mod:`.catalog`), loading a game by name or file (:mod:`.loading`) and typed published claims
(:mod:`.claims`). Imports the language and the foundation only."""
