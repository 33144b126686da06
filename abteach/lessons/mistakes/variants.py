"""The buggy searches: one 3rd-edition ALPHA-BETA-SEARCH with its fault points open.

The classic mistakes are each one line of AIMA's Fig. 5.7 done wrong, and
the same few lines go wrong again and again: whether there is a cutoff test at
all, the window passed to a child (by every node, or by the root alone), the
bound each function moves, the cutoff comparison, whether the test comes
before the update, the order of the children, the depth at which CUTOFF-TEST
stops, and where the best move is kept.  :func:`faulty` is MAX-VALUE and
MIN-VALUE written once, line for line with the pseudocode and reporting to the
same recorder as :func:`abteach.search.alphabeta.alphabeta3`, with exactly
those lines taken from a :class:`Fault`.  Every default of :class:`Fault` is
the textbook's line, so ``faulty(Fault())`` is the correct search and each
mistake below differs from it only where its fault says.

The correct search itself has no fault points: it stays in
:mod:`abteach.search.alphabeta`, and the strict-test mistake is that search
under the other tie rule.

Examples
--------
>>> import abteach as ab
>>> from abteach.search.problem import Problem
>>> from abteach.search.record import Recorder
>>> p, log = Problem(ab.examples.FIG_5_2, None), Recorder()
>>> faulty(Fault())(p, log)
(3, None)
>>> log.events == ab.alphabeta(ab.examples.FIG_5_2).trace.events[:-1]
True
>>> Fault(max_test="≤", min_test="≥")
Fault(max_test='≤', min_test='≥')
"""

from __future__ import annotations

import operator
from dataclasses import dataclass, fields, replace
from math import inf
from types import MappingProxyType
from typing import Any, Callable, Literal, Mapping

from abteach.search.alphabeta import search_for
from abteach.search.rules import STRICT, Edition, TieRule
from abteach.search.problem import Problem, TooDeepError
from abteach.search.record import Comparison, Tally
from abteach.games.trees import MAX_DEPTH, Path

#: A mistake's search: it returns the root's value and the root action it
#: answers with, or ``None`` for "the action with value v", which the recorder
#: has already found (as it does for the correct search).
Search = Callable[[Problem, Tally], tuple[float, Any]]

#: Which bound a function moves after a child that did not cut off:
#: ``'alpha'`` is α ← MAX(α, v), ``'beta'`` is β ← MIN(β, v).
BoundName = Literal["alpha", "beta"]

_HOLDS: Mapping[str, Callable[[float, float], bool]] = MappingProxyType({
    "≥": operator.ge, ">": operator.gt, "≤": operator.le, "<": operator.lt,
})


@dataclass(frozen=True)
class Fault:
    """Which of the fault points of ALPHA-BETA-SEARCH a search gets wrong.

    Every default is the textbook's line, so ``Fault()`` is the correct
    3rd-edition search.

    Attributes
    ----------
    prune : bool
        ``False``: no cutoff test and no bound moved after a child: the loop is
        minimax's, α and β are carried down unchanged, and nothing is pruned.
    pass_window : bool
        ``False``: each child is searched with (−∞, +∞) instead of the node's
        (α, β), so a node never hears what its ancestors have elsewhere and no
        test can fire.
    pass_root_window : bool
        ``False``: the root alone searches each of its moves with (−∞, +∞), as
        the old arg max root does; below the root the window is passed as usual.
    max_updates, min_updates : {'alpha', 'beta'}
        The bound MAX-VALUE (textbook: ``'alpha'``) and MIN-VALUE (textbook:
        ``'beta'``) move after a child that did not cut off.  The other one
        moves the opponent's bound to the node's own v, so the next test fires
        whatever the next child returns.
    max_test, min_test : {'≥', '>', '≤', '<'}
        The cutoff comparison: v against β in MAX-VALUE (textbook ``'≥'``) and
        v against α in MIN-VALUE (textbook ``'≤'``).  Pointed the wrong way it
        holds inside almost any window, so a node stops after its first child.
    test_before_update : bool
        The cutoff is tested on the v of the earlier children, before the
        child just searched is taken in: a cutoff is noticed one child late.
    right_to_left : bool
        The children are searched last to first.
    depth_shift : int
        CUTOFF-TEST stops at ply ``limit + depth_shift``: +1 is ``depth > limit``
        where ``≥`` is meant, −1 counts the root as ply 1.
    shared_best : bool
        One best-move variable for the whole search: every call writes to it
        when its v improves, and the search answers with what was written last.
    """

    prune: bool = True
    pass_window: bool = True
    pass_root_window: bool = True
    max_updates: BoundName = "alpha"
    min_updates: BoundName = "beta"
    max_test: str = "≥"
    min_test: str = "≤"
    test_before_update: bool = False
    right_to_left: bool = False
    depth_shift: int = 0
    shared_best: bool = False

    def __post_init__(self) -> None:
        for name in ("max_updates", "min_updates"):
            if getattr(self, name) not in ("alpha", "beta"):
                raise ValueError(f"{name} must be 'alpha' or 'beta', not {getattr(self, name)!r}")
        for name in ("max_test", "min_test"):
            if getattr(self, name) not in _HOLDS:
                raise ValueError(f"{name} must be one of {', '.join(_HOLDS)}, not {getattr(self, name)!r}")
        if isinstance(self.depth_shift, bool) or not isinstance(self.depth_shift, int):
            raise TypeError(f"depth_shift must be a whole number of plies, not {self.depth_shift!r}")
        if not self.prune and self.test_before_update:
            raise ValueError("a search with no cutoff test (prune=False) cannot test before the update")

    def __repr__(self) -> str:
        # The textbook's lines are the defaults; naming only the rest names the mistake.
        changed = [f"{f.name}={getattr(self, f.name)!r}" for f in fields(self)
                   if getattr(self, f.name) != f.default]
        return f"Fault({', '.join(changed)})"

    def is_cutoff(self, p: Problem, state: Any, ply: int) -> bool:
        """CUTOFF-TEST (TERMINAL-TEST without a depth limit), ``depth_shift`` plies off; ``ply`` counts from the start."""
        if not self.depth_shift:
            return p.is_cutoff(state, ply)
        if ply > MAX_DEPTH:
            raise TooDeepError(ply)
        return p.game.is_terminal(state) or (p.depth is not None and ply >= p.depth + self.depth_shift)

    def child_window(self, α: float, β: float, at_root: bool = False) -> tuple[float, float]:
        """The (α, β) a node passes to its children; ``at_root``: the node is where the search starts."""
        passed = self.pass_window and (self.pass_root_window or not at_root)
        return (α, β) if passed else (-inf, +inf)

    def in_order(self, children: list[tuple[int, Any]]) -> list[tuple[int, Any]]:
        """The node's children in the order the loop visits them."""
        return children[::-1] if self.right_to_left else children

    def changed(self) -> dict[str, Any]:
        """The fault points this fault gets wrong, by field name, with their wrong lines."""
        return {f.name: getattr(self, f.name) for f in fields(self) if getattr(self, f.name) != f.default}

    def combine(self, other: "Fault") -> "Fault":
        """Both faults at once: every line either gets wrong, wrong as it does.

        Two mistakes combine when they get different lines wrong; two that
        write the same line differently cannot both be made, and neither can
        a pair :class:`Fault` itself refuses (no cutoff test, tested early).

        Raises
        ------
        ValueError
            Naming the line both get wrong, or the pair Fault refuses.

        Examples
        --------
        >>> Fault(pass_root_window=False).combine(Fault(right_to_left=True))
        Fault(pass_root_window=False, right_to_left=True)
        >>> Fault(max_test="≤", min_test="≥").combine(Fault(max_test=">"))
        Traceback (most recent call last):
        ...
        ValueError: the two faults write max_test differently: '≤' and '>'
        """
        mine, theirs = self.changed(), other.changed()
        for name in mine.keys() & theirs.keys():
            if mine[name] != theirs[name]:
                raise ValueError(f"the two faults write {name} differently: {mine[name]!r} and {theirs[name]!r}")
        return Fault(**{**mine, **theirs})

    def under(self, tie: TieRule) -> "Fault":
        """This fault with its cutoff comparisons made as ``tie`` makes them (≥ becomes > under the strict rule).

        Examples
        --------
        >>> Fault(max_test="≤", min_test="≥").under(STRICT)
        Fault(max_test='<', min_test='>')
        """
        return replace(self, max_test=tie.compare(self.max_test), min_test=tie.compare(self.min_test))


def faulty(fault: Fault, *, name: str = "faulty_alphabeta", doc: str | None = None) -> Search:
    """The 3rd-edition ALPHA-BETA-SEARCH with the lines ``fault`` names done wrong.

    Parameters
    ----------
    fault : Fault
        The fault points; ``Fault()`` gives the textbook's search.
    name, doc : str, optional
        The returned function's ``__name__`` and ``__doc__``.

    Returns
    -------
    callable
        ``search(problem, log) -> (value, root action or None)``; the action is
        ``None`` (the recorder has found the move) unless ``fault.shared_best``.

    Examples
    --------
    >>> import abteach as ab
    >>> from abteach.search.problem import Problem
>>> from abteach.search.record import Tally
    >>> log = Tally()
    >>> faulty(Fault(pass_window=False))(Problem(ab.examples.FIG_5_2, None), log)
    (3, None)
    >>> len(log.evaluated), log.pruned
    (9, [])
    """
    f = fault

    def search(p: Problem, log: Tally) -> tuple[float, Any]:
        # Each f.* below is a line a mistake can get wrong; every default is the textbook's (see Fault).
        best = None  # written only under f.shared_best: the move belongs to the root's loop alone

        def max_value(state, path, α, β):
            nonlocal best
            log.enter_at(path, "max.def", "MAX", α, β)
            if f.is_cutoff(p, state, len(path) - start):
                return log.leaf_at(path, "max.terminal", "MAX", p.utility(state), α, β)
            window = (α, β)
            v = -inf
            log.value_at(path, "max.init", v, alpha=α, beta=β)
            children = f.in_order(p.actions(state))
            for k, (i, a) in enumerate(children):
                child = path + (i,)
                u = min_value(p.game.result(state, a), child, *f.child_window(α, β, len(path) == start))
                if f.shared_best and u > v:
                    best = a
                # The cutoff test comes after v ← MAX(v, u); testing it first sees only the earlier children.
                if f.test_before_update and _cuts(log, path, "max.test", ("v", v, f.max_test, "β", β),
                                                  children[k + 1:], v, α, β):
                    return log.exit_at(path, "max.test", v, window, α, β)
                v = max(v, u)
                log.value_at(path, "max.update", v, child, u, α, β)
                if not f.prune:
                    continue  # minimax's loop: no test, and no bound moves
                if not f.test_before_update and _cuts(log, path, "max.test", ("v", v, f.max_test, "β", β),
                                                      children[k + 1:], v, α, β):
                    return log.exit_at(path, "max.test", v, window, α, β)
                α, β = _tighten(f.max_updates, α, β, v)
                log.window_at(path, "max.window", f.max_updates, v, α, β)
            return log.exit_at(path, "max.return", v, window, α, β)

        def min_value(state, path, α, β):
            nonlocal best
            log.enter_at(path, "min.def", "MIN", α, β)
            if f.is_cutoff(p, state, len(path) - start):
                return log.leaf_at(path, "min.terminal", "MIN", p.utility(state), α, β)
            window = (α, β)
            v = +inf
            log.value_at(path, "min.init", v, alpha=α, beta=β)
            children = f.in_order(p.actions(state))
            for k, (i, a) in enumerate(children):
                child = path + (i,)
                u = max_value(p.game.result(state, a), child, *f.child_window(α, β, len(path) == start))
                if f.shared_best and u < v:
                    best = a
                if f.test_before_update and _cuts(log, path, "min.test", ("v", v, f.min_test, "α", α),
                                                  children[k + 1:], v, α, β):
                    return log.exit_at(path, "min.test", v, window, α, β)
                v = min(v, u)
                log.value_at(path, "min.update", v, child, u, α, β)
                if not f.prune:
                    continue  # minimax's loop: no test, and no bound moves
                if not f.test_before_update and _cuts(log, path, "min.test", ("v", v, f.min_test, "α", α),
                                                      children[k + 1:], v, α, β):
                    return log.exit_at(path, "min.test", v, window, α, β)
                α, β = _tighten(f.min_updates, α, β, v)
                log.window_at(path, "min.window", f.min_updates, v, α, β)
            return log.exit_at(path, "min.return", v, window, α, β)

        # Paths are the tree's own, from its root, and plies count from the start, as the textbook's do.
        start = len(p.root)
        top = max_value if p.root_is_max else min_value
        return top(p.state, p.root, -inf, +inf), best

    search.__name__ = search.__qualname__ = name
    search.__doc__ = doc
    return search


def _cuts(log: Tally, path: Path, line: str, test: Comparison, rest: list[tuple[int, Any]],
          v: float, α: float, β: float) -> bool:
    """``if v ≥ β then return v``: report the test, and whether it cuts off the children in ``rest``."""
    _, x, op, _, bound = test
    if _HOLDS[op](x, bound):
        log.cutoff_at(path, line, test, [path + (j,) for j, _ in rest], v, α, β)
        return True
    log.test_at(path, line, test, v, α, β)
    return False


def _tighten(which: BoundName, α: float, β: float, v: float) -> tuple[float, float]:
    """α ← MAX(α, v) or β ← MIN(β, v): a bound only ever moves inward, whichever function moves it."""
    return (max(α, v), β) if which == "alpha" else (α, min(β, v))


# -- the mistakes ---------------------------------------------------------------------

#: The fault each mistake makes, by the mistake's id in the registry.  ``strict-test`` has none: it is
#: the textbook's search under the other tie rule, and it combines with a fault by making that fault's
#: comparisons the other rule's (see :meth:`Fault.under`).
FAULTS: Mapping[str, Fault] = MappingProxyType({
    "no-pruning": Fault(prune=False),
    "no-window": Fault(pass_window=False),
    "root-window-reset": Fault(pass_root_window=False),
    "alpha-in-min": Fault(min_updates="alpha"),
    "beta-in-max": Fault(max_updates="beta"),
    "inverted-test": Fault(max_test="≤", min_test="≥"),
    "test-before-update": Fault(test_before_update=True),
    "right-to-left": Fault(right_to_left=True),
    "one-ply-too-deep": Fault(depth_shift=+1),
    "one-ply-too-shallow": Fault(depth_shift=-1),
    "shared-move": Fault(shared_best=True),
})

no_pruning: Search = faulty(
    FAULTS["no-pruning"], name="no_pruning",
    doc="No cutoff test and no bound moved: plain minimax, with α and β carried along unused.")

no_window: Search = faulty(
    FAULTS["no-window"], name="no_window",
    doc="α and β are not passed down: every child is searched with (−∞, +∞).")

root_window_reset: Search = faulty(
    FAULTS["root-window-reset"], name="root_window_reset",
    doc="The root searches each of its moves with a fresh (−∞, +∞), as the old arg max root does.")

alpha_in_min: Search = faulty(
    FAULTS["alpha-in-min"], name="alpha_in_min",
    doc="MIN-VALUE keeps MAX-VALUE's line α ← MAX(α, v) instead of β ← MIN(β, v).")

beta_in_max: Search = faulty(
    FAULTS["beta-in-max"], name="beta_in_max",
    doc="MAX-VALUE keeps MIN-VALUE's line β ← MIN(β, v) instead of α ← MAX(α, v).")

inverted_test: Search = faulty(
    FAULTS["inverted-test"], name="inverted_test",
    doc="The cutoff tests point the wrong way: v ≤ β in MAX-VALUE, v ≥ α in MIN-VALUE.")

cutoff_before_update: Search = faulty(
    FAULTS["test-before-update"], name="cutoff_before_update",
    doc="The cutoff is tested on the old v, before the child's value is taken in.")

right_to_left: Search = faulty(
    FAULTS["right-to-left"], name="right_to_left",
    doc="The children are searched last to first (a stack popped, or a reversed loop).")

one_ply_too_deep: Search = faulty(
    FAULTS["one-ply-too-deep"], name="one_ply_too_deep",
    doc="CUTOFF-TEST with ``>`` where it needs ``≥``: the ply at the limit is expanded too.")

one_ply_too_shallow: Search = faulty(
    FAULTS["one-ply-too-shallow"], name="one_ply_too_shallow",
    doc="CUTOFF-TEST that counts the root as ply 1, so it stops one ply early.")

shared_move: Search = faulty(
    FAULTS["shared-move"], name="shared_move",
    doc="One ``best`` variable for the whole search: the answer is whichever node improved last.")


def strict_test(p: Problem, log: Tally) -> tuple[float, Any]:
    """The cutoff tests v > β and v < α where the textbook has ≥ and ≤.

    No new code: this is :func:`abteach.search.alphabeta.alphabeta3` under the
    strict rule, which CS188's autograder requires.  Against the textbook it
    is a mistake, and the other way round under CS188.
    """
    return search_for(Edition.THIRD, STRICT)(p, log)


__all__ = [
    "Search", "Fault", "FAULTS", "faulty",
    "no_pruning", "no_window", "root_window_reset", "alpha_in_min", "beta_in_max", "strict_test", "inverted_test",
    "cutoff_before_update", "right_to_left", "one_ply_too_deep", "one_ply_too_shallow", "shared_move",
]
