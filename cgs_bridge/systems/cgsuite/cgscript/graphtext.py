"""CGSuite 2.2's text notation of graphs, read (``Graph.Parse``) and printed (``Graph("...")``),
for :mod:`.graphs` (issue 47 item 6).

The notation, as CGSuite's tutorial "Games on Graphs" describes it and the real engine reads and
prints it (checked by ``tests/systems/cgsuite/test_cgscript_graphs.py``): a vertex is ``.`` (no
label) or a label symbol; ``-`` an unlabelled edge from the vertex before, or an edge-label
symbol; ``(a;b;...)`` branches from the vertex before; ``;`` at the top level starts a new
component; ``:A`` or ``:{name}`` names a vertex, and a vertex named twice is one vertex (cycles);
``{12}`` is one symbol of several characters. Dots are optional: ``"---"`` is a path of four
vertices. A symbol is a vertex label when the vertex-label function maps it (a map such as
``{"" => Nothing}``, or a procedure such as ``str -> Integer.Parse(str)``).
"""

from __future__ import annotations

from .values import CGMap, freeze


def tokens(interp, text: str, node) -> list:
    """The symbols of ``text``: single characters, ``{...}`` as one symbol, blanks dropped."""
    out, k = [], 0
    while k < len(text):
        c = text[k]
        if c == "{":
            end = text.find("}", k + 1)
            if end < 0:
                interp.fail(f"Graph.Parse(\"{text}\"): invalid graph specification (an unclosed `{{`)", node)
            out.append(text[k + 1:end])
            k = end + 1
            continue
        if c != " ":
            out.append(c)
        k += 1
    return out


class Reader:
    """One ``Graph.Parse``: ``labels`` and ``adj`` (the edges at each vertex, in the order read)."""

    def __init__(self, interp, text, vlabels, elabels, node):
        self.interp, self.text, self.node = interp, text, node
        self.vlabels, self.elabels = vlabels, elabels
        self.toks = tokens(interp, text, node)
        self.labels, self.adj, self.named = [], [], {}

    def fail(self, why: str):
        self.interp.fail(f"Graph.Parse(\"{self.text}\"): invalid graph specification ({why})", self.node)

    def at(self, pos):
        return self.toks[pos] if pos < len(self.toks) else None

    def lookup(self, f, sym, kind):
        if isinstance(f, CGMap):
            if sym not in f:
                self.fail(f"`{sym}` is not a {kind} symbol: key not found")
            return f.get(sym)
        return self.interp.games.apply(self.interp, f, [sym], self.node, None)

    def is_vertex(self, sym) -> bool:
        if sym is None:
            return False
        if isinstance(self.vlabels, CGMap):
            return sym in self.vlabels
        return sym not in ("-", ".", ";", "(", ")", ":", "<", ">")

    def read(self):
        pos = self.vertex(0, None) if self.toks else 0
        while pos < len(self.toks):
            if self.toks[pos] != ";":
                self.fail(f"`{self.toks[pos]}` where `;` or the end was expected")
            pos = self.vertex(pos + 1, None)
        self.interp.check_count(len(self.labels), self.node)
        return self.labels, self.adj

    def vertex(self, pos, prev):
        """Read an edge from ``prev`` (if any) and the vertex it leads to, then what follows."""
        elab = None
        if prev is not None:
            sym = self.at(pos)
            if sym in ("<", ">"):
                self.fail("directed edges are not allowed in a Graph")
            elab, pos = self.lookup(self.elabels, "" if sym == "-" else sym, "edge"), pos + 1
        if self.is_vertex(self.at(pos)):
            lab, pos = self.lookup(self.vlabels, self.at(pos), "vertex"), pos + 1
        else:
            pos += self.at(pos) == "."
            lab = self.lookup(self.vlabels, "", "vertex")
        name = None
        if self.at(pos) == ":":
            if self.at(pos + 1) is None:
                self.fail("a `:` without a vertex name")
            name, pos = self.at(pos + 1), pos + 2
        v = self.place(name, lab)
        if prev is not None:
            self.adj[prev - 1].append((elab, prev, v))
            if prev != v:
                self.adj[v - 1].append((elab, v, prev))
        return self.chain(pos, v)

    def place(self, name, lab) -> int:
        """The vertex named ``name`` (its labels must agree), or a new one."""
        if name is not None and name in self.named:
            v = self.named[name]
            if freeze(self.labels[v - 1]) != freeze(lab):
                self.fail(f"the vertex `{name}` has two different labels")
            return v
        self.labels.append(lab)
        self.adj.append([])
        if name is not None:
            self.named[name] = len(self.labels)
        return len(self.labels)

    def chain(self, pos, prev):
        if self.at(pos) in (None, ";", ")"):
            return pos
        if self.at(pos) != "(":
            return self.vertex(pos, prev)
        pos += 1
        while True:
            pos = self.chain(pos, prev)
            if self.at(pos) == ";":
                pos += 1
                continue
            if self.at(pos) != ")":
                self.fail("an unmatched `(`")
            return pos + 1


# ------------------------------------------------------------------ printing
def notation(g, vertex_text=None, edge_text=None) -> str:
    """CGSuite's text of the graph ``g`` (:class:`.graphs.Graph`), as CGSuite 2.2 prints it: a
    depth-first walk from each vertex not yet reached, following its edges in order and using up
    each edge's other end; a vertex reached twice is named (``:A``, ``:B``, ... then ``:{v26}``).
    ``vertex_text``, ``edge_text``: label -> string or None (then the label prints as itself), the
    maps of ``Graph.ToString(vertexLabels, edgeLabels)`` (GenHackenbush: ``Green`` prints ``e``)."""
    left = [list(v.edges) for v in g.vertices]
    visits = [0] * len(g.vertices)

    def walk(v):  # a tree: (vertex, [(subtree, edge label, directed)])
        visits[v] += 1
        if visits[v] > 1:
            return (v, [])
        kids = []
        while left[v]:
            e = left[v].pop(0)
            w, directed = e.end - 1, False
            if e.end != e.start:
                back = type(e)(e.label, e.end, e.start)
                directed = back not in left[w]
                if not directed:
                    left[w].remove(back)
            kids.append((walk(w), e.label, directed))
        return (v, kids)

    trees = [walk(v) for v in range(len(g.vertices)) if visits[v] == 0]
    names: dict = {}
    texts = (_labeller(vertex_text), _labeller(edge_text))
    return ";".join(_text(g, t, visits, names, texts) or "." for t in trees)


def _labeller(given):
    def label(x) -> str:
        text = given(x) if given is not None else None
        return _label(x) if text is None else _braced(text)
    return label


def _braced(s: str) -> str:
    return "{" + s + "}" if len(s) > 1 else s


def _label(x) -> str:
    """A label as CGSuite 2.2 prints it in a graph: ``Nothing`` as nothing, a string without
    quotes (``Graph("a-{bb}")``), anything else as it prints; braced when longer than one character."""
    from .values import to_text
    return _braced("" if x is None else x if isinstance(x, str) else to_text(x, dialect="2.x"))


def _text(g, tree, visits, names, texts) -> str:
    v, kids = tree
    vertex, edge = texts
    out = vertex(g.vertices[v].label)
    if visits[v] > 1:
        out += ":" + _braced(names.setdefault(v, chr(ord("A") + len(names)) if len(names) < 26 else f"v{len(names)}"))
    parts = [("-" if not directed and not edge(lab) else "") + edge(lab) + (">" if directed else "")
             + _text(g, sub, visits, names, texts) for sub, lab, directed in kids]
    body = ";".join(parts)
    return out + (f"({body})" if len(kids) > 1 else body)
