"""A tree to solve, as data for the stepper's module to draw: the layout of a search's frames, and no search.

A view: it reads the trace of a search already run (the correct search of a
practice tree, which the practice widget is handed) and keeps only what the
tree itself says: :mod:`abteach.views.frame_data`'s layout, and one state,
step 0's, in which every leaf shows its value and no node has been searched.
So the tree to solve is laid out and drawn exactly as the stepper of its
correct search draws it before the first step, by the same module
(``treeView`` in ``static/stepper.js``), and nothing in it gives the answer
away: no α, β or v, no pruned node, no node marked current.

Every node is drawn with the status :data:`TO_SOLVE`, which the page reads
out with :data:`STATUS_WORDS`; ``said`` is each node's name as the practice
form names its row (a leaf's is drawn on the edge into it, as a move).

Examples
--------
>>> import abteach as ab
>>> data = tree_data(ab.alphabeta(ab.examples.FIG_5_2).trace)
>>> [n["said"] for n in data["layout"]["nodes"][:4]], data["steps"][0]["nodes"]["2"]
(['A', 'B', 'b1', 'b2'], ['t', '3', [], 0, ''])
>>> len(data["steps"]), data["label"]
(1, 'The tree to solve')
"""

from __future__ import annotations

from typing import Any, Final

from abteach.games.trees import Path
from abteach.trace.frames import Trace
from abteach.views.frame_data import frame_data, replay
from abteach.views.options import check_trace

#: The status of every node of a tree to solve: not searched yet, and drawn plainly (not dashed, as a node
#: a running search has not reached yet is).
TO_SOLVE: Final = "t"
#: What the page says a node's status is, for a screen reader.
STATUS_WORDS: Final = {TO_SOLVE: "to solve"}


def _path(text: str) -> Path:
    return tuple(int(k) for k in text.split(".")) if text else ()


def tree_data(trace: Trace, *, label: str = "The tree to solve") -> dict[str, Any]:
    """The tree ``trace`` searched, drawn before any search: its layout and one unsearched state.

    Parameters
    ----------
    trace : Trace
        A search of the tree, already run (its frames are only read for the layout and step 0).
    label : str
        What the page calls the drawing.

    Returns
    -------
    dict
        :func:`abteach.views.frame_data.frame_data`'s ``title``, ``layout`` (each node with ``said``, its
        name) and ``steps`` (one step: every node's state, status :data:`TO_SOLVE`, its value inside for a
        leaf), plus ``label`` and ``statusWords``; no listing.

    Raises
    ------
    TypeError
        ``trace`` is not a Trace, or ``label`` not a str.
    """
    check_trace(trace, "tree_data")
    if not isinstance(label, str):
        raise TypeError(f"label must be a str, not {label!r}")
    data = frame_data(trace)
    first = replay(data, 0)
    nodes = []
    for i, nd in enumerate(data["layout"]["nodes"]):
        state = first["nodes"][i]
        # Only the value a node shows inside (a leaf's): step 0 marks the root current, which says nothing here.
        nodes.append(None if state is None else [TO_SOLVE, state[1], [], 0, ""])
    layout = {**data["layout"], "nodes": [{**nd, "said": trace.name(_path(nd["path"]))}
                                          for nd in data["layout"]["nodes"]]}
    return {"title": data["title"], "label": label, "statusWords": dict(STATUS_WORDS), "layout": layout,
            "steps": [{"nodes": {str(i): s for i, s in enumerate(nodes)}}]}


__all__ = ["tree_data", "TO_SOLVE", "STATUS_WORDS"]
