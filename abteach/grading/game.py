"""The instrumented game a submission is run on: it records what the search generates and scores.

A student's ``alpha_beta_search(game, state)`` sees only the five methods of
the book's game: ``to_move``, ``actions``, ``result``, ``is_terminal`` and
``utility(state, player)``; an ``expectimax_search`` also ``probabilities(state)``
at a state where ``to_move`` is ``'CHANCE'``.  :class:`GradingGame` answers them from an
:class:`abteach.Tree` and records, as CS188's autograder does, every state
``result`` hands out (the *generated* states, with the start) and, in order,
every leaf ``utility`` scores.  States are opaque: the student cannot read
the tree through them.

Examples
--------
>>> import abteach as ab
>>> g = GradingGame(ab.examples.FIG_5_2)
>>> s = g.initial
>>> g.actions(s), g.to_move(s)
(['a1', 'a2', 'a3'], 'MAX')
>>> b = g.result(s, 'a1')
>>> g.utility(g.result(b, 'b1'), 'MAX'), g.generated, g.scored
(3, ['B', 'b1'], ['b1'])
>>> g.calls
[('generate', (0,)), ('generate', (0, 0)), ('score', (0, 0))]
"""

from __future__ import annotations

from typing import Any

from abteach.games.kinds import CHANCE
from abteach.games.trees import Node, Path, Tree

#: Calls of ``result`` and ``utility`` kept in order per game: a correct search of a shipped example makes far
#: fewer than 100; the rest of a looping search's are counted, not kept.
CALL_LIMIT = 1000


class State:
    """A position as the student sees it: a name, and nothing to read the tree by."""

    __slots__ = ("_name", "_path")

    def __init__(self, name: str, path: Path) -> None:
        self._name = name
        self._path = path

    def __repr__(self) -> str:
        return self._name

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and other._path == self._path

    def __hash__(self) -> int:
        return hash(self._path)


def state_names(tree: Tree) -> dict[Path, str]:
    """Each node's name as the lessons give it (``A``, ``B``, ``b1`` …, or its own): unique."""
    return {node.path: tree.name(node.path) for node in tree.walk()}


class GradingGame:
    """The book's game interface over an explicit tree, recording what a search does with it.

    Attributes
    ----------
    generated : list of str
        The names of the states ``result`` returned, in order (repeats kept).
    scored : list of str
        The names of the leaves ``utility`` scored, in order (repeats kept).
    calls : list of (str, Path)
        Both, in the order they were made, as ``('generate', path)`` and
        ``('score', path)``: the first :data:`CALL_LIMIT` alone, so a search
        that loops cannot grow it without end (``made`` counts them all).
        Feedback steps through it beside the correct search's on a public tree.
    made : int
        How many calls were made, kept or not.
    """

    def __init__(self, tree: Tree, names: dict[Path, str] | None = None) -> None:
        self._tree = tree
        self._names = names if names is not None else state_names(tree)
        self.generated: list[str] = []
        self.scored: list[str] = []
        self.calls: list[tuple[str, Path]] = []
        self.made = 0

    def _state(self, node: Node) -> State:
        return State(self._names[node.path], node.path)

    def _node(self, state: Any, method: str) -> Node:
        if not isinstance(state, State) or state._path not in self._tree.nodes:
            raise TypeError(f"game.{method}() was given {state!r}, which is not a state of this game; "
                            "pass states from game.initial or game.result()")
        return self._tree.nodes[state._path]

    @property
    def initial(self) -> State:
        return self._state(self._tree.root)

    def to_move(self, state: State) -> str:
        """``'MAX'`` or ``'MIN'``: who moves in ``state``; ``'CHANCE'`` where chance picks the outcome."""
        return self._node(state, "to_move").player

    def probabilities(self, state: State) -> list[float]:
        """A chance state's outcomes' probabilities, one per action, in the order of ``actions(state)``.

        Floats, as a student's code sums them (an exact 1/3 is sent as 0.333...).
        """
        node = self._node(state, "probabilities")
        if node.kind != CHANCE:
            raise ValueError(f"game.probabilities({state!r}) was called on a state where {node.kind} moves; "
                             "only a state where game.to_move is 'CHANCE' has probabilities")
        return [float(p) for p in node.probabilities]

    def actions(self, state: State) -> list[str]:
        """The legal moves, in the order the search must try them."""
        node = self._node(state, "actions")
        return [self._tree.move_name(node, i) for i in range(len(node.children))]

    def result(self, state: State, action: Any) -> State:
        """The state ``action`` leads to; recorded as generated."""
        node = self._node(state, "result")
        moves = self.actions(state)
        if action not in moves:
            raise ValueError(f"game.result({state!r}, {action!r}): {action!r} is not one of the legal "
                             f"actions {moves}")
        child = self._state(node.children[moves.index(action)])
        self.generated.append(child._name)
        self._call("generate", child._path)
        return child

    def is_terminal(self, state: State) -> bool:
        return self._node(state, "is_terminal").is_leaf

    def utility(self, state: State, player: str) -> float:
        """The leaf's value for ``player``; recorded as scored."""
        node = self._node(state, "utility")
        if not node.is_leaf:
            raise ValueError(f"game.utility({state!r}, ...) was called on a state that is not terminal; "
                             "only terminal states have a utility")
        if player not in ("MAX", "MIN"):
            raise ValueError(f"game.utility(state, player): player must be 'MAX' or 'MIN' "
                             f"(what game.to_move returns), not {player!r}")
        self.scored.append(self._names[node.path])
        self._call("score", node.path)
        value: float = self._tree.utility(node, "MAX" if player == "MAX" else "MIN")
        return value

    def _call(self, kind: str, path: Path) -> None:
        self.made += 1
        if len(self.calls) < CALL_LIMIT:
            self.calls.append((kind, path))

    def __repr__(self) -> str:
        return f"GradingGame({len(self._tree)} states)"


__all__ = ["GradingGame", "State", "state_names", "CALL_LIMIT"]
