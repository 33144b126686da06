"""Pictures of Monte Carlo tree search, from its trace: the growing tree, and the root's visit counts.

Both read one frame of a trace (the last by default) and run nothing: each
node's ``N`` and ``W`` are what the replay left in its ``extra``, and the UCB
terms are those of the last selection up to that frame.

Examples
--------
>>> import abteach as ab
>>> r = ab.mcts(ab.TicTacToe("X.. .O. ..."), playouts=60, seed=1)
>>> fig = mcts_tree(r)
>>> visit_chart(r).axes[0].get_title()
'Root visit counts after 60 playouts (most visited: Xc1)'
"""

from __future__ import annotations

import math
from typing import Any, Sequence

from matplotlib.ticker import MaxNLocator

from abteach.games.errors import shown
from abteach.games.trees import Path
from abteach.trace.frames import Frame, Trace
from abteach.views.draw import Drawing
from abteach.views.palette import BLUE, GREEN, INK, LIGHT, MUTED, ORANGE, WHITE

#: At most this many children of the root, or of the node of the last selection, are drawn (the most
#: visited); below them, :data:`DEEP_CHILDREN`.  The rest are counted.
MAX_CHILDREN = 9
DEEP_CHILDREN = 3


def _trace_of(search: Any, who: str) -> Trace:
    trace = getattr(search, "trace", search)
    if not isinstance(trace, Trace):
        raise TypeError(f"{who} needs an MCTS result or its trace as search (ab.mcts(game)), not {shown(search)}")
    if "visits" not in trace.algorithm.views:
        raise ValueError(f"{who} draws Monte Carlo tree search; this trace is of {trace.algorithm.label}")
    return trace


def _frame(trace: Trace, step: int | None) -> Frame:
    return trace.last() if step is None else trace.frame(step)


def _children(frame: Frame, path: Path) -> list[tuple[Path, int, float]]:
    """(path, N, Q) of the children of ``path`` in the tree at ``frame``, most visited first."""
    out = []
    for p, s in frame.nodes.items():
        if len(p) == len(path) + 1 and p[:-1] == path and s.extra.get("N"):
            n = s.extra["N"]
            out.append((p, n, s.extra["W"] / n))
    return sorted(out, key=lambda t: (-t[1], t[0]))


def _last_selection(trace: Trace, step: int) -> Any:
    for k in range(step, 0, -1):
        e = trace.event(k)
        if e.kind == "select":
            return e
    return None


def mcts_tree(search: Any, step: int | None = None, *, depth: int = 2, width: float | None = None) -> Drawing:
    """The search tree at ``step``: every node to ``depth`` plies with its N and Q, and the last UCB1 terms.

    Parameters
    ----------
    search : SearchResult or Trace
        From :func:`abteach.mcts`, traced.
    step : int, optional
        The frame to draw; the last by default.
    depth : int
        How many plies below the root to draw, 1 to 4.
    width : float, optional
        The figure's width in inches, 4 to 30; by default wide enough for the nodes drawn.

    Returns
    -------
    Drawing
        Each node shows ``N`` (playouts through it) and ``Q`` (its mean reward
        for the player who moved into it); edges are thicker the more they were
        visited; the most visited line from the root is green; the children of
        the last selection carry their UCB1 terms, ``Q + exploration``.
    """
    trace = _trace_of(search, "mcts_tree")
    if isinstance(depth, bool) or not isinstance(depth, int) or not 1 <= depth <= 4:
        raise ValueError(f"depth must be a whole number of plies from 1 to 4, not {depth!r}")
    if width is not None and (isinstance(width, bool) or not isinstance(width, (int, float))
                              or not 4 <= width <= 30):
        raise ValueError(f"width must be from 4 to 30 inches, not {width!r}")
    frame = _frame(trace, step)
    root = trace.root
    sel = _last_selection(trace, frame.step)
    sel_parent = sel.node[:-1] if sel is not None else None
    # Lay out the drawn nodes: leaves of the drawn tree left to right, parents centred.
    levels: dict[Path, list[tuple[Path, int, float]]] = {}
    hidden: dict[Path, int] = {}

    def gather(path: Path, d: int) -> None:
        if d >= depth:
            return
        kids = _children(frame, path)
        keep = MAX_CHILDREN if path in (root, sel_parent) else DEEP_CHILDREN
        levels[path] = kids[:keep]
        hidden[path] = len(kids) - len(levels[path])
        for p, _, _ in levels[path]:
            gather(p, d + 1)

    gather(root, 0)
    if sel_parent is not None and sel_parent not in levels and len(sel_parent) - len(root) < depth:
        gather(sel_parent, len(sel_parent) - len(root))
    x: dict[Path, float] = {}
    counter = [0.0]

    def place(path: Path) -> float:
        kids = levels.get(path, [])
        if not kids:
            x[path] = counter[0]
            counter[0] += 1
        else:
            xs = [place(p) for p, _, _ in kids]
            x[path] = (xs[0] + xs[-1]) / 2
        return x[path]

    place(root)
    leaves = max(counter[0], 1)
    if width is None:
        width = min(30.0, max(8.0, 0.95 * leaves))
    fig = Drawing(figsize=(width, 1.6 + 1.5 * depth), dpi=100)
    fig.patch.set_facecolor(WHITE)
    ax = fig.add_axes((0.01, 0.02, 0.98, 0.86))
    ax.set_axis_off()
    ax.set_xlim(-0.7, leaves - 0.3)
    ax.set_ylim(-depth - 0.6, 0.5)
    root_n = frame.node(root).extra.get("N", 0)
    terms = {e: (q, u) for e, q, u, _ in sel.info["terms"]} if sel is not None else {}
    # The most visited line, as the search would play it.
    best_line: set[Path] = set()
    p = root
    while levels.get(p):
        p = levels[p][0][0]
        best_line.add(p)
    font = 8 if leaves > 14 else 9
    for parent, kids in levels.items():
        for path, n, q in kids:
            y0, y1 = -(len(parent) - len(root)), -(len(path) - len(root))
            weight = 0.6 + 4.0 * math.sqrt(n / max(root_n, 1))
            colour = GREEN if path in best_line else MUTED
            ax.plot([x[parent], x[path]], [y0 - 0.18, y1 + 0.22], color=colour, lw=weight, zorder=1,
                    solid_capstyle="round")
            # The move's name near the child's end of the edge, where siblings' edges are furthest apart.
            ax.text(0.3 * x[parent] + 0.7 * x[path], 0.3 * y0 + 0.7 * y1 + 0.05, trace.move_name(path), fontsize=font,
                    ha="center", va="center", color=INK, zorder=3,
                    bbox={"boxstyle": "round,pad=0.15", "fc": WHITE, "ec": "none"})
        if hidden.get(parent):
            ax.text(x[parent] + 0.3, -(len(parent) - len(root)) - 0.25, f"+{hidden[parent]} more",
                    fontsize=font - 1, ha="left", color=MUTED)
    current = set(frame.stack)
    for path in x:
        s = frame.node(path)
        n = s.extra.get("N", 0)
        y = -(len(path) - len(root))
        face = ORANGE if path in current and frame.event is not None and frame.event.kind != "done" else (
            WHITE if n else LIGHT)
        edge = BLUE if path in current else INK
        label = f"N={n}" if path == root else f"N={n}\nQ={s.extra['W'] / n:.2f}" if n else "new"
        ax.text(x[path], y, label, fontsize=font, ha="center", va="center", color=INK, zorder=4,
                bbox={"boxstyle": "round,pad=0.3", "fc": face, "ec": edge, "lw": 1.6 if path in current else 0.8})
        if path[:-1] == sel_parent and path and path[-1] in terms:
            q, u = terms[path[-1]]
            chosen = sel is not None and path == sel.node
            ax.text(x[path], y - 0.42, f"{q:.2f}+{u:.2f}\n={q + u:.2f}", fontsize=font - 1, ha="center",
                    va="top", color=BLUE if chosen else MUTED, fontweight="bold" if chosen else "normal", zorder=4)
    who = trace.game.to_move(trace.state)
    caption = (f"Step {frame.step} of {len(trace)}: the tree after {root_n} playout{'s' * (root_n != 1)}. "
               f"N = playouts through a node; Q = their mean reward for the player who moved into it "
               f"(1 win, ½ draw, 0 loss); {who} moves at the root.")
    if sel is not None:
        caption += f"\nBlue: UCB1 = Q + C·√(ln N(parent) / N) at the last selection, from {trace.name(sel.node[:-1])}."
    fig.text(0.01, 0.985, caption, fontsize=9, va="top", ha="left", color=INK, wrap=True)
    return fig


def visit_chart(search: Any, step: int | None = None, *, width: float = 7.0) -> Drawing:
    """A bar chart of the root's visit counts at ``step`` (the last by default); the most visited bar is green.

    The search plays the most visited move, so this chart is its decision.
    """
    trace = _trace_of(search, "visit_chart")
    if isinstance(width, bool) or not isinstance(width, (int, float)) or not 3 <= width <= 30:
        raise ValueError(f"width must be from 3 to 30 inches, not {width!r}")
    frame = _frame(trace, step)
    root = trace.root
    actions = list(trace.game.actions(trace.state))
    counts, qs = [], []
    for i in range(len(actions)):
        s = frame.node(root + (i,))
        n = s.extra.get("N", 0)
        counts.append(n)
        qs.append(s.extra["W"] / n if n else None)
    names = [trace.move_name(root + (i,)) for i in range(len(actions))]
    fig = Drawing(figsize=(width, 3.2), dpi=100)
    fig.patch.set_facecolor(WHITE)
    ax = fig.add_axes((0.09, 0.2, 0.88, 0.66))
    best = max(range(len(counts)), key=lambda i: (counts[i], qs[i] or 0, -i)) if any(counts) else None
    colours = [GREEN if i == best else BLUE for i in range(len(counts))]
    bars = ax.bar(range(len(counts)), counts, color=colours)
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    for bar, n, q in zip(bars, counts, qs):
        if n:
            ax.text(bar.get_x() + bar.get_width() / 2, bar.get_height(), f"{n}\nQ={q:.2f}", ha="center",
                    va="bottom", fontsize=8, color=INK)
    ax.set_xticks(range(len(counts)), names)
    ax.set_ylabel("visits N")
    ax.set_ylim(0, max(counts + [1]) * 1.3)
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    root_n = frame.node(root).extra.get("N", 0)
    title = f"Root visit counts after {root_n} playouts"
    if best is not None:
        title += f" (most visited: {names[best]})"
    ax.set_title(title, fontsize=10)
    return fig


def score_plot(budgets: Sequence[Any], scores: Sequence[Sequence[float]], labels: Sequence[str], *,
               xlabel: str = "budget", title: str = "") -> Drawing:
    """Scores (0 to 1) of several match-ups against a budget: one line per label.

    ``scores[j][i]`` is line ``j``'s score at ``budgets[i]``.
    """
    for name, seq in (("budgets", budgets), ("scores", scores), ("labels", labels),
                      *((f"scores[{j}]", s) for j, s in enumerate(scores if _is_list(scores) else ()))):
        if not _is_list(seq):
            raise TypeError(f"{name} must be a list, not {shown(seq)}")
    if len(scores) != len(labels) or any(len(s) != len(budgets) for s in scores):
        raise ValueError("scores must hold one list per label, each with one score per budget")
    fig = Drawing(figsize=(6.5, 3.4), dpi=100)
    fig.patch.set_facecolor(WHITE)
    ax = fig.add_axes((0.1, 0.17, 0.86, 0.7))
    for line, label, colour, marker in zip(scores, labels, (BLUE, ORANGE, GREEN, MUTED), "osD^"):
        ax.plot(range(len(budgets)), line, marker=marker, color=colour, label=label)
    ax.set_xticks(range(len(budgets)), [str(b) for b in budgets])
    ax.set_ylim(-0.05, 1.05)
    ax.axhline(0.5, color=MUTED, lw=0.8, ls=":")
    ax.set_xlabel(xlabel)
    ax.set_ylabel("score (win 1, draw ½)")
    ax.legend(fontsize=8, frameon=False)
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    if title:
        ax.set_title(title, fontsize=10)
    return fig


def _is_list(seq: object) -> bool:
    """Whether ``seq`` can be read as a list: sized and iterable, and not a string read letter by letter."""
    return hasattr(seq, "__len__") and hasattr(seq, "__iter__") and not isinstance(seq, (str, bytes))


__all__ = ["mcts_tree", "visit_chart", "score_plot", "MAX_CHILDREN", "DEEP_CHILDREN"]
