"""The classic mistakes in alpha-beta, each kept as a small, runnable, buggy search.

Every mistake is the 3rd-edition ALPHA-BETA-SEARCH (AIMA Fig. 5.7, as in
:mod:`abteach.search.alphabeta`) with one thing done wrong.  Each reads beside
its listing (:meth:`Mistake.listing`, the textbook's with the faulty lines
marked ``✗``) and reports to the same recorder as the correct search, so its
trace replays into frames and every view shows it.

:func:`run_mistake` runs one; :func:`first_difference` finds the first step at
which two traces part; :func:`diagnose` runs a mistake beside the correct search
and says what it costs: the value, the move, and which leaves it evaluated that
it should not have, or skipped that it needed.

Examples
--------
>>> import abteach as ab
>>> from abteach.mistakes import MISTAKES, diagnose, run_mistake
>>> run_mistake("no-window", ab.examples.FIG_5_2).leaves
9
>>> d = diagnose("alpha-in-min")
>>> d.value_right, d.buggy.value, d.buggy.move_name
(False, 5, 'a3')
>>> d.difference.step, d.difference.name
(9, 'B')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from math import inf
from types import MappingProxyType
from typing import Any, Callable, Iterable, Mapping

from abteach import examples
from abteach.events import Event, Kind, fmt
from abteach.pseudocode import Listing, listing
from abteach.search.alphabeta import alphabeta, alphabeta3
from abteach.search.common import Problem, TooDeepError, Recorder, SearchResult, Tally, finish, run
from abteach.search.minimax import minimax
from abteach.trace import Trace
from abteach.trees import MAX_DEPTH, Node, Path, Tree

#: A mistake's search: it returns the root's value and the root action it
#: answers with, or ``None`` for "the action with value v", which the recorder
#: has already found (as it does for the correct search).
Search = Callable[[Problem, Tally], tuple[float, Any]]

#: A pseudocode line: (line id, text), as in :mod:`abteach.pseudocode`.
Line = tuple[str, str]

#: How a mistake's listing departs from the textbook's: each named line is
#: replaced by the given lines (none, to delete it).
Edits = tuple[tuple[str, tuple[Line, ...]], ...]


# -- the evaluation function for cutting an explicit tree short ---------------------


def random_play_value(state: Node, player: str = "MAX") -> float:
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
    float

    Examples
    --------
    >>> import abteach as ab
    >>> t = ab.examples.FIG_5_2
    >>> [round(random_play_value(t.node((i,))), 2) for i in range(3)]
    [7.67, 4.0, 7.0]
    """
    if not isinstance(state, Node):
        raise TypeError(
            f"random_play_value scores nodes of an abteach.Tree, not {type(state).__name__}; "
            "pass evaluate=f(state, player) for other games"
        )
    sign = 1 if player == "MAX" else -1
    # Post-order without recursion: a child's mean is ready before its parent's.
    means: dict[int, float] = {}
    stack: list[tuple[Node, bool]] = [(state, False)]
    while stack:
        node, ready = stack.pop()
        if node.is_leaf:
            means[id(node)] = float(node.value)
        elif ready:
            means[id(node)] = sum(means[id(c)] for c in node.children) / len(node.children)
        else:
            stack.append((node, True))
            stack.extend((c, False) for c in node.children)
    return sign * means[id(state)]


# -- the buggy searches ---------------------------------------------------------------
# Each is alphabeta3 with one fault, marked ✗.  Everything else, including the
# log.* calls, is the same as the correct search, so the traces line up and
# differ only where the fault makes them.


def no_window(p: Problem, log: Tally) -> tuple[float, Any]:
    """α and β are not passed down: every child is searched with (−∞, +∞)."""

    def max_value(state, path, α, β):
        log.enter(path, "max.def", "MAX", α, β)
        if p.is_cutoff(state, path):
            return log.leaf(path, "max.terminal", "MAX", p.utility(state), α, β)
        window = (α, β)
        v = -inf
        log.value(path, "max.init", v, alpha=α, beta=β)
        children = p.actions(state)
        for k, (i, a) in enumerate(children):
            child = path + (i,)
            got = min_value(p.game.result(state, a), child, -inf, +inf)  # ✗ the node's α, β stay here
            v = max(v, got)
            log.value(path, "max.update", v, child, got, α, β)
            if v >= β:
                log.cutoff(path, "max.test", ("v", v, "≥", "β", β),
                           [path + (j,) for j, _ in children[k + 1:]], v, α, β)
                return log.exit(path, "max.test", v, window, α, β)
            log.test(path, "max.test", ("v", v, "≥", "β", β), v, α, β)
            α = max(α, v)
            log.window(path, "max.window", "alpha", v, α, β)
        return log.exit(path, "max.return", v, window, α, β)

    def min_value(state, path, α, β):
        log.enter(path, "min.def", "MIN", α, β)
        if p.is_cutoff(state, path):
            return log.leaf(path, "min.terminal", "MIN", p.utility(state), α, β)
        window = (α, β)
        v = +inf
        log.value(path, "min.init", v, alpha=α, beta=β)
        children = p.actions(state)
        for k, (i, a) in enumerate(children):
            child = path + (i,)
            got = max_value(p.game.result(state, a), child, -inf, +inf)  # ✗
            v = min(v, got)
            log.value(path, "min.update", v, child, got, α, β)
            if v <= α:
                log.cutoff(path, "min.test", ("v", v, "≤", "α", α),
                           [path + (j,) for j, _ in children[k + 1:]], v, α, β)
                return log.exit(path, "min.test", v, window, α, β)
            log.test(path, "min.test", ("v", v, "≤", "α", α), v, α, β)
            β = min(β, v)
            log.window(path, "min.window", "beta", v, α, β)
        return log.exit(path, "min.return", v, window, α, β)

    top = max_value if p.root_is_max else min_value
    return top(p.state, (), -inf, +inf), None


def alpha_in_min(p: Problem, log: Tally) -> tuple[float, Any]:
    """MIN-VALUE keeps MAX-VALUE's line α ← MAX(α, v) instead of β ← MIN(β, v)."""

    def max_value(state, path, α, β):
        log.enter(path, "max.def", "MAX", α, β)
        if p.is_cutoff(state, path):
            return log.leaf(path, "max.terminal", "MAX", p.utility(state), α, β)
        window = (α, β)
        v = -inf
        log.value(path, "max.init", v, alpha=α, beta=β)
        children = p.actions(state)
        for k, (i, a) in enumerate(children):
            child = path + (i,)
            got = min_value(p.game.result(state, a), child, α, β)
            v = max(v, got)
            log.value(path, "max.update", v, child, got, α, β)
            if v >= β:
                log.cutoff(path, "max.test", ("v", v, "≥", "β", β),
                           [path + (j,) for j, _ in children[k + 1:]], v, α, β)
                return log.exit(path, "max.test", v, window, α, β)
            log.test(path, "max.test", ("v", v, "≥", "β", β), v, α, β)
            α = max(α, v)
            log.window(path, "max.window", "alpha", v, α, β)
        return log.exit(path, "max.return", v, window, α, β)

    def min_value(state, path, α, β):
        log.enter(path, "min.def", "MIN", α, β)
        if p.is_cutoff(state, path):
            return log.leaf(path, "min.terminal", "MIN", p.utility(state), α, β)
        window = (α, β)
        v = +inf
        log.value(path, "min.init", v, alpha=α, beta=β)
        children = p.actions(state)
        for k, (i, a) in enumerate(children):
            child = path + (i,)
            got = max_value(p.game.result(state, a), child, α, β)
            v = min(v, got)
            log.value(path, "min.update", v, child, got, α, β)
            if v <= α:
                log.cutoff(path, "min.test", ("v", v, "≤", "α", α),
                           [path + (j,) for j, _ in children[k + 1:]], v, α, β)
                return log.exit(path, "min.test", v, window, α, β)
            log.test(path, "min.test", ("v", v, "≤", "α", α), v, α, β)
            α = max(α, v)  # ✗ copied from MAX-VALUE: α rises to v, so the next v ≤ α fires on MIN's own value
            log.window(path, "min.window", "alpha", v, α, β)
        return log.exit(path, "min.return", v, window, α, β)

    top = max_value if p.root_is_max else min_value
    return top(p.state, (), -inf, +inf), None


def beta_in_max(p: Problem, log: Tally) -> tuple[float, Any]:
    """MAX-VALUE keeps MIN-VALUE's line β ← MIN(β, v) instead of α ← MAX(α, v)."""

    def max_value(state, path, α, β):
        log.enter(path, "max.def", "MAX", α, β)
        if p.is_cutoff(state, path):
            return log.leaf(path, "max.terminal", "MAX", p.utility(state), α, β)
        window = (α, β)
        v = -inf
        log.value(path, "max.init", v, alpha=α, beta=β)
        children = p.actions(state)
        for k, (i, a) in enumerate(children):
            child = path + (i,)
            got = min_value(p.game.result(state, a), child, α, β)
            v = max(v, got)
            log.value(path, "max.update", v, child, got, α, β)
            if v >= β:
                log.cutoff(path, "max.test", ("v", v, "≥", "β", β),
                           [path + (j,) for j, _ in children[k + 1:]], v, α, β)
                return log.exit(path, "max.test", v, window, α, β)
            log.test(path, "max.test", ("v", v, "≥", "β", β), v, α, β)
            β = min(β, v)  # ✗ copied from MIN-VALUE: β drops to v, so the next v ≥ β always fires
            log.window(path, "max.window", "beta", v, α, β)
        return log.exit(path, "max.return", v, window, α, β)

    def min_value(state, path, α, β):
        log.enter(path, "min.def", "MIN", α, β)
        if p.is_cutoff(state, path):
            return log.leaf(path, "min.terminal", "MIN", p.utility(state), α, β)
        window = (α, β)
        v = +inf
        log.value(path, "min.init", v, alpha=α, beta=β)
        children = p.actions(state)
        for k, (i, a) in enumerate(children):
            child = path + (i,)
            got = max_value(p.game.result(state, a), child, α, β)
            v = min(v, got)
            log.value(path, "min.update", v, child, got, α, β)
            if v <= α:
                log.cutoff(path, "min.test", ("v", v, "≤", "α", α),
                           [path + (j,) for j, _ in children[k + 1:]], v, α, β)
                return log.exit(path, "min.test", v, window, α, β)
            log.test(path, "min.test", ("v", v, "≤", "α", α), v, α, β)
            β = min(β, v)
            log.window(path, "min.window", "beta", v, α, β)
        return log.exit(path, "min.return", v, window, α, β)

    top = max_value if p.root_is_max else min_value
    return top(p.state, (), -inf, +inf), None


def strict_test(p: Problem, log: Tally) -> tuple[float, Any]:
    """The cutoff tests v > β and v < α where the textbook has ≥ and ≤.

    No new code: this is :func:`abteach.search.alphabeta.alphabeta3` under the
    strict rule, which CS188's autograder requires.  Against the textbook it
    is a mistake, and the other way round under CS188.
    """
    return alphabeta3(p, log, prune_on_tie=False), None


def inverted_test(p: Problem, log: Tally) -> tuple[float, Any]:
    """The cutoff tests point the wrong way: v ≤ β in MAX-VALUE, v ≥ α in MIN-VALUE."""

    def max_value(state, path, α, β):
        log.enter(path, "max.def", "MAX", α, β)
        if p.is_cutoff(state, path):
            return log.leaf(path, "max.terminal", "MAX", p.utility(state), α, β)
        window = (α, β)
        v = -inf
        log.value(path, "max.init", v, alpha=α, beta=β)
        children = p.actions(state)
        for k, (i, a) in enumerate(children):
            child = path + (i,)
            got = min_value(p.game.result(state, a), child, α, β)
            v = max(v, got)
            log.value(path, "max.update", v, child, got, α, β)
            if v <= β:  # ✗ true for almost any v, so MAX stops after its first child
                log.cutoff(path, "max.test", ("v", v, "≤", "β", β),
                           [path + (j,) for j, _ in children[k + 1:]], v, α, β)
                return log.exit(path, "max.test", v, window, α, β)
            log.test(path, "max.test", ("v", v, "≤", "β", β), v, α, β)
            α = max(α, v)
            log.window(path, "max.window", "alpha", v, α, β)
        return log.exit(path, "max.return", v, window, α, β)

    def min_value(state, path, α, β):
        log.enter(path, "min.def", "MIN", α, β)
        if p.is_cutoff(state, path):
            return log.leaf(path, "min.terminal", "MIN", p.utility(state), α, β)
        window = (α, β)
        v = +inf
        log.value(path, "min.init", v, alpha=α, beta=β)
        children = p.actions(state)
        for k, (i, a) in enumerate(children):
            child = path + (i,)
            got = max_value(p.game.result(state, a), child, α, β)
            v = min(v, got)
            log.value(path, "min.update", v, child, got, α, β)
            if v >= α:  # ✗
                log.cutoff(path, "min.test", ("v", v, "≥", "α", α),
                           [path + (j,) for j, _ in children[k + 1:]], v, α, β)
                return log.exit(path, "min.test", v, window, α, β)
            log.test(path, "min.test", ("v", v, "≥", "α", α), v, α, β)
            β = min(β, v)
            log.window(path, "min.window", "beta", v, α, β)
        return log.exit(path, "min.return", v, window, α, β)

    top = max_value if p.root_is_max else min_value
    return top(p.state, (), -inf, +inf), None


def cutoff_before_update(p: Problem, log: Tally) -> tuple[float, Any]:
    """The cutoff is tested on the old v, before the child's value is taken in."""

    def max_value(state, path, α, β):
        log.enter(path, "max.def", "MAX", α, β)
        if p.is_cutoff(state, path):
            return log.leaf(path, "max.terminal", "MAX", p.utility(state), α, β)
        window = (α, β)
        v = -inf
        log.value(path, "max.init", v, alpha=α, beta=β)
        children = p.actions(state)
        for k, (i, a) in enumerate(children):
            child = path + (i,)
            u = min_value(p.game.result(state, a), child, α, β)
            # ✗ this v does not include u yet: a cutoff earned by the previous
            # child is seen only now, after u's whole subtree was searched.
            if v >= β:
                log.cutoff(path, "max.test", ("v", v, "≥", "β", β),
                           [path + (j,) for j, _ in children[k + 1:]], v, α, β)
                return log.exit(path, "max.test", v, window, α, β)
            log.test(path, "max.test", ("v", v, "≥", "β", β), v, α, β)
            v = max(v, u)
            log.value(path, "max.update", v, child, u, α, β)
            α = max(α, v)
            log.window(path, "max.window", "alpha", v, α, β)
        return log.exit(path, "max.return", v, window, α, β)

    def min_value(state, path, α, β):
        log.enter(path, "min.def", "MIN", α, β)
        if p.is_cutoff(state, path):
            return log.leaf(path, "min.terminal", "MIN", p.utility(state), α, β)
        window = (α, β)
        v = +inf
        log.value(path, "min.init", v, alpha=α, beta=β)
        children = p.actions(state)
        for k, (i, a) in enumerate(children):
            child = path + (i,)
            u = max_value(p.game.result(state, a), child, α, β)
            if v <= α:  # ✗
                log.cutoff(path, "min.test", ("v", v, "≤", "α", α),
                           [path + (j,) for j, _ in children[k + 1:]], v, α, β)
                return log.exit(path, "min.test", v, window, α, β)
            log.test(path, "min.test", ("v", v, "≤", "α", α), v, α, β)
            v = min(v, u)
            log.value(path, "min.update", v, child, u, α, β)
            β = min(β, v)
            log.window(path, "min.window", "beta", v, α, β)
        return log.exit(path, "min.return", v, window, α, β)

    top = max_value if p.root_is_max else min_value
    return top(p.state, (), -inf, +inf), None


def right_to_left(p: Problem, log: Tally) -> tuple[float, Any]:
    """The children are searched last to first (a stack popped, or a reversed loop)."""

    def max_value(state, path, α, β):
        log.enter(path, "max.def", "MAX", α, β)
        if p.is_cutoff(state, path):
            return log.leaf(path, "max.terminal", "MAX", p.utility(state), α, β)
        window = (α, β)
        v = -inf
        log.value(path, "max.init", v, alpha=α, beta=β)
        children = p.actions(state)[::-1]  # ✗
        for k, (i, a) in enumerate(children):
            child = path + (i,)
            got = min_value(p.game.result(state, a), child, α, β)
            v = max(v, got)
            log.value(path, "max.update", v, child, got, α, β)
            if v >= β:
                log.cutoff(path, "max.test", ("v", v, "≥", "β", β),
                           [path + (j,) for j, _ in children[k + 1:]], v, α, β)
                return log.exit(path, "max.test", v, window, α, β)
            log.test(path, "max.test", ("v", v, "≥", "β", β), v, α, β)
            α = max(α, v)
            log.window(path, "max.window", "alpha", v, α, β)
        return log.exit(path, "max.return", v, window, α, β)

    def min_value(state, path, α, β):
        log.enter(path, "min.def", "MIN", α, β)
        if p.is_cutoff(state, path):
            return log.leaf(path, "min.terminal", "MIN", p.utility(state), α, β)
        window = (α, β)
        v = +inf
        log.value(path, "min.init", v, alpha=α, beta=β)
        children = p.actions(state)[::-1]  # ✗
        for k, (i, a) in enumerate(children):
            child = path + (i,)
            got = max_value(p.game.result(state, a), child, α, β)
            v = min(v, got)
            log.value(path, "min.update", v, child, got, α, β)
            if v <= α:
                log.cutoff(path, "min.test", ("v", v, "≤", "α", α),
                           [path + (j,) for j, _ in children[k + 1:]], v, α, β)
                return log.exit(path, "min.test", v, window, α, β)
            log.test(path, "min.test", ("v", v, "≤", "α", α), v, α, β)
            β = min(β, v)
            log.window(path, "min.window", "beta", v, α, β)
        return log.exit(path, "min.return", v, window, α, β)

    top = max_value if p.root_is_max else min_value
    return top(p.state, (), -inf, +inf), None


def _too_deep(p: Problem, state: Any, path: Path) -> bool:
    """CUTOFF-TEST with ``>`` where it needs ``≥``: the ply at the limit is expanded too."""
    if len(path) > MAX_DEPTH:
        raise TooDeepError(path)
    return p.game.is_terminal(state) or (p.depth is not None and len(path) > p.depth)  # ✗


def _too_shallow(p: Problem, state: Any, path: Path) -> bool:
    """CUTOFF-TEST that counts the root as ply 1, so it stops one ply early."""
    if len(path) > MAX_DEPTH:
        raise TooDeepError(path)
    return p.game.is_terminal(state) or (p.depth is not None and len(path) + 1 >= p.depth)  # ✗


def _depth_limited(cutoff_test: Callable[[Problem, Any, Path], bool]) -> Search:
    """alphabeta3 with its CUTOFF-TEST replaced; the two depth mistakes differ only there."""

    def search(p: Problem, log: Tally) -> tuple[float, Any]:
        def max_value(state, path, α, β):
            log.enter(path, "max.def", "MAX", α, β)
            if cutoff_test(p, state, path):  # ✗ (see the test itself)
                return log.leaf(path, "max.terminal", "MAX", p.utility(state), α, β)
            window = (α, β)
            v = -inf
            log.value(path, "max.init", v, alpha=α, beta=β)
            children = p.actions(state)
            for k, (i, a) in enumerate(children):
                child = path + (i,)
                got = min_value(p.game.result(state, a), child, α, β)
                v = max(v, got)
                log.value(path, "max.update", v, child, got, α, β)
                if v >= β:
                    log.cutoff(path, "max.test", ("v", v, "≥", "β", β),
                               [path + (j,) for j, _ in children[k + 1:]], v, α, β)
                    return log.exit(path, "max.test", v, window, α, β)
                log.test(path, "max.test", ("v", v, "≥", "β", β), v, α, β)
                α = max(α, v)
                log.window(path, "max.window", "alpha", v, α, β)
            return log.exit(path, "max.return", v, window, α, β)

        def min_value(state, path, α, β):
            log.enter(path, "min.def", "MIN", α, β)
            if cutoff_test(p, state, path):  # ✗
                return log.leaf(path, "min.terminal", "MIN", p.utility(state), α, β)
            window = (α, β)
            v = +inf
            log.value(path, "min.init", v, alpha=α, beta=β)
            children = p.actions(state)
            for k, (i, a) in enumerate(children):
                child = path + (i,)
                got = max_value(p.game.result(state, a), child, α, β)
                v = min(v, got)
                log.value(path, "min.update", v, child, got, α, β)
                if v <= α:
                    log.cutoff(path, "min.test", ("v", v, "≤", "α", α),
                               [path + (j,) for j, _ in children[k + 1:]], v, α, β)
                    return log.exit(path, "min.test", v, window, α, β)
                log.test(path, "min.test", ("v", v, "≤", "α", α), v, α, β)
                β = min(β, v)
                log.window(path, "min.window", "beta", v, α, β)
            return log.exit(path, "min.return", v, window, α, β)

        top = max_value if p.root_is_max else min_value
        return top(p.state, (), -inf, +inf), None

    search.__doc__ = cutoff_test.__doc__
    return search


one_ply_too_deep: Search = _depth_limited(_too_deep)
one_ply_too_shallow: Search = _depth_limited(_too_shallow)


def shared_move(p: Problem, log: Tally) -> tuple[float, Any]:
    """One ``best`` variable for the whole search: the answer is whichever node improved last."""
    best = None  # ✗ belongs to the root alone, but every call below writes to it

    def max_value(state, path, α, β):
        nonlocal best
        log.enter(path, "max.def", "MAX", α, β)
        if p.is_cutoff(state, path):
            return log.leaf(path, "max.terminal", "MAX", p.utility(state), α, β)
        window = (α, β)
        v = -inf
        log.value(path, "max.init", v, alpha=α, beta=β)
        children = p.actions(state)
        for k, (i, a) in enumerate(children):
            child = path + (i,)
            u = min_value(p.game.result(state, a), child, α, β)
            if u > v:
                best = a  # ✗
            v = max(v, u)
            log.value(path, "max.update", v, child, u, α, β)
            if v >= β:
                log.cutoff(path, "max.test", ("v", v, "≥", "β", β),
                           [path + (j,) for j, _ in children[k + 1:]], v, α, β)
                return log.exit(path, "max.test", v, window, α, β)
            log.test(path, "max.test", ("v", v, "≥", "β", β), v, α, β)
            α = max(α, v)
            log.window(path, "max.window", "alpha", v, α, β)
        return log.exit(path, "max.return", v, window, α, β)

    def min_value(state, path, α, β):
        nonlocal best
        log.enter(path, "min.def", "MIN", α, β)
        if p.is_cutoff(state, path):
            return log.leaf(path, "min.terminal", "MIN", p.utility(state), α, β)
        window = (α, β)
        v = +inf
        log.value(path, "min.init", v, alpha=α, beta=β)
        children = p.actions(state)
        for k, (i, a) in enumerate(children):
            child = path + (i,)
            u = max_value(p.game.result(state, a), child, α, β)
            if u < v:
                best = a  # ✗
            v = min(v, u)
            log.value(path, "min.update", v, child, u, α, β)
            if v <= α:
                log.cutoff(path, "min.test", ("v", v, "≤", "α", α),
                           [path + (j,) for j, _ in children[k + 1:]], v, α, β)
                return log.exit(path, "min.test", v, window, α, β)
            log.test(path, "min.test", ("v", v, "≤", "α", α), v, α, β)
            β = min(β, v)
            log.window(path, "min.window", "beta", v, α, β)
        return log.exit(path, "min.return", v, window, α, β)

    top = max_value if p.root_is_max else min_value
    v = top(p.state, (), -inf, +inf)
    return v, best  # ✗ the last move stored, at whatever level


# -- the registry -------------------------------------------------------------------


@dataclass(frozen=True)
class Mistake:
    """One classic alpha-beta mistake, with a search that makes it.

    Attributes
    ----------
    id : str
        The key in :data:`MISTAKES`, e.g. ``'no-window'``.
    title : str
        A short name for it.
    explanation : str
        One paragraph for students: what the code does wrong and what follows.
    search : callable
        ``search(problem, log) -> (value, root action or None)``, the buggy
        3rd-edition search.
    symptom : str
        What a student sees from outside: wrong value, wrong move, too many leaves...
    example : str
        The example tree (a key of ``abteach.examples.ALL``) the mistake is shown on.
    options : mapping
        Options for :func:`run_mistake` on that tree (``{'depth': 1}`` for instance).
    expected : str
        Where, on the example, its trace first departs from the correct one, and why.
    step, node : int, tuple of int
        The same, as the step (1-based) and node path that :func:`first_difference` finds.
    edits : tuple
        How its pseudocode departs from the textbook's (see :meth:`listing`).
    prune_on_tie : bool
        The tie rule its cutoff test uses (only the strict-test mistake differs).

    Examples
    --------
    >>> m = MISTAKES["test-before-update"]
    >>> m.title, m.example, m.step, m.node
    ('cutoff tested before v is updated', 'FIG_5_2', 7, (0,))
    """

    id: str
    title: str
    explanation: str
    search: Search = field(repr=False)
    symptom: str
    example: str
    options: Mapping[str, Any]
    expected: str
    step: int
    node: Path
    edits: Edits = field(default=(), repr=False)
    prune_on_tie: bool = True

    @property
    def example_tree(self) -> Tree:
        """The example tree itself."""
        return examples.ALL[self.example]

    def listing(self, depth_limited: bool = False) -> Listing:
        """The textbook's 3rd-edition listing with this mistake's lines swapped in, marked ✗.

        Line ids stay those of the textbook, so a view highlights the buggy
        line where the correct search would highlight the right one.

        Examples
        --------
        >>> print(MISTAKES["beta-in-max"].listing().text("max.window"))
            β ← MIN(β, v)   ✗ MIN's line, in MAX-VALUE
        """
        base = listing("alphabeta", 3, prune_on_tie=self.prune_on_tie, depth_limited=depth_limited)
        edits = dict(self.edits)
        lines: list[Line] = []
        for line_id, text in base.lines:
            lines.extend(edits.get(line_id, ((line_id, text),)))
        return Listing(title=f"{base.title}, with a mistake: {self.title}", lines=tuple(lines))


def _mistakes(*items: Mistake) -> Mapping[str, Mistake]:
    return MappingProxyType({m.id: m for m in items})


def _swap(line_id: str, text: str) -> tuple[str, tuple[Line, ...]]:
    """An edit that rewrites one line and keeps its id."""
    return line_id, ((line_id, text),)


_TOO_DEEP = "  if DEPTH(state) > limit or TERMINAL-TEST(state) then return EVAL(state)   ✗ > for ≥"
_TOO_SHALLOW = ("  if DEPTH(state) + 1 ≥ limit or TERMINAL-TEST(state) then return EVAL(state)"
                "   ✗ root counted as ply 1")


#: Every mistake, by id, in teaching order.  Read-only.
MISTAKES: Mapping[str, Mistake] = _mistakes(
    Mistake(
        id="no-window",
        title="α and β not passed down",
        explanation=(
            "Each child is searched with a fresh window (−∞, +∞) instead of the node's own (α, β). "
            "A node then only knows what its own earlier children showed, never what its ancestors "
            "already have elsewhere, so the test v ≥ β in a MAX node (v ≤ α in a MIN node) compares "
            "against a bound that node never changes itself: it can never fire. Nothing is ever pruned "
            "and the search is plain minimax with extra bookkeeping: the value and move are right, but "
            "every leaf is evaluated."
        ),
        search=no_window,
        symptom="right value and move; no cutoff ever, every leaf evaluated (9 of 9 on Fig. 5.2 instead of 7)",
        example="FIG_5_2",
        options=MappingProxyType({}),
        expected=(
            "step 10, at b2: B calls b2 with (−∞, +∞) where the correct search passes (−∞, 3), "
            "since B lowered β to 3 after b1"
        ),
        step=10,
        node=(0, 1),
        edits=(
            _swap("max.update", "    v ← MAX(v, MIN-VALUE(RESULT(state, a), −∞, +∞))   ✗ α, β not passed"),
            _swap("min.update", "    v ← MIN(v, MAX-VALUE(RESULT(state, a), −∞, +∞))   ✗ α, β not passed"),
        ),
    ),
    Mistake(
        id="alpha-in-min",
        title="α updated in a MIN node",
        explanation=(
            "MIN-VALUE was made by copying MAX-VALUE and its last line was left as α ← MAX(α, v). "
            "So a MIN node raises α to its own v instead of lowering β. α is meant to be what MAX "
            "is already sure of elsewhere; set to MIN's current v, it makes the next test v ≤ α "
            "true whatever the next child returns, since v can only fall. Every MIN node stops "
            "after its second child, and its value is wrong whenever MIN's best reply comes later. "
            "The raised α also reaches the second child's subtree and cuts it short, and β is never "
            "lowered, so MAX nodes below lose their own cutoffs. Value and move can both be wrong. "
            "(Half-mirrored, α ← MIN(α, v) does nothing at all, since the test has just shown "
            "v > α: that version only loses β's updates, and prunes less, never wrongly.)"
        ),
        search=alpha_in_min,
        symptom="prunes too much: wrong value and move (5 and a3 on Fig. 5.2 instead of 3 and a1), b3 and d3 skipped",
        example="FIG_5_2",
        options=MappingProxyType({}),
        expected="step 9, at B: after b1, B sets α = 3 where the correct search sets β = 3",
        step=9,
        node=(0,),
        edits=(_swap("min.window", "    α ← MAX(α, v)   ✗ MAX's line, in MIN-VALUE"),),
    ),
    Mistake(
        id="beta-in-max",
        title="β updated in a MAX node",
        explanation=(
            "MAX-VALUE ends its loop with β ← MIN(β, v), the line that belongs to MIN-VALUE. "
            "After the test v ≥ β has failed, v < β, so β drops to v, and after the next child "
            "v ≥ β (v can only grow) always holds: every MAX node stops after its second child, "
            "the root included, and MAX's later moves are never looked at. The second child is "
            "searched with β lowered to the first one's value, so what it returns may be only a "
            "lower bound, taken as exact; and α never rises anywhere, so MIN nodes lose all their "
            "cutoffs. It is the mirror image of alpha-in-min: both swap the roles of α and β, one "
            "in each function. Value and move can both be wrong; on Fig. 5.2 they happen to be right."
        ),
        search=beta_in_max,
        symptom="MAX nodes look at two children at most; on Fig. 5.2 D is never searched but c2, c3 are",
        example="FIG_5_2",
        options=MappingProxyType({}),
        expected="step 23, at A: after B returns 3, A sets β = 3 where the correct search sets α = 3",
        step=23,
        node=(),
        edits=(_swap("max.window", "    β ← MIN(β, v)   ✗ MIN's line, in MAX-VALUE"),),
    ),
    Mistake(
        id="strict-test",
        title="> where the textbook uses ≥",
        explanation=(
            "The cutoff tests are v > β and v < α instead of the textbook's v ≥ β and v ≤ α. "
            "When v equals the bound, the node can no longer change the choice above (MAX already "
            "has that value elsewhere), but the strict test goes on searching. The value and the "
            "move stay right; only ties cost extra leaves. CS188's autograder demands exactly this "
            "strict rule, so there the textbook's ≥ is the mistake: know which rule you are graded on."
        ),
        search=strict_test,
        symptom="right value and move; extra leaves on ties only (5 instead of 3 on the tied tree)",
        example="TIED",
        options=MappingProxyType({}),
        expected="step 24, at C: c1 = 5 equals α = 5; the correct search cuts off, this one goes on to c2",
        step=24,
        node=(1,),
        edits=(
            _swap("max.test", "    if v > β then return v   ✗ strict: no cutoff on a tie"),
            _swap("min.test", "    if v < α then return v   ✗ strict: no cutoff on a tie"),
        ),
        prune_on_tie=False,
    ),
    Mistake(
        id="inverted-test",
        title="the cutoff test inverted",
        explanation=(
            "The inequality points the wrong way: v ≤ β in MAX-VALUE and v ≥ α in MIN-VALUE. "
            "Inside the window these are true almost always, so nearly every node returns after "
            "its first child: the search follows the leftmost line down and reports its leaf as "
            "the value. It is very fast and almost always wrong; it is right only when the first "
            "line happens to be the principal variation, as on Fig. 5.2."
        ),
        search=inverted_test,
        symptom="one leaf evaluated; the value is the leftmost leaf (5 on the encyclopedia tree, whose value is 6)",
        example="WIKIPEDIA",
        options=MappingProxyType({}),
        expected=(
            "step 12, at 0.0.0: its first leaf gives v = 5, and 5 ≥ α = −∞ cuts off where the correct "
            "test 5 ≤ −∞ fails"
        ),
        step=12,
        node=(0, 0, 0),
        edits=(
            _swap("max.test", "    if v ≤ β then return v   ✗ inverted"),
            _swap("min.test", "    if v ≥ α then return v   ✗ inverted"),
        ),
    ),
    Mistake(
        id="test-before-update",
        title="cutoff tested before v is updated",
        explanation=(
            "The loop searches the child, then tests v ≥ β, then takes the child's value into v. "
            "The test therefore sees the v of the earlier children only: when a child earns a "
            "cutoff, nobody notices until the next child's whole subtree has been searched, and "
            "its result is then thrown away. The value and move stay right, but every cutoff that "
            "is not on a last child costs one extra subtree. It is the usual answer to \"why does "
            "my alpha-beta expand more nodes than necessary?\"."
        ),
        search=cutoff_before_update,
        symptom="right value and move; one extra subtree after each cutoff (c2 on Fig. 5.2: 8 leaves, not 7)",
        example="FIG_5_2",
        options=MappingProxyType({}),
        expected="step 7, at B: after b1 returns 3, B tests v = +∞ ≤ α before it sets v = 3",
        step=7,
        node=(0,),
        edits=(
            ("max.update", (("max.call", "    u ← MIN-VALUE(RESULT(state, a), α, β)"),
                            ("max.test", "    if v ≥ β then return v   ✗ before v includes u"),
                            ("max.update", "    v ← MAX(v, u)"))),
            ("max.test", ()),
            ("min.update", (("min.call", "    u ← MAX-VALUE(RESULT(state, a), α, β)"),
                            ("min.test", "    if v ≤ α then return v   ✗ before v includes u"),
                            ("min.update", "    v ← MIN(v, u)"))),
            ("min.test", ()),
        ),
    ),
    Mistake(
        id="right-to-left",
        title="children visited right to left",
        explanation=(
            "The children are searched last to first, as happens when they are pushed on a stack "
            "and popped, or the loop runs over a reversed list. Alpha-beta is correct in any order, "
            "so the value is right, but which leaves are pruned depends entirely on the order: the "
            "set of expanded nodes no longer matches the textbook's (and CS188's autograder), and "
            "on ties the move can be a different, equally good one."
        ),
        search=right_to_left,
        symptom="right value; a different set of leaves (all 9 on Fig. 5.2); on ties another best move",
        example="FIG_5_2",
        options=MappingProxyType({}),
        expected="step 3, at D: A calls D first where the correct search calls B",
        step=3,
        node=(2,),
        edits=(
            _swap("max.loop", "  for each a in REVERSE(ACTIONS(state)) do   ✗"),
            _swap("min.loop", "  for each a in REVERSE(ACTIONS(state)) do   ✗"),
        ),
    ),
    Mistake(
        id="one-ply-too-deep",
        title="depth limit off by one: one ply too deep",
        explanation=(
            "In a depth-limited search the cutoff test reads depth > limit where it needs "
            "depth ≥ limit, so the nodes at the limit are expanded instead of evaluated. The search "
            "costs a whole ply more (a factor of the branching factor), and its values are those of "
            "a deeper search, not the one asked for: a grader comparing with the requested depth "
            "sees the wrong expanded set and possibly another value or move (CS188's \"depth off by one\")."
        ),
        search=one_ply_too_deep,
        symptom="searches depth d + 1: on Fig. 5.2 with depth 1, 7 leaves instead of 3 evaluations, value 3 not 23/3",
        example="FIG_5_2",
        options=MappingProxyType({"depth": 1}),
        expected="step 4, at B: at the depth limit the correct search evaluates B, this one expands it",
        step=4,
        node=(0,),
        edits=(
            _swap("max.terminal", _TOO_DEEP),
            _swap("min.terminal", _TOO_DEEP),
        ),
    ),
    Mistake(
        id="one-ply-too-shallow",
        title="depth limit off by one: one ply too shallow",
        explanation=(
            "The cutoff test counts the root as ply 1 (or the depth is decremented before it is "
            "tested), so the search stops one ply early and scores the nodes above the limit with "
            "the evaluation function. On an explicit tree, whose intended depth is the whole tree, "
            "the last internal nodes are evaluated instead of searched; abteach scores them with "
            "random_play_value, the mean outcome of random play, a sensible heuristic that ignores who "
            "chooses. The search is cheap and its value is an estimate, not the minimax value; the "
            "move is right only if the estimate happens to rank the moves as minimax does."
        ),
        search=one_ply_too_shallow,
        symptom="evaluates inner nodes: on Fig. 5.2 B, C, D are scored 23/3, 4, 7 and the value is 23/3, not 3",
        example="FIG_5_2",
        options=MappingProxyType({}),
        expected="step 4, at B: this search evaluates B as 23/3 at the limit where the correct one expands it",
        step=4,
        node=(0,),
        edits=(
            _swap("max.terminal", _TOO_SHALLOW),
            _swap("min.terminal", _TOO_SHALLOW),
        ),
    ),
    Mistake(
        id="shared-move",
        title="the best move taken from the wrong level",
        explanation=(
            "The move is kept in one variable for the whole search (a global, or a field of the "
            "agent) and every MAX-VALUE and MIN-VALUE call writes to it when its v improves. The "
            "search itself is right, so the value is, but the move returned is the one stored last: "
            "usually the best reply of the last MIN node searched, a move at the wrong level and "
            "often not even legal at the root. Only the root's own choice answers the question "
            "ALPHA-BETA-SEARCH asks; keep the move beside v in the root's loop."
        ),
        search=shared_move,
        symptom="right value, same leaves, wrong move: on Fig. 5.2 D's reply d3 comes back as a3",
        example="FIG_5_2",
        options=MappingProxyType({}),
        expected=("step 55, the last: the search answers a3 (the index of D's reply d3) "
                  "where the correct one answers a1"),
        step=55,
        node=(),
        edits=(
            _swap("search.return", "  return best   ✗ the move stored last, at any level"),
            ("max.update", (("max.call", "    u ← MIN-VALUE(RESULT(state, a), α, β)"),
                            ("max.move", "    if u > v then best ← a   ✗ one best for every level"),
                            ("max.update", "    v ← MAX(v, u)"))),
            ("min.update", (("min.call", "    u ← MAX-VALUE(RESULT(state, a), α, β)"),
                            ("min.move", "    if u < v then best ← a   ✗ one best for every level"),
                            ("min.update", "    v ← MIN(v, u)"))),
        ),
    ),
)

_DEPTH_MISTAKES = frozenset({"one-ply-too-deep", "one-ply-too-shallow"})


# -- running a mistake ----------------------------------------------------------------


def _mistake(mistake_id: str) -> Mistake:
    try:
        return MISTAKES[mistake_id]
    except (KeyError, TypeError):
        raise KeyError(f"unknown mistake {mistake_id!r}; the mistakes are: {', '.join(MISTAKES)}") from None


def _resolve(m: Mistake, game: Any, depth: int | None, evaluate: Any) -> tuple[int | None, Any]:
    """The depth and evaluation both the buggy and the correct search run with.

    The depth mistakes need a limit to be off by one from; on an explicit tree
    with none given, the intended limit is the whole tree, scored (where cut
    short) by :func:`random_play_value`.
    """
    if m.id not in _DEPTH_MISTAKES:
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
        A key of :data:`MISTAKES`.
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
    m = _mistake(mistake_id)
    depth, evaluate = _resolve(m, game, depth, evaluate)
    problem = Problem(game, state, depth, evaluate, order)
    log = Recorder(closed_window=not m.prune_on_tie) if trace else Tally()
    value, action = run(m.search, problem, log)
    if action is not None:
        # finish() reads the answer off the recorder's best child of the root,
        # so a search that answers with its own move must put it there.
        actions = list(problem.game.actions(problem.state))
        if action in actions:
            log.best[()] = (actions.index(action), value)
        else:
            log.best.pop((), None)
    return finish(problem, log, value, algorithm=f"alphabeta, mistake {m.id}", edition=3,
                  prune_on_tie=m.prune_on_tie, listing=m.listing(depth_limited=depth is not None))


def _correct(m: Mistake, game: Any, state: Any, depth: int | None, evaluate: Any, order: Any,
             trace: bool = True) -> SearchResult:
    """The textbook search a mistake is measured against: 3rd edition, pruning on ties."""
    depth, evaluate = _resolve(m, game, depth, evaluate)
    return alphabeta(game, state, edition=3, prune_on_tie=True, depth=depth, evaluate=evaluate,
                     order=order, trace=trace)


# -- comparing traces -----------------------------------------------------------------

# The fields that say what a step did.  The comparison's wording ("test") is left
# out: a strict test that never meets a tie takes exactly the textbook's steps.
_FIELDS = ("kind", "node", "line", "alpha", "beta", "v", "value", "which", "skipped", "bound", "move")


@dataclass(frozen=True)
class Difference:
    """Where two traces part: the first step at which they do different things.

    Attributes
    ----------
    step : int
        The 1-based step, as for :meth:`abteach.Trace.frame`.
    node : tuple of int
        The node the step is about (the buggy search's, if the two differ).
    name : str
        Its display name.
    correct, buggy : Event or None
        The two events at that step; ``None`` when that trace has already ended.
    what : str
        One line on what the buggy search does differently there.

    Examples
    --------
    >>> d = diagnose("right-to-left").difference
    >>> d.step, d.name, d.correct.node, d.buggy.node
    (3, 'D', (0,), (2,))
    """

    step: int
    node: Path
    name: str
    correct: Event | None
    buggy: Event | None
    what: str

    def __str__(self) -> str:
        return f"step {self.step}, at {self.name}: {self.what}"

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:
        """Show the one line in IPython and Jupyter, in place of the fields."""
        p.text(str(self))


def first_difference(correct_trace: Trace, buggy_trace: Trace) -> Difference | None:
    """The first step at which ``buggy_trace`` does something ``correct_trace`` does not.

    Two steps are the same when they have the same kind, node, pseudocode line
    and values (α, β, v, the value, which bound, the pruned children, the best
    move); how the comparison is written is not compared.  Both traces should
    come from searches of the same game from the same state.

    Parameters
    ----------
    correct_trace, buggy_trace : Trace

    Returns
    -------
    Difference or None
        ``None`` when the two take the same steps throughout.

    Examples
    --------
    >>> import abteach as ab
    >>> t = ab.examples.FIG_5_2
    >>> d = first_difference(ab.alphabeta(t).trace, run_mistake("no-window", t).trace)
    >>> print(d)
    step 10, at b2: b2 is called with (α, β) = (−∞, +∞) where the correct search passes (−∞, 3)
    """
    for k in range(max(len(correct_trace), len(buggy_trace))):
        c = correct_trace[k] if k < len(correct_trace) else None
        b = buggy_trace[k] if k < len(buggy_trace) else None
        if c is not None and b is not None and _same(c, b):
            continue
        node = b.node if b is not None else c.node  # type: ignore[union-attr]
        return Difference(step=k + 1, node=node, name=correct_trace.name(node), correct=c, buggy=b,
                          what=_what(correct_trace, c, b))
    return None


def _same(a: Event, b: Event) -> bool:
    return all(getattr(a, f) == getattr(b, f) for f in _FIELDS)


def _what(tr: Trace, c: Event | None, b: Event | None) -> str:
    """One line on what the buggy step ``b`` does in place of the correct step ``c``."""
    if b is None:
        return f"this search has finished, where the correct one goes on with {_doing(tr, c)}"
    if c is None:
        return f"this search goes on with {_doing(tr, b)} after the correct one has finished"
    name = tr.name(b.node)
    if c.node != b.node:
        if c.kind is b.kind is Kind.ENTER:
            return f"{tr.name(c.node[:-1])} calls {name} where the correct search calls {tr.name(c.node)}"
        return f"this search goes on with {_doing(tr, b)} where the correct one goes on with {_doing(tr, c)}"
    if c.kind is not b.kind:
        if c.kind is Kind.CUTOFF:
            return (f"the correct test {c.test} cuts off here; this search's "
                    f"{b.test or _doing(tr, b)} does not, so {_cut_text(tr, c)} searched")
        if b.kind is Kind.CUTOFF:
            return f"{b.test} cuts off here where the correct test {c.test} does not: {_cut_text(tr, b, wrongly=True)}"
        if c.kind is Kind.LEAF:
            return f"{name} is expanded where the correct search stops at the limit and evaluates it ({fmt(c.value)})"
        if b.kind is Kind.LEAF:
            return f"{name} is evaluated ({fmt(b.value)}) where the correct search expands it"
        if b.kind is Kind.TEST and c.kind is Kind.VALUE:
            return (f"{name} tests {b.test} before taking the child's value in; "
                    f"the correct search first sets v = {fmt(c.v)}")
        return f"{name} does {_doing(tr, b)} where the correct search does {_doing(tr, c)}"
    kind = b.kind
    if kind is Kind.ENTER:
        return (f"{name} is called with (α, β) = ({fmt(b.alpha)}, {fmt(b.beta)}) "
                f"where the correct search passes ({fmt(c.alpha)}, {fmt(c.beta)})")
    if kind is Kind.WINDOW and b.which != c.which:
        return (f"{name} sets {_sym(b.which)} = {fmt(_bound(b))} where the correct search sets "
                f"{_sym(c.which)} = {fmt(_bound(c))}")
    if kind is Kind.DONE and b.move != c.move:
        return (f"the search answers {_move(tr, b.move)} where the correct one answers {_move(tr, c.move)}, "
                f"both for the value {fmt(b.value)}" if b.value == c.value else
                f"the search answers {_move(tr, b.move)} for {fmt(b.value)} where the correct one answers "
                f"{_move(tr, c.move)} for {fmt(c.value)}")
    if kind is Kind.CUTOFF and b.skipped != c.skipped:
        return (f"the cutoff at {name} prunes {tr.names(b.skipped) or 'nothing'} "
                f"where the correct one prunes {tr.names(c.skipped) or 'nothing'}")
    for f in ("value", "v", "alpha", "beta", "bound", "move", "line"):
        x, y = getattr(b, f), getattr(c, f)
        if x != y:
            return (f"{_field_name(f)} at {name} is {_show(x)} "
                    f"where the correct search has {_show(y)} ({kind.value} step)")
    return f"{name} does {_doing(tr, b)} where the correct search does {_doing(tr, c)}"  # pragma: no cover


def _doing(tr: Trace, e: Event | None) -> str:
    if e is None:  # pragma: no cover - both traces end with a done event
        return "nothing"
    return {
        Kind.ENTER: lambda: f"a call on {tr.name(e.node)}",
        Kind.LEAF: lambda: f"evaluating {tr.name(e.node)} ({fmt(e.value)})",
        Kind.VALUE: lambda: f"v = {fmt(e.v)} at {tr.name(e.node)}",
        Kind.TEST: lambda: f"the test {e.test} at {tr.name(e.node)}",
        Kind.WINDOW: lambda: f"{_sym(e.which)} = {fmt(_bound(e))} at {tr.name(e.node)}",
        Kind.CUTOFF: lambda: f"a cutoff at {tr.name(e.node)} ({e.test})",
        Kind.EXIT: lambda: f"{tr.name(e.node)} returning {fmt(e.value)}",
        Kind.DONE: lambda: f"the answer {_move(tr, e.move)}",
    }.get(e.kind, lambda: f"a {e.kind.value} step at {tr.name(e.node)}")()


def _cut_text(tr: Trace, e: Event, wrongly: bool = False) -> str:
    if not e.skipped:
        return "nothing is pruned (it was the last child)" if wrongly else "nothing more is"
    verb = "is" if len(e.skipped) == 1 else "are"
    return f"{tr.names(e.skipped)} {verb} {'wrongly pruned' if wrongly else 'still'}"


def _sym(which: str) -> str:
    return "α" if which == "alpha" else "β"


def _bound(e: Event) -> float | None:
    return e.alpha if e.which == "alpha" else e.beta


def _move(tr: Trace, move: Any) -> str:
    return tr.move_name((move,)) if move is not None else "no legal move"


def _field_name(f: str) -> str:
    return {"alpha": "α", "beta": "β", "value": "the value", "bound": "the bound", "move": "the best child",
            "line": "the pseudocode line"}.get(f, f)


def _show(x: Any) -> str:
    if isinstance(x, (int, float)) and not isinstance(x, bool):
        return fmt(x)
    return str(getattr(x, "value", x))


# -- diagnosis ------------------------------------------------------------------------


@dataclass(frozen=True)
class Diagnosis:
    """What a mistake costs on one game, measured against the correct search.

    Attributes
    ----------
    mistake : Mistake
    correct, buggy : SearchResult
        The textbook search (3rd edition, pruning on ties) and the mistake's.
    difference : Difference or None
        Where their traces first part (``None`` if they never do).
    value_right : bool
        The buggy value equals the correct one.
    move_right : bool
        The buggy move is a best move: its minimax value is the root's (with
        ties, it may be another best move than the textbook's).
    same_move : bool
        It is the very move the correct search answers with.
    extra : tuple of paths
        Nodes the buggy search evaluated that the correct one did not, in its order.
    missed : tuple of paths
        Nodes the correct search evaluated that the buggy one skipped.
    """

    mistake: Mistake
    correct: SearchResult
    buggy: SearchResult
    difference: Difference | None
    value_right: bool
    move_right: bool
    same_move: bool
    extra: tuple[Path, ...]
    missed: tuple[Path, ...]

    @property
    def leaves(self) -> int:
        """Evaluations by the buggy search."""
        return self.buggy.leaves

    @property
    def correct_leaves(self) -> int:
        """Evaluations by the correct search."""
        return self.correct.leaves

    def summary(self) -> str:
        """A few lines for students: the difference, the value, the move, the leaves."""
        tr = self.correct.trace
        name = tr.names if tr is not None else (lambda ps: ", ".join(map(str, ps)))
        lines = [f"{self.mistake.title}:"]
        lines.append(f"  first difference: {self.difference}" if self.difference else
                     "  the traces never differ here")
        lines.append(f"  value {fmt(self.buggy.value)}: "
                     + ("right" if self.value_right else f"wrong, the correct value is {fmt(self.correct.value)}"))
        move = self.buggy.move_name or "no legal move"
        if self.same_move:
            lines.append(f"  move {move}: right")
        elif self.move_right:
            lines.append(f"  move {move}: another best move (the textbook answers {self.correct.move_name})")
        else:
            lines.append(f"  move {move}: wrong, the correct move is {self.correct.move_name}")
        lines.append(f"  {_count(self.leaves, 'evaluation')} where the correct search makes {self.correct_leaves}")
        if self.extra:
            lines.append(f"  evaluated but not needed: {name(list(self.extra))}")
        if self.missed:
            lines.append(f"  needed but skipped: {name(list(self.missed))}")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.summary()

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:
        """Show the summary in IPython and Jupyter, in place of the fields."""
        p.text(self.summary())


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" + ("" if n == 1 else "s")


def diagnose(mistake_id: str, game: Any = None, state: Any = None, **options: Any) -> Diagnosis:
    """Run a mistake beside the correct search and say what it costs.

    Parameters
    ----------
    mistake_id : str
        A key of :data:`MISTAKES`.
    game : Tree or Game, optional
        Defaults to the mistake's example tree, with its example options.
    state : optional
        Where to start; defaults to ``game.initial``.
    **options
        ``depth``, ``evaluate``, ``order``, as for :func:`run_mistake`.

    Returns
    -------
    Diagnosis

    Examples
    --------
    >>> print(diagnose("test-before-update"))  # doctest: +NORMALIZE_WHITESPACE
    cutoff tested before v is updated:
      first difference: step 7, at B: B tests v=+∞ ≤ α=−∞ before taking the child's value in;
      the correct search first sets v = 3
      value 3: right
      move a1: right
      8 evaluations where the correct search makes 7
      evaluated but not needed: c2
    """
    m = _mistake(mistake_id)
    if game is None:
        game = m.example_tree
        options = {**m.options, **options}
    unknown = set(options) - {"depth", "evaluate", "order"}
    if unknown:
        raise TypeError(f"diagnose() got unknown options {sorted(unknown)}; it takes depth, evaluate and order")
    depth, evaluate, order = options.get("depth"), options.get("evaluate"), options.get("order")
    correct = _correct(m, game, state, depth, evaluate, order)
    buggy = run_mistake(m.id, game, state, depth=depth, evaluate=evaluate, order=order)
    depth, evaluate = _resolve(m, game, depth, evaluate)
    best = _best_moves(game, state, depth, evaluate, order, correct.value)
    buggy_index = buggy.pv_path[0] if buggy.pv_path else None
    correct_index = correct.pv_path[0] if correct.pv_path else None
    evaluated = set(correct.evaluated)
    found = set(buggy.evaluated)
    return Diagnosis(
        mistake=m, correct=correct, buggy=buggy,
        difference=first_difference(correct.trace, buggy.trace),
        value_right=buggy.value == correct.value,
        move_right=buggy_index in best if best else buggy_index is None,
        same_move=buggy_index == correct_index,
        extra=tuple(p for p in buggy.evaluated if p not in evaluated),
        missed=tuple(p for p in correct.evaluated if p not in found),
    )


def _best_moves(game: Any, state: Any, depth: int | None, evaluate: Any, order: Any,
                value: float) -> frozenset[int]:
    """The root children whose minimax value is the root's (under the same depth limit)."""
    r = minimax(game, state, depth=depth, evaluate=evaluate, order=order)
    return frozenset(e.node[0] for e in r.trace
                     if len(e.node) == 1 and e.kind in (Kind.EXIT, Kind.LEAF) and e.value == value)


# -- a summary for tables ------------------------------------------------------------

#: The columns of :func:`summary_rows`, for ``ab.table(rows, SUMMARY_COLUMNS)``.
SUMMARY_COLUMNS: tuple[str, ...] = ("mistake", "tree", "value", "move", "leaves", "correct leaves",
                                    "first difference")


def summary_rows(diagnoses: Iterable[Diagnosis] | None = None) -> list[tuple[str, ...]]:
    """One row per diagnosis, to compare mistakes in a table.

    A value or move is marked ✓ when right and ✗ when wrong; a move that is
    another best move than the textbook's is marked ≈.

    Parameters
    ----------
    diagnoses : iterable of Diagnosis, optional
        By default every mistake of :data:`MISTAKES` on its own example tree.

    Returns
    -------
    list of tuple of str
        Rows with the columns :data:`SUMMARY_COLUMNS`.  The tree is named by
        its key in ``abteach.examples.ALL``, or ``"(given)"`` for another.

    Examples
    --------
    >>> import abteach as ab
    >>> print(ab.table(summary_rows([diagnose("alpha-in-min")]), SUMMARY_COLUMNS))
    mistake                  tree     value  move  leaves  correct leaves  first difference
    -----------------------  -------  -----  ----  ------  --------------  ----------------
    α updated in a MIN node  FIG_5_2  5 ✗    a3 ✗  5       7               step 9, at B
    """
    if diagnoses is None:
        diagnoses = (diagnose(m) for m in MISTAKES)
    rows: list[tuple[str, ...]] = []
    for d in diagnoses:
        move = d.buggy.move_name or "none"
        mark = "✓" if d.same_move else "≈" if d.move_right else "✗"
        rows.append((
            d.mistake.title,
            _example_name(d.correct.trace.game if d.correct.trace is not None else None),
            f"{fmt(d.buggy.value)} {'✓' if d.value_right else '✗'}",
            f"{move} {mark}",
            str(d.leaves),
            str(d.correct_leaves),
            f"step {d.difference.step}, at {d.difference.name}" if d.difference else "none",
        ))
    return rows


def _example_name(game: Any) -> str:
    """The key of ``game`` in ``abteach.examples.ALL``, or ``"(given)"``."""
    return next((key for key, t in examples.ALL.items() if t is game), "(given)")


__all__ = [
    "MISTAKES", "Mistake", "Difference", "Diagnosis", "Search",
    "run_mistake", "first_difference", "diagnose", "random_play_value", "summary_rows", "SUMMARY_COLUMNS",
    "no_window", "alpha_in_min", "beta_in_max", "strict_test", "inverted_test", "cutoff_before_update",
    "right_to_left", "one_ply_too_deep", "one_ply_too_shallow", "shared_move",
]
