"""Proofs for every position (issues 32, 33): the proof language (:mod:`solvers.logic.formula`)
and the translation of a checked game's claims into it."""
