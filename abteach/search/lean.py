"""The untraced alpha-beta, written for speed: a twin of the tallied 3rd-edition search.

:func:`lean_search` leaves in its :class:`~abteach.search.record.Tally`
exactly what the tallied search (``alphabeta3`` run with a ``Tally``) leaves
there: the same value, node count and cutoffs, the same evaluated leaves and
pruned children in the same order, and a ``best`` dict equal to the tally's
(the same best child and v of every node; only the order its entries were
made in differs).  With ``edition=4`` its ``best`` is the 4th edition's
(``alphabeta4``), which searches alike but keeps no best child where no
child improved on v's start.  The tests hold it to that.  It keeps no events
and reports no pseudocode line, so it is not for reading: the search that
reads like the book stays in ``alphabeta.py``.

It is here because a benchmark earns it (``benchmarks/run.py``: untraced
alpha-beta at least twice as fast as the book's own Python code, on
tic-tac-toe and on random trees).  Two walks do the work.

* On an explicit :class:`~abteach.games.trees.Tree` it walks the nodes
  themselves.  A node is immutable and already holds what a compiled copy of
  the tree would (its children, its leaf value, its path), so the walk
  follows the nodes' own slots, with nothing to compile or cache, and notes
  the nodes' own paths.  It evaluates a leaf child inside its parent's loop,
  saving a call for most nodes.
* On any other game it calls the game's methods directly, as the book's code
  does, building each child's path as the tallied search does.

With a depth limit or a move order there is no twin (:func:`lean_search`
returns None): the readable search runs with a Tally.  Measured, a twin
there was twice as fast, and no target asks for it; nor does any ask for an
untraced minimax twin, so minimax always runs as it reads.

The walks are module-level functions taking their bookkeeping as arguments:
nested closures calling each other form a reference cycle, and each search
would then leave its lists to the cyclic garbage collector.

Examples
--------
>>> import abteach as ab
>>> from abteach.search.lean import lean_search
>>> from abteach.search.problem import Problem
>>> from abteach.search.rules import TEXTBOOK
>>> value, tally = lean_search(Problem(ab.examples.FIG_5_2, None), tie=TEXTBOOK)
>>> value, tally.nodes, tally.cutoffs, tally.pruned
(3, 11, 2, [(1, 1), (1, 2)])
"""

from __future__ import annotations

from math import inf
from typing import Any, Callable, Sequence

from abteach.games.players import MAX
from abteach.games.trees import MAX_DEPTH, Node, Path, Tree, collector_paused
from abteach.search.problem import Problem, TooDeepError, check_flag
from abteach.search.record import Tally
from abteach.search.rules import TieRule

# The Game methods a tree walk stands in for: a subclass of Tree that changes
# any of them is searched through its methods instead.
_TREE_METHODS = ("to_move", "actions", "result", "is_terminal", "utility", "max_player", "path_of")


def lean_search(problem: Problem, *, tie: TieRule, tally: Tally | None = None,
                edition: int = 3, every_best: bool = True) -> tuple[float, Tally] | None:
    """Search ``problem`` with alpha-beta, untraced; the value and the filled-in tally.

    Parameters
    ----------
    problem : Problem
        The game, start state and options, as every search takes them.
    tie : TieRule
        Alpha-beta's tie rule.
    tally : Tally, optional
        The tally to fill in (its counts and lists are replaced); by default
        ``Tally(problem.root)``.
    edition : {3, 4}
        Whose best children to keep.  Both editions search alike; the 4th
        replaces a node's move only on a strict improvement of v, so a node
        whose every child scores v's start (−∞ at MAX, +∞ at MIN) has no best
        child there, where the 3rd edition's has its first child.
    every_best : bool
        Keep every node's best child in ``best``, as the tallied search does.
        ``False`` keeps only the principal variation's, which is all a result
        reads (:func:`~abteach.search.result.finish`): the front door's choice,
        since on a big tree making the others costs as much as the search.

    Returns
    -------
    (value, tally) or None
        The start state's minimax value, for MAX, and the tally with
        ``nodes``, ``cutoffs``, ``evaluated``, ``pruned`` and ``best`` as the
        tallied search leaves them; None when the problem has a depth limit
        or a move order, which no twin serves.

    Raises
    ------
    ValueError
        An unknown ``edition``; or whatever the tallied search raises on the
        same problem (a game deeper than ``MAX_DEPTH``).
    """
    if not isinstance(tie, TieRule):
        raise TypeError(f"tie must be a TieRule, not {tie!r}")
    if isinstance(edition, bool) or edition not in (3, 4):
        raise ValueError(f"edition must be 3 or 4, not {edition!r}")
    check_flag("every_best", every_best)
    if problem.depth is not None or problem.order is not None:
        return None
    log = Tally(problem.root) if tally is None else tally
    start = tree_start(problem, log)
    if start is not None:
        value = walk_tree(start, problem.root_is_max, tie, log, edition=edition, every_best=every_best)
    else:
        value = _walk_game(problem, tie.prunes_on_tie, log)
        if edition == 4:
            log.best = _improved(log.best, len(problem.root), problem.root_is_max)
    return value, log


def _improved(best: dict[Path, tuple[int, float]], start: int, max_first: bool) -> dict[Path, tuple[int, float]]:
    """The best children a 4th-edition search keeps: those of nodes whose v moved off its start."""
    return {path: b for path, b in best.items() if b[1] != _start_of_v(len(path) - start, max_first)}


def _start_of_v(ply: int, max_first: bool) -> float:
    """v's start at ``ply`` plies below the start: −∞ at a MAX node, +∞ at a MIN node."""
    return -inf if (ply % 2 == 0) == max_first else inf


# -- explicit trees ----------------------------------------------------------------------

def tree_start(problem: Problem, log: Tally) -> Node | None:
    """The start node when the tree walk gives exactly what the tallied search would; else None."""
    game = problem.game
    if not isinstance(game, Tree) or problem.depth is not None or problem.order is not None:
        return None
    kind = type(game)
    if any(getattr(kind, name) is not getattr(Tree, name) for name in _TREE_METHODS):
        return None
    state = problem.state
    if not isinstance(state, Node) or not game.is_well_formed() or problem.player != MAX:
        return None
    # The walk names nodes by their own paths, so the start must be the tree's
    # own node at its path, and the tally must count paths from there.
    node = game.root
    for i in state.path:
        if not 0 <= i < len(node.children):
            return None
        node = node.children[i]
    if node is not state or tuple(log.root) != state.path:
        return None
    return state


def walk_tree(start: Node, root_is_max: bool, tie: TieRule, log: Tally, *, edition: int = 3,
              every_best: bool = True) -> float:
    """Search the tree below ``start`` (a node :func:`tree_start` accepted); the value, with ``log`` filled in.

    ``edition`` and ``every_best`` say which best children ``log`` keeps (see :func:`lean_search`).
    """
    evaluated: list[Path] = []
    best: dict[Node, Node] = {}
    cuts: list[Sequence[Node]] = []  # what each cutoff skipped
    with collector_paused():
        top = _ab_max if root_is_max else _ab_min
        value = top(start, -inf, inf, evaluated.append, best, cuts.append, tie.prunes_on_tie)
        log.pruned = [child._path for skipped in cuts for child in skipped]
        log.best = _best_moves(best, start if not every_best else None)
    # Every inner node of a tree has a child, so each call is a leaf or has a best child.
    log.nodes = len(evaluated) + len(best)
    log.cutoffs = len(cuts)
    log.evaluated = evaluated
    if edition == 4:
        log.best = _improved(log.best, len(start._path), root_is_max)
        if not every_best:  # the line ends at the first node the 4th edition keeps no move for
            line, path = {}, start._path
            while path in log.best:
                line[path] = log.best[path]
                path += (line[path][0],)
            log.best = line
    return value


def _best_moves(best: dict[Node, Node], line_from: Node | None) -> dict[Path, tuple[int, float]]:
    """The tally's ``best`` from the walk's: each node's path to (its best child's index, its v).

    A node's v is what its best child returned (v changes only to take in a
    child's value, and the best child is the one it last took): the value of
    the leaf at the end of its chain of best children.  ``best`` holds the
    nodes in the order their calls returned, children first.  With
    ``line_from``, only the chain of best children from that node: the
    principal variation, every node of which has the value of its last leaf.
    """
    out: dict[Path, tuple[int, float]] = {}
    if line_from is not None:
        line = []
        node = line_from
        while node in best:
            node = best[node]
            line.append(node)
        v: float = node._value  # type: ignore[assignment]  # a leaf of a well-formed tree holds a number
        for child in line:
            out[child._path[:-1]] = (child._path[-1], v)
        return out
    values: dict[Node, float] = {}
    for node, child in best.items():
        x: float = values[child] if child._children else child._value  # type: ignore[assignment]
        values[node] = x
        out[node._path] = (child._path[-1], x)
    return out


# The tree walk, in two functions: MAX-VALUE and MIN-VALUE of alpha-beta.  Each follows the tallied search step for step, with these
# equivalences, so that it notes the same things in the same order:
#
# * v = max(v, got) keeps v unless got > v, so `if got > v: v = got`; likewise
#   α = max(α, v) and the MIN side.  For the first child, max(-∞, got) is got.
# * β is fixed within a MAX call, so the test v ≥ β can only change when v
#   does: it is made after the first child and after each improvement.
# * The tally's best child of a node is its first child, replaced by each
#   child that changes v: `bc`.  It is written to `best` once, as the call
#   returns, so `best` is equal to the tally's but filled in another order.
#   A cutoff comes right after v changed, so the child cut at is `bc`.
# * A leaf child is evaluated inside its parent's loop, without a call; the
#   order of evaluations is unchanged.
# * Paths are the nodes' own: the start was checked to be where its path says.
#
# `leaf` notes a leaf's path, `best` maps a node to its best child (hashed by
# identity: cheaper than its path), `cut` notes the children a cutoff skips
# (a slice of the node's children);
# `tie` is prune_on_tie.  The first child is searched before the loop, so the
# loop need not ask whether it is at the first child.

_Leaf = Callable[[Path], None]
_Cut = Callable[[Sequence[Node]], None]


def _ab_max(node: Node, alpha: float, beta: float, leaf: _Leaf, best: dict[Node, Node], cut: _Cut,
            tie: bool) -> float:
    kids = node._children
    if not kids:
        leaf(node._path)
        return node._value  # type: ignore[return-value]  # a leaf of a well-formed tree holds a number
    bc = kids[0]
    if bc._children:
        v = _ab_min(bc, alpha, beta, leaf, best, cut, tie)
    else:
        leaf(bc._path)
        v = bc._value  # type: ignore[assignment]
    if (v >= beta) if tie else (v > beta):
        best[node] = bc
        cut(kids[1:])
        return v
    if v > alpha:
        alpha = v
    for child in kids[1:]:
        if child._children:
            got = _ab_min(child, alpha, beta, leaf, best, cut, tie)
        else:
            leaf(child._path)
            got = child._value  # type: ignore[assignment]
        if got > v:
            v = got
            bc = child
            if (v >= beta) if tie else (v > beta):
                cut(kids[bc._path[-1] + 1:])
                break
            if v > alpha:
                alpha = v
    best[node] = bc
    return v


def _ab_min(node: Node, alpha: float, beta: float, leaf: _Leaf, best: dict[Node, Node], cut: _Cut,
            tie: bool) -> float:
    kids = node._children
    if not kids:
        leaf(node._path)
        return node._value  # type: ignore[return-value]
    bc = kids[0]
    if bc._children:
        v = _ab_max(bc, alpha, beta, leaf, best, cut, tie)
    else:
        leaf(bc._path)
        v = bc._value  # type: ignore[assignment]
    if (v <= alpha) if tie else (v < alpha):
        best[node] = bc
        cut(kids[1:])
        return v
    if v < beta:
        beta = v
    for child in kids[1:]:
        if child._children:
            got = _ab_max(child, alpha, beta, leaf, best, cut, tie)
        else:
            leaf(child._path)
            got = child._value  # type: ignore[assignment]
        if got < v:
            v = got
            bc = child
            if (v <= alpha) if tie else (v < alpha):
                cut(kids[bc._path[-1] + 1:])
                break
            if v < beta:
                beta = v
    best[node] = bc
    return v


# -- any other game ------------------------------------------------------------------------

def _walk_game(problem: Problem, prune_on_tie: bool, log: Tally) -> float:
    game, state = problem.game, problem.state
    evaluated: list[Path] = []
    best: dict[Path, tuple[int, float]] = {}
    pruned: list[Path] = []
    counts = [0, 0]  # cutoffs; calls that found no action to take
    root = tuple(log.root)
    # With no depth limit or order, Problem.is_cutoff, .utility and .actions reduce to the game's own methods.
    ctx: tuple[Any, ...] = (game.is_terminal, game.utility, game.actions, game.result, problem.player,
                            evaluated.append, best, pruned.extend, counts, prune_on_tie)
    with collector_paused():
        if game.is_terminal(state):
            evaluated.append(root)
            value = game.utility(state, problem.player)
        else:
            value = (_ga_max if problem.root_is_max else _ga_min)(state, root, 0, -inf, inf, ctx)
    log.nodes = len(evaluated) + len(best) + counts[1]
    log.cutoffs = counts[0]
    log.evaluated, log.pruned, log.best = evaluated, pruned, best
    return value


# The game walk.  It makes the calls the tallied search makes through its
# Problem, in the same order: is_terminal for every call, then utility at a
# terminal state or actions and a result per child; and it notes the same
# things, with the equivalences of the tree walk above.  A child that is
# terminal is evaluated in its parent's loop, without a call.  `ply` counts
# from the start, as TooDeepError does.
#
# `ctx` holds the game's methods and the bookkeeping, unpacked once per call:
# (is_terminal, utility, actions, result, player, leaf, best, prune, counts, tie).

def _ga_max(state: Any, path: Path, ply: int, alpha: float, beta: float, ctx: tuple[Any, ...]) -> float:
    terminal, utility, actions, result, player, leaf, best, prune, counts, tie = ctx
    kids = list(actions(state))
    v = -inf
    bi = -1
    deep = ply >= MAX_DEPTH
    for k, a in enumerate(kids):
        child = result(state, a)
        cpath = path + (k,)
        if deep:
            raise TooDeepError(ply + 1)
        if terminal(child):
            leaf(cpath)
            got = utility(child, player)
        else:
            got = _ga_min(child, cpath, ply + 1, alpha, beta, ctx)
        if got > v or bi < 0:
            if got > v:
                v = got
            bi = k
            if v > beta or (tie and v == beta):
                counts[0] += 1
                prune(map(path.__add__, _later(kids, k)))
                break
            if v > alpha:
                alpha = v
    if bi < 0:
        counts[1] += 1
    else:
        best[path] = (bi, v)
    return v


def _ga_min(state: Any, path: Path, ply: int, alpha: float, beta: float, ctx: tuple[Any, ...]) -> float:
    terminal, utility, actions, result, player, leaf, best, prune, counts, tie = ctx
    kids = list(actions(state))
    v = inf
    bi = -1
    deep = ply >= MAX_DEPTH
    for k, a in enumerate(kids):
        child = result(state, a)
        cpath = path + (k,)
        if deep:
            raise TooDeepError(ply + 1)
        if terminal(child):
            leaf(cpath)
            got = utility(child, player)
        else:
            got = _ga_max(child, cpath, ply + 1, alpha, beta, ctx)
        if got < v or bi < 0:
            if got < v:
                v = got
            bi = k
            if v < alpha or (tie and v == alpha):
                counts[0] += 1
                prune(map(path.__add__, _later(kids, k)))
                break
            if v < beta:
                beta = v
    if bi < 0:
        counts[1] += 1
    else:
        best[path] = (bi, v)
    return v


_SINGLES: tuple[tuple[int], ...] = tuple((j,) for j in range(64))


def _later(kids: list[Any], k: int) -> tuple[tuple[int], ...]:
    """``(j,)`` for each child after the k-th: appended to the parent's path, the children a cutoff skips."""
    n = len(kids)
    return _SINGLES[k + 1:n] if n <= 64 else tuple((j,) for j in range(k + 1, n))


__all__ = ["lean_search", "walk_tree", "tree_start"]
