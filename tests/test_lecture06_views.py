"""Lecture 06's machinery: reordered trees, every ordering of Fig. 5.2, the growth experiment and its views."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from matplotlib.lines import Line2D

import abteach as ab
from abteach.lessons.complexity import GrowthExperiment, growth_experiment, knuth_moore, ordering_experiment
from abteach.views.draw import Drawing
from abteach.lessons.ordering import reordered, reorderings
from abteach.views.plots import law_table, plot_exponents, plot_growth, plot_orderings
from abteach.widgets.reorder_view import ReorderView, reorder_view

FIG = ab.examples.FIG_5_2


@pytest.fixture(scope="module")
def fig52():
    return reorderings(FIG)


@pytest.fixture(scope="module")
def small_growth() -> GrowthExperiment:
    return growth_experiment([2, 3, 4], depths={2: 5, 3: 4, 4: 3}, trials=4, explicit_trials=1, max_leaves=64)


# -- reordered trees -----------------------------------------------------------------

def test_reordered_keeps_names_and_moves_with_their_nodes():
    t = reordered(FIG, {(): (2, 0, 1), (2,): (2, 0, 1)})
    assert [c.name for c in t.root.children] == ["D", "B", "C"]
    assert [c.name for c in t.node((0,)).children] == ["d3", "d1", "d2"]
    assert [c.move for c in t.root.children] == ["a3", "a1", "a2"]
    assert t.node((0, 0)).value == 2


def test_reordered_does_not_change_the_value():
    t = reordered(FIG, {(): (1, 2, 0), (0,): (2, 1, 0)})
    assert ab.alphabeta(t).value == ab.minimax(t).value == 3


@pytest.mark.parametrize("orders, message", [
    ({(0, 0): (0,)}, "not the path of an inner node"),
    ({(5,): (0, 1, 2)}, "not the path of an inner node"),
    ({(1,): (0, 0, 1)}, "must be a permutation of 0..2"),
    ({(1,): (0, 1)}, "must be a permutation of 0..2"),
    ([(1, 2)], "must map node paths"),
])
def test_reordered_rejects_bad_orders(orders, message):
    with pytest.raises(ValueError, match=message):
        reordered(FIG, orders)


# -- every ordering of Fig. 5.2 ---------------------------------------------------------

def test_all_1296_orderings_are_searched(fig52):
    assert len(fig52) == 6 ** 4
    assert sum(fig52.histogram().values()) == 1296
    assert all(r.value == 3 for r in fig52.results.values())


def test_the_textbook_order_prunes_c2_and_c3(fig52):
    key = fig52.identity
    assert fig52.result(key).leaves == 7
    assert fig52.pruned_names(key) == ["c2", "c3"]


def test_putting_d3_first_prunes_d1_and_d2(fig52):
    key = fig52.key({"D": ["d3", "d1", "d2"]})
    assert fig52.pruned_names(key) == ["c2", "c3", "d1", "d2"]
    assert fig52.result(key).leaves == 5


def test_the_best_ordering_reaches_knuth_moore(fig52):
    assert fig52.fewest_leaves == knuth_moore(3, 2) == 5
    assert fig52.most_leaves == 3 ** 2


def test_the_best_orderings_are_exactly_b_first_c1_first_d3_first(fig52):
    best = fig52.keys_with(5)
    assert len(best) == 48
    for key in best:
        names = fig52.child_names(key)
        assert names["A"][0] == "B" and names["C"][0] == "c1" and names["D"][0] == "d3"


def test_each_tree_keeps_its_names(fig52):
    key = fig52.key({"A": ["D", "C", "B"], "B": ["b3", "b2", "b1"]})
    t = fig52.tree_for(key)
    assert [c.name for c in t.root.children] == ["D", "C", "B"]
    assert [c.name for c in t.node((2,)).children] == ["b3", "b2", "b1"]


def test_key_errors_name_the_problem(fig52):
    with pytest.raises(ValueError, match="not a reorderable node"):
        fig52.key({"E": ["e1"]})
    with pytest.raises(ValueError, match="must list each of its children"):
        fig52.key({"D": ["d3", "d3", "d1"]})
    with pytest.raises(KeyError, match="no ordering"):
        fig52.result(((0, 1, 2),))


def test_reorderings_of_chosen_nodes_and_the_limit():
    r = reorderings(FIG, [(), (2,)])
    assert len(r) == 36 and r.fewest_leaves == 7 - 2
    with pytest.raises(ValueError, match="more than max_orderings=100"):
        reorderings(FIG, max_orderings=100)
    with pytest.raises(ValueError, match="not the path of an inner node"):
        reorderings(FIG, [(0, 0)])
    with pytest.raises(ValueError, match="twice"):
        reorderings(FIG, [(1,), (1,)])


# -- the reorder widget -----------------------------------------------------------------

def test_reorder_view_shows_the_chosen_ordering(fig52):
    v = reorder_view(fig52)
    assert isinstance(v, ReorderView)
    assert v.leaves == 7 and v.pruned == ["c2", "c3"]
    first = v.png()
    before = v.shown()
    v.ordering = "0,1,2|0,1,2|0,1,2|2,0,1"  # as the page sets it when D's dropdown says d3 d1 d2
    assert v.key == fig52.key({"D": ["d3", "d1", "d2"]})
    assert v.leaves == 5 and v.pruned == ["c2", "c3", "d1", "d2"]
    assert v.png().startswith(b"\x89PNG") and v.png() != first
    shown = v.shown()
    assert shown["summary"] == v.summary and "5 of 9 leaves evaluated" in v.summary
    # The page draws the new ordering: D's children in their new places, and more of them pruned.
    assert [n["move"] for n in shown["layout"]["nodes"]][10:] == ["d3", "d1", "d2"]
    assert sum(st[0] == "p" for st in shown["nodes"]) > sum(st[0] == "p" for st in before["nodes"])
    with pytest.raises(KeyError, match="no ordering"):
        v.ordering = "0,1,2|0,1,2|0,1,2|0,0,0"
    assert v.leaves == 5  # a bad key changes nothing


def test_reorder_view_buttons_and_text(fig52):
    v = reorder_view(fig52)
    v.show_best()
    assert v.leaves == 5 == fig52.fewest_leaves
    v.show_worst()
    assert v.leaves == 9 == fig52.most_leaves
    v.show_own()
    assert v.key == fig52.identity
    assert repr(v) == ("ReorderView(A: B C D | B: b1 b2 b3 | C: c1 c2 c3 | D: d1 d2 d3 "
                       "-> 7 of 9 leaves evaluated; pruned: c2 c3)")


def test_reorder_view_python_moves_the_page(fig52):
    v = reorder_view(fig52)
    sent = []
    v.send_state = lambda key=None: sent.append(key)  # what the kernel would tell the page
    v.choose({"B": ["b3", "b2", "b1"]})
    assert sent and set(sent) == {"ordering"} and v.ordering == "0,1,2|2,1,0|0,1,2|0,1,2"
    sent.clear()
    v.choose({"B": ["b3", "b2", "b1"]})  # sent again, unchanged here: the page may have moved on its own
    assert sent == ["ordering"]
    assert set(v.get_state()) >= {"reorder", "ordering", "scale"}


def test_reorder_view_has_a_png_fallback(fig52):
    bundle = reorder_view(fig52, start=fig52.key({"D": ["d3", "d1", "d2"]}))._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    assert data["image/png"].startswith(b"\x89PNG")
    assert data["text/plain"].endswith("5 of 9 leaves evaluated; pruned: c2 c3 d1 d2.")
    assert not data["text/plain"].startswith("ReorderView(")  # a sentence, not a repr


def test_the_offline_copy_carries_every_ordering(fig52):
    import json

    from abteach.widgets.fallback import plain_text
    from abteach.widgets.offline import OFFLINE_REORDER_CLASS, offline_reorder_html, show_static

    v = reorder_view(fig52, start=fig52.key({"D": ["d3", "d1", "d2"]}))
    page = offline_reorder_html(v)
    assert page.startswith(f"<div class='{OFFLINE_REORDER_CLASS}'")
    data = json.loads(page.split("application/json'>")[1].split("</script>")[0])
    assert data["reorder"] == v.reorder and len(data["reorder"]["orderings"]) == len(fig52)
    assert data["options"] == {"ordering": v.ordering, "scale": v.scale, "legible": v.size.legible}

    # A session run for the pages shows it so, with the live view's sentence.
    from types import SimpleNamespace

    from IPython.core.formatters import DisplayFormatter
    shell = SimpleNamespace(display_formatter=DisplayFormatter())
    show_static(shell, size="projector")
    shown, _ = shell.display_formatter.format(v)
    assert shown["text/plain"] == plain_text(repr(v)) and OFFLINE_REORDER_CLASS in shown["text/html"]
    assert json.loads(shown["text/html"].split("application/json'>")[1].split("</script>")[0])["options"]["scale"] > v.scale

    # nbval compares the run with the committed lecture, whose output is the widget: only the text is compared.
    import nbformat
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
    import export_lectures  # a script, not a package
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(outputs=[nbformat.v4.new_output("display_data", data=shown)])]
    assert dict(export_lectures.as_committed(nb).cells[0].outputs[0]["data"]) == {"text/plain": shown["text/plain"]}
    assert export_lectures.with_stepper_module(f"<html><head></head><body>{page}</body></html>").count(
        "export function mountReorder") == 1


def test_reorder_view_rejects_bad_input(fig52):
    with pytest.raises(TypeError, match="Reorderings"):
        reorder_view(ab.alphabeta(FIG))
    with pytest.raises(KeyError, match="no ordering"):
        reorder_view(fig52, start=((0, 1, 2),))


# -- the growth experiment ---------------------------------------------------------------

def test_growth_experiment_measures_best_worst_and_random(small_growth):
    c = small_growth.curve(3)
    assert c.random.depths == (1, 2, 3, 4)
    assert [x.depth for x in c.best] == [1, 2, 3]          # 3**3 = 27 ≤ 64 < 81
    assert all(x.counts == (knuth_moore(3, x.depth),) for x in c.best)
    assert [x.counts for x in c.worst[:3]] == [(3,), (9,), (27,)]
    assert c.fit_depths == (2, 4)


def test_growth_experiment_is_seeded(small_growth):
    again = growth_experiment([2, 3, 4], depths={2: 5, 3: 4, 4: 3}, trials=4, explicit_trials=1, max_leaves=64)
    assert [c.random.mean_leaves for c in again.curves] == [c.random.mean_leaves for c in small_growth.curves]


@pytest.mark.parametrize("kwargs, message", [
    ({"bs": [1]}, "every b must be a whole number ≥ 2"),
    ({"bs": []}, "at least one branching factor"),
    ({"bs": [3], "depths": {3: 1}}, "deepest depth for b=3"),
    ({"bs": [3], "trials": 0}, "trials must be"),
    ({"bs": [3], "max_leaves": 0}, "max_leaves must be"),
])
def test_growth_experiment_rejects_bad_arguments(kwargs, message):
    with pytest.raises(ValueError, match=message):
        growth_experiment(**kwargs)


def test_curve_lookup_names_what_was_measured(small_growth):
    with pytest.raises(KeyError, match=r"have b = \[2, 3, 4\]"):
        small_growth.curve(7)


# -- the plots -------------------------------------------------------------------------

def _lines(ax) -> list[Line2D]:
    return [a for a in ax.get_children() if isinstance(a, Line2D) and a.get_label()[:1] != "_"]


def test_plot_growth_has_a_panel_of_seven_lines_per_b(small_growth):
    fig = plot_growth(small_growth)
    assert isinstance(fig, Drawing) and repr(fig) == "<abteach drawing>"
    panels = [ax for ax in fig.axes if ax.get_title()]
    assert [ax.get_title() for ax in panels] == ["b = 2", "b = 3", "b = 4"]
    for ax in panels:
        assert ax.get_yscale() == "log"
        labels = [line.get_label() for line in _lines(ax)]
        assert len(labels) == 7
        assert sum(label.startswith("measured") for label in labels) == 3


def test_plot_growth_can_pick_panels(small_growth):
    fig = plot_growth(small_growth, bs=[4])
    assert [ax.get_title() for ax in fig.axes if ax.get_title()] == ["b = 4"]
    with pytest.raises(KeyError):
        plot_growth(small_growth, bs=[9])


def test_plot_exponents_has_four_laws_and_the_fit(small_growth):
    fig = plot_exponents(small_growth)
    labels = [line.get_label() for line in _lines(fig.axes[0])]
    assert labels == ["no pruning", "rule of thumb", "Pearl", "Knuth–Moore", "fitted to random order"]
    fitted = _lines(fig.axes[0])[-1]
    assert list(fitted.get_xdata()) == [2, 3, 4]


def test_law_table_has_a_row_per_b(small_growth):
    t = law_table(small_growth)
    assert [row[0] for row in t.rows] == ["2", "3", "4"]
    assert t.columns[3] == "Pearl R*(b)" and t.rows[0][3] == "1.618"


def test_plot_orderings_has_a_bar_per_ordering():
    c = ordering_experiment(2, 4, lookaheads=(1,), trials=2)
    fig = plot_orderings(c)
    ax = fig.axes[0]
    assert [t.get_text() for t in ax.get_yticklabels()] == ["random", "shallow 1", "best"]
    assert ax.get_xscale() == "log"
    assert len(ax.patches) == 2 * len(c.rows)


@pytest.mark.parametrize("plot", [plot_growth, plot_exponents, law_table, plot_orderings])
def test_plots_reject_the_wrong_data(plot):
    with pytest.raises(TypeError, match="abteach.lessons.complexity"):
        plot([1, 2, 3])
