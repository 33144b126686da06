"""The book's side of the comparison: aima3's alpha-beta on the same work.

Run with the peer venv's python (see setup_peer.sh), never the project's: it
reads a JSON request on stdin and writes JSON figures on stdout, so run.py can
drive it without either environment importing the other's packages.
"""

from __future__ import annotations

import json
import platform
import sys
from functools import partial
from importlib.metadata import version
from typing import Any, Callable

from aima3.games import Game, TicTacToe, alphabeta_search

from timing import best_of
from workloads import Nested, fingerprint, random_trees

COUNTED = ("terminal_test", "result", "utility", "actions")


class NestedTree(Game):
    """An explicit tree over the nested lists themselves: a list is an inner node, a number a leaf.

    MAX moves at the root and the players alternate.  The lists carry no turn,
    so it is looked up from a table built once here, keeping ``result`` and
    ``terminal_test`` as cheap as abteach's own ``Tree`` methods.
    """

    def __init__(self, nested: Nested) -> None:
        super().__init__()
        self.initial = nested
        self._turn: dict[int, str] = {}
        pending = [(nested, "MAX")]
        while pending:
            node, player = pending.pop()
            if isinstance(node, list):
                self._turn[id(node)] = player
                other = "MIN" if player == "MAX" else "MAX"
                pending.extend((child, other) for child in node)

    def actions(self, state: Nested) -> range:
        return range(len(state))

    def result(self, state: Nested, move: int) -> Nested:
        return state[move]

    def terminal_test(self, state: Nested) -> bool:
        return not isinstance(state, list)

    def utility(self, state: Nested, player: str) -> float:
        return state if player == "MAX" else -state

    def to_move(self, state: Nested) -> str:
        return self._turn[id(state)]


def count_calls(game: Game) -> dict[str, int]:
    """Count calls to the game's methods by shadowing them on the instance.

    alphabeta_search itself is untouched; it reaches these wrappers through the
    ordinary attribute lookup.  Only used in a separate, untimed run.
    """
    counts = dict.fromkeys(COUNTED, 0)
    for name in COUNTED:
        method = getattr(game, name)

        def wrapper(*args: Any, _name: str = name, _method: Callable[..., Any] = method) -> Any:
            counts[_name] += 1
            return _method(*args)

        setattr(game, name, wrapper)
    return counts


def measure(make_game: Callable[[], Game], repeat: int) -> dict[str, Any]:
    game = make_game()
    seconds = best_of(lambda: alphabeta_search(game.initial, game), repeat)
    counted = make_game()
    counts = count_calls(counted)
    move = alphabeta_search(counted.initial, counted)
    # alphabeta_search expands the root in its own loop without testing it, so
    # every other node is reached through exactly one call to result().
    return {"seconds": seconds, "nodes": counts["result"] + 1, "leaves": counts["utility"],
            "calls": counts, "move": move}


def main() -> None:
    request = json.load(sys.stdin)
    repeat = request["repeat"]
    trees = random_trees(tuple(request["seeds"]), request["branching"], request["depth"])
    tictactoe = measure(TicTacToe, repeat)
    per_tree = [measure(partial(NestedTree, t), repeat) for t in trees]
    out = {
        "python": platform.python_version(),
        "aima3": version("aima3"),
        "tictactoe": tictactoe,
        "trees": {
            "fingerprint": fingerprint(trees),
            "seconds": sum(r["seconds"] for r in per_tree),
            "nodes": sum(r["nodes"] for r in per_tree),
            "leaves": sum(r["leaves"] for r in per_tree),
            "per_tree_nodes": [r["nodes"] for r in per_tree],
            "calls": {name: sum(r["calls"][name] for r in per_tree) for name in COUNTED},
        },
    }
    json.dump(out, sys.stdout, default=repr)


if __name__ == "__main__":
    main()
