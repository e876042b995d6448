"""The lexical scan of Wolfram Language text (strings, nested comments, bracket depth), below both
the normaliser (:mod:`.normalize`) and the reading by Mathics3's parser (:mod:`.wlread`)."""

from __future__ import annotations


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
