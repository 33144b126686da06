"""The step-through widget: it follows the trace, never re-runs a search, and degrades to a picture."""

import io
import re

import pytest
from PIL import Image

import abteach as ab
from abteach.views.export import frame_png
from abteach.views.sizes import SIZES
from abteach.widgets import stepper as stepper_module
from abteach.widgets.stepper import png_size
from abteach.search.events import Kind

PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def third():
    return ab.alphabeta(ab.examples.FIG_5_2)


def current_line(s) -> int:
    marker = "ab-line ab-current-line' data-line='"
    html = s.listing.value
    return int(html[html.index(marker) + len(marker):].split("'", 1)[0])


def test_it_starts_at_step_zero_and_does_not_play(third):
    s = ab.stepper(third)
    assert s.value == 0 and s.play.playing is False and s.play.value == 0
    assert "about to search" in s.explanation.value


def test_every_step_shows_its_frame(third):
    s = ab.stepper(third)
    tr = third.trace
    for k in range(len(tr) + 1):
        s.go(k)
        f = tr.frame(k)
        assert s.explanation.value.endswith(f"{f.explanation}</div>".replace("'", "&#x27;"))
        if f.line in tr.listing:
            assert current_line(s) == tr.listing.number(f.line)
        assert bytes(s.image.value).startswith(PNG)


def test_the_cutoff_step_shows_the_sentence_and_the_line(third):
    s = ab.stepper(third)
    step = third.trace.steps(Kind.CUTOFF)[0]
    s.go(step)
    assert "c2 and c3 are pruned" in s.explanation.value
    assert current_line(s) == third.trace.listing.number("min.test")
    assert "MIN-VALUE(C)" in s.stack.value and "MAX-VALUE(A)" in s.stack.value


def test_buttons_step_forward_back_and_clamp(third):
    s = ab.stepper(third)
    s.buttons["forward"].click()
    s.buttons["forward"].click()
    assert s.value == 2
    s.buttons["back"].click()
    assert s.value == 1
    s.buttons["last"].click()
    assert s.value == len(third.trace)
    s.buttons["forward"].click()
    assert s.value == len(third.trace)
    s.buttons["first"].click()
    s.buttons["back"].click()
    assert s.value == 0


def test_images_differ_between_steps(third):
    s = ab.stepper(third)
    first = s.image.value
    s.go(10)
    assert s.image.value != first


def test_switch_between_searches_keeps_the_step_in_range():
    tied = ab.examples.TIED
    on_ties, strict = ab.alphabeta(tied), ab.alphabeta(tied, prune_on_tie=False)
    s = ab.stepper({"ties": on_ties, "strict": strict})
    s.go(len(strict.trace))
    s.choice.value = "ties"
    assert s.value == len(on_ties.trace) and s.slider.max == len(on_ties.trace)
    assert s.trace is on_ties.trace
    s.choice.value = "strict"
    assert s.slider.max == len(strict.trace) and s.trace is strict.trace


@pytest.mark.parametrize("search", [
    lambda: ab.minimax(ab.examples.FIG_5_2),
    lambda: ab.alphabeta(ab.examples.FIG_5_2, edition=4),
    lambda: ab.alphabeta(ab.examples.TIED, prune_on_tie=False),
    lambda: ab.alphabeta_tutorial(ab.examples.TUTORIAL),
    lambda: ab.alphabeta(ab.examples.WIKIPEDIA),
])
def test_it_works_for_every_search(search):
    r = search()
    s = ab.stepper(r)
    s.go(len(r.trace))
    assert "done" in s.explanation.value
    assert s.stack.value.endswith("empty</div>")


def test_static_fallback_is_a_picture(third):
    s = ab.stepper(third)
    s.go(29)
    bundle = s._repr_mimebundle_()
    assert bundle["image/png"].startswith(PNG)
    assert bundle["text/plain"].startswith("A search, step by step (a picture of it as it stands; it runs in Jupyter): "
                                           "alpha-beta, 3rd edition, prunes on ties, step 29 of 55")
    assert "application/vnd.jupyter.widget-view+json" in bundle


def test_static_stepper_prerenders_every_frame(third):
    box = ab.static_stepper(third)
    stack = [c for c in box.children if c.__class__.__name__ == "Stack"][0]
    assert len(stack.children) == len(third.trace) + 1
    images = [bytes(page.children[1].children[0].children[0].value) for page in stack.children]
    assert all(img.startswith(PNG) for img in images) and images[0] != images[-1]


def test_bad_arguments_are_clear_errors(third):
    with pytest.raises(ValueError, match="unknown speed 'warp'"):
        ab.stepper(third, speed="warp")
    with pytest.raises(ValueError, match="run the search with trace=True"):
        ab.stepper(ab.alphabeta(ab.examples.FIG_5_2, trace=False))
    with pytest.raises(TypeError, match=r"stepper needs a search result or a Trace as search .*, not \[1, 2\] of type list"):
        ab.stepper([1, 2])
    with pytest.raises(ValueError, match="at least one search"):
        ab.stepper({})
    with pytest.raises(ValueError, match="size"):
        ab.stepper(third, size="wall")


def test_too_long_a_trace_is_refused_with_advice():
    # Minimax from a corner opening: 211,088 steps, more than the stepper's limit.
    r = ab.minimax(ab.TicTacToe(ab.Board.parse("X.. ... ...")))
    assert len(r.trace) > stepper_module.MAX_STEPS
    with pytest.raises(ValueError, match="limit the search with depth"):
        ab.stepper(r)


def test_a_whole_tictactoe_search_opens():
    r = ab.alphabeta(ab.TicTacToe())
    s = ab.stepper(r)
    s.go(len(r.trace))
    assert "draw" in s.explanation.value or "worth 0" in s.explanation.value


def test_projector_size_draws_bigger(third):
    small, big = ab.stepper(third), ab.stepper(third, size="projector")
    # The same tree, in bigger type: the picture is at least as wide, and its α, β and v
    # stay 14 pixels tall however far the widget lets it shrink.
    assert big._picture.width >= small._picture.width
    size = SIZES["projector"]
    assert size.small_px * big._picture.min_width / big._picture.width >= 14
    assert f"min(100%, {big._picture.min_width}px)" == big.picture.layout.min_width


# -- what the picture shows, and how it is laid out ---------------------------------------

def test_the_picture_has_no_caption_and_the_sentence_is_written_once(third):
    s = ab.stepper(third)
    s.go(29)
    assert s.draw_options["caption"] is False and s.draw_options["legend"] is False
    assert bytes(s.image.value) == frame_png(third.trace, 29, size="screen", **s.draw_options)
    assert s.explanation.value.count("c2 and c3 are pruned") == 1
    assert "c2 and c3" not in s.listing.value + s.stack.value


def test_every_frame_and_every_search_share_one_canvas():
    fig52 = ab.examples.FIG_5_2
    s = ab.stepper({"3rd": ab.alphabeta(fig52), "4th": ab.alphabeta(fig52, edition=4)}, size="projector")
    sizes = set()
    for label in ("3rd", "4th"):
        s.choice.value = label
        for k in range(0, len(s.trace) + 1, 5):
            sizes.add(png_size(s.picture_png(k)))
    assert sizes == {(s._picture.width, s._picture.height)}


def test_the_legend_is_drawn_once_and_explains_what_the_search_will_show(third):
    s = ab.stepper(third)
    legend = Image.open(io.BytesIO(bytes(s.legend.value)))
    assert legend.width == s._picture.width
    first = s.legend.value
    s.go(40)
    assert s.legend.value == first


def test_the_last_step_names_the_best_play(third):
    s = ab.stepper(third)
    s.go(len(third.trace))
    assert "Best play:</b> a1 → b1." in s.best_play.value and s.best_play.layout.display == "flex"
    s.go(10)
    assert s.best_play.value == "" and s.best_play.layout.display == "none"


def test_listing_lines_wrap_only_between_words(third):
    s = ab.stepper(ab.alphabeta(ab.examples.FIG_5_2, edition=4))
    html = s.listing.value
    assert "white-space:pre-wrap" in html
    # Each word is one unbreakable piece; a call may break after its parenthesis.
    assert "<span style='white-space:nowrap'>game.IS-TERMINAL(</span><wbr><span style='white-space:nowrap'>state)</span>" in html
    # The side box keeps room for the listing's lines, in characters of its own font.
    px = stepper_module.side_pixels([s.trace], s._size)
    assert s.side.layout.min_width == f"min(100%, {px}px)" and px >= stepper_module.SIDE_CHARS * 0.6 * 13


def test_a_tree_too_big_to_label_is_an_overview_and_steps_are_still_drawn():
    big = ab.alphabeta(ab.random_tree(5, 6, seed=148, uneven=True))
    s = ab.stepper(big)
    assert s._picture.overview and s._picture.width == stepper_module.OVERVIEW_PIXELS
    assert s.note.layout.display == "flex" and "too big to label" in s.note.value
    before = bytes(s.image.value)
    s.go(100)
    assert bytes(s.image.value) != before
    assert png_size(bytes(s.image.value)) == (s._picture.width, s._picture.height)


def test_a_lecture_tree_is_never_an_overview():
    for tree in (ab.examples.FIG_5_2, ab.examples.WIKIPEDIA, ab.examples.UNEVEN):
        for size in ("screen", "projector"):
            s = ab.stepper(ab.alphabeta(tree), size=size)
            assert not s._picture.overview and s.note.layout.display == "none"


def test_static_stepper_pages_share_one_canvas(third):
    box = ab.static_stepper(third, size="projector")
    stack = [c for c in box.children if c.__class__.__name__ == "Stack"][0]
    sizes = {png_size(bytes(page.children[1].children[0].children[0].value)) for page in stack.children}
    assert len(sizes) == 1
    # The sentence once per page, above the picture, and not in it.  Beside it, hidden, the picture's text
    # alternative, which the page's script gives the tiled picture as its name.
    page = stack.children[29]
    alt = re.search(r"<span class='ab-picture-alt' hidden>(.*?)</span>", page.children[0].value)
    assert alt is not None and alt.group(1).startswith("Search tree at step 29 of ")
    shown = page.children[0].value.replace(alt.group(0), "")
    assert shown.count("c2 and c3 are pruned") == 1


def test_side_by_side_keeps_lines_level_and_words_whole():
    view = ab.side_by_side(ab.listing("alphabeta", edition=3), ab.listing("alphabeta", edition=4))
    html = view._repr_html_()
    # One table row per line number, so a line that wraps keeps the lines beside it level.
    assert html.count("<tr style='background:none'>") == max(len(ab.listing("alphabeta", edition=e).lines)
                                                              for e in (3, 4))
    # Words are unbreakable pieces ("returns an action" may wrap between words, never inside one).
    assert "<span style='white-space:nowrap'>action</span>" in html
    assert "white-space:pre " not in html and "<pre" not in html


# -- the drawing options a stepper relies on ----------------------------------------------------

def test_frames_keep_one_size_from_step_to_step():
    # Every inner node keeps room for α, β and v and any node for the ring, so the first and
    # the last frame bound every other: a stepper's canvas is taken from those two.
    from abteach.views.draw import frame_size
    for tree in (ab.examples.FIG_5_2, ab.examples.WIKIPEDIA, ab.examples.UNEVEN, ab.examples.TIED_ROOT):
        for search in (ab.alphabeta, ab.minimax):
            tr = search(tree).trace
            sizes = [frame_size(tr, k, caption=False, legend=False) for k in range(len(tr) + 1)]
            width = max(sizes[0][0], sizes[-1][0])
            height = max(sizes[0][1], sizes[-1][1])
            assert all(w <= width + 1e-9 and h <= height + 1e-9 for w, h in sizes), (tree, search)


def test_a_canvas_pads_a_frame_and_max_pixels_makes_an_overview_without_small_text():
    from abteach.views.draw import draw_frame, frame_size
    tr = ab.alphabeta(ab.examples.FIG_5_2).trace
    w, h = frame_size(tr, 29, caption=False)
    fig = draw_frame(tr, 29, caption=False, canvas=(w + 2, h + 1))
    assert tuple(round(float(x), 6) for x in fig.get_size_inches()) == (round(w + 2, 6), round(h + 1, 6))
    texts = len(draw_frame(tr, 29, caption=False, legend=False).axes[0].texts)
    overview = draw_frame(tr, 29, caption=False, legend=False, max_pixels=150)
    assert overview.dpi < 100 and len(overview.axes[0].texts) < texts
    with pytest.raises(ValueError, match="max_pixels must be a whole number"):
        draw_frame(tr, 29, max_pixels=10)
    with pytest.raises(TypeError, match="canvas must be"):
        draw_frame(tr, 29, canvas="big")


def _drawn(s, step: int) -> bool:
    """Whether the stepper had already drawn ``step``'s picture (asking for it then is a cache hit)."""
    hits = s._png.cache_info().hits
    s.picture_png(step)
    return s._png.cache_info().hits == hits + 1


def test_a_live_stepper_draws_ahead_while_the_kernel_is_idle(third):
    import asyncio

    s = ab.stepper(third)
    last = len(third.trace)
    s.go(5)  # no event loop, as in a script: only what is asked for is drawn
    assert not _drawn(s, 6)

    async def step_then_idle(stepper, *steps: int) -> None:
        for k in steps:
            stepper.go(k)
        # The kernel's loop turns while no message comes: long enough for every picture drawn ahead.
        for _ in range(100):
            await asyncio.sleep(stepper_module.DRAW_AHEAD_PAUSE)

    s2 = ab.stepper(third)
    asyncio.run(step_then_idle(s2, 10, 20))  # the student moved on from 10 at once: drawing follows 20
    ahead = [20 + k for k in range(1, stepper_module.DRAW_AHEAD + 1)]
    assert all(_drawn(s2, k) for k in [*ahead, 19, last])
    assert not _drawn(s2, 11)


def test_it_can_open_at_a_chosen_step_and_refuses_one_outside_the_search(third):
    # A lecture opens a long search where it gets interesting (lecture 09: MTD(f)'s second pass).
    cut = third.trace.steps("cutoff")[0]
    opened, walked = ab.stepper(third, step=cut), ab.stepper(third)
    walked.go(cut)
    assert opened.value == cut > 0 and opened.play.playing is False
    assert opened.explanation.value == walked.explanation.value
    assert opened.picture_png() == walked.picture_png()
    last = len(third.trace)
    assert ab.stepper(third, step=last).value == last
    for bad in (-1, last + 1):
        with pytest.raises(ValueError, match=rf"step must be from 0 to {last}, the steps of this search, not {bad}"):
            ab.stepper(third, step=bad)
    for bad in (True, 2.0, "3"):
        with pytest.raises(TypeError, match=r"step must be a whole number, not"):
            ab.stepper(third, step=bad)
