"""How each node of a drawing looks: pure functions from a tree or a frame to :class:`Style` s.

Nothing here draws; :mod:`abteach.views.draw` renders what these functions return,
and views that annotate a tree their own way start from them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Final, Iterable, Iterator, Mapping

from abteach.games.kinds import node_kinds

from abteach.search.events import Bound, Kind, fmt
from abteach.views.layout import Position, tidy_layout
from abteach.views.options import check_paths, check_text, check_trace
from abteach.views.palette import BLUE, GREEN, INK, LIGHT, MUTED, ORANGE, UNSEEN, VERMILLION, WHITE
from abteach.games.players import MAX, MIN
from abteach.views.scene import Scene, build_scene, reached_nodes, trace_scene, tree_scene
from abteach.trace.frames import Frame, NodeState, Status, Trace
from abteach.games.trees import Path, Tree, path_str

@dataclass(frozen=True)
class Style:
    """How one node, and the edge into it from its parent, are drawn.

    ``status`` is ``None`` in a plain tree drawing.  Weights multiply the
    size's line width.  ``annotation`` is the α/β/v text beside an inner
    node, ``inside`` the text within the node (a leaf's utility, or an inner
    node's returned value), ``pruned_by`` the comparison that pruned this
    node (set only on the pruned child itself, not on nodes below it).
    ``mark``, when not empty, highlights the node: a thick dashed ring, and
    this text in a box beside its name.
    """

    path: Path
    kind: str                # "max", "min" or "leaf"
    status: Status | None
    marker: str              # matplotlib marker: "^" MAX, "v" MIN, "s" leaf
    face: str
    outline: str
    outline_style: str       # "-", "--" or ":"
    outline_weight: float
    hatch: str
    inside: str
    text: str                # colour of all text about this node
    name: str
    annotation: str
    move: str
    edge: str                # colour of the edge into this node
    edge_style: str
    edge_weight: float
    current: bool = False
    on_stack: bool = False
    on_pv: bool = False
    pruned_by: str = ""
    hidden: int = 0          # nodes below this one left out of a summarised drawing
    mark: str = ""           # highlight: a dashed ring, and this text beside the name

    @property
    def pruned(self) -> bool:
        return self.status is Status.PRUNED

    @property
    def dashed(self) -> bool:
        return self.edge_style == "--"


def _is_default_name(name: str, path: Path) -> bool:
    return name == path_str(path)


def _auto(flag: bool | None, default: bool) -> bool:
    return default if flag is None else bool(flag)


def _plain_style(path: Path, kind: str, *, name: str, inside: str, move: str, hidden: int) -> Style:
    return Style(path, kind, None, _MARKERS[kind], WHITE, INK, "-", 1.0, "", inside, INK, name, "", move,
                 INK, "-", 1.0, hidden=hidden)


class _Markers(Mapping[str, str]):
    """Each drawn kind's marker: a leaf's square, or the shape its node kind registers (a chance node's circle)."""

    def __getitem__(self, kind: str) -> str:
        return "s" if kind == "leaf" else node_kinds()[kind.upper()].marker if kind.upper() in node_kinds() else "^"

    def __iter__(self) -> Iterator[str]:
        return iter(["leaf", *(k.lower() for k in node_kinds())])

    def __len__(self) -> int:
        return 1 + len(node_kinds())


_MARKERS: Final = _Markers()


def tree_styles(tree: Tree, *, max_depth: int | None = None, names: bool | None = None,
                moves: bool | None = None) -> dict[Path, Style]:
    """Styles for a plain drawing of ``tree``: structure, names, moves and leaf values.

    Parameters are as for :func:`draw_tree`.

    Examples
    --------
    >>> import abteach as ab
    >>> s = tree_styles(ab.examples.FIG_5_2)
    >>> s[()].marker, s[(0,)].marker, s[(0, 1)].inside, s[(1,)].move, s[()].name
    ('^', 'v', '12', 'a2', 'A')
    """
    return tree_scene_styles(tree, tree_scene(tree, max_depth), names, moves)


def tree_scene_styles(tree: Tree, scene: Scene, names: bool | None, moves: bool | None) -> dict[Path, Style]:
    """Styles for a plain drawing of the nodes ``scene`` shows of ``tree``; see :func:`tree_styles`."""
    # Every tree has names to show: its own, or the book's letters (A, B, ..., b1, b2), as its searches say them.
    show_names = _auto(names, True)
    show_moves = _auto(moves, True)
    out: dict[Path, Style] = {}
    for p in scene.paths:
        node = tree.nodes[p]
        kind = "leaf" if node.is_leaf else _drawn_kind(node.kind)
        move = _edge_label(tree.move_name(tree.nodes[p[:-1]], p[-1]), tree.nodes[p[:-1]].probabilities, p) if p else ""
        out[p] = _plain_style(
            p, kind,
            name=_name_label(tree.book_name(p), p, kind, move, show_names),
            inside=fmt(node.value) if node.is_leaf else "",
            move=move if show_moves else "",
            hidden=scene.hidden.get(p, 0),
        )
    return out


def _drawn_kind(kind: str) -> str:
    """How styles name a node's kind: a registered kind's name in lower case (``'chance'``); a player a game
    names its own way is drawn as MAX's or MIN's."""
    return kind.lower() if kind in node_kinds() else ("max" if kind == MAX else "min")


def _edge_label(move: str, probabilities: tuple[float, ...] | Iterable[float], path: Path) -> str:
    """The text on the edge into ``path``: the move's name, or under a chance node the outcome's probability,
    as the book labels a chance node's edges."""
    probabilities = tuple(probabilities)
    return fmt(probabilities[path[-1]]) if path[-1] < len(probabilities) else move


def _name_label(name: str, path: Path, kind: str, move: str | None, show: bool) -> str:
    # A leaf named like the move into it (b1 under move b1) would say it twice.
    if not show or _is_default_name(name, path) or (kind == "leaf" and name == move):
        return ""
    return name


def node_styles(trace: Trace, frame: Frame | int, *, max_depth: int | None = None,
                names: bool | None = None, moves: bool | None = None, stable: bool | None = None) -> dict[Path, Style]:
    """How every node shown is drawn at ``frame``: the pure part of :func:`draw_frame`.

    Parameters
    ----------
    trace : Trace
    frame : Frame or int
        A frame of ``trace``, or its step number.
    max_depth, names, moves, stable
        As for :func:`draw_frame`.

    Returns
    -------
    dict
        Path to :class:`Style`, in preorder, for every node drawn.

    Examples
    --------
    After C's cutoff on the textbook tree, c2 and c3 are pruned by "v=2 ≤ α=3":

    >>> import abteach as ab
    >>> tr = ab.alphabeta(ab.examples.FIG_5_2).trace
    >>> s = node_styles(tr, 29)
    >>> s[(1, 1)].status.value, s[(1, 1)].edge_style, s[(1, 1)].pruned_by
    ('pruned', '--', 'v=2 ≤ α=3')
    >>> print(s[(1,)].annotation)
    α=3
    β=+∞
    v=2
    """
    frame = resolve_frame(trace, frame)
    return frame_view(trace, frame, max_depth, names, moves, stable)[0]


def frame_view(trace: Trace, frame: Frame, max_depth: int | None, names: bool | None, moves: bool | None,
                stable: bool | None) -> tuple[dict[Path, Style], dict[Path, Position], Scene, dict[Path, Style]]:
    """Styles of the nodes drawn, positions, the scene, and the nodes laid out but not drawn."""
    scene = trace_scene(trace, max_depth)
    if stable is None:
        stable = scene.cut is None  # a summary of a whole big search says little about one step
    if trace.tree is None and not stable:
        everything, leaves = reached_nodes(trace)
        reached = [p for p in everything if not p or frame.node(p).status is not Status.UNVISITED]
        scene = build_scene(reached, leaves, max_depth, "this search")
    styles = _frame_styles(trace, frame, scene, names, moves)
    ghosts: dict[Path, Style] = {}
    for p in scene.paths:
        if p not in styles:
            # Room for the α/β/v the node will show once reached, so the figure keeps its size.
            kind = "leaf" if p in scene.leaves else "max"
            ghosts[p] = Style(p, kind, Status.UNVISITED, _MARKERS[kind], LIGHT, UNSEEN, ":", 1.0, "", "", MUTED,
                              "", "" if kind == "leaf" else "α=−∞\nβ=+∞\nv=−∞", "", UNSEEN, ":", 1.0,
                              hidden=scene.hidden.get(p, 0))
    return styles, tidy_layout(scene.paths), scene, ghosts


def resolve_frame(trace: Trace, step_or_frame: Frame | int, who: str = "node_styles") -> Frame:
    """The frame ``step_or_frame`` names in ``trace``.

    Raises
    ------
    TypeError
        ``trace`` is not a Trace, or the step is not a whole number.
    IndexError
        A step outside ``0..len(trace)``.
    """
    check_trace(trace, who)
    if isinstance(step_or_frame, Frame):
        if not 0 <= step_or_frame.step <= len(trace):
            raise IndexError(f"frame step {step_or_frame.step} is out of range: this trace has steps 0 to {len(trace)}")
        return step_or_frame
    return trace.frame(step_or_frame)  # raises TypeError / IndexError with the range


def principal_variation(frame: Frame) -> list[Path]:
    """The paths of the principal variation below the root, once the search is done; else ``[]``.

    Follows each node's best child (:attr:`NodeState.best`) from the root.

    Examples
    --------
    >>> import abteach as ab
    >>> tr = ab.alphabeta(ab.examples.FIG_5_2).trace
    >>> principal_variation(tr.frame(len(tr)))
    [(0,), (0, 0)]
    """
    if frame.event is None or frame.event.kind != Kind.DONE:
        return []
    pv: list[Path] = []
    p: Path = ()
    seen = 0
    while seen <= len(frame.nodes):  # a malformed trace could loop; a real one cannot be longer
        state = frame.nodes.get(p)
        if state is None or state.best is None:
            break
        p = p + (state.best,)
        if p not in frame.nodes:
            break
        pv.append(p)
        seen += 1
    return pv


def _inside_value(state: NodeState) -> str:
    """The returned value as the node's own call proved it: ``2`` when exact, ``≤2`` or ``≥5`` when only a bound.

    What the search proved about the node (:attr:`NodeState.proved`), not what its caller reads from the
    window: D of Fig. 5.2 searched all three children, so it shows ``2`` though A reads its return as ≤ 2.
    """
    if state.value is None:
        return ""
    prefixes: dict[Bound | None, str] = {Bound.UPPER: "≤", Bound.LOWER: "≥"}
    return prefixes.get(state.proved, "") + fmt(state.value)


def _annotation(state: NodeState) -> str:
    lines = []
    if state.alpha is not None or state.beta is not None:
        lines += [f"α={fmt(state.alpha)}", f"β={fmt(state.beta)}"]
    if state.v is not None:
        lines.append(f"v={fmt(state.v)}")
    return "\n".join(lines)


def _frame_styles(trace: Trace, frame: Frame, scene: Scene, names: bool | None,
                  moves: bool | None) -> dict[Path, Style]:
    tree = trace.tree
    if tree is not None:
        # The trace's names, so a drawing names nodes as the sentences under it do.
        show_names = _auto(names, any(not _is_default_name(trace.name(p), p) for p in tree.nodes))
    else:
        show_names = _auto(names, False)  # a game node's name is its whole move list: too long to draw
    show_moves = _auto(moves, True)
    stack = set(frame.stack)
    pv = set(principal_variation(frame))
    current = frame.current
    if frame.event is not None and frame.event.kind == Kind.DONE:
        current = None  # the principal variation is the news now
    if current is not None and scene.cut is not None and len(current) > scene.cut:
        current = current[:scene.cut]
    players: dict[Path, str] = {}
    player: str  # the tree's MAX or MIN, or what the trace says a node of a game is
    out: dict[Path, Style] = {}
    for p in scene.paths:
        state = frame.node(p)
        if tree is None and p and state.status is Status.UNVISITED:
            continue  # a game's tree is not known in advance: draw only what the search has reached
        if tree is not None:
            node = tree.nodes[p]
            player, leaf_value = node.player, node.value
            raw_name, move = trace.name(p), (trace.move_name(p) if p else "")
        else:
            # A game's node is what the trace says it is; one the search never reached says nothing.
            player = state.player or (MIN if players.get(p[:-1], MIN) == MAX else MAX)
            leaf_value = state.value if p in scene.leaves else None
            raw_name, move = path_str(p), trace.move_name(p) if p else ""
        players[p] = player
        kind = "leaf" if p in scene.leaves else _drawn_kind(player)
        if p:
            parent_node = tree.nodes.get(p[:-1]) if tree is not None else None
            move = _edge_label(move, parent_node.probabilities if parent_node is not None else
                               frame.node(p[:-1]).extra.get("probabilities", ()), p)
        status = state.status
        visited = status in (Status.ACTIVE, Status.DONE)
        if kind == "leaf":
            inside = fmt(leaf_value) if leaf_value is not None else ""
            annotation = ""
        else:
            inside = _inside_value(state) if status is Status.DONE else ""
            annotation = _annotation(state) if visited else ""
        on_pv = p in pv
        on_stack = p in stack
        face, outline, o_style, o_weight, hatch, text = {
            Status.UNVISITED: (LIGHT, UNSEEN, ":", 1.3, "", MUTED),
            Status.ACTIVE: (ORANGE, BLUE, "-", 2.4, "", INK),
            Status.DONE: (WHITE, INK, "-", 1.0, "", INK),
            Status.PRUNED: (LIGHT, VERMILLION, "--", 1.3, "////", MUTED),
        }[status]
        edge, e_style, e_weight = {
            Status.UNVISITED: (UNSEEN, ":", 1.0),
            Status.ACTIVE: (BLUE, "-", 2.8),
            Status.DONE: (INK, "-", 1.0),
            Status.PRUNED: (VERMILLION, "--", 1.1),
        }[status]
        if on_pv:
            outline, o_weight, edge, e_weight = GREEN, 2.6, GREEN, 4.2
        explicit = frame.nodes.get(p)
        pruned_by = explicit.pruned_by if explicit is not None and explicit.status is Status.PRUNED else ""
        out[p] = Style(
            path=p, kind=kind, status=status, marker=_MARKERS[kind], face=face, outline=outline,
            outline_style=o_style, outline_weight=o_weight, hatch=hatch, inside=inside, text=text,
            name=_name_label(raw_name, p, kind, move, show_names),
            annotation=annotation, move=move if show_moves else "",
            edge=edge, edge_style=e_style, edge_weight=e_weight,
            current=(p == current), on_stack=on_stack, on_pv=on_pv, pruned_by=pruned_by,
            hidden=scene.hidden.get(p, 0),
        )
    return out


def pruned_note(why: str) -> str:
    """The note hung below a group of siblings pruned by the comparison ``why``, as every view writes it.

    >>> print(pruned_note("v=2 ≤ α=3"))
    pruned:
    v=2 ≤ α=3
    """
    return f"pruned:\n{why}"


def below_note(hidden: int) -> str:
    """What a node of a summarised drawing says of the ``hidden`` nodes left out below it; ``''`` for none.

    >>> below_note(6), below_note(0)
    ('+6 below', '')
    """
    return f"+{hidden} below" if hidden else ""


def frame_scene_styles(trace: Trace, frame: Frame, scene: Scene, names: bool | None = None,
                       moves: bool | None = None) -> dict[Path, Style]:
    """How each node of ``scene`` reached at ``frame`` is drawn: :func:`frame_view`'s styles, for a scene made once.

    A view that shows every frame of a search works its scene out once
    (:func:`abteach.views.scene.trace_scene`) and asks this for each frame.

    Examples
    --------
    >>> import abteach as ab
    >>> from abteach.views.scene import trace_scene
    >>> tr = ab.alphabeta(ab.examples.FIG_5_2).trace
    >>> frame_scene_styles(tr, tr.frame(29), trace_scene(tr, None))[(1, 1)].pruned_by
    'v=2 ≤ α=3'
    """
    return _frame_styles(trace, frame, scene, names, moves)


def summary_caption(scene: Scene) -> str:
    """The line saying what a summarised drawing leaves out; empty when nothing is left out."""
    if scene.cut is None:
        return ""
    return (f"Showing depths 0–{scene.cut}: {scene.shown} of {scene.total} nodes; "
            "the nodes below are counted as \"+N below\".")


def frame_caption(trace: Trace, frame: Frame) -> str:
    """The text under a frame's title: the step, what just happened, and at the end the best play.

    Examples
    --------
    >>> import abteach as ab
    >>> tr = ab.alphabeta(ab.examples.FIG_5_2).trace
    >>> print(frame_caption(tr, tr.frame(len(tr))))
    Step 55 of 55. Alpha-beta is done: the best move is a1, worth 3.
    Best play: a1 → b1.
    """
    text = f"Step {frame.step} of {len(trace)}. {frame.explanation}"
    pv = principal_variation(frame)
    if pv:
        text += "\nBest play: " + " → ".join(trace.move_name(p) for p in pv) + "."
    return text


def mark_nodes(styles: Mapping[Path, Style], paths: Iterable[Path], mark: str = "≠") -> dict[Path, Style]:
    """A copy of ``styles`` with the nodes at ``paths`` marked (see :attr:`Style.mark`).

    Raises
    ------
    TypeError
        ``paths`` is not a collection of paths, or ``mark`` is not a string.
    ValueError
        A path that is not among ``styles`` (not drawn), or an empty ``mark``.

    Examples
    --------
    >>> import abteach as ab
    >>> s = mark_nodes(tree_styles(ab.examples.FIG_5_2), [(1,)])
    >>> s[(1,)].mark, s[(0,)].mark
    ('≠', '')
    >>> mark_nodes(tree_styles(ab.examples.FIG_5_2), [(7,)])
    Traceback (most recent call last):
    ...
    ValueError: cannot mark the node at path 7: it is not drawn
    """
    out = dict(styles)
    paths = check_paths(paths, "paths")
    check_text(mark, "mark")
    if paths and not mark:
        raise ValueError("a mark must be some text, e.g. '≠': an empty one would leave a ring unexplained")
    for p in paths:
        if p not in out:
            raise ValueError(f"cannot mark the node at path {path_str(p)}: it is not drawn")
        out[p] = replace(out[p], mark=mark)
    return out


__all__ = [
    "Style", "tree_styles", "tree_scene_styles", "node_styles", "frame_view", "resolve_frame",
    "principal_variation", "mark_nodes", "frame_caption", "summary_caption", "pruned_note", "below_note",
    "frame_scene_styles",
]
