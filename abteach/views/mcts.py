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
import textwrap
from typing import Any, Final, Sequence

from matplotlib.ticker import MaxNLocator

from abteach.games.errors import shown
from abteach.games.trees import Path
from abteach.trace.frames import Frame, Trace
from abteach.views.draw import Drawing
from abteach.views.palette import BLUE, GREEN, INK, LIGHT, MUTED, ORANGE, WHITE



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


#: The size of every text of :func:`mcts_tree`, in points at its 100 dots per inch: 12.5 pixels tall when
#: the picture is shown at its own size.
TREE_FONT: Final = 9

#: Inches a node's column needs at :data:`TREE_FONT`, for ``N=12 / Q=0.58`` and the UCB1 terms ``0.00+1.97``.
COLUMN: Final = 0.78

#: :func:`mcts_tree`'s width by default, in inches: a notebook's output at 1024 pixels with the file browser
#: open, so the picture is shown at its own size there and its text stays legible.
TREE_WIDTH: Final = 5.8


def _protected(frame: Frame, root: Path, sel: Any) -> set[Path]:
    """The nodes :func:`mcts_tree` always draws and opens: the way to the last selection, and the most visited line."""
    keep = {sel.node[:k] for k in range(len(root), len(sel.node) + 1)} if sel is not None else set()
    p = root
    while True:
        kids = _children(frame, p)
        if not kids:
            break
        p = kids[0][0]
        keep.add(p)
    return keep | {root}


def _rows(frame: Frame, root: Path, sel: Any, depth: int,
          columns: int) -> tuple[list[list[tuple[Path, int, float]]], dict[Path, int]]:
    """The nodes drawn, level by level below the root, each level at most ``columns``; and how many each parent hides.

    Every node of a level opens if it is on the way to the last selection or on the most visited line;
    where a level has too many, the least visited children of its most crowded parent go first.
    """
    keep = _protected(frame, root, sel)
    rows: list[list[tuple[Path, int, float]]] = []
    hidden: dict[Path, int] = {}
    parents = [root]
    for _ in range(depth):
        groups = {p: _children(frame, p) for p in parents if p in keep}
        while sum(map(len, groups.values())) > columns:
            crowded = max(groups, key=lambda p: (len([k for k in groups[p] if k[0] not in keep]), len(groups[p])))
            droppable = [k for k in groups[crowded] if k[0] not in keep]
            if not droppable:
                break
            groups[crowded].remove(droppable[-1])
            hidden[crowded] = hidden.get(crowded, 0) + 1
        row = [k for p in parents if p in groups for k in groups[p]]
        if not row:
            break
        rows.append(row)
        parents = [p for p, _, _ in row]
    return rows, hidden


def mcts_tree(search: Any, step: int | None = None, *, depth: int = 2, width: float | None = None) -> Drawing:
    """The search tree at ``step``: the root's children with their N and Q, the way to the last selection, its UCB1 terms.

    Every text is :data:`TREE_FONT` points, legible at the picture's own size,
    so only as many nodes a level are drawn as its width has room for: the
    root's children first, and below them the children of the nodes on the way
    to the last selection and on the most visited line.  The caption counts
    the children left out.

    Parameters
    ----------
    search : SearchResult or Trace
        From :func:`abteach.mcts`, traced.
    step : int, optional
        The frame to draw; the last by default.
    depth : int
        How many plies below the root to draw, 1 to 4.
    width : float, optional
        The figure's width in inches, 4 to 30; by default :data:`TREE_WIDTH`, a notebook's width on a
        projector.  A wider figure has room for more nodes a level.

    Returns
    -------
    Drawing
        Each node shows ``N`` (playouts through it) and ``Q`` (its mean reward
        for the player who moved into it); edges are thicker the more they were
        visited; the most visited line from the root is green; the children of
        the last selection's node carry their UCB1 terms, ``Q + exploration``.

    Examples
    --------
    >>> import abteach as ab
    >>> fig = mcts_tree(ab.mcts(ab.TicTacToe("X.. .O. ..."), playouts=30, seed=1))
    >>> bool(fig.get_figwidth() * fig.dpi <= 580), {t.get_fontsize() for t in fig.texts + fig.axes[0].texts}
    (True, {9.0})
    """
    trace = _trace_of(search, "mcts_tree")
    if isinstance(depth, bool) or not isinstance(depth, int) or not 1 <= depth <= 4:
        raise ValueError(f"depth must be a whole number of plies from 1 to 4, not {depth!r}")
    if width is not None and (isinstance(width, bool) or not isinstance(width, (int, float))
                              or not 4 <= width <= 30):
        raise ValueError(f"width must be from 4 to 30 inches, not {width!r}")
    width = TREE_WIDTH if width is None else float(width)
    frame = _frame(trace, step)
    root = trace.root
    sel = _last_selection(trace, frame.step)
    sel_parent = sel.node[:-1] if sel is not None else None
    rows, hidden = _rows(frame, root, sel, depth, max(2, int(width // COLUMN)))
    # Each level spread evenly across the width, in its parents' order, so no two edges cross.
    x: dict[Path, float] = {root: width / 2}
    for row in rows:
        pitch = min(width / len(row), 1.6)
        for i, (p, _, _) in enumerate(row):
            x[p] = width / 2 + (i - (len(row) - 1) / 2) * pitch
    root_n = frame.node(root).extra.get("N", 0)
    who = trace.game.to_move(trace.state)
    caption = (f"Step {frame.step} of {len(trace)}: the tree after {root_n} playout{'s' * (root_n != 1)}. "
               f"N = playouts through a node; Q = their mean reward for the player who moved into it "
               f"(1 win, ½ draw, 0 loss); {who} moves at the root.")
    if sel is not None:
        caption += f" Blue: UCB1 = Q + C·√(ln N(parent) / N) at the last selection, from {trace.name(sel.node[:-1])}."
    if hidden:
        caption += " Not drawn, to keep the text legible: " + "; ".join(
            f"{n} less visited child{'ren' * (n != 1)} of {trace.name(p)}" for p, n in hidden.items()) + "."
    lines = textwrap.wrap(caption, max(20, int(width * 72 / (0.56 * TREE_FONT))))
    line_in = 1.3 * TREE_FONT / 72
    level = 1.25
    cap_h = len(lines) * line_in + 0.15
    # Below the deepest level: its boxes and, under them, two lines of UCB1 terms.
    bottom = 0.35 + 3 * line_in
    tree_h = 0.5 + level * len(rows) + bottom
    height = cap_h + tree_h
    fig = Drawing(figsize=(width, height), dpi=100)
    fig.patch.set_facecolor(WHITE)
    ax = fig.add_axes((0, 0, 1, tree_h / height))
    ax.set_axis_off()
    ax.set_xlim(0, width)
    ax.set_ylim(-level * len(rows) - bottom, 0.5)
    font = TREE_FONT
    terms = {e: (q, u) for e, q, u, _ in sel.info["terms"]} if sel is not None else {}
    best_line = _protected(frame, root, None) - {root}
    parent_of = {p: p[:-1] for row in rows for p, _, _ in row}
    for row in rows:
        for path, n, q in row:
            parent = parent_of[path]
            y0, y1 = -level * (len(parent) - len(root)), -level * (len(path) - len(root))
            weight = 0.6 + 4.0 * math.sqrt(n / max(root_n, 1))
            colour = GREEN if path in best_line else MUTED
            ax.plot([x[parent], x[path]], [y0 - 0.2, y1 + 0.25], color=colour, lw=weight, zorder=1,
                    solid_capstyle="round")
            # The move's name near the child's end of the edge, where siblings' edges are furthest apart.
            ax.text(0.3 * x[parent] + 0.7 * x[path], 0.3 * y0 + 0.7 * y1 + 0.08, trace.move_name(path),
                    fontsize=font, ha="center", va="center", color=INK, zorder=3,
                    bbox={"boxstyle": "round,pad=0.15", "fc": WHITE, "ec": "none"})
    current = set(frame.stack)
    for path in x:
        s = frame.node(path)
        n = s.extra.get("N", 0)
        y = -level * (len(path) - len(root))
        face = ORANGE if path in current and frame.event is not None and frame.event.kind != "done" else (
            WHITE if n else LIGHT)
        edge = BLUE if path in current else INK
        label = f"N={n}" if path == root else f"N={n}\nQ={s.extra['W'] / n:.2f}" if n else "new"
        ax.text(x[path], y, label, fontsize=font, ha="center", va="center", color=INK, zorder=4,
                bbox={"boxstyle": "round,pad=0.3", "fc": face, "ec": edge, "lw": 1.6 if path in current else 0.8})
        if path[:-1] == sel_parent and path and path[-1] in terms:
            q, u = terms[path[-1]]
            chosen = sel is not None and path == sel.node
            ax.text(x[path], y - 0.3, f"{q:.2f}+{u:.2f}\n={q + u:.2f}", fontsize=font, ha="center",
                    va="top", color=BLUE if chosen else MUTED, fontweight="bold" if chosen else "normal", zorder=4)
    fig.text(0.1 / width, 1 - 0.1 / height, "\n".join(lines), fontsize=font, va="top", ha="left", color=INK,
             linespacing=1.3)
    drawn = "; ".join(
        f"{trace.move_name(p)}: " + (f"N={n}, Q={q:.2f}" if n else "new") for row in rows for p, n, q in row)
    return fig.described(f"MCTS search tree. {caption} Nodes drawn, by the move into them: {drawn}.")


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
    bars_text = "; ".join(f"{name}: {n} visits" + (f", Q={q:.2f}" if n else "")
                          for name, n, q in zip(names, counts, qs))
    return fig.described(f"Bar chart. {title}. {bars_text}.")


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
    lines = "; ".join(f"{label}: " + ", ".join(f"{b} scores {v:.2f}" for b, v in zip(budgets, line))
                      for line, label in zip(scores, labels))
    return fig.described(f"Line chart{': ' + title if title else ''}, score from 0 to 1 against {xlabel}. {lines}.")


def _is_list(seq: object) -> bool:
    """Whether ``seq`` can be read as a list: sized and iterable, and not a string read letter by letter."""
    return hasattr(seq, "__len__") and hasattr(seq, "__iter__") and not isinstance(seq, (str, bytes))


__all__ = ["mcts_tree", "visit_chart", "score_plot", "TREE_FONT", "TREE_WIDTH", "COLUMN"]
