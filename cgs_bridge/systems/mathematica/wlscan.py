"""The lexical scan of Wolfram Language text (strings, nested comments, bracket depth), below both
the normaliser (:mod:`.normalize`) and the reading by Mathics3's parser (:mod:`.wlread`)."""

from __future__ import annotations

import re
from array import array
from bisect import bisect_left


def scan(text: str):
    """Yield ``(index, char, state, depth)`` over ``text``; ``state`` is ``code``, ``string`` or
    ``comment``; ``depth`` is the bracket depth *before* the character (strings and comments
    skipped). Comments nest, as in the Wolfram Language."""
    depth = 0
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            for k in range(i, min(j + 1, n)):
                yield k, text[k], "string", depth
            i = j + 1
            continue
        if text.startswith("(*", i):
            level, j = 0, i
            while j < n:
                if text.startswith("(*", j):
                    level, j = level + 1, j + 2
                elif text.startswith("*)", j):
                    level, j = level - 1, j + 2
                    if level == 0:
                        break
                else:
                    j += 1
            for k in range(i, min(j, n)):
                yield k, text[k], "comment", depth
            i = j
            continue
        yield i, ch, "code", depth
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth = max(depth - 1, 0)
        i += 1


#: Endings that leave an expression incomplete (an operator still waiting for its right operand).
INCOMPLETE_END = re.compile(r"(=|\+|-|\*|/|\^|&&|\|\||<|>|@|~|:|\||,|\.\.)\s*$")
_SPACES = re.compile(r"\s+")
#: What :class:`Lexed` jumps between: a string's quote, a comment's start, a bracket.
_SPECIAL = re.compile(r'"|\(\*|[\[\](){}]')
#: A string from its opening quote: ``\`` escapes the next character; the closing quote, if any.
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*("?)', re.S)
_COMMENT_MARK = re.compile(r"\(\*|\*\)")
_RUN = re.compile(rb"c+|s+|m+")
CODE, STRING, COMMENT = ord("c"), ord("s"), ord("m")


class Lexed:
    """The scan of :func:`scan` kept as arrays, made in one pass that jumps from one string,
    comment or bracket to the next (issue 46: reading a program is linear in its length):
    ``states[i]`` is :data:`CODE`, :data:`STRING` or :data:`COMMENT`, ``depths[i]`` the bracket
    depth before character ``i`` (strings and comments skipped), as :func:`scan` yields them."""

    def __init__(self, text: str):
        n = len(text)
        self.text, self.n = text, n
        self.states = bytearray(b"c") * n
        self.depths = array("i", bytes(4 * n))
        depth, i = 0, 0
        while True:
            m = _SPECIAL.search(text, i)
            stop = m.start() if m else n
            self._fill(i, stop, CODE, depth)
            if m is None:
                break
            k, tok = m.start(), m.group()
            if tok == '"':
                s = _STRING.match(text, k)
                i = s.end() if s.group(1) else n
                self._fill(k, i, STRING, depth)
            elif tok == "(*":
                i = _comment_end(text, k)
                self._fill(k, i, COMMENT, depth)
            else:
                self.depths[k] = depth
                depth = depth + 1 if tok in "([{" else max(depth - 1, 0)
                i = k + 1
        self.newlines = array("l", (m.start() for m in re.finditer("\n", text)))

    def _fill(self, start: int, stop: int, state: int, depth: int) -> None:
        if stop > start:
            if state != CODE:
                self.states[start:stop] = bytes((state,)) * (stop - start)
            if depth:
                self.depths[start:stop] = array("i", (depth,)) * (stop - start)

    def run_end(self, i: int) -> int:
        """The end of the run of characters in the state of character ``i``."""
        return _RUN.match(self.states, i).end()

    def runs(self):
        """``(start, end, state)`` of every run of characters in one state, in order."""
        for m in _RUN.finditer(self.states):
            yield m.start(), m.end(), self.states[m.start()]

    def line(self, index: int) -> int:
        """The 1-based line of ``index`` (the number of newlines before it, plus one)."""
        return bisect_left(self.newlines, index) + 1


def _comment_end(text: str, start: int) -> int:
    """The index after the comment opened at ``start`` (comments nest), or ``len(text)``."""
    level = 0
    for m in _COMMENT_MARK.finditer(text, start):
        level += 1 if m.group() == "(*" else -1
        if level == 0:
            return m.end()
    return len(text)


class Buffer:
    """The text of the statement the splitter of :mod:`.normalize` is reading, and what it asks of
    it at every line break, kept as it grows (issue 46: never joined and scanned again per
    character): ``blank`` (nothing but whitespace so far) and ``complete()`` (its code, strings
    and comments left out, is not empty and does not end in an operator, :data:`INCOMPLETE_END`).
    Pieces are added whole (a string, a comment: ``code=False``) or are code, and a statement
    starts in code, so the code of the buffer is the code pieces added, as :func:`scan` of the
    whole buffer would read it; ``tail`` keeps its last 16 characters, blanks run together."""

    def __init__(self):
        self.parts, self.blank, self.code_blank, self.tail = [], True, True, ""

    def add(self, piece: str, code: bool) -> None:
        self.parts.append(piece)
        if self.blank and piece.strip():
            self.blank = False
        if code:
            if self.code_blank and piece.strip():
                self.code_blank = False
            self.tail = (self.tail + _SPACES.sub(" ", piece))[-16:]

    def complete(self) -> bool:
        return not self.code_blank and not INCOMPLETE_END.search(self.tail.rstrip())

    def text(self) -> str:
        return "".join(self.parts)


def incomplete(text: str) -> str | None:
    """Why ``text`` (the printed program) cannot be complete, or None: it ends inside a string or
    comment, or inside an open bracket (the outermost: the statement cut off), named with its
    1-based line and column."""
    stack, start, prev, last = [], None, None, "code"
    for i, ch, state, _ in scan(text + "\n"):  # the added newline is inside what is left open
        if state != prev and state in ("string", "comment"):
            start = i
        prev = last = state
        if state == "code" and ch in "([{":
            stack.append((ch, i))
        elif state == "code" and ch in ")]}" and stack:
            stack.pop()

    def where(i):
        line = text.count("\n", 0, i) + 1
        return f"line {line}, column {i - (text.rfind(chr(10), 0, i) + 1) + 1}"
    if last in ("string", "comment") and start is not None:
        return f"the program ends inside a {last} opened at {where(start)}"
    if stack:  # the outermost open bracket: the statement that was cut off
        ch, i = stack[0]
        return f"the program ends inside `{ch}` opened at {where(i)}"
    return None
