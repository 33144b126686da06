"""abteach: teach and learn minimax and alpha-beta pruning.

The layers, in the order data flows::

    trees & games  ->  search  ->  trace (frames)  ->  views  ->  notebooks

>>> import abteach as ab
>>> r = ab.alphabeta(ab.tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
>>> r.value, r.move, r.pruned
(3, 0, [(1, 1), (1, 2)])
"""

from abteach import examples, fig55, mistakes
from abteach.draw import draw_frame, draw_tree
from abteach.export import frame_png, save_animation, save_frame
from abteach.fig55_view import figure_vs_algorithm
from abteach.generate import random_tree
from abteach.layout import tidy_layout, to_networkx
from abteach.stepper import static_stepper, stepper
from abteach.styles import node_styles
from abteach.tables import side_by_side, table, trace_table
from abteach.events import Bound, Event, Kind, fmt
from abteach.games import Game
from abteach.players import MAX, MIN, Player
from abteach.pseudocode import Listing, listing
from abteach.search import Problem, SearchResult, alphabeta, alphabeta_tutorial, minimax
from abteach.tictactoe import Board, TicTacToe
from abteach.trace import Frame, NodeState, Status, Trace
from abteach.trees import MAX_DEPTH, Node, Path, Tree, load_tree, tree, tree_from_json

__all__ = [
    "examples", "fig55", "mistakes", "draw_tree", "draw_frame", "node_styles", "frame_png", "save_frame",
    "save_animation", "tidy_layout", "to_networkx", "stepper", "static_stepper", "figure_vs_algorithm", "random_tree", "trace_table", "side_by_side", "table",
    "tree", "tree_from_json", "load_tree", "Tree", "Node", "Path", "MAX_DEPTH",
    "Game", "TicTacToe", "Board", "MAX", "MIN", "Player",
    "alphabeta", "alphabeta_tutorial", "minimax", "SearchResult", "Problem",
    "Trace", "Frame", "NodeState", "Status", "Event", "Kind", "Bound", "fmt",
    "listing", "Listing",
]
