"""Bad input to the drawing and export functions fails at once, by name, and writes nothing.

Each bad option raises a TypeError (wrong type) or ValueError (right type,
unusable value) whose message names the argument and the value given, before
anything is drawn and before any file is opened; a file the user already has
is never touched.  Also: the refusal to draw a too-wide tree names the limit it
applied.
"""

from __future__ import annotations

import math
import re

import matplotlib

matplotlib.use("Agg")

import pytest  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402

import abteach as ab  # noqa: E402
from abteach.views import draw, export, options, scene  # noqa: E402
from abteach.trace.frames import Trace  # noqa: E402
from abteach.views.sizes import SIZES, Size  # noqa: E402

FIG = ab.examples.FIG_5_2


@pytest.fixture(scope="module")
def result():
    return ab.alphabeta(FIG)


@pytest.fixture(scope="module")
def trace(result):
    return result.trace


@pytest.fixture
def no_drawing(monkeypatch):
    """Make any drawing fail loudly, so a test shows that the check came first."""
    def drew(*args, **kwargs):
        raise AssertionError("a frame was drawn before the bad argument was refused")
    monkeypatch.setattr(export, "draw_frame", drew)


def _names(err: pytest.ExceptionInfo, argument: str, value: object) -> None:
    """The message names the argument and shows the value."""
    message = str(err.value)
    assert argument in message, message
    assert repr(value) in message or str(value) in message, message


# -- dpi -----------------------------------------------------------------------------

BAD_DPI = [
    (0, ValueError), (-72, ValueError), (0.0, ValueError),
    (float("nan"), ValueError), (float("inf"), ValueError), (-math.inf, ValueError),
    (options.MAX_DPI + 1, ValueError), (10**9, ValueError),
    (True, TypeError), (False, TypeError), ("300", TypeError), (b"300", TypeError), ([300], TypeError),
    (3 + 0j, TypeError),
]


@pytest.mark.parametrize("dpi, error", BAD_DPI)
def test_save_frame_refuses_a_bad_dpi_before_drawing_or_writing(trace, tmp_path, no_drawing, dpi, error):
    target = tmp_path / "frame.png"
    with pytest.raises(error) as err:
        export.save_frame(trace, 29, target, dpi=dpi)
    _names(err, "dpi", dpi)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("dpi, error", BAD_DPI)
def test_save_animation_refuses_a_bad_dpi_before_drawing_or_writing(trace, tmp_path, no_drawing, dpi, error):
    with pytest.raises(error) as err:
        export.save_animation(trace, tmp_path / "search.gif", dpi=dpi)
    _names(err, "dpi", dpi)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("dpi, error", BAD_DPI)
def test_frame_png_refuses_a_bad_dpi_before_drawing(trace, no_drawing, dpi, error):
    with pytest.raises(error) as err:
        export.frame_png(trace, 29, dpi=dpi)
    _names(err, "dpi", dpi)


@pytest.mark.parametrize("dpi, error", BAD_DPI)
def test_figure_bytes_refuses_a_bad_dpi(dpi, error):
    with pytest.raises(error) as err:
        export.figure_bytes(Figure(figsize=(1, 1)), "png", dpi=dpi)
    _names(err, "dpi", dpi)


def test_the_dpi_cap_is_named_and_reachable():
    assert options.MAX_DPI == export.MAX_DPI == 1200
    with pytest.raises(ValueError, match=r"at most 1200 \(abteach\.views\.options\.MAX_DPI\)"):
        options.check_dpi(1201)
    # At the cap itself a small figure renders: 1 inch at 1200 dpi is 1200 pixels a side.
    png = export.figure_bytes(Figure(figsize=(1, 1)), "png", dpi=options.MAX_DPI)
    assert png[16:24] == (1200).to_bytes(4, "big") * 2  # the IHDR width and height


def test_a_dpi_that_would_make_too_many_pixels_is_refused_before_rendering():
    wide = Figure(figsize=(40, 1))  # 40 inches at 1000 dpi: 40,000 pixels across
    with pytest.raises(ValueError) as err:
        export.figure_bytes(wide, "png", dpi=1000)
    message = str(err.value)
    assert "dpi=1000" in message and "40000 × 1000 pixels" in message
    assert f"{options.MAX_PIXELS}" in message and "dpi ≤ 750" in message  # 30000 / 40
    # Vector formats have no pixels to count.
    assert export.figure_bytes(wide, "svg", dpi=1000).startswith(b"<?xml")


def test_a_size_with_a_bad_dpi_or_length_is_refused():
    good = SIZES["screen"]
    fields = dict(name="mine", font=good.font, small=good.small, marker=good.marker, line=good.line,
                  level=good.level, min_slot=good.min_slot, min_width=good.min_width, dpi=good.dpi)
    assert Size(**fields) == Size(**fields)
    for key, value, error in [("dpi", 0, ValueError), ("dpi", 5000, ValueError), ("dpi", "100", TypeError),
                              ("font", -1, ValueError), ("level", float("nan"), ValueError),
                              ("marker", True, TypeError), ("name", 3, TypeError)]:
        with pytest.raises(error) as err:
            Size(**{**fields, key: value})
        _names(err, f"Size.{key}", value)


def test_size_of_the_wrong_type_is_a_type_error(trace):
    with pytest.raises(TypeError, match="size must be one of 'screen', 'projector'"):
        draw.draw_frame(trace, 29, size=3)


# -- highlight ------------------------------------------------------------------------

BAD_HIGHLIGHT = [
    ("C", TypeError, "the string 'C'"),
    (3, TypeError, "not 3"),
    (None, TypeError, "not None"),
    ((1,), TypeError, "the single path (1,): write [(1,)]"),
    ((1, 0), TypeError, "the single path (1, 0): write [(1, 0)]"),
    ([(1.5,)], TypeError, "(1.5,), which is not a path"),
    ([("a",)], TypeError, "('a',), which is not a path"),
    ([(True,)], TypeError, "(True,), which is not a path"),
    ([1, (2,)], TypeError, "1, which is not a path"),
    ([{1: 2}], TypeError, "which is not a path"),
    ({(1,): "x"}, TypeError, "not {(1,): 'x'}"),
    ([(-1,)], ValueError, "(-1,), which is not a path"),
    ([(7,)], ValueError, "path 7: it is not a node of this tree"),
    ([(1, 1, 0)], ValueError, "path 1.1.0: it is not a node of this tree"),
]


@pytest.mark.parametrize("highlight, error, words", BAD_HIGHLIGHT)
def test_draw_frame_refuses_a_bad_highlight(trace, highlight, error, words):
    with pytest.raises(error) as err:
        draw.draw_frame(trace, 29, highlight=highlight)
    assert str(err.value).startswith("highlight")
    assert words in str(err.value)


@pytest.mark.parametrize("highlight, error, words", BAD_HIGHLIGHT)
def test_exports_refuse_a_bad_highlight_before_drawing_or_writing(trace, tmp_path, no_drawing, highlight, error,
                                                                  words):
    for call in (lambda: export.save_frame(trace, 29, tmp_path / "f.svg", highlight=highlight),
                 lambda: export.save_animation(trace, tmp_path / "a.gif", highlight=highlight)):
        with pytest.raises(error) as err:
            call()
        assert words in str(err.value)
    assert list(tmp_path.iterdir()) == []


def test_every_collection_of_paths_marks_the_same_node(trace):
    base = draw.node_styles(trace, 29)
    for given in ([(1,)], ((1,),), {(1,)}, [[1]], ((i,) for i in [1]), [(1,), (1,)]):
        marked = draw.mark_nodes(base, given)
        assert {p for p, s in marked.items() if s.mark} == {(1,)}
    assert draw.draw_frame(trace, 29, highlight=[[1]]).axes  # a list path draws like a tuple


def test_a_node_below_a_summarised_drawing_cannot_be_marked():
    nested = [[[[[i, i + 1, i + 2] for i in range(3)] for _ in range(3)] for _ in range(3)] for _ in range(3)]
    tr = ab.alphabeta(ab.tree(nested)).trace
    with pytest.raises(ValueError, match=r"highlight: cannot mark the node at path 0\.0\.0\.0\.0: it is not drawn, "
                                         r"as the drawing stops at depth \d"):
        draw.draw_frame(tr, len(tr), highlight=[(0, 0, 0, 0, 0)])


# -- the other drawing options ----------------------------------------------------------

@pytest.mark.parametrize("option, value, error", [
    ("names", "yes", TypeError), ("moves", 1, TypeError), ("legend", None, TypeError),
    ("caption", "no", TypeError), ("stable", "false", TypeError),
    ("title", 3, TypeError), ("mark", None, TypeError), ("mark_label", ["x"], TypeError),
    ("max_depth", -1, ValueError), ("max_depth", 1.5, ValueError), ("max_depth", True, ValueError),
])
def test_drawing_options_of_the_wrong_type(trace, tmp_path, no_drawing, option, value, error):
    with pytest.raises(error) as err:
        draw.draw_frame(trace, 29, **{option: value})
    _names(err, option, value)
    with pytest.raises(error):
        export.save_frame(trace, 29, tmp_path / "f.png", **{option: value})
    assert list(tmp_path.iterdir()) == []


def test_draw_tree_and_draw_styles_check_their_options():
    with pytest.raises(TypeError, match="names must be True, False or None, not 'yes'"):
        draw.draw_tree(FIG, names="yes")
    with pytest.raises(TypeError, match="ax must be matplotlib Axes"):
        draw.draw_tree(FIG, ax="left")
    with pytest.raises(TypeError, match="caption must be a string, not True"):
        draw.draw_styles(draw.tree_styles(FIG), caption=True)
    with pytest.raises(TypeError, match="styles must be a mapping"):
        draw.draw_styles([draw.tree_styles(FIG)[()]])


def test_an_unknown_drawing_option_is_named_before_anything_is_drawn(trace, tmp_path, no_drawing):
    for call in (lambda: export.save_frame(trace, 29, tmp_path / "f.png", colour="red"),
                 lambda: export.save_animation(trace, tmp_path / "a.gif", colour="red")):
        with pytest.raises(TypeError, match="unknown drawing option 'colour'; the options are names, moves"):
            call()
    with pytest.raises(TypeError, match="draws its own figure, so ax is not an option here"):
        export.save_frame(trace, 29, tmp_path / "f.png", ax=None)
    assert list(tmp_path.iterdir()) == []


def test_frame_png_never_draws_into_someone_elses_axes(trace):
    fig = Figure()
    ax = fig.add_subplot()
    with pytest.raises(TypeError, match="ax is not an option here"):
        export.frame_png(trace, 29, ax=ax)
    assert fig.dpi == Figure().dpi


def test_animation_timings_are_checked(trace, tmp_path, no_drawing):
    for kwargs, words in [({"duration": 5}, "duration"), ({"duration": 100.0}, "duration"),
                          ({"hold_last": -1}, "hold_last"), ({"hold_last": "long"}, "hold_last"),
                          ({"max_frames": 1}, "max_frames")]:
        with pytest.raises(ValueError, match=words):
            export.save_animation(trace, tmp_path / "a.gif", **kwargs)
    assert list(tmp_path.iterdir()) == []


# -- what is animated or exported must be a trace ------------------------------------------

def test_animating_a_search_result_says_to_pass_its_trace(result, tmp_path, no_drawing):
    with pytest.raises(TypeError, match=re.escape(f"save_animation needs an abteach.Trace as trace, not {result!r} "
                                                  "of type SearchResult: pass the result's .trace")):
        ab.save_animation(result, tmp_path / "a.gif")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("what, words", [
    (FIG, f"not {FIG!r} of type Tree (e.g. ab.alphabeta(game).trace)"),
    ("trace", "not 'trace' of type str"),
    (None, "not None of type NoneType"),
    ([], "not [] of type list"),
])
def test_animating_what_is_not_a_trace_is_a_type_error(trace, tmp_path, no_drawing, what, words):
    for call, who in [(lambda: ab.save_animation(what, tmp_path / "a.gif"), "save_animation"),
                      (lambda: ab.save_frame(what, 1, tmp_path / "f.png"), "save_frame"),
                      (lambda: ab.frame_png(what, 1), "frame_png")]:
        with pytest.raises(TypeError) as err:
            call()
        assert str(err.value).startswith(f"{who} needs an abteach.Trace as trace") and words in str(err.value)
    assert list(tmp_path.iterdir()) == []


def test_an_untraced_search_says_how_to_get_a_trace(tmp_path, no_drawing):
    with pytest.raises(TypeError, match="kept no trace; run it again with trace=True"):
        ab.save_animation(ab.alphabeta(FIG, trace=False), tmp_path / "a.gif")


def test_figure_bytes_needs_a_figure(trace):
    with pytest.raises(TypeError, match="fig must be a matplotlib Figure"):
        export.figure_bytes(trace, "png")


# -- nothing the user owns is touched --------------------------------------------------------

@pytest.mark.parametrize("kwargs", [
    {"dpi": 0}, {"dpi": "high"}, {"highlight": "C"}, {"overwrite": "yes"}, {"overwrite": 1},
    {"legend": "no"}, {"colour": "red"}, {"size": "huge"},
])
def test_a_bad_argument_leaves_an_existing_file_as_it_was(trace, tmp_path, no_drawing, kwargs):
    kwargs = {"overwrite": True, **kwargs}  # even when asked to replace it
    for name, call in [("slide.png", export.save_frame), ("search.gif", export.save_animation)]:
        target = tmp_path / name
        target.write_bytes(b"the user's own file")
        with pytest.raises((TypeError, ValueError)):
            if call is export.save_frame:
                call(trace, 29, target, **kwargs)
            else:
                call(trace, target, **kwargs)
        assert target.read_bytes() == b"the user's own file"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["search.gif", "slide.png"]


def test_overwrite_must_be_a_bool(trace, tmp_path):
    target = tmp_path / "slide.png"
    target.write_bytes(b"mine")
    # "no" is truthy: taken as a flag it would replace the file.
    with pytest.raises(TypeError, match="overwrite must be True or False, not 'no'"):
        export.save_frame(trace, 29, target, overwrite="no")
    assert target.read_bytes() == b"mine"


def test_a_file_name_of_the_wrong_type_or_a_folder(trace, tmp_path):
    with pytest.raises(TypeError, match="filename must be a file name .* not 42"):
        export.save_frame(trace, 29, 42)
    folder = tmp_path / "out.png"
    folder.mkdir()
    with pytest.raises(IsADirectoryError, match="it is a folder"):
        export.save_frame(trace, 29, folder, overwrite=True)
    assert folder.is_dir() and list(folder.iterdir()) == []


def test_overwriting_replaces_the_whole_file_and_leaves_nothing_beside_it(trace, tmp_path):
    target = tmp_path / "slide.svg"
    target.write_bytes(b"x" * 10_000_000)  # longer than the drawing: no old tail may survive
    export.save_frame(trace, 29, target, overwrite=True)
    assert target.read_bytes() == export.figure_bytes(draw.draw_frame(trace, 29), "svg")
    assert [p.name for p in tmp_path.iterdir()] == ["slide.svg"]


# -- the refusal to draw a too-wide tree names the limit it applied ----------------------------

def test_a_root_with_more_children_than_fit_side_by_side_names_max_leaves():
    n = scene.MAX_LEAVES + 1
    assert n + 1 <= scene.MAX_NODES  # only the width limit is broken
    for nested in ([0] * n, [[0, 1]] * n):
        with pytest.raises(ValueError) as err:
            draw.draw_tree(ab.tree(nested))
        message = str(err.value)
        assert message == (f"cannot draw this tree: its root alone has {n} children, and one drawing shows at most "
                           f"{scene.MAX_LEAVES} side by side (abteach.views.scene.MAX_LEAVES)")
        assert str(scene.SUMMARY_LEAVES) not in message and "MAX_NODES" not in message


def test_a_root_that_breaks_both_limits_names_both():
    n = scene.MAX_NODES + 5
    with pytest.raises(ValueError) as err:
        draw.draw_tree(ab.tree(list(range(n))))
    message = str(err.value)
    assert f"{scene.MAX_LEAVES} side by side (abteach.views.scene.MAX_LEAVES)" in message
    assert f"{scene.MAX_NODES} nodes in all (abteach.views.scene.MAX_NODES)" in message


def test_a_root_wider_than_the_overview_but_within_the_limit_is_drawn_one_level_deep():
    # 100 children of 3 leaves each: 401 nodes, more than MAX_NODES, so the drawing is summarised.
    # The overview would keep its bottom row within SUMMARY_LEAVES (81), which the root's 100 children
    # exceed; they are within MAX_LEAVES (200), so the root and its children are drawn.
    n = 100
    assert scene.SUMMARY_LEAVES < n <= scene.MAX_LEAVES and 1 + n + 3 * n > scene.MAX_NODES
    t = ab.tree([[0, 1, 2]] * n)
    s = scene.tree_scene(t, None)
    assert s.cut == 1 and s.shown == 1 + n and s.total == len(t)
    assert all(s.hidden[(i,)] == 3 for i in range(n))
    assert set(draw.tree_styles(t)) == {()} | {(i,) for i in range(n)}


def test_the_width_limit_is_exact():
    fits = ab.tree([[0, 1]] * scene.MAX_LEAVES)
    assert scene.tree_scene(fits, None).cut == 1
    with pytest.raises(ValueError, match=f"has {scene.MAX_LEAVES + 1} children"):
        scene.tree_scene(ab.tree([[0, 1]] * (scene.MAX_LEAVES + 1)), None)
    # An explicit depth is no way round it.
    with pytest.raises(ValueError, match="MAX_LEAVES"):
        scene.tree_scene(ab.tree([[0, 1]] * (scene.MAX_LEAVES + 1)), 1)


# -- a view given something that is not a search, or a result where a trace is wanted ---------------

NOT_A_SEARCH = [42, "alphabeta", None, [1, 2], FIG]


def _views_of(what):
    """Each public view that takes a search or a trace first, called on ``what``, with the argument's name."""
    return [
        ("stepper", "search", lambda: ab.stepper(what)),
        ("returns_table", "searches", lambda: ab.returns_table(what)),
        ("returns_table", "searches['x']", lambda: ab.returns_table({"x": what})),
        ("mcts_tree", "search", lambda: ab.mcts_tree(what)),
        ("visit_chart", "search", lambda: ab.visit_chart(what)),
        ("trace_table", "trace", lambda: ab.trace_table(what)),
        ("node_styles", "trace", lambda: ab.node_styles(what, 1)),
        ("draw_frame", "trace", lambda: ab.draw_frame(what, 1)),
        ("disagreeing_nodes", "trace", lambda: ab.disagreeing_nodes("a", what)),
        ("figure_vs_algorithm", "'x'", lambda: ab.figure_vs_algorithm({"x": what})),
    ]


@pytest.mark.parametrize("what", NOT_A_SEARCH, ids=["int", "str", "None", "list", "tree"])
def test_a_view_given_what_is_not_a_search_names_the_argument_and_the_value(what, no_drawing):
    for _, argument, call in _views_of(what):
        with pytest.raises(TypeError) as err:
            call()
        _names(err, argument, what)


def test_a_view_given_a_result_where_it_needs_a_trace_says_to_pass_the_trace(result):
    for call in (lambda: ab.trace_table(result), lambda: ab.node_styles(result, 1),
                 lambda: ab.disagreeing_nodes("a", result), lambda: ab.draw_frame(result, 1)):
        with pytest.raises(TypeError) as err:
            call()
        _names(err, "trace", result)
        assert "pass the result's .trace" in str(err.value)


@pytest.mark.parametrize("call, argument, value", [
    (lambda: ab.side_by_side(ab.listing("alphabeta", 3), 42), "listing 2", 42),
    (lambda: ab.to_networkx(42), "tree", 42),
    (lambda: ab.tidy_layout(42), "nodes", 42),
    (lambda: ab.tidy_layout("A"), "nodes", "A"),
    (lambda: ab.draw_tree(42), "tree", 42),
    (lambda: ab.plot_growth(42), "experiment", 42),
    (lambda: ab.reorder_view(42), "data", 42),
    (lambda: ab.score_plot(42, [[0.5]], ["a"]), "budgets", 42),
    (lambda: ab.score_plot([1], [0.5], ["a"]), "scores[0]", 0.5),
    (lambda: ab.board_png(ab.TicTacToe(), 42), "state", 42),
    (lambda: ab.board_png(ab.ConnectFour(), ab.TicTacToe().initial), "state", ab.TicTacToe().initial),
    (lambda: ab.play(42), "game", 42),
])
def test_other_views_name_a_value_of_the_wrong_type(call, argument, value):
    with pytest.raises(TypeError) as err:
        call()
    _names(err, argument, value)


def test_a_listing_from_a_trace_is_asked_for_by_name(trace):
    with pytest.raises(TypeError, match=r"listing 1 is Trace\(.*\) of type Trace: pass its \.listing"):
        ab.side_by_side(trace)


def test_draw_tree_names_must_be_a_flag_not_a_mapping_or_a_number():
    for names in (5, {(): "A"}):
        with pytest.raises(TypeError) as err:
            ab.draw_tree(FIG, names=names)
        _names(err, "names", names)


# -- an empty trace: nothing to export or step through ------------------------------------------------

@pytest.fixture
def empty(trace):
    return Trace([], trace.algorithm, trace.game, trace.state, trace.root)


def test_exporting_an_empty_trace_is_refused_before_drawing_or_writing(empty, tmp_path, no_drawing):
    for who, call in [("save_animation", lambda: ab.save_animation(empty, tmp_path / "a.gif")),
                      ("save_frame", lambda: ab.save_frame(empty, 0, tmp_path / "f.png")),
                      ("frame_png", lambda: ab.frame_png(empty, 0))]:
        with pytest.raises(ValueError) as err:
            call()
        assert str(err.value).startswith(f"{who} needs a trace with events")
        _names(err, "trace", empty)
    assert list(tmp_path.iterdir()) == []


def test_stepping_through_an_empty_trace_is_refused(empty):
    for who, argument, call in [("stepper", "search", lambda: ab.stepper(empty)),
                                ("browser_stepper", "search", lambda: ab.browser_stepper(empty))]:
        with pytest.raises(ValueError) as err:
            call()
        assert str(err.value).startswith(f"{who} needs a search with events")
        _names(err, argument, empty)


# -- the kinds a trace table keeps --------------------------------------------------------------------

def test_a_trace_table_refuses_a_kind_no_search_reports_and_lists_the_traces_kinds(trace):
    with pytest.raises(ValueError) as err:
        ab.trace_table(trace, kinds=["leaf", "cutof"])
    message = str(err.value)
    assert "kinds" in message and "'cutof'" in message and "did you mean 'cutoff'?" in message
    assert all(repr(kind) in message for kind in {e.kind for e in trace.events})


def test_a_trace_table_keeps_no_rows_for_a_kind_only_other_searches_report():
    minimax = ab.minimax(FIG).trace
    assert "cutoff" not in {e.kind for e in minimax.events}
    assert len(ab.trace_table(minimax, kinds=["cutoff"])) == 0
    assert len(ab.trace_table(minimax, kinds=["leaf"])) == 9  # Fig. 5.2 has 9 leaves, and minimax reads them all


def test_a_trace_table_refuses_one_kind_written_as_a_bare_string(trace):
    # Read as an iterable, "cutoff" would be six one-letter kinds, and the table would be empty.
    with pytest.raises(TypeError, match=re.escape("kinds must be a collection of event kinds, not the single string "
                                                  "'cutoff': write ['cutoff']")):
        ab.trace_table(trace, kinds="cutoff")
    with pytest.raises(TypeError) as err:
        ab.trace_table(trace, kinds=3)
    _names(err, "kinds", 3)
