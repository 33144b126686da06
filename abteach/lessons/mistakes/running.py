"""Running a mistake: the same problem, recorder and result as the correct search.

:func:`run_mistake` gives a buggy search from :data:`~abteach.lessons.mistakes.registry.MISTAKES`
the problem and recorder :func:`abteach.alphabeta` would use, so its result,
trace and frames are of the same kind, and its listing shows the faulty lines.
The depth mistakes need a limit to be off by one from; on an explicit tree,
which has no evaluation function of its own, :func:`random_play_value` scores
the nodes a depth-limited search stops at.
"""

from __future__ import annotations

from fractions import Fraction

from dataclasses import replace
from typing import Any, cast

from abteach.games.trees import Node, Tree
from abteach.lessons.mistakes.registry import DEPTH_MISTAKES, Mistake, lookup
from abteach.lessons.mistakes.table import TABLE_MISTAKES, run_table_mistake
from abteach.search.alphabeta import recorder
from abteach.search.problem import Problem
from abteach.search.result import SearchResult, Spec, finish, run
from abteach.search.record import Tally
from abteach.search.rules import TieRule
from abteach.trace.algorithms import describe, with_trace
from abteach.trace.protocol import Algorithm
from abteach.trace.registry import Registration, register
from abteach.trace.narrate import WINDOWED, faulty


def random_play_value(state: Node, player: str = "MAX") -> float | Fraction:
    """What a tree node is worth if both sides move at random from it.

    The evaluation the depth mistakes use on explicit trees, which have no
    evaluation function of their own.  It is the mean over the children,
    applied all the way down: the expected outcome of uniformly random play.
    It knows the leaves below but not who picks among them, so it is a fair
    stand-in for a real heuristic: informed, and usually wrong about the
    minimax value.  On a uniform tree it is the plain mean of the leaves below.

    Parameters
    ----------
    state : Node
        A node of an :class:`abteach.Tree`.
    player : {'MAX', 'MIN'}
        Score for this player (MIN's score is the negation).

    Returns
    -------
    Fraction or float
        Exact, a :class:`fractions.Fraction`, when every leaf below is a whole
        number or a fraction: the mean of 3, 12 and 8 is 23/3, and a lecture
        prints it so, not as 7.66667.  A float when some leaf is a float.

    Examples
    --------
    >>> import abteach as ab
    >>> t = ab.examples.FIG_5_2
    >>> [str(random_play_value(t.node((i,)))) for i in range(3)]
    ['23/3', '4', '7']
    >>> random_play_value(ab.tree([[0.5, 1.0]]).node((0,)))
    0.75
    """
    if not isinstance(state, Node):
        raise TypeError(
            f"random_play_value scores nodes of an abteach.Tree, not {type(state).__name__}; "
            "pass evaluate=f(state, player) for other games"
        )
    sign = 1 if player == "MAX" else -1
    # Post-order without recursion: a child's mean is ready before its parent's.
    means: dict[int, float | Fraction] = {}
    stack: list[tuple[Node, bool]] = [(state, False)]
    while stack:
        node, ready = stack.pop()
        if node.is_leaf:
            value = cast(float, node.value)
            # Whole numbers and fractions stay exact, so a mean such as 23/3 is not rounded.
            means[id(node)] = Fraction(value) if isinstance(value, (int, Fraction)) else float(value)
        elif ready:
            means[id(node)] = sum((means[id(c)] for c in node.children), Fraction(0)) / len(node.children)
        else:
            stack.append((node, True))
            stack.extend((c, False) for c in node.children)
    return sign * means[id(state)]


def resolve(m: Mistake, game: Any, depth: int | None, evaluate: Any) -> tuple[int | None, Any]:
    """The depth and evaluation both the buggy and the correct search run with.

    The depth mistakes need a limit to be off by one from; on an explicit tree
    with none given, the intended limit is the whole tree, scored (where cut
    short) by :func:`random_play_value`.

    Parameters
    ----------
    m : Mistake
    game : Tree or Game
    depth : int or None
    evaluate : callable or None
        As given to :func:`run_mistake`.

    Returns
    -------
    tuple
        ``(depth, evaluate)``, unchanged except for the depth mistakes.
    """
    if m.id not in DEPTH_MISTAKES:
        return depth, evaluate
    if isinstance(game, Tree):
        if depth is None:
            depth = game.height
        if evaluate is None:
            evaluate = random_play_value
    elif depth is None and m.id == "one-ply-too-shallow":
        raise ValueError(f"the mistake {m.id!r} needs a depth limit to be off by one from: pass depth=...")
    return depth, evaluate


def run_mistake(mistake_id: str, game: Any, state: Any = None, *, depth: int | None = None,
                evaluate: Any = None, order: Any = None, trace: bool = True) -> SearchResult:
    """Search ``game`` the way one of the :data:`MISTAKES` does.

    Parameters
    ----------
    mistake_id : str
        A key of :data:`MISTAKES`, or of :data:`TABLE_MISTAKES` for a transposition-table bug
        (then the search is :func:`abteach.negamax_memory` with that bug).
    game : Tree or Game
        What to search, as for :func:`abteach.alphabeta`.
    state : optional
        Where to start; defaults to ``game.initial``.
    depth, evaluate, order, trace
        As for :func:`abteach.alphabeta`.  The depth mistakes are off by one
        from ``depth``; on a tree it defaults to the tree's height and
        ``evaluate`` to :func:`random_play_value`.

    Returns
    -------
    SearchResult
        The same kind of result as :func:`abteach.alphabeta`; its trace replays
        into frames and its listing shows the faulty lines.  ``move`` is
        ``None`` when the search answers with a move that is not legal at the root.

    Examples
    --------
    >>> import abteach as ab
    >>> r = run_mistake("right-to-left", ab.examples.FIG_5_2)
    >>> r.value, r.move_name, r.leaves, r.pruned
    (3, 'a1', 9, [])
    >>> run_mistake("shared-move", ab.examples.FIG_5_2).move_name
    'a3'
    """
    if isinstance(mistake_id, str) and mistake_id in TABLE_MISTAKES:
        return run_table_mistake(TABLE_MISTAKES[mistake_id], game, state, depth=depth, evaluate=evaluate,
                                 order=order, trace=trace)
    m = lookup(mistake_id)
    depth, evaluate = resolve(m, game, depth, evaluate)
    problem = Problem(game, state, depth, evaluate, order)
    log = recorder(problem, trace, m.tie)
    value, action = run(m.search, problem, log)
    return finish_mistake(m, problem, log, value, action, m.tie, depth is not None)


#: The name a mistaken alpha-beta's results carry; their ``spec.variant`` is the mistake's id.
MISTAKE = "alphabeta_mistake"


def finish_mistake(m: Mistake, problem: Problem, log: Tally, value: float, action: Any, tie: TieRule,
                   depth_limited: bool) -> SearchResult:
    """The result of a mistake's search, told as that mistake: ``tie`` is the rule its recorder used.

    An answer that is no legal move at the start gives a result with no move at all.
    """
    if action is not None and action not in list(problem.game.actions(problem.state)):
        action = None
        log.best.pop(problem.root, None)
    spec = Spec(MISTAKE, tie=tie, depth_limited=depth_limited, variant=m.id)
    return with_trace(finish(problem, log, value, spec, action))


def mistake_description(spec: Spec) -> Algorithm:
    """The textbook's description, with the mistake ``spec.variant``'s listing and its faulty lines flagged."""
    # A mistake is the textbook's alpha-beta with some lines changed: it replays and reads as that search,
    # and with no mistake named it is that search.
    base = describe(replace(spec, name="alphabeta", variant=""))
    if not spec.variant:
        return base.but(name=MISTAKE)
    m = lookup(spec.variant)
    lines = frozenset(line_id for line_id, _ in m.edits)
    faults = {line_id: f"The mistake: {m.title}." for line_id in lines}
    return base.but(name=MISTAKE, label=f"alpha-beta, mistake: {m.title}",
                    listing=m.listing(depth_limited=spec.depth_limited),
                    narrate={kind: faulty(tell) for kind, tell in WINDOWED.items()}, faulty=lines, faults=faults,
                    views=base.views - {"ranges"})


def _search_mistake(game: Any, state: Any = None, *, mistake: str = "", **options: Any) -> SearchResult:
    return run_mistake(mistake, game, state, **options)


register(Registration(MISTAKE, _search_mistake, mistake_description, front_door=False))


__all__ = ["MISTAKE", "run_mistake", "finish_mistake", "mistake_description", "random_play_value", "resolve"]
