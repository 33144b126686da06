"""ALPHA-BETA-SEARCH, as AIMA prints it (Fig. 5.7), in both editions.

Read each function beside its listing (``abteach.trace.listings.listing``): one
Python statement per pseudocode line, plus one ``log.*`` call that reports the
line to the recorder.  The cutoff tests are written as the book prints them
(``v ≥ β``); the strict tie rule is the same source compiled with ``>``
(:class:`~abteach.search.rules.TieRule`), not a second copy of the algorithm.
"""

from __future__ import annotations

from math import inf
from typing import Any, Callable

from abteach.games.players import MAX, MIN
from abteach.search.lean import lean_search
from abteach.search.problem import Evaluate, Order, Problem, check_flag
from abteach.search.record import Tally, recorder_for
from abteach.search.result import SearchResult, Spec, finish, run
from abteach.search.rules import TEXTBOOK, Edition, TieRule


def alphabeta(game: Any, state: Any = None, *, edition: int = 3, prune_on_tie: bool = True,
              depth: int | None = None, evaluate: Evaluate | None = None, order: Order | None = None,
              trace: bool = True) -> SearchResult:
    """Search ``game`` from ``state`` with alpha-beta pruning.

    Parameters
    ----------
    game : Tree or Game
        An explicit tree (:func:`abteach.tree`) or any object with the
        :class:`abteach.Game` methods.
    state : optional
        Where to start; defaults to ``game.initial``.
    edition : {3, 4}
        Follow AIMA 3rd edition's Fig. 5.7 (test, then update α/β) or the 4th
        edition's (update on a strict improvement, then test).  Both evaluate the
        same leaves; they differ in the α/β recorded at a cutoff.
    prune_on_tie : bool
        ``True``: cut off when ``v ≥ β`` / ``v ≤ α`` (the textbook).  ``False``:
        only when ``v > β`` / ``v < α`` (the rule CS188's autograder demands).
    depth : int, optional
        Stop this many plies down and score the state with ``evaluate(state, player)``.
    evaluate : callable, optional
        The evaluation function for a depth-limited search.
    order : callable, optional
        ``order(state, actions)`` returns the actions in the order to search them.
    trace : bool
        Keep every event (``result.trace``).  ``False`` runs a lean twin of the
        same search (:mod:`abteach.search.lean`, held to it by tests) and keeps
        only the value, the move, the counts and the evaluated and pruned paths.

    Returns
    -------
    SearchResult

    Examples
    --------
    >>> import abteach as ab
    >>> r = ab.alphabeta(ab.examples.FIG_5_2)
    >>> r.value, r.move_name, r.pruned
    (3, 'a1', [(1, 1), (1, 2)])
    """
    ed, tie = Edition.of(edition), TieRule.of(prune_on_tie)
    check_flag("trace", trace)
    problem = Problem(game, state, depth, evaluate, order)
    spec = Spec("alphabeta", ed, tie, depth is not None)
    if not trace:
        # Both editions evaluate the same leaves; the twin keeps the best moves the edition keeps along
        # the principal variation, all the result reads.
        fast = lean_search(problem, tie=tie, edition=ed, every_best=False)
        if fast is not None:
            return finish(problem, fast[1], fast[0], spec)
    log = recorder(problem, trace, tie)
    value, move = run(search_for(ed, tie), problem, log)
    return finish(problem, log, value, spec, move)


def recorder(problem: Problem, trace: bool, tie: TieRule = TEXTBOOK) -> Tally:
    """The recorder for a search of ``problem``: a :class:`Recorder` when traced, else a :class:`Tally`."""
    return recorder_for(problem.root, trace, tie=tie)


def alphabeta3(p: Problem, log: Tally) -> tuple[float, None]:
    """AIMA 3rd edition, Fig. 5.7: the value, and None for "the action with value v"."""

    def max_value(state: Any, α: float, β: float) -> float:
        log.call("max.def", MAX, α, β)
        if p.is_cutoff(state, log.ply): return log.leaf("max.terminal", p.utility(state))
        v = log.v("max.init", -inf)
        for a in log.each(p.actions(state)):
            v = log.v("max.update", max(v, min_value(p.result(state, a), α, β)))
            if log.cutoff("max.test", v >= β): return v
            α = log.alpha("max.window", max(α, v))
        return log.exit("max.return", v)

    def min_value(state: Any, α: float, β: float) -> float:
        log.call("min.def", MIN, α, β)
        if p.is_cutoff(state, log.ply): return log.leaf("min.terminal", p.utility(state))
        v = log.v("min.init", +inf)
        for a in log.each(p.actions(state)):
            v = log.v("min.update", min(v, max_value(p.result(state, a), α, β)))
            if log.cutoff("min.test", v <= α): return v
            β = log.beta("min.window", min(β, v))
        return log.exit("min.return", v)

    top = max_value if p.root_is_max else min_value
    return top(p.state, -inf, +inf), None


def alphabeta4(p: Problem, log: Tally) -> tuple[float, Any]:
    """AIMA 4th edition, Fig. 5.7: the value and the move, as the book returns them."""

    def max_value(state: Any, α: float, β: float) -> tuple[float, Any]:
        log.call("max.def", MAX, α, β)
        if p.is_cutoff(state, log.ply): return log.leaf("max.terminal", p.utility(state)), None
        v, move = log.v("max.init", -inf), None
        for a in log.each(p.actions(state)):
            v2, a2 = min_value(p.result(state, a), α, β)
            if log.test("max.improve", v2 > v):
                v, move = log.v("max.update", v2), a
                α = log.alpha("max.window", max(α, v))
            if log.cutoff("max.test", v >= β): return v, move
        return log.exit("max.return", v), move

    def min_value(state: Any, α: float, β: float) -> tuple[float, Any]:
        log.call("min.def", MIN, α, β)
        if p.is_cutoff(state, log.ply): return log.leaf("min.terminal", p.utility(state)), None
        v, move = log.v("min.init", +inf), None
        for a in log.each(p.actions(state)):
            v2, a2 = max_value(p.result(state, a), α, β)
            if log.test("min.improve", v2 < v):
                v, move = log.v("min.update", v2), a
                β = log.beta("min.window", min(β, v))
            if log.cutoff("min.test", v <= α): return v, move
        return log.exit("min.return", v), move

    top = max_value if p.root_is_max else min_value
    return top(p.state, -inf, +inf)


def search_for(edition: Edition, tie: TieRule) -> Search:
    """The search an edition prints, under ``tie`` (the strict one compiled from the textbook's source).

    Examples
    --------
    >>> from abteach.search.rules import STRICT
    >>> search_for(Edition.THIRD, STRICT).__name__
    'alphabeta3_strict'
    """
    return tie.compile(alphabeta3 if edition == Edition.THIRD else alphabeta4)


Search = Callable[[Problem, Tally], tuple[float, Any]]
