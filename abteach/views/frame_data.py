"""A search's frames as data: the layout once, then what each step changes, for a page to draw.

A view: it reads the frames of a trace the search already recorded, and runs
nothing.  What it says about each node is what :mod:`abteach.views.draw`
draws, because both read the same :class:`~abteach.views.styles.Style`
(names, the value inside a node with its ``≤``/``≥`` when only a bound is
proved, α, β and v, move names, ``pruned:`` notes, ``+N below``): print and
screen cannot disagree.

The data is plain JSON:

``layout``
    Every node the drawing lays out, in preorder, once: ``path`` (``"1.0"``),
    ``parent`` (an index, ``-1`` for the root), ``x`` and ``y`` (the tidy
    layout of :func:`abteach.views.layout.tidy_layout`, depth ``d`` at
    ``y = -d``), ``kind`` (``max``, ``min`` or ``leaf``), ``player`` (as the
    tree or the search's own node states say, ``''`` where neither does),
    ``name``, ``move`` (the move into it) and ``below`` (``+N below`` in a
    summarised drawing).
``listing``
    The pseudocode: its title and its numbered lines.
``steps``
    For step 0 every node's state, for each later step only the nodes whose
    state changed (see :func:`replay`).  A node's state is ``None`` while it is
    not drawn (a game's node not reached yet), else ``[status, inside,
    annotation lines, flags, pruned_by]``: status ``u`` unvisited, ``a`` on
    the call stack, ``d`` done, ``p`` pruned; flags add :data:`CURRENT`,
    :data:`ON_STACK`, :data:`ON_PV` and :data:`MARKED`.  Beside the nodes a step gives, when
    it changed, ``line`` (the running line's number, or ``None``), ``stack``
    (the calls, outermost first, each ``[call, α, β, v]`` as the algorithm
    names the call; a step gives how many calls it keeps and the calls above
    them), ``sentence``, ``best`` (the best play, once done) and
    ``pass`` (the label of the pass over the tree).

Examples
--------
>>> import abteach as ab
>>> data = frame_data(ab.alphabeta(ab.examples.FIG_5_2).trace)
>>> [n["name"] for n in data["layout"]["nodes"][:3]], len(data["steps"])
(['A', 'B', ''], 56)
>>> state = replay(data, 29)     # C's cutoff: C is the current call, on the stack
>>> c = next(i for i, n in enumerate(data["layout"]["nodes"]) if n["path"] == "1")
>>> state["nodes"][c]
['a', '', ['α=3', 'β=+∞', 'v=2'], 3, '']
>>> state["stack"], state["line"]
([['MAX-VALUE(A)', '3', '+∞', '3'], ['MIN-VALUE(C)', '3', '+∞', '2']], 19)
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any, Final

from abteach.games.trees import Path, path_str
from abteach.search.events import Kind, fmt
from abteach.trace.frames import Frame, Trace, Walked
from abteach.trace.narrate import minus_signs
from abteach.trace.protocol import Status
from abteach.views.layout import tidy_layout
from abteach.views.options import check_trace
from abteach.views.scene import Scene, check_max_depth, trace_scene
from abteach.views.styles import Style, below_note, frame_scene_styles, principal_variation

#: Flags of a node's state: the node the step is about, a call on the stack, a node of the best play, and a
#: node a view marks (:attr:`abteach.views.styles.Style.mark`: the Fig. 5.5 view's disagreements).
CURRENT: Final = 1
ON_STACK: Final = 2
ON_PV: Final = 4
MARKED: Final = 8
FLAGS: Final = (CURRENT, ON_STACK, ON_PV)

_STATUS: Final = {Status.UNVISITED: "u", Status.ACTIVE: "a", Status.DONE: "d", Status.PRUNED: "p"}

#: What a step says beside its nodes; a later step gives each only when it changed.
STEP_KEYS: Final = ("line", "stack", "sentence", "best", "pass")

NodeData = list[Any] | None


def node_state(style: Style | None) -> NodeData:
    """A node's state in the data, from the :class:`Style` the drawing draws it with (``None``: not drawn).

    >>> import abteach as ab
    >>> from abteach.views.styles import node_styles
    >>> node_state(node_styles(ab.alphabeta(ab.examples.FIG_5_2).trace, 29)[(1, 1)])
    ['p', '4', [], 0, 'v=2 ≤ α=3']
    """
    if style is None or style.status is None:
        return None
    flags = ((CURRENT if style.current else 0) | (ON_STACK if style.on_stack else 0) | (ON_PV if style.on_pv else 0)
             | (MARKED if style.mark else 0))
    lines = style.annotation.split("\n") if style.annotation else []
    return [_STATUS[style.status], style.inside, lines, flags, style.pruned_by]


def _number(x: float | None) -> str:
    return minus_signs(fmt(x)) if x is not None else ""


def _call(trace: Trace, frame: Frame, path: Path) -> list[str]:
    """One call of the stack, ``[call, α, β, v]``, named as its algorithm names a call frame."""
    s = frame.node(path)
    call = trace.algorithm.frame_name(s.player, trace.name(path))
    window = [_number(s.alpha), _number(s.beta)] if trace.algorithm.windowed else ["", ""]
    return [call, *window, _number(s.v)]


def _stack(trace: Trace, frame: Frame) -> list[list[str]]:
    """The call stack, outermost call first."""
    return [_call(trace, frame, path) for path in frame.stack]


class _Calls:
    """The call stack step after step, each call worked out again only when its node or one below the
    stack's start changed: the calls of a stack are a path's prefixes, and a call reads its node alone."""

    def __init__(self, trace: Trace) -> None:
        self.trace = trace
        self.known: dict[Path, list[str]] = {}
        self.pass_index = 0

    def at(self, walked: Walked) -> list[list[str]]:
        frame = walked.frame
        if frame.pass_index != self.pass_index:  # a new pass: what a node held in the last one says nothing
            self.known.clear()
            self.pass_index = frame.pass_index
        out, stale = [], False
        for path in frame.stack:
            stale = stale or path in walked.changed
            if stale or path not in self.known:
                self.known[path] = _call(self.trace, frame, path)
            out.append(self.known[path])
        return out


def _line(trace: Trace, frame: Frame) -> int | None:
    return trace.listing.number(frame.line) if frame.line in trace.listing else None


def step_state(trace: Trace, step: int, scene: Scene | None = None) -> dict[str, Any]:
    """Everything step ``step`` shows, worked out directly from its frame (not replayed).

    ``nodes`` is one state per node of the layout, in its order.

    Examples
    --------
    >>> import abteach as ab
    >>> tr = ab.alphabeta(ab.examples.FIG_5_2).trace
    >>> step_state(tr, 55)["best"]
    'a1 → b1'
    """
    check_trace(trace, "step_state")
    scene = trace_scene(trace, None) if scene is None else scene
    frame = trace.frame(step)
    styles = frame_scene_styles(trace, frame, scene)
    pv = principal_variation(frame)
    return {
        "nodes": [node_state(styles.get(p)) for p in scene.paths],
        "line": _line(trace, frame),
        "stack": _stack(trace, frame),
        "sentence": frame.explanation,
        "best": " → ".join(trace.move_name(p) for p in pv),
        "pass": frame.pass_label,
    }


def _players(trace: Trace, paths: list[Path], recorded: dict[Path, str]) -> dict[Path, str]:
    """Who is to move at each node: the tree's own player, else the first player the search's states record."""
    if trace.tree is not None:
        return {p: trace.tree.nodes[p].player for p in paths}
    return {p: recorded.get(p, "") for p in paths}


def _layout(trace: Trace, scene: Scene, first: dict[Path, Style], recorded: dict[Path, str]) -> dict[str, Any]:
    """The nodes laid out once: where they are, what they are and what they are called."""
    paths = list(scene.paths)
    pos = tidy_layout(paths)
    index = {p: i for i, p in enumerate(paths)}
    players = _players(trace, paths, recorded)
    nodes = []
    for p in paths:
        s = first[p]
        nodes.append({"path": path_str(p) if p else "", "parent": index[p[:-1]] if p else -1,
                      "x": pos[p][0], "y": pos[p][1], "kind": s.kind, "player": players[p], "name": s.name,
                      "move": s.move, "below": below_note(s.hidden)})
    return {"nodes": nodes, "depth": max(len(p) for p in paths), "width": max(x for x, _ in pos.values())}


def frame_data(trace: Trace, *, max_depth: int | None = None, title: str = "") -> dict[str, Any]:
    """The layout once and each step's changes: what a page needs to draw every frame of ``trace``.

    Parameters
    ----------
    trace : Trace
    max_depth : int, optional
        As for :func:`abteach.views.draw.draw_frame`: draw only this deep.
    title : str
        What the page calls the search (``'alpha-beta'``); by default its algorithm's label.

    Returns
    -------
    dict
        JSON-able; see the module's description.  :func:`replay` rebuilds any step.

    Raises
    ------
    TypeError
        ``trace`` is not a Trace.
    ValueError
        A bad ``max_depth``.

    Examples
    --------
    >>> import abteach as ab
    >>> data = frame_data(ab.minimax(ab.examples.FIG_5_2).trace)
    >>> data["listing"]["lines"][0][0], data["steps"][1]["nodes"]
    (1, {'0': ['a', '', [], 3, '']})
    """
    check_trace(trace, "frame_data")
    check_max_depth(max_depth)
    if not isinstance(title, str):
        raise TypeError(f"title must be a str, not {title!r}")
    scene = trace_scene(trace, max_depth)
    paths = list(scene.paths)
    index = {p: i for i, p in enumerate(paths)}
    below = _below(paths)
    above = [[index[p[:k]] for k in range(len(p))] for p in paths]
    numbers: dict[str, int | None] = {}  # a listing finds a line's number by reading its lines
    # Each node's look is fixed by its first drawn style; a node a game reaches later is drawn from then on.
    first: dict[Path, Style] = {}
    recorded: dict[Path, str] = {}       # the first player a game's node is recorded with
    nodes: list[NodeData] = [None] * len(paths)
    marked: dict[int, set[int]] = {flag: set() for flag in FLAGS}  # the nodes drawn with each flag
    calls = _Calls(trace)
    parts: dict[tuple[int, ...], Scene] = {}  # the same few parts come back step after step
    steps: list[dict[str, Any]] = []
    before: dict[str, Any] = {}
    for walked in trace.walk():
        frame = walked.frame
        pv = principal_variation(frame)
        if frame.step == 0:
            redraw = set(range(len(paths)))
        else:
            redraw, moved = _touched(walked, frame, pv, index, below, marked)
            if not moved and redraw == marked[CURRENT] and (frame.event is None or frame.event.kind != Kind.DONE):
                # Most steps of a big search happen below a summarised drawing's last row: its node stays
                # the current one, and nothing it is drawn from changed, so it is drawn as it was.
                redraw = set()
        # Only the nodes this step can have changed are styled again, by the drawing's own styles; a game's
        # with the nodes above them, as a game's node is drawn as the player its parent is not.
        part = _part(scene, paths, above if trace.tree is None else None, redraw, parts)
        styles = frame_scene_styles(trace, frame, part) if redraw else {}
        for p, st in styles.items():
            first.setdefault(p, st)
        if trace.tree is None:
            for p in walked.changed:
                state = walked.nodes.get(p)
                if p in index and p not in recorded and state is not None and state.player:
                    recorded[p] = state.player
        changes: dict[str, NodeData] = {}
        for i in sorted(redraw):
            now = node_state(styles.get(paths[i]))
            if frame.step == 0 or now != nodes[i]:
                changes[str(i)] = now
                nodes[i] = now
            for flag, holders in marked.items():
                if now is not None and now[3] & flag:
                    holders.add(i)
                else:
                    holders.discard(i)
        if frame.line not in numbers:
            numbers[frame.line] = _line(trace, frame)
        said = {"line": numbers[frame.line], "stack": calls.at(walked), "sentence": frame.explanation,
                "best": " → ".join(trace.move_name(p) for p in pv), "pass": frame.pass_label}
        steps.append(_delta(before if frame.step else None, said, changes))
        before = said
    for p in paths:  # a node a search never reaches is still laid out, as the drawing makes room for it
        if p not in first:
            first[p] = _ghost(p, scene)
    return {
        "title": title or trace.algorithm.label,
        "layout": _layout(trace, scene, first, recorded),
        "listing": {"title": trace.listing.title,
                    "lines": [[k, text] for k, (_, text) in enumerate(trace.listing.lines, start=1)]},
        "windowed": trace.algorithm.windowed,
        "steps": steps,
    }


def frame_at(trace: Trace, step: int, *, max_depth: int | None = None) -> dict[str, Any]:
    """One step alone, as a page draws it: its ``layout`` (as :func:`frame_data` gives it) and its ``state``
    (:func:`step_state`), for a view that shows one frame of many searches, not every frame of one.

    Examples
    --------
    >>> import abteach as ab
    >>> tr = ab.alphabeta(ab.examples.FIG_5_2).trace
    >>> one = frame_at(tr, len(tr))
    >>> one["state"]["nodes"] == replay(frame_data(tr), len(tr))["nodes"]
    True
    >>> one["layout"] == frame_data(tr)["layout"]
    True
    """
    check_trace(trace, "frame_at")
    check_max_depth(max_depth)
    if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= len(trace):
        raise IndexError(f"step must be a whole number from 0 to {len(trace)}, not {step!r}")
    scene = trace_scene(trace, max_depth)
    styles = frame_scene_styles(trace, trace.frame(step), scene)
    first = {p: styles[p] if p in styles else _ghost(p, scene) for p in scene.paths}
    recorded = {p: n.player for p, n in trace.frame(step).nodes.items() if n.player} if trace.tree is None else {}
    return {"layout": _layout(trace, scene, first, recorded), "state": step_state(trace, step, scene)}


def _ghost(p: Path, scene: Scene) -> Style:
    kind = "leaf" if p in scene.leaves else "max"
    return Style(p, kind, Status.UNVISITED, "s" if kind == "leaf" else "^", "", "", ":", 1.0, "", "", "", "", "",
                 "", "", ":", 1.0, hidden=scene.hidden.get(p, 0))


def _below(paths: list[Path]) -> dict[Path, list[int]]:
    """Each node's index and the indices of the nodes below it, in a preorder list of ``paths``."""
    out: dict[Path, list[int]] = {p: [] for p in paths}
    for i, p in enumerate(paths):
        for k in range(len(p) + 1):
            if p[:k] in out:
                out[p[:k]].append(i)
    return out


def _touched(walked: Walked, frame: Frame, pv: list[Path], index: dict[Path, int],
             below: dict[Path, list[int]], marked: dict[int, set[int]]) -> tuple[set[int], set[int]]:
    """The nodes whose drawing a step can change, and those of them it changed something of.

    Changed: the nodes whose state the step changed and the nodes below them (a node with no state of its
    own is drawn pruned when a node above it is), and the nodes that join or leave the stack or the best
    play.  Beside them, the node drawn as current before, and the one drawn so now (the current node's
    deepest ancestor drawn, as a summarised drawing shows it).
    """
    moved: set[int] = set()
    for p in walked.changed:
        moved.update(below.get(p, ()))
    moved.update(marked[ON_STACK].symmetric_difference(index[p] for p in frame.stack if p in index))
    moved.update(marked[ON_PV].symmetric_difference(index[p] for p in pv if p in index))
    out = moved | marked[CURRENT]
    current = frame.current or ()
    for k in range(len(current), -1, -1):
        if current[:k] in index:
            out.add(index[current[:k]])
            break
    return out, moved


def _part(scene: Scene, paths: list[Path], above: list[list[int]] | None, redraw: set[int],
          known: dict[tuple[int, ...], Scene]) -> Scene:
    """The part of ``scene`` at ``redraw``, with the nodes ``above`` them if given, in preorder.

    ``known`` keeps the parts made so far, by their nodes' indices.
    """
    wanted = set(redraw)
    if above is not None:
        for i in redraw:
            wanted.update(above[i])
    key = tuple(sorted(wanted))
    part = known.get(key)
    if part is None:
        part = known[key] = replace(scene, paths=tuple(paths[i] for i in key))
    return part


def _delta(before: dict[str, Any] | None, now: dict[str, Any], nodes: dict[str, NodeData]) -> dict[str, Any]:
    """What a step gives: ``nodes`` (the nodes it changed), then every key at step 0, later only the changes.

    The stack changes at its top: a step gives ``[kept, calls]``, the number of calls kept from the step
    before and the calls above them.
    """
    out: dict[str, Any] = {"nodes": nodes}
    for k in STEP_KEYS:
        if before is None or now[k] != before[k]:
            out[k] = now[k]
    if "stack" in out:
        kept = 0
        if before is not None:
            for a, b in zip(before["stack"], now["stack"]):
                if a != b:
                    break
                kept += 1
        out["stack"] = [kept, now["stack"][kept:]]
    return out


def replay(data: dict[str, Any], step: int) -> dict[str, Any]:
    """Step ``step`` of ``data`` rebuilt from its changes, as the page's script rebuilds it.

    Raises
    ------
    IndexError
        A step outside the data's.
    """
    steps = data["steps"]
    if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step < len(steps):
        raise IndexError(f"step must be a whole number from 0 to {len(steps) - 1}, not {step!r}")
    nodes: list[NodeData] = [None] * len(data["layout"]["nodes"])
    state: dict[str, Any] = {}
    for delta in steps[:step + 1]:
        for i, s in delta["nodes"].items():
            nodes[int(i)] = s
        state.update({k: delta[k] for k in STEP_KEYS if k in delta and k != "stack"})
        if "stack" in delta:
            kept, calls = delta["stack"]
            state["stack"] = state.get("stack", [])[:kept] + calls
    return {"nodes": nodes, **state}


def data_json(data: dict[str, Any]) -> str:
    """``data`` as compact JSON text, as a page carries it.

    >>> import abteach as ab
    >>> data = frame_data(ab.minimax(ab.tree([1, 2])).trace)
    >>> json.loads(data_json(data)) == data, "v=−∞" in data_json(data)  # text as it reads, not \\u escapes
    (True, True)
    """
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


__all__ = ["frame_data", "frame_at", "replay", "step_state", "node_state", "data_json", "CURRENT", "ON_STACK", "ON_PV",
           "MARKED", "STEP_KEYS"]
