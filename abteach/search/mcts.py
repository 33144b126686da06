"""Monte Carlo tree search with UCB1 (UCT): selective, deep and narrow, in the spirit of Shannon's Type B.

Each playout has the four steps of the textbook's MONTE-CARLO-TREE-SEARCH
(AIMA 4th ed., Fig. 5.11), and each is an event:

``select``    from the root down, the child with the highest UCB1,
              ``Q + c·√(ln N(parent) / N(child))``, an unvisited child first;
``expand``    one untried move of the node reached is added to the tree;
``simulate``  random moves from the new node to the end of the game;
``backup``    every node on the path gets one more visit, and the result.

A node's ``N`` counts its playouts and ``W`` the rewards they brought *to the
player who made the move into it*: 1 for a win, ½ for a draw, 0 for a loss.
That player is the one choosing among it and its siblings, so ``Q = W/N`` is
from the chooser's side at every level.  The move played is the root's most
visited child.

Two classic mistakes are built in, to be shown and measured (``fault=``):

``'one_side'``    every node is credited from the root player's side, so at
                  the opponent's nodes the search picks the opponent's worst
                  move: it expects help (the perspective bug);
``'draws_lose'``  a draw brings 0, as a loss does (the book's Python code adds
                  a utility only when it is positive).

Examples
--------
>>> import abteach as ab
>>> r = ab.mcts(ab.TicTacToe("XX. OO. ..."), playouts=200, seed=1)
>>> r.move_name
'Xc1'
>>> r.stats["playouts"], r.stats["visits"][r.move]
(200, 143)
"""

from __future__ import annotations

import math
import numbers
import random
from dataclasses import replace
from typing import Any, Callable

from abteach.games.players import MAX, MIN
from abteach.games.trees import Path
from abteach.search.events import Event, Kind
from abteach.search.problem import Problem, check_flag
from abteach.search.record import Tally
from abteach.search.result import SearchResult, Spec, finish

#: The mistakes ``fault=`` can make, and what each does.
FAULTS: dict[str, str] = {
    "one_side": "backs up every result from the root player's side, so it expects the opponent to help",
    "draws_lose": "scores a draw as a loss (0), as the book's Python code does",
}

#: Never more playouts than this in one search: a traced search keeps events for each.
MAX_PLAYOUTS = 1_000_000


class _Node:
    """One node of the search tree: where it is, its statistics, and its children so far."""

    __slots__ = ("path", "state", "mover", "to_move", "n", "w", "children", "untried", "actions", "terminal")

    def __init__(self, path: Path, state: Any, mover: Any, to_move: Any, actions: list[Any], terminal: bool) -> None:
        self.path = path
        self.state = state
        self.mover = mover        # who made the move into this node: W is for them
        self.to_move = to_move
        self.n = 0
        self.w = 0.0
        self.children: dict[int, _Node] = {}
        self.actions = actions
        self.untried = list(range(len(actions)))
        self.terminal = terminal


class MctsLog(Tally):
    """The recorder MCTS reports to: counts always, and :class:`Event` s when traced."""

    def __init__(self, root: Path, traced: bool) -> None:
        super().__init__(root)
        self.events: list[Event] | None = [] if traced else None

    def report(self, kind: str, node: Path, line: str, *, player: str | None = None, v: float | None = None,
               value: float | None = None, move: Any = None, test: str = "", info: Any = None) -> None:
        if self.events is not None:
            self.events.append(Event(kind, node, line, v=v, value=value, player=player, move=move, test=test,
                                     info=info))

    def done(self, value: float, move: int | None) -> None:
        self.report(Kind.DONE, self.root, "mcts.return", v=value, value=value, move=move)


def mcts(game: Any, state: Any = None, *, playouts: int = 1000, c: float = math.sqrt(2), seed: int = 0,
         fault: str | None = None, trace: bool = True) -> SearchResult:
    """Monte Carlo tree search (UCT) from ``state``: ``playouts`` random games, the tree grown by UCB1.

    Parameters
    ----------
    game : Game
        Any game; its utilities are read by sign only (win, draw, loss).
    state : optional
        Where to search from; ``game.initial`` by default.
    playouts : int
        How many select-expand-simulate-backup rounds, from 1 to 1,000,000.
    c : float
        UCB1's exploration constant, ≥ 0.  √2 suits rewards in [0, 1]; the
        book's code uses 1.4.
    seed : int
        Seeds the random playouts and the choice among untried moves: the same
        seed gives the same search, move and trace.
    fault : {None, 'one_side', 'draws_lose'}
        A classic mistake to make on purpose (see :data:`FAULTS`).
    trace : bool
        Keep the events, to step through; ``False`` only counts.

    Returns
    -------
    SearchResult
        ``move`` is the root's most visited child; ``value`` is its mean
        reward turned to the utility scale for MAX (``2Q − 1``: +1 all wins,
        0 even, −1 all losses); ``nodes`` is the size of the tree;
        ``stats`` has ``playouts`` and the root's ``visits`` and ``q`` per move.

    Raises
    ------
    ValueError, TypeError
        A bad argument, named, before any playout; or a game already over.

    Examples
    --------
    >>> import abteach as ab
    >>> r = ab.mcts(ab.ConnectFour(4, 4, 3), playouts=50, seed=0)
    >>> r.spec.name, r.nodes, len(r.trace.steps("simulate"))
    ('mcts', 51, 50)
    """
    check_flag("trace", trace)
    if isinstance(playouts, bool) or not isinstance(playouts, numbers.Integral) or not 1 <= playouts <= MAX_PLAYOUTS:
        raise ValueError(f"playouts must be a whole number from 1 to {MAX_PLAYOUTS:,}, not {playouts!r}")
    if isinstance(c, bool) or not isinstance(c, numbers.Real) or not math.isfinite(c) or c < 0:
        raise ValueError(f"c must be a finite number ≥ 0 (√2 ≈ 1.41 is usual), not {c!r}")
    if isinstance(seed, bool) or not isinstance(seed, numbers.Integral):
        raise TypeError(f"seed must be an int, not {seed!r}")
    if fault is not None and fault not in FAULTS:
        raise ValueError(f"fault must be None or one of {sorted(FAULTS)}, not {fault!r}")
    problem = Problem(game, state)
    if game.is_terminal(problem.state):
        raise ValueError("the game is already over at this state: there is no move to search for")
    log = MctsLog(problem.root, trace)
    move, value, stats = uct(problem, log, int(playouts), float(c), random.Random(int(seed)), fault)
    result = finish(problem, log, value, Spec("mcts", 4, variant=fault or ""), move)
    return _with_stats(result, stats)


def _with_stats(result: SearchResult, stats: dict[str, Any]) -> SearchResult:
    return replace(result, stats=stats)


def uct(p: Problem, log: MctsLog, playouts: int, c: float, rng: random.Random,
        fault: str | None) -> tuple[Any, float, dict[str, Any]]:
    """The search itself: the chosen action, its value for MAX, and the root's statistics."""
    game = p.game
    me = p.player  # MAX: the player to move at the root
    draw = 0.0 if fault == "draws_lose" else 0.5
    sqrt = math.sqrt  # looked up once: UCB1 takes a root for every child at every selection

    def reward(utility: float, who: Any) -> float:
        """What a finished game with ``utility`` (for ``me``) brings ``who``."""
        if utility == 0:
            return draw
        r = 1.0 if utility > 0 else 0.0
        # The perspective bug: the result is never turned round for the opponent.
        return r if (who == me or fault == "one_side") else 1.0 - r

    def make(path: Path, state: Any, mover: Any) -> _Node:
        terminal = bool(game.is_terminal(state))
        actions = [] if terminal else list(game.actions(state))
        log.nodes += 1
        return _Node(path, state, mover, None if terminal else game.to_move(state), actions, terminal)

    def side(node: _Node) -> str:
        return MAX if node.to_move == me else MIN

    root = make(p.root, p.state, None)
    root_player = side(root)
    # Untraced, no report is made at all: building each one's details cost more than the search.
    traced = log.events is not None
    if traced: log.report("start", root.path, "mcts.tree", player=root_player, info={"playouts": playouts, "c": c})
    for k in range(playouts):
        if traced: log.report("playout", root.path, "mcts.loop", test=f"playout {k + 1} of {playouts}", info=k + 1)
        # -- SELECT: down the tree while every child has been tried ---------------
        node, path_nodes = root, [root]
        while not node.untried and not node.terminal:
            log_n = math.log(node.n)
            best, best_score, terms = None, -math.inf, []
            for i, child in node.children.items():
                q = child.w / child.n
                explore = c * sqrt(log_n / child.n)
                if traced: terms.append((i, q, explore, child.n))
                score = q + explore
                if score > best_score:
                    best, best_score = child, score
            assert best is not None
            node = best
            path_nodes.append(node)
            if traced: log.report("select", node.path, "mcts.select", player=side(node) if not node.terminal else None,
                                  v=best_score, info={"terms": tuple(terms), "n_parent": path_nodes[-2].n})
        # -- EXPAND: one untried move, chosen at random -----------------------------
        if node.untried:
            i = node.untried.pop(rng.randrange(len(node.untried)))
            child = make(node.path + (i,), game.result(node.state, node.actions[i]), node.to_move)
            node.children[i] = child
            node = child
            path_nodes.append(node)
            if traced: log.report("expand", node.path, "mcts.expand", player=side(node) if not node.terminal else None)
        # -- SIMULATE: random moves to the end ----------------------------------------
        s, moves = node.state, []
        while not game.is_terminal(s):
            a = rng.choice(list(game.actions(s)))
            if traced:
                moves.append(_name(game, s, a))
            s = game.result(s, a)
        u = game.utility(s, me)
        if traced: log.report("simulate", node.path, "mcts.simulate", value=u, info=tuple(moves))
        # -- BACK UP: each node on the path, for the player who moved into it --------------
        updates = []
        for n in path_nodes:
            n.n += 1
            if n.mover is not None:
                n.w += reward(u, n.mover)
            if traced: updates.append((n.path, n.n, n.w))
        if traced: log.report("backup", node.path, "mcts.backup", value=u, info=tuple(updates))
    # The most visited move; a tie goes to the better mean, then to the first.
    ranked = sorted(root.children.items(), key=lambda kv: (-kv[1].n, -kv[1].w / kv[1].n, kv[0]))
    index, chosen = ranked[0]
    for node in _walk(root):
        if node.children:
            i, best_child = max(node.children.items(), key=lambda kv: (kv[1].n, kv[1].w / kv[1].n, -kv[0]))
            log.best[node.path] = (i, best_child.w / best_child.n)
    q = chosen.w / chosen.n
    value = 2 * q - 1  # the chosen child's mover is MAX, so q is MAX's mean reward
    stats = {
        "playouts": playouts, "c": c, "fault": fault,
        "visits": {root.actions[i]: ch.n for i, ch in sorted(root.children.items())},
        "q": {root.actions[i]: ch.w / ch.n for i, ch in sorted(root.children.items())},
    }
    return root.actions[index], value, stats


def _walk(root: _Node) -> list[_Node]:
    out, todo = [], [root]
    while todo:
        n = todo.pop()
        out.append(n)
        todo.extend(n.children.values())
    return out


def _name(game: Any, state: Any, action: Any) -> str:
    namer: Callable[[Any, Any], str] | None = getattr(game, "move_name", None)
    return namer(state, action) if namer else str(action)


__all__ = ["mcts", "uct", "FAULTS", "MAX_PLAYOUTS", "MctsLog"]
