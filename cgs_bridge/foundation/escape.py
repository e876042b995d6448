"""Text from a user or a program as data in every output format (issue 37): one function per
format. Every writer that puts a name, a claim, a parameter's text, a program's output or an
engine's message into a page, a TeX file, a b-file or a terminal passes it through the function of
that format, so the text can never become markup, a script, live TeX, a forged data line or a
terminal control sequence.

- :func:`html_text`: HTML text and attribute values (``&``, ``<``, ``>``, both quotes).
- :func:`script_json`: a JSON document inside ``<script>`` (``<``, ``>``, ``&`` and the two line
  separators as ``\\uXXXX``, so neither ``</script>`` nor ``<!--`` can occur; HTML 5.2, "Restrictions
  for contents of script elements").
- :func:`tex_text`: TeX running text (captions, table headers): the ten special characters as
  commands, line breaks and control characters as visible escapes.
- :func:`tex_typewriter`: one line of a typewriter listing (``{\\char"NN}`` for the specials).
- :func:`markdown_text`: Markdown running text; :func:`markdown_fence`: a code fence no text ends.
- :func:`tex_comment`: one ``%`` comment line (a line break would end the comment: TeXbook ch. 8,
  a comment runs to the end of the line).
- :func:`bfile_comment`: the ``#`` header lines of an OEIS b-file, cut at line breaks so that no
  text can become an ``n a(n)`` data line (https://oeis.org/wiki/B-files).
- :func:`terminal`: ESC, the other C0 controls, DEL and the C1 controls (ECMA-48) as visible
  escapes, so a program's output cannot move the cursor, clear the screen or set a title.
"""

from __future__ import annotations

import json
import re

#: Characters shown as visible escapes on a terminal: C0 (but tab and line feed, kept where the
#: caller allows), DEL, C1 (0x80-0x9f: 0x9b is a one-byte CSI) and the Unicode line and paragraph
#: separators.
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029]")
_CONTROL_ALL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")
#: Line breaks of every kind (TeX ends a line at CR or LF; Python's splitlines also at these).
_BREAKS = re.compile("\r\n|[\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]")

_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t", "\x1b": "\\e", "\x07": "\\a", "\x08": "\\b",
          "\x0c": "\\f", "\x0b": "\\v", "\x00": "\\0"}


def visible(ch: str) -> str:
    """The visible escape of one control character: ``\\n``, ``\\e`` (ESC), ``\\a`` (BEL), ... or
    ``\\xNN`` / ``\\uNNNN``."""
    if ch in _NAMED:
        return _NAMED[ch]
    return f"\\x{ord(ch):02x}" if ord(ch) < 0x100 else f"\\u{ord(ch):04x}"


def terminal(text, keep_newlines: bool = True) -> str:
    """``text`` (any object, by ``str``) safe to print on a terminal: every control character
    (ESC, BEL, CR, backspace, the C1 set, ...) shown as its visible escape; line feeds and tabs kept
    when ``keep_newlines`` (a whole report), escaped too when not (one field of one line)."""
    pattern = _CONTROL if keep_newlines else _CONTROL_ALL
    return pattern.sub(lambda m: visible(m.group()), str(text))


def html_text(text) -> str:
    """``text`` as HTML text or a quoted attribute value: ``& < > " '`` as character references."""
    import html
    return html.escape(str(text), quote=True)


def script_json(data) -> str:
    """``data`` (JSON-serialisable) as JSON to embed in ``<script type="application/json">``: the
    same JSON value, with ``<``, ``>``, ``&``, U+2028 and U+2029 written as ``\\uXXXX`` (they occur
    only inside strings, where the escape means the same character).

    Raises:
        TypeError: ``data`` is not JSON-serialisable.
    """
    text = json.dumps(data, separators=(",", ":"))
    for ch in "<>&\u2028\u2029":
        text = text.replace(ch, f"\\u{ord(ch):04x}")
    return text


_TEX_SPECIAL = {"\\": "\\textbackslash{}", "{": "\\{", "}": "\\}", "$": "\\$", "&": "\\&",
                "#": "\\#", "^": "\\textasciicircum{}", "_": "\\_", "%": "\\%", "~": "\\textasciitilde{}"}
_TEX_PATTERN = re.compile("[\\\\{}$&#^_%~]")


#: Characters the default font encoding of pdflatex (OT1) would print wrongly (``<`` as ¡) or that
#: need a command: ASCII ones and the mathematical signs the project's own texts use.
_TEX_MORE = {"<": "\\textless{}", ">": "\\textgreater{}", "|": "\\textbar{}",
             "⊕": "$\\oplus$", "≤": "$\\le$", "≥": "$\\ge$", "≠": "$\\neq$", "∧": "$\\wedge$",
             "∨": "$\\vee$", "¬": "$\\neg$", "⇒": "$\\Rightarrow$", "⇔": "$\\Leftrightarrow$",
             "→": "$\\to$", "←": "$\\leftarrow$", "∀": "$\\forall$", "∃": "$\\exists$",
             "⌊": "$\\lfloor$", "⌋": "$\\rfloor$", "⌈": "$\\lceil$", "⌉": "$\\rceil$", "−": "$-$",
             "×": "$\\times$", "÷": "$\\div$", "·": "$\\cdot$", "≡": "$\\equiv$", "∈": "$\\in$", "∉": "$\\notin$",
             "ℕ": "$\\mathbf{N}$", "⊤": "$\\top$", "⊥": "$\\bot$", "φ": "$\\varphi$", "π": "$\\pi$",
             "…": "\\dots{}", "–": "--", "—": "---", "‘": "`", "’": "'", "“": "``", "”": "''",
             "ß": "\\ss{}", "æ": "\\ae{}", "Æ": "\\AE{}", "ø": "\\o{}", "Ø": "\\O{}",
             "œ": "\\oe{}", "Œ": "\\OE{}", "ł": "\\l{}", "Ł": "\\L{}", "ı": "\\i{}", "\u00a0": "~"}
#: Combining accents (Unicode) -> the TeX accent commands OT1 has.
_TEX_ACCENTS = {"\u0300": "`", "\u0301": "'", "\u0302": "^", "\u0303": "~", "\u0304": "=",
                "\u0306": "u", "\u0307": ".", "\u0308": '"', "\u030a": "r", "\u030b": "H",
                "\u030c": "v", "\u0327": "c"}


def _tex_char(ch: str) -> str:
    """One character of TeX running text that is not a special character."""
    if ch.isascii():
        return _TEX_MORE.get(ch, ch)
    if ch in _TEX_MORE:
        return _TEX_MORE[ch]
    import unicodedata
    base, *marks = unicodedata.normalize("NFD", ch)
    if base.isascii() and base.isalpha() and marks and all(m in _TEX_ACCENTS for m in marks):
        out = base if base not in "ij" else "\\" + base
        for m in marks:
            out = f"\\{_TEX_ACCENTS[m]}{{{out}}}"
        return out
    return f"[U+{ord(ch):04X}]"   # no command in pdflatex's default set-up: shown by its code


_TEX_OTHER = re.compile("[<>|]|[^\\x00-\\x7f]")


def tex_text(text) -> str:
    """``text`` as TeX running text (a caption, a header, a theorem's name): the special
    characters ``\\ { } $ & # ^ _ % ~`` as the commands that print them; ``< > |`` and the
    mathematical signs (``⊕ ≤ ⌊ ⌋ ∀`` ...) as commands, letters with accents as TeX accents, any
    other non-ASCII character as ``[U+XXXX]`` (pdflatex with its default OT1 font encoding and no
    package then prints every character as written); line breaks and control characters as
    visible escapes (``\\n`` printed as ``\\textbackslash{}n``)."""
    flat = terminal(text, keep_newlines=False)
    flat = _TEX_PATTERN.sub(lambda m: _TEX_SPECIAL[m.group()], flat)
    return _TEX_OTHER.sub(lambda m: _tex_char(m.group()), flat)


def tex_comment(text) -> str:
    """``text`` as the body of one TeX ``%`` comment line: every line break and control character
    shown as a visible escape, so the comment cannot end early (what follows a ``%`` up to the end
    of the line is ignored by TeX, special characters included)."""
    return terminal(text, keep_newlines=False)


def bfile_comment(text) -> str:
    """``text`` as b-file header lines: one ``# `` line per line of ``text`` (cut at every kind of
    line break), control characters shown as visible escapes; ends with a line feed."""
    lines = _BREAKS.split(str(text)) or [""]
    return "".join(f"# {terminal(line, keep_newlines=False)}\n" for line in lines)


def tex_typewriter(text) -> str:
    """``text`` as one line of typewriter (``\\ttfamily``) text: every ASCII character that TeX
    treats specially, and ``< > |``, as ``{\\char"NN}`` (the typewriter font of pdflatex's default
    encoding has every printable ASCII character at its code, so nothing needs another font);
    non-ASCII characters as :func:`tex_text` writes them; control characters as visible escapes.
    No text can end a listing or become TeX."""
    flat = terminal(text, keep_newlines=False)
    return "".join(f'{{\\char"{ord(ch):02X}}}' if ch in '\\{}$&#^_%~<>|' else
                   (ch if ch.isascii() else _tex_char(ch)) for ch in flat)


_MD_SPECIAL = re.compile(r"[\\`*_\[\]|~]")


def markdown_text(text) -> str:
    """``text`` as Markdown running text outside code (CommonMark): ``& < >`` as character
    references (no tag or comment can start: CommonMark's raw HTML needs a literal ``<``), and the
    punctuation that has a meaning inside a line (emphasis ``* _``, links ``[ ]``, code spans,
    tables ``|``, strikethrough ``~``, the escape itself) backslash-escaped (CommonMark 0.31,
    "Backslash escapes"); line breaks and control characters as visible escapes, so the text stays
    inside its line and cannot start a heading, a list or a fence."""
    flat = terminal(text, keep_newlines=False)
    flat = flat.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return _MD_SPECIAL.sub(lambda m: "\\" + m.group(), flat)


def markdown_fence(text) -> str:
    """A fence for a code block holding ``text``: three backticks, or one more than the longest
    run of backticks in ``text`` (CommonMark: a fence ends only at a run at least as long)."""
    runs = [len(m) for m in re.findall("`+", str(text))]
    return "`" * max(3, max(runs, default=0) + 1)
