"""Search algorithms.  They report events to a recorder and never import a view."""

from abteach.search.alphabeta import alphabeta
from abteach.search.common import Problem, SearchResult
from abteach.search.minimax import minimax
from abteach.search.tutorial import alphabeta_tutorial

__all__ = ["alphabeta", "alphabeta_tutorial", "minimax", "Problem", "SearchResult"]
