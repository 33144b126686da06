"""The traced searches: each search of :mod:`abteach.search`, with the description its trace carries."""

from abteach.search import Problem, SearchResult, alphabeta, alphabeta_tutorial, minimax

__all__ = ["Problem", "SearchResult", "alphabeta", "alphabeta_tutorial", "minimax"]
