"""Players: anything that, given a game and a state, picks a move; and the ones the lecture pits against each other.

A player is any callable ``player(game, state) -> action``.  The makers here
give each a readable ``name`` and, where it draws random numbers, a seed, so
that a match (:func:`abteach.match`) repeats exactly:

- :func:`random_player`, a uniformly random legal move;
- :func:`perfect`, a move with the best exact value (for games small enough to solve);
- :func:`alphabeta`, the textbook's alpha-beta cut off at a depth, with the game's evaluation;
- :func:`engine`, iterative deepening with a transposition table, killers and the game's
  move ordering, for a time budget: Shannon's Type A;
- :func:`mcts`, Monte Carlo tree search with a number of playouts: selective, as Type B is, but
  guided by playouts rather than a plausible-move generator and an evaluation.

They are also reachable as ``ab.players.random``, ``ab.players.perfect``, ...

Examples
--------
>>> import abteach as ab
>>> game = ab.TicTacToe("XX. OO. ...")
>>> [p(game, game.initial) for p in (ab.players.perfect(), ab.players.alphabeta(2), ab.players.mcts(300))]
[2, 2, 2]
>>> ab.players.mcts(300).name, ab.players.engine(0.5).name
('MCTS 300', 'engine 0.5 s')
"""

from __future__ import annotations

import math
import numbers
import random as _random
import time
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Hashable, Sequence

from abteach.search.mcts import FAULTS
from abteach.search.solve import Solver, deepen
from abteach.trace.algorithms import alphabeta as _alphabeta
from abteach.trace.algorithms import iterative_deepening as _deepening
from abteach.trace.algorithms import mcts as _mcts


def _positive(name: str, value: Any, *, whole: bool = False) -> None:
    if isinstance(value, bool) or not isinstance(value, (int, float, numbers.Real)) \
            or not float(value) > 0 or not math.isfinite(value):
        raise ValueError(f"{name} must be a positive number, not {value!r}")
    if whole and not isinstance(value, numbers.Integral):
        raise ValueError(f"{name} must be a whole number, not {value!r}")


def _seed(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"seed must be an int, not {value!r}")
    return int(value)


def check_playable(game: Any, state: Any) -> None:
    """Refuse ``state`` if no move can be asked for there: the game is over, or it is no state of ``game``.

    Every player of this module calls it first, so a finished position gets
    the same error from each, rather than None from one and an IndexError
    from another.

    Raises
    ------
    TypeError
        ``state`` is of a type ``game`` does not play (for games that say which: ``check_state``).
    ValueError
        The game is over at ``state``.

    Examples
    --------
    >>> import abteach as ab
    >>> check_playable(ab.TicTacToe(), ab.TicTacToe("XXX OO. ...").initial)
    Traceback (most recent call last):
    ...
    ValueError: the game is over at state=Board(cells='XXXOO....'): a player has no move to make there
    """
    check = getattr(game, "check_state", None)
    if callable(check):
        check(state)
    if game.is_terminal(state):
        raise ValueError(f"the game is over at state={state!r}: a player has no move to make there")


def evaluation_of(game: Any) -> Callable[[Any, Any], float]:
    """The game's own evaluation function if it has one, else 0 for every position that is not over."""
    own = getattr(game, "evaluate", None)
    if callable(own):
        return own

    def zero(state: Any, player: Any) -> float:
        return float(game.utility(state, player)) if game.is_terminal(state) else 0.0

    return zero


@dataclass(frozen=True)
class SeededPlayer:
    """A player with a name and a seed.  ``seeded(s)`` is the same player drawing other random numbers.

    Each move's randomness comes from the seed and the move number alone, so
    the same game from the same seed plays out the same way, whatever ran before.
    """

    name: str
    seed: int = 0

    def seeded(self, seed: int) -> "SeededPlayer":
        return replace(self, seed=_seed(seed))

    def rng(self, game: Any, state: Any) -> _random.Random:
        ply = getattr(state, "moves", None)
        return _random.Random(f"{self.name}|{self.seed}|{ply if ply is not None else repr(state)}")

    def __call__(self, game: Any, state: Any) -> Any:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<player {self.name}>"


@dataclass(frozen=True, repr=False)
class RandomPlayer(SeededPlayer):
    def __call__(self, game: Any, state: Any) -> Any:
        check_playable(game, state)
        return self.rng(game, state).choice(list(game.actions(state)))


@dataclass(frozen=True, repr=False)
class PerfectPlayer(SeededPlayer):
    """Plays a move of the best exact value; with ``varied``, a random one among equals, else the first."""

    varied: bool = True
    # One solver per game, so every later move reuses what the first search learnt.
    _solvers: dict[Hashable, Solver] = field(default_factory=dict, compare=False, repr=False)

    def values(self, game: Any, state: Any) -> dict[Any, float]:
        """The exact value of every legal move, for the player to move."""
        check_playable(game, state)
        solver = self._solvers.get(game)
        if solver is None:
            solver = self._solvers[game] = Solver(game)
        return {a: -solver.value(game.result(state, a)) for a in game.actions(state)}

    def __call__(self, game: Any, state: Any) -> Any:
        values = self.values(game, state)
        best = max(values.values())
        moves = [a for a, v in values.items() if v == best]
        return self.rng(game, state).choice(moves) if self.varied else moves[0]


@dataclass(frozen=True, repr=False)
class AlphaBetaPlayer(SeededPlayer):
    depth: int = 4

    def think(self, game: Any, state: Any, *, trace: bool = False) -> Any:
        """The search's whole result for ``state``: move, value, principal variation, nodes, cutoffs.

        With ``trace`` it records every step too, for a stepper; it searches the same nodes either way.
        """
        check_playable(game, state)
        return _alphabeta(game, state, depth=self.depth, evaluate=evaluation_of(game),
                          order=getattr(game, "order", None), trace=trace)

    def __call__(self, game: Any, state: Any) -> Any:
        return self.think(game, state).move


@dataclass(frozen=True, repr=False)
class EnginePlayer(SeededPlayer):
    seconds: float = 1.0
    max_depth: int = 42

    def think(self, game: Any, state: Any, *, trace: bool = False) -> Any:
        """The engine's whole result for ``state``: move, value, principal variation, nodes, depth reached.

        The search to depth 1 always finishes, however short the budget: a
        player asked for a move must make one.
        """
        check_playable(game, state)
        depth = max(1, min(self.max_depth, _moves_left(game, state)))
        started = time.perf_counter()
        try:
            return self._search(game, state, depth, self.seconds, trace)
        except ValueError:
            # Refused before the budget was spent, the search objected to something else: say so.
            if time.perf_counter() - started < self.seconds:
                raise
        # The budget ran out inside the first pass: that pass again, unhurried.
        return self._search(game, state, 1, None, trace)

    def _search(self, game: Any, state: Any, depth: int, seconds: float | None, trace: bool) -> Any:
        order = getattr(game, "order", None)
        if not trace:
            # The untraced twin searches node for node as the traced one does, several times faster,
            # so the engine gets deeper in the same time.
            return deepen(game, state, max_depth=depth, evaluate=evaluation_of(game), order=order,
                          time_budget=seconds)
        return _deepening(game, state, max_depth=depth, evaluate=evaluation_of(game), order=order,
                          tt=True, killers=True, time_budget=seconds, trace=True)

    def __call__(self, game: Any, state: Any) -> Any:
        return self.think(game, state).move


@dataclass(frozen=True, repr=False)
class MctsPlayer(SeededPlayer):
    playouts: int = 1000
    c: float = math.sqrt(2)
    fault: str | None = None

    def think(self, game: Any, state: Any, *, trace: bool = False) -> Any:
        """The search's whole result for ``state``: the move most visited, and each move's visits and rewards."""
        check_playable(game, state)
        seed = self.rng(game, state).randrange(2 ** 31)
        return _mcts(game, state, playouts=self.playouts, c=self.c, seed=seed, fault=self.fault, trace=trace)

    def __call__(self, game: Any, state: Any) -> Any:
        return self.think(game, state).move


def _moves_left(game: Any, state: Any) -> int:
    """An upper bound on the plies left: the empty cells, for board games that say how many there are."""
    g = getattr(game, "geometry", None)
    if g is not None:
        return int(g.width * g.height - state.moves)
    empty = getattr(state, "empty_squares", None)
    if callable(empty):
        return len(empty())
    return 42


def random_player(seed: int = 0) -> RandomPlayer:
    """A player that picks a legal move uniformly at random."""
    return RandomPlayer("random", _seed(seed))


def perfect(*, varied: bool = True, seed: int = 0) -> PerfectPlayer:
    """A player that never errs: every move has the best exact value (found by :func:`abteach.solve`).

    ``varied`` picks at random among equally good moves, so games against it
    differ; otherwise it takes the first.
    """
    if not isinstance(varied, bool):
        raise TypeError(f"varied must be True or False, not {varied!r}")
    return PerfectPlayer("perfect", _seed(seed), varied)


def alphabeta(depth: int = 4) -> AlphaBetaPlayer:
    """The textbook's alpha-beta to ``depth`` plies, scoring cut-off positions with the game's evaluation."""
    _positive("depth", depth, whole=True)
    return AlphaBetaPlayer(f"alpha-beta depth {depth}", 0, int(depth))


def engine(seconds: float = 1.0, *, max_depth: int = 42) -> EnginePlayer:
    """The engine: iterative deepening with a table, killers and the game's move order, ``seconds`` a move.

    However short ``seconds``, the search to depth 1 finishes, so the engine always moves.
    """
    _positive("seconds", seconds)
    _positive("max_depth", max_depth, whole=True)
    return EnginePlayer(f"engine {seconds:g} s", 0, float(seconds), int(max_depth))


def mcts(playouts: int = 1000, *, c: float = math.sqrt(2), seed: int = 0, fault: str | None = None) -> MctsPlayer:
    """Monte Carlo tree search with ``playouts`` playouts a move (see :func:`abteach.mcts`)."""
    _positive("playouts", playouts, whole=True)
    name = f"MCTS {playouts}" + (f" ({fault.replace('_', ' ')})" if fault else "")
    # Refused here, before any game is played, not at the first move.
    if fault is not None and fault not in FAULTS:
        raise ValueError(f"fault must be None or one of {sorted(FAULTS)}, not {fault!r}")
    if isinstance(c, bool) or not isinstance(c, numbers.Real) or not math.isfinite(c) or c < 0:
        raise ValueError(f"c must be a finite number ≥ 0, not {c!r}")
    return MctsPlayer(name, _seed(seed), int(playouts), float(c), fault)


@dataclass(frozen=True)
class Thought:
    """What a player found before it moved, for a person to read beside the board.

    Attributes
    ----------
    move : object
        The move it plays.
    summary : str
        One or two lines: its value, the line of play it expects, how much it searched.
    per_move : dict
        For each legal move, a short text: its exact value, its visits and mean reward, or nothing.
    search : SearchResult or None
        The search it ran, with its trace, when :func:`think` was asked to record it and the player's
        search can be (alpha-beta, MCTS); a stepper replays it.
    why_no_search : str
        When ``search`` is None, why, in a sentence a person reads where the search would be.
    """

    move: Any
    summary: str
    per_move: dict[Any, str]
    search: Any = None
    why_no_search: str = ""


def _names(game: Any, state: Any, line: Sequence[Any]) -> str:
    out, s = [], state
    for a in line:
        out.append(game.move_name(s, a) if hasattr(game, "move_name") else str(a))
        s = game.result(s, a)
    return " ".join(out)


def think(player: Any, game: Any, state: Any, *, trace: bool = False) -> Thought:
    """Ask ``player`` for its move at ``state``, and what it found on the way.

    Any callable player works; the players :mod:`abteach.players` makes say more.
    With ``trace``, alpha-beta and MCTS record their search step by step
    (``Thought.search``), the same search they run without it; the others say why they cannot.

    Examples
    --------
    >>> import abteach as ab
    >>> game = ab.TicTacToe("XX. OO. ...")
    >>> t = think(ab.players.perfect(), game, game.initial)
    >>> t.move, t.per_move[2], t.summary
    (2, 'wins', 'Exact values with perfect play: Xc1 wins.')
    >>> len(think(ab.players.alphabeta(2), game, game.initial, trace=True).search.trace) > 0
    True
    """
    if not isinstance(trace, bool):
        raise TypeError(f"trace must be True or False, not {trace!r}")
    if isinstance(player, PerfectPlayer):
        values = player.values(game, state)
        move = player(game, state)
        words = {1: "wins", 0: "draws", -1: "loses"}
        per = {a: words.get(int(math.copysign(1, v)) if v else 0, f"{v:g}") for a, v in values.items()}
        return Thought(move, f"Exact values with perfect play: {_names(game, state, [move])} {per[move]}.", per,
                       why_no_search="Perfect play looks its values up in the solved game: there is no search "
                                     "tree to step through.")
    if isinstance(player, MctsPlayer):
        r = player.think(game, state, trace=trace)
        visits, q = r.stats["visits"], r.stats["q"]
        per = {a: f"N={visits[a]} Q={q[a]:.2f}" for a in visits}
        return Thought(r.move, f"{r.stats['playouts']} playouts; most visited: {r.move_name} "
                               f"(N={visits[r.move]}, Q={q[r.move]:.2f}). Expected line: {_names(game, state, r.pv)}.",
                       per, search=r if trace else None)
    if isinstance(player, EnginePlayer):
        r = player.think(game, state)
        depth = r.stats.get("depth", r.passes)
        # Traced, it would search more slowly, so less deep in its time, and play another game: it is not.
        return Thought(r.move, f"Depth {depth} in {player.seconds:g} s, {r.nodes:,} nodes; value {r.value:+.3f} "
                               f"for the engine. Expected line: {_names(game, state, r.pv)}.", {},
                       why_no_search=f"The engine searched {r.nodes:,} nodes against the clock, too many to step "
                                     "through; alpha-beta at depth 2 or 4, or MCTS with 100 playouts, shows its "
                                     "search step by step.")
    if isinstance(player, AlphaBetaPlayer):
        r = player.think(game, state, trace=trace)
        return Thought(r.move, f"Depth {player.depth}, {r.nodes:,} nodes, {r.cutoffs:,} cutoffs; value "
                               f"{r.value:+.3f}. Expected line: {_names(game, state, r.pv)}.", {},
                       search=r if trace else None)
    move = player(game, state)
    return Thought(move, f"{getattr(player, 'name', 'the player')} plays {_names(game, state, [move])}.", {},
                   why_no_search=f"{getattr(player, 'name', 'This player')} does not search: there is nothing to "
                                 "step through.")


#: ``ab.players.random(seed)``: the short name, beside the others.
random = random_player

__all__ = ["think", "Thought", "check_playable", "random", "random_player", "perfect", "alphabeta", "engine", "mcts",
           "evaluation_of", "SeededPlayer", "RandomPlayer", "PerfectPlayer", "AlphaBetaPlayer", "EnginePlayer", "MctsPlayer"]
