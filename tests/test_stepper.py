"""The step-through widget: it follows the trace, never re-runs a search, steps in the page and degrades to a picture.

What the page shows at a step is what its data replays to (:func:`abteach.views.frame_data.replay`, which the
page's module mirrors: checked here by running the module itself under node); expected values come from the
trace's own frames.
"""

import json
import shutil
import subprocess

import pytest

import abteach as ab
from abteach.views.frame_data import frame_data, replay
from abteach.views.sizes import SIZES
from abteach.widgets import stepper as stepper_module
from abteach.widgets.stepper import ESM_PATH, Stepper, png_size
from abteach.search.events import Kind

PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def third():
    return ab.alphabeta(ab.examples.FIG_5_2)


def test_it_starts_at_step_zero_and_does_not_play(third):
    s = ab.stepper(third)
    assert isinstance(s, Stepper) and s.value == 0 and s.step == 0
    assert "about to search" in s.shown()["sentence"]
    # Play is the page's: the widget only says how fast it goes.
    assert s.interval == stepper_module.SPEEDS["normal"] and s.speeds == stepper_module.SPEEDS


def test_every_step_shows_its_frame(third):
    s = ab.stepper(third)
    tr = third.trace
    for k in range(len(tr) + 1):
        s.go(k)
        f = tr.frame(k)
        shown = s.shown()
        assert shown["sentence"] == f.explanation
        assert shown["line"] == (tr.listing.number(f.line) if f.line in tr.listing else None)
        assert [c[0] for c in shown["stack"]] == [tr.algorithm.frame_name(f.node(p).player, tr.name(p))
                                                   for p in f.stack]


def test_the_cutoff_step_shows_the_sentence_and_the_line(third):
    s = ab.stepper(third)
    step = third.trace.steps(Kind.CUTOFF)[0]
    s.go(step)
    shown = s.shown()
    assert "c2 and c3 are pruned" in shown["sentence"]
    assert shown["line"] == third.trace.listing.number("min.test")
    assert [c[0] for c in shown["stack"]] == ["MAX-VALUE(A)", "MIN-VALUE(C)"]


def test_go_clamps_to_the_search(third):
    s = ab.stepper(third)
    s.go(2)
    assert s.value == 2
    s.go(len(third.trace) + 5)
    assert s.value == len(third.trace)
    s.go(-3)
    assert s.value == 0


def test_the_page_gets_every_search_once_and_the_module(third):
    fig52 = ab.examples.FIG_5_2
    fourth = ab.alphabeta(fig52, edition=4)
    s = ab.stepper({"3rd": third, "4th": fourth})
    assert [x["label"] for x in s.searches] == ["3rd", "4th"]
    assert [x["data"] for x in s.searches] == [frame_data(third.trace), frame_data(fourth.trace)]
    # Every step is in the data: nothing is drawn ahead or left out.
    assert [len(x["data"]["steps"]) for x in s.searches] == [len(third.trace) + 1, len(fourth.trace) + 1]
    assert s._esm == ESM_PATH.read_text(encoding="utf-8") and "export default" in s._esm


def test_switch_between_searches_keeps_the_step_in_range():
    tied = ab.examples.TIED
    on_ties, strict = ab.alphabeta(tied), ab.alphabeta(tied, prune_on_tie=False)
    assert len(strict.trace) > len(on_ties.trace)
    s = ab.stepper({"ties": on_ties, "strict": strict})
    s.choice = "strict"
    s.go(len(strict.trace))
    s.choice = "ties"
    assert s.value == len(on_ties.trace) and s.last == len(on_ties.trace)
    assert s.trace is on_ties.trace and s.data == frame_data(on_ties.trace)
    s.choice = "strict"
    assert s.last == len(strict.trace) and s.trace is strict.trace
    with pytest.raises(Exception, match="choice must be one of"):
        s.choice = "lenient"


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
    assert "done" in s.shown()["sentence"]
    assert s.shown()["stack"] == []


def test_static_fallback_is_a_picture_of_the_current_step(third):
    s = ab.stepper(third)
    s.go(29)
    bundle = s._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    assert data["image/png"].startswith(PNG) and data["image/png"] == s.picture_png(29)
    assert data["image/png"] != s.picture_png(0)
    assert data["text/plain"].startswith("A search, step by step (a picture of it as it stands; it runs in Jupyter): "
                                         "alpha-beta, 3rd edition, prunes on ties, step 29 of 55")
    assert "application/vnd.jupyter.widget-view+json" in data


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
    said = s.shown()["sentence"]
    assert said == r.trace.frame(len(r.trace)).explanation
    assert "draw" in said or "worth 0" in said


def test_projector_size_draws_bigger(third):
    small, big = ab.stepper(third), ab.stepper(third, size="projector")
    assert small.size.name == "screen" and big.size.name == "projector"
    # The page's α, β and v are 13 px on a desk; on a projector they stay at least 14 px tall.
    assert small.scale == 1.0 and 13 * big.scale >= 14
    assert png_size(big.picture_png())[0] > png_size(small.picture_png())[0]


def test_it_can_open_at_a_chosen_step_and_refuses_one_outside_the_search(third):
    # A lecture opens a long search where it gets interesting (lecture 09: MTD(f)'s second pass).
    cut = third.trace.steps("cutoff")[0]
    opened, walked = ab.stepper(third, step=cut), ab.stepper(third)
    walked.go(cut)
    assert opened.value == cut > 0
    assert opened.shown() == walked.shown()
    assert opened.picture_png() == walked.picture_png()
    last = len(third.trace)
    assert ab.stepper(third, step=last).value == last
    for bad in (-1, last + 1):
        with pytest.raises(ValueError, match=rf"step must be from 0 to {last}, the steps of this search, not {bad}"):
            ab.stepper(third, step=bad)
    for bad in (True, 2.0, "3"):
        with pytest.raises(TypeError, match=r"step must be a whole number, not"):
            ab.stepper(third, step=bad)


def test_the_last_step_names_the_best_play(third):
    s = ab.stepper(third)
    s.go(len(third.trace))
    assert s.shown()["best"] == "a1 → b1"
    s.go(10)
    assert s.shown()["best"] == ""


def test_the_listing_is_the_searchs_own(third):
    s = ab.stepper(ab.alphabeta(ab.examples.FIG_5_2, edition=4))
    lines = s.data["listing"]["lines"]
    assert [text for _, text in lines] == [text for _, text in s.trace.listing.lines]
    assert [k for k, _ in lines] == list(range(1, len(lines) + 1))


@pytest.mark.skipif(shutil.which("node") is None, reason="needs node to run the page's module")
@pytest.mark.parametrize("search", [
    lambda: ab.alphabeta(ab.examples.WIKIPEDIA),
    lambda: ab.mtdf(ab.examples.FIG_5_2, first_guess=0),
    lambda: ab.mcts(ab.TicTacToe("X.. .O. ..."), playouts=30, seed=1),
])
def test_the_pages_module_replays_every_step_as_the_data_says(search, tmp_path):
    data = frame_data(search().trace)
    (tmp_path / "data.json").write_text(json.dumps(data), encoding="utf-8")
    script = (f"import('{ESM_PATH.as_uri()}').then(m => {{"
              f"const data = JSON.parse(require('fs').readFileSync('{tmp_path / 'data.json'}', 'utf8'));"
              "const r = new m.Replay(data);"
              "const out = [...data.steps.keys()].reverse().map(k => r.at(k)).reverse();"
              "process.stdout.write(JSON.stringify(out)); })")
    done = subprocess.run(["node", "-e", script], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    states = json.loads(done.stdout)
    for k, state in enumerate(states):
        want = replay(data, k)
        assert {key: state.get(key) for key in want} == want, k


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
