"""Bad input to the trace queries and the lessons' fits: refused by name, never a silent empty answer.

A kind is an open string, so a trace query accepts any kind this trace has,
or that some search of the package describes (``'cutoff'`` on a minimax
trace finds nothing, and is no mistake); any other kind is a typo that would
find nothing silently, so it is refused, with the kinds the trace has.
"""

from __future__ import annotations

import math

import pytest

import abteach as ab
from abteach.lessons.complexity import fit_exponent
from abteach.search.events import Event
from abteach.trace.frames import Trace

FIG = ab.examples.FIG_5_2


def traces() -> dict[str, Trace]:
    """A trace of each family of search: windowed, without a window, with a table, and MCTS."""
    game = ab.TicTacToe("XX. OO. ...")
    return {"alphabeta": ab.alphabeta(FIG).trace, "minimax": ab.minimax(FIG).trace,
            "iterative_deepening": ab.iterative_deepening(FIG, max_depth=2, evaluate=lambda s, p: 0).trace,
            "mcts": ab.mcts(game, playouts=10).trace}


@pytest.mark.parametrize("name", sorted(traces()))
def test_a_typo_of_a_kind_is_refused_with_the_kinds_the_trace_has(name):
    trace = traces()[name]
    has = list(dict.fromkeys(e.kind for e in trace.events))
    for typo in ("cutof", "Leaf", "", "enter "):
        with pytest.raises(ValueError) as err:
            trace.steps(typo)
        message = str(err.value)
        assert message.startswith(f"kind {typo!r} is not an event kind of any search")
        assert message.endswith("this trace has " + ", ".join(map(repr, has)))


def test_a_near_miss_is_told_the_kind_it_was_probably_meant_to_be():
    with pytest.raises(ValueError, match=r"kind 'cutof' .*\(did you mean 'cutoff'\?\)"):
        ab.alphabeta(FIG).trace.steps("cutof")


@pytest.mark.parametrize("name, kind", [("minimax", "cutoff"), ("alphabeta", "playout"), ("mcts", "window"),
                                        ("alphabeta", "probe")])
def test_a_kind_only_other_searches_report_finds_nothing_without_complaint(name, kind):
    trace = traces()[name]
    assert kind not in {e.kind for e in trace.events}
    assert trace.steps(kind) == []


@pytest.mark.parametrize("name", sorted(traces()))
def test_every_kind_a_trace_has_is_found_where_it_occurs(name):
    trace = traces()[name]
    for kind in {e.kind for e in trace.events}:
        assert trace.steps(kind) == [k for k, e in enumerate(trace.events, start=1) if e.kind == kind]


def test_a_kind_of_the_traces_own_is_accepted_even_if_no_search_of_the_package_reports_it():
    base = ab.alphabeta(FIG).trace
    own = Trace([Event("enter", (), "ab.max.1"), Event("note", (), "ab.max.1")], base.algorithm, base.game,
                base.state, base.root)
    assert own.steps("note") == [2]
    assert own.kinds == ("enter", "note")


def test_a_kind_that_is_not_a_string_is_a_type_error():
    trace = ab.alphabeta(FIG).trace
    for kind in (3, ["cutoff"], b"cutoff"):
        with pytest.raises(TypeError) as err:
            trace.steps(kind)
        assert str(err.value).startswith("kind must be an event kind") and repr(kind) in str(err.value)


def test_an_empty_trace_says_it_has_no_events():
    base = ab.alphabeta(FIG).trace
    empty = Trace([], base.algorithm, base.game, base.state, base.root)
    assert empty.steps("cutoff") == []
    with pytest.raises(ValueError, match="this trace has no events at all"):
        empty.steps("cutof")


# -- the exponent fit ---------------------------------------------------------------------------------

@pytest.mark.parametrize("leaves, k, words", [
    ([9, 0, 81], 1, "leaves[1] is 0 (at depth 6); a count to fit must be above 0"),
    ([0, 27, 81], 0, "leaves[0] is 0 (at depth 4); a count to fit must be above 0"),
    ([9, 27, -3], 2, "leaves[2] is -3 (at depth 8); a count to fit must be above 0"),
    ([9, math.nan, 81], 1, "leaves[1] is nan (at depth 6); a count to fit must be a finite number"),
    ([9, 27, math.inf], 2, "leaves[2] is inf (at depth 8); a count to fit must be a finite number"),
])
def test_a_fit_given_a_count_it_cannot_take_the_log_of_names_it(leaves, k, words):
    with pytest.raises(ValueError) as err:
        fit_exponent(3, [4, 6, 8], leaves)
    assert str(err.value).startswith(words)


@pytest.mark.parametrize("args, error, words", [
    ((1, [4, 6], [9, 27]), ValueError, "b must be a branching factor of 2 or more, not 1"),
    ((0, [4, 6], [9, 27]), ValueError, "b must be a branching factor of 2 or more, not 0"),
    ((True, [4, 6], [9, 27]), TypeError, "b must be a whole number, the branching factor, not True of type bool"),
    ((2.5, [4, 6], [9, 27]), TypeError, "b must be a whole number, the branching factor, not 2.5 of type float"),
    ((3, "46", [9, 27]), TypeError, "depths must be a sequence of numbers, not '46' of type str"),
    ((3, [4, 6], 9), TypeError, "leaves must be a sequence of numbers, not 9 of type int"),
    ((3, [4, 6.5], [9, 27]), TypeError, "depths[1] must be a whole number, not 6.5 of type float"),
    ((3, [4, 6], [9, "27"]), TypeError, "leaves[1] must be a number, a leaf count, not '27' of type str"),
])
def test_a_fit_given_arguments_of_the_wrong_kind_names_them(args, error, words):
    with pytest.raises(error) as err:
        fit_exponent(*args)
    assert str(err.value).startswith(words)


def test_a_fit_of_counts_on_one_law_still_finds_it():
    # b**d leaves at every depth: the exponent is 1 exactly, the law of no pruning.
    fit = fit_exponent(3, [2, 4, 6], [9, 81, 729])
    assert fit.exponent == pytest.approx(1.0) and fit.closest == "no pruning"
