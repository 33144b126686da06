"""The drawing layer: layout, per-node styles at each step, exports, contrast, errors."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET

import matplotlib

matplotlib.use("Agg")

import pytest  # noqa: E402
from hypothesis import given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from PIL import Image  # noqa: E402

import abteach as ab  # noqa: E402
from abteach.views import draw, export, layout  # noqa: E402
from abteach.trace.frames import Status  # noqa: E402

FIG = ab.examples.FIG_5_2
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def trace():
    return ab.alphabeta(FIG).trace


def cutoff_step(tr) -> int:
    return tr.steps("cutoff", (1,))[0]


# -- layout ---------------------------------------------------------------------

nested_trees = st.recursive(
    st.integers(-20, 20),
    lambda kids: st.lists(kids, min_size=1, max_size=4),
    max_leaves=40,
)


@given(nested_trees)
def test_layout_centres_parents_and_never_overlaps(nested):
    t = ab.tree(nested)
    pos = layout.tidy_layout(t)
    assert set(pos) == set(t.nodes)
    for p, node in t.nodes.items():
        x, y = pos[p]
        assert y == -len(p)
        if node.children:
            first, last = pos[node.children[0].path][0], pos[node.children[-1].path][0]
            assert x == pytest.approx((first + last) / 2)
    by_depth: dict[int, list[float]] = {}
    for p, (x, _) in pos.items():
        by_depth.setdefault(len(p), []).append(x)
    for xs in by_depth.values():
        xs.sort()
        assert all(b - a >= 1 - 1e-9 for a, b in zip(xs, xs[1:])), "two nodes at one depth overlap"
    leaf_xs = [pos[n.path][0] for n in t.leaves()]
    assert leaf_xs == sorted(leaf_xs) == [float(i) for i in range(len(leaf_xs))]


def test_layout_of_textbook_tree():
    pos = layout.tidy_layout(FIG)
    assert pos[()] == (4.0, 0.0)
    assert [pos[(i,)][0] for i in range(3)] == [1.0, 4.0, 7.0]


def test_layout_rejects_paths_without_parent():
    with pytest.raises(ValueError, match="without its parent"):
        layout.tidy_layout([(), (0, 1)])
    with pytest.raises(ValueError, match="root"):
        layout.tidy_layout([(0,)])


def test_layout_handles_the_deepest_tree_without_recursion():
    nested: object = 1
    for _ in range(ab.MAX_DEPTH):
        nested = [nested]
    pos = layout.tidy_layout(ab.tree(nested))
    assert len(pos) == ab.MAX_DEPTH + 1


def test_to_networkx():
    g = layout.to_networkx(FIG)
    assert g.number_of_nodes() == len(FIG) and g.number_of_edges() == len(FIG) - 1
    assert g.nodes[()]["player"] == "MAX" and g.nodes[(2, 0)]["value"] == 14
    assert g.edges[(2,), (2, 2)]["move"] == "d3"
    assert g.nodes[(1,)]["pos"] == (4.0, -1.0)


# -- styles follow the frame -------------------------------------------------------------

def test_step_zero_has_nothing_visited(trace):
    styles = draw.node_styles(trace, 0)
    assert set(styles) == set(FIG.nodes)
    assert all(s.status is Status.UNVISITED for s in styles.values())
    assert not any(s.annotation or s.current or s.on_stack or s.on_pv for s in styles.values())
    assert all(s.outline_style == ":" for s in styles.values())
    # Leaf values of a known tree are shown from the start, muted.
    assert styles[(0, 1)].inside == "12" and styles[(0, 1)].text == draw.MUTED


def test_after_c_cutoff_c2_c3_pruned_and_dashed(trace):
    k = cutoff_step(trace)
    styles = draw.node_styles(trace, k)
    for p in [(1, 1), (1, 2)]:
        s = styles[p]
        assert s.status is Status.PRUNED and s.pruned
        assert s.edge_style == "--" and s.outline_style == "--" and s.hatch
        assert s.pruned_by == "v=2 ≤ α=3"
    c = styles[(1,)]
    assert c.annotation.splitlines() == ["α=3", "β=+∞", "v=2"]
    assert c.current and c.on_stack and c.status is Status.ACTIVE
    assert styles[()].on_stack and not styles[()].current
    assert styles[(0,)].inside == "3" and styles[(0,)].status is Status.DONE
    assert styles[(2,)].status is Status.UNVISITED and styles[(2,)].annotation == ""
    # Once C returns, its value is written as the bound it is.
    assert draw.node_styles(trace, k + 1)[(1,)].inside == "≤2"


def test_final_frame_draws_principal_variation_thick(trace):
    styles = draw.node_styles(trace, len(trace))
    pv = [p for p, s in styles.items() if s.on_pv]
    assert pv == [(0,), (0, 0)]
    thick = {s.edge_weight for s in styles.values() if s.on_pv}
    plain = {s.edge_weight for s in styles.values() if not s.on_pv and s.path}
    assert min(thick) > 2 * max(plain)
    assert draw.principal_variation(trace.frame(len(trace) - 1)) == []
    assert not any(s.current for s in styles.values())
    assert "Best play: a1 → b1." in draw.frame_caption(trace, trace.frame(len(trace)))


def test_styles_for_every_step_are_consistent(trace):
    for frame in trace.frames():
        styles = draw.node_styles(trace, frame)
        for p, s in styles.items():
            assert s.status is frame.node(p).status
            assert s.marker == {"max": "^", "min": "v", "leaf": "s"}[s.kind]
        on_stack = [p for p, s in styles.items() if s.on_stack]
        assert on_stack == list(frame.stack)


def test_minimax_frames_show_v_only():
    tr = ab.minimax(FIG).trace
    s = draw.node_styles(tr, len(tr) // 2)
    annotated = [x.annotation for x in s.values() if x.annotation]
    assert annotated and all(a.startswith("v=") and "α" not in a for a in annotated)


def test_game_without_tree_draws_reached_nodes_only():
    tr = ab.alphabeta(ab.TicTacToe(ab.Board.parse("XO. .X. ..O"))).trace
    assert tr.tree is None
    for k in (0, 5, 60, len(tr)):
        frame = tr.frame(k)
        styles = draw.node_styles(tr, frame)
        assert () in styles
        assert all(p == () or frame.node(p).status is not Status.UNVISITED for p in styles)
    fig = draw.draw_frame(tr, 60)
    assert fig.axes and draw.draw_frame(tr, 60, stable=False).get_figwidth() < fig.get_figwidth()


def test_tree_styles_plain():
    s = draw.tree_styles(FIG)
    assert s[()].name == "A" and s[(0, 0)].name == ""  # leaf named like its move is not named twice
    assert s[(2,)].move == "a3" and s[(2, 2)].inside == "2"
    assert all(x.status is None for x in s.values())


# -- drawing -----------------------------------------------------------------------------

def test_draw_tree_and_frame_return_figures_not_registered_with_pyplot(trace):
    import matplotlib.pyplot as plt

    before = plt.get_fignums()
    figs = [draw.draw_tree(FIG), draw.draw_frame(trace, 29), draw.draw_frame(trace, len(trace), size="projector")]
    assert all(isinstance(f, matplotlib.figure.Figure) for f in figs)
    assert plt.get_fignums() == before
    assert figs[2].get_figwidth() > figs[1].get_figwidth()


def test_draw_into_given_axes(trace):
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots()
    try:
        assert draw.draw_frame(trace, 10, ax=ax) is fig
        assert draw.draw_tree(FIG, ax=ax) is fig
    finally:
        plt.close(fig)


def test_big_tree_is_summarised():
    nested = [[[[[i, i + 1, i + 2] for i in range(3)] for _ in range(3)] for _ in range(3)] for _ in range(3)]
    t = ab.tree(nested)  # 1 + 3 + 9 + 27 + 81 + 243 = 364 nodes
    assert len(t) > draw.MAX_LEAVES
    fig = draw.draw_tree(t)
    fig.canvas.draw()  # renders for real: Agg, set at the top of this module
    texts = [x.get_text() for x in fig.axes[0].texts]
    assert any(x.startswith("+") and x.endswith("below") for x in texts)
    assert any("Showing depths" in x.get_text() for x in fig.texts)
    # An explicit depth is honoured.
    assert {len(p) for p in draw.tree_styles(t, max_depth=2)} == {0, 1, 2}


def test_300_node_tree_is_drawn_whole():
    nested = [[[[j, j + 1] for j in range(5)] for _ in range(6)] for _ in range(3)]
    t = ab.tree(nested)
    assert 250 < len(t) <= draw.MAX_NODES
    assert set(draw.tree_styles(t)) == set(t.nodes)
    tr = ab.alphabeta(t).trace
    fig = draw.draw_frame(tr, len(tr) // 2)
    assert fig.get_figwidth() * fig.dpi < 65536


def test_too_many_children_at_the_root_raises():
    with pytest.raises(ValueError, match="MAX_NODES"):
        draw.draw_tree(ab.tree(list(range(draw.MAX_NODES + 5))))


def test_huge_game_search_is_summarised():
    tr = ab.alphabeta(ab.TicTacToe(ab.Board.parse("X.. ... ..."))).trace
    styles = draw.node_styles(tr, len(tr))
    assert len(styles) <= draw.MAX_NODES
    assert any(s.hidden for s in styles.values())


# -- errors ----------------------------------------------------------------------------------

def test_bad_arguments(trace):
    with pytest.raises(IndexError, match="steps 0 to 55"):
        draw.draw_frame(trace, 56)
    with pytest.raises(IndexError):
        draw.node_styles(trace, -1)
    with pytest.raises(TypeError):
        draw.draw_frame(trace, 1.5)
    with pytest.raises(ValueError, match="unknown size 'huge'.*'screen', 'projector'"):
        draw.draw_frame(trace, 1, size="huge")
    with pytest.raises(ValueError, match="max_depth"):
        draw.draw_tree(FIG, max_depth=-1)
    with pytest.raises(TypeError, match="abteach.Trace"):
        draw.draw_frame(FIG, 1)
    with pytest.raises(TypeError, match="draw_frame"):
        draw.draw_tree(ab.TicTacToe())


# -- contrast -----------------------------------------------------------------------------------

def test_contrast_helper_against_known_values():
    assert draw.contrast_ratio("#000000", "#FFFFFF") == pytest.approx(21.0)
    assert draw.contrast_ratio("#FFFFFF", "#FFFFFF") == pytest.approx(1.0)
    assert draw.contrast_ratio("#777777", "#FFFFFF") == pytest.approx(4.48, abs=0.01)  # the classic near miss
    assert draw.contrast_ratio("#767676", "#FFFFFF") == pytest.approx(4.54, abs=0.01)
    assert draw.contrast_ratio("#0072B2", "#FFFFFF") == draw.contrast_ratio("#FFFFFF", "#0072B2")
    assert draw.relative_luminance((1.0, 0.0, 0.0)) == pytest.approx(0.2126)


@pytest.mark.parametrize("fg,bg", draw.TEXT_PAIRS)
def test_every_text_colour_pair_meets_wcag_aa(fg, bg):
    assert draw.contrast_ratio(fg, bg) >= 4.5


@pytest.mark.parametrize("fg,bg", draw.GRAPHIC_PAIRS)
def test_every_line_colour_meets_wcag_graphics(fg, bg):
    assert draw.contrast_ratio(fg, bg) >= 3.0


def test_every_text_drawn_uses_a_listed_pair(trace):
    fig = draw.draw_frame(trace, cutoff_step(trace))
    colours = {matplotlib.colors.to_hex(t.get_color()).upper() for t in fig.axes[0].texts + fig.texts}
    listed = {fg.upper() for fg, _ in draw.TEXT_PAIRS}
    assert colours <= listed


# -- export ----------------------------------------------------------------------------------------

def test_frame_png_bytes(trace):
    png = export.frame_png(trace, 29)
    assert png.startswith(PNG_MAGIC)
    assert Image.open(io.BytesIO(png)).size[0] > 300
    assert export.frame_png(trace, 29) == png


@pytest.mark.parametrize("suffix", ["png", "svg", "pdf"])
def test_save_frame_writes_valid_deterministic_files(trace, tmp_path, suffix):
    a = export.save_frame(trace, 29, tmp_path / f"a.{suffix}")
    b = export.save_frame(trace, 29, tmp_path / f"b.{suffix}")
    data = a.read_bytes()
    assert data == b.read_bytes()
    if suffix == "png":
        assert data.startswith(PNG_MAGIC)
    elif suffix == "svg":
        assert ET.fromstring(data).tag.endswith("svg")
    else:
        assert data.startswith(b"%PDF-") and b"CreationDate" not in data


def test_save_frame_refuses_to_overwrite(trace, tmp_path):
    target = tmp_path / "f.png"
    target.write_bytes(b"keep")
    with pytest.raises(FileExistsError, match="overwrite=True"):
        export.save_frame(trace, 3, target)
    assert target.read_bytes() == b"keep"
    export.save_frame(trace, 3, target, overwrite=True)
    assert target.read_bytes().startswith(PNG_MAGIC)


def test_save_frame_errors(trace, tmp_path):
    with pytest.raises(ValueError, match="'.jpg'"):
        export.save_frame(trace, 1, tmp_path / "f.jpg")
    with pytest.raises(ValueError, match="no suffix"):
        export.save_frame(trace, 1, tmp_path / "f")
    with pytest.raises(IndexError):
        export.save_frame(trace, 99, tmp_path / "f.png")
    with pytest.raises(ValueError, match="unknown size"):
        export.save_frame(trace, 1, tmp_path / "f.png", size="tiny")
    with pytest.raises(FileNotFoundError):
        export.save_frame(trace, 1, tmp_path / "missing" / "f.png")
    assert list(tmp_path.iterdir()) == []


def test_save_animation_has_one_frame_per_step(trace, tmp_path):
    gif = export.save_animation(trace, tmp_path / "a.gif", duration=100)
    data = gif.read_bytes()
    assert data[:6] in (b"GIF87a", b"GIF89a")
    with Image.open(gif) as im:
        assert im.n_frames == len(trace) + 1
    with pytest.raises(FileExistsError):
        export.save_animation(trace, gif)


def test_save_animation_samples_long_traces_deterministically(trace, tmp_path):
    a = export.save_animation(trace, tmp_path / "a.gif", max_frames=6)
    b = export.save_animation(trace, tmp_path / "b.gif", max_frames=6)
    assert a.read_bytes() == b.read_bytes()
    with Image.open(a) as im:
        assert im.n_frames == 6
    assert export.animation_steps(55, 6) == [0, 11, 22, 33, 44, 55]
    with pytest.raises(ValueError, match="'.mp4'"):
        export.save_animation(trace, tmp_path / "a.mp4")
    with pytest.raises(ValueError, match="max_frames"):
        export.animation_steps(10, 1)


# -- a drawing says what it shows --------------------------------------------------------------------------

def _shown_alt(fig):
    """The alt of the <img> a drawing shows as, read back from its HTML, and the PNG beside it."""
    import base64
    import html as html_lib
    import re
    bundle = fig._repr_mimebundle_()
    img = re.fullmatch(r'<img src="data:image/png;base64,([A-Za-z0-9+/=]+)" alt="([^"]*)">', bundle["text/html"])
    assert img is not None, bundle["text/html"][:80]
    # The HTML's picture is the PNG itself, not another drawing of it.
    assert img.group(1) == bundle["image/png"] and base64.b64decode(img.group(1)).startswith(b"\x89PNG")
    return html_lib.unescape(img.group(2))


def test_a_drawn_tree_and_frame_say_what_they_show():
    from abteach.views.alt import frame_alt, tree_alt
    tree = ab.examples.FIG_5_2
    assert _shown_alt(ab.draw_tree(tree)) == tree_alt(tree)
    trace = ab.alphabeta(tree).trace
    assert _shown_alt(ab.draw_frame(trace, 29)) == frame_alt(trace, 29)
    assert _shown_alt(ab.draw_frame(trace, 29, title="Fig. 5.5 (e)")) == "Fig. 5.5 (e). " + frame_alt(trace, 29)
    # The text a cell shows stays the stable one stored notebooks compare.
    assert repr(ab.draw_tree(tree)) == "<abteach drawing>"


def test_a_tree_too_big_to_draw_whole_is_described_by_its_size_not_node_by_node():
    big = ab.random_tree(4, 6, seed=1)
    words = _shown_alt(ab.draw_tree(big))
    assert words.startswith(f"Game tree of {len(big)} nodes") and len(words) < 300


def test_a_drawing_into_given_axes_is_left_to_its_figure():
    from matplotlib.figure import Figure
    fig = Figure()
    out = ab.draw_tree(ab.examples.FIG_5_2, ax=fig.add_subplot())
    assert out is fig and not hasattr(out, "_repr_mimebundle_")


def test_charts_say_what_they_measured():
    from abteach.lessons.enhancements import measure
    from abteach.views.plots import plot_enhancements
    m = measure(2, [2, 3], trials=1)
    words = _shown_alt(plot_enhancements(m))
    kinds = list(dict.fromkeys(r.tree for r in m.rows))
    # Every search's leaves at the deepest depth, on each kind of tree, as the chart's last points show them.
    for kind in kinds:
        assert f"{kind}: " + ", ".join(f"{s} {m.leaves(kind, s)[-1]:.0f}" for s in m.searches()) in words
    assert f"minimal tree has {m.knuth_moore(3)} leaves and the full tree {m.full(3)}" in words
