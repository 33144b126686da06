"""Every search beyond the textbook steps through in ``ab.stepper``, with its listing and a sentence a step.

Each search runs on a small tree where it does what the textbook search does not: a table hit, a re-search,
a pass.  The stepper shows the step's sentence and marks its pseudocode line, and its saved picture is drawn;
every frame of the trace reads as a sentence.  The stepper visits the first step of each kind of event, and
the last; the sentences are checked for every frame.
"""

from __future__ import annotations

import pytest

import abteach as ab
from abteach.search.events import Kind

PNG = b"\x89PNG\r\n\x1a\n"

FIG = ab.examples.FIG_5_2
SMALL = ab.tree([[3, 5], [6, 9], [1, 2]])  # value 6 by the second move: NegaScout must search B again

SEARCHES = {
    # A DAG: E is reached by three lines, so the table answers for it.
    "negamax_memory": (lambda: ab.negamax_memory(ab.examples.DAG), "probe"),
    "killers and history": (lambda: ab.negamax_memory(ab.examples.WIKIPEDIA, tt=False, killers=True,
                                                      history=True), "order"),
    "iterative deepening": (lambda: ab.iterative_deepening(FIG, max_depth=2, evaluate=lambda s, p: 0), Kind.PASS),
    "aspiration": (lambda: ab.aspiration(FIG, guess=10, delta=1), Kind.PASS),
    "null window": (lambda: ab.null_window(FIG, bound=4), Kind.CUTOFF),
    "negascout": (lambda: ab.negascout(SMALL), "research"),
    "mtdf": (lambda: ab.mtdf(FIG, first_guess=0), Kind.PASS),
    "sss_star": (lambda: ab.sss_star(FIG), Kind.PASS),
}


@pytest.mark.parametrize("name", list(SEARCHES))
def test_every_search_steps_through_to_the_end(name):
    run, special = SEARCHES[name]
    r = run()
    tr = r.trace
    kinds = [e.kind for e in tr]
    assert special in kinds  # the thing the textbook search does not do
    frames = list(tr.frames())
    assert len(frames) == len(tr) + 1
    for f in frames:
        assert f.explanation and f.explanation.endswith("."), (name, f.step, f.explanation)
    assert frames[-1].stack == ()
    assert tr[-1].kind is Kind.DONE and tr[-1].value == r.value

    s = ab.stepper(r)
    assert s.value == 0
    firsts = sorted({kinds.index(k) + 1 for k in set(kinds)})
    for step in firsts:
        s.go(step)
        f = tr.frame(step)
        shown = s.shown()
        assert shown["sentence"] == f.explanation and shown["pass"] == f.pass_label
        assert shown["line"] == (tr.listing.number(f.line) if f.line in tr.listing else None)
    s.go(len(tr))
    assert s.value == len(tr)
    assert "is done" in s.shown()["sentence"]
    assert s.picture_png().startswith(PNG)


def test_a_table_hit_and_a_re_search_are_told_as_such():
    hit = ab.negamax_memory(ab.examples.DAG).trace
    probes = [hit.frame(k).explanation for k in hit.steps("probe")]
    assert any("The table says" in p for p in probes) and any("nothing on" in p for p in probes)
    scout = ab.negascout(SMALL).trace
    (k,) = scout.steps("research")
    assert "failed high" in scout.frame(k).explanation


def test_passes_are_named_in_the_trace():
    assert ab.iterative_deepening(FIG, max_depth=2, evaluate=lambda s, p: 0).trace.passes == ["depth 1", "depth 2"]
    m = ab.mtdf(FIG, first_guess=0)
    assert len(m.trace.passes) == m.passes >= 2
    assert ab.sss_star(FIG).trace.passes[0] == "pass 1: is the value ≥ +∞?"
