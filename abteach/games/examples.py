"""The example trees the lessons use, defined once.  Notebooks and tests import them.

Examples
--------
>>> import abteach as ab
>>> ab.alphabeta(ab.examples.WIKIPEDIA).value
6
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Mapping, Sequence

from abteach.games.dice import HoldOrRoll
from abteach.games.players import MAX, MIN, Player
from abteach.games.trees import Tree, tree

#: AIMA Fig. 5.2: MAX at A; MIN at B, C, D; leaves 3 12 8 | 2 4 6 | 14 5 2.
FIG_5_2: Tree = tree(
    [[3, 12, 8], [2, 4, 6], [14, 5, 2]],
    names={(): "A", (0,): "B", (1,): "C", (2,): "D",
           **{(i, j): f"{'bcd'[i]}{j + 1}" for i in range(3) for j in range(3)}},
    moves={**{(i,): f"a{i + 1}" for i in range(3)},
           **{(i, j): f"{'bcd'[i]}{j + 1}" for i in range(3) for j in range(3)}},
)

#: The encyclopedia's larger example ("AB pruning.svg"): MAX, MIN, MAX, MIN; 14 leaves; value 6.
WIKIPEDIA: Tree = tree([[[[5, 6], [7, 4, 5]], [[3]]], [[[6], [6, 9]], [[7]]], [[[5]], [[9, 8], [6]]]])

#: The tutorial's example: A -> B(D=3, E=5, F=6), C(G=9, H=1, I=2); value 3, only I is pruned.
TUTORIAL: Tree = tree(
    [[3, 5, 6], [9, 1, 2]],
    names={(): "A", (0,): "B", (1,): "C", (0, 0): "D", (0, 1): "E", (0, 2): "F",
           (1, 0): "G", (1, 1): "H", (1, 2): "I"},
    moves={(0,): "B", (1,): "C", (0, 0): "D", (0, 1): "E", (0, 2): "F",
           (1, 0): "G", (1, 1): "H", (1, 2): "I"},
)

#: A tie in the CS188 style: C's first leaf equals the α that B gave the root.
#: Pruning on equality skips C's other leaves; the strict rule must look at them.
TIED: Tree = tree(
    [[5, 7], [5, 9, 6]],
    names={(): "A", (0,): "B", (1,): "C", (0, 0): "b1", (0, 1): "b2",
           (1, 0): "c1", (1, 1): "c2", (1, 2): "c3"},
    moves={(0,): "a1", (1,): "a2", (0, 0): "b1", (0, 1): "b2",
           (1, 0): "c1", (1, 1): "c2", (1, 2): "c3"},
)

#: An uneven tree: leaves at depths 1 to 4 and two to three moves a node.  The
#: root's move a2 ends the game at once.  Levels still alternate by depth: MAX
#: at A, D, E, F; MIN at B, C, G, H.  Value 6 by a3 (A → C → E → G → g1).
#: Alpha-beta evaluates 9 of the 12 leaves: D's cutoff (8 ≥ β = 5) prunes the leaf
#: d3, and F's (9 ≥ β = 6) prunes the whole MIN subtree H, two leaves at once.
UNEVEN: Tree = tree(
    [[5, [3, 8, 1]], 2, [[4, [6, 7]], [9, [2, 1]], 7]],
    names={(): "A", (0,): "B", (1,): "a2", (2,): "C",
           (0, 0): "b1", (0, 1): "D", (0, 1, 0): "d1", (0, 1, 1): "d2", (0, 1, 2): "d3",
           (2, 0): "E", (2, 1): "F", (2, 2): "c3",
           (2, 0, 0): "e1", (2, 0, 1): "G", (2, 0, 1, 0): "g1", (2, 0, 1, 1): "g2",
           (2, 1, 0): "f1", (2, 1, 1): "H", (2, 1, 1, 0): "h1", (2, 1, 1, 1): "h2"},
    moves={(0,): "a1", (1,): "a2", (2,): "a3"},
)

#: A tied root in the CS188 style: B, C and D all seem to be worth 5 to MAX; C is not.
#: B = 5 and C = min(5, 3, 8) = 3; D = min(max(5, 4), max(8, 5)) = 5.  Pruning on
#: equality, C and D stop after their first child and return 5, which is only an
#: upper bound for C (5 leaves evaluated).  The strict rule finds C = 3 and D = 5
#: exactly (7 leaves).  Both answer a1 for 5.
TIED_ROOT: Tree = tree(
    [[5, 9], [5, 3, 8], [[5, 4], [8, 5]]],
    names={(): "A", (0,): "B", (1,): "C", (2,): "D",
           (0, 0): "b1", (0, 1): "b2", (1, 0): "c1", (1, 1): "c2", (1, 2): "c3",
           (2, 0): "E", (2, 1): "F", (2, 0, 0): "e1", (2, 0, 1): "e2", (2, 1, 0): "f1", (2, 1, 1): "f2"},
    moves={(0,): "a1", (1,): "a2", (2,): "a3"},
)

#: Where fail-soft and fail-hard part: D (MAX, called with α = 3) finds only 1 and 2.
#: The textbook's D returns 2, a bound below α; the fail-hard D returns α = 3, and so does C.
FAIL_LOW: Tree = tree([[3], [[1, 2]]])

ALL: dict[str, Tree] = {"FIG_5_2": FIG_5_2, "WIKIPEDIA": WIKIPEDIA, "TUTORIAL": TUTORIAL, "TIED": TIED,
                        "UNEVEN": UNEVEN, "TIED_ROOT": TIED_ROOT, "FAIL_LOW": FAIL_LOW}


# -- trees with chance nodes (AIMA §5.5); alpha-beta does not search them, so they are not in ALL ---------

#: AIMA 3rd ed. Fig. 5.13: MAX chooses a1 or a2; each leads to a chance node with probabilities 0.9 and 0.1.
#: Leaves 2, 3 under a1 and 1, 4 under a2: a1 is worth 0.9 × 2 + 0.1 × 3 = 2.1, a2 is worth 1.3, so a1.
FIG_5_13: Tree = tree(
    [[2, 3], [1, 4]], probabilities={(0,): [0.9, 0.1], (1,): [0.9, 0.1]},
    moves={(0,): "a1", (1,): "a2"},
)

#: Fig. 5.13's other tree: the leaves in the same order, 20, 30 and 1, 400.  Now a1 is worth 21 and a2 40.9,
#: so a2: an order-preserving change of the leaves changed MAX's choice.
FIG_5_13_RESCALED: Tree = tree(
    [[20, 30], [1, 400]], probabilities={(0,): [0.9, 0.1], (1,): [0.9, 0.1]},
    moves={(0,): "a1", (1,): "a2"},
)

#: The dice game "hold or roll" (:class:`abteach.games.dice.HoldOrRoll`) with a die marked 1, 1, 2, 2, 3, 3 and
#: 2 points for holding, as a tree: 16 leaves, each +1, 0 or −1 for MAX.
HOLD_OR_ROLL: Tree = HoldOrRoll().tree()

#: The example trees with chance nodes, for expectiminimax.
WITH_CHANCE: dict[str, Tree] = {"FIG_5_13": FIG_5_13, "FIG_5_13_RESCALED": FIG_5_13_RESCALED,
                                "HOLD_OR_ROLL": HOLD_OR_ROLL}


# -- a game whose tree is a DAG -------------------------------------------------------


class DagGame:
    """A small game given as a graph of named positions, where different move orders meet again.

    Searched as a tree, a position reached by two lines is searched twice;
    a transposition table searches it once.  Every move goes from a position
    of one player to one of the other, so the players alternate as in any
    game, but a position may be reached after different numbers of plies.

    Parameters
    ----------
    moves : mapping of str to sequence of str
        Each inner position's successors, in the order a search tries them.
    values : mapping of str to number
        Each terminal position's utility for MAX.
    estimates : mapping of str to number, optional
        Static estimates (for MAX) of inner positions, an ``evaluate`` for depth-limited searches.
    initial : str
        The start position, where MAX moves.

    Raises
    ------
    ValueError
        A position with no moves and no value, a value on an inner position,
        a cycle, or a move that does not pass the turn to the other player.

    Examples
    --------
    >>> g = DagGame({"A": ["B", "C"], "B": ["d", "e"], "C": ["e", "f"]}, {"d": 1, "e": 2, "f": 3}, initial="A")
    >>> g.to_move("A"), g.to_move("e"), g.actions("C"), g.result("C", "f")
    ('MAX', 'MAX', ('e', 'f'), 'f')
    """

    max_player = MAX

    def __init__(self, moves: Mapping[str, Sequence[str]], values: Mapping[str, float], *,
                 estimates: Mapping[str, float] | None = None, initial: str) -> None:
        self.moves = MappingProxyType({p: tuple(m) for p, m in moves.items()})
        self.values = MappingProxyType(dict(values))
        self.estimates = MappingProxyType(dict(estimates or {}))
        self.initial = initial
        self._players = self._check()

    def _check(self) -> dict[str, Player]:
        for p in self.values:
            if p in self.moves:
                raise ValueError(f"values: {p!r} has moves, so it is not terminal and has no value")
        players: dict[str, Player] = {self.initial: MAX}
        order, state = [self.initial], {self.initial: 1}  # 1 = on the current line, 2 = done
        stack = [(self.initial, iter(self.moves.get(self.initial, ())))]
        while stack:
            p, it = stack[-1]
            q = next(it, None)
            if q is None:
                state[p] = 2
                stack.pop()
                continue
            want = MIN if players[p] == MAX else MAX
            if players.setdefault(q, want) != want:
                raise ValueError(f"moves: {q!r} is reached with both players to move; each move passes the turn")
            if state.get(q) == 1:
                raise ValueError(f"moves: the position {q!r} can be reached from itself, so the game has a cycle")
            if q not in state:
                if q not in self.moves and q not in self.values:
                    raise ValueError(f"moves: {q!r} has no moves and no value")
                state[q] = 1
                order.append(q)
                stack.append((q, iter(self.moves.get(q, ()))))
        return players

    @property
    def positions(self) -> tuple[str, ...]:
        """Every position reachable from the start, the start first."""
        return tuple(self._players)

    def to_move(self, state: str) -> Player:
        return self._players[state]

    def actions(self, state: str) -> tuple[str, ...]:
        """The positions one move away: a move is named by where it leads."""
        return self.moves.get(state, ())

    def result(self, state: str, action: str) -> str:
        if action not in self.moves.get(state, ()):
            raise ValueError(f"action: {action!r} is not a move from {state!r}; the moves are {self.actions(state)}")
        return action

    def is_terminal(self, state: str) -> bool:
        return state not in self.moves

    def utility(self, state: str, player: Player) -> float:
        v = self.values[state]
        return v if player == MAX else -v

    def estimate(self, state: str, player: Player = MAX) -> float:
        """The static estimate of ``state`` for ``player`` (its value, at a terminal position)."""
        v = self.values.get(state, self.estimates.get(state))
        if v is None:
            raise ValueError(f"the position {state!r} has no static estimate")
        return v if player == MAX else -v

    def move_name(self, state: str, action: str) -> str:
        return action

    def __repr__(self) -> str:
        return f"DagGame({len(self._players)} positions from {self.initial!r})"


#: A game whose tree is a DAG: MAX at A; E is reached by three lines, A → B → E, A → C → E and,
#: two plies later, A → B → D → H → E.  Value 2 by B.  Searched as a tree E is searched three times; with a
#: table, once to the end and then answered (or narrowed) from the table.  The estimates score the inner
#: positions for depth-limited searches: at depth 5, E is first searched 1 ply deep (below H) and later
#: needs 3.
DAG: DagGame = DagGame(
    {"A": ["B", "C"], "B": ["D", "E"], "C": ["E", "F"], "D": ["d1", "H"], "H": ["E", "h2"],
     "E": ["e1", "G"], "G": ["g1", "g2"], "F": ["f1", "f2"]},
    {"d1": 7, "h2": 7, "e1": 1, "g1": 4, "g2": 2, "f1": 4, "f2": 2},
    estimates={"A": 5, "B": 6, "C": 8, "D": 2, "H": 8, "E": 4, "G": 9, "F": 6},
    initial="A",
)
