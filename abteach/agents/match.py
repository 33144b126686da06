"""Matches between players: whole games, colours alternated, seeded, with a table of results.

Examples
--------
>>> import abteach as ab
>>> m = ab.match(ab.players.perfect(), ab.players.random(), ab.TicTacToe(), games=4, seed=1)
>>> print(m)
perfect against random, 4 games of TicTacToe, colours alternated
player   wins  draws  losses  as first (W-D-L)  as second (W-D-L)
perfect     3      1       0  1-1-0             2-0-0
random      0      1       3  0-0-2             0-1-1
>>> m.score(0)
0.875
"""

from __future__ import annotations

import html
import numbers
from dataclasses import dataclass
from typing import Any, Callable, Sequence

Player = Callable[[Any, Any], Any]

#: More games than this in one call are refused: a match is for a lecture, not a tournament.
MAX_GAMES = 10_000


@dataclass(frozen=True)
class Game:
    """One game of a match: who moved first, the moves, and how it ended."""

    first: int            # 0 if player A moved first, 1 if player B did
    moves: tuple[Any, ...]
    winner: int | None    # 0 for player A, 1 for player B, None for a draw
    end: Any              # the final state


@dataclass(frozen=True)
class MatchResult:
    """What a match gives: every game, and the counts the table shows.

    Attributes
    ----------
    names : tuple of str
        Player A's name and player B's.
    games : tuple of Game
    """

    names: tuple[str, str]
    game_name: str
    games: tuple[Game, ...]

    def count(self, player: int, outcome: str, first: bool | None = None) -> int:
        """How many games ``player`` (0 for A, 1 for B) ``'won'``, ``'drew'`` or ``'lost'``; only as first or second if asked."""
        want = {"won": player, "lost": 1 - player, "drew": None}[outcome]
        return sum(1 for g in self.games
                   if g.winner == want and (first is None or (g.first == player) == first))

    @property
    def wins(self) -> tuple[int, int]:
        return self.count(0, "won"), self.count(1, "won")

    @property
    def draws(self) -> int:
        return self.count(0, "drew")

    def score(self, player: int = 0) -> float:
        """The share of points ``player`` took: a win 1, a draw ½."""
        return (self.count(player, "won") + 0.5 * self.draws) / len(self.games)

    def rows(self) -> list[dict[str, Any]]:
        """The table as dicts, one per player."""
        out = []
        for p in (0, 1):
            def wdl(first: bool) -> str:
                return "-".join(str(self.count(p, o, first)) for o in ("won", "drew", "lost"))
            out.append({"player": self.names[p], "wins": self.count(p, "won"), "draws": self.draws,
                        "losses": self.count(p, "lost"), "as first (W-D-L)": wdl(True),
                        "as second (W-D-L)": wdl(False)})
        return out

    def title(self) -> str:
        return (f"{self.names[0]} against {self.names[1]}, {len(self.games)} game{'s' * (len(self.games) != 1)} "
                f"of {self.game_name}, colours alternated")

    def __str__(self) -> str:
        rows = self.rows()
        heads = list(rows[0])
        cells = [[str(r[h]) for h in heads] for r in rows]
        widths = [max(len(h), *(len(c[i]) for c in cells)) for i, h in enumerate(heads)]
        numeric = {"wins", "draws", "losses"}

        def line(values: Sequence[str]) -> str:
            return "  ".join(v.rjust(w) if heads[i] in numeric else v.ljust(w)
                             for i, (v, w) in enumerate(zip(values, widths))).rstrip()

        return "\n".join([self.title(), line(heads), *(line(c) for c in cells)])

    def _repr_html_(self) -> str:
        rows = self.rows()
        head = "".join(f"<th>{html.escape(h)}</th>" for h in rows[0])
        body = "".join("<tr>" + "".join(f"<td>{html.escape(str(v))}</td>" for v in r.values()) + "</tr>"
                       for r in rows)
        return (f"<table class='ab-match'><caption>{html.escape(self.title())}</caption>"
                f"<tr>{head}</tr>{body}</table>")

    def __repr__(self) -> str:
        a, b = self.wins
        return f"MatchResult({self.names[0]} {a} – {b} {self.names[1]}, {self.draws} drawn)"


def _name(player: Any) -> str:
    return str(getattr(player, "name", None) or getattr(player, "__name__", None) or type(player).__name__)


def _seeded(player: Any, seed: int) -> Any:
    reseed = getattr(player, "seeded", None)
    return reseed(seed) if callable(reseed) else player


def play_game(first: Player, second: Player, game: Any, state: Any = None) -> tuple[tuple[Any, ...], Any]:
    """Play one game from ``state`` (the start by default): the moves, and the final state.

    A move a player returns that the game refuses raises the game's own
    error, with the player named.
    """
    s = game.initial if state is None else state
    movers = (first, second)
    moves: list[Any] = []
    while not game.is_terminal(s):
        player = movers[len(moves) % 2]
        a = player(game, s)
        try:
            s = game.result(s, a)
        except (ValueError, TypeError) as error:
            raise ValueError(f"{_name(player)} played {a!r}, which the game refuses: {error}") from error
        moves.append(a)
    return tuple(moves), s


def match(player_a: Player, player_b: Player, game: Any, *, games: int = 10, seed: int = 0) -> MatchResult:
    """Play ``games`` games between two players, alternating who moves first, seeded.

    Parameters
    ----------
    player_a, player_b : callable
        ``player(game, state) -> action``, such as those :mod:`abteach.players` makes.
    game : Game
    games : int
        How many games, from 1 to 10,000.  Player A moves first in the
        even-numbered games (the first, the third, ...), B in the others.
    seed : int
        Every player that draws random numbers gets its own seed for each
        game from this one, so the same call gives the same match.

    Returns
    -------
    MatchResult
        ``print`` it, or show it in a notebook, for the table.

    Raises
    ------
    TypeError, ValueError
        A player that is not callable, a game that is not a game, or a bad count or seed.
    """
    for label, p in (("player_a", player_a), ("player_b", player_b)):
        if not callable(p):
            raise TypeError(f"{label} must be a player, a function (game, state) -> action, not {p!r}")
    missing = [m for m in ("initial", "to_move", "actions", "result", "is_terminal", "utility")
               if not hasattr(game, m)]
    if missing:
        raise TypeError(f"game: {type(game).__name__} is not a game: it lacks {', '.join(missing)}")
    if isinstance(games, bool) or not isinstance(games, numbers.Integral) or not 1 <= games <= MAX_GAMES:
        raise ValueError(f"games must be a whole number from 1 to {MAX_GAMES:,}, not {games!r}")
    if isinstance(seed, bool) or not isinstance(seed, numbers.Integral):
        raise TypeError(f"seed must be an int, not {seed!r}")
    played = []
    for k in range(int(games)):
        a = _seeded(player_a, int(seed) * 100_003 + 2 * k)
        b = _seeded(player_b, int(seed) * 100_003 + 2 * k + 1)
        first = k % 2
        order = (a, b) if first == 0 else (b, a)
        moves, end = play_game(order[0], order[1], game, game.initial)
        starter = game.to_move(game.initial)
        u = game.utility(end, starter)
        winner = None if u == 0 else (first if u > 0 else 1 - first)
        played.append(Game(first, moves, winner, end))
    return MatchResult((_name(player_a), _name(player_b)), type(game).__name__, tuple(played))


__all__ = ["match", "play_game", "MatchResult", "Game", "MAX_GAMES"]
