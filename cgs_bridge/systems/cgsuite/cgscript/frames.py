"""The interpreter's call frames and the ``return`` signal, shared by the evaluator
(:mod:`.evaluator`) and the game operations (:mod:`.games`) without either importing the other."""

from __future__ import annotations


class _Return(Exception):
    def __init__(self, value):
        self.value = value


class Frame:
    """Scopes of one method call or the worksheet: ``scopes[0]`` takes new names."""

    __slots__ = ("scopes", "this")

    def __init__(self, scopes, this=None):
        self.scopes, self.this = scopes, this
