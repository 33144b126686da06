"""Text alternatives for the pictures of a search: what a screen reader says in place of a drawing.

A picture of a frame carries the frame's sentence and the state of the node
it is about (its α, β and v), so a student who cannot see the tree hears
what a seeing student reads from it, step by step.

Examples
--------
>>> import abteach as ab
>>> trace = ab.alphabeta(ab.examples.FIG_5_2).trace
>>> frame_alt(trace, 0)
'Search tree before the first step. Alpha-beta is about to search from A with the widest window, α = −∞ and β = +∞.'
>>> frame_alt(trace, 3)
'Search tree at step 3 of 55. MIN-VALUE(B, α = −∞, β = +∞) is called: nothing is known yet, so any value could matter. Node B (MIN): α = −∞, β = +∞, no value yet.'
"""

from __future__ import annotations

from matplotlib.figure import Figure

from abteach.games.trees import Tree
from abteach.search.events import fmt
from abteach.trace.frames import Frame, Trace


def _node_state(trace: Trace, frame: Frame) -> str:
    """The current node's name, player, α, β and v, as far as the search has set them."""
    path = frame.current
    if path is None:
        return ""
    state = frame.nodes.get(path)
    if state is None:
        return ""
    parts = []
    if trace.algorithm.windowed:
        parts += [f"α = {fmt(state.alpha)}" if state.alpha is not None else "",
                  f"β = {fmt(state.beta)}" if state.beta is not None else ""]
    parts.append(f"v = {fmt(state.v)}" if state.v is not None else "no value yet")
    who = f" ({state.player})" if state.player else ""
    return f"Node {trace.name(path)}{who}: {', '.join(p for p in parts if p)}."


def frame_alt(trace: Trace, step: int | Frame) -> str:
    """A sentence or three that says what the picture of ``step`` of ``trace`` shows.

    Parameters
    ----------
    trace : Trace
        A traced search (``result.trace``).
    step : int or Frame
        Which frame, ``0 .. len(trace)``.

    Returns
    -------
    str
        The step, the frame's sentence and the current node's α, β and v.

    Raises
    ------
    ValueError
        ``step`` is outside ``0 .. len(trace)``.

    Examples
    --------
    >>> import abteach as ab
    >>> trace = ab.alphabeta(ab.examples.FIG_5_2).trace
    >>> "α = " in frame_alt(trace, 3) and "v = " in frame_alt(trace, len(trace))
    True
    """
    frame = step if isinstance(step, Frame) else None
    if frame is None:
        if not isinstance(step, int) or not 0 <= step <= len(trace):
            raise ValueError(f"step must be between 0 and {len(trace)}, not {step!r}")
        frame = trace.all_frames[step]
    sentence = frame.explanation.strip()
    if sentence and sentence[-1] not in ".!?":
        sentence += "."
    node = _node_state(trace, frame)
    where = f"at step {frame.step} of {len(trace)}" if frame.step else "before the first step"
    return " ".join(p for p in (f"Search tree {where}.", sentence, node) if p)


def tree_alt(tree: Tree, what: str = "Game tree") -> str:
    """A tree in words: each inner node, who moves there and its children, then every leaf's value.

    >>> import abteach as ab
    >>> print(tree_alt(ab.examples.FIG_5_2)[:85])
    Game tree of 13 nodes. A (MAX) has children B, C, D. B (MIN) has children b1, b2, b3.
    >>> print(tree_alt(ab.examples.FIG_5_2).split(" Leaves: ")[1])
    b1 = 3, b2 = 12, b3 = 8, c1 = 2, c2 = 4, c3 = 6, d1 = 14, d2 = 5, d3 = 2.
    """
    name = tree.book_name
    inner = [f"{name(n.path)} ({n.player}) has children {', '.join(name(c.path) for c in n.children)}."
             for n in tree.walk() if not n.is_leaf]
    leaves = ", ".join(f"{name(n.path)} = {fmt(n.value)}" for n in tree.leaves())
    return " ".join([f"{what} of {len(tree)} nodes."] + inner + ([f"Leaves: {leaves}."] if leaves else []))


def legend_alt(fig: Figure | None) -> str:
    """What a legend drawn on a figure of its own explains: its entries, in order.

    >>> import abteach as ab
    >>> from abteach.views.draw import draw_search_legend
    >>> legend_alt(draw_search_legend([ab.alphabeta(ab.examples.FIG_5_2).trace], width=6.5))[:35]
    'Legend: MAX to move; MIN to move; l'
    >>> legend_alt(None)
    ''
    """
    if fig is None:
        return ""
    entries = [t.get_text().strip() for t in fig.texts if t.get_text().strip()]
    return "Legend: " + "; ".join(entries) + "." if entries else ""


__all__ = ["frame_alt", "legend_alt", "tree_alt"]
