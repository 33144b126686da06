"""A search told by its calls of the game: the frame data of what it generated and scored, step by step.

A student's search is graded through the game (:mod:`abteach.grading.game`):
what the grader sees of it is each ``result`` it asks for (a state
*generated*) and each ``utility`` (a leaf *scored*), in order, never its α,
β or v.  :func:`calls_frame_data` draws those calls as the stepper's frame
data (:mod:`abteach.views.frame_data`): one step per call, the generated
state current and its line of calls to the root on the stack.
:func:`trace_calls` reads the same calls from a traced search, so the
correct search can be stepped call for call beside the student's, and
:func:`parting` finds the call where they part.

A view: it reads a trace and a list of calls already made, and runs nothing.

Examples
--------
>>> import abteach as ab
>>> from abteach.views.frame_data import frame_data, replay
>>> trace = ab.alphabeta(ab.examples.FIG_5_2).trace
>>> right = trace_calls(trace)
>>> right[:3]
[('generate', (0,)), ('generate', (0, 0)), ('score', (0, 0))]
>>> mine = right[:5] + [('generate', (1, 1))]
>>> parting(mine, right)
5
>>> data = calls_frame_data(frame_data(trace), ab.examples.FIG_5_2, mine, len(mine), who="Your search")
>>> len(data["steps"]), replay(data, 6)["sentence"]
(8, 'Your search generates c2: game.result(C, c2). Call 6 of 6.')
"""

from __future__ import annotations

from typing import Any, Final, Sequence

from abteach.games.trees import Path, Tree
from abteach.search.events import Kind, fmt
from abteach.trace.frames import Trace
from abteach.views.frame_data import CURRENT, ON_STACK, replay

#: What the steps' listing shows: the two calls of the game a search is seen by.
LISTING: Final = {"title": "The calls of the game the grader sees",
                  "lines": [[1, "s2 = game.result(s, a)      # generates s2"],
                            [2, "u = game.utility(s, player)  # scores the leaf s"]]}
_LINE: Final = {"generate": 1, "score": 2}

Call = tuple[str, Path]


def trace_calls(trace: Trace) -> list[Call]:
    """The calls of the game a traced search makes: a state generated as its call starts, a leaf scored as it is
    evaluated (each ``enter`` below the root, each ``leaf``)."""
    out: list[Call] = []
    for e in trace.events:
        if e.kind == Kind.ENTER and e.node != ():
            out.append(("generate", e.node))
        elif e.kind == Kind.LEAF:
            out.append(("score", e.node))
    return out


def parting(mine: Sequence[Call], right: Sequence[Call]) -> int:
    """How many calls two searches make alike before they part (``len`` of the shorter if one is the other's
    start; of both if they are the same)."""
    for k, (a, b) in enumerate(zip(mine, right)):
        if a != b:
            return k
    return min(len(mine), len(right))


def calls_frame_data(base: dict[str, Any], tree: Tree, calls: Sequence[Call], made: int, *,
                     who: str) -> dict[str, Any]:
    """The frame data of ``calls`` on ``tree``: step 0 the root given, then one step per call, then the end.

    Parameters
    ----------
    base : dict
        :func:`~abteach.views.frame_data.frame_data` of a search of ``tree``: its layout (every node of the tree)
        and its first step's look of each node are kept.
    tree : Tree
    calls : sequence of (str, Path)
        ``('generate', path)`` or ``('score', path)``, each a path of ``tree`` (checked by whoever read them).
    made : int
        How many calls were made: past ``len(calls)``, the last step says how many are not shown.
    who : str
        Whose search it is, as a sentence begins: ``'Your search'``.

    Returns
    -------
    dict
        Frame data, with ``title`` ``who`` and its own listing, the two calls.
    """
    nodes = base["layout"]["nodes"]
    index = {n["path"]: i for i, n in enumerate(nodes)}
    start = replay(base, 0)["nodes"]

    def key(path: Path) -> str:
        return str(index[".".join(map(str, path))])

    def call(path: Path) -> list[str]:
        node = tree.nodes[path]
        return [f"leaf {tree.name(path)}" if node.is_leaf else f"{node.player}({tree.name(path)})", "", "", ""]

    state: dict[str, Any] = {str(i): list(s) if s is not None else None for i, s in enumerate(start)}
    root = key(())
    state[root] = ["a", state[root][1], [], CURRENT | ON_STACK, ""]
    steps: list[dict[str, Any]] = [{"nodes": dict(state), "line": None, "stack": [0, [call(())]],
                                    "sentence": f"{who} is given the root, {tree.name(())}.", "best": "", "pass": ""}]
    stack: list[Path] = [()]
    scored: dict[Path, int] = {}
    for n, (kind, path) in enumerate(calls, start=1):
        changed: dict[str, Any] = {}

        def put(p: Path, st: list[Any]) -> None:
            if state[key(p)] != st:
                state[key(p)] = changed[key(p)] = st
        ancestors = [path[:k] for k in range(len(path) + 1)]
        kept = 0
        while kept < min(len(stack), len(ancestors)) and stack[kept] == ancestors[kept]:
            kept += 1
        for p in stack[kept:]:  # calls the search has left: done
            put(p, ["d", state[key(p)][1], state[key(p)][2], 0, ""])
        for p in stack[:kept]:
            put(p, ["a", state[key(p)][1], state[key(p)][2], ON_STACK, ""])
        for p in ancestors[kept:-1]:  # a state generated out of turn: its line to the root is drawn as a stack
            put(p, ["a", state[key(p)][1], state[key(p)][2], ON_STACK, ""])
        name = tree.name(path)
        if kind == "score":
            scored[path] = scored.get(path, 0) + 1
            value = fmt(tree.utility(tree.nodes[path], "MAX"))
            note = [f"scored {scored[path]}×"] if scored[path] > 1 else []
            put(path, ["d", value, note, CURRENT | ON_STACK, ""])
            said = f"{who} scores {name}: game.utility({name}, MAX) = {value}."
        else:
            put(path, ["a", state[key(path)][1], state[key(path)][2], CURRENT | ON_STACK, ""])
            move = tree.move_name(tree.nodes[path[:-1]], path[-1])
            said = f"{who} generates {name}: game.result({tree.name(path[:-1])}, {move})."
        steps.append({"nodes": changed, "line": _LINE[kind], "stack": [kept, [call(p) for p in ancestors[kept:]]],
                      "sentence": f"{said} Call {n} of {made:,}."})
        stack = ancestors
    changed = {}
    reached = {p for _, p in calls} | {()}
    for p in tree.nodes:
        st = state[key(p)]
        now = ["d", st[1], st[2], 0, ""] if p in reached else ["p", st[1], st[2], 0, ""]
        if now != st:
            state[key(p)] = changed[key(p)] = now
    left = made - len(calls)
    end = (f"{who} was stopped, or went on, for {left:,} more calls, not shown." if left > 0 else
           f"{who} asks the game nothing more: the states it never generated are drawn as pruned.")
    steps.append({"nodes": changed, "line": None, "stack": [0, []], "sentence": end})
    return {"title": who, "layout": base["layout"], "listing": LISTING, "windowed": False, "steps": steps}


__all__ = ["calls_frame_data", "trace_calls", "parting", "LISTING"]
