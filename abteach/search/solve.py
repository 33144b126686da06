"""The exact value of a game with perfect play, by the fastest search for the job.

:func:`solve` searches to the end of the game, untraced: negamax alpha-beta
with a transposition table that keeps lower and upper bounds (a position
reached by two move orders is searched once per window), and the game's own
move ordering when it has one (Connect Four's centre-first
:meth:`~abteach.games.connect4.ConnectFour.order`).  It reports no events:
it is for knowing the answer, not for reading how it was found.

:func:`deepen` is the game-playing engine's untraced fast path: the same
search as :func:`abteach.iterative_deepening` with a table and killers, move
for move and node for node (the tests hold it to that), without the
recorder, and on Connect Four on the bitboards themselves.

Examples
--------
>>> import abteach as ab
>>> ab.solve(ab.TicTacToe())
0
>>> ab.solve(ab.ConnectFour(4, 4, 3))     # the first player wins on a 4 × 4 board, three in a row
1
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from math import inf
from typing import Any, Callable, Hashable, Mapping, Sequence

from abteach.search.memory import OutOfTime, deepening, iterative_deepening
from abteach.search.problem import Evaluate, Order, Problem, checked_evaluation

_EXACT, _LOWER, _UPPER = 0, 1, 2

#: The default limits of :func:`solve`: a minute or two of search, and a table of a few hundred megabytes.
#: Measured from an 8-ply Connect Four position: the 20 million positions took 100 s and 320 MB at most
#: (the whole process), where the search without limits had grown to 3 GB in 7 minutes.
MAX_NODES = 20_000_000
MAX_TABLE = 2_000_000


class SolveLimitError(ValueError):
    """:func:`solve` searched as many positions as its limit allows without learning the value.

    Attributes
    ----------
    limit : str
        The name of the limit reached, ``'max_nodes'``.
    value : int
        Its value.
    """

    def __init__(self, limit: str, value: int) -> None:
        super().__init__(f"solve stopped after {limit}={value:,} positions searched without learning the value: "
                         f"the game is too large to solve exactly from here; pass a larger {limit} "
                         f"(or {limit}=None for no limit) to search on")
        self.limit = limit
        self.value = value


def solve(game: Any, state: Any = None, *, max_nodes: int | None = MAX_NODES,
          max_table: int = MAX_TABLE) -> float:
    """The value of ``state`` (the game's start by default) with perfect play, for the player to move there.

    Parameters
    ----------
    game : Game
        Any game with ``to_move``, ``actions``, ``result``, ``is_terminal`` and
        ``utility``; its states must be hashable.  An ``order(state, actions)``
        method, if it has one, orders the moves, and a ``key(state)`` method
        gives the table a cheaper key than the state; ``utility_bounds``, the
        least and greatest utility, narrows the starting window.
    state : optional
        Where to start; ``game.initial`` by default.
    max_nodes : int or None
        The most positions to search (each call of the search counts once)
        before giving up with :class:`SolveLimitError`; ``None`` searches on
        however long it takes.
    max_table : int
        The most positions the table remembers.  A full table stores nothing
        new: memory stays bounded, and the search goes on, only slower.

    Returns
    -------
    float
        Positive if the player to move wins, negative if they lose, 0 for a
        draw: the game's utility of the end that perfect play reaches.

    Raises
    ------
    SolveLimitError
        ``max_nodes`` positions were searched and the value is still unknown.
    TypeError
        ``game`` is not a game, or a limit is not a whole number.
    ValueError
        A limit below 1.

    Examples
    --------
    >>> import abteach as ab
    >>> ab.solve(ab.TicTacToe("XX. OO. ..."))    # X completes the top row
    1
    """
    problem = Problem(game, state)  # checks the game before any work
    return Solver(game, max_nodes=max_nodes, max_table=max_table).value(problem.state)


def _check_limit(name: str, x: Any, optional: bool) -> None:
    if x is None and optional:
        return
    if isinstance(x, bool) or not isinstance(x, int):
        raise TypeError(f"{name} must be a whole number{' or None' if optional else ''}, not {x!r}")
    if x < 1:
        raise ValueError(f"{name} must be at least 1, not {x!r}")


class Solver:
    """Exact values of a game's positions, keeping one table across questions.

    A player that asks for the value of every move, move after move, reuses
    what the earlier searches stored.  ``max_nodes`` limits each question
    (:meth:`value`), ``max_table`` the table over all of them, as in :func:`solve`.

    Examples
    --------
    >>> import abteach as ab
    >>> game = ab.TicTacToe()
    >>> s = Solver(game)
    >>> [s.value(game.result(game.initial, a)) for a in (0, 1, 4)]   # for O, after X's first move
    [0, 0, 0]
    """

    def __init__(self, game: Any, *, max_nodes: int | None = MAX_NODES, max_table: int = MAX_TABLE) -> None:
        Problem(game, None)  # checks the game
        _check_limit("max_nodes", max_nodes, optional=True)
        _check_limit("max_table", max_table, optional=False)
        self.game = game
        self.max_nodes, self.max_table = max_nodes, max_table
        self._left = 0  # positions the question being answered may still search
        order = getattr(game, "order", None)
        self._order: Callable[[Any, Sequence[Any]], Sequence[Any]] | None = order if callable(order) else None
        # A game's own small key for a state, if it has one, hashes faster than the state itself.
        self._key: Callable[[Any], Hashable] = getattr(game, "key", None) or (lambda s: s)
        self.table: dict[Hashable, tuple[int, float]] = {}
        # Every value lies within the utilities' range, so a window of that range loses nothing,
        # and a win found cuts off at once instead of being compared with +∞.
        self._bounds: tuple[float, float] = getattr(game, "utility_bounds", (-inf, inf))

    def value(self, state: Any) -> float:
        """The exact value of ``state`` for the player to move there; :class:`SolveLimitError` past ``max_nodes``."""
        self._left = self.max_nodes if self.max_nodes is not None else -1  # below 0: no limit
        return self._negamax(state, *self._bounds)

    def _negamax(self, s: Any, alpha: float, beta: float) -> float:
        if self._left == 0:
            raise SolveLimitError("max_nodes", self.max_nodes or 0)
        self._left -= 1
        game = self.game
        if game.is_terminal(s):
            return game.utility(s, game.to_move(s))
        alpha0 = alpha
        k = self._key(s)
        entry = self.table.get(k)
        if entry is not None:
            flag, value = entry
            if flag == _EXACT:
                return value
            if flag == _LOWER:
                alpha = max(alpha, value)
            else:
                beta = min(beta, value)
            if alpha >= beta:
                return value
        moves = game.actions(s)
        if self._order is not None:
            moves = self._order(s, moves)
        v = -inf
        result, negamax = game.result, self._negamax
        for a in moves:
            v = max(v, -negamax(result(s, a), -beta, -alpha))
            if v >= beta:
                break
            alpha = max(alpha, v)
        if len(self.table) < self.max_table or k in self.table:
            self.table[k] = (_UPPER if v <= alpha0 else _LOWER if v >= beta else _EXACT, v)
        return v




# -- the engine's untraced fast path ------------------------------------------------------------------

@dataclass(frozen=True)
class EngineResult:
    """What :func:`deepen` found: the move to play, its value, and how far and how much it searched.

    Attributes
    ----------
    value : float
        The value of the start for the player to move there, from the deepest finished pass.
    move : object
        The first move, in search order, that reaches ``value``.
    pv : tuple
        The line both sides are expected to play: the table's best move at each position, from the start.
    depth : int
        The deepest pass that finished (``passes`` is the same number).
    nodes, cutoffs : int
        Calls made, leaves included, and cutoffs taken, over every pass (an abandoned one too).
    stats : mapping
        ``depth``, and the table's ``table size`` and ``hits``.
    """

    value: float
    move: Any
    pv: tuple[Any, ...]
    depth: int
    nodes: int
    cutoffs: int
    stats: Mapping[str, Any] = field(default_factory=dict)

    @property
    def passes(self) -> int:
        return self.depth


def deepen(game: Any, state: Any = None, *, max_depth: int, evaluate: Evaluate,
           order: Order | None = None, time_budget: float | None = None) -> EngineResult:
    """The engine, untraced and fast: what ``iterative_deepening(..., tt=True, killers=True, trace=False)`` finds.

    The same search as :func:`abteach.iterative_deepening` with a table and
    killers, move for move: depth 1, 2, ..., ``max_depth``; at every node the
    table first, then the table's move, this ply's two killers and the rest in
    ``order``; bounds stored against the α the node was called with.  So it
    returns the same value and move, after the same number of nodes.  On
    Connect Four, where the engine's speed is measured against the book's code
    (``benchmarks/engine.py``), a kernel searches the bitboards themselves,
    keeping no path, events or best-child records and making a board object
    only for ``evaluate``; the tests hold it to the readable search.  On any
    other game it is the readable search, untraced.

    Parameters
    ----------
    game : Game
    state : optional
        Where to search from; ``game.initial`` by default.
    max_depth : int
        The last pass's depth, ≥ 1.
    evaluate : callable
        ``evaluate(state, player)`` for the positions a pass stops at that are not over.
    order : callable, optional
        ``order(state, actions)``: the static move order.
    time_budget : float, optional
        Seconds; the pass running when it is spent is abandoned, and the deepest finished one answers.

    Raises
    ------
    ValueError, TypeError
        A bad argument, named, before any search; a budget too short for depth 1.

    Examples
    --------
    >>> import abteach as ab
    >>> game = ab.ConnectFour()
    >>> threat = game.play([0, 6, 1, 6, 2])             # O to move must block column 3
    >>> r = deepen(game, threat, max_depth=4, evaluate=game.evaluate, order=game.order)
    >>> r.move, r.depth
    (3, 4)
    >>> r.move == ab.iterative_deepening(game, threat, max_depth=4, evaluate=game.evaluate,
    ...                                  order=game.order, trace=False).move
    True
    """
    if isinstance(max_depth, bool) or not isinstance(max_depth, int) or max_depth < 1:
        raise ValueError(f"max_depth must be a whole number of plies ≥ 1, not {max_depth!r}")
    if time_budget is not None and (isinstance(time_budget, bool) or not isinstance(time_budget, (int, float))
                                    or not time_budget > 0):
        raise ValueError(f"time_budget must be a positive number of seconds, not {time_budget!r}")
    if evaluate is None:
        raise ValueError("iterative deepening stops above the leaves in its early passes: "
                         "pass evaluate=f(state, player)")
    problem = Problem(game, state, 1, evaluate, order)  # checks the game, the state's default, the functions
    if not _is_connect_four(game, problem):
        # Only Connect Four's speed is a target (benchmarks/engine.py): other games run the readable search.
        return _readable(game, state, max_depth, evaluate, order, time_budget)
    deadline = None if time_budget is None else time.perf_counter() + time_budget
    search = _ConnectFourKernel(game, problem, deadline)
    found: list[tuple[float, Any]] = []  # each finished pass's value and move
    done = deepening(max_depth, lambda d: found.append(search.run(d)))
    if done == 0:
        raise ValueError(f"time_budget={time_budget!r} s was not enough for a search to depth 1")
    pv = search.line(done)
    value, move = found[-1]
    return EngineResult(value, move, pv, done, search.nodes, search.cutoffs,
                        {"depth": done, "table size": len(search.table), "hits": search.hits})


def _readable(game: Any, state: Any, max_depth: int, evaluate: Evaluate, order: Order | None,
              time_budget: float | None) -> EngineResult:
    """What :func:`abteach.iterative_deepening` with a table and killers finds, untraced, as an EngineResult."""
    r = iterative_deepening(game, state, max_depth=max_depth, evaluate=evaluate, order=order, tt=True,
                            killers=True, time_budget=time_budget, trace=False)
    return EngineResult(r.value, r.move, r.pv, r.stats["depth"], r.nodes, r.cutoffs,
                        {"depth": r.stats["depth"], "table size": r.stats["table size"], "hits": r.stats["hits"]})


def _is_connect_four(game: Any, problem: Problem) -> bool:
    """Whether the bitboard kernel applies: a Connect Four board, ordered by nothing or by the game's centre-first."""
    from abteach.games.connect4 import ConnectFour  # the games layer, left of search

    if type(game) is not ConnectFour:
        return False
    o = problem.order
    return o is None or (getattr(o, "__self__", None) is game and getattr(o, "__func__", None) is ConnectFour.order)


class _Kernel:
    """What both kernels keep across passes: the table, the killers, the counts."""

    def __init__(self, deadline: float | None) -> None:
        self.deadline = deadline
        # key -> (lower, upper, depth searched, best move): Table's entries, as plain tuples.
        self.table: dict[Hashable, tuple[float, float, int, Any]] = {}
        self.killers: dict[int, list[Any]] = {}
        self.nodes = self.cutoffs = self.hits = 0

    def run(self, depth: int) -> tuple[float, Any]:
        raise NotImplementedError

    def line(self, depth: int) -> tuple[Any, ...]:
        raise NotImplementedError

    def _store(self, key: Hashable, v: float, best: Any, alpha0: float, beta: float, depth: int) -> None:
        # As Table.store: the flag against α₀; a deeper entry stays; one of the same depth is merged,
        # keeping its move unless the new result raises the lower bound.
        lower, upper = (-inf, v) if v <= alpha0 else (v, inf) if v >= beta else (v, v)
        old = self.table.get(key)
        if old is not None:
            if old[2] > depth:
                return
            if old[2] == depth:
                if best is None or (lower <= old[0] and old[3] is not None):
                    best = old[3]
                lower, upper = max(lower, old[0]), min(upper, old[1])
        self.table[key] = (lower, upper, depth, best)

    def _probe(self, entry: tuple[float, float, int, Any] | None, alpha: float, beta: float,
               left: int) -> tuple[float | None, float, float]:
        """What the table says before a node ``left`` plies from the limit is searched with (α, β).

        The value, if the entry settles it; else None, and the window narrowed by the entry's bounds.
        """
        if entry is None or entry[2] < left:
            return None, alpha, beta
        lower, upper = entry[0], entry[1]
        if lower >= beta:
            self.hits += 1
            return lower, alpha, beta
        if upper <= alpha:
            self.hits += 1
            return upper, alpha, beta
        alpha, beta = max(alpha, lower), min(beta, upper)
        if alpha >= beta:
            self.hits += 1
            return alpha, alpha, beta
        return None, alpha, beta

    def _remember(self, ply: int, a: Any) -> None:
        slots = self.killers.get(ply)
        if not slots:
            self.killers[ply] = [a]
        elif slots[0] != a:
            self.killers[ply] = [a, slots[0]]


def _ranked(moves: list[Any], first: Any, killers: list[Any] | None) -> list[Any]:
    """``moves`` with ``first``, then the killers, in front; the rest keep their order (a stable sort by rank)."""
    if first is None and not killers:
        return moves
    front = [first] if first is not None and first in moves else []
    if killers:
        front += [k for k in killers if k != first and k in moves]
    if not front:
        return moves
    return front + [a for a in moves if a not in front]


def _finite(x: Any, state: Any) -> float:
    # x - x is 0 for every finite float and NaN for NaN and ±∞; anything else takes the long check.
    if type(x) is float and x - x == 0:
        return x
    return checked_evaluation(x, state)


class _ConnectFourKernel(_Kernel):
    """Connect Four on the ints themselves: the side to move's pieces and the occupied cells.

    A child that is over or at the depth limit is scored in its parent's loop,
    without a call, and counted as the call the readable search makes for it.
    """

    def __init__(self, game: Any, problem: Problem, deadline: float | None) -> None:
        super().__init__(deadline)  # the Problem has checked the board is one of this game's
        self.game, self.p = game, problem
        g = game.geometry
        self.sequence = list(g.centre_order if problem.order is not None else range(g.width))

    def run(self, depth: int) -> tuple[float, Any]:
        from abteach.games.connect4 import board_of  # the one way boards are made, for evaluate

        game, p = self.game, self.p
        g = game.geometry
        root = p.state
        me, evaluate = p.player, p.evaluate
        assert evaluate is not None
        if game.is_terminal(root):
            self.nodes += 1
            return game.utility(root, me), None
        table, killers, sequence = self.table, self.killers, self.sequence
        bottom, column, top, cells, base = g.bottom, g.column, g.top, g.width * g.height, g.bottom_row
        has_line, deadline, clock = g.has_line, self.deadline, time.perf_counter
        store, remember, probe = self._store, self._remember, self._probe
        four = g.k == 4
        s1, s2, s3, s4 = g.shifts
        d1, d2, d3, d4 = 2 * s1, 2 * s2, 2 * s3, 2 * s4
        # The root's player is MAX (color +1); a node an odd number of plies down is MIN's.

        def negamax(cur: int, occ: int, n: int, alpha: float, beta: float, ply: int, color: int) -> float:
            self.nodes += 1
            if deadline is not None and clock() > deadline:
                raise OutOfTime
            key = (cur if n % 2 == 0 else occ ^ cur) + occ + base  # game.key: X's pieces, occupied, bottom row
            alpha0, entry, left = alpha, table.get(key), depth - ply
            known, alpha, beta = probe(entry, alpha, beta, left)
            if known is not None:
                return known
            moves = [c for c in sequence if not occ & top[c]]
            moves = _ranked(moves, entry[3] if entry is not None else None, killers.get(ply))
            opp = occ ^ cur
            leaves = ply + 1 >= depth
            v, best = -inf, None
            for c in moves:
                bit = (occ + bottom[c]) & column[c]
                mine = cur | bit
                if four:  # has_line written out for four in a row: the loop's most frequent question
                    m = mine & (mine >> s1)
                    won = m & (m >> d1)
                    if not won:
                        m = mine & (mine >> s2)
                        won = m & (m >> d2)
                        if not won:
                            m = mine & (mine >> s3)
                            won = m & (m >> d3)
                            if not won:
                                m = mine & (mine >> s4)
                                won = m & (m >> d4)
                else:
                    won = has_line(mine)
                if won:
                    self.nodes += 1
                    v2: float = 1  # the child is lost for its side to move: -(-1)
                elif n + 1 == cells:
                    self.nodes += 1
                    v2 = 0
                elif leaves:
                    self.nodes += 1
                    x, o = (mine, opp) if n % 2 == 0 else (opp, mine)  # X moves when the count is even
                    b = board_of(g, x, o, n + 1)
                    v2 = color * _finite(evaluate(b, me), b)
                else:
                    v2 = -negamax(opp, occ | bit, n + 1, -beta, -alpha, ply + 1, -color)
                if v2 > v:
                    v, best = v2, c
                if v >= beta:
                    self.cutoffs += 1
                    remember(ply, c)
                    break
                if v > alpha:
                    alpha = v
            store(key, v, best, alpha0, beta, left)
            return v

        (x, o), n = root.bitboards, root.moves
        cur = x if n % 2 == 0 else o
        v = negamax(cur, x | o, n, -inf, inf, 0, 1)
        return v, table[game.key(root)][3]

    def line(self, depth: int) -> tuple[Any, ...]:
        game, s = self.game, self.p.state
        out: list[Any] = []
        while len(out) < depth and not game.is_terminal(s):
            entry = self.table.get(game.key(s))
            if entry is None or entry[3] is None:
                break
            out.append(entry[3])
            s = game.result(s, entry[3])
        return tuple(out)


__all__ = ["solve", "Solver", "SolveLimitError", "deepen", "EngineResult"]
