"""The MCTS pictures say in words what they draw: every root move's visits, every node drawn, every score."""

from __future__ import annotations

import re

import abteach as ab


def _search():
    return ab.mcts(ab.TicTacToe("X.. .O. ..."), playouts=30, seed=1)


def test_the_visit_chart_names_every_root_move_and_its_visits():
    r = _search()
    said = dict(re.findall(r"(\w+): (\d+) visits", ab.visit_chart(r).alt))
    trace = r.trace
    last = trace.frame(len(trace))
    for i, _ in enumerate(trace.game.actions(trace.state)):
        path = trace.root + (i,)
        assert int(said[trace.move_name(path)]) == last.node(path).extra.get("N", 0)


def test_the_tree_says_how_many_playouts_and_each_node_drawn():
    r = _search()
    alt = ab.mcts_tree(r).alt
    assert "after 30 playouts" in alt
    assert all(f"{ab.mcts_tree(r).alt}".count(f"{name}:") for name in ("Xa2", "Xc1"))


def test_a_score_plot_reads_out_each_score():
    alt = ab.score_plot(["d=1", "d=2"], [[0.5, 1.0]], ["tic-tac-toe"], title="alpha-beta's score").alt
    assert "tic-tac-toe: d=1 scores 0.50, d=2 scores 1.00" in alt and alt.startswith("Line chart: alpha-beta's score")
