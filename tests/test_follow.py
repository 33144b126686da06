"""A wide picture follows the node its step is about (abteach.widgets.follow, abteach.views.draw.frame_focus).

The rule is checked as a law over boxes, pictures and nodes of every width;
the CSS the widgets send is checked to be the same rule, by evaluating it;
and ``frame_focus`` is checked against the pictures themselves, where the
current node is the one with the blue ring.
"""

from __future__ import annotations

import io
import math
import re

import numpy as np
import pytest
from hypothesis import assume, given, strategies as st
from PIL import Image

import abteach as ab
from abteach.views.draw import Focus, frame_focus
from abteach.views.export import frame_png
from abteach.views.palette import BLUE
from abteach.widgets.follow import FOLLOW_GAP, follow_margin, shift
from abteach.widgets.stepper import frame_options

OPENING = "X.. .O. ..."


@st.composite
def situations(draw: st.DrawFn) -> tuple[Focus, float, float, float]:
    """A node (its span across the picture), the root, a box width, the picture's legible and full widths."""
    width = draw(st.floats(200, 4000))
    least = draw(st.floats(100, width))
    view = draw(st.floats(100, width))
    a = draw(st.floats(0, 0.98))
    b = draw(st.floats(a + 0.001, min(1.0, a + 0.2)))
    root = draw(st.floats(0, 1))
    root_left = draw(st.floats(max(0.0, root - 0.1), root))
    root_right = draw(st.floats(root, min(1.0, root + 0.1)))
    return Focus(a, b, root, root_left, root_right), view, least, width


@given(situations())
def test_the_node_is_in_view_and_the_root_too_when_both_fit(case: tuple[Focus, float, float, float]) -> None:
    focus, view, least, width = case
    shown = max(least, view)  # the picture fills its box, never below its legible width
    s = shift(focus, view, least, width)
    visible = (-s, -s + view)
    # Never further than the picture reaches, and never off its left edge.
    assert view - shown - 1e-6 <= s <= 0
    a, b = focus.left * shown, focus.right * shown
    if b - a + 2 * FOLLOW_GAP <= view:
        assert visible[0] - 1e-6 <= a and b <= visible[1] + 1e-6
    root = (focus.root_left * shown, focus.root_right * shown)
    beside = not focus.left < focus.root < focus.right  # else the node is the root, or under its labels
    if beside and max(b, root[1]) - min(a, root[0]) + 2 * FOLLOW_GAP <= view:
        assert visible[0] - 1e-6 <= root[0] and root[1] <= visible[1] + 1e-6
    if least <= view:
        assert s == 0  # a picture that fits its box does not move


@given(situations())
def test_the_css_is_the_same_rule(case: tuple[Focus, float, float, float]) -> None:
    focus, view, least, width = case
    least = round(least)
    assume(least <= width)
    margin = follow_margin(focus, least)
    left = margin.removeprefix("0px 0px 0px ")
    # The CSS is plain arithmetic with min() and max() once its units are read: 100cqw is the box's width.
    assert re.fullmatch(r"[0-9a-z.()+*, -]+", left)
    python = left.replace("100cqw", repr(float(view))).replace("px", "")
    value = eval(python, {"__builtins__": {}, "min": min, "max": max})  # noqa: S307 - built here, checked above
    # Fractions are written to six places: a few thousandths of a pixel.
    assert value == pytest.approx(shift(focus, view, least, width), abs=0.01)


def ring_centre(png: bytes) -> float | None:
    """Across the picture (0 to 1), the centre of the current node's blue ring: the lowest blue in it."""
    rgb = np.asarray(Image.open(io.BytesIO(png)).convert("RGB")).astype(int)
    blue = np.array([int(BLUE[i:i + 2], 16) for i in (1, 3, 5)])
    ys, xs = np.nonzero(np.abs(rgb - blue).sum(axis=2) < 40)
    if not len(ys):
        return None
    ring = xs[ys >= ys.max() - 2]
    return (ring.min() + ring.max()) / 2 / rgb.shape[1]


@pytest.mark.parametrize("search", [
    lambda: ab.alphabeta(ab.examples.WIKIPEDIA),
    lambda: ab.mcts(ab.TicTacToe(OPENING), playouts=30, seed=1),
    lambda: ab.negamax_memory(ab.examples.DAG),
], ids=["wikipedia", "mcts", "table-on-a-dag"])
def test_frame_focus_is_where_the_picture_rings_the_node(search) -> None:
    trace = search().trace
    options = frame_options([trace], "screen")
    ringed = 0
    for step in range(0, len(trace) + 1, 11):
        focus = frame_focus(trace, step, size="screen", **options)
        assert 0 <= focus.left < focus.right <= 1 and 0 <= focus.root <= 1
        centre = ring_centre(frame_png(trace, step, size="screen", **options))
        if centre is None:
            # Nothing ringed (before the search, at its end): the news is the root.
            assert focus.left <= focus.root <= focus.right
        else:
            ringed += 1
            assert focus.left <= centre <= focus.right, f"step {step}: ring at {centre:.3f}, focus {focus}"
    assert ringed > 5


def test_the_mcts_stepper_shows_its_root_at_step_zero() -> None:
    # Its picture is more than three times as wide as a notebook on a projector (about 600 pixels).
    s = ab.stepper(ab.mcts(ab.TicTacToe(OPENING), playouts=30, seed=1), size="screen")
    width = s._picture.width
    assert width > 3 * 600
    focus = frame_focus(s.trace, 0, size=s.size, **s.draw_options)
    at = -shift(focus, 600, s._picture.min_width, width)
    root = focus.root * max(s._picture.min_width, 600)
    assert at <= root <= at + 600
    assert s.image.layout.margin == s.follow_margin(0)


def test_the_stepper_moves_its_picture_with_the_step() -> None:
    s = ab.stepper(ab.alphabeta(ab.examples.WIKIPEDIA), size="projector")
    margins = set()
    for step in (0, 5, 40, 70, len(s.frames) - 1):
        s.go(step)
        assert s.image.layout.margin == s.follow_margin(step)
        margins.add(s.image.layout.margin)
    assert len(margins) > 2


def test_a_picture_that_fits_is_never_moved() -> None:
    s = ab.stepper(ab.alphabeta(ab.examples.FIG_5_2))
    for step in (0, 10, 29, len(s.frames) - 1):
        focus = frame_focus(s.trace, step, size=s.size, **s.draw_options)
        assert shift(focus, s._picture.width, s._picture.min_width, s._picture.width) == 0


def test_the_static_copy_follows_too() -> None:
    box = ab.static_stepper(ab.alphabeta(ab.examples.WIKIPEDIA), size="projector", max_frames=8)
    stack = box.children[3]
    clips = [page.children[1].children[0] for page in stack.children]
    assert all("ab-follow" in clip._dom_classes for clip in clips)
    assert len({clip.children[0].layout.margin for clip in clips}) > 2


@given(situations(), st.floats(100, 4000))
def test_the_css_reads_the_width_a_slide_sets(case: tuple[Focus, float, float, float], slide_width: float) -> None:
    """Where a slide sets the variable, the rule runs with the width it gives; elsewhere with ``least``."""
    focus, view, least, width = case
    least, slide_width = round(least), round(min(slide_width, width))
    assume(least <= width)
    left = follow_margin(focus, least, variable="--ab-slide-width").removeprefix("0px 0px 0px ")

    def evaluate(shown: float) -> float:
        python = left.replace("var(--ab-slide-width, ", "(").replace("100cqw", repr(float(view)))
        python = python.replace(f"({least}px)", repr(float(shown))).replace("px", "")
        return float(eval(python, {"__builtins__": {}, "min": min, "max": max}))  # noqa: S307 - built here

    assert f"var(--ab-slide-width, {least}px)" in left
    assert evaluate(least) == pytest.approx(shift(focus, view, least, width), abs=0.01)
    assert evaluate(slide_width) == pytest.approx(shift(focus, view, slide_width, width), abs=0.01)


@pytest.mark.parametrize("variable", ["ab-slide-width", "--", "--a;b", "--a b"])
def test_a_bad_variable_is_refused(variable: str) -> None:
    with pytest.raises(ValueError, match="variable"):
        follow_margin(Focus(0.45, 0.55, 0.5, 0.45, 0.55), 1000, variable=variable)


@pytest.mark.parametrize("tree", ["FIG_5_2", "WIKIPEDIA", "DAG"])
@pytest.mark.parametrize("size", ["screen", "projector"])
def test_a_slide_keeps_the_picture_within_its_height_and_legible_where_that_fits(tree: str, size: str) -> None:
    from abteach.views.sizes import resolve_size
    from abteach.widgets.stepper import SLIDE, SLIDE_BODY, slide_plan

    trace = ab.alphabeta(getattr(ab.examples, tree)).trace
    png = frame_png(trace, 0, size=size, **frame_options([trace], size))
    width, height = Image.open(io.BytesIO(png)).size
    s = resolve_size(size)
    plan = slide_plan(trace, s, width, height)
    # The picture never passes the slide's height for it, nor its own size; the box never the slide's width.
    assert plan.shown * height / width <= SLIDE_BODY + 1
    assert plan.box <= plan.shown <= width and plan.box + (plan.side if plan.how == "beside" else 0) <= SLIDE[0]
    legible = math.floor(width * s.min_scale)
    if plan.how == "below":
        # Below the pseudocode, only a whole picture at its legible size or more: nothing to follow.
        assert plan.shown == plan.box >= legible
    else:
        # Beside it, legible whenever its legible size fits that height, else as large as the height allows.
        assert plan.shown >= math.floor(min(width * s.min_scale, SLIDE_BODY * width / height))
