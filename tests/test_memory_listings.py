"""The listing and the sentences of the searches with memory say what the search ran, and say it rightly.

A search's listing shows the table only if the search kept one, the killers and history only if it used
them, and the table's move in the order only if it reordered by it.  What a search ran is read from its
options and from its trace (a search with a table probes it), not from the listing.  The sentences give a
leaf's utility for MAX as the game scores it, say a table's exact value is exact, and print the minus sign.
"""

from __future__ import annotations

import inspect
import re
from typing import Any, Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import abteach as ab
from abteach.games.players import MAX
from abteach.search.events import Bound, Kind
from tests.strategies import examples, inner_trees

FIG = ab.examples.FIG_5_2
DAG = ab.examples.DAG


def _zero(state: Any, player: Any) -> float:
    return 0


# name -> (run, what it used: a table, the table's move first, killers, history)
RUNS: dict[str, tuple[Callable[[], Any], dict[str, bool]]] = {
    "negamax_memory": (lambda: ab.negamax_memory(DAG),
                       dict(table=True, table_move=True, killers=False, history=False)),
    "negamax_memory, no table": (lambda: ab.negamax_memory(DAG, tt=False),
                                 dict(table=False, table_move=False, killers=False, history=False)),
    "negamax_memory, killers": (lambda: ab.negamax_memory(ab.examples.WIKIPEDIA, tt=False, killers=True),
                                dict(table=False, table_move=False, killers=True, history=False)),
    "negamax_memory, history": (lambda: ab.negamax_memory(ab.examples.WIKIPEDIA, history=True),
                                dict(table=True, table_move=True, killers=False, history=True)),
    "iterative_deepening": (lambda: ab.iterative_deepening(FIG, max_depth=2, evaluate=_zero),
                            dict(table=True, table_move=True, killers=True, history=False)),
    "iterative_deepening, no table": (lambda: ab.iterative_deepening(FIG, max_depth=2, evaluate=_zero, tt=False),
                                      dict(table=False, table_move=False, killers=True, history=False)),
    "aspiration": (lambda: ab.aspiration(FIG, guess=10, delta=1),
                   dict(table=False, table_move=False, killers=False, history=False)),
    "aspiration, table": (lambda: ab.aspiration(FIG, guess=10, delta=1, tt=True),
                          dict(table=True, table_move=True, killers=False, history=False)),
    "null_window": (lambda: ab.null_window(FIG, bound=4),
                    dict(table=False, table_move=False, killers=False, history=False)),
    "mtdf": (lambda: ab.mtdf(FIG, first_guess=0), dict(table=True, table_move=False, killers=False, history=False)),
    "sss_star": (lambda: ab.sss_star(FIG), dict(table=True, table_move=False, killers=False, history=False)),
}


def _body(listing: Any) -> list[tuple[str, str]]:
    """The lines of NEGAMAX itself, from its header on: the driver above may speak of the table between passes."""
    lines = list(listing.lines)
    start = next(i for i, (lid, _) in enumerate(lines) if "neg.def" in lid.split("|"))
    return lines[start:]


@pytest.mark.parametrize("name", RUNS)
def test_a_listing_shows_the_table_killers_and_history_only_when_the_search_used_them(name):
    run, used = RUNS[name]
    r = run()
    body = "\n".join(text for _, text in _body(r.trace.listing))
    probed = any(e.kind == "probe" for e in r.trace)
    assert probed == used["table"]  # the options say what the trace shows
    assert ("TABLE.PROBE" in body) == probed
    assert ("TABLE.STORE" in body) == probed
    assert ("entry's move" in body) == used["table_move"]
    assert ("killer" in body) == used["killers"]
    assert ("history" in body) == used["history"]


@pytest.mark.parametrize("name", RUNS)
def test_every_line_a_search_ran_is_in_its_listing_and_found_by_number(name):
    r = RUNS[name][0]()
    listing = r.trace.listing
    for e in r.trace:
        if e.line:
            assert e.line in listing
            assert listing.lines[listing.number(e.line) - 1][0].split("|").count(e.line) == 1


@settings(max_examples=examples(0.3), deadline=None)
@given(inner_trees(max_leaves=20), st.booleans(), st.booleans(), st.booleans())
def test_any_tree_and_options_every_line_run_is_listed_and_nothing_unrun_is_shown(nested, tt, killers, history):
    r = ab.negamax_memory(ab.tree(nested), tt=tt, killers=killers, history=history)
    listing = r.trace.listing
    lines = {e.line for e in r.trace if e.line}
    assert all(line in listing for line in lines)
    body = "\n".join(text for _, text in _body(listing))
    assert ("TABLE.PROBE" in body) == tt == ("mem.probe" in lines)
    assert ("killer" in body) == killers and ("history" in body) == history
    # An order the trace reports is one the listing's loop line says it may make.
    if "neg.order" in lines:
        assert "ORDER(" in listing.text("neg.order")


@pytest.mark.parametrize("name", RUNS)
def test_the_listing_says_what_depth_is_whenever_negamax_speaks_of_it(name):
    r = RUNS[name][0]()
    body = _body(r.trace.listing)
    if any("depth" in text for _, text in body[1:]):
        header = body[0][1] + "\n" + body[1][1]
        assert "depth" in header and "plies left" in header


def test_a_depth_limited_listing_without_a_table_says_what_depth_is():
    r = ab.aspiration(FIG, guess=3, delta=1, depth=1, evaluate=_zero)
    text = str(r.trace.listing)
    assert "CUTOFF-TEST(state, depth)" in text and "plies left" in text


def test_the_null_window_is_not_called_of_width_zero():
    # (bound − 1, bound) is one wide; what makes it null is that no whole number lies strictly inside it.
    bound = 4
    inside = [k for k in range(bound - 3, bound + 3) if bound - 1 < k < bound]
    assert inside == []
    text = str(ab.null_window(FIG, bound=bound).trace.listing)
    assert "width zero" not in text and "zero-width" not in text
    assert "no whole number lies strictly inside it" in text
    assert "zero-width" not in (ab.null_window.__doc__ or "")


def test_the_listing_without_options_is_that_of_the_search_with_its_defaults():
    for name, run in [("aspiration", lambda: ab.aspiration(FIG, guess=3, delta=1)),
                      ("null_window", lambda: ab.null_window(FIG, bound=3)),
                      ("negamax_memory", lambda: ab.negamax_memory(DAG)),
                      ("mtdf", lambda: ab.mtdf(FIG)), ("sss_star", lambda: ab.sss_star(FIG)),
                      ("iterative_deepening", lambda: ab.iterative_deepening(FIG, max_depth=1, evaluate=_zero))]:
        # Iterative deepening always stops its passes at a depth: its listing is the depth-limited one.
        assert ab.listing(name, depth_limited=name == "iterative_deepening") == run().trace.listing, name


# -- the sentences -----------------------------------------------------------------------------------------

def _state(trace: Any, path: tuple[int, ...]) -> Any:
    game, state = trace.game, trace.state
    for i in path:
        state = game.result(state, game.actions(state)[i])
    return state


def _sentences(trace: Any) -> list[tuple[Any, str]]:
    return [(trace.event(k), trace.frame(k).explanation) for k in range(1, len(trace) + 1)]


def _num(x: float) -> str:
    """A number as a sentence prints it: a whole number without a point, the minus sign '−'."""
    return (str(int(x)) if float(x).is_integer() else str(x)).replace("-", "−")


def test_a_leaf_sentence_gives_the_utility_for_max_and_then_for_the_side_to_move():
    trace = ab.negamax_memory(DAG).trace
    leaves = [(e, said) for e, said in _sentences(trace) if e.kind == Kind.LEAF]
    assert leaves
    for e, said in leaves:
        state = _state(trace, e.node)
        u = DAG.utility(state, MAX)
        mover = DAG.to_move(state)
        assert f"its utility is {_num(u)} for MAX" in said, said
        if mover != MAX:
            assert f"so {_num(-u)} for MIN, the side to move" in said, said
    # The game's leaf e1 is a win of 1 for MAX, with MIN to move: the sentence must not call −1 its utility.
    e1 = next(said for e, said in leaves if trace.name(e.node).endswith("e1"))
    assert "its utility is −1" not in e1 and "its utility is -1" not in e1


def _probed_entry(trace: Any, step: int) -> Any:
    """The entry the last probe before ``step`` found at that step's node."""
    node = trace.event(step).node
    for k in range(step - 1, 0, -1):
        e = trace.event(k)
        if e.node == node and e.kind == "probe":
            return e.info
    return None


def test_a_return_the_table_settles_with_an_exact_value_is_not_told_as_a_bound():
    trace = ab.negamax_memory(DAG).trace
    told = 0
    for k in range(1, len(trace) + 1):
        e = trace.event(k)
        if e.kind != Kind.EXIT or e.line != "mem.hit":
            continue
        entry = _probed_entry(trace, k)
        if entry is None or entry.lower != entry.upper:
            continue
        said = trace.frame(k).explanation
        told += 1
        assert "exact" in said and "table" in said, said
        assert "fail-low" not in said and "fail-high" not in said and "only" not in said, said
    assert told  # the DAG reaches E again after the table holds its exact value


def test_negamax_fail_low_and_fail_high_read_as_alphabeta_does():
    seen = set()
    for trace in (ab.negamax(FIG).trace, ab.negamax_memory(DAG, tt=False).trace):
        for k, (e, said) in enumerate(_sentences(trace), 1):
            if e.kind != Kind.EXIT or e.bound is Bound.EXACT:
                continue
            seen.add(e.bound)
            side = "most" if e.bound is Bound.UPPER else "least"
            if trace.frame(k).node(e.node).proved is Bound.EXACT:
                # Every child searched (D of Fig. 5.2): exact for the node, a bound only for its caller.
                assert "its exact value" in said and "proved only" not in said, said
                assert "can conclude only that" in said and f"at {side} {_num(e.value)}" in said, said
            elif e.bound is Bound.UPPER:
                assert "a fail-low: " in said and "so the search has proved only that" in said, said
                assert f"at most {_num(e.value)}" in said and "(an upper bound)" in said, said
            else:
                assert "a fail-high: " in said and "so the search has proved only that" in said, said
                assert f"at least {_num(e.value)}" in said and "(a lower bound)" in said, said
    assert seen == {Bound.UPPER, Bound.LOWER}
    plain = {e.bound: s for e, s in _sentences(ab.alphabeta(FIG).trace) if e.kind == Kind.EXIT}
    assert "so the search has proved only that" in plain[Bound.UPPER] or "its exact value" in plain[Bound.UPPER]


@pytest.mark.parametrize("run", [lambda: ab.negamax_memory(DAG), lambda: ab.negamax(FIG),
                                 lambda: ab.aspiration(FIG, guess=10, delta=1), lambda: ab.mtdf(FIG),
                                 lambda: ab.negascout(ab.tree([[3, 5], [6, 9], [1, 2]]))])
def test_sentences_print_negative_numbers_with_the_minus_sign(run):
    trace = run().trace
    negatives = 0
    for e, said in _sentences(trace):
        assert not re.search(r"(?<![\w])-\d", said), said
        negatives += "−" in said
    assert negatives  # negamax values are negated at every other ply: some sentence has a negative number


# -- what the docstrings promise ---------------------------------------------------------------------------

def test_negascout_docstring_names_the_window_the_re_search_uses():
    r = ab.negascout(ab.tree([[3, 5], [6, 9], [1, 2]]))
    events = list(r.trace)
    k = next(i for i, e in enumerate(events) if e.kind == "research")
    parent = events[k]
    child_call = next(e for e in events[k + 1:] if e.kind == Kind.ENTER)
    # The child is called with the parent's window, negated and swapped: (−β, −α), so the parent's is (α, β).
    assert (child_call.alpha, child_call.beta) == (-parent.beta, -parent.alpha)
    doc = ab.negascout.__doc__ or ""
    assert "(α, β)" in doc and "(t, β)" not in doc


def test_iterative_deepening_docstring_says_killers_are_on_by_default_even_without_a_table():
    assert inspect.signature(ab.iterative_deepening).parameters["killers"].default is True
    r = ab.iterative_deepening(ab.examples.WIKIPEDIA, max_depth=3, evaluate=_zero, tt=False)
    assert "killer" in "\n".join(text for _, text in _body(r.trace.listing))
    doc = " ".join((ab.iterative_deepening.__doc__ or "").split())
    assert "killers=True" in doc and "tt=False" in doc


def test_bad_uses_are_refused_naming_the_argument_and_value():
    from abteach.search import Spec
    from abteach.trace.listings import memory_listing

    with pytest.raises(TypeError, match=r"Spec\.uses.*'table'"):
        Spec("negamax_memory", uses="table")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"uses.*tabel"):
        memory_listing("negamax_memory", uses=frozenset({"tabel"}))
