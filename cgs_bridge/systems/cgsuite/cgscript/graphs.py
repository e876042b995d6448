"""CGSuite 2.2's ``cgsuite.util.Graph`` (with ``Vertex``, ``Edge``) and maps ``{k => v}`` for
:mod:`.evaluator` (issue 47 item 6): what ``game.graph.GenArcKayles`` (read from CGSuite's own
library file at run time) and programs that build graphs need.

Semantics as CGSuite 2.2 gives them (its ``Graph.cgs`` declares these members ``external``; each
behaviour below was checked on the real engine, ``tests/systems/cgsuite/test_cgscript_graphs.py``):

- an undirected multigraph on vertices ``1..n``; each vertex has a label (``Nothing`` unless
  given) and a list of edges ``Edge(label, from, to)``, an edge stored at both ends (a loop once);
- ``Graph.Path(n)``, ``Cycle(n)``, ``Star(n)``, ``Clique(n)`` (optional vertex and edge labels),
  ``Singleton(label)``, ``Empty``, ``FromAdjacencyList(list)`` and ``Parse(text, vertexLabels =>
  f, edgeLabels => f)`` in CGSuite's graph notation (``"---"``, ``".;."``, ``"--(-;--)"``,
  ``":A----:A"``, labels by a map or a procedure: ``str -> Integer.Parse(str)``);
- ``Edges`` (each edge once, from its lower end, vertex by vertex), ``Vertices``, ``g[v]``,
  ``VertexCount``, ``EdgeCount``, ``Label``, ``FromVertex``, ``ToVertex``, ``OutVertices``,
  ``AdjacencyList``, ``IsEmpty``, ``IsConnected``;
- ``DeleteVertices(list)``, ``DeleteVertex(v)``, ``RetainVertices(list)`` (the vertices left are
  renumbered 1.. in their order), ``UpdatedVertexLabels(map)``;
- ``ConnectedComponents`` (in the order of their least vertex) and ``Decomposition(label)`` (the
  components once the vertices labelled ``label`` are removed: Weighted Arc Kayles' exhausted
  vertices);
- printing: ``Graph("---")`` in CGSuite's notation (a depth-first walk along each vertex's edges
  in order, a vertex met twice named ``:A``, ``:B``, ...; branches in parentheses; components
  joined by ``;``; a lone unlabelled vertex ``.``; labels longer than one character in braces).
"""

from __future__ import annotations

from dataclasses import dataclass

from .graphtext import Reader, notation
from .values import CGList, CGMap, Procedure, freeze, need_int


@dataclass(frozen=True)
class Edge:
    label: object
    start: int
    end: int

    def __str__(self):
        return f"Edge({_out(self.label)}, {self.start}, {self.end})"


@dataclass(frozen=True)
class Vertex:
    label: object
    edges: tuple

    def __str__(self):
        return f"Vertex({_out(self.label)}, [{','.join(str(v) for v in sorted(e.end for e in self.edges))}])"


@dataclass(frozen=True)
class Graph:
    vertices: tuple

    def __str__(self):
        return f'Graph("{notation(self)}")'

    def __hash__(self):  # computed once: positions are looked up by their graph many times
        h = self.__dict__.get("_hash")
        if h is None:
            h = hash(self.vertices)
            object.__setattr__(self, "_hash", h)
        return h

    @property
    def edges(self) -> list:
        return [e for v in self.vertices for e in v.edges if e.start <= e.end]


def _out(v) -> str:
    from .values import to_text
    return to_text(v, dialect="2.x")


# ------------------------------------------------------------------ constructors
def _undirected(n: int, pairs, vlabel=None, elabel=None) -> Graph:
    """The graph on ``1..n`` whose vertex ``v`` has the edges to ``pairs[v]`` in that order."""
    return Graph(tuple(Vertex(vlabel, tuple(Edge(elabel, v, w) for w in pairs.get(v, ())))
                       for v in range(1, n + 1)))


def path(n, vlabel=None, elabel=None) -> Graph:
    return _undirected(n, {v: [w for w in (v - 1, v + 1) if 1 <= w <= n] for v in range(1, n + 1)}, vlabel, elabel)


def cycle(n, vlabel=None, elabel=None) -> Graph:
    if n == 1:
        return Graph((Vertex(vlabel, (Edge(elabel, 1, 1),)),))
    return _undirected(n, {v: [n if v == 1 else v - 1, 1 if v == n else v + 1] for v in range(1, n + 1)},
                       vlabel, elabel)


def star(n, vlabel=None, elabel=None) -> Graph:
    pairs = {1: list(range(2, n + 1))} | {v: [1] for v in range(2, n + 1)}
    return _undirected(n, pairs, vlabel, elabel)


def clique(n, vlabel=None, elabel=None) -> Graph:
    return _undirected(n, {v: [w for w in range(1, n + 1) if w != v] for v in range(1, n + 1)}, vlabel, elabel)


def _drop(edges, end, label) -> tuple:
    """``edges`` without the first edge to ``end`` labelled ``label`` (unchanged when none is)."""
    k = next((k for k, e in enumerate(edges) if e.end == end and freeze(e.label) == freeze(label)), None)
    return edges if k is None else edges[:k] + edges[k + 1:]


def delete_edge(g: Graph, edge: Edge) -> Graph:
    """``g.DeleteEdge(edge)`` as CGSuite 2.2 gives it: the first edge of ``edge.FromVertex`` that goes
    to ``edge.ToVertex`` with ``edge``'s label is removed, and its other end's record (a loop is
    stored once); the other edges keep their order. An edge ``g`` does not have leaves ``g``
    unchanged (CGSuite 2.2: ``Graph.Path(3).DeleteEdge(Graph.Path(5).Edges[4])`` is ``Graph("--")``)."""
    a, b = edge.start, edge.end
    if not (1 <= a <= len(g.vertices) and 1 <= b <= len(g.vertices)):
        return g
    verts = list(g.vertices)
    before = verts[a - 1].edges
    verts[a - 1] = Vertex(verts[a - 1].label, _drop(before, b, edge.label))
    if a != b and verts[a - 1].edges != before:
        verts[b - 1] = Vertex(verts[b - 1].label, _drop(verts[b - 1].edges, a, edge.label))
    return Graph(tuple(verts))


def _simple(g: Graph) -> bool:
    """No loop and no two edges between one pair of vertices (``IsSimple``)."""
    pairs = [(e.start, e.end) for e in g.edges]
    return all(a != b for a, b in pairs) and len(set(pairs)) == len(pairs)


def _label_strings(interp, f, node):
    """The label-to-text function of ``Graph.ToString(vertexLabels, edgeLabels)``: a map (a label
    it lacks prints as itself) or a procedure; each must give a string (as CGSuite 2.2)."""
    if not isinstance(f, CGMap) and not isinstance(f, Procedure):
        interp.fail(f"Graph.ToString takes maps or procedures from labels to strings, got "
                    f"{interp.builtins.show(interp, f)[:60]}", node)

    def text(label):
        if isinstance(f, CGMap) and label not in f:
            return None
        out = f.get(label) if isinstance(f, CGMap) else interp.games.apply(interp, f, [label], node, None)
        if not isinstance(out, str):
            interp.fail(f"Graph.ToString: the label {interp.builtins.show(interp, label)} is given "
                        f"{interp.builtins.show(interp, out)[:40]}, not a string", node)
        return out
    return text


def position_text(interp, game, g: Graph) -> str:
    """The graph of a GraphGame position as its ``ToOutput`` prints it: ``g.ToString(VertexToString,
    EdgeToString)`` with the ruleset's label maps reversed (GraphRuleset.cgs; GenHackenbush's
    ``{"e" => Color.Green, ...}`` prints a green edge ``e``); plain ``notation(g)`` without them."""
    texts = []
    for name in ("VertexToString", "EdgeToString"):
        found = interp.games.find_method(interp, game, name, 0)
        f = interp.games.call_method(interp, found[0], found[1], [], None) if found is not None else None
        texts.append(_label_strings(interp, f, None) if f is not None else None)
    return notation(g, *texts)


def retain(g: Graph, keep) -> Graph:
    """The subgraph on the vertices ``keep``, renumbered 1.. in increasing order."""
    order = sorted(set(keep))
    new = {v: k for k, v in enumerate(order, 1)}
    return Graph(tuple(Vertex(g.vertices[v - 1].label, tuple(Edge(e.label, new[e.start], new[e.end])
                                                             for e in g.vertices[v - 1].edges if e.end in new))
                       for v in order))


def components(g: Graph, avoid=None, avoiding: bool = False) -> list:
    """The connected components, in the order of their least vertex; with ``avoiding``, vertices
    labelled ``avoid`` are left out first (CGSuite's ``Decomposition(avoid)``)."""
    seen, out = set(), []
    skip = {v for v in range(1, len(g.vertices) + 1)
            if avoiding and freeze(g.vertices[v - 1].label) == freeze(avoid)}
    for v in range(1, len(g.vertices) + 1):
        if v in seen or v in skip:
            continue
        part, todo = {v}, [v]
        while todo:
            for e in g.vertices[todo.pop() - 1].edges:
                if e.end not in part and e.end not in skip:
                    part.add(e.end)
                    todo.append(e.end)
        seen |= part
        out.append(retain(g, part))
    return out


def parse(interp, text: str, vlabels, elabels, node) -> Graph:
    """``Graph.Parse(text, vertexLabels, edgeLabels)`` (:class:`.graphtext.Reader`)."""
    labels, adj = Reader(interp, text, vlabels, elabels, node).read()
    return Graph(tuple(Vertex(lab, tuple(Edge(*e) for e in es)) for lab, es in zip(labels, adj)))


# ------------------------------------------------------------------ members
def _vertex_no(interp, g: Graph, v, node) -> int:
    v = need_int(interp, v, "a vertex", node)
    if not 1 <= v <= len(g.vertices):
        interp.fail(f"vertex {v} is out of bounds (the graph has {len(g.vertices)} vertices)", node)
    return v


def static(interp, name: str, args, node):
    """``Graph.NAME`` or ``Graph.NAME(args)``."""
    args = list(args or [])
    makers = {"Path": path, "Cycle": cycle, "Star": star, "Clique": clique}
    if name == "Empty" and not args:
        return Graph(())
    if name in makers and 1 <= len(args) <= 3:
        n = need_int(interp, args[0], f"Graph.{name}'s size", node)
        if n < 0:
            interp.fail(f"Graph.{name}({n}): a size is nonnegative", node)
        interp.check_count(n * n if name == "Clique" else n, node)
        return makers[name](n, *args[1:])
    if name == "Singleton" and len(args) <= 1:
        return Graph((Vertex(args[0] if args else None, ()),))
    if name == "FromAdjacencyList" and 1 <= len(args) <= 3:
        rows = [interp.builtins.elements(interp, r, node) for r in interp.builtins.elements(interp, args[0], node)]
        for r in rows:
            for w in r:
                if need_int(interp, w, "a vertex", node) < 1 or w > len(rows):
                    interp.fail(f"Graph.FromAdjacencyList: vertex {w} is out of bounds", node)
        vl, el = (args[1:] + [None, None])[:2]
        return _undirected(len(rows), {v: r for v, r in enumerate(rows, 1)}, vl, el)
    if name in ("Parse", "Eval") and args and isinstance(args[0], str):
        named = args.pop() if isinstance(args[-1], interp.library.Named) else {}
        default = CGMap([("", None)])
        vl = args[1] if len(args) > 1 else named.get("vertexLabels", default)
        el = args[2] if len(args) > 2 else named.get("edgeLabels", default)
        return parse(interp, args[0], vl, el, node)
    interp.fail(f"`Graph.{name}` is not interpreted with these arguments (the interpreter gives Graph "
                "Path, Cycle, Star, Clique, Singleton, Empty, FromAdjacencyList and Parse)", node)


def graph_member(interp, g: Graph, name: str, args, node):
    n = len(g.vertices)
    plain = {"Edges": lambda: CGList(g.edges), "Vertices": lambda: CGList(g.vertices),
             "VertexCount": lambda: n, "EdgeCount": lambda: len(g.edges), "IsEmpty": lambda: n == 0,
             "IsConnected": lambda: len(components(g)) <= 1, "ConnectedComponents": lambda: CGList(components(g)),
             "AdjacencyList": lambda: CGList(CGList(sorted(e.end for e in v.edges)) for v in g.vertices),
             "ToString": lambda: str(g), "IsSimple": lambda: _simple(g)}
    if name in plain and not args:
        return plain[name]()
    one = list(args or [])
    if name == "ToString" and len(one) == 2:  # GraphGame.ToOutput: graph.ToString(VertexToString, EdgeToString)
        return notation(g, _label_strings(interp, one[0], node), _label_strings(interp, one[1], node))
    if name == "DeleteEdgeByIndex" and len(one) == 2:
        v = _vertex_no(interp, g, one[0], node)
        return delete_edge(g, index(interp, g.vertices[v - 1], one[1], node))
    if name == "ToDirectedGraph":
        interp.fail("`ToDirectedGraph`: cgsuite.util.DirectedGraph is not interpreted", node)
    if len(one) != 1:
        interp.fail(f"`{name}` of a Graph is not interpreted here (Edges, Vertices, VertexCount, EdgeCount, "
                    "DeleteEdge, DeleteEdgeByIndex, DeleteVertices, DeleteVertex, RetainVertices, "
                    "UpdatedVertexLabels, ConnectedComponent(s), Decomposition, IsConnected, IsSimple, "
                    "AdjacencyList, ToString)", node)
    (x,) = one
    if name == "DeleteEdge":
        if not isinstance(x, Edge):
            interp.fail(f"DeleteEdge takes an Edge, got {interp.builtins.show(interp, x)[:60]}", node)
        return delete_edge(g, x)
    if name in ("DeleteVertices", "RetainVertices"):
        vs = {_vertex_no(interp, g, v, node) for v in interp.builtins.elements(interp, x, node)}
        return retain(g, vs if name == "RetainVertices" else set(range(1, n + 1)) - vs)
    if name == "DeleteVertex":
        return retain(g, set(range(1, n + 1)) - {_vertex_no(interp, g, x, node)})
    if name == "UpdatedVertexLabels":
        if not isinstance(x, CGMap):
            interp.fail("UpdatedVertexLabels takes a map {vertex => label}", node)
        new = {_vertex_no(interp, g, k, node): v for k, v in x.items.values()}
        return Graph(tuple(Vertex(new[k], v.edges) if k in new else v for k, v in enumerate(g.vertices, 1)))
    if name == "Decomposition":
        return CGList(components(g, x, avoiding=True))
    if name == "ConnectedComponent":
        v = _vertex_no(interp, g, x, node)
        seen, todo = {v}, [v]
        while todo:
            for e in g.vertices[todo.pop() - 1].edges:
                if e.end not in seen:
                    seen.add(e.end)
                    todo.append(e.end)
        return retain(g, seen)
    return graph_member(interp, g, name, [x, x], node)  # the error above, naming the members


def index(interp, obj, i, node):
    """``graph[v]`` (a Vertex) and ``vertex[k]`` (its k-th Edge)."""
    if isinstance(obj, Graph):
        return obj.vertices[_vertex_no(interp, obj, i, node) - 1]
    k = need_int(interp, i, "an edge index", node)
    if not 1 <= k <= len(obj.edges):
        interp.fail(f"edge {k} is out of bounds (the vertex has {len(obj.edges)} edges)", node)
    return obj.edges[k - 1]


def element_member(interp, obj, name: str, args, node):
    """Members of a Vertex, an Edge or a map."""
    if args:
        if isinstance(obj, CGMap) and name == "Get" and len(args) == 1:
            return obj.get(args[0])
        interp.fail(f"`{name}` takes no arguments here", node)
    if isinstance(obj, Vertex):
        table = {"Label": lambda: obj.label, "Edges": lambda: CGList(obj.edges), "EdgeCount": lambda: len(obj.edges),
                 "OutVertices": lambda: CGList(e.end for e in obj.edges)}
    elif isinstance(obj, Edge):
        table = {"Label": lambda: obj.label, "FromVertex": lambda: obj.start, "ToVertex": lambda: obj.end}
    else:
        table = {"Reversed": lambda: CGMap((v, k) for k, v in obj.items.values()), "Size": lambda: len(obj.items),
                 "Keys": lambda: interp.builtins.CGSet(k for k, _ in obj.items.values())}
    if name in table:
        return table[name]()
    interp.fail(f"unknown member `{name}` of {interp.builtins.show(interp, obj)[:60]}", node)


def make_map(interp, n, f) -> CGMap:
    """``{k => v, ...}``, or the comprehension ``{k => v for x in s for y ... where c}`` (Turning.cgs,
    GenFoxAndGeese.cgs): the loops nest left to right, a key met again takes the later value, as in
    CGSuite 2.2 (``{j => 0 for j in [1, 1, 2]}`` is ``{1 => 0, 2 => 0}``)."""
    if not n.loops:
        return CGMap((interp.ev(k, f), interp.ev(v, f)) for k, v in n.entries)
    if len(n.entries) != 1:
        interp.fail("a map comprehension has one entry `k => v`", n)
    (key, value), pairs = n.entries[0], []

    def nest(k):
        if k == len(n.loops):
            interp.check_count(len(pairs) + 1, n)
            pairs.append((interp.ev(key, f), interp.ev(value, f)))
            return
        for _ in interp.loop(n.loops[k], f):
            nest(k + 1)
        f.scopes.pop()
    nest(0)
    return CGMap(pairs)


def parse_integer(interp, args, node) -> int:
    """``Integer.Parse(str)``."""
    (s,) = interp.builtins._need(interp, args, 1, "Integer.Parse", node)
    if not isinstance(s, str) or not s.strip().lstrip("-").isdigit() or len(s) > 1000:
        interp.fail(f"Integer.Parse: not an integer: {interp.builtins.show(interp, s)}", node)
    return interp.check_int(int(s), node)
