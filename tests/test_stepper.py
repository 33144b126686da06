"""The step-through widget: it follows the trace, never re-runs a search, and degrades to a picture."""

import pytest

import abteach as ab
from abteach.widgets import stepper as stepper_module
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
    assert bundle["text/plain"].startswith("Stepper(alpha-beta, 3rd edition, prunes on ties, step 29 of 55")
    assert "application/vnd.jupyter.widget-view+json" in bundle


def test_static_stepper_prerenders_every_frame(third):
    box = ab.static_stepper(third)
    stack = [c for c in box.children if c.__class__.__name__ == "Stack"][0]
    assert len(stack.children) == len(third.trace) + 1
    images = [bytes(page.children[1].children[0].value) for page in stack.children]
    assert all(img.startswith(PNG) for img in images) and images[0] != images[-1]


def test_bad_arguments_are_clear_errors(third):
    with pytest.raises(ValueError, match="unknown speed 'warp'"):
        ab.stepper(third, speed="warp")
    with pytest.raises(ValueError, match="run the search with trace=True"):
        ab.stepper(ab.alphabeta(ab.examples.FIG_5_2, trace=False))
    with pytest.raises(TypeError, match="stepper needs a search result or a Trace, not list"):
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
    assert len(big.image.value) > len(small.image.value)
