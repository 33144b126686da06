"""Games and trees: what is searched.  The bottom layer; it imports no other.

An explicit :class:`Tree` (a node's id is its path from the root, a tuple of
child indices), tic-tac-toe, random trees, and the textbook's example trees,
all behind the one :class:`Game` protocol.
"""

from abteach.games import examples
from abteach.games.connect4 import ConnectFour, ConnectFourBoard
from abteach.games.dice import HoldOrRoll
from abteach.games.game import Game
from abteach.games.generate import random_tree
from abteach.games.players import MAX, MIN, Player
from abteach.games.tictactoe import Board, TicTacToe
from abteach.games.trees import MAX_DEPTH, Node, Path, Tree, load_tree, tree, tree_from_json

__all__ = ["examples", "ConnectFour", "ConnectFourBoard", "HoldOrRoll", "Game", "random_tree", "MAX", "MIN", "Player", "Board",
           "TicTacToe", "MAX_DEPTH", "Node", "Path", "Tree", "load_tree", "tree", "tree_from_json"]
