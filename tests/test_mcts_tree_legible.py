"""``ab.mcts_tree`` is legible on a projector: its text is 12 pixels or more at its own size, which fits a notebook.

At 1024×768 with JupyterLab's file browser open, a notebook's output is
about 580 pixels wide (:data:`abteach.widgets.stepper.NARROW_OUTPUT_PIXELS`); a picture wider than
its output is shrunk, and its text with it.  So the picture must be at most
that wide, and it draws only the nodes its width has room for.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings, strategies as st

import abteach as ab
from abteach.views.mcts import COLUMN, mcts_tree
from abteach.widgets.stepper import NARROW_OUTPUT_PIXELS

from .strategies import examples

LEGIBLE_PX = 12
OPENING = "X.. .O. ..."


def texts(fig) -> list:
    return [t for t in fig.texts + fig.axes[0].texts if t.get_text().strip()]


def node_labels(fig) -> list[str]:
    return [t.get_text() for t in fig.axes[0].texts if t.get_text().startswith(("N=", "new"))]


@pytest.mark.parametrize("playouts", [30, 200])
def test_every_text_is_legible_and_the_picture_fits_a_projected_notebook(playouts: int) -> None:
    fig = mcts_tree(ab.mcts(ab.TicTacToe(OPENING), playouts=playouts, seed=1))
    assert fig.get_figwidth() * fig.dpi <= NARROW_OUTPUT_PIXELS
    for t in texts(fig):
        assert t.get_fontsize() * fig.dpi / 72 >= LEGIBLE_PX, t.get_text()


def test_the_lectures_tree_shows_every_root_move_and_the_last_selection() -> None:
    r = ab.mcts(ab.TicTacToe(OPENING), playouts=30, seed=1)
    frame = r.trace.last()
    fig = mcts_tree(r)
    labels = node_labels(fig)
    # The root and each of its children that has a playout.
    root_kids = [p for p, s in frame.nodes.items() if len(p) == 1 and s.extra.get("N")]
    assert len(root_kids) == OPENING.count(".") == 7
    assert f"N={frame.node(()).extra['N']}" in labels
    # Every root child's N and Q is written, as the lecture's text says.
    for p in root_kids:
        s = frame.node(p)
        assert f"N={s.extra['N']}\nQ={s.extra['W'] / s.extra['N']:.2f}" in labels
    # Nothing was left out here, so the caption says nothing is missing.
    assert "Not drawn" not in fig.texts[0].get_text()


@settings(max_examples=examples(0.3))
@given(st.integers(20, 400), st.integers(0, 5), st.sampled_from([1, 2, 3]), st.sampled_from([None, 8.0, 12.0]))
def test_no_level_is_crowded_and_what_is_left_out_is_counted(playouts: int, seed: int, depth: int,
                                                             width: float | None) -> None:
    r = ab.mcts(ab.TicTacToe(), playouts=playouts, seed=seed)
    fig = mcts_tree(r, depth=depth, width=width)
    columns = int(fig.get_figwidth() // COLUMN)
    rows: dict[float, int] = {}
    for t in fig.axes[0].texts:
        if t.get_text().startswith(("N=", "new")):
            rows[round(t.get_position()[1], 3)] = rows.get(round(t.get_position()[1], 3), 0) + 1
    assert max(rows.values()) <= columns
    # The root's children not drawn are counted in the caption, each once.
    frame = r.trace.last()
    kids = sum(1 for p, s in frame.nodes.items() if len(p) == 1 and s.extra.get("N"))
    level_one = sorted(rows, reverse=True)[1] if len(rows) > 1 else None
    drawn = rows[level_one] if level_one is not None else 0
    caption = " ".join(fig.texts[0].get_text().split())  # wrapped to the picture's width
    said = re.search(r"(\d+) less visited child(?:ren)? of root", caption)
    assert kids - drawn == (int(said.group(1)) if said else 0)


def test_a_bad_width_or_depth_is_refused_by_name() -> None:
    r = ab.mcts(ab.TicTacToe(OPENING), playouts=10, seed=1)
    with pytest.raises(ValueError, match="width must be from 4 to 30 inches, not 2"):
        mcts_tree(r, width=2)
    with pytest.raises(ValueError, match="depth must be a whole number of plies from 1 to 4, not 0"):
        mcts_tree(r, depth=0)

