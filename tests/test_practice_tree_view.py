"""The practice widget's tree to solve, as data the stepper's module draws; and how it is shown with no kernel."""

from __future__ import annotations

import json
import string
import sys
from pathlib import Path
from typing import Any

import nbformat
from hypothesis import assume, given, settings, strategies as st

import abteach as ab
from abteach.lessons.practice import check_answers, practice_tree
from abteach.views.frame_data import frame_data, replay
from abteach.views.tree_data import TO_SOLVE, tree_data
from abteach.widgets import offline
from abteach.widgets.practice import Practice
from tests.strategies import examples, inner_trees

SCRIPTS = Path(__file__).resolve().parents[1] / "scripts"
sys.path.insert(0, str(SCRIPTS))
import build_site  # noqa: E402  (a script, not a package)
import export_lectures  # noqa: E402


def textbook_names(t: ab.Tree) -> dict[tuple[int, ...], str]:
    """Fig. 5.2's lettering, worked out here: inner nodes A, B, ... level by level, leaves by parent and place."""
    inner = sorted((n.path for n in t.walk() if not n.is_leaf), key=lambda p: (len(p), p))
    names = {p: string.ascii_uppercase[k] for k, p in enumerate(inner)}
    for n in t.walk():
        if n.is_leaf:
            names[n.path] = f"{names[n.path[:-1]].lower()}{n.path[-1] + 1}"
    return names


def path_of(text: str) -> tuple[int, ...]:
    return tuple(int(k) for k in text.split(".")) if text else ()


@settings(max_examples=examples(0.5), deadline=None)
@given(inner_trees(max_leaves=14, values=st.integers(-9, 9)))
def test_the_tree_data_decodes_to_the_trees_names_players_and_leaf_values(nested):
    t = ab.tree(nested)
    assume(sum(not n.is_leaf for n in t.walk()) <= 26)
    data = tree_data(ab.alphabeta(t).trace)
    nodes = data["layout"]["nodes"]
    state = replay(data, 0)["nodes"]
    walked = list(t.walk())
    # Every node once, in preorder, each hanging from its parent.
    assert [path_of(nd["path"]) for nd in nodes] == [n.path for n in walked]
    for nd in nodes:
        if nd["parent"] >= 0:
            assert path_of(nodes[nd["parent"]]["path"]) == path_of(nd["path"])[:-1]
    names = textbook_names(t)
    for nd, n, st in zip(nodes, walked, state):
        assert nd["said"] == names[n.path]
        assert nd["player"] == n.player
        assert (nd["kind"] == "leaf") == n.is_leaf
        # A leaf shows its value and nothing else; an inner node shows nothing: no answer is given away.
        assert st == [TO_SOLVE, str(n.value) if n.is_leaf else "", [], 0, ""]
    assert data["statusWords"][TO_SOLVE] and "listing" not in data


def test_the_tree_data_is_the_correct_searchs_layout_at_its_first_step():
    trace = ab.alphabeta(ab.examples.FIG_5_2).trace
    data, frames = tree_data(trace), frame_data(trace)
    assert [{k: v for k, v in nd.items() if k != "said"} for nd in data["layout"]["nodes"]] == frames["layout"]["nodes"]
    assert [s[1] for s in replay(data, 0)["nodes"]] == [s[1] for s in replay(frames, 0)["nodes"]]


def counting(calls: list[int]) -> Any:
    def check(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return check_answers(*args, **kwargs)
    return check


def test_the_widget_draws_the_checkers_tree_and_new_tree_redraws_it():
    calls: list[int] = []
    p = ab.widgets.practice.practice(seed=4, check=counting(calls), new_tree=practice_tree)
    assert isinstance(p, Practice) and len(calls) == 1  # the empty form's check: the correct search comes from it
    assert p.view.tree == tree_data(p.blank.result.trace)
    before = p.view.tree
    p.new_tree()
    assert p.view.tree != before
    names = textbook_names(p.tree)
    assert [nd["said"] for nd in p.view.tree["layout"]["nodes"]] == [names[n.path] for n in p.tree.walk()]
    leaves = [s[1] for nd, s in zip(p.view.tree["layout"]["nodes"], replay(p.view.tree, 0)["nodes"])
              if nd["kind"] == "leaf"]
    assert leaves == [str(n.value) for n in p.tree.walk() if n.is_leaf]
    assert "game tree" in p.view.alt


def test_a_saved_notebook_keeps_a_picture_of_the_tree():
    bundle = ab.practice(seed=4)._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    assert data["image/png"] and "application/vnd.jupyter.widget-view+json" in data


class Formatter:
    def __init__(self) -> None:
        self.shows: dict[type, Any] = {}

    def for_type(self, kind: type, show: Any) -> None:
        self.shows[kind] = show


class Shell:
    def __init__(self) -> None:
        self.display_formatter = type("D", (), {"mimebundle_formatter": Formatter()})()


def payload(page: str) -> dict[str, Any]:
    return json.loads(page.split("application/json'>")[1].split("</script>")[0].replace("<\\/", "</"))


def test_an_exported_practice_widget_carries_its_tree_and_its_correct_search_and_runs_none():
    calls: list[int] = []
    p = ab.widgets.practice.practice(seed=8, check=counting(calls), new_tree=practice_tree)
    shell = Shell()
    offline.show_static(shell, size="projector")
    bundle = shell.display_formatter.mimebundle_formatter.shows[Practice](p)
    assert len(calls) == 1
    page = bundle["text/html"]
    assert page.startswith(f"<div class='{offline.OFFLINE_PRACTICE_CLASS}'")
    data = payload(page)
    trace = p.blank.result.trace
    assert data["practice"]["tree"] == json.loads(json.dumps(tree_data(trace)))
    assert data["practice"]["search"] == json.loads(json.dumps(frame_data(trace)))
    # The search shown is the correct one: as many steps as alpha-beta run here takes, and its best move.
    again = ab.alphabeta(p.tree)
    assert len(data["practice"]["search"]["steps"]) == len(again.trace) + 1
    assert replay(data["practice"]["search"], len(trace))["best"].startswith(f"{again.move_name} →")
    assert data["options"]["scale"] == 1.2
    assert bundle["text/plain"].startswith("A practice tree to fill in")
    assert "mountPractice" in offline.module_html() and offline.OFFLINE_PRACTICE_CLASS in offline.module_html()
    # nbval compares the exported run with the committed lecture: the page's own drawing is set aside.
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell("ab.practice(seed=8)", outputs=[nbformat.v4.new_output(
        "display_data", data=bundle)])]
    assert list(export_lectures.as_committed(nb).cells[0].outputs[0]["data"]) == ["text/plain"]
    assert "mountPractice" in export_lectures.with_stepper_module(f"<html><head></head><body>{page}</body></html>")


def test_on_the_site_a_practice_widget_becomes_a_directive_drawing_its_tree_and_search():
    p = ab.practice(seed=8)
    shell = Shell()
    build_site.show_for_site(shell)
    shown = shell.display_formatter.mimebundle_formatter.shows[Practice](p)
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell("ab.practice(seed=8)", outputs=[nbformat.v4.new_output(
        "display_data", data=json.loads(json.dumps(shown)))])]
    site, modules = build_site.for_site(nb, "11-practice")
    assert [c.cell_type for c in site.cells] == ["code", "markdown"] and site.cells[0].outputs == []
    assert "{anywidget}" in site.cells[1].source
    (module,) = modules.values()
    assert "mountPractice(el, DATA" in module and build_site.STEPPER_URL in module
    data = json.loads(module.split("const DATA = ", 1)[1].split(";\n", 1)[0])
    trace = p.blank.result.trace
    assert data == json.loads(json.dumps({"tree": tree_data(trace), "search": frame_data(trace)}))
